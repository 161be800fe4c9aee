//! The event correlator every recorder runs on the client side (client-go's
//! `tools/record/events_cache.go`): an event repeated with the same message counts on
//! the first (`eventObserve`), and from the tenth different message about the same
//! object, type, reason and source within ten minutes, the messages are combined into
//! one event, "(combined from similar events): ...", which counts from then on
//! (`EventAggregate`). The spam filter is not modelled.

use rustc_hash::FxHashMap;

/// `defaultAggregateMaxEvents`.
const MAX_SIMILAR: usize = 10;
/// `defaultAggregateIntervalInSeconds`.
const SIMILAR_WINDOW_MS: u64 = 600_000;
/// `maxLruCacheEntries`.
const CACHE_SIZE: usize = 4096;
const COMBINED_PREFIX: &str = "(combined from similar events): ";

/// What an event is counted under: object, field path, reason, and its message (or
/// nothing, for the combined event of its kind).
pub type EventIdentity = (String, Option<String>, String, Option<String>);

/// The messages seen lately for one object, field path, type, reason and source.
#[derive(Clone, Debug, Default)]
struct Similar {
    messages: Vec<String>,
    last_ms: u64,
}

#[derive(Clone, Debug, Default)]
pub struct EventCorrelator {
    similar: FxHashMap<(String, Option<String>, String, String, String), Similar>,
    /// The size past which the quiet entries are swept out.
    prune_at: usize,
}

impl EventCorrelator {
    /// The identity an event is counted under, and the message it shows.
    pub fn correlate(
        &mut self,
        object: &str,
        field_path: Option<&str>,
        event_type: &str,
        reason: &str,
        source: &str,
        message: String,
        now_ms: u64,
    ) -> (EventIdentity, String) {
        // Upstream keeps these in an LRU cache of 4096; here the ones gone quiet for
        // longer than the window are dropped once there are more, so a long session
        // of pods that come and go does not keep them all.
        // The next look waits until the cache has doubled, so that a busy window
        // costs a sweep now and then, not one per event.
        if self.similar.len() > self.prune_at.max(CACHE_SIZE) {
            self.similar.retain(|_, similar| now_ms.saturating_sub(similar.last_ms) <= SIMILAR_WINDOW_MS);
            self.prune_at = self.similar.len() * 2;
        }
        let key = (object.to_owned(), field_path.map(str::to_owned), event_type.to_owned(), reason.to_owned(), source.to_owned());
        let similar = self.similar.entry(key).or_default();
        if now_ms.saturating_sub(similar.last_ms) > SIMILAR_WINDOW_MS {
            similar.messages.clear();
        }
        similar.last_ms = now_ms;
        if !similar.messages.contains(&message) {
            similar.messages.push(message.clone());
        }
        let identity = |message: Option<String>| (object.to_owned(), field_path.map(str::to_owned), reason.to_owned(), message);
        if similar.messages.len() < MAX_SIMILAR {
            return (identity(Some(message.clone())), message);
        }
        // The set does not grow past its limit: one message goes (upstream, any one;
        // here the oldest, so that a replay is the same).
        similar.messages.remove(0);
        (identity(None), format!("{COMBINED_PREFIX}{message}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tenth_different_message_is_combined_and_counted_from_then_on() {
        let mut correlator = EventCorrelator::default();
        let mut record = |n: usize, at: u64| correlator.correlate("DaemonSet/default/agent", None, "Normal", "SuccessfulCreate", "daemonset-controller", format!("Created pod: agent-{n}"), at);
        for n in 1..10 {
            assert_eq!(record(n, 0).1, format!("Created pod: agent-{n}"));
        }
        let (identity, message) = record(10, 0);
        assert_eq!((identity.3, message.as_str()), (None, "(combined from similar events): Created pod: agent-10"));
        assert_eq!(record(11, 0).0 .3, None);
        // A repeat of a message still in the set counts on its own event.
        assert_eq!(record(5, 0).0 .3, Some("Created pod: agent-5".into()));
        // Ten minutes later the set starts again.
        assert_eq!(record(12, 700_000).1, "Created pod: agent-12");
    }

    #[test]
    fn objects_gone_quiet_are_forgotten_once_the_cache_is_full() {
        let mut correlator = EventCorrelator::default();
        for n in 0..=CACHE_SIZE {
            correlator.correlate(&format!("Pod/default/p{n}"), None, "Normal", "Pulled", "kubelet", "pulled".into(), 0);
        }
        assert_eq!(correlator.similar.len(), CACHE_SIZE + 1);
        correlator.correlate("Pod/default/late", None, "Normal", "Pulled", "kubelet", "pulled".into(), 700_000);
        assert_eq!(correlator.similar.len(), 1);
    }
}
