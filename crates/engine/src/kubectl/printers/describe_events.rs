//! The `Events:` section every describer ends with (`DescribeEvents` in kubectl
//! `pkg/describe/describe.go`).

use crate::scheduler::DEFAULT_SCHEDULER;
use crate::state::{ClusterState, Event, Stored};

use super::age;
use super::involved_object::InvolvedObject;
use super::table::TabWriter;

/// Events about the object, oldest last-seen first (`event.SortableEvents`). kubectl
/// selects them by the object's uid too (`GetFieldSelector`): one of `uids`, so the
/// events of an object deleted before this one, under the same name, are not its.
pub fn events_for<'a>(state: &'a ClusterState, kind: &str, namespace: &str, name: &str, uids: &[&str], now_ms: u64) -> Vec<&'a Event> {
    let about_it = |e: &&Event| {
        !e.is_expired(now_ms) && InvolvedObject::of(e).is(kind, namespace, name) && e.uid.as_deref().is_none_or(|uid| uids.contains(&uid))
    };
    let mut events: Vec<&Event> = state.events.iter().map(Stored::object).filter(about_it).collect();
    dsplay_model::sorting::sort_by_key(&mut events, |e| e.time_ms);
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
    let first_seen = first_seen(e, now_ms);
    if e.count > 1 {
        format!("{} (x{} over {})", last_seen(e, now_ms), e.count, first_seen)
    } else {
        first_seen
    }
}

/// How long ago the event was first seen, from the stamp kubectl reads: a core/v1
/// event's `firstTimestamp` (whole seconds), or the `eventTime` (a `MicroTime`) of an
/// events.k8s.io/v1 event, which of the recorders modelled only the scheduler writes.
pub fn first_seen(e: &Event, now_ms: u64) -> String {
    age::since(stamp_as_kubectl_reads(e, e.first_time_ms), now_ms)
}

/// How long ago the event was last seen: `lastTimestamp`, or the series' `lastObservedTime`.
pub fn last_seen(e: &Event, now_ms: u64) -> String {
    age::since(stamp_as_kubectl_reads(e, e.time_ms), now_ms)
}

fn stamp_as_kubectl_reads(e: &Event, stamp_ms: u64) -> u64 {
    if e.source == DEFAULT_SCHEDULER {
        stamp_ms
    } else {
        age::whole_seconds(stamp_ms)
    }
}
