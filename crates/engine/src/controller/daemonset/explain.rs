//! Where each node stands in a DaemonSet's rollout, in the controller's own terms: the
//! decision `rollingUpdate` makes on a given cluster state (the same computation a sync
//! runs, on a fresh index, without writing anything), with the budget it applies, what
//! holds that budget, and each node's part. The playground shows it to answer "why is
//! this node still waiting?".

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::Pod;

use super::daemon_index::DaemonSetIndex;
use super::history::current_hash;
use super::node_summary::{NodeSummary, ReplaceClass, SurgeAction};
use super::rolling_update::rolling_update;
use super::util::pod_key;
use crate::state::ClusterState;

/// The update strategy with its budget scaled against the desired nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RolloutStrategy {
    /// maxSurge 0: old pods are deleted while at most `max_unavailable` desired nodes
    /// are without an available pod.
    Replace { max_unavailable: i32 },
    /// maxSurge > 0: new pods start beside old ones, at most `max_surge` at a time.
    Surge { max_surge: i32 },
    /// OnDelete: a node gets the new template only when its old pod is deleted.
    OnDelete,
}

/// A node's part in the rollout at this state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeRollout {
    /// Its pod runs the current template and is available.
    Updated,
    /// Its new pod (or the pod `manage` is about to create) is not available yet;
    /// `holds_budget` when it counts against the budget.
    Starting { holds_budget: bool },
    /// Replace mode: its available old pod is deleted now, within the budget.
    /// Surge mode: a new pod is created beside its available old pod, within the budget.
    Replacing,
    /// Its old pod is not available: replaced without waiting for the budget.
    ReplacedRegardless,
    /// Surge mode: its new pod is available, so the old one is deleted now.
    OldPodGoes,
    /// Its old pod is available and the budget is used up: it waits.
    Waiting,
    /// OnDelete: it keeps its old pod until someone deletes it.
    WaitsForDelete,
    /// The node should not run the DaemonSet: not part of the rollout.
    NotCounted,
}

/// A node whose pod uses the budget, and that pod's key (none when `manage` has yet
/// to create one), for a reader to be told its state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BudgetHolder {
    pub node: String,
    pub pod: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RolloutExplanation {
    pub strategy: RolloutStrategy,
    /// desiredNumberScheduled, against which percentages are scaled.
    pub desired: i32,
    /// How much of the budget is in use before this decision: numUnavailable (replace)
    /// or numSurge (surge).
    pub used: i32,
    pub holders: Vec<BudgetHolder>,
    pub nodes: BTreeMap<String, NodeRollout>,
    /// Nodes where `manage` has pods to create or delete: a sync that writes there does
    /// not run rollingUpdate, so the decision above waits for a sync that does not.
    pub manage_first: Vec<String>,
}

impl RolloutExplanation {
    /// Whether some desired node does not run an available pod of the current template.
    pub fn in_progress(&self) -> bool {
        self.nodes.values().any(|node| !matches!(node, NodeRollout::Updated | NodeRollout::NotCounted))
    }

    pub fn node(&self, name: &str) -> NodeRollout {
        self.nodes.get(name).copied().unwrap_or(NodeRollout::NotCounted)
    }

    /// The budget of a rolling update (0 for OnDelete).
    pub fn budget(&self) -> i32 {
        match self.strategy {
            RolloutStrategy::Replace { max_unavailable } => max_unavailable,
            RolloutStrategy::Surge { max_surge } => max_surge,
            RolloutStrategy::OnDelete => 0,
        }
    }
}

