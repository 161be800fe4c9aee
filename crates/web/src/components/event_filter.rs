//! The frame's events, filtered by node and by object. A node's events are what
//! `kubectl describe node` and `describe pod` of its pods list together: those
//! about the Node itself, about pods aimed at it, and those naming it (the
//! scheduler's "Successfully assigned ... to node-02").

use std::collections::{BTreeMap, BTreeSet};

use dsplay_engine::state::{ClusterState, Event};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::event_list::EventList;
use crate::cluster_view::PodView;
use crate::i18n::Lang;

/// How many of the newest matching events are listed.
const SHOWN: usize = 50;

/// Whether `event` concerns `node`; `pod_nodes` maps `Pod/ns/name` to its node.
pub fn event_on_node(event: &Event, node: &str, pod_nodes: &BTreeMap<String, String>) -> bool {
    event.object == format!("Node/{node}")
        || pod_nodes.get(&event.object).is_some_and(|n| n == node)
        || event.message.split(|c: char| c.is_whitespace() || c == ',' || c == '"').any(|word| word == node)
}

#[derive(Properties, PartialEq)]
pub struct FilteredEventsProps {
    pub events: Vec<Event>,
    /// `Pod/ns/name` -> node, for the pods of this frame.
    pub pod_nodes: BTreeMap<String, String>,
    pub nodes: Vec<String>,
    pub lang: Lang,
}

impl FilteredEventsProps {
    pub fn of(state: &ClusterState, lang: Lang) -> FilteredEventsProps {
        let pod_nodes = state
            .pods
            .iter()
            .filter_map(|(key, pod)| Some((format!("Pod/{key}"), PodView::of(pod).node?)))
            .collect();
        FilteredEventsProps {
            events: state.events.iter().rev().map(|e| Event::clone(e)).collect(),
            pod_nodes,
            nodes: state.nodes.keys().cloned().collect(),
            lang,
        }
    }
}

#[function_component(FilteredEvents)]
pub fn filtered_events(props: &FilteredEventsProps) -> Html {
    let node = use_state(String::new);
    let object = use_state(String::new);
    let text = props.lang.panels();
    let on_select = |handle: UseStateHandle<String>| {
        Callback::from(move |event: Event2| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            handle.set(select.value());
        })
    };
    let matching: Vec<&Event> = props
        .events
        .iter()
        .filter(|event| node.is_empty() || event_on_node(event, &node, &props.pod_nodes))
        .filter(|event| object.is_empty() || event.object == *object)
        .collect();
    let objects: BTreeSet<&str> = props.events.iter().map(|event| event.object.as_str()).collect();
    let shown: Vec<Event> = matching.iter().take(SHOWN).map(|event| (*event).clone()).collect();
    html! {
        <EventList events={shown.clone()} lang={props.lang}>
            <form class="event-filters" onsubmit={Callback::from(|event: SubmitEvent| event.prevent_default())}>
                <label>
                    <span>{ text.filter_node }</span>
                    <select onchange={on_select(node.clone())} data-filter="node">
                        <option value="" selected={node.is_empty()}>{ text.filter_all }</option>
                        { for props.nodes.iter().map(|name| html! { <option value={name.clone()} selected={*name == *node}>{ name }</option> }) }
                    </select>
                </label>
                <label>
                    <span>{ text.filter_object }</span>
                    <select onchange={on_select(object.clone())} data-filter="object">
                        <option value="" selected={object.is_empty()}>{ text.filter_all }</option>
                        { for objects.iter().map(|name| html! { <option value={name.to_string()} selected={*name == object.as_str()}>{ *name }</option> }) }
                    </select>
                </label>
                <output class="events-shown">{ (text.events_shown)(shown.len(), props.events.len()) }</output>
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
        let pods = BTreeMap::from([("Pod/default/agent-a".to_string(), "node-02".to_string())]);
        assert!(event_on_node(&event("Node/node-02", "cordoned"), "node-02", &pods));
        assert!(event_on_node(&event("Pod/default/agent-a", "Started"), "node-02", &pods));
        assert!(event_on_node(&event("Pod/default/x", "Successfully assigned default/x to node-02"), "node-02", &pods));
        assert!(!event_on_node(&event("Pod/default/x", "Successfully assigned default/x to node-021"), "node-02", &pods));
        assert!(!event_on_node(&event("DaemonSet/default/agent", "Created pod: agent-a"), "node-01", &pods));
    }
}
