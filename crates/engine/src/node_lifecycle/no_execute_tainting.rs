//! How the node lifecycle controller puts NoExecute taints on unhealthy nodes
//! (`zoneNoExecuteTainter`, `doNoExecuteTaintingPass`, `handleDisruption`): nodes
//! wait in a queue per zone and are tainted at the zone's eviction rate, 0.1 per
//! second with a burst of one. A zone where most nodes are not Ready (partial
//! disruption) stops tainting when it has 50 nodes or fewer, and when no node of any
//! zone is Ready (full disruption) the controller assumes the fault is its own:
//! it takes every NoExecute taint off and stops.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Node, Taint};

use crate::api::Api;
use super::node_condition::ready_status;
use crate::clock;

/// `--node-eviction-rate` 0.1/s: one taint every 10 s per zone.
const EVICTION_INTERVAL_MS: u64 = 10_000;
/// `--secondary-node-eviction-rate` 0.01/s, for large zones in partial disruption.
const SECONDARY_EVICTION_INTERVAL_MS: u64 = 100_000;
/// `--large-cluster-size-threshold`.
const LARGE_CLUSTER_THRESHOLD: usize = 50;
/// `--unhealthy-zone-threshold`: the share of not-Ready nodes that makes a zone
/// partially disrupted (with more than two of them).
const UNHEALTHY_ZONE_THRESHOLD: f64 = 0.55;
/// `NodeEvictionPeriod`: how often the tainting pass runs.
pub const TAINTING_PASS_MS: u64 = 100;
/// Nodes with this label are left out of the disruption count.
const EXCLUDE_DISRUPTION_LABEL: &str = "node.kubernetes.io/exclude-disruption";

pub const NOT_READY_KEY: &str = "node.kubernetes.io/not-ready";
pub const UNREACHABLE_KEY: &str = "node.kubernetes.io/unreachable";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ZoneState {
    Initial,
    Normal,
    PartialDisruption,
    FullDisruption,
}

/// One zone's rate-limited queue (`RateLimitedTimedQueue` with a token bucket).
#[derive(Clone, Debug)]
struct ZoneTainter {
    queue: Vec<String>,
    /// Milliseconds between taints; `None` when tainting is stopped.
    interval_ms: Option<u64>,
    /// When the bucket next holds a token.
    token_at_ms: u64,
    state: ZoneState,
}

impl ZoneTainter {
    fn new() -> Self {
        ZoneTainter { queue: Vec::new(), interval_ms: Some(EVICTION_INTERVAL_MS), token_at_ms: 0, state: ZoneState::Initial }
    }

    /// `SwapLimiter`: a new bucket, which starts full.
    fn swap_limiter(&mut self, interval_ms: Option<u64>) {
        self.interval_ms = interval_ms;
        self.token_at_ms = 0;
    }

    fn try_accept(&mut self, now_ms: u64) -> bool {
        match self.interval_ms {
            Some(interval) if now_ms >= self.token_at_ms => {
                self.token_at_ms = now_ms + interval;
                true
            }
            _ => false,
        }
    }

    /// `setLimiterInZone`.
    fn set_limiter(&mut self, zone_size: usize, state: ZoneState) {
        let interval = match state {
            ZoneState::PartialDisruption if zone_size > LARGE_CLUSTER_THRESHOLD => Some(SECONDARY_EVICTION_INTERVAL_MS),
            ZoneState::PartialDisruption => None,
            _ => Some(EVICTION_INTERVAL_MS),
        };
        self.swap_limiter(interval);
        self.state = state;
    }
}

/// `nodetopology.GetZoneKey`: region and zone from the topology labels.
fn zone_key(node: &Node) -> String {
    let labels = node.metadata.labels.as_ref();
    let label = |keys: [&str; 2]| {
        keys.iter().find_map(|k| labels.and_then(|l| l.get(*k)).cloned()).unwrap_or_default()
    };
    let region = label(["topology.kubernetes.io/region", "failure-domain.beta.kubernetes.io/region"]);
    let zone = label(["topology.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/zone"]);
    if region.is_empty() && zone.is_empty() {
        String::new()
    } else {
        format!("{region}:\u{0}:{zone}")
    }
}

