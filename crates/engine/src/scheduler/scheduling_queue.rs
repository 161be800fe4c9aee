//! The scheduler's queue (`backend/queue/scheduling_queue.go`) as far as daemon pods
//! need it: the pods it could not place, waiting in `unschedulablePods` until a
//! cluster event may help a plugin that rejected them (`queueing_hints`) or the flush
//! after five minutes, and the nominator's pods by the node preemption nominated
//! them to.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::Pod;

use super::framework::priority_of;
use super::queueing_hints::{worth_requeuing, ClusterEvent};
use crate::agenda::Action;
use crate::pods_by_node::PodsByNode;
use crate::state::ClusterState;

/// `podMaxInUnschedulablePodsDuration`: a pod no cluster change has woken is tried
/// again after this long, by the flush that runs every `UNSCHEDULABLE_FLUSH_MS`.
const UNSCHEDULABLE_MAX_MS: u64 = 5 * 60 * 1000;
const UNSCHEDULABLE_FLUSH_MS: u64 = 30 * 1000;

/// A pod the scheduler could not place: since when, and which plugins said no.
#[derive(Clone, Debug)]
struct Unschedulable {
    since: u64,
    plugins: Vec<&'static str>,
}

#[derive(Clone, Debug)]
pub struct SchedulingQueue {
    unschedulable: BTreeMap<String, Unschedulable>,
    /// Pending pods by the node preemption nominated them to (the nominator).
    nominator: PodsByNode,
}

impl Default for SchedulingQueue {
    fn default() -> Self {
        SchedulingQueue { unschedulable: BTreeMap::new(), nominator: PodsByNode::nominated() }
    }
}

impl SchedulingQueue {
    pub fn pod_added(&mut self, pod: &Pod) {
        self.nominator.added(pod);
    }

    pub fn pod_updated(&mut self, old: &Pod, new: &Pod) {
        self.nominator.updated(old, new);
    }

    /// A deleted pod leaves the nominator and the unschedulable pods.
    pub fn pod_deleted(&mut self, pod: &Pod, pod_key: &str) {
        self.nominator.removed(pod);
        self.unschedulable.remove(pod_key);
    }

    /// Keys of the pods nominated to `node`, in key order.
    pub fn nominated_on(&self, node: &str) -> impl Iterator<Item = &String> {
        self.nominator.on(node)
    }

    /// The pod could not be placed at `now` (the `plugins` said no): it waits, and the
    /// flush that will try it again is due at the returned time.
    pub fn add_unschedulable(&mut self, pod_key: &str, plugins: Vec<&'static str>, now: u64) -> (u64, Action) {
        self.unschedulable.insert(pod_key.to_string(), Unschedulable { since: now, plugins });
        (unschedulable_timeout(now), Action::UnschedulableTimeout { pod: pod_key.to_string(), since: now })
    }

    /// The flush for a pod unschedulable since `since`: `true` (and the pod leaves
    /// the queue's waiting pods) unless a cluster change retried it meanwhile.
    pub fn flush(&mut self, pod_key: &str, since: u64) -> bool {
        let due = self.unschedulable.get(pod_key).is_some_and(|waiting| waiting.since == since);
        if due {
            self.unschedulable.remove(pod_key);
        }
        due
    }

    /// `MoveAllToActiveOrBackoffQueue`: the unschedulable pods that `event` may help
    /// leave the waiting pods, in the order the active queue hands them out (the
    /// PrioritySort plugin: highest priority first; equal priorities keep key order).
    pub fn move_helped_by(&mut self, state: &ClusterState, event: &ClusterEvent) -> Vec<String> {
        let helped: Vec<String> = self
            .unschedulable
            .iter()
            .filter(|(pod_key, waiting)| {
                let spec = state.pods.get(pod_key.as_str()).and_then(|p| p.spec.as_ref());
                spec.is_none_or(|spec| worth_requeuing(spec, &waiting.plugins, event))
            })
            .map(|(pod_key, _)| pod_key.clone())
            .collect();
        for pod_key in &helped {
            self.unschedulable.remove(pod_key);
        }
        let mut retries: Vec<(i32, String)> =
            helped.into_iter().map(|pod_key| (state.pods.get(pod_key.as_str()).map_or(0, |p| priority_of(p)), pod_key)).collect();
        dsplay_model::sorting::sort_by(&mut retries, |(a_priority, a_key), (b_priority, b_key)| b_priority.cmp(a_priority).then_with(|| a_key.cmp(b_key)));
        retries.into_iter().map(|(_, pod_key)| pod_key).collect()
    }
}

/// The first flush (every 30 s from the scheduler's start) at which a pod that failed at
/// `since_ms` has waited more than five minutes.
fn unschedulable_timeout(since_ms: u64) -> u64 {
    ((since_ms + UNSCHEDULABLE_MAX_MS) / UNSCHEDULABLE_FLUSH_MS + 1) * UNSCHEDULABLE_FLUSH_MS
}
