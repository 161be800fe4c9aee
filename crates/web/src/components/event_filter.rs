//! The frame's events, filtered by node and by object. A node's events are what
//! `kubectl describe node` and `describe pod` of its pods list together: those
//! about the Node itself and about every pod that was on it (the engine records the
//! node on each event, so a pod's events stay its node's after the pod is gone), and
//! those naming it (a DaemonSet's "Found failed daemon pod ... on node node-02").

use std::collections::BTreeMap;

use dsplay_engine::kubectl::printers::InvolvedObject;
use dsplay_engine::state::{ClusterState, Event, Stored};
use dsplay_model::k8s_openapi::api::core::v1::Node;
use imbl::{OrdMap, Vector};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::event_list::EventList;
use crate::i18n::Lang;

/// How many of the newest matching events are listed at first, and how many more
/// each "show older" adds: a large rollout records tens of thousands.
const SHOWN: usize = 50;

/// Whether `event` concerns `node`: the Node itself or a pod that was on it, as
/// recorded with the event, or, for an event recorded without a node (a DaemonSet's),
/// a message naming it.
pub fn event_on_node(event: &Event, node: &str) -> bool {
    match event.node.as_deref() {
        // An event recorded with its node belongs to that node alone; reading the
        // messages of the others would cost a scan of every event, every frame.
        Some(recorded) => recorded == node,
        None => event.message.split(|c: char| c.is_whitespace() || c == ',' || c == '"').any(|word| word == node),
    }
}

/// The newest `limit` events that concern `node` and are about `object` (either empty
/// for any), oldest first as `kubectl describe` lists them: by the time they were last
/// seen. Only as far back as the list needs is looked at.
pub fn shown_events(events: &Vector<Stored<Event>>, node: &str, object: &str, limit: usize, now_ms: u64) -> Vec<Stored<Event>> {
    let mut shown: Vec<Stored<Event>> = events
        .iter()
        .rev()
        .filter(|event| !event.is_expired(now_ms))
        .filter(|event| node.is_empty() || event_on_node(event, node))
        .filter(|event| object.is_empty() || event.object == object)
        .take(limit)
        .cloned()
        .collect();
    shown.reverse();
    // Recorded in the order first seen; a repeat moves an event later (a stable sort).
    dsplay_model::sorting::sort_by_key(&mut shown, |event| event.time_ms);
    shown
}

/// The objects to filter by, store reference to the name shown: those of the newest
/// `limit` events that concern `node`. A choice among thousands of pods would be no
/// choice at all.
pub fn object_choices(events: &Vector<Stored<Event>>, node: &str, limit: usize, now_ms: u64) -> BTreeMap<String, String> {
    events
        .iter()
        .rev()
        .filter(|event| !event.is_expired(now_ms))
        .filter(|event| node.is_empty() || event_on_node(event, node))
        .take(limit)
        .map(|event| (event.object.clone(), InvolvedObject::of(event).resource_name()))
        .collect()
}

/// The frame whose events are listed. Frames are persistent snapshots, so two have the
/// same events exactly when they share the list; comparing that is what lets playback
/// skip filtering again when a frame added no event.
#[derive(Clone)]
pub struct EventFrame(pub ClusterState);

impl PartialEq for EventFrame {
    fn eq(&self, other: &Self) -> bool {
        self.0.events.ptr_eq(&other.0.events)
    }
}

#[derive(Properties, PartialEq)]
pub struct FilteredEventsProps {
    pub frame: EventFrame,
    /// The frame's simulated time, which the events' ages are relative to.
    pub now_ms: u64,
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
    let limit = use_state(|| SHOWN);
    let text = props.lang.panels();
    let state = &props.frame.0;
    let on_select = |handle: UseStateHandle<String>| {
        Callback::from(move |event: Event2| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            handle.set(select.value());
        })
    };
    // Filtered again only when the events or the choices change, not as the frame's
    // time alone moves on (that changes only the ages).
    // Events the API server let go (an hour after their last write) leave the list as
    // the clock passes, with no new event: their number is part of the key.
    let now_ms = props.now_ms;
    let expired = state.events.iter().filter(|event| event.is_expired(now_ms)).count();
    let listed = use_memo((props.frame.clone(), (*node).clone(), (*object).clone(), *limit, expired), move |(frame, node, object, limit, _)| {
        let shown = shown_events(&frame.0.events, node, object, *limit, now_ms);
        let mut objects = object_choices(&frame.0.events, node, SHOWN, now_ms);
        if !object.is_empty() {
            objects.entry(object.clone()).or_insert_with(|| InvolvedObject::parse(object).resource_name());
        }
        (shown, objects)
    });
    let (shown, objects) = &*listed;
    let nodes = NodeNames(state.nodes.clone());
    html! {
        <EventList events={shown.clone()} now_ms={props.now_ms} lang={props.lang}>
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
                        { for objects.iter().map(|(reference, name)| html! {
                            <option value={reference.clone()} selected={*reference == *object}>{ name }</option>
                        }) }
                    </select>
                </label>
                <output class="events-shown">{ (text.events_shown)(shown.len(), state.events.len()) }</output>
                // A full list may have older events behind it.
                if shown.len() == *limit && shown.len() < state.events.len() {
                    <button type="button" class="btn" data-show-older=""
                        onclick={Callback::from(move |_: MouseEvent| limit.set(*limit + SHOWN))}>{ text.show_older_events }</button>
                }
            </form>
        </EventList>
    }
}

