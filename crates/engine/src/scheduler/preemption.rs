//! The PostFilter plugins of the default profile, for pods without resource claims:
//! DynamicResources (`plugins/dynamicresources`, which has nothing to deallocate) then
//! DefaultPreemption (`plugins/defaultpreemption`, `framework/preemption`).
//!
//! Preemption considers only nodes whose filter status is `Unschedulable` (resources,
//! ports). On each, the pods of lower priority are the potential victims; with none the
//! node gets "No preemption victims found for incoming pod", otherwise the filters run
//! again without them. PodDisruptionBudgets and the choice of the minimal victim set
//! are not modelled: the first node where the pod fits without its victims is nominated.

use k8s_openapi::api::core::v1::{Pod, PodSpec};

use super::fit_error::{FitError, NodeStatus};
use super::{run_filter_plugins, Code, NodeInfo, Status};

pub const NAME: &str = "DefaultPreemption";
/// DynamicResources' PostFilter answer for a pod without claims.
pub const NO_CLAIMS_TO_DEALLOCATE: &str = "no new claims to deallocate";
pub const NO_VICTIMS: &str = "No preemption victims found for incoming pod";
pub const NOT_HELPFUL: &str = "Preemption is not helpful for scheduling";
pub const NOT_ELIGIBLE_NEVER: &str = "not eligible due to preemptionPolicy=Never.";

/// The outcome of the PostFilter plugins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostFilterOutcome {
    /// `Diagnosis.PostFilterMsg`.
    pub message: String,
    pub nominated_node: Option<String>,
}

/// `corev1helpers.PodPriority`: `spec.priority`, 0 when unset.
pub fn pod_priority(spec: &PodSpec) -> i32 {
    spec.priority.unwrap_or(0)
}

/// `Evaluator.Preempt` wrapped by `DefaultPreemption.PostFilter` ("preemption: " prefix).
/// `Ok(node)` when a node was found; `Err(message)` otherwise.
fn preempt(spec: &PodSpec, nodes: &[NodeInfo], diagnosis: &FitError) -> Result<String, String> {
    if spec.preemption_policy.as_deref() == Some("Never") {
        return Err(format!("preemption: {NOT_ELIGIBLE_NEVER}"));
    }
    let priority = pod_priority(spec);
    let mut statuses = Vec::new();
    for ns in diagnosis.node_statuses.iter().filter(|ns| ns.status.code == Code::Unschedulable) {
        let Some(node) = nodes.iter().find(|n| n.name() == ns.node) else {
            continue;
        };
        let survivors: Vec<&Pod> = node
            .pods
            .iter()
            .copied()
            .filter(|p| p.spec.as_ref().map_or(0, pod_priority) >= priority)
            .collect();
        if survivors.len() == node.pods.len() {
            statuses.push(NodeStatus {
                node: ns.node.clone(),
                plugin: NAME,
                status: Status::new(Code::UnschedulableAndUnresolvable, NO_VICTIMS),
            });
            continue;
        }
        let without_victims = NodeInfo { node: node.node, pods: survivors };
        match run_filter_plugins(spec, &without_victims) {
            None => return Ok(ns.node.clone()),
            Some((plugin, status)) => statuses.push(NodeStatus { node: ns.node.clone(), plugin, status }),
        }
    }
    let no_candidates = FitError {
        num_all_nodes: diagnosis.num_all_nodes,
        node_statuses: statuses,
        absent_status: Some(Status::new(Code::UnschedulableAndUnresolvable, NOT_HELPFUL)),
        ..Default::default()
    };
    Err(format!("preemption: {no_candidates}"))
}

/// `RunPostFilterPlugins`: the first success wins; otherwise the reasons of all
/// plugins, joined by ", ".
pub fn post_filter(spec: &PodSpec, nodes: &[NodeInfo], diagnosis: &FitError) -> PostFilterOutcome {
    match preempt(spec, nodes, diagnosis) {
        Ok(node) => PostFilterOutcome { message: String::new(), nominated_node: Some(node) },
        Err(msg) => PostFilterOutcome { message: format!("{NO_CLAIMS_TO_DEALLOCATE}, {msg}"), nominated_node: None },
    }
}
