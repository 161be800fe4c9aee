//! What a trainer asks of a rollout, watched frame by frame since the DaemonSet's
//! template last changed: the most desired nodes at once without an available daemon
//! pod, the most daemon pods on one node, the most nodes running an old and a new pod.
//!
//! The counts are kept up to date from what changed since the previous frame (frames
//! are persistent maps, and `OrdMap::diff` skips the subtrees two frames share), so
//! watching a rollout costs what changed in each frame, not the size of the cluster.

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap;

use imbl::ordmap::DiffItem;
use imbl::OrdMap;
use k8s_openapi::api::apps::v1::{ControllerRevision, DaemonSet};
use k8s_openapi::api::core::v1::{Node, Pod};

use crate::clock;
use crate::controller::daemonset::util::template_generation;
use crate::controller::daemonset::{
    is_owned_by, is_pod_updated, rollout_status, same_but_status, target_node_name, NodeShouldRun, REVISION_HASH_LABEL,
};
use crate::pod_readiness::{is_pod_available, is_terminal, is_terminating, ready_condition};
use crate::state::{ClusterState, ObjectKey, Stored};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RolloutRecord {
    pub max_unavailable_seen: u32,
    pub max_pods_per_node_seen: u32,
    pub max_surge_seen: u32,
    /// Syncs in which rollingUpdate replaced pods.
    pub batches: u32,
    completion_reported: bool,
}

/// One DaemonSet in one frame, counted from its pods (not its status, which lags).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameAvailability {
    pub unavailable: u32,
    pub desired: u32,
}

impl FrameAvailability {
    pub fn available(&self) -> u32 {
        self.desired.saturating_sub(self.unavailable)
    }
}

#[derive(Clone, Debug, Default)]
pub struct RolloutWatch {
    records: BTreeMap<String, RolloutRecord>,
    /// Per DaemonSet key, the counts as of the last observed frame.
    counts: FxHashMap<String, FrameCounts>,
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

/// What one node shows in one frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct NodeCounts {
    /// Daemon pods aimed at the node that are not terminal.
    pods: u32,
    /// A live new pod beside a live old one.
    surging: bool,
    /// The node should run the pod and has no live available one.
    unavailable: bool,
    /// Unavailable only until a Ready pod has been Ready for minReadySeconds: the
    /// node is looked at again in every frame.
    volatile: bool,
}

/// One DaemonSet's counts in the last observed frame, with what keeps them current.
#[derive(Clone, Debug)]
struct FrameCounts {
    /// The newest DaemonSet version the counts describe (status writes keep them valid).
    daemonset: Stored<DaemonSet>,
    /// The hash of its current revision.
    hash: String,
    evaluator: NodeShouldRun,
    min_ready: i32,
    generation: Option<i64>,
    /// The revisions the hash was read from.
    revisions: OrdMap<String, Stored<ControllerRevision>>,
    seen_nodes: OrdMap<String, Stored<Node>>,
    seen_pods: OrdMap<ObjectKey, Stored<Pod>>,
    last_now: u64,
    pod_nodes: FxHashMap<ObjectKey, String>,
    node_pods: FxHashMap<String, BTreeSet<ObjectKey>>,
    should_run: FxHashMap<String, bool>,
    nodes: FxHashMap<String, NodeCounts>,
    volatile: BTreeSet<String>,
    /// How many nodes carry each number of pods (the largest is the one asked for).
    pods_per_node: BTreeMap<u32, usize>,
    unavailable: u32,
    surging_nodes: u32,
    /// Nodes that should run the DaemonSet's pod.
    desired: u32,
}

