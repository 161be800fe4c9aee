//! A terminal under the timeline: kubectl commands and simulation commands
//! (`advance 30s`, `node down node-02`) run at the end of the timeline, with
//! kubectl's own output or error, and the view jumps to what they did.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::console_input::{complete, walk_history};
use crate::state::{Action, Playground};
use dsplay_engine::kubectl::command::completions;

#[function_component(Console)]
pub fn console() -> Html {
    let input = use_node_ref();
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let strings = playground.lang.strings();
    // Position in the command history while ↑ / ↓ walk it; None while typing.
    let history_at = use_state(|| None::<usize>);
    let suggestions = use_state(Vec::<String>::new);
    let onkeydown = {
        let (playground, input, history_at, suggestions) =
            (playground.clone(), input.clone(), history_at.clone(), suggestions.clone());
        Callback::from(move |event: KeyboardEvent| {
            let Some(field) = input.cast::<HtmlInputElement>() else { return };
            let Some(session) = playground.session.as_ref() else { return };
            match event.key().as_str() {
                "ArrowUp" | "ArrowDown" => {
                    let commands: Vec<String> = session.console().iter().map(|o| o.command.clone()).collect();
                    if let Some((at, line)) = walk_history(&commands, *history_at, event.key() == "ArrowUp") {
                        event.prevent_default();
                        field.set_value(&line);
                        history_at.set(at);
                    }
                }
                // Tab completes a line being typed; on an empty line it moves focus on.
                "Tab" if !field.value().is_empty() => {
                    let Some(frame) = session.frame(playground.cursor) else { return };
                    let names = |keys: Vec<&str>| keys.into_iter().map(|k| k.rsplit('/').next().unwrap_or(k).to_string()).collect::<Vec<_>>();
                    let nodes = names(frame.state.nodes.keys().map(String::as_str).collect());
                    let pods = names(frame.state.pods.keys().map(|k| k.as_ref()).collect());
                    let daemonsets = names(frame.state.daemonsets.keys().map(String::as_str).collect());
                    let line = field.value();
                    if let Some((completed, shown)) = complete(&line, &completions(&line, &nodes, &pods, &daemonsets)) {
                        event.prevent_default();
                        field.set_value(&completed);
                        suggestions.set(shown);
                    }
                }
                _ => {
                    history_at.set(None);
                }
            }
        })
    };
    let onsubmit = {
        let (playground, input, history_at, suggestions) =
            (playground.clone(), input.clone(), history_at.clone(), suggestions.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            if let Some(field) = input.cast::<HtmlInputElement>() {
                let line = field.value();
                if !line.trim().is_empty() {
                    playground.dispatch(Action::Execute(line));
                    field.set_value("");
                    history_at.set(None);
                    suggestions.set(Vec::new());
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
                    aria-describedby="console-hint" placeholder="kubectl cordon node-02" {onkeydown} />
                <button type="submit" class="btn">{ strings.console_run }</button>
            </form>
            if !suggestions.is_empty() {
                <p class="console-suggestions" aria-live="polite">
                    { for suggestions.iter().map(|s| html! { <code>{ s.rsplit(' ').next().unwrap_or(s) }{ " " }</code> }) }
                </p>
            }
            <p id="console-hint" class="console-hint">{ strings.console_hint }</p>
            <ol class="console-log" aria-live="polite">{ for history }</ol>
        </section>
    }
}
