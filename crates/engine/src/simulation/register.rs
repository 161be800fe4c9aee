//! A node joins: what its kubelet registers (hostname, os and arch labels, capacity,
//! Ready condition) and the taints the node lifecycle controller derives.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Node, NodeCondition, NodeSystemInfo};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;

use super::Simulation;
use crate::clock;
use crate::node_lifecycle::reconcile_condition_taints;

const KUBELET_VERSION: &str = "v1.36.2";

fn default_allocatable() -> BTreeMap<String, Quantity> {
    [("cpu", "4"), ("memory", "8Gi"), ("pods", "110")]
        .into_iter()
        .map(|(k, v)| (k.to_string(), Quantity(v.to_string())))
        .collect()
}

/// The kubelet's registration and first status, filling only what the document left out.
pub fn kubelet_registration(mut node: Node, now_ms: u64) -> Node {
    let name = node.metadata.name.clone().unwrap_or_default();
    let labels = node.metadata.labels.get_or_insert_with(BTreeMap::new);
    labels.entry("kubernetes.io/hostname".into()).or_insert(name);
    labels.entry("kubernetes.io/os".into()).or_insert_with(|| "linux".into());
    labels.entry("kubernetes.io/arch".into()).or_insert_with(|| "amd64".into());
    let status = node.status.get_or_insert_with(Default::default);
    let allocatable = status.allocatable.get_or_insert_with(default_allocatable);
    if allocatable.is_empty() {
        *allocatable = default_allocatable();
    }
    let allocatable = allocatable.clone();
    status.capacity.get_or_insert(allocatable);
    let conditions = status.conditions.get_or_insert_with(Vec::new);
    if !conditions.iter().any(|c| c.type_ == "Ready") {
        conditions.push(NodeCondition {
            type_: "Ready".into(),
            status: "True".into(),
            reason: Some("KubeletReady".into()),
            message: Some("kubelet is posting ready status".into()),
            last_heartbeat_time: Some(clock::timestamp(now_ms)),
            last_transition_time: Some(clock::timestamp(now_ms)),
        });
    }
    let info = status.node_info.get_or_insert_with(NodeSystemInfo::default);
    if info.kubelet_version.is_empty() {
        info.kubelet_version = KUBELET_VERSION.into();
        info.kube_proxy_version = KUBELET_VERSION.into();
        info.operating_system = "linux".into();
        info.architecture = "amd64".into();
        info.container_runtime_version = "containerd://2.1.0".into();
        info.os_image = "Debian GNU/Linux 12 (bookworm)".into();
        info.kernel_version = "6.1.0-28-amd64".into();
    }
    reconcile_condition_taints(node, now_ms)
}

impl Simulation {
    pub(super) fn register_node(&mut self, node: Node) -> Result<(), String> {
        let node = kubelet_registration(node, self.api.now());
        self.api.create_node(node).map(drop).map_err(|e| e.to_string())
    }
}
