//! `rollingUpdate` (update.go): replace mode (maxSurge 0) deletes old pods within the
//! maxUnavailable budget and lets `manage` create the new ones; surge mode creates new
//! pods beside the old ones within the maxSurge budget.

use k8s_openapi::api::apps::v1::DaemonSet;

use super::daemon_index::DaemonSetIndex;
use super::node_summary::{ReplaceClass, SurgeAction};
use super::plan::Plan;
use super::util::{surge_count, unavailable_count};

/// What `rollingUpdate` decided in one sync: the budget, how much of it was in use
/// before it acted (numUnavailable in replace mode, numSurge in surge mode), and the
/// pods it deletes and creates.
#[derive(Debug)]
pub struct Decision {
    pub budget: Budget,
    pub used: i32,
    pub plan: Plan,
}

/// `rollingUpdate`, with the numbers its decision was made from, which the playground
/// also shows to explain where each node stands. Upstream walks the node→pods map
/// once, counting and collecting; the index keeps those counts and lists per node, so
/// only the budget is applied here. A candidate met after the running count had
/// reached the budget is never chosen anyway (the final count is at least as large),
/// so "the first `remaining` of all candidates in node order" is the same choice.
pub fn rolling_update(ds: &DaemonSet, index: &DaemonSetIndex) -> Decision {
    let budget = updated_desired_node_counts(ds, index);
    let (used, plan) = if budget.max_surge == 0 {
        (index.totals.replace_unavailable, replace_old_pods(&budget, index))
    } else {
        (index.totals.surge, surge_new_pods(&budget, index))
    };
    Decision { budget, used, plan }
}

/// maxSurge 0: delete every old pod that is not available (allowedReplacementPods),
/// and available old pods (candidatePodsToDelete) while numUnavailable stays within
/// maxUnavailable; `manage` creates the new ones.
fn replace_old_pods(budget: &Budget, index: &DaemonSetIndex) -> Plan {
    let totals = &index.totals;
    let remaining_unavailable =
        (budget.max_unavailable - totals.replace_unavailable).clamp(0, totals.replace_candidates.len() as i32) as usize;
    let old_pods_to_delete = totals.replace_always.iter().chain(totals.replace_candidates.iter().take(remaining_unavailable));
    Plan { deletes: old_pods_to_delete.filter_map(|node| replaced_pod(index, node)).collect(), ..Plan::default() }
}

/// maxSurge > 0: a new pod beside every old pod that is not available
/// (allowedNewNodes) and beside available old pods (candidateNewNodes) while numSurge
/// stays within maxSurge; old pods go once their replacement is available, and old
/// pods on nodes that should not run one go while more than desired are available.
fn surge_new_pods(budget: &Budget, index: &DaemonSetIndex) -> Plan {
    let totals = &index.totals;
    let mut old_pods_to_delete: Vec<String> =
        totals.surge_deletes.iter().filter_map(|node| surged_old_pod(index, node)).collect();
    let remaining_surge = (budget.max_surge - totals.surge).clamp(0, totals.surge_candidates.len() as i32) as usize;
    let new_nodes_to_create = totals.surge_allowed_new.iter().chain(totals.surge_candidates.iter().take(remaining_surge));
    let extra = (totals.surge_available - budget.desired).max(0) as usize;
    old_pods_to_delete.extend(totals.surge_should_not_run.iter().take(extra).filter_map(|node| surged_old_pod(index, node)));
    Plan { creates: new_nodes_to_create.cloned().collect(), deletes: old_pods_to_delete, ..Plan::default() }
}

/// The old pod of a node in replace mode's lists.
fn replaced_pod(index: &DaemonSetIndex, node: &str) -> Option<String> {
    match &index.summary(node)?.replace {
        ReplaceClass::Replace(key) | ReplaceClass::Candidate(key) => Some(key.clone()),
        _ => None,
    }
}

/// The old pod of a node in surge mode's delete lists.
fn surged_old_pod(index: &DaemonSetIndex, node: &str) -> Option<String> {
    match &index.summary(node)?.surge.action {
        SurgeAction::Delete(key) | SurgeAction::ShouldNotRun(key) => Some(key.clone()),
        _ => None,
    }
}

/// `updatedDesiredNodeCounts`: the budgets, scaled against the number of nodes that
/// should run the pod. (Its node→pods map, with an empty entry for every such node
/// without a pod, is the index's set of summaries whose class is not `Absent`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub max_surge: i32,
    pub max_unavailable: i32,
    pub desired: i32,
}

pub fn updated_desired_node_counts(ds: &DaemonSet, index: &DaemonSetIndex) -> Budget {
    let desired = index.totals.status.desired;
    let max_surge = surge_count(ds, desired);
    let mut max_unavailable = unavailable_count(ds, desired);
    // Without a budget the rollout could never make progress.
    if desired > 0 && max_surge == 0 && max_unavailable == 0 {
        max_unavailable = 1;
    }
    Budget { max_surge, max_unavailable, desired }
}
