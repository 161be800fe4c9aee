//! The "why / why not" panel for the selected node: for each DaemonSet, where
//! its pod stands and every rule the controller and the scheduler applied, in
//! words, each marked as allowing or blocking the pod.

use yew::prelude::*;

use super::node_actions::{DaemonPodAtEnd, NodeActionState, NodeActions};
use super::why_rules::daemonset;
use crate::cluster_view::node_actions::{cordoned, daemon_pods_on, next_node_name};
use crate::cluster_view::why::{NodeWhy, RolloutWhy};
use crate::focus::{focus_first, scroll_to_top};
use crate::session::Session;
use crate::state::{Action, Playground};

/// The control that selects `node`: its card's name, or its square in the dense view.
fn node_control(node: &str) -> String {
    format!(".node-card[data-node=\"{node}\"] .node-select, .dense-node[data-node=\"{node}\"]")
}

thread_local! {
    /// The node whose selection last gave the panel focus; `None` once none is selected.
    static FOCUSED_FOR: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

#[function_component(WhyPanel)]
pub fn why_panel() -> Html {
    let playground = use_context::<Playground>();
    use_focus_on_selection(playground.as_ref().and_then(|p| p.selected_node.clone()));
    // A node deleted from its own panel took the focused button with it.
    let node_gone = playground.as_ref().is_some_and(|p| {
        let shown = p.session.as_ref().and_then(|session| session.frame(p.cursor));
        p.selected_node.as_ref().is_some_and(|node| shown.is_some_and(|frame| !frame.state.nodes.contains_key(node)))
    });
    use_focus_when_node_gone(node_gone);
    let Some(playground) = playground else {
        return Html::default();
    };
    let lang = playground.lang;
    let text = lang.panels();
    // Until a node is selected, the cluster pane's heading says how (`SelectHint`).
    let Some(node) = playground.selected_node.clone() else {
        return Html::default();
    };
    let session = playground.session.as_ref();
    let frame = session.and_then(|session| session.frame(playground.cursor));
    let explanation = frame.as_ref().and_then(|frame| NodeWhy::of(&frame.state, &node));
    let rollouts = frame.as_ref().map(|frame| RolloutWhy::of(&frame.state, &node, frame.time_ms)).unwrap_or_default();
    drop(frame);
    let actions = session.map(|session| actions_at_end(session, &node, explanation.as_ref())).unwrap_or_default();
    // Closing gives focus back to the node's own control, where the user came from.
    let close_panel = {
        let (playground, node) = (playground.clone(), node.clone());
        Callback::from(move |()| {
            playground.dispatch(Action::SelectNode(None));
            focus_first(&node_control(&node));
        })
    };
    let onkeydown = {
        let close_panel = close_panel.clone();
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Escape" {
                event.prevent_default();
                close_panel.emit(());
            }
        })
    };
    html! {
        <section class="why-panel" aria-labelledby="why-heading" data-node={node.clone()} {onkeydown}>
            <div class="why-head">
                <h3 id="why-heading" tabindex="-1">{ (text.why_heading)(&node) }</h3>
                <button type="button" class="btn" onclick={close_panel.reform(|_: MouseEvent| ())}>{ text.close }</button>
            </div>
            // The reasons first, right under the card (on a laptop the actions pushed them
            // below the fold); then what can be done to the node. A node that is not there
            // at this frame gets no actions.
            {
                match &explanation {
                    None => html! { <p class="empty">{ text.node_gone }</p> },
                    Some(why) if why.daemonsets.is_empty() => html! { <p class="empty">{ text.no_daemonsets }</p> },
                    Some(why) => why
                        .daemonsets
                        .iter()
                        .map(|ds| {
                            let key = format!("{}/{}", ds.namespace, ds.name);
                            daemonset(ds, rollouts.iter().find(|rollout| rollout.daemonset == key), text)
                        })
                        .collect::<Html>(),
                }
            }
            if explanation.is_some() {
                <NodeActions node={node.clone()} state={actions.state}
                    pool={actions.pool} next_name={actions.next_name} daemon_pods={actions.daemon_pods} {lang} />
            }
        </section>
    }
}

/// A newly selected node gives the panel's heading focus, so a keyboard or a phone
/// user lands on the explanation; then its card, just above the panel, is scrolled to
/// the top of the view (below the sticky timeline), so both show together.
///
/// Only a new selection: the panel is built again when it moves between its card and
/// the side (scrubbing past the frame where the node joins), and must not take focus
/// from the scrubber then.
#[hook]
fn use_focus_on_selection(selected: Option<String>) {
    use_effect_with(selected, |selected| {
        let newly_selected = FOCUSED_FOR.with(|focused| focused.replace(selected.clone()) != *selected);
        if let Some(node) = selected.as_ref().filter(|_| newly_selected) {
            focus_first("#why-heading");
            scroll_to_top(&format!(".node-card[data-node=\"{node}\"]"));
        }
    });
}

/// A node deleted from its own panel took the focused button with it: the focus goes
/// to the panel's heading, not back to the top of the page.
#[hook]
fn use_focus_when_node_gone(gone: bool) {
    use_effect_with(gone, |gone| {
        let document = gloo::utils::document();
        let body = document.body().map(web_sys::Element::from);
        if *gone && document.active_element().is_none_or(|active| Some(active) == body) {
            focus_first("#why-heading");
        }
    });
}

/// What the node's actions need: they run at the end of the timeline, so they follow
/// the node there.
#[derive(Default)]
struct ActionsAtEnd {
    state: Option<NodeActionState>,
    /// A node of a scenario pool can have a sibling added; one of a manifest cannot.
    pool: Option<String>,
    next_name: String,
    daemon_pods: Vec<DaemonPodAtEnd>,
}

/// Read from the last frame's store directly: a view of every node would cost a frame
/// of a 5,000-node cluster twice.
fn actions_at_end(session: &Session, node: &str, explanation: Option<&NodeWhy>) -> ActionsAtEnd {
    let Some(last) = session.frame(session.last_frame()) else { return ActionsAtEnd::default() };
    let state = cordoned(&last.state, node).map(|cordoned| NodeActionState { cordoned, kubelet_down: session.kubelet_is_silent(node) });
    let pool = session.pools_by_node().get(node).cloned();
    let next_name = pool.as_deref().map(|pool| next_node_name(last.state.nodes.keys(), pool)).unwrap_or_default();
    // The pods the panel explains, at the frame shown: a pod the actions offer that is
    // not among them exists only later, and its button says so.
    let explained: Vec<&str> =
        explanation.iter().flat_map(|why| &why.daemonsets).flat_map(|ds| &ds.pods).map(|pod| pod.name.as_str()).collect();
    let daemon_pods = daemon_pods_on(&last.state, node)
        .into_iter()
        .map(|(namespace, name)| DaemonPodAtEnd { namespace, shown: explained.contains(&name.as_str()), name })
        .collect();
    ActionsAtEnd { state, pool, next_name, daemon_pods }
}
