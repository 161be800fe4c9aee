//! Small builders for the scheduler's unit tests.

use std::collections::BTreeMap;

use dsplay_model::node_affinity::OBJECT_NAME_FIELD;
use k8s_openapi::api::core::v1::{
    Affinity, Container, ContainerPort, Node, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm,
    NodeSpec, NodeStatus, Pod, PodSpec, ResourceRequirements, Taint, Toleration,
};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

pub fn node(name: &str) -> Node {
    Node { metadata: ObjectMeta { name: Some(name.to_string()), ..Default::default() }, ..Default::default() }
}

pub fn node_with_taints(name: &str, taints: Vec<Taint>) -> Node {
    Node { spec: Some(NodeSpec { taints: Some(taints), ..Default::default() }), ..node(name) }
}

fn quantities(pairs: &[(&str, &str)]) -> BTreeMap<String, Quantity> {
    pairs.iter().map(|(k, v)| (k.to_string(), Quantity(v.to_string()))).collect()
}

pub fn node_with_allocatable(name: &str, allocatable: &[(&str, &str)]) -> Node {
    Node { status: Some(NodeStatus { allocatable: Some(quantities(allocatable)), ..Default::default() }), ..node(name) }
}

pub fn pod_spec() -> PodSpec {
    PodSpec::default()
}

fn opt(s: &str) -> Option<String> {
    if s.is_empty() {
        None
    } else {
        Some(s.to_string())
    }
}

pub fn toleration(key: &str, op: &str, value: &str, effect: &str) -> Toleration {
    Toleration { key: opt(key), operator: opt(op), value: opt(value), effect: opt(effect), toleration_seconds: None }
}

pub fn taint(key: &str, value: &str, effect: &str) -> Taint {
    Taint { key: key.to_string(), value: opt(value), effect: effect.to_string(), time_added: None }
}

pub fn container(requests: &[(&str, &str)]) -> Container {
    Container {
        name: "c".to_string(),
        resources: Some(ResourceRequirements { requests: Some(quantities(requests)), ..Default::default() }),
        ..Default::default()
    }
}

pub fn pod_requesting(requests: &[(&str, &str)]) -> Pod {
    Pod { spec: Some(PodSpec { containers: vec![container(requests)], ..Default::default() }), ..Default::default() }
}

/// Ports written `protocol/hostIP/hostPort`, empty parts left unset.
pub fn pod_with_ports(ports: &[&str]) -> Pod {
    let ports = ports
        .iter()
        .map(|p| {
            let mut parts = p.split('/');
            let protocol = parts.next().and_then(opt);
            let host_ip = parts.next().and_then(opt);
            let host_port = parts.next().and_then(|s| s.parse().ok());
            ContainerPort { container_port: host_port.unwrap_or(0), host_port, host_ip, protocol, name: None }
        })
        .collect();
    let c = Container { name: "c".to_string(), ports: Some(ports), ..Default::default() };
    Pod { spec: Some(PodSpec { containers: vec![c], ..Default::default() }), ..Default::default() }
}

/// The affinity the DaemonSet controller injects (`ReplaceDaemonSetPodNodeNameNodeAffinity`).
pub fn daemon_affinity(mut spec: PodSpec, node: &str) -> PodSpec {
    spec.affinity = Some(Affinity {
        node_affinity: Some(NodeAffinity {
            required_during_scheduling_ignored_during_execution: Some(NodeSelector {
                node_selector_terms: vec![NodeSelectorTerm {
                    match_expressions: None,
                    match_fields: Some(vec![NodeSelectorRequirement {
                        key: OBJECT_NAME_FIELD.to_string(),
                        operator: "In".to_string(),
                        values: Some(vec![node.to_string()]),
                    }]),
                }],
            }),
            ..Default::default()
        }),
        ..Default::default()
    });
    spec
}
