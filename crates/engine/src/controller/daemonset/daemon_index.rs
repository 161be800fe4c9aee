//! A DaemonSet's pods by node, every node's summary and the running totals over
//! them, kept up to date from what changed since the previous sync: the informer
//! views are persistent maps, and `OrdMap::diff` skips the subtrees two snapshots
//! share, so a sync costs what changed, not the size of the cluster. A change of the
//! DaemonSet itself (anything but its status), of its revision hash, or a clock that
//! went backwards starts the index over from an empty view; that rebuild runs the
//! same code as an update, with every node and pod "added".

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap;

use imbl::ordmap::DiffItem;
use imbl::OrdMap;
use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{Node, Pod};

use super::daemon_pods::is_owned_by;
use super::node_summary::{summarize_node, DaemonSetContext, NodeSummary, ReplaceClass, StatusCounts, SurgeAction};
use super::same_but_status::same_but_status;
use super::should_run::NodeShouldRun;
use super::util::target_node_name;
use crate::pod_readiness::{is_terminal, is_terminating};
use crate::state::{ClusterState, ObjectKey, Stored};

/// Node sets and counts summed over every node's summary, in node name order where
/// upstream's loops would produce a list.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    pub status: StatusCounts,
    /// Lister nodes where `manage` has work.
    pub manage_active: BTreeSet<String>,
    /// Nodes missing from the lister with unbound pods aimed at them.
    pub unbound_on_missing_node: BTreeSet<String>,
    pub replace_unavailable: i32,
    pub replace_always: BTreeSet<String>,
    pub replace_candidates: BTreeSet<String>,
    pub surge: i32,
    pub surge_available: i32,
    pub surge_allowed_new: BTreeSet<String>,
    pub surge_deletes: BTreeSet<String>,
    pub surge_should_not_run: BTreeSet<String>,
    pub surge_candidates: BTreeSet<String>,
}

fn toggle(set: &mut BTreeSet<String>, node: &str, member: bool, sign: i32) {
    if !member {
        return;
    }
    if sign > 0 {
        set.insert(node.to_string());
    } else {
        set.remove(node);
    }
}

impl Totals {
    /// Adds (`sign` 1) or takes away (`sign` -1) one node's summary.
    fn apply(&mut self, node: &str, summary: &NodeSummary, sign: i32) {
        self.status.add(&summary.status, sign);
        toggle(&mut self.manage_active, node, summary.manage_active, sign);
        toggle(&mut self.unbound_on_missing_node, node, summary.unbound_on_missing_node, sign);
        match &summary.replace {
            ReplaceClass::Absent | ReplaceClass::Updated => {}
            ReplaceClass::Unavailable => self.replace_unavailable += sign,
            ReplaceClass::Replace(_) => {
                self.replace_unavailable += sign;
                toggle(&mut self.replace_always, node, true, sign);
            }
            ReplaceClass::Candidate(_) => toggle(&mut self.replace_candidates, node, true, sign),
        }
        self.surge += sign * i32::from(summary.surge.surge);
        self.surge_available += sign * i32::from(summary.surge.available);
        let set = match &summary.surge.action {
            SurgeAction::None => None,
            SurgeAction::AllowNew => Some(&mut self.surge_allowed_new),
            SurgeAction::Delete(_) => Some(&mut self.surge_deletes),
            SurgeAction::ShouldNotRun(_) => Some(&mut self.surge_should_not_run),
            SurgeAction::Candidate => Some(&mut self.surge_candidates),
        };
        if let Some(set) = set {
            toggle(set, node, true, sign);
        }
    }
}

#[derive(Clone, Debug)]
pub struct DaemonSetIndex {
    /// The newest DaemonSet version the index describes (status writes keep it valid).
    daemonset: Stored<DaemonSet>,
    pub ctx: DaemonSetContext,
    namespace_prefix: String,
    evaluator: NodeShouldRun,
    /// The pods ClaimPods last looked at.
    pub claimed: OrdMap<ObjectKey, Stored<Pod>>,
    /// The informer view the index was last brought up to.
    seen_nodes: OrdMap<String, Stored<Node>>,
    seen_pods: OrdMap<ObjectKey, Stored<Pod>>,
    last_now: u64,
    /// The DaemonSet's pods (terminal pods being deleted left out) and their node.
    pod_nodes: FxHashMap<ObjectKey, String>,
    node_pods: FxHashMap<String, BTreeSet<ObjectKey>>,
    /// Every lister node and every node a pod is aimed at.
    summaries: BTreeMap<String, NodeSummary>,
    volatile: BTreeSet<String>,
    pub totals: Totals,
}

