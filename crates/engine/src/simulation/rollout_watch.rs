//! What a trainer asks of a rollout, watched frame by frame since the DaemonSet's
//! template last changed: the most desired nodes at once without an available daemon
//! pod, the most daemon pods on one node, the most nodes running an old and a new pod.

use std::collections::BTreeMap;

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Pod;

use crate::api::template_generation_of;
use crate::controller::daemonset::{is_pod_updated, rollout_status, target_node_name, NodeShouldRun, REVISION_HASH_LABEL};
use crate::pod_readiness::{is_pod_available, is_terminal, is_terminating};
use crate::state::ClusterState;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RolloutRecord {
    pub max_unavailable_seen: u32,
    pub max_pods_per_node_seen: u32,
    pub max_surge_seen: u32,
    completion_reported: bool,
}

#[derive(Clone, Debug, Default)]
pub struct RolloutWatch {
    records: BTreeMap<String, RolloutRecord>,
}

/// Counts for one DaemonSet in one frame.
struct Snapshot {
    unavailable: u32,
    max_pods_on_a_node: u32,
    surging_nodes: u32,
}

fn owned_by(pod: &Pod, ds: &DaemonSet) -> bool {
    pod.metadata.owner_references.iter().flatten().any(|o| o.controller == Some(true) && Some(&o.uid) == ds.metadata.uid.as_ref())
}

/// The hash of the revision new pods get: the label of the newest owned revision.
fn current_hash(state: &ClusterState, ds: &DaemonSet) -> Option<String> {
    state
        .revisions
        .values()
        .filter(|r| r.metadata.owner_references.iter().flatten().any(|o| Some(&o.uid) == ds.metadata.uid.as_ref()))
        .max_by_key(|r| r.revision)
        .and_then(|r| r.metadata.labels.as_ref()?.get(REVISION_HASH_LABEL).cloned())
}

fn snapshot(state: &ClusterState, ds: &DaemonSet, now_ms: u64) -> Snapshot {
    let min_ready = ds.spec.as_ref().and_then(|s| s.min_ready_seconds).unwrap_or(0);
    let hash = current_hash(state, ds).unwrap_or_default();
    let generation = template_generation_of(ds);
    let mut by_node: BTreeMap<&str, Vec<&Pod>> = BTreeMap::new();
    for pod in state.pods.values().filter(|p| owned_by(p, ds) && !is_terminal(p)) {
        if let Some(node) = target_node_name(pod) {
            by_node.entry(node).or_default().push(pod);
        }
    }
    let mut result = Snapshot { unavailable: 0, max_pods_on_a_node: 0, surging_nodes: 0 };
    for pods in by_node.values() {
        result.max_pods_on_a_node = result.max_pods_on_a_node.max(pods.len() as u32);
        let live: Vec<_> = pods.iter().filter(|p| !is_terminating(p)).collect();
        let new = live.iter().filter(|p| is_pod_updated(p, &hash, generation)).count();
        if new > 0 && new < live.len() {
            result.surging_nodes += 1;
        }
    }
    let should_run = NodeShouldRun::for_daemonset(ds);
    for (name, node) in &state.nodes {
        if !should_run.verdict(node).should_run {
            continue;
        }
        let available = by_node
            .get(name.as_str())
            .is_some_and(|pods| pods.iter().any(|p| !is_terminating(p) && is_pod_available(p, min_ready, now_ms)));
        if !available {
            result.unavailable += 1;
        }
    }
    result
}

impl RolloutWatch {
    /// A DaemonSet was created or its template changed: a new rollout starts.
    pub fn template_changed(&mut self, ds_key: &str) {
        self.records.insert(ds_key.to_string(), RolloutRecord::default());
    }

    pub fn record(&self, ds_key: &str) -> Option<&RolloutRecord> {
        self.records.get(ds_key)
    }

    /// Folds one frame into the records; returns the DaemonSets whose rollout just
    /// completed.
    pub fn observe(&mut self, state: &ClusterState, now_ms: u64) -> Vec<String> {
        let mut completed = Vec::new();
        for (ds_key, record) in self.records.iter_mut() {
            let Some(ds) = state.daemonsets.get(ds_key) else { continue };
            let counts = snapshot(state, ds, now_ms);
            record.max_unavailable_seen = record.max_unavailable_seen.max(counts.unavailable);
            record.max_pods_per_node_seen = record.max_pods_per_node_seen.max(counts.max_pods_on_a_node);
            record.max_surge_seen = record.max_surge_seen.max(counts.surging_nodes);
            let done = matches!(rollout_status(ds), Ok((_, true)));
            if done && !record.completion_reported {
                record.completion_reported = true;
                completed.push(ds_key.clone());
            }
        }
        completed
    }
}
