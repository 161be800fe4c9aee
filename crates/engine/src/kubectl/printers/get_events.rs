//! `kubectl get events` (`printEvent` in `pkg/printers/internalversion/printers.go`).

use crate::state::{ClusterState, Event, Stored};

use super::age;
use super::involved_object::InvolvedObject;
use super::no_resources_found;
use super::table::render_table;

/// Events are listed in the API server's order, by event name: `<object name>.<hex
/// timestamp>`, so grouped by namespace and object name, oldest first within an object.
pub fn get_events(state: &ClusterState, namespace: Option<&str>, now_ms: u64) -> String {
    let mut events: Vec<(InvolvedObject<'_>, &Event)> = state
        .events
        .iter()
        .map(Stored::object)
        .map(|e| (InvolvedObject::of(e), e))
        .filter(|(object, _)| namespace.is_none_or(|ns| object.event_namespace() == ns))
        .collect();
    if events.is_empty() {
        return no_resources_found(namespace);
    }
    events.sort_by(|(a, ea), (b, eb)| {
        (a.event_namespace(), a.name, ea.first_time_ms).cmp(&(b.event_namespace(), b.name, eb.first_time_ms))
    });
    let mut headers = vec!["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"];
    if namespace.is_none() {
        headers.insert(0, "NAMESPACE");
    }
    let rows: Vec<Vec<String>> = events
        .into_iter()
        .map(|(object, e)| {
            let mut row = vec![
                age::since(e.time_ms, now_ms),
                e.event_type.clone(),
                e.reason.clone(),
                object.resource_name(),
                e.message.trim().to_string(),
            ];
            if namespace.is_none() {
                row.insert(0, object.event_namespace().to_string());
            }
            row
        })
        .collect();
    render_table(&headers, &rows)
}