impl DaemonSetIndex {
    /// An empty index: the first `observe` reads the whole view.
    pub fn new(ds: &Stored<DaemonSet>, hash: &str) -> Self {
        DaemonSetIndex {
            daemonset: ds.clone(),
            ctx: DaemonSetContext::new(ds, hash),
            namespace_prefix: format!("{}/", ds.metadata.namespace.as_deref().unwrap_or("default")),
            evaluator: NodeShouldRun::for_daemonset(ds),
            claimed: OrdMap::new(),
            seen_nodes: OrdMap::new(),
            seen_pods: OrdMap::new(),
            last_now: 0,
            pod_nodes: FxHashMap::default(),
            node_pods: FxHashMap::default(),
            summaries: BTreeMap::new(),
            volatile: BTreeSet::new(),
            totals: Totals::default(),
        }
    }

    /// Whether this index still describes `ds` with `hash` at `now_ms`.
    pub fn is_for(&self, ds: &Stored<DaemonSet>, hash: &str, now_ms: u64) -> bool {
        self.ctx.hash == hash && now_ms >= self.last_now && same_but_status(&self.daemonset, ds)
    }

    pub fn in_namespace(&self, pod_key: &str) -> bool {
        pod_key.starts_with(&self.namespace_prefix)
    }

    /// Every node's summary, in node name order.
    pub fn summaries(&self) -> impl Iterator<Item = (&String, &NodeSummary)> {
        self.summaries.iter()
    }

    pub fn summary(&self, node: &str) -> Option<&NodeSummary> {
        self.summaries.get(node)
    }

    /// The DaemonSet's pods aimed at `node`, in pod key order (getNodesToDaemonPods).
    pub fn pods_on<'a>(&self, view: &'a ClusterState, node: &str) -> Vec<&'a Pod> {
        self.node_pods.get(node).into_iter().flatten().filter_map(|k| view.pods.get(k.as_ref()).map(|p| p.as_ref())).collect()
    }

    fn member_node<'p>(&self, ds: &DaemonSet, pod: &'p Pod) -> Option<&'p str> {
        if !is_owned_by(pod, ds) || (is_terminal(pod) && is_terminating(pod)) {
            return None;
        }
        target_node_name(pod)
    }

    /// Brings the index up to `view` at `now_ms`. It keeps `ds` as the version it
    /// describes, so that the next `is_for` usually compares pointers, not specs.
    pub fn observe(&mut self, view: &ClusterState, ds: &Stored<DaemonSet>, now_ms: u64) {
        self.daemonset = ds.clone();
        // node -> whether the Node object itself changed (its verdict must be redone)
        let mut dirty: BTreeMap<String, bool> = BTreeMap::new();
        let mut moves = Vec::new();
        for item in self.seen_pods.diff(&view.pods) {
            let (pod_key, new) = match item {
                DiffItem::Add(k, v) => (k, Some(v)),
                DiffItem::Update { new: (k, v), .. } => (k, Some(v)),
                DiffItem::Remove(k, _) => (k, None),
            };
            if self.in_namespace(pod_key) {
                moves.push((pod_key.clone(), new.and_then(|p| self.member_node(ds, p)).map(str::to_string)));
            }
        }
        for (pod_key, node) in moves {
            if let Some(old_node) = self.pod_nodes.remove(&pod_key) {
                if let Some(keys) = self.node_pods.get_mut(&old_node) {
                    keys.remove(&pod_key);
                    if keys.is_empty() {
                        self.node_pods.remove(&old_node);
                    }
                }
                dirty.entry(old_node).or_insert(false);
            }
            if let Some(node) = node {
                self.node_pods.entry(node.clone()).or_default().insert(pod_key.clone());
                self.pod_nodes.insert(pod_key, node.clone());
                dirty.entry(node).or_insert(false);
            }
        }
        for item in self.seen_nodes.diff(&view.nodes) {
            let name = match item {
                DiffItem::Add(k, _) | DiffItem::Remove(k, _) => k,
                DiffItem::Update { new: (k, _), .. } => k,
            };
            dirty.insert(name.clone(), true);
        }
        for node in &self.volatile {
            dirty.entry(node.clone()).or_insert(false);
        }
        for (node, node_changed) in dirty {
            let verdict = if node_changed {
                view.nodes.get(&node).map(|n| self.evaluator.verdict(n))
            } else {
                self.summaries.get(&node).and_then(|s| s.verdict)
            };
            let pods = self.pods_on(view, &node);
            if let Some(old) = self.summaries.remove(&node) {
                self.totals.apply(&node, &old, -1);
            }
            self.volatile.remove(&node);
            if NodeSummary::relevant(verdict, &pods) {
                let summary = summarize_node(verdict, &pods, &self.ctx, now_ms);
                self.totals.apply(&node, &summary, 1);
                if summary.volatile {
                    self.volatile.insert(node.clone());
                }
                self.summaries.insert(node, summary);
            }
        }
        self.seen_nodes = view.nodes.clone();
        self.seen_pods = view.pods.clone();
        self.last_now = now_ms;
    }
}
