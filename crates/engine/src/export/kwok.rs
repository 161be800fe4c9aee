//! The objects of a scenario as a real cluster with kwok takes them: node pools and Node
//! documents become kwok fake Nodes, and DaemonSets and Pods get what they need to land on
//! them. The kwok conventions are those of kwok's own example Node
//! (kubernetes-sigs/kwok, site/static/examples/node.yaml, and its "Manage Nodes and Pods"
//! page): the annotation `kwok.x-k8s.io/node: fake` that kwok's default
//! `--manage-nodes-with-annotation-selector` selects, `node.alpha.kubernetes.io/ttl: "0"`,
//! the label `type: kwok`, and the taint `kwok.x-k8s.io/node=fake:NoSchedule` that keeps
//! real workloads off nodes where no container ever runs.

use crate::scenario::{NodePool, APPLY_ANNOTATION};
use dsplay_model::tolerations::tolerations_tolerate_taint;
use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{Node, NodeSpec, NodeStatus, Pod, PodSpec, Taint, Toleration};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use std::collections::BTreeMap;

/// The annotation kwok manages nodes by.
pub const KWOK_NODE_ANNOTATION: &str = "kwok.x-k8s.io/node";
pub const KWOK_NODE_VALUE: &str = "fake";
/// A node lease TTL of 0: the node lifecycle controller relies on the lease kwok renews.
pub const TTL_ANNOTATION: &str = "node.alpha.kubernetes.io/ttl";
/// The label that tells fake nodes from the cluster's real ones.
pub const KWOK_TYPE_LABEL: &str = "type";
pub const KWOK_TYPE_VALUE: &str = "kwok";
/// The taint every fake node carries, key `kwok.x-k8s.io/node`, value `fake`.
pub const KWOK_TAINT_KEY: &str = "kwok.x-k8s.io/node";

/// Why the export adds a toleration: written above it in the exported YAML.
pub const TOLERATION_COMMENT: &str = "dsplay export: every kwok fake node carries the taint kwok.x-k8s.io/node=fake:NoSchedule, so that real pods stay off nodes that run no containers; this toleration, not part of the scenario, lets these pods onto them.";
/// Why the export adds a node selector to a DaemonSet.
pub const NODE_SELECTOR_COMMENT: &str = "dsplay export: keeps the daemon pods on the kwok nodes; without it they would also start, for real, on the kind node (not part of the scenario).";

pub fn kwok_taint() -> Taint {
    Taint { key: KWOK_TAINT_KEY.to_owned(), value: Some(KWOK_NODE_VALUE.to_owned()), effect: "NoSchedule".to_owned(), time_added: None }
}

fn kwok_toleration() -> Toleration {
    Toleration {
        key: Some(KWOK_TAINT_KEY.to_owned()),
        operator: Some("Exists".to_owned()),
        effect: Some("NoSchedule".to_owned()),
        value: None,
        toleration_seconds: None,
    }
}

/// The scenario's own annotation is simulation metadata: a real API server would keep it,
/// but it means nothing there.
fn strip_simulation_metadata(metadata: &mut ObjectMeta) {
    if let Some(annotations) = metadata.annotations.as_mut() {
        annotations.remove(APPLY_ANNOTATION);
        if annotations.is_empty() {
            metadata.annotations = None;
        }
    }
}

/// Marks a node as kwok's: its annotations, its label and its taint, over what it has.
pub fn kwok_node(mut node: Node) -> Node {
    strip_simulation_metadata(&mut node.metadata);
    let annotations = node.metadata.annotations.get_or_insert_with(BTreeMap::new);
    annotations.insert(TTL_ANNOTATION.to_owned(), "0".to_owned());
    annotations.insert(KWOK_NODE_ANNOTATION.to_owned(), KWOK_NODE_VALUE.to_owned());
    node.metadata.labels.get_or_insert_with(BTreeMap::new).insert(KWOK_TYPE_LABEL.to_owned(), KWOK_TYPE_VALUE.to_owned());
    let taints = node.spec.get_or_insert_with(NodeSpec::default).taints.get_or_insert_with(Vec::new);
    if !taints.iter().any(|t| t.key == KWOK_TAINT_KEY && t.effect == "NoSchedule") {
        taints.push(kwok_taint());
    }
    node
}

/// A pool's node as a kwok fake Node: the pool's labels, taints and capacity, and what the
/// kubelet would register (hostname, os, arch, the control-plane label and taint). The
/// conditions and node info are left to kwok, which posts them as a kubelet would.
pub fn pool_node(pool: &NodePool, name: &str) -> Node {
    let shaped = pool.node(name);
    let spec = shaped.spec.clone().unwrap_or_default();
    let status = shaped.status.clone().unwrap_or_default();
    let node = Node {
        metadata: ObjectMeta { name: shaped.metadata.name.clone(), labels: shaped.metadata.labels.clone(), ..Default::default() },
        spec: Some(NodeSpec {
            taints: spec.taints.filter(|t| !t.is_empty()),
            unschedulable: spec.unschedulable,
            ..Default::default()
        }),
        status: Some(NodeStatus { allocatable: status.allocatable, capacity: status.capacity, ..Default::default() }),
    };
    kwok_node(node)
}

