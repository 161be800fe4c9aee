//! `kubectl get events` (`printEvent` in `pkg/printers/internalversion/printers.go`),
//! with `-o wide`'s SUBOBJECT, SOURCE, FIRST SEEN, COUNT and NAME.

use crate::kubelet;
use crate::scheduler::DEFAULT_SCHEDULER;
use crate::state::{ClusterState, Event, Stored};

use super::describe_events::{first_seen, last_seen};
use super::involved_object::InvolvedObject;
use super::no_resources_found;
use super::table::render_table;

/// Events are listed in the API server's order: by namespace, then by event name
/// (`<object name>.<hex timestamp>`), so grouped by object, oldest first within one,
/// and `agent-x7k2p.*` before `agent.*` as `-` sorts before `.`.
pub fn get_events(state: &ClusterState, namespace: Option<&str>, wide: bool, no_headers: bool, now_ms: u64) -> String {
    // With each event its place in the record, which keeps names of events recorded
    // in the same simulated millisecond apart.
    let mut events: Vec<(InvolvedObject<'_>, &Event, usize)> = state
        .events
        .iter()
        .map(Stored::object)
        .enumerate()
        .map(|(recorded, e)| (InvolvedObject::of(e), e, recorded))
        .filter(|(object, _, _)| namespace.is_none_or(|ns| object.event_namespace() == ns))
        .collect();
    if events.is_empty() {
        return no_resources_found(namespace);
    }
    events.sort_by_cached_key(|(object, e, recorded)| (object.event_namespace().to_owned(), event_name(object.name, e.first_time_ms, *recorded)));
    let mut headers = vec!["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"];
    if wide {
        headers = vec!["LAST SEEN", "TYPE", "REASON", "OBJECT", "SUBOBJECT", "SOURCE", "MESSAGE", "FIRST SEEN", "COUNT", "NAME"];
    }
    if namespace.is_none() {
        headers.insert(0, "NAMESPACE");
    }
    let rows: Vec<Vec<String>> = events
        .into_iter()
        .map(|(object, e, recorded)| {
            let mut row = vec![
                last_seen(e, now_ms),
                e.event_type.clone(),
                e.reason.clone(),
                object.resource_name(),
                e.message.trim().to_string(),
            ];
            if wide {
                let wide_cells = [e.field_path.clone().unwrap_or_default(), source(state, e)];
                row.splice(4..4, wide_cells);
                row.extend([first_seen(e, now_ms), e.count.to_string(), event_name(object.name, e.first_time_ms, recorded)]);
            }
            if namespace.is_none() {
                row.insert(0, object.event_namespace().to_string());
            }
            row
        })
        .collect();
    render_table(&headers, &rows, !no_headers)
}

/// SOURCE (`formatEventSource`): the component, and the host it ran on where the
/// recorder names one: a kubelet's node; the scheduler's instance, which the
/// events.k8s.io recorder names after its control-plane host (the first control-plane
/// node, or kind's `control-plane` in a scenario without one).
fn source(state: &ClusterState, e: &Event) -> String {
    match (&e.node, e.source.as_str()) {
        (Some(node), kubelet::SOURCE) => format!("{}, {node}", kubelet::SOURCE),
        (_, DEFAULT_SCHEDULER) => {
            let is_control_plane = |labels: Option<&std::collections::BTreeMap<String, String>>| {
                labels.is_some_and(|l| l.contains_key("node-role.kubernetes.io/control-plane"))
            };
            let host = state.nodes.values().find(|n| is_control_plane(n.metadata.labels.as_ref())).and_then(|n| n.metadata.name.clone());
            format!("default-scheduler, default-scheduler-{}", host.as_deref().unwrap_or("control-plane"))
        }
        _ => e.source.clone(),
    }
}

/// The name the event recorder gives an event: its object's name and, in hex, the
/// nanosecond it was first recorded (`makeEvent` in client-go's `tools/record`); the
/// simulated clock counts milliseconds, so the event's place in the record stands for
/// the nanoseconds within one.
pub fn event_name(object_name: &str, first_time_ms: u64, recorded: usize) -> String {
    format!("{object_name}.{:x}", crate::clock::unix_nanos(first_time_ms) + recorded as u64)
}
