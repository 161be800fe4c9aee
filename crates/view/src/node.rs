//! What a node card shows of one node.

use std::collections::BTreeMap;

use dsplay_engine::kubectl::printers::{allocatable_of, allocated_resources, AllocatedResource};
use dsplay_engine::scenario::{LABEL_ARCH, LABEL_ARCH_BETA, LABEL_OS_BETA, LABEL_CONTROL_PLANE, LABEL_HOSTNAME, LABEL_OS};
use dsplay_model::k8s_openapi::api::core::v1::{Node, Pod};

use super::pod::PodView;

/// Labels every kubelet sets, left off the card (the control-plane role has a badge).
const KUBELET_LABELS: [&str; 6] = [LABEL_HOSTNAME, LABEL_OS, LABEL_ARCH, LABEL_OS_BETA, LABEL_ARCH_BETA, LABEL_CONTROL_PLANE];

/// What the node's pods take of it, as `kubectl describe node` adds it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeUsage {
    /// The "Allocated resources" rows of cpu and memory.
    pub resources: Vec<AllocatedResource>,
    /// Non-terminated pods bound to the node, and its allocatable `pods`.
    pub pods: usize,
    pub pods_allocatable: Option<String>,
}

impl NodeUsage {
    /// `pods`: the node's non-terminated pods, daemon pods or not.
    pub fn of(node: &Node, pods: &[&Pod]) -> NodeUsage {
        let mut resources = allocated_resources(pods, node);
        resources.retain(|row| row.resource == "cpu" || row.resource == "memory");
        NodeUsage { resources, pods: pods.len(), pods_allocatable: allocatable_of(node).remove("pods").map(|q| q.0) }
    }
}

/// The node's Ready condition, as `kubectl get nodes` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeReadiness {
    Ready,
    NotReady,
    /// The kubelet stopped posting status (Ready=Unknown).
    Unknown,
}

/// `Eq`, so an `Rc<NodeView>` in props compares by identity first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeView {
    pub name: String,
    pub readiness: NodeReadiness,
    /// `spec.unschedulable` (cordoned).
    pub unschedulable: bool,
    /// Carries the `node-role.kubernetes.io/control-plane` label.
    pub control_plane: bool,
    /// Labels other than the kubelet's own, as `key=value`.
    pub labels: Vec<String>,
    /// Each taint as `kubectl describe node` lists it: `key=value:Effect`.
    pub taints: Vec<String>,
    /// Capacity use; left out for clusters shown densely.
    pub usage: Option<NodeUsage>,
    /// The daemon pods bound to or aimed at this node, oldest first.
    pub pods: Vec<PodView>,
    /// The other pods bound to it and not finished (ordinary pods, which use its
    /// capacity and which eviction and drain remove), oldest first; left out for
    /// clusters shown densely.
    pub other_pods: Vec<PodView>,
}

impl NodeView {
    pub fn of(node: &Node, pods: Vec<PodView>, other_pods: Vec<PodView>, usage: Option<NodeUsage>) -> NodeView {
        let ready = dsplay_engine::node_lifecycle::ready_status(node);
        let spec = node.spec.as_ref();
        NodeView {
            name: node.metadata.name.clone().unwrap_or_default(),
            readiness: match ready {
                Some("True") => NodeReadiness::Ready,
                Some("False") => NodeReadiness::NotReady,
                _ => NodeReadiness::Unknown,
            },
            unschedulable: spec.and_then(|spec| spec.unschedulable).unwrap_or(false),
            control_plane: node
                .metadata
                .labels
                .as_ref()
                .is_some_and(|labels| labels.contains_key(LABEL_CONTROL_PLANE)),
            labels: node
                .metadata
                .labels
                .iter()
                .flatten()
                .filter(|(key, _)| !KUBELET_LABELS.contains(&key.as_str()))
                .map(|(key, value)| if value.is_empty() { key.clone() } else { format!("{key}={value}") })
                .collect(),
            taints: spec
                .and_then(|spec| spec.taints.as_ref())
                .map(|taints| {
                    taints
                        .iter()
                        .map(|taint| match &taint.value {
                            Some(value) if !value.is_empty() => format!("{}={}:{}", taint.key, value, taint.effect),
                            _ => format!("{}:{}", taint.key, taint.effect),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            pods,
            other_pods,
            usage,
        }
    }
}

/// The pool a node is drawn in: the scenario pool it was shaped from (`pools`, by
/// node name), else the pool its name suggests ([`pool_of`]).
pub fn pool_of_node<'a>(pools: &'a BTreeMap<String, String>, node_name: &'a str) -> &'a str {
    pools.get(node_name).map_or_else(|| pool_of(node_name), String::as_str)
}

/// The pool a node's name suggests: the name without the trailing `-NN` that
/// numbers the nodes of a pool (`gpu-pool-03` -> `gpu-pool`). A name without
/// such a suffix is a pool of its own.
pub fn pool_of(node_name: &str) -> &str {
    match node_name.rsplit_once('-') {
        Some((pool, number)) if !pool.is_empty() && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) => pool,
        _ => node_name,
    }
}
