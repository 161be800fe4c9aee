//! `rollingUpdate` (update.go): replace mode (maxSurge 0) deletes old pods within the
//! maxUnavailable budget and lets `manage` create the new ones; surge mode creates new
//! pods beside the old ones within the maxSurge budget.

use std::collections::BTreeMap;

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Pod;
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

use dsplay_model::int_or_percent::scaled_value;

use super::daemon_pods::DaemonPods;
use super::manage::{pod_key, Plan};
use super::node_verdicts::NodeVerdicts;
use super::status::is_pod_updated;
use crate::pod_readiness::{is_pod_available, is_terminating};

fn rolling_update_params(ds: &DaemonSet) -> Option<(Option<&IntOrString>, Option<&IntOrString>)> {
    let strategy = ds.spec.as_ref()?.update_strategy.as_ref()?;
    if strategy.type_.as_deref().unwrap_or("RollingUpdate") != "RollingUpdate" {
        return None;
    }
    let rolling = strategy.rolling_update.as_ref()?;
    Some((rolling.max_surge.as_ref(), rolling.max_unavailable.as_ref()))
}

/// `util.SurgeCount`: maxSurge scaled against `desired`, rounded up; 0 unless RollingUpdate.
pub fn surge_count(ds: &DaemonSet, desired: i32) -> i32 {
    match rolling_update_params(ds) {
        Some((Some(surge), _)) => scaled_value(surge, desired, true).unwrap_or(0),
        _ => 0,
    }
}

/// `util.UnavailableCount`.
pub fn unavailable_count(ds: &DaemonSet, desired: i32) -> i32 {
    match rolling_update_params(ds) {
        Some((_, Some(unavailable))) => scaled_value(unavailable, desired, true).unwrap_or(0),
        _ => 0,
    }
}

/// `updatedDesiredNodeCounts`: the budgets, and the node→pods map with an empty entry
/// for every node that should run the pod and has none.
pub struct Budget<'a> {
    pub max_surge: i32,
    pub max_unavailable: i32,
    pub desired: i32,
    pub node_to_pods: BTreeMap<String, Vec<&'a Pod>>,
    pub should_run: BTreeMap<String, bool>,
}

pub fn updated_desired_node_counts<'a>(ds: &DaemonSet, verdicts: &NodeVerdicts, daemon_pods: &DaemonPods<'a>) -> Budget<'a> {
    let mut node_to_pods: BTreeMap<String, Vec<&'a Pod>> = daemon_pods.clone();
    let mut should_run = BTreeMap::new();
    let mut desired = 0;
    for &(name, _, verdict) in verdicts {
        should_run.insert(name.to_string(), verdict.should_run);
        if verdict.should_run {
            desired += 1;
            node_to_pods.entry(name.to_string()).or_default();
        }
    }
    let max_surge = surge_count(ds, desired);
    let mut max_unavailable = unavailable_count(ds, desired);
    if desired > 0 && max_surge == 0 && max_unavailable == 0 {
        max_unavailable = 1;
    }
    Budget { max_surge, max_unavailable, desired, node_to_pods, should_run }
}

/// `findUpdatedPodsOnNode`: the node's new and old pod, ignoring terminating pods;
/// `None` when it has two of either kind (manage cleans that up).
fn find_updated_pods_on_node<'a>(
    pods: &[&'a Pod],
    hash: &str,
    template_generation: Option<i64>,
) -> Option<(Option<&'a Pod>, Option<&'a Pod>)> {
    let (mut new, mut old) = (None, None);
    for pod in pods.iter().copied().filter(|p| !is_terminating(p)) {
        let slot = if is_pod_updated(pod, hash, template_generation) { &mut new } else { &mut old };
        if slot.is_some() {
            return None;
        }
        *slot = Some(pod);
    }
    Some((new, old))
}

pub fn rolling_update(
    ds: &DaemonSet,
    verdicts: &NodeVerdicts,
    daemon_pods: &DaemonPods,
    hash: &str,
    template_generation: Option<i64>,
    now_ms: u64,
) -> Plan {
    let budget = updated_desired_node_counts(ds, verdicts, daemon_pods);
    let min_ready = ds.spec.as_ref().and_then(|s| s.min_ready_seconds).unwrap_or(0);
    let available = |pod: &Pod| is_pod_available(pod, min_ready, now_ms);
    if budget.max_surge == 0 {
        replace_old_pods(&budget, hash, template_generation, &available)
    } else {
        surge_new_pods(&budget, hash, template_generation, &available)
    }
}

fn replace_old_pods(budget: &Budget, hash: &str, generation: Option<i64>, available: &dyn Fn(&Pod) -> bool) -> Plan {
    let mut num_unavailable = 0;
    let mut allowed_replacements = Vec::new();
    let mut candidates = Vec::new();
    for pods in budget.node_to_pods.values() {
        let Some((new, old)) = find_updated_pods_on_node(pods, hash, generation) else {
            num_unavailable += 1;
            continue;
        };
        match (new, old) {
            (None, None) | (Some(_), Some(_)) => num_unavailable += 1,
            (Some(new), None) => {
                if !available(new) {
                    num_unavailable += 1;
                }
            }
            (None, Some(old)) => {
                if !available(old) {
                    allowed_replacements.push(pod_key(old));
                    num_unavailable += 1;
                } else if num_unavailable < budget.max_unavailable {
                    candidates.push(pod_key(old));
                }
            }
        }
    }
    let remaining = (budget.max_unavailable - num_unavailable).clamp(0, candidates.len() as i32) as usize;
    let mut plan = Plan { deletes: allowed_replacements, ..Plan::default() };
    plan.deletes.extend(candidates.into_iter().take(remaining));
    plan
}

fn surge_new_pods(budget: &Budget, hash: &str, generation: Option<i64>, available: &dyn Fn(&Pod) -> bool) -> Plan {
    let mut plan = Plan::default();
    let mut num_surge = 0;
    let mut num_available = 0;
    let mut allowed_new_nodes = Vec::new();
    let mut candidate_new_nodes = Vec::new();
    let mut should_not_run_pods = Vec::new();
    for (node, pods) in &budget.node_to_pods {
        let Some((new, old)) = find_updated_pods_on_node(pods, hash, generation) else {
            num_surge += 1;
            continue;
        };
        if let Some(counted) = old.or(new) {
            if available(counted) {
                num_available += 1;
            }
        }
        let should_run = budget.should_run.get(node).copied().unwrap_or(false);
        match (old, new) {
            (None, _) => {}
            (Some(old), None) => {
                if !available(old) {
                    if should_run {
                        allowed_new_nodes.push(node.clone());
                    } else {
                        plan.deletes.push(pod_key(old));
                    }
                } else if !should_run {
                    should_not_run_pods.push(pod_key(old));
                } else if num_surge < budget.max_surge {
                    candidate_new_nodes.push(node.clone());
                }
            }
            (Some(old), Some(new)) => {
                if available(new) {
                    plan.deletes.push(pod_key(old));
                } else {
                    num_surge += 1;
                }
            }
        }
    }
    let extra = (num_available - budget.desired).max(0) as usize;
    plan.deletes.extend(should_not_run_pods.into_iter().take(extra));
    let remaining = (budget.max_surge - num_surge).clamp(0, candidate_new_nodes.len() as i32) as usize;
    plan.creates = allowed_new_nodes;
    plan.creates.extend(candidate_new_nodes.into_iter().take(remaining));
    plan
}
