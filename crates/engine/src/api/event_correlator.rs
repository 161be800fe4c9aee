//! The event correlator every recorder runs on the client side (client-go's
//! `tools/record/events_cache.go`): an event repeated with the same message counts on
//! the first (`eventObserve`), and from the tenth different message about the same
//! object, type, reason and source within ten minutes, the messages are combined into
//! one event, "(combined from similar events): ...", which counts from then on
//! (`EventAggregate`). Then the spam filter (`EventSourceObjectSpamFilter`) lets 25
//! events about one object from one source through at once, and one more every five
//! minutes; one it drops is still counted, on the next one written.

use rustc_hash::FxHashMap;

/// `defaultAggregateMaxEvents`.
const MAX_SIMILAR: usize = 10;
/// `defaultAggregateIntervalInSeconds`.
const SIMILAR_WINDOW_MS: u64 = 600_000;
/// `maxLruCacheEntries`.
const CACHE_SIZE: usize = 4096;
const COMBINED_PREFIX: &str = "(combined from similar events): ";
/// `defaultSpamBurst`.
const SPAM_BURST: f64 = 25.0;
/// `defaultSpamQPS` is 1/300: one token every five minutes.
const SPAM_REFILL_MS: f64 = 300_000.0;

/// What an event is counted under: object, field path, reason, and its message (or
/// nothing, for the combined event of its kind).
pub type EventIdentity = (String, Option<String>, String, Option<String>);

/// The messages seen lately for one object, field path, type, reason and source.
#[derive(Clone, Debug, Default)]
struct Similar {
    messages: Vec<String>,
    last_ms: u64,
}

/// The spam filter's tokens for one source and object, as of `at_ms`.
#[derive(Clone, Debug)]
struct Tokens {
    available: f64,
    at_ms: u64,
}

/// Occurrences the spam filter dropped, which the cache counted all the same.
#[derive(Clone, Debug)]
struct Dropped {
    count: u32,
    first_ms: u64,
}

/// What the recorder writes of one occurrence: how many it counts (this one and those
/// dropped before it), and since when the first of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    pub count: u32,
    pub first_ms: u64,
}

#[derive(Clone, Debug, Default)]
pub struct EventCorrelator {
    similar: FxHashMap<(String, Option<String>, String, String, String), Similar>,
    /// The size past which the quiet entries are swept out.
    prune_at: usize,
    /// By source, object and the object's uid (`getSpamKey`).
    spam: FxHashMap<(String, String, Option<String>), Tokens>,
    dropped: FxHashMap<EventIdentity, Dropped>,
    /// Every event written, as upstream's unit tests' FakeRecorder has it.
    no_spam_filter: bool,
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

impl EventCorrelator {
    /// The spam filter on an occurrence correlated as `identity`: `None` when it is
    /// dropped, else what is written of it. The scheduler records through
    /// events.k8s.io, whose recorder has no such filter: `filtered` is false for it.
    pub fn spam_filter(&mut self, identity: &EventIdentity, source: &str, uid: Option<&str>, filtered: bool, now_ms: u64) -> Option<Written> {
        if filtered && !self.no_spam_filter && !self.take_token(source, &identity.0, uid, now_ms) {
            let dropped = self.dropped.entry(identity.clone()).or_insert(Dropped { count: 0, first_ms: now_ms });
            dropped.count += 1;
            return None;
        }
        let earlier = self.dropped.remove(identity);
        Some(Written { count: 1 + earlier.as_ref().map_or(0, |d| d.count), first_ms: earlier.map_or(now_ms, |d| d.first_ms) })
    }

    /// Writes every event (for the mirror of upstream's unit tests, whose recorder is fake).
    pub fn without_spam_filter(&mut self) {
        self.no_spam_filter = true;
    }

    /// The token bucket starts full and refills continuously (`TryAccept`).
    fn take_token(&mut self, source: &str, object: &str, uid: Option<&str>, now_ms: u64) -> bool {
        if self.spam.len() > CACHE_SIZE {
            // A full bucket holds nothing worth keeping: one made anew is the same.
            self.spam.retain(|_, tokens| tokens.available + now_ms.saturating_sub(tokens.at_ms) as f64 / SPAM_REFILL_MS < SPAM_BURST);
        }
        let key = (source.to_owned(), object.to_owned(), uid.map(str::to_owned));
        let tokens = self.spam.entry(key).or_insert(Tokens { available: SPAM_BURST, at_ms: now_ms });
        tokens.available = (tokens.available + now_ms.saturating_sub(tokens.at_ms) as f64 / SPAM_REFILL_MS).min(SPAM_BURST);
        tokens.at_ms = now_ms;
        if tokens.available >= 1.0 {
            tokens.available -= 1.0;
            true
        } else {
            false
        }
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
    fn the_spam_filter_lets_25_through_then_one_every_five_minutes_and_counts_the_dropped() {
        let mut correlator = EventCorrelator::default();
        let identity: EventIdentity = ("Pod/default/p".into(), None, "BackOff".into(), Some("Back-off".into()));
        let mut pass = |at: u64| correlator.spam_filter(&identity, "kubelet", Some("uid-1"), true, at);
        for n in 0..25 {
            assert!(pass(n * 1_000).is_some(), "occurrence {n} is within the burst");
        }
        assert_eq!(pass(30_000), None);
        assert_eq!(pass(60_000), None);
        // Five minutes after the burst's last token, one more: it counts the two dropped.
        assert_eq!(pass(24_000 + 300_000), Some(Written { count: 3, first_ms: 30_000 }));
        assert_eq!(pass(24_000 + 301_000), None);
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
