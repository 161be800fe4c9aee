//! The frame's events, filtered by node and by object. A node's events are what
//! `kubectl describe node` and `describe pod` of its pods list together: those
//! about the Node itself, about pods aimed at it, and those naming it (the
//! scheduler's "Successfully assigned ... to node-02").

use std::collections::BTreeSet;

use dsplay_engine::controller::daemonset::target_node_name;
use dsplay_engine::state::{ClusterState, Event, Stored};
use dsplay_model::k8s_openapi::api::core::v1::Node;
use imbl::OrdMap;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::event_list::EventList;
use crate::i18n::Lang;

/// How many of the newest matching events are listed.
const SHOWN: usize = 50;

/// Whether `event` concerns `node`: the Node itself, a pod of `state` aimed at it, or
/// a message naming it.
pub fn event_on_node(event: &Event, node: &str, state: &ClusterState) -> bool {
    let pod_node = event.object.strip_prefix("Pod/").and_then(|pod_key| state.pods.get(pod_key)).and_then(|pod| target_node_name(pod));
    event.object.strip_prefix("Node/") == Some(node)
        || pod_node == Some(node)
        || event.message.split(|c: char| c.is_whitespace() || c == ',' || c == '"').any(|word| word == node)
}

/// The frame whose events are listed. Frames are persistent snapshots, so two are the
/// same exactly when they share their maps; comparing that is what lets playback skip
/// this panel when a frame added no event.
#[derive(Clone)]
pub struct EventFrame(pub ClusterState);

impl PartialEq for EventFrame {
    fn eq(&self, other: &Self) -> bool {
        self.0.is_same_snapshot(&other.0)
    }
}

#[derive(Properties, PartialEq)]
pub struct FilteredEventsProps {
    pub frame: EventFrame,
    pub lang: Lang,
}

/// A frame's nodes, for the node filter: equal when they name the same nodes, which a
/// shared map answers at once and a changed one (a heartbeat) by comparing names,
/// without copying a thousand of them on every frame.
#[derive(Clone)]
struct NodeNames(OrdMap<String, Stored<Node>>);

impl PartialEq for NodeNames {
    fn eq(&self, other: &Self) -> bool {
        self.0.ptr_eq(&other.0) || self.0.keys().eq(other.0.keys())
    }
}

/// The node filter's options: a component of its own, so that the thousand options of
/// a large cluster are drawn again only when the nodes or the choice change.
#[derive(Properties, PartialEq)]
struct NodeOptionsProps {
    nodes: NodeNames,
    selected: String,
    all: &'static str,
}

#[function_component(NodeOptions)]
fn node_options(props: &NodeOptionsProps) -> Html {
    html! {
        <>
            <option value="" selected={props.selected.is_empty()}>{ props.all }</option>
            { for props.nodes.0.keys().map(|name| html! { <option value={name.clone()} selected={*name == props.selected}>{ name }</option> }) }
        </>
    }
}

#[function_component(FilteredEvents)]
pub fn filtered_events(props: &FilteredEventsProps) -> Html {
    let node = use_state(String::new);
    let object = use_state(String::new);
    let text = props.lang.panels();
    let state = &props.frame.0;
    let on_select = |handle: UseStateHandle<String>| {
        Callback::from(move |event: Event2| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            handle.set(select.value());
        })
    };
    // Newest first, and only as far back as the list needs: the whole history of a
    // large rollout is tens of thousands of events.
    let newest = || {
        state.events.iter().rev().map(|event| &**event).filter(|event| node.is_empty() || event_on_node(event, &node, state))
    };
    let shown: Vec<Event> = newest().filter(|event| object.is_empty() || event.object == *object).take(SHOWN).cloned().collect();
    // The objects to filter by are those of the newest events (and the chosen one):
    // a choice among thousands of pods would be no choice at all.
    let mut objects: BTreeSet<&str> = newest().take(SHOWN).map(|event| event.object.as_str()).collect();
    if !object.is_empty() {
        objects.insert(object.as_str());
    }
    let nodes = NodeNames(state.nodes.clone());
    html! {
        <EventList events={shown.clone()} lang={props.lang}>
            <form class="event-filters" onsubmit={Callback::from(|event: SubmitEvent| event.prevent_default())}>
                <label>
                    <span>{ text.filter_node }</span>
                    <select onchange={on_select(node.clone())} data-filter="node">
                        <NodeOptions {nodes} selected={(*node).clone()} all={text.filter_all} />
                    </select>
                </label>
                <label>
                    <span>{ text.filter_object }</span>
                    <select onchange={on_select(object.clone())} data-filter="object">
                        <option value="" selected={object.is_empty()}>{ text.filter_all }</option>
                        { for objects.iter().map(|name| html! { <option value={name.to_string()} selected={*name == object.as_str()}>{ *name }</option> }) }
                    </select>
                </label>
                <output class="events-shown">{ (text.events_shown)(shown.len(), state.events.len()) }</output>
            </form>
        </EventList>
    }
}

type Event2 = yew::events::Event;

#[cfg(test)]
mod tests {
    use super::*;

    fn event(object: &str, message: &str) -> Event {
        Event {
            time_ms: 0,
            first_time_ms: 0,
            event_type: "Normal".into(),
            reason: "R".into(),
            object: object.into(),
            source: "s".into(),
            message: message.into(),
            count: 1,
        }
    }

    #[test]
    fn a_nodes_events_are_its_own_its_pods_and_those_naming_it() {
        use dsplay_model::k8s_openapi::api::core::v1::{Pod, PodSpec};
        let mut state = ClusterState::default();
        let bound = Pod { spec: Some(PodSpec { node_name: Some("node-02".into()), ..Default::default() }), ..Default::default() };
        state.pods.insert("default/agent-a".into(), bound.into());
        assert!(event_on_node(&event("Node/node-02", "cordoned"), "node-02", &state));
        assert!(event_on_node(&event("Pod/default/agent-a", "Started"), "node-02", &state));
        assert!(event_on_node(&event("Pod/default/x", "Successfully assigned default/x to node-02"), "node-02", &state));
        assert!(!event_on_node(&event("Pod/default/x", "Successfully assigned default/x to node-021"), "node-02", &state));
        assert!(!event_on_node(&event("DaemonSet/default/agent", "Created pod: agent-a"), "node-01", &state));
    }
}
