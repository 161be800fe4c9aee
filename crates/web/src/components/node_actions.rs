//! Buttons for one node: each runs the matching console command through the
//! session (`Simulation::execute`), so it is a step at the end of the timeline
//! and kubectl's output shows in the console, exactly as if typed there.
//!
//! Only the actions that make sense for the node as it is where they run (the end
//! of the timeline) are offered: Node up for a node whose kubelet is silent, Node
//! down for a live one, Cordon or Uncordon, and none for a node that is gone.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::focus::bring_into_view;
use crate::i18n::{console_text, Lang};
use crate::state::{Action, Playground};
use dsplay_engine::simulation::StepOutcome;

/// What the actions depend on, at the end of the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeActionState {
    /// `spec.unschedulable`.
    pub cordoned: bool,
    /// The kubelet stopped posting status (`node down`, not yet `node up`).
    pub kubelet_down: bool,
}

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

/// `kubectl delete pod`, as a user would type it for the pod.
pub fn delete_pod_command(namespace: &str, pod: &str) -> String {
    match namespace {
        "default" => format!("kubectl delete pod {pod}"),
        namespace => format!("kubectl delete pod {pod} -n {namespace}"),
    }
}

/// The console commands behind the buttons, kept in one place so tests can read them.
pub fn node_command(action: &str, node: &str, argument: &str) -> String {
    match action {
        "cordon" => format!("kubectl cordon {node}"),
        "uncordon" => format!("kubectl uncordon {node}"),
        "drain" => format!("kubectl drain {node} --ignore-daemonsets"),
        "label" => format!("kubectl label node {node} {argument} --overwrite"),
        "taint" => format!("kubectl taint node {node} {argument}"),
        "down" => format!("node down {node}"),
        "up" => format!("node up {node}"),
        "delete" => format!("kubectl delete node {node}"),
        _ => format!("node add {argument} --pool {node}"),
    }
}

/// A word of a label or taint form that is not one of its changes (`k=v`, `k-`;
/// `k[=v]:Effect`, `k[:Effect]-`). kubectl would read it as the name of another node
/// to change, so the form refuses it before anything runs.
pub fn stray_word<'a>(action: &str, argument: &'a str) -> Option<&'a str> {
    let is_change = |word: &str| word.contains('=') || word.ends_with('-') || (action == "taint" && word.contains(':'));
    argument.split_whitespace().find(|word| !is_change(word))
}

/// The buttons offered, in order, for a node in `state` (None: the node is gone).
pub fn offered_actions(state: Option<NodeActionState>, in_a_pool: bool) -> Vec<&'static str> {
    let Some(state) = state else {
        return Vec::new();
    };
    let mut actions = vec![
        if state.cordoned { "uncordon" } else { "cordon" },
        "drain",
        if state.kubelet_down { "up" } else { "down" },
        "delete",
    ];
    if in_a_pool {
        actions.push("add");
    }
    actions
}

/// A command sent from a button or a form, waiting for its outcome in the console.
struct Sent {
    /// The action (`drain`) or the form (`label`, `taint`).
    field: &'static str,
    /// The form's input, cleared once its command ran; none for a button.
    input: Option<NodeRef>,
    /// The console's length before it ran: its outcome is the entry at this index.
    console_len: usize,
}

/// A daemon pod on the node at the end of the timeline, where actions run.
#[derive(Clone, Debug, PartialEq)]
pub struct DaemonPodAtEnd {
    pub namespace: String,
    pub name: String,
    /// Whether it is also there at the frame shown (the panel explains that frame).
    pub shown: bool,
}

/// What follows once a command's answer is drawn under the buttons.
enum AfterAnswer {
    /// A button ran it: the answer takes the focus.
    FocusIt,
    /// A form ran it: its field, still focused, is kept in sight.
    ShowField(NodeRef),
}