type Event2 = yew::events::Event;

#[cfg(test)]
mod tests {
    use super::*;

    fn event(object: &str, node: Option<&str>, message: &str, time_ms: u64) -> Stored<Event> {
        Stored::new(Event {
            time_ms,
            first_time_ms: time_ms,
            event_type: "Normal".into(),
            reason: "R".into(),
            object: object.into(),
            node: node.map(Into::into),
            uid: None,
            field_path: None,
            source: "s".into(),
            message: message.into(),
            count: 1,
        })
    }

    #[test]
    fn a_nodes_events_are_its_own_its_pods_and_those_naming_it() {
        // The pod is not in any store: what counts is the node recorded with the event.
        assert!(event_on_node(&event("Node/node-02", Some("node-02"), "Node node-02 status is now: NodeNotReady", 0), "node-02"));
        assert!(event_on_node(&event("Pod/default/agent-a", Some("node-02"), "Started container agent", 0), "node-02"));
        assert!(event_on_node(&event("Pod/default/agent-a", Some("node-02"), "Stopping container agent", 0), "node-02"));
        assert!(!event_on_node(&event("Pod/default/agent-a", Some("node-02"), "Started container agent", 0), "node-01"));
        assert!(event_on_node(
            &event("DaemonSet/default/agent", None, "Found failed daemon pod default/agent-a on node node-02, will try to kill it", 0),
            "node-02"
        ));
        assert!(!event_on_node(&event("Pod/default/x", None, "Successfully assigned default/x to node-021", 0), "node-02"));
        assert!(!event_on_node(&event("DaemonSet/default/agent", None, "Created pod: agent-a", 0), "node-01"));
    }

    #[test]
    fn the_newest_events_are_listed_oldest_first() {
        let events: Vector<Stored<Event>> = (0..10)
            .map(|i| event(&format!("Pod/default/p{i}"), Some(if i % 2 == 0 { "node-01" } else { "node-02" }), "m", i * 1_000))
            .collect();
        let times = |shown: Vec<Stored<Event>>| shown.iter().map(|e| e.time_ms).collect::<Vec<_>>();
        assert_eq!(times(shown_events(&events, "", "", 3, 0)), [7_000, 8_000, 9_000]);
        assert_eq!(times(shown_events(&events, "node-02", "", 3, 0)), [5_000, 7_000, 9_000]);
        assert_eq!(times(shown_events(&events, "node-02", "Pod/default/p3", 3, 0)), [3_000]);
        // A repeat counts at the time it was last seen, as describe sorts.
        let mut repeated = events.clone();
        if let Some(e) = repeated.get_mut(8) {
            let e = e.make_mut();
            e.count = 2;
            e.time_ms = 12_000;
        }
        assert_eq!(times(shown_events(&repeated, "", "", 3, 0)), [7_000, 9_000, 12_000]);
    }

    #[test]
    fn objects_to_choose_are_those_of_the_newest_events_by_kubectl_name() {
        let events: Vector<Stored<Event>> = [
            event("Pod/default/old", Some("node-01"), "m", 0),
            event("Node/node-01", Some("node-01"), "m", 1),
            event("Pod/default/new", Some("node-01"), "m", 2),
            event("Pod/default/other", Some("node-02"), "m", 3),
        ]
        .into_iter()
        .collect();
        let choices = object_choices(&events, "node-01", 2, 0);
        let choices: Vec<(&str, &str)> = choices.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(choices, [("Node/node-01", "node/node-01"), ("Pod/default/new", "pod/new")]);
    }

    /// Over a whole simulated rollout, a node's list holds every event of every pod
    /// that was ever on it, those long replaced included.
    #[test]
    fn a_node_keeps_the_events_of_its_replaced_pods() {
        let mut simulation = dsplay_engine::simulation::Simulation::load(crate::state::EXAMPLE_SCENARIO).expect("loads");
        simulation.run_steps();
        let state = simulation.state();
        let first = state
            .events
            .iter()
            .find(|e| e.reason == "Scheduled" && e.message.ends_with(" to gpu-01"))
            .map(|e| e.object.clone())
            .expect("a pod was scheduled to gpu-01");
        assert!(!state.pods.contains_key(first.trim_start_matches("Pod/")), "the first pod on gpu-01 was replaced");
        let reasons: Vec<String> = shown_events(&state.events, "gpu-01", &first, SHOWN, 0).iter().map(|e| e.reason.clone()).collect();
        assert_eq!(reasons, ["Scheduled", "Pulled", "Created", "Started", "Killing"]);
    }
}
