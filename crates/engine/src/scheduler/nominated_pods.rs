//! Pods that preemption nominated to a node (`status.nominatedNodeName`) and that wait
//! there for their victims to leave (the scheduling queue's `PodNominator`).
//!
//! The filters count a nominated pod of equal or higher priority as if it already ran
//! on its node (`RunFilterPluginsWithNominatedPods`, `addGENominatedPods`), so a pod of
//! lower priority cannot take the room that preemption made.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::Pod;

use super::framework::priority_of;
use super::NodeInfo;
use crate::api::meta_key;
use crate::pod_readiness::node_name;

/// The nominated pods of each node that has some, in the order the caller found them.
pub type NominatedPods<'a> = BTreeMap<String, Vec<&'a Pod>>;

/// The node a pod is nominated to, while it is not bound.
pub fn nominated_node_name(pod: &Pod) -> Option<&str> {
    if node_name(pod).is_some() {
        return None;
    }
    pod.status.as_ref()?.nominated_node_name.as_deref().filter(|n| !n.is_empty())
}

/// The node as the filters see it for `pod`: its pods plus the pods nominated to it
/// whose priority is not lower than `pod`'s (the pod itself excluded).
pub fn with_nominated_pods<'a>(pod: &Pod, node: &NodeInfo<'a>, nominated: &NominatedPods<'a>) -> NodeInfo<'a> {
    let priority = priority_of(pod);
    let own_key = meta_key(&pod.metadata);
    let extra = nominated
        .get(node.name())
        .into_iter()
        .flatten()
        .copied()
        .filter(|p| priority_of(p) >= priority && meta_key(&p.metadata) != own_key);
    NodeInfo { node: node.node, pods: node.pods.iter().copied().chain(extra).collect() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::test_objects::{node_with_allocatable, pod_requesting};
    use k8s_openapi::api::core::v1::PodStatus;

    fn nominated_pod(name: &str, priority: i32, node: &str) -> Pod {
        let mut pod = pod_requesting(&[("cpu", "500m")]);
        pod.metadata.name = Some(name.into());
        pod.metadata.namespace = Some("default".into());
        if let Some(spec) = pod.spec.as_mut() {
            spec.priority = Some(priority);
        }
        pod.status = Some(PodStatus { nominated_node_name: Some(node.into()), ..Default::default() });
        pod
    }

    #[test]
    fn only_nominated_pods_of_equal_or_higher_priority_count() {
        let n = node_with_allocatable("node-1", &[("cpu", "1")]);
        let high = nominated_pod("high", 100, "node-1");
        let low = nominated_pod("low", 1, "node-1");
        let nominated: NominatedPods = [("node-1".to_string(), vec![&high, &low])].into();
        let info = NodeInfo { node: &n, pods: vec![] };
        let incoming = nominated_pod("incoming", 50, "");
        let seen = with_nominated_pods(&incoming, &info, &nominated);
        let names: Vec<_> = seen.pods.iter().map(|p| p.metadata.name.as_deref().unwrap_or("")).collect();
        assert_eq!(names, ["high"]);
        // The nominated pod itself is not in its own way.
        assert!(with_nominated_pods(&high, &info, &nominated).pods.is_empty());
        assert_eq!(nominated_node_name(&high), Some("node-1"));
        assert_eq!(nominated_node_name(&incoming), None);
    }
}