/// Adds the kwok toleration to a pod spec unless one of its tolerations already tolerates
/// the kwok taint. Returns whether it added one.
fn add_kwok_toleration(spec: &mut PodSpec) -> bool {
    let tolerations = spec.tolerations.get_or_insert_with(Vec::new);
    if tolerations_tolerate_taint(tolerations, &kwok_taint()) {
        return false;
    }
    tolerations.push(kwok_toleration());
    true
}

/// What the export changed in an object, so that the YAML writer can explain it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Additions {
    pub toleration: bool,
    pub node_selector: bool,
}

/// A DaemonSet as written, plus the kwok toleration and the `type: kwok` node selector.
pub fn kwok_daemonset(mut ds: DaemonSet) -> (DaemonSet, Additions) {
    strip_simulation_metadata(&mut ds.metadata);
    let spec = ds.spec.get_or_insert_with(Default::default).template.spec.get_or_insert_with(PodSpec::default);
    let toleration = add_kwok_toleration(spec);
    let selector = spec.node_selector.get_or_insert_with(BTreeMap::new);
    let node_selector = selector.get(KWOK_TYPE_LABEL).map(String::as_str) != Some(KWOK_TYPE_VALUE);
    selector.insert(KWOK_TYPE_LABEL.to_owned(), KWOK_TYPE_VALUE.to_owned());
    (ds, Additions { toleration, node_selector })
}

/// A Pod as written, plus the kwok toleration (a pod with `nodeName` skips the scheduler, a
/// pod without it needs the toleration to be placed on a fake node).
pub fn kwok_pod(mut pod: Pod) -> (Pod, Additions) {
    strip_simulation_metadata(&mut pod.metadata);
    let toleration = add_kwok_toleration(pod.spec.get_or_insert_with(PodSpec::default));
    (pod, Additions { toleration, node_selector: false })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{default_allocatable, NodeRole};
    use k8s_openapi::apimachinery::pkg::api::resource::Quantity;

    fn pool(role: NodeRole) -> NodePool {
        let mut allocatable = default_allocatable();
        allocatable.insert("cpu".into(), Quantity("16".into()));
        NodePool {
            name: "gpu".into(),
            count: 2,
            role,
            labels: BTreeMap::from([("node-type".to_owned(), "gpu".to_owned())]),
            taints: vec![Taint { key: "nvidia.com/gpu".into(), value: None, effect: "NoSchedule".into(), time_added: None }],
            unschedulable: false,
            allocatable,
        }
    }

    #[test]
    fn pool_nodes_carry_kwok_marks_and_the_pool_shape() {
        let node = pool_node(&pool(NodeRole::ControlPlane), "gpu-01");
        let annotations = node.metadata.annotations.clone().unwrap_or_default();
        assert_eq!(annotations.get(TTL_ANNOTATION).map(String::as_str), Some("0"));
        assert_eq!(annotations.get(KWOK_NODE_ANNOTATION).map(String::as_str), Some("fake"));
        let labels = node.metadata.labels.clone().unwrap_or_default();
        assert_eq!(labels.get("type").map(String::as_str), Some("kwok"));
        assert_eq!(labels.get("node-type").map(String::as_str), Some("gpu"));
        assert_eq!(labels.get("kubernetes.io/hostname").map(String::as_str), Some("gpu-01"));
        assert_eq!(labels.get("node-role.kubernetes.io/control-plane").map(String::as_str), Some(""));
        let taints: Vec<String> = node.spec.clone().unwrap_or_default().taints.unwrap_or_default().iter().map(|t| format!("{}={}:{}", t.key, t.value.clone().unwrap_or_default(), t.effect)).collect();
        assert_eq!(taints, ["nvidia.com/gpu=:NoSchedule", "node-role.kubernetes.io/control-plane=:NoSchedule", "kwok.x-k8s.io/node=fake:NoSchedule"]);
        let status = node.status.unwrap_or_default();
        assert_eq!(status.capacity.unwrap_or_default().get("cpu"), Some(&Quantity("16".into())));
        assert!(status.conditions.is_none(), "kwok posts the conditions");
    }

    #[test]
    fn daemonsets_get_the_toleration_only_when_they_need_it() {
        let mut ds = DaemonSet::default();
        ds.metadata.annotations = Some(BTreeMap::from([(APPLY_ANNOTATION.to_owned(), "later".to_owned())]));
        let (plain, added) = kwok_daemonset(ds.clone());
        assert_eq!(added, Additions { toleration: true, node_selector: true });
        assert!(plain.metadata.annotations.is_none(), "dsplay/apply is simulation metadata");
        let spec = plain.spec.unwrap_or_default().template.spec.unwrap_or_default();
        assert_eq!(spec.tolerations.unwrap_or_default(), vec![kwok_toleration()]);
        assert_eq!(spec.node_selector.unwrap_or_default().get("type").map(String::as_str), Some("kwok"));

        ds.spec.get_or_insert_with(Default::default).template.spec = Some(PodSpec { tolerations: Some(vec![Toleration { operator: Some("Exists".into()), ..Default::default() }]), ..Default::default() });
        let (tolerant, added) = kwok_daemonset(ds);
        assert!(!added.toleration, "operator Exists already tolerates the kwok taint");
        assert_eq!(tolerant.spec.unwrap_or_default().template.spec.unwrap_or_default().tolerations.map(|t| t.len()), Some(1));
    }
}
