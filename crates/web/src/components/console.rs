//! A terminal under the timeline: kubectl commands and simulation commands
//! (`advance 30s`, `node down node-02`) run at the end of the timeline, with
//! kubectl's own output or error, and the view jumps to what they did.
//!
//! It reads like a terminal: the session oldest first, the prompt at the bottom,
//! kubectl's tables in their columns (the output scrolls sideways instead of
//! wrapping). The step chips show a step's output with [`printed`] too.

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

use web_sys::{Element, HtmlInputElement};
use yew::prelude::*;

use crate::console_input::{candidates, hidden_entries, prompt_key, HistoryWalk, Prompt, PromptKey};
use crate::hooks::{card_named, NODES};
use crate::focus::{bring_into_view, focus_first, keep_one_in_sight};
use crate::i18n::{console_text, Lang};
use crate::sim_time::format_sim_time;
use crate::session::{RunOn, Session};
use crate::state::{Action, Answer, Playground, RequestId};
use dsplay_engine::kubectl::command::Command;
use dsplay_engine::simulation::StepOutcome;

/// What a command printed, as a terminal shows it: its output, or its error.
/// Nothing for a command that printed nothing. Kept in columns (`white-space: pre`):
/// put it in a [`.terminal`] scroll region.
pub fn printed(outcome: &StepOutcome, lang: Lang) -> Html {
    if let Some(error) = &outcome.error {
        let error = console_text::error(outcome, error, lang);
        let error_lang = matches!(error, Cow::Borrowed(_)).then_some("en");
        html! { <pre class="console-error" lang={error_lang}>{ error.into_owned() }</pre> }
    } else if !outcome.output.is_empty() {
        // The playground's own remarks (`# ...`) follow kubectl's answer, set apart from
        // it; what the playground itself says is in the page's language, kubectl stays English.
        let (answer, note) = console_text::answer_and_note(outcome, lang);
        let answer_lang = matches!(answer, Cow::Borrowed(_)).then_some("en");
        let note_lang = (lang == Lang::En || outcome.note.is_none()).then_some("en");
        html! {
            <>
                if !answer.is_empty() { <pre class="console-output" lang={answer_lang}>{ answer.into_owned() }</pre> }
                if let Some(note) = note { <pre class="console-note" lang={note_lang}>{ note }</pre> }
            </>
        }
    } else {
        Html::default()
    }
}

/// Whether a command printed anything [`printed`] shows.
pub fn has_printed(outcome: &StepOutcome) -> bool {
    outcome.error.is_some() || !outcome.output.is_empty()
}

/// The session, compared by identity: the log renders again only when a command
/// ran (or a new session began), not on every frame the timeline plays.
#[derive(Clone)]
struct SessionRef(Rc<Session>);

