//! Buttons for one node: each runs the matching console command through the
//! session (`Simulation::execute`), so it is a step at the end of the timeline
//! and kubectl's output shows in the console, exactly as if typed there.
//!
//! Only the actions that make sense for the node as it is where they run (the end
//! of the timeline) are offered: Node up for a node whose kubelet is silent, Node
//! down for a live one, Cordon or Uncordon, and none for a node that is gone. What
//! they offer and say is `node_action_model`'s; this is its markup.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::focus::bring_into_view;
use crate::i18n::Lang;
use crate::node_action_model::{answer_text, button, delete_pod_command, node_command, offered_actions, reaction, stray_word, Reaction};
pub use crate::node_action_model::{DaemonPodAtEnd, NodeActionState};
use crate::state::{Action, Playground, RequestId};
use dsplay_engine::simulation::StepOutcome;

#[derive(Properties, PartialEq)]
pub struct NodeActionsProps {
    pub node: String,
    /// None when the node does not exist (at the frame shown, or where actions run).
    pub state: Option<NodeActionState>,
    /// The scenario pool the node was shaped from, for "add a node" (none for a node
    /// of a manifest, which offers no such action).
    pub pool: Option<String>,
    /// The name the added node gets (`<pool>-NN`).
    pub next_name: String,
    /// The node's daemon pods where actions run, `(namespace, name)`: each can be
    /// deleted (the OnDelete strategy's way to update a node).
    pub daemon_pods: Vec<DaemonPodAtEnd>,
    pub lang: Lang,
}

/// A command sent from a button or a form, waiting for the answer that names its id.
struct Sent {
    id: RequestId,
    /// The action (`drain`) or the form (`label`, `taint`).
    field: &'static str,
    /// The form's input, cleared once its command ran; none for a button.
    input: Option<NodeRef>,
}

/// What follows once a command's answer is drawn under the buttons.
enum AfterAnswer {
    /// A button ran it: the answer takes the focus.
    FocusIt,
    /// A form ran it: its field, still focused, is kept in sight.
    ShowField(NodeRef),
}

/// The refusal of each form's last command ("label", "taint"), shown under that form:
/// refusing one form's text does not take the other's explanation away.
type Refused = UseStateHandle<BTreeMap<&'static str, String>>;

fn set_refused(refused: &Refused, field: &'static str, error: Option<String>) {
    let mut now = (**refused).clone();
    match error {
        Some(error) => now.insert(field, error),
        None => now.remove(field),
    };
    refused.set(now);
}

/// When the answer to the sent command comes (the state names its id): clear the form's
/// input only when it ran; on a refusal keep what was typed and say what is expected.
#[hook]
fn use_answer(sent: Rc<RefCell<Option<Sent>>>, refused: Refused, answered: UseStateHandle<Option<StepOutcome>>, after: Rc<RefCell<Option<AfterAnswer>>>) {
    let playground = use_context::<Playground>();
    let answer = playground.as_ref().and_then(|playground| playground.answer);
    use_effect_with(answer, move |answer| {
        let Some(answer) = answer.filter(|answer| sent.borrow().as_ref().is_some_and(|sent| sent.id == answer.id)) else { return };
        let Some(sent) = sent.borrow_mut().take() else { return };
        let session = playground.as_ref().and_then(|playground| playground.session.clone());
        let Some(outcome) = session.and_then(|session| session.console().get(answer.entry).cloned()) else { return };
        match (reaction(sent.input.is_some(), &outcome), sent.input) {
            (Reaction::Refused(error), _) => {
                set_refused(&refused, sent.field, Some(error));
                answered.set(None);
            }
            (Reaction::Answer, None) => *after.borrow_mut() = Some(AfterAnswer::FocusIt),
            (Reaction::Answer, Some(input)) => {
                if let Some(field) = input.cast::<HtmlInputElement>() {
                    field.set_value("");
                }
                set_refused(&refused, sent.field, None);
                *after.borrow_mut() = Some(AfterAnswer::ShowField(input));
            }
        }
        if after.borrow().is_some() {
            answered.set(Some(outcome));
        }
    });
}

/// Once an answer is drawn: a button's takes the focus (the button under it may now be
/// its opposite, Cordon became Uncordon, which Space, the play key, would otherwise
/// press); a form keeps the focus and its field is kept in sight, pushed down by the
/// answer drawn above it.
#[hook]
fn use_after_answer(answer_ref: NodeRef, after: Rc<RefCell<Option<AfterAnswer>>>) {
    use_effect(move || {
        // Until the answer is drawn, the wish waits for the next render.
        let Some(answer) = answer_ref.cast::<web_sys::HtmlElement>() else { return };
        match after.borrow_mut().take() {
            Some(AfterAnswer::FocusIt) => drop(answer.focus()),
            Some(AfterAnswer::ShowField(field)) => {
                if let Some(field) = field.cast::<web_sys::Element>() {
                    bring_into_view(&field);
                }
            }
            None => {}
        }
    });
}

