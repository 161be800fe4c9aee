//! The `Events:` section every describer ends with (`DescribeEvents` in kubectl
//! `pkg/describe/describe.go`).

use crate::state::{ClusterState, Event, Stored};

use super::age;
use super::involved_object::InvolvedObject;
use super::table::TabWriter;

/// Events about the object, oldest last-seen first (`event.SortableEvents`).
pub fn events_for<'a>(state: &'a ClusterState, kind: &str, namespace: &str, name: &str) -> Vec<&'a Event> {
    let mut events: Vec<&Event> =
        state.events.iter().map(Stored::object).filter(|e| InvolvedObject::of(e).is(kind, namespace, name)).collect();
    events.sort_by_key(|e| e.time_ms);
    events
}

/// Writes the section; like upstream it flushes first, so the events table is aligned
/// on its own.
pub fn describe_events(w: &mut TabWriter, events: &[&Event], now_ms: u64) {
    if events.is_empty() {
        w.write("Events:\t<none>\n");
        return;
    }
    w.flush();
    w.write("Events:\n  Type\tReason\tAge\tFrom\tMessage\n");
    w.write("  ----\t------\t----\t----\t-------\n");
    for e in events {
        w.write(&format!("  {}\t{}\t{}\t{}\t{}\n", e.event_type, e.reason, event_age(e, now_ms), e.source, e.described_message()));
    }
}

/// The Age column: since the event was first seen, and for a repeated event since it
/// was last seen too, `2s (x3 over 40s)`.
pub fn event_age(e: &Event, now_ms: u64) -> String {
    let first_seen = age::since(e.first_time_ms, now_ms);
    if e.count > 1 {
        format!("{} (x{} over {})", age::since(e.time_ms, now_ms), e.count, first_seen)
    } else {
        first_seen
    }
}
