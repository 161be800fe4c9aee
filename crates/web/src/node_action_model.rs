//! The node's actions apart from their markup (`components/node_actions.rs`): the
//! console commands behind the buttons and forms, which actions a node offers, what a
//! form refuses before anything runs, and what a command's answer leads to.

use std::borrow::Cow;

use dsplay_engine::simulation::StepOutcome;

use crate::i18n::{console_text, Lang, PanelStrings};

/// What the actions depend on, at the end of the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeActionState {
    /// `spec.unschedulable`.
    pub cordoned: bool,
    /// The kubelet stopped posting status (`node down`, not yet `node up`).
    pub kubelet_down: bool,
}

/// A daemon pod on the node at the end of the timeline, where actions run.
#[derive(Clone, Debug, PartialEq)]
pub struct DaemonPodAtEnd {
    pub namespace: String,
    pub name: String,
    /// Whether it is also there at the frame shown (the panel explains that frame).
    pub shown: bool,
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

/// A button's label and the command it runs, for `action` on `node` (`add`: a node
/// named `next_name` in `pool`).
pub fn button(action: &str, text: &PanelStrings, node: &str, pool: Option<&str>, next_name: &str) -> (String, String) {
    let label = match action {
        "cordon" => text.cordon,
        "uncordon" => text.uncordon,
        "drain" => text.drain,
        "down" => text.node_down,
        "up" => text.node_up,
        "delete" => text.delete_node,
        _ => {
            let pool = pool.unwrap_or_default();
            return ((text.add_node)(pool), node_command("add", pool, next_name));
        }
    };
    (label.to_owned(), node_command(action, node, ""))
}

/// What a command's answer does to the actions shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reaction {
    /// Shown under the buttons: a button's, or a form's command that ran (the form's
    /// input is cleared, and its last refusal goes).
    Answer,
    /// A form's command was refused: what is wrong, every cause of it, without kubectl's
    /// pointer to `-h`, stands by its field; an older answer would read as this one's.
    Refused(String),
}

/// What the answer to a button's (`from_form` false) or a form's command leads to.
pub fn reaction(from_form: bool, outcome: &StepOutcome) -> Reaction {
    match outcome.error_without_help_pointer().filter(|_| from_form) {
        Some(error) => Reaction::Refused(error),
        None => Reaction::Answer,
    }
}

/// What a command printed, or its error, as shown under the buttons: whether it ran,
/// and the text, in the page's language where the playground says it (kubectl's words
/// stay English: `Borrowed`).
pub fn answer_text(outcome: &StepOutcome, lang: Lang) -> (bool, Cow<'_, str>) {
    match &outcome.error {
        Some(error) => (false, console_text::error(outcome, error, lang)),
        None => match console_text::answer_and_note(outcome, lang) {
            (answer, None) => (true, answer),
            (answer, Some(note)) if answer.is_empty() => (true, Cow::Owned(note)),
            (answer, Some(note)) => (true, Cow::Owned(format!("{answer}\n{note}"))),
        },
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


    #[test]
    fn buttons_say_their_action_in_the_pages_language() {
        let text = Lang::En.panels();
        assert_eq!(button("cordon", text, "node-02", None, ""), (text.cordon.to_owned(), "kubectl cordon node-02".to_owned()));
        let (label, command) = button("add", text, "node-02", Some("gpu"), "gpu-03");
        assert_eq!((label, command.as_str()), ((text.add_node)("gpu"), "node add gpu-03 --pool gpu"));
    }

    /// The answer to a form's command names the request that sent it: a refused label is
    /// said by its form, without kubectl's pointer to help; a label that ran is shown.
    #[test]
    fn the_answer_names_the_request_and_says_what_it_leads_to() {
        use crate::state::{Action, RequestId, State, EXAMPLE_SCENARIO};
        use yew::Reducible;
        let id = RequestId::fresh();
        let state = std::rc::Rc::new(State::new(Lang::En, EXAMPLE_SCENARIO))
            .reduce(Action::Execute("kubectl get nodes".into()))
            .reduce(Action::Request { id, line: node_command("label", "node-01", "bad label") });
        let answer = state.answer.expect("answered");
        assert_eq!((answer.id, answer.entry), (id, 1), "the entry after the console's own");
        let session = state.session.as_ref().expect("a session");
        let outcome = session.console()[answer.entry].clone();
        assert_eq!(reaction(true, &outcome), Reaction::Refused("error: at least one label update is required".into()));
        assert_eq!(reaction(false, &outcome), Reaction::Answer, "a button shows even an error under the buttons");
        assert_eq!(answer_text(&outcome, Lang::En), (false, Cow::Borrowed("error: at least one label update is required")));
        let other = RequestId::fresh();
        let state = state.reduce(Action::Request { id: other, line: node_command("label", "node-01", "disk=ssd") });
        let answer = state.answer.expect("answered");
        assert_eq!((answer.id, answer.entry), (other, 2));
        let ran = state.session.as_ref().expect("a session").console()[2].clone();
        assert_eq!(reaction(true, &ran), Reaction::Answer);
        assert_eq!(answer_text(&ran, Lang::En), (true, Cow::Borrowed("node/node-01 labeled")));
        let blank = state.clone().reduce(Action::Request { id: RequestId::fresh(), line: " ".into() });
        assert_eq!(blank.answer, state.answer, "a blank line is not answered");
    }

    #[test]
    fn a_refused_form_keeps_every_cause_and_drops_the_pointer_to_help() {
        use crate::state::{Action, State, EXAMPLE_SCENARIO};
        use yew::Reducible;
        let state = std::rc::Rc::new(State::new(Lang::En, EXAMPLE_SCENARIO));
        let state = state.reduce(Action::Execute(node_command("label", "node-01", "=x")));
        let console = state.session.as_ref().expect("a session").console();
        let Reaction::Refused(shown) = reaction(true, console.last().expect("ran")) else { panic!("the label is refused") };
        assert!(shown.starts_with("The Node \"node-01\" is invalid:"), "{shown}");
        assert!(shown.contains("\n* metadata.labels: Invalid value: \"\": name part must be non-empty"), "{shown}");
    }
}
