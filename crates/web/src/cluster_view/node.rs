//! What a node card shows of one node.

use dsplay_model::k8s_openapi::api::core::v1::Node;

use super::pod::PodView;

/// The node's Ready condition, as `kubectl get nodes` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeReadiness {
    Ready,
    NotReady,
    /// The kubelet stopped posting status (Ready=Unknown).
    Unknown,
}

#[derive(Clone, Debug, PartialEq)]
pub struct NodeView {
    pub name: String,
    pub readiness: NodeReadiness,
    /// `spec.unschedulable` (cordoned).
    pub unschedulable: bool,
    /// Carries the `node-role.kubernetes.io/control-plane` label.
    pub control_plane: bool,
    /// Each taint as `kubectl describe node` lists it: `key=value:Effect`.
    pub taints: Vec<String>,
    /// The daemon pods bound to or aimed at this node, in name order.
    pub pods: Vec<PodView>,
}

impl NodeView {
    pub fn of(node: &Node, pods: Vec<PodView>) -> NodeView {
        let ready = node
            .status
            .as_ref()
            .and_then(|status| status.conditions.as_ref())
            .and_then(|conditions| conditions.iter().find(|c| c.type_ == "Ready"))
            .map(|condition| condition.status.as_str());
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
                .is_some_and(|labels| labels.contains_key("node-role.kubernetes.io/control-plane")),
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
        }
    }
}

/// The pool a node belongs to: its name without the trailing `-NN` that
/// numbers the nodes of a pool (`gpu-pool-03` -> `gpu-pool`). A name without
/// such a suffix is a pool of its own.
pub fn pool_of(node_name: &str) -> &str {
    match node_name.rsplit_once('-') {
        Some((pool, number)) if !pool.is_empty() && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) => pool,
        _ => node_name,
    }
}