/// `ComputeZoneState` from the Ready statuses of a zone's nodes.
fn zone_state(ready: &[bool]) -> ZoneState {
    let ready_nodes = ready.iter().filter(|r| **r).count();
    let not_ready = ready.len() - ready_nodes;
    if ready_nodes == 0 && not_ready > 0 {
        ZoneState::FullDisruption
    } else if not_ready > 2 && not_ready as f64 / ready.len() as f64 >= UNHEALTHY_ZONE_THRESHOLD {
        ZoneState::PartialDisruption
    } else {
        ZoneState::Normal
    }
}

fn no_execute(key: &str, now_ms: u64) -> Taint {
    Taint { key: key.into(), effect: "NoExecute".into(), value: None, time_added: Some(clock::timestamp(now_ms)) }
}

fn has_no_execute(node: &Node, key: &str) -> bool {
    node.spec.as_ref().and_then(|s| s.taints.as_ref()).is_some_and(|t| t.iter().any(|t| t.key == key && t.effect == "NoExecute"))
}

/// `SwapNodeControllerTaint`: adds `add` (unless there), removes `remove`.
fn swap_taints(api: &mut Api, name: &str, add: Option<&str>, remove: &[&str]) {
    let Some(mut node) = api.state.nodes.get(name).map(|n| Node::clone(n)) else { return };
    let now = api.now();
    let spec = node.spec.get_or_insert_with(Default::default);
    let mut taints = spec.taints.take().unwrap_or_default();
    taints.retain(|t| !(t.effect == "NoExecute" && remove.contains(&t.key.as_str())));
    if let Some(key) = add.filter(|k| !taints.iter().any(|t| t.key == *k && t.effect == "NoExecute")) {
        taints.push(no_execute(key, now));
    }
    spec.taints = (!taints.is_empty()).then_some(taints);
    let _ = api.update_node(node);
}

#[derive(Clone, Debug, Default)]
pub struct NoExecuteTainting {
    zones: BTreeMap<String, ZoneTainter>,
    /// When the next tainting pass is due, if one is.
    pass_due_ms: Option<u64>,
}

impl NoExecuteTainting {
    /// `processTaintBaseEviction` after the monitor looked at `name`: a not-Ready or
    /// unreachable node joins its zone's queue (or has its NoExecute taint swapped at
    /// once when it already has the other one); a Ready node loses both. Returns when
    /// a tainting pass should run, if it is not already due.
    pub fn node_observed(&mut self, api: &mut Api, name: &str) -> Option<u64> {
        let node = api.state.nodes.get(name)?.clone();
        let (wanted, other) = match ready_status(&node) {
            Some("False") => (NOT_READY_KEY, UNREACHABLE_KEY),
            Some("Unknown") => (UNREACHABLE_KEY, NOT_READY_KEY),
            _ => {
                self.mark_reachable(api, name);
                return self.pass_at(api.now());
            }
        };
        let zone = self.zones.entry(zone_key(&node)).or_insert_with(ZoneTainter::new);
        if has_no_execute(&node, other) {
            swap_taints(api, name, Some(wanted), &[other]);
        } else if !has_no_execute(&node, wanted) && !zone.queue.iter().any(|n| n == name) {
            zone.queue.push(name.to_string());
        }
        self.pass_at(api.now())
    }

    /// `markNodeAsReachable`: both NoExecute taints off, out of the queue.
    fn mark_reachable(&mut self, api: &mut Api, name: &str) {
        if let Some(node) = api.state.nodes.get(name).map(|n| Node::clone(n)) {
            if has_no_execute(&node, NOT_READY_KEY) || has_no_execute(&node, UNREACHABLE_KEY) {
                swap_taints(api, name, None, &[NOT_READY_KEY, UNREACHABLE_KEY]);
            }
        }
        for zone in self.zones.values_mut() {
            zone.queue.retain(|n| n != name);
        }
    }

    fn pass_at(&mut self, now_ms: u64) -> Option<u64> {
        let at = now_ms + TAINTING_PASS_MS;
        match self.pass_due_ms {
            Some(due) if due <= at => None,
            _ => {
                self.pass_due_ms = Some(at);
                Some(at)
            }
        }
    }