/// The rollout of DaemonSet `ds_key` as its controller would decide it on `state` at
/// `now_ms`; `None` when there is no such DaemonSet.
pub fn explain_rollout(state: &ClusterState, ds_key: &str, now_ms: u64) -> Option<RolloutExplanation> {
    let ds = state.daemonsets.get(ds_key)?;
    let hash = current_hash(state, ds);
    let mut index = DaemonSetIndex::new(ds, &hash);
    index.claimed = state.pods.clone();
    index.observe(state, ds, now_ms);
    let on_delete = ds.spec.as_ref().and_then(|s| s.update_strategy.as_ref()).and_then(|u| u.type_.as_deref()) == Some("OnDelete");
    let desired = index.totals.status.desired;
    let holder = |node: &str| {
        let pods = index.pods_on(state, node);
        BudgetHolder { node: node.to_owned(), pod: newest_live(&pods).map(pod_key) }
    };
    let manage_first = index.totals.manage_active.iter().cloned().collect();
    if on_delete {
        let nodes = index.summaries().map(|(node, s)| (node.clone(), on_delete_node(s))).collect();
        return Some(RolloutExplanation { strategy: RolloutStrategy::OnDelete, desired, used: 0, holders: Vec::new(), nodes, manage_first });
    }
    let decision = rolling_update(ds, &index);
    let deleted = |key: &str| decision.plan.deletes.iter().any(|d| d == key);
    let created = |node: &str| decision.plan.creates.iter().any(|c| c == node);
    let surge = decision.budget.max_surge > 0;
    let mut holders = Vec::new();
    let mut nodes = BTreeMap::new();
    for (node, summary) in index.summaries() {
        let verdict = if surge {
            if summary.surge.surge {
                holders.push(holder(node));
            }
            surge_node(summary, &deleted, created(node))
        } else {
            if summary.replace == ReplaceClass::Unavailable {
                holders.push(holder(node));
            }
            replace_node(summary, &deleted)
        };
        nodes.insert(node.clone(), verdict);
    }
    let strategy = match surge {
        true => RolloutStrategy::Surge { max_surge: decision.budget.max_surge },
        false => RolloutStrategy::Replace { max_unavailable: decision.budget.max_unavailable },
    };
    Some(RolloutExplanation { strategy, desired, used: decision.used, holders, nodes, manage_first })
}

fn replace_node(summary: &NodeSummary, deleted: &dyn Fn(&str) -> bool) -> NodeRollout {
    match &summary.replace {
        ReplaceClass::Absent => NodeRollout::NotCounted,
        ReplaceClass::Updated => NodeRollout::Updated,
        ReplaceClass::Unavailable => NodeRollout::Starting { holds_budget: true },
        ReplaceClass::Replace(_) => NodeRollout::ReplacedRegardless,
        ReplaceClass::Candidate(key) if deleted(key) => NodeRollout::Replacing,
        ReplaceClass::Candidate(_) => NodeRollout::Waiting,
    }
}

fn surge_node(summary: &NodeSummary, deleted: &dyn Fn(&str) -> bool, created: bool) -> NodeRollout {
    if summary.surge.surge {
        return NodeRollout::Starting { holds_budget: true };
    }
    match &summary.surge.action {
        SurgeAction::AllowNew => NodeRollout::ReplacedRegardless,
        SurgeAction::Delete(_) => NodeRollout::OldPodGoes,
        SurgeAction::ShouldNotRun(key) if deleted(key) => NodeRollout::OldPodGoes,
        SurgeAction::ShouldNotRun(_) => NodeRollout::Waiting,
        SurgeAction::Candidate if created => NodeRollout::Replacing,
        SurgeAction::Candidate => NodeRollout::Waiting,
        SurgeAction::None => match (summary.replace.clone(), summary.status.desired) {
            (ReplaceClass::Updated, _) => NodeRollout::Updated,
            (ReplaceClass::Absent, _) | (_, 0) => NodeRollout::NotCounted,
            _ => NodeRollout::Starting { holds_budget: false },
        },
    }
}

fn on_delete_node(summary: &NodeSummary) -> NodeRollout {
    match &summary.replace {
        ReplaceClass::Absent => NodeRollout::NotCounted,
        ReplaceClass::Updated => NodeRollout::Updated,
        ReplaceClass::Unavailable => NodeRollout::Starting { holds_budget: false },
        ReplaceClass::Replace(_) | ReplaceClass::Candidate(_) => NodeRollout::WaitsForDelete,
    }
}

/// The pod a reader should hear about on a node: the newest that is not terminating.
fn newest_live<'a>(pods: &[&'a Pod]) -> Option<&'a Pod> {
    let live = pods.iter().copied().filter(|p| !crate::pod_readiness::is_terminating(p));
    live.max_by_key(|p| (p.metadata.creation_timestamp.clone().map(|t| t.0), pod_key(p)))
}
