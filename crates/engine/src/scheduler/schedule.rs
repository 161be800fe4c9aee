//! One scheduling attempt (`schedulePod` → `findNodesThatFitPod`, then PostFilter on
//! failure), reduced to what decides a daemon pod's fate.
//!
//! Scoring is not modelled: when several nodes fit, the pod's nominated node wins
//! (`evaluateNominatedNode`), else the first in the given order (a daemon pod has
//! exactly one candidate node).

use k8s_openapi::api::core::v1::Pod;

use super::fit_error::{FitError, NodeStatus};
use super::node_affinity::{self, PreFilterResult};
use super::nominated_pods::{nominated_node_name, with_nominated_pods, NominatedPods};
use super::{pod_spec, preemption, run_filter_plugins, Code, NodeInfo, Status};

/// Picks a node for the pod, or explains (as upstream's FailedScheduling text) why none
/// fits and what preemption decided. `nominated` holds the pods waiting for the nodes
/// preemption nominated them to.
// The error is the whole diagnosis the UI shows; it is built once per attempt, so its
// size does not matter and boxing it would only complicate callers.
#[allow(clippy::result_large_err)]
pub fn schedule<'a>(
    pod: &Pod,
    nodes: impl Iterator<Item = NodeInfo<'a>>,
    nominated: &NominatedPods<'a>,
) -> Result<String, FitError> {
    let nodes: Vec<NodeInfo<'a>> = nodes.collect();
    let num_all_nodes = nodes.len();
    schedule_among(pod, nodes, num_all_nodes, nominated)
}

