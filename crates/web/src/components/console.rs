//! A terminal under the timeline: kubectl commands and simulation commands
//! (`advance 30s`, `node down node-02`) run at the end of the timeline, with
//! kubectl's own output or error, and the view jumps to what they did.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::state::{Action, Playground};

#[function_component(Console)]
pub fn console() -> Html {
    let input = use_node_ref();
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let strings = playground.lang.strings();
    let onsubmit = {
        let (playground, input) = (playground.clone(), input.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            if let Some(field) = input.cast::<HtmlInputElement>() {
                let line = field.value();
                if !line.trim().is_empty() {
                    playground.dispatch(Action::Execute(line));
                    field.set_value("");
                }
            }
        })
    };
    let history = playground.session.as_ref().map(|session| {
        session
            .console()
            .iter()
            .rev()
            .take(8)
            .map(|outcome| {
                let target = outcome.last_frame;
                let onclick = {
                    let playground = playground.clone();
                    Callback::from(move |_: MouseEvent| playground.dispatch(Action::Seek(target)))
                };
                html! {
                    <li class={classes!(outcome.error.is_some().then_some("is-error"))}>
                        <button type="button" class="console-command" {onclick}>
                            <code>{ "$ " }{ &outcome.command }</code>
                        </button>
                        if let Some(error) = &outcome.error {
                            <pre class="console-error">{ error }</pre>
                        } else if !outcome.output.is_empty() {
                            <pre class="console-output">{ &outcome.output }</pre>
                        }
                    </li>
                }
            })
            .collect::<Html>()
    });
    html! {
        <section class="console" aria-labelledby="console-heading">
            <h3 id="console-heading">{ strings.console_heading }</h3>
            <form class="console-prompt" {onsubmit}>
                <span class="prompt" aria-hidden="true">{ "$" }</span>
                <input ref={input} type="text" id="console-input" spellcheck="false" autocomplete="off"
                    autocapitalize="off" aria-label={strings.console_label}
                    aria-describedby="console-hint" placeholder="kubectl cordon node-02" />
                <button type="submit" class="btn">{ strings.console_run }</button>
            </form>
            <p id="console-hint" class="console-hint">{ strings.console_hint }</p>
            <ol class="console-log" aria-live="polite">{ for history }</ol>
        </section>
    }
}
