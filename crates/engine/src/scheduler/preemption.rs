//! The PostFilter plugins of the default profile, for pods without resource claims:
//! DynamicResources (`plugins/dynamicresources`, which has nothing to deallocate) then
//! DefaultPreemption (`plugins/defaultpreemption`, `framework/preemption`).
//!
//! Preemption considers only nodes whose filter status is `Unschedulable` (resources,
//! ports). On each, `select_victims_on_node` removes every pod of lower priority,
//! checks that the incoming pod then fits, and reprieves as many as it can, most
//! important first. Among the nodes with victims, `pick_one_node_for_preemption` takes
//! the one whose victims matter least. This module decides; the simulation then
//! preempts the victims (`schedule_one.rs`).
//!
//! Not modelled: PodDisruptionBudgets (no victim violates one) and the random offset
//! at which upstream starts its dry run (it starts at the first node, so a scenario
//! always replays the same way).

use std::cmp::{Ordering, Reverse};

use k8s_openapi::api::core::v1::{Pod, PodSpec};
use rustc_hash::FxHashMap;

use super::fit_error::{FitError, NodeStatus};
use super::nominated_pods::{nominated_node_name, with_nominated_pods, NominatedPods};
use super::{pod_spec, priority_of, run_filter_plugins, Code, NodeInfo, Nominating, Nomination, Status};
use crate::api::meta_key;
use crate::clock;
use crate::pod_readiness::is_terminating;

pub const NAME: &str = "DefaultPreemption";
/// DynamicResources' PostFilter answer for a pod without claims.
pub const NO_CLAIMS_TO_DEALLOCATE: &str = "no new claims to deallocate";
pub const NO_VICTIMS: &str = "No preemption victims found for incoming pod";
pub const NOT_HELPFUL: &str = "Preemption is not helpful for scheduling";
pub const NOT_ELIGIBLE_NEVER: &str = "not eligible due to preemptionPolicy=Never.";
pub const NOT_ELIGIBLE_TERMINATING: &str = "not eligible due to a terminating pod on the nominated node.";
/// `v1.PodReasonPreemptionByScheduler`, the reason of a victim's DisruptionTarget condition.
pub const REASON_PREEMPTION_BY_SCHEDULER: &str = "PreemptionByScheduler";
/// DefaultPreemptionArgs defaults: the dry run stops after this many candidates, or
/// this share of the nodes where preemption might help, whichever is more.
const MIN_CANDIDATE_NODES_ABSOLUTE: usize = 100;
const MIN_CANDIDATE_NODES_PERCENTAGE: usize = 10;

/// The outcome of the PostFilter plugins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostFilterOutcome {
    /// `Diagnosis.PostFilterMsg`, empty when preemption found a node.
    pub message: String,
    pub nominating: Nominating,
}

/// `GetPodStartTime`: a pod that has not started counts as starting now, after all others.
fn start_time(pod: &Pod) -> u64 {
    pod.status.as_ref().and_then(|s| s.start_time.as_ref()).map_or(u64::MAX, clock::millis)
}

/// `util.MoreImportantPod` as an ordering, most important first: higher priority, then
/// the one that started earlier; the key settles what upstream leaves to sort order.
fn by_importance(a: &Pod, b: &Pod) -> Ordering {
    priority_of(b)
        .cmp(&priority_of(a))
        .then_with(|| start_time(a).cmp(&start_time(b)))
        .then_with(|| meta_key(&a.metadata).cmp(&meta_key(&b.metadata)))
}

/// `RunFilterPluginsWithNominatedPods`.
fn fits(pod: &Pod, spec: &PodSpec, node: &NodeInfo, nominated: &NominatedPods) -> Result<(), (&'static str, Status)> {
    match run_filter_plugins(spec, &with_nominated_pods(pod, node, nominated)) {
        None => Ok(()),
        Some(failure) => Err(failure),
    }
}

/// `SelectVictimsOnNode`: the fewest pods of lower priority whose removal lets `pod`
/// fit, most important first; or why the node cannot help.
fn select_victims_on_node<'a>(
    pod: &Pod,
    node: &NodeInfo<'a>,
    nominated: &NominatedPods<'a>,
) -> Result<Vec<&'a Pod>, (&'static str, Status)> {
    let priority = priority_of(pod);
    let spec = pod_spec(pod);
    let (mut potential, kept): (Vec<&Pod>, Vec<&Pod>) = node.pods.iter().copied().partition(|p| priority_of(p) < priority);
    if potential.is_empty() {
        return Err((NAME, Status::new(Code::UnschedulableAndUnresolvable, NO_VICTIMS)));
    }
    let mut remaining = NodeInfo { node: node.node, pods: kept };
    fits(pod, &spec, &remaining, nominated)?;
    dsplay_model::sorting::sort_by(&mut potential, |a, b| by_importance(a, b));
    let mut victims = Vec::new();
    for candidate in potential {
        remaining.pods.push(candidate);
        if fits(pod, &spec, &remaining, nominated).is_err() {
            remaining.pods.pop();
            victims.push(candidate);
        }
    }
    Ok(victims)
}