/// [`schedule`] given only some of the cluster's `num_all_nodes` nodes: enough when the
/// pod's NodeAffinity PreFilter names its nodes (a daemon pod names one), since the
/// others are never filtered and count only as "didn't satisfy plugin(s) [NodeAffinity]".
#[allow(clippy::result_large_err)]
pub fn schedule_among<'a>(
    pod: &Pod,
    nodes: Vec<NodeInfo<'a>>,
    num_all_nodes: usize,
    nominated: &NominatedPods<'a>,
) -> Result<String, FitError> {
    if num_all_nodes == 0 {
        return Err(FitError::default());
    }
    let spec = pod_spec(pod);
    let mut diagnosis = FitError { num_all_nodes, ..Default::default() };
    let candidates: Vec<&NodeInfo> = match node_affinity::pre_filter(&spec) {
        PreFilterResult::Conflict => {
            // RunPreFilterPlugins stops here, before DynamicResources' PreFilter, so
            // its PostFilter has no state; the post-filter text is left out.
            diagnosis.pre_filter_msg = node_affinity::ERR_REASON_CONFLICT.to_string();
            diagnosis.absent_status =
                Some(Status::new(Code::UnschedulableAndUnresolvable, node_affinity::ERR_REASON_CONFLICT));
            return Err(diagnosis);
        }
        PreFilterResult::NodeNames(names) => {
            diagnosis.absent_status =
                Some(Status::new(Code::UnschedulableAndUnresolvable, node_affinity::absent_nodes_reason()));
            nodes.iter().filter(|n| names.contains(n.name())).collect()
        }
        PreFilterResult::Skip | PreFilterResult::AllNodes => nodes.iter().collect(),
    };
    let mut feasible = Vec::new();
    for node in candidates {
        match run_filter_plugins(&spec, &with_nominated_pods(pod, node, nominated)) {
            None => feasible.push(node.name()),
            Some((plugin, status)) => {
                diagnosis.node_statuses.push(NodeStatus { node: node.name().to_string(), plugin, status })
            }
        }
    }
    let preferred = nominated_node_name(pod).filter(|n| feasible.contains(n));
    if let Some(name) = preferred.or(feasible.first().copied()) {
        return Ok(name.to_string());
    }
    let outcome = preemption::post_filter(pod, &nodes, nominated, &diagnosis);
    diagnosis.post_filter_msg = outcome.message;
    diagnosis.nominating = outcome.nominating;
    Err(diagnosis)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::{Nominating, Nomination};
    use crate::scheduler::test_objects::{daemon_affinity, node_with_allocatable, pod_requesting};
    use k8s_openapi::api::core::v1::Node;

    fn nodes(specs: &[(&str, &str)]) -> Vec<Node> {
        specs.iter().map(|(name, cpu)| node_with_allocatable(name, &[("cpu", cpu), ("memory", "1Gi"), ("pods", "110")])).collect()
    }

    fn infos<'a>(nodes: &'a [Node], bound: &[(usize, &'a Pod)]) -> Vec<NodeInfo<'a>> {
        nodes
            .iter()
            .enumerate()
            .map(|(i, n)| NodeInfo { node: n, pods: bound.iter().filter(|(j, _)| *j == i).map(|(_, p)| *p).collect() })
            .collect()
    }

    fn daemon_pod(target: &str, cpu: &str) -> Pod {
        let mut pod = pod_requesting(&[("cpu", cpu)]);
        pod.spec = pod.spec.map(|s| daemon_affinity(s, target));
        pod
    }

    #[test]
    fn one_insufficient_cpu_two_not_matching_affinity() {
        let ns = nodes(&[("node-1", "1"), ("node-2", "1"), ("node-3", "1")]);
        let hog = pod_requesting(&[("cpu", "900m")]);
        let pod = daemon_pod("node-1", "200m");
        let err = schedule(&pod, infos(&ns, &[(0, &hog)]).into_iter(), &NominatedPods::new()).err().unwrap_or_default();
        assert_eq!(
            err.to_string(),
            "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. \
             no new claims to deallocate, preemption: 0/3 nodes are available: \
             1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling."
        );
        assert_eq!(err.nominating, Nominating::Clear);
    }

    #[test]
    fn a_non_daemon_pod_counts_affinity_mismatches_per_node() {
        let ns = nodes(&[("a", "1"), ("b", "1"), ("c", "100m")]);
        let mut pod = pod_requesting(&[("cpu", "200m")]);
        if let Some(spec) = pod.spec.as_mut() {
            spec.node_selector = Some([("disk".to_string(), "ssd".to_string())].into());
        }
        let mut labelled = ns.clone();
        if let Some(n) = labelled.get_mut(2) {
            n.metadata.labels = Some([("disk".to_string(), "ssd".to_string())].into());
        }
        let err = schedule(&pod, infos(&labelled, &[]).into_iter(), &NominatedPods::new()).err().unwrap_or_default();
        assert_eq!(
            err.to_string(),
            "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't match Pod's node affinity/selector. \
             no new claims to deallocate, preemption: 0/3 nodes are available: \
             1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling."
        );
    }

    #[test]
    fn fits_on_its_node() {
        let ns = nodes(&[("node-1", "1"), ("node-2", "1")]);
        let pod = daemon_pod("node-2", "500m");
        assert_eq!(schedule(&pod, infos(&ns, &[]).into_iter(), &NominatedPods::new()), Ok("node-2".to_string()));
    }

    #[test]
    fn preemption_nominates_when_lower_priority_pods_make_room() {
        let ns = nodes(&[("node-1", "1")]);
        let mut low = pod_requesting(&[("cpu", "900m")]);
        low.metadata.name = Some("low".into());
        if let Some(s) = low.spec.as_mut() {
            s.priority = Some(-10);
        }
        let pod = daemon_pod("node-1", "200m");
        let err = schedule(&pod, infos(&ns, &[(0, &low)]).into_iter(), &NominatedPods::new()).err().unwrap_or_default();
        assert_eq!(
            err.nominating,
            Nominating::Nominate(Nomination { node: "node-1".into(), victims: vec!["default/low".into()] })
        );
        assert_eq!(err.to_string(), "0/1 nodes are available: 1 Insufficient cpu.");
    }

    #[test]
    fn preemption_policy_never_and_empty_cluster() {
        let ns = nodes(&[("node-1", "100m")]);
        let mut pod = daemon_pod("node-1", "200m");
        if let Some(s) = pod.spec.as_mut() {
            s.preemption_policy = Some("Never".into());
        }
        let err = schedule(&pod, infos(&ns, &[]).into_iter(), &NominatedPods::new()).err().unwrap_or_default();
        assert_eq!(
            err.to_string(),
            "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never."
        );
        let none = schedule(&pod, std::iter::empty(), &NominatedPods::new()).err().unwrap_or_default();
        assert_eq!(none.to_string(), "no nodes available to schedule pods");
    }

    #[test]
    fn first_failure_matches_what_the_framework_records() {
        let ns = nodes(&[("node-1", "100m"), ("node-2", "1")]);
        let pod = daemon_pod("node-1", "200m");
        let infos = infos(&ns, &[]);
        let recorded: Vec<_> = infos.iter().map(|n| crate::scheduler::first_failure(&pod, n)).collect();
        assert_eq!(
            recorded,
            vec![
                Some(("NodeResourcesFit", "Insufficient cpu".to_string())),
                Some(("NodeAffinity", "node(s) didn't satisfy plugin(s) [NodeAffinity]".to_string())),
            ]
        );
        let verdicts = crate::scheduler::filter(&pod, infos.get(1).unwrap_or_else(|| unreachable!()));
        assert_eq!(
            verdicts.get(3),
            Some(&crate::scheduler::FilterVerdict::Unfit {
                plugin: "NodeAffinity",
                reason: "node(s) didn't match Pod's node affinity/selector".to_string()
            })
        );
        assert_eq!(verdicts.len(), 6);
    }
}
