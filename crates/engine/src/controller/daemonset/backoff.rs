//! The failed-pods backoff (`flowcontrol.NewBackOff(1s, 15m)`, no jitter): deletions
//! of a node's failed daemon pod are spaced 1 s, 2 s, 4 s ... up to 15 minutes.

use std::collections::BTreeMap;

use crate::clock::{MINUTE, SECOND};

const INITIAL_MS: u64 = SECOND;
const MAX_MS: u64 = 15 * MINUTE;

#[derive(Clone, Debug, Default)]
pub struct FailedPodsBackoff {
    /// key -> (current delay, time of the last `next`)
    entries: BTreeMap<String, (u64, u64)>,
}

impl FailedPodsBackoff {
    /// `"<dsUID>/<observedGeneration>/<node>"`: a new observed generation resets it.
    pub fn key(ds_uid: &str, observed_generation: i64, node: &str) -> String {
        format!("{ds_uid}/{observed_generation}/{node}")
    }

    /// `IsInBackOffSinceUpdate`: the remaining delay, if still backing off.
    pub fn remaining(&self, key: &str, now_ms: u64) -> Option<u64> {
        let (delay, last) = *self.entries.get(key)?;
        let elapsed = now_ms.saturating_sub(last);
        (elapsed < delay).then(|| delay - elapsed)
    }

    /// `Next`: 1 s the first time (or after twice the cap of quiet), then doubling.
    pub fn next(&mut self, key: &str, now_ms: u64) -> u64 {
        let delay = match self.entries.get(key) {
            Some(&(delay, last)) if now_ms.saturating_sub(last) <= 2 * MAX_MS => (delay * 2).min(MAX_MS),
            _ => INITIAL_MS,
        };
        self.entries.insert(key.to_string(), (delay, now_ms));
        delay
    }

    pub fn delay(&self, key: &str) -> Option<u64> {
        self.entries.get(key).map(|&(delay, _)| delay)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_to_the_cap_and_resets_after_quiet() {
        let mut backoff = FailedPodsBackoff::default();
        assert_eq!(backoff.next("k", 0), SECOND);
        assert_eq!(backoff.remaining("k", 500), Some(500));
        assert_eq!(backoff.remaining("k", 1_000), None);
        assert_eq!(backoff.next("k", 1_000), 2 * SECOND);
        let mut now = 1_000;
        for _ in 0..20 {
            now += 1_000;
            backoff.next("k", now);
        }
        assert_eq!(backoff.delay("k"), Some(MAX_MS));
        assert_eq!(backoff.next("k", now + 2 * MAX_MS + 1), SECOND);
    }
}