impl PartialEq for SessionRef {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

#[derive(Properties, PartialEq)]
struct LogProps {
    session: SessionRef,
    /// How many commands ran: the log's revision.
    entries: usize,
    lang: Lang,
    /// Jumps to a frame (where a command's effect ended).
    seek: Callback<usize>,
}

/// The session so far, oldest first: the last [`crate::console_input::CONSOLE_SHOWN`]
/// commands with what they printed, and how many earlier ones are left out.
#[function_component(ConsoleLog)]
fn console_log(props: &LogProps) -> Html {
    let strings = props.lang.strings();
    let hidden = hidden_entries(props.entries);
    let console = props.session.0.console();
    let entries = console.iter().enumerate().skip(hidden).map(|(index, outcome)| {
        let target = outcome.last_frame;
        let onclick = props.seek.reform(move |_: MouseEvent| target);
        // A query is answered as of the frame that was shown: say which moment.
        let answered_at = outcome.parsed.as_ref().is_some_and(Command::is_query)
            .then(|| props.session.0.frame(outcome.first_frame).map(|frame| (strings.at_time)(&format_sim_time(frame.time_ms))))
            .flatten();
        html! {
            <li key={index} class={classes!(outcome.error.is_some().then_some("is-error"))}>
                <button type="button" class="console-command" {onclick}>
                    <code>{ "$ " }{ &outcome.command }</code>
                    if let Some(moment) = answered_at {
                        <span class="console-moment">{ moment }</span>
                    }
                </button>
                { printed(outcome, props.lang) }
            </li>
        }
    });
    html! {
        <>
            if hidden > 0 {
                <p class="console-more">{ (strings.console_hidden)(hidden) }</p>
            }
            <ol class="console-log" aria-live="polite">{ for entries }</ol>
        </>
    }
}

/// Whether the console is docked: a wide window keeps it at the bottom of the cluster
/// pane while it has focus (styles.css), so the nodes above can be in sight with it.
fn docked(console: &Element) -> bool {
    let style = gloo::utils::window().get_computed_style(console).ok().flatten();
    style.and_then(|style| style.get_property_value("position").ok()).as_deref() == Some("sticky")
}

/// Focuses the prompt (the `/` key). Docked, the console is in view wherever the pane
/// stands, and the nodes are brought in sight above it if none is.
pub fn focus_prompt() {
    focus_first("#console-input");
    let console = gloo::utils::document().query_selector(".cluster-pane > .console").ok().flatten();
    if console.is_some_and(|console| docked(&console)) {
        keep_one_in_sight(&format!("{NODES}[data-node]"));
    }
}

/// After a command typed into the docked console, the card of the node it named comes
/// into sight above it (cordon, label, taint, node down…), the card's own scroll margins
/// keeping it clear of the sticky timeline and the console.
fn show_node_named(line: &str, input: &Element) {
    if !input.closest(".console").ok().flatten().is_some_and(|console| docked(&console)) {
        return;
    }
    if let Some(card) = card_named(line) {
        bring_into_view(&card);
    }
}

/// The console's typed line waiting for its answer, and the line itself.
type Sent = Rc<RefCell<Option<(RequestId, String)>>>;

/// A command ran (here, or from a node's actions): the newest is shown at the bottom.
/// The screen grew above the prompt, so a prompt with focus is brought back into view:
/// the next command is not typed blind.
#[hook]
fn use_newest_in_view(screen: NodeRef, input: NodeRef, entries: usize) {
    use_effect_with(entries, move |_| {
        if let Some(screen) = screen.cast::<Element>() {
            screen.set_scroll_top(screen.scroll_height());
            screen.set_scroll_left(0);
        }
        if let Some(input) = focused(&input) {
            bring_into_view(&input);
        }
    });
}

/// The answer to the line typed here came: where the console is docked, the node the
/// line named comes into sight too.
#[hook]
fn use_node_of_answer_in_view(answer: Option<Answer>, sent: Sent, input: NodeRef) {
    use_effect_with(answer, move |answer| {
        let line = answer.and_then(|answer| sent.borrow().clone().filter(|(id, _)| *id == answer.id));
        if let Some(((_, line), input)) = line.zip(focused(&input)) {
            show_node_named(&line, &input);
        }
    });
}

/// Tab's candidates are listed above the prompt: the prompt (and its Run button) stays
/// in view under them.
#[hook]
fn use_prompt_under_suggestions(input: NodeRef, shown: usize) {
    use_effect_with(shown, move |shown| {
        let prompt = input.cast::<Element>().filter(|_| *shown > 0).and_then(|input| input.closest(".console-prompt").ok().flatten());
        if let Some(prompt) = prompt {
            bring_into_view(&prompt);
        }
    });
}

/// The prompt, when it has the focus.
fn focused(input: &NodeRef) -> Option<Element> {
    let focused = gloo::utils::document().active_element();
    input.cast::<Element>().filter(|input| focused.as_ref() == Some(input))
}

/// ↑ / ↓, Tab and Escape in the prompt ([`prompt_key`]).
fn on_key(playground: &Playground, input: &NodeRef, walk: &Rc<RefCell<HistoryWalk>>, suggestions: &UseStateHandle<Vec<String>>) -> Callback<KeyboardEvent> {
    let (playground, input, walk, suggestions) = (playground.clone(), input.clone(), walk.clone(), suggestions.clone());
    Callback::from(move |event: KeyboardEvent| {
        if event.is_composing() {
            return;
        }
        let Some(field) = input.cast::<HtmlInputElement>() else { return };
        let Some(session) = playground.session.as_ref() else { return };
        let plain = !(event.shift_key() || event.ctrl_key() || event.alt_key() || event.meta_key());
        let (line, now) = (field.value(), walk.borrow().clone());
        let prompt = Prompt { line: &line, walk: &now, suggesting: !suggestions.is_empty() };
        let history = || session.console().iter().map(|o| o.command.clone()).collect();
        let candidates = || session.frame(playground.cursor).map(|frame| candidates(&line, &frame)).unwrap_or_default();
        match prompt_key(&event.key(), plain, prompt, history, candidates) {
            PromptKey::Ignored => {}
            PromptKey::Walked { line, walk: next } => {
                event.prevent_default();
                field.set_value(&line);
                *walk.borrow_mut() = next;
                suggestions.set(Vec::new());
            }
            PromptKey::HideSuggestions => suggestions.set(Vec::new()),
            PromptKey::Completed { line, changed, suggestions: shown } => {
                event.prevent_default();
                if changed {
                    field.set_value(&line);
                    walk.borrow_mut().typed();
                }
                suggestions.set(shown);
            }
        }
    })
}

#[function_component(Console)]
pub fn console() -> Html {
    let (input, screen) = (use_node_ref(), use_node_ref());
    let playground = use_context::<Playground>();
    // Where ↑ / ↓ stand in the history, and the half-typed line they keep. Not
    // rendered, so a RefCell: two keys in a row see each other's walk.
    let walk = use_mut_ref(HistoryWalk::default);
    let suggestions = use_state(Vec::<String>::new);
    let sent: Sent = use_mut_ref(|| None);
    let entries = playground.as_ref().and_then(|p| p.session.as_ref()).map_or(0, |session| session.console().len());
    // One callback for the log's lifetime, so the log's props stay equal while playing.
    let seek = {
        let playground = playground.clone();
        use_callback((), move |frame: usize, _| {
            if let Some(playground) = &playground {
                playground.dispatch(Action::Seek(frame));
            }
        })
    };
    use_node_of_answer_in_view(playground.as_ref().and_then(|p| p.answer), sent.clone(), input.clone());
    use_newest_in_view(screen.clone(), input.clone(), entries);
    use_prompt_under_suggestions(input.clone(), suggestions.len());
    let Some(playground) = playground else {
        return Html::default();
    };
    let strings = playground.lang.strings();
    let onkeydown = on_key(&playground, &input, &walk, &suggestions);
    // Typing ends a walk through the history (the line is the new draft) and
    // makes the shown completions stale.
    let oninput = {
        let (walk, suggestions) = (walk.clone(), suggestions.clone());
        Callback::from(move |_: InputEvent| {
            walk.borrow_mut().typed();
            if !suggestions.is_empty() {
                suggestions.set(Vec::new());
            }
        })
    };
    let onsubmit = {
        let (playground, input, suggestions) = (playground.clone(), input.clone(), suggestions.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            // With no cluster the line stays in the prompt; the screen says why.
            let running = playground.session.is_some();
            if let Some(field) = input.cast::<HtmlInputElement>().filter(|_| running) {
                let line = field.value();
                if !line.trim().is_empty() {
                    let id = RequestId::fresh();
                    *sent.borrow_mut() = Some((id, line.clone()));
                    playground.dispatch(Action::Request { id, line });
                    field.set_value("");
                    walk.borrow_mut().typed();
                    suggestions.set(Vec::new());
                }
            }
        })
    };
    let run_on_changed = {
        let playground = playground.clone();
        Callback::from(move |event: Event| {
            let checked = event.target_unchecked_into::<HtmlInputElement>().checked();
            playground.dispatch(Action::SetRunOn(if checked { RunOn::UntilQuiet } else { RunOn::No }));
        })
    };
    let log = playground.session.as_ref().map(|session| html! {
        <ConsoleLog session={SessionRef(session.clone())} {entries} lang={playground.lang} {seek} />
    });
    html! {
        <section class="console" aria-labelledby="console-heading">
            <div class="console-head">
                <h3 id="console-heading">{ strings.console_heading }</h3>
                <label class="run-on" title={strings.console_run_on_hint}>
                    <input type="checkbox" data-run-on="" checked={playground.run_on == RunOn::UntilQuiet}
                        aria-describedby="run-on-hint" onchange={run_on_changed} />
                    { strings.console_run_on }
                </label>
                <span id="run-on-hint" class="visually-hidden">{ strings.console_run_on_hint }</span>
            </div>
            // One scroll region for the whole session, both ways: a keyboard scrolls
            // it once it has focus. Always there, so its live log is announced.
            <div ref={screen} class={classes!("terminal", "console-screen", (entries == 0).then_some("is-empty"))}
                role="region" aria-label={strings.console_output}
                tabindex={(entries > 0).then_some("0")}>
                { for log }
                if playground.session.is_none() {
                    <p class="console-no-cluster">{ strings.console_no_cluster }</p>
                }
            </div>
            if !suggestions.is_empty() {
                <p class="console-suggestions" aria-live="polite">
                    { for suggestions.iter().map(|s| html! { <code>{ s.rsplit(' ').next().unwrap_or(s) }{ " " }</code> }) }
                </p>
            }
            <form class="console-prompt" {onsubmit}>
                <span class="prompt" aria-hidden="true">{ "$" }</span>
                <input ref={input} type="text" id="console-input" spellcheck="false" autocomplete="off"
                    autocapitalize="off" aria-label={strings.console_label}
                    aria-describedby="console-hint" aria-keyshortcuts="/" placeholder="kubectl cordon node-02" {onkeydown} {oninput} />
                <button type="submit" class="btn">{ strings.console_run }</button>
            </form>
            <p id="console-hint" class="console-hint">{ strings.console_hint }</p>
        </section>
    }
}