impl FrameCounts {
    fn new(ds: &Stored<DaemonSet>, hash: String) -> Self {
        FrameCounts {
            daemonset: ds.clone(),
            hash,
            evaluator: NodeShouldRun::for_daemonset(ds),
            min_ready: ds.spec.as_ref().and_then(|s| s.min_ready_seconds).unwrap_or(0),
            generation: template_generation(ds),
            revisions: OrdMap::new(),
            seen_nodes: OrdMap::new(),
            seen_pods: OrdMap::new(),
            last_now: 0,
            pod_nodes: FxHashMap::default(),
            node_pods: FxHashMap::default(),
            should_run: FxHashMap::default(),
            nodes: FxHashMap::default(),
            volatile: BTreeSet::new(),
            pods_per_node: BTreeMap::new(),
            unavailable: 0,
            surging_nodes: 0,
            desired: 0,
        }
    }

    /// The counts for `ds` in `state`, carrying on from `previous` while it is for the
    /// same DaemonSet and hash (and the clock has not gone back), else from scratch.
    fn brought_up_to_date(previous: Option<FrameCounts>, state: &ClusterState, ds: &Stored<DaemonSet>, now_ms: u64) -> FrameCounts {
        let previous = previous.filter(|p| p.last_now <= now_ms);
        let hash = match &previous {
            Some(p) if p.revisions.ptr_eq(&state.revisions) => p.hash.clone(),
            _ => current_hash(state, ds).unwrap_or_default(),
        };
        let mut counts = match previous {
            Some(p) if p.hash == hash && same_but_status(&p.daemonset, ds) => p,
            _ => FrameCounts::new(ds, hash),
        };
        // The newest version it describes: the next frame then usually compares pointers.
        counts.daemonset = ds.clone();
        counts.revisions = state.revisions.clone();
        counts.observe(state, ds, now_ms);
        counts
    }

    fn observe(&mut self, state: &ClusterState, ds: &DaemonSet, now_ms: u64) {
        let mut dirty: BTreeSet<String> = std::mem::take(&mut self.volatile);
        for item in self.seen_pods.diff(&state.pods) {
            let (pod_key, new) = match item {
                DiffItem::Add(k, v) | DiffItem::Update { new: (k, v), .. } => (k, Some(v)),
                DiffItem::Remove(k, _) => (k, None),
            };
            if let Some(old_node) = self.pod_nodes.remove(pod_key) {
                if let Some(keys) = self.node_pods.get_mut(&old_node) {
                    keys.remove(pod_key);
                }
                dirty.insert(old_node);
            }
            let member = new.filter(|p| is_owned_by(p, ds) && !is_terminal(p));
            if let Some(node) = member.and_then(|p| target_node_name(p)) {
                self.node_pods.entry(node.to_string()).or_default().insert(pod_key.clone());
                self.pod_nodes.insert(pod_key.clone(), node.to_string());
                dirty.insert(node.to_string());
            }
        }
        for item in self.seen_nodes.diff(&state.nodes) {
            let name = match item {
                DiffItem::Add(k, _) | DiffItem::Remove(k, _) | DiffItem::Update { new: (k, _), .. } => k,
            };
            let was = match state.nodes.get(name) {
                Some(node) => self.should_run.insert(name.clone(), self.evaluator.verdict(node).should_run),
                None => self.should_run.remove(name),
            };
            let now = self.should_run.get(name).copied();
            self.desired = self.desired + u32::from(now == Some(true)) - u32::from(was == Some(true));
            dirty.insert(name.clone());
        }
        for node in dirty {
            let counts = self.node_counts(state, &node, now_ms);
            let old = self.nodes.remove(&node).unwrap_or_default();
            self.apply(&old, -1);
            self.apply(&counts, 1);
            if counts.volatile {
                self.volatile.insert(node.clone());
            }
            if counts != NodeCounts::default() {
                self.nodes.insert(node, counts);
            }
        }
        self.seen_nodes = state.nodes.clone();
        self.seen_pods = state.pods.clone();
        self.last_now = now_ms;
    }