/// `PodEligibleToPreemptOthers`: a pod with policy Never does not preempt, nor does a
/// pod whose earlier victims are still terminating on its nominated node (unless that
/// node can no longer take it at all).
fn pod_eligible_to_preempt_others(pod: &Pod, nodes: &[NodeInfo], diagnosis: &FitError) -> Result<(), &'static str> {
    let spec = pod_spec(pod);
    if spec.preemption_policy.as_deref() == Some("Never") {
        return Err(NOT_ELIGIBLE_NEVER);
    }
    let Some(nominated) = nominated_node_name(pod) else { return Ok(()) };
    if diagnosis.status_of(nominated).is_some_and(|s| s.code == Code::UnschedulableAndUnresolvable) {
        return Ok(());
    }
    let priority = priority_of(pod);
    let victim_terminating = nodes
        .iter()
        .filter(|n| n.name() == nominated)
        .flat_map(|n| n.pods.iter())
        .any(|p| priority_of(p) < priority && terminating_by_preemption(p));
    if victim_terminating {
        return Err(NOT_ELIGIBLE_TERMINATING);
    }
    Ok(())
}

/// `podTerminatingByPreemption`: deleted, with the DisruptionTarget condition preemption sets.
fn terminating_by_preemption(pod: &Pod) -> bool {
    is_terminating(pod)
        && pod.status.as_ref().and_then(|s| s.conditions.as_ref()).into_iter().flatten().any(|c| {
            c.type_ == "DisruptionTarget" && c.status == "True" && c.reason.as_deref() == Some(REASON_PREEMPTION_BY_SCHEDULER)
        })
}

/// One node where preemption would make room, and its victims.
struct Candidate<'a> {
    node: String,
    victims: Vec<&'a Pod>,
}

/// `pickOneNodeForPreemption` without PodDisruptionBudgets: a node with no victim at
/// once; otherwise the lowest highest-priority victim, then the lowest sum of
/// priorities, then the fewest victims, then the latest start among the most
/// important victims; the first node in order settles the rest.
fn pick_one_node_for_preemption(candidates: Vec<Candidate>) -> Option<Candidate> {
    if let Some(free) = candidates.iter().position(|c| c.victims.is_empty()) {
        return candidates.into_iter().nth(free);
    }
    let highest = |c: &Candidate| c.victims.first().map_or(i32::MIN, |p| priority_of(p));
    // Each priority is shifted by 2^31 so that negative priorities add up as upstream does.
    let sum = |c: &Candidate| c.victims.iter().map(|p| i64::from(priority_of(p)) + i64::from(i32::MAX) + 1).sum::<i64>();
    let earliest_start_of_most_important = |c: &Candidate| {
        let top = highest(c);
        c.victims.iter().filter(|p| priority_of(p) == top).map(|p| start_time(p)).min().unwrap_or(u64::MAX)
    };
    candidates
        .into_iter()
        .enumerate()
        .min_by_key(|(order, c)| (highest(c), sum(c), c.victims.len(), Reverse(earliest_start_of_most_important(c)), *order))
        .map(|(_, c)| c)
}

/// `Evaluator.Preempt` wrapped by `DefaultPreemption.PostFilter` ("preemption: " prefix).
fn preempt(pod: &Pod, nodes: &[NodeInfo], nominated: &NominatedPods, diagnosis: &FitError) -> Result<Nomination, (String, Nominating)> {
    pod_eligible_to_preempt_others(pod, nodes, diagnosis).map_err(|msg| (format!("preemption: {msg}"), Nominating::Keep))?;
    // `nodesWherePreemptionMightHelp`, then `dryRunPreemption` from the first of them.
    let by_name: FxHashMap<&str, &NodeInfo> = nodes.iter().map(|n| (n.name(), n)).collect();
    let might_help: Vec<&NodeInfo> = diagnosis
        .node_statuses
        .iter()
        .filter(|ns| ns.status.code == Code::Unschedulable)
        .filter_map(|ns| by_name.get(ns.node.as_str()).copied())
        .collect();
    let wanted = (might_help.len() * MIN_CANDIDATE_NODES_PERCENTAGE / 100).max(MIN_CANDIDATE_NODES_ABSOLUTE).min(might_help.len());
    let mut candidates = Vec::new();
    let mut statuses = Vec::new();
    for node in might_help {
        if candidates.len() >= wanted {
            break;
        }
        match select_victims_on_node(pod, node, nominated) {
            Ok(victims) => candidates.push(Candidate { node: node.name().to_string(), victims }),
            Err((plugin, status)) => statuses.push(NodeStatus { node: node.name().to_string(), plugin, status }),
        }
    }
    match pick_one_node_for_preemption(candidates) {
        Some(chosen) => {
            Ok(Nomination { node: chosen.node, victims: chosen.victims.iter().map(|p| meta_key(&p.metadata)).collect() })
        }
        None => {
            let no_candidates = FitError {
                num_all_nodes: diagnosis.num_all_nodes,
                node_statuses: statuses,
                absent_status: Some(Status::new(Code::UnschedulableAndUnresolvable, NOT_HELPFUL)),
                ..Default::default()
            };
            Err((format!("preemption: {no_candidates}"), Nominating::Clear))
        }
    }
}

/// `RunPostFilterPlugins`: the first success wins; otherwise the reasons of all
/// plugins, joined by ", ".
pub fn post_filter(pod: &Pod, nodes: &[NodeInfo], nominated: &NominatedPods, diagnosis: &FitError) -> PostFilterOutcome {
    match preempt(pod, nodes, nominated, diagnosis) {
        Ok(nomination) => PostFilterOutcome { message: String::new(), nominating: Nominating::Nominate(nomination) },
        Err((msg, nominating)) => PostFilterOutcome { message: format!("{NO_CLAIMS_TO_DEALLOCATE}, {msg}"), nominating },
    }
}

#[cfg(test)]
#[path = "preemption_tests.rs"]
mod tests;