    /// The zone states brought up to date (`handleDisruption`), then each zone's
    /// queue worked off as far as its tokens go. Returns when to come back for
    /// nodes still waiting.
    pub fn pass(&mut self, api: &mut Api) -> Option<u64> {
        self.pass_due_ms = None;
        self.handle_disruption(api);
        let now = api.now();
        let mut next: Option<u64> = None;
        for zone in self.zones.values_mut() {
            while !zone.queue.is_empty() && zone.try_accept(now) {
                let name = zone.queue.remove(0);
                let Some(node) = api.state.nodes.get(&name) else { continue };
                match ready_status(node) {
                    Some("False") => swap_taints(api, &name, Some(NOT_READY_KEY), &[UNREACHABLE_KEY]),
                    Some("Unknown") => swap_taints(api, &name, Some(UNREACHABLE_KEY), &[NOT_READY_KEY]),
                    _ => {}
                }
            }
            if !zone.queue.is_empty() && zone.interval_ms.is_some() {
                next = Some(next.map_or(zone.token_at_ms, |n| n.min(zone.token_at_ms)));
            }
        }
        let next = next?;
        self.pass_due_ms = Some(next);
        Some(next)
    }

    fn handle_disruption(&mut self, api: &mut Api) {
        let mut ready_by_zone: BTreeMap<String, Vec<bool>> = BTreeMap::new();
        for node in api.state.nodes.values() {
            if node.metadata.labels.as_ref().is_some_and(|l| l.contains_key(EXCLUDE_DISRUPTION_LABEL)) {
                continue;
            }
            ready_by_zone.entry(zone_key(node)).or_default().push(ready_status(node) == Some("True"));
        }
        let new_states: BTreeMap<&String, ZoneState> = ready_by_zone.iter().map(|(zone, ready)| (zone, zone_state(ready))).collect();
        let all_are_fully = new_states.values().all(|s| *s == ZoneState::FullDisruption);
        self.zones.retain(|zone, _| ready_by_zone.contains_key(zone));
        for zone in ready_by_zone.keys() {
            self.zones.entry(zone.clone()).or_insert_with(ZoneTainter::new);
        }
        let all_were_fully = self.zones.values().all(|z| z.state == ZoneState::FullDisruption);
        if all_are_fully && all_were_fully {
            return;
        }
        if all_are_fully {
            // Every node is unreachable: more likely the controller's own network than
            // every node at once, so it evicts nothing.
            let names: Vec<String> = api.state.nodes.keys().cloned().collect();
            for name in names {
                self.mark_reachable(api, &name);
            }
            for zone in self.zones.values_mut() {
                zone.swap_limiter(None);
                zone.state = ZoneState::FullDisruption;
            }
            return;
        }
        for (zone, tainter) in self.zones.iter_mut() {
            let new_state = new_states[zone];
            if all_were_fully || tainter.state != new_state {
                tainter.set_limiter(ready_by_zone[zone].len(), new_state);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zone_states_follow_compute_zone_state() {
        assert_eq!(zone_state(&[false, false]), ZoneState::FullDisruption);
        assert_eq!(zone_state(&[true, false]), ZoneState::Normal, "one of two");
        assert_eq!(zone_state(&[true, false, false]), ZoneState::Normal, "two not Ready is never partial");
        assert_eq!(zone_state(&[true, false, false, false]), ZoneState::PartialDisruption, "3 of 4 is over 55%");
        assert_eq!(zone_state(&[true, true, false, false, false]), ZoneState::PartialDisruption, "60%");
        assert_eq!(zone_state(&[true, true, true, false, false, false]), ZoneState::Normal, "50%");
        assert_eq!(zone_state(&[]), ZoneState::Normal);
    }

    #[test]
    fn partial_disruption_stops_small_zones_and_slows_large_ones() {
        let mut zone = ZoneTainter::new();
        zone.set_limiter(50, ZoneState::PartialDisruption);
        assert!(!zone.try_accept(0));
        zone.set_limiter(51, ZoneState::PartialDisruption);
        assert!(zone.try_accept(0));
        assert!(!zone.try_accept(99_999));
        assert!(zone.try_accept(100_000));
    }

    #[test]
    fn the_bucket_holds_one_token() {
        let mut zone = ZoneTainter::new();
        assert!(zone.try_accept(5_000), "a fresh bucket is full");
        assert!(!zone.try_accept(5_000));
        assert!(zone.try_accept(15_000));
        assert!(zone.try_accept(60_000), "idle time does not save up more than one");
        assert!(!zone.try_accept(65_000));
    }
}