#[function_component(NodeActions)]
pub fn node_actions(props: &NodeActionsProps) -> Html {
    let (label_input, taint_input) = (use_node_ref(), use_node_ref());
    let refused: Refused = use_state(BTreeMap::new);
    // What the last button's command printed (or its error), shown under the buttons:
    // its output also goes to the console, far below and often out of sight.
    let answered = use_state(|| None::<StepOutcome>);
    let answer_ref = use_node_ref();
    let after_answer = use_mut_ref(|| None::<AfterAnswer>);
    let sent: Rc<RefCell<Option<Sent>>> = use_mut_ref(|| None);
    let playground = use_context::<Playground>();
    use_answer(sent.clone(), refused.clone(), answered.clone(), after_answer.clone());
    use_after_answer(answer_ref.clone(), after_answer);
    // Another node selected: an old refusal or answer says nothing about it.
    {
        let (refused, answered) = (refused.clone(), answered.clone());
        use_effect_with(props.node.clone(), move |_| {
            refused.set(BTreeMap::new());
            answered.set(None);
        });
    }
    let Some(playground) = playground else {
        return Html::default();
    };
    let text = props.lang.panels();
    let node = &props.node;
    let actions = offered_actions(props.state, props.pool.is_some());
    if actions.is_empty() {
        return html! { <p class="node-actions-gone empty">{ text.actions_node_gone }</p> };
    }
    let send = {
        let (playground, sent) = (playground.clone(), sent.clone());
        move |field: &'static str, input: Option<NodeRef>, line: String| {
            let id = RequestId::fresh();
            *sent.borrow_mut() = Some(Sent { id, field, input });
            playground.dispatch(Action::Request { id, line });
        }
    };
    let run = |action: &'static str, command: String| {
        let send = send.clone();
        Callback::from(move |_: MouseEvent| send(action, None, command.clone()))
    };
    let with_argument = |action: &'static str, input: NodeRef| {
        let (send, node, refused) = (send.clone(), props.node.clone(), refused.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let Some(field) = input.cast::<HtmlInputElement>() else { return };
            let argument = field.value();
            if let Some(word) = stray_word(action, &argument) {
                set_refused(&refused, action, Some(format!("{word:?}")));
            } else if !argument.trim().is_empty() {
                send(action, Some(input.clone()), node_command(action, &node, argument.trim()));
            }
        })
    };
    let button = |action: &'static str| {
        let (label, command) = button(action, text, node, props.pool.as_deref(), &props.next_name);
        html! { <button type="button" class="btn" data-node-action={action} onclick={run(action, command)}>{ label }</button> }
    };
    let form = |field: &'static str, input: NodeRef, placeholder: &'static str, name: &'static str, expected: &'static str| {
        let error = refused.get(field).cloned();
        action_form(field, input.clone(), with_argument(field, input), FormText { placeholder, name, expected }, error)
    };
    let delete_pod = |pod: &DaemonPodAtEnd| {
        let label = if pod.shown { (text.delete_pod)(&pod.name) } else { (text.delete_later_pod)(&pod.name) };
        html! {
            <button type="button" class="btn" data-node-action="delete-pod" data-pod={pod.name.clone()}
                onclick={run("delete-pod", delete_pod_command(&pod.namespace, &pod.name))}>{ label }</button>
        }
    };
    html! {
        <section class="node-actions" aria-label={(text.actions_heading)(node)}>
            <div class="node-action-buttons" role="group" aria-label={(text.actions_heading)(node)}>
                { for actions.iter().map(|action| button(action)) }
                { for props.daemon_pods.iter().map(delete_pod) }
            </div>
            // Not a live region: the console's log, which gets the same command and answer,
            // already says it (a cordon was announced twice).
            if let Some(outcome) = answered.as_ref() {
                { button_answer(outcome, props.lang, &answer_ref) }
            }
            { form("label", label_input.clone(), text.label_placeholder, text.label, text.label_expected) }
            { form("taint", taint_input.clone(), text.taint_placeholder, text.taint, text.taint_expected) }
            <p class="console-hint">{ text.actions_hint }</p>
        </section>
    }
}

/// A form's words: its field's placeholder, its name, what it expects.
struct FormText {
    placeholder: &'static str,
    name: &'static str,
    expected: &'static str,
}

/// The label or taint form, with its last refusal under it.
fn action_form(field: &'static str, input: NodeRef, onsubmit: Callback<SubmitEvent>, text: FormText, error: Option<String>) -> Html {
    let FormText { placeholder, name, expected } = text;
    let error_id = format!("node-{field}-error");
    html! {
        <>
            <form class="node-action-form" {onsubmit}>
                <input ref={input} type="text" spellcheck="false" autocomplete="off" {placeholder}
                    aria-label={name} data-node-input={field} aria-invalid={error.is_some().to_string()}
                    aria-describedby={error.is_some().then(|| error_id.clone())} />
                <button type="submit" class="btn">{ name }</button>
            </form>
            if let Some(error) = error {
                <p class="node-action-error" id={error_id} role="alert" data-node-error={field}>
                    <code>{ error }</code>
                    <span class="node-action-expected">{ expected }</span>
                </p>
            }
        </>
    }
}

/// What a button's command printed, or its error (see [`answer_text`]).
fn button_answer(outcome: &StepOutcome, lang: Lang, answer_ref: &NodeRef) -> Html {
    let (ran, printed) = answer_text(outcome, lang);
    let printed_lang = matches!(printed, Cow::Borrowed(_)).then_some("en");
    html! {
        <pre class={classes!("node-action-answer", (!ran).then_some("is-error"))} lang={printed_lang} ref={answer_ref.clone()} tabindex="-1">
            { printed.into_owned() }
        </pre>
    }
}