    fn node_counts(&self, state: &ClusterState, node: &str, now_ms: u64) -> NodeCounts {
        let hash = &self.hash;
        let pods: Vec<&Pod> = self.node_pods.get(node).into_iter().flatten().filter_map(|k| state.pods.get(k.as_ref()).map(|p| p.as_ref())).collect();
        let live: Vec<&Pod> = pods.iter().copied().filter(|p| !is_terminating(p)).collect();
        let new = live.iter().filter(|p| is_pod_updated(p, hash, self.generation)).count();
        let should_run = self.should_run.get(node).copied().unwrap_or(false);
        let available = live.iter().any(|p| is_pod_available(p, self.min_ready, now_ms));
        let ready_later = |p: &&Pod| {
            let since = ready_condition(p).filter(|c| c.status == "True").and_then(|c| c.last_transition_time.as_ref());
            self.min_ready > 0 && since.is_some_and(|t| clock::millis(t) + self.min_ready as u64 * clock::SECOND > now_ms)
        };
        NodeCounts {
            pods: pods.len() as u32,
            surging: new > 0 && new < live.len(),
            unavailable: should_run && !available,
            volatile: should_run && !available && live.iter().any(ready_later),
        }
    }

    /// Adds (`sign` 1) or takes away (`sign` -1) one node's counts.
    fn apply(&mut self, counts: &NodeCounts, sign: i32) {
        let step = |total: &mut u32, on: bool| {
            if on {
                *total = if sign > 0 { *total + 1 } else { total.saturating_sub(1) };
            }
        };
        step(&mut self.unavailable, counts.unavailable);
        step(&mut self.surging_nodes, counts.surging);
        if counts.pods > 0 {
            let nodes = self.pods_per_node.entry(counts.pods).or_default();
            if sign > 0 {
                *nodes += 1;
            } else {
                *nodes = nodes.saturating_sub(1);
                if *nodes == 0 {
                    self.pods_per_node.remove(&counts.pods);
                }
            }
        }
    }

    fn max_pods_on_a_node(&self) -> u32 {
        self.pods_per_node.keys().next_back().copied().unwrap_or(0)
    }
}

impl RolloutWatch {
    /// A DaemonSet was created or its template changed: a new rollout starts.
    pub fn template_changed(&mut self, ds_key: &str) {
        self.records.insert(ds_key.to_string(), RolloutRecord::default());
    }

    /// Counts one more batch of the DaemonSet's rollout; its number, from 1.
    pub fn next_batch(&mut self, ds_key: &str) -> u32 {
        let record = self.records.entry(ds_key.to_string()).or_default();
        record.batches += 1;
        record.batches
    }

    pub fn record(&self, ds_key: &str) -> Option<&RolloutRecord> {
        self.records.get(ds_key)
    }

    /// The DaemonSet's counts in the last observed frame: desired nodes without an
    /// available daemon pod, and desired nodes.
    pub fn current(&self, ds_key: &str) -> Option<FrameAvailability> {
        self.counts.get(ds_key).map(|c| FrameAvailability { unavailable: c.unavailable, desired: c.desired })
    }

    /// Folds one frame into the records; returns the DaemonSets whose rollout just
    /// completed.
    pub fn observe(&mut self, state: &ClusterState, now_ms: u64) -> Vec<String> {
        let mut completed = Vec::new();
        for (ds_key, record) in self.records.iter_mut() {
            let Some(ds) = state.daemonsets.get(ds_key) else { continue };
            let counts = FrameCounts::brought_up_to_date(self.counts.remove(ds_key), state, ds, now_ms);
            record.max_unavailable_seen = record.max_unavailable_seen.max(counts.unavailable);
            record.max_pods_per_node_seen = record.max_pods_per_node_seen.max(counts.max_pods_on_a_node());
            record.max_surge_seen = record.max_surge_seen.max(counts.surging_nodes);
            self.counts.insert(ds_key.clone(), counts);
            let done = matches!(rollout_status(ds), Ok((_, true)));
            if done && !record.completion_reported {
                record.completion_reported = true;
                completed.push(ds_key.clone());
            }
        }
        completed
    }
}