#[function_component(NodeActions)]
pub fn node_actions(props: &NodeActionsProps) -> Html {
    let label_input = use_node_ref();
    let taint_input = use_node_ref();
    // The refusal of each form's last command ("label", "taint"), shown under that
    // form: refusing one form's text does not take the other's explanation away.
    let refused = use_state(BTreeMap::<&'static str, String>::new);
    // What the last button's command printed (or its error), shown under the buttons:
    // its output also goes to the console, far below and often out of sight.
    let answered = use_state(|| None::<StepOutcome>);
    // A button's answer takes the focus: the button under it may now be its opposite
    // (Cordon became Uncordon), which Space, the play key, would otherwise press. A
    // form keeps the focus, and its field is kept in sight: the answer drawn above it
    // pushes it down, off a short window's edge.
    let answer_ref = use_node_ref();
    let after_answer = use_mut_ref(|| None::<AfterAnswer>);
    let sent: Rc<RefCell<Option<Sent>>> = use_mut_ref(|| None);
    let playground = use_context::<Playground>();
    {
        // When the console grows, look at the sent command's outcome: clear its input
        // only when it ran; on a refusal keep what was typed and say what is expected.
        let (playground, sent, refused, answered, after_answer) =
            (playground.clone(), sent.clone(), refused.clone(), answered.clone(), after_answer.clone());
        let revision = playground.as_ref().map(|p| p.console_revision);
        use_effect_with(revision, move |_| {
            let outcome = playground.as_ref().and_then(|playground| {
                let session = playground.session.as_ref()?;
                let sent = sent.borrow_mut().take()?;
                let entry = session.console().get(sent.console_len)?.clone();
                Some((sent, entry))
            });
            let Some((sent, entry)) = outcome else { return };
            match (sent.input, entry.error_without_help_pointer()) {
                // A button: what it printed, or its error, under the buttons.
                (None, _) => {
                    answered.set(Some(entry));
                    *after_answer.borrow_mut() = Some(AfterAnswer::FocusIt);
                }
                // A form's command ran: its answer replaces the last one under the buttons
                // (the focus stays in the field, for the next change).
                (Some(input), None) => {
                    if let Some(field) = input.cast::<HtmlInputElement>() {
                        field.set_value("");
                    }
                    let mut now = (*refused).clone();
                    now.remove(sent.field);
                    refused.set(now);
                    answered.set(Some(entry));
                    *after_answer.borrow_mut() = Some(AfterAnswer::ShowField(input));
                }
                // What is wrong, every cause of it, without kubectl's pointer to `-h`.
                // The refusal stands by its field; an older answer would read as this one's.
                (Some(_), Some(error)) => {
                    let mut now = (*refused).clone();
                    now.insert(sent.field, error);
                    refused.set(now);
                    answered.set(None);
                }
            }
        });
    }
    {
        let (answer_ref, after_answer) = (answer_ref.clone(), after_answer.clone());
        use_effect(move || {
            // Until the answer is drawn, the wish waits for the next render.
            let Some(answer) = answer_ref.cast::<web_sys::HtmlElement>() else { return };
            match after_answer.borrow_mut().take() {
                Some(AfterAnswer::FocusIt) => {
                    let _ = answer.focus();
                }
                Some(AfterAnswer::ShowField(field)) => {
                    if let Some(field) = field.cast::<web_sys::Element>() {
                        bring_into_view(&field);
                    }
                }
                None => {}
            }
        });
    }
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
    let run = |action: &'static str, command: String| {
        let (playground, sent) = (playground.clone(), sent.clone());
        Callback::from(move |_: MouseEvent| {
            let console_len = playground.session.as_ref().map_or(0, |session| session.console().len());
            *sent.borrow_mut() = Some(Sent { field: action, input: None, console_len });
            playground.dispatch(Action::Execute(command.clone()));
        })
    };
    let with_argument = |action: &'static str, input: NodeRef| {
        let (playground, node, sent, refused) = (playground.clone(), props.node.clone(), sent.clone(), refused.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            if let Some(field) = input.cast::<HtmlInputElement>() {
                let argument = field.value();
                if let Some(word) = stray_word(action, &argument) {
                    let mut now = (*refused).clone();
                    now.insert(action, format!("{word:?}"));
                    refused.set(now);
                } else if !argument.trim().is_empty() {
                    let console_len = playground.session.as_ref().map_or(0, |session| session.console().len());
                    *sent.borrow_mut() = Some(Sent { field: action, input: Some(input.clone()), console_len });
                    playground.dispatch(Action::Execute(node_command(action, &node, argument.trim())));
                }
            }
        })
    };
    let button = |action: &'static str| {
        let (label, command) = match action {
            "cordon" => (text.cordon.to_string(), node_command(action, node, "")),
            "uncordon" => (text.uncordon.to_string(), node_command(action, node, "")),
            "drain" => (text.drain.to_string(), node_command(action, node, "")),
            "down" => (text.node_down.to_string(), node_command(action, node, "")),
            "up" => (text.node_up.to_string(), node_command(action, node, "")),
            "delete" => (text.delete_node.to_string(), node_command(action, node, "")),
            _ => {
                let pool = props.pool.as_deref().unwrap_or_default();
                ((text.add_node)(pool), node_command("add", pool, &props.next_name))
            }
        };
        html! {
            <button type="button" class="btn" data-node-action={action} onclick={run(action, command)}>{ label }</button>
        }
    };
    let form = |field: &'static str, input: NodeRef, placeholder: &'static str, name: &'static str, expected: &'static str| {
        let error = refused.get(field).cloned();
        let error_id = format!("node-{field}-error");
        html! {
            <>
                <form class="node-action-form" onsubmit={with_argument(field, input.clone())}>
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

/// What a button's command printed, or its error, in the page's language where the
/// playground says it (kubectl's words stay English).
fn button_answer(outcome: &StepOutcome, lang: Lang, answer_ref: &NodeRef) -> Html {
    let (ran, printed) = match &outcome.error {
        Some(error) => (false, console_text::error(outcome, error, lang)),
        None => match console_text::answer_and_note(outcome, lang) {
            (answer, None) => (true, answer),
            (answer, Some(note)) if answer.is_empty() => (true, Cow::Owned(note)),
            (answer, Some(note)) => (true, Cow::Owned(format!("{answer}\n{note}"))),
        },
    };
    let printed_lang = matches!(printed, Cow::Borrowed(_)).then_some("en");
    html! {
        <pre class={classes!("node-action-answer", (!ran).then_some("is-error"))} lang={printed_lang} ref={answer_ref.clone()} tabindex="-1">
            { printed.into_owned() }
        </pre>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_run_kubectls_own_commands() {
        assert_eq!(delete_pod_command("default", "agent-x7k2p"), "kubectl delete pod agent-x7k2p");
        assert_eq!(delete_pod_command("kube-system", "agent-x7k2p"), "kubectl delete pod agent-x7k2p -n kube-system");
        assert_eq!(node_command("cordon", "node-02", ""), "kubectl cordon node-02");
        assert_eq!(node_command("drain", "node-02", ""), "kubectl drain node-02 --ignore-daemonsets");
        assert_eq!(node_command("label", "node-02", "disk=ssd"), "kubectl label node node-02 disk=ssd --overwrite");
        assert_eq!(node_command("taint", "node-02", "k=v:NoExecute"), "kubectl taint node node-02 k=v:NoExecute");
        assert_eq!(node_command("add", "gpu", "gpu-03"), "node add gpu-03 --pool gpu");
        assert_eq!(node_command("down", "node-01", ""), "node down node-01");
    }

    #[test]
    fn a_word_that_is_no_change_is_refused_before_it_runs() {
        assert_eq!(stray_word("label", "bad key=x"), Some("bad"));
        assert_eq!(stray_word("label", "a=1 b- c=3"), None);
        assert_eq!(stray_word("taint", "gpu:NoSchedule k=v:NoExecute dedicated-"), None);
        assert_eq!(stray_word("taint", "maintenance now:NoSchedule"), Some("maintenance"));
        assert_eq!(stray_word("label", "gpu:true"), Some("gpu:true"));
    }

    #[test]
    fn actions_follow_the_nodes_state() {
        let live = NodeActionState { cordoned: false, kubelet_down: false };
        assert_eq!(offered_actions(Some(live), true), ["cordon", "drain", "down", "delete", "add"]);
        assert_eq!(offered_actions(Some(live), false), ["cordon", "drain", "down", "delete"], "a manifest's node has no pool to add to");
        let down_and_cordoned = NodeActionState { cordoned: true, kubelet_down: true };
        assert_eq!(offered_actions(Some(down_and_cordoned), true), ["uncordon", "drain", "up", "delete", "add"]);
        assert!(offered_actions(None, true).is_empty(), "a node that is gone offers nothing");
    }


    /// The effect that keeps or clears a form's input reads the session the way the
    /// reducer leaves it: a refused label is the console entry after the ones before.
    #[test]
    fn a_refused_label_is_the_new_console_entry() {
        use crate::state::{State, EXAMPLE_SCENARIO};
        let state = std::rc::Rc::new(State::new(Lang::En, EXAMPLE_SCENARIO));
        let before = state.session.as_ref().map_or(0, |session| session.console().len());
        let state = state.reduce(Action::Execute(node_command("label", "node-01", "bad label")));
        let session = state.session.as_ref().expect("a session");
        let console = session.console();
        let outcome = console.get(before).expect("the command's outcome");
        assert_eq!(outcome.error.as_deref(), Some("error: at least one label update is required"));
        drop(console);
        let state = state.reduce(Action::Execute(node_command("label", "node-01", "disk=ssd")));
        let console = state.session.as_ref().expect("a session").console();
        assert_eq!(console.get(before + 1).map(|outcome| outcome.error.clone()), Some(None));
    }

    #[test]
    fn a_refused_form_keeps_every_cause_and_drops_the_pointer_to_help() {
        use crate::state::{State, EXAMPLE_SCENARIO};
        let state = std::rc::Rc::new(State::new(Lang::En, EXAMPLE_SCENARIO));
        let state = state.reduce(Action::Execute(node_command("label", "node-01", "=x")));
        let console = state.session.as_ref().expect("a session").console();
        let shown = console.last().and_then(StepOutcome::error_without_help_pointer).expect("the label is refused");
        assert!(shown.starts_with("The Node \"node-01\" is invalid:"), "{shown}");
        assert!(shown.contains("\n* metadata.labels: Invalid value: \"\": name part must be non-empty"), "{shown}");
    }
}
