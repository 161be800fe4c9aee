//! `kubectl get nodes` (`printNode` in `pkg/printers/internalversion/printers.go`).

use std::collections::BTreeSet;

use k8s_openapi::api::core::v1::Node;

use crate::state::{ClusterState, Stored};

use super::label_columns::LabelColumns;
use super::age;
use super::{no_resources_found, not_found};

const LABEL_NODE_ROLE_PREFIX: &str = "node-role.kubernetes.io/";
const NODE_LABEL_ROLE: &str = "kubernetes.io/role";
/// What the simulated kubelets would report in `status.nodeInfo.kubeletVersion`.
const SIMULATED_KUBELET_VERSION: &str = "v1.36.0";

pub fn get_nodes(state: &ClusterState, name: Option<&str>, wide: bool, labels: &LabelColumns, now_ms: u64) -> Result<String, String> {
    let nodes: Vec<&Node> =
        state.nodes.values().map(Stored::object).filter(|n| name.is_none_or(|want| n.metadata.name.as_deref() == Some(want))).collect();
    if nodes.is_empty() {
        return match name {
            Some(n) => Err(not_found("nodes", n)),
            None => Ok(no_resources_found(None)),
        };
    }
    let mut headers = vec!["NAME", "STATUS", "ROLES", "AGE", "VERSION"];
    if wide {
        headers.extend(["INTERNAL-IP", "EXTERNAL-IP", "OS-IMAGE", "KERNEL-VERSION", "CONTAINER-RUNTIME"]);
    }
    let rows: Vec<Vec<String>> = nodes.iter().map(|n| node_row(n, wide, now_ms)).collect();
    Ok(labels.render(&headers, rows, &nodes))
}

/// `findNodeRoles`: `node-role.kubernetes.io/<role>` keys and `kubernetes.io/role` values, sorted.
pub fn node_roles(node: &Node) -> Vec<String> {
    let mut roles = BTreeSet::new();
    for (key, value) in node.metadata.labels.iter().flatten() {
        if let Some(role) = key.strip_prefix(LABEL_NODE_ROLE_PREFIX) {
            if !role.is_empty() {
                roles.insert(role.to_string());
            }
        } else if key == NODE_LABEL_ROLE && !value.is_empty() {
            roles.insert(value.clone());
        }
    }
    roles.into_iter().collect()
}

/// `Ready`, `NotReady` or `Unknown` (no Ready condition), then `SchedulingDisabled`.
pub fn node_status(node: &Node) -> String {
    let ready = node.status.as_ref().and_then(|s| s.conditions.as_ref()).and_then(|c| c.iter().find(|c| c.type_ == "Ready"));
    let mut status = vec![match ready {
        Some(c) if c.status == "True" => "Ready",
        Some(_) => "NotReady",
        None => "Unknown",
    }];
    if node.spec.as_ref().and_then(|s| s.unschedulable).unwrap_or(false) {
        status.push("SchedulingDisabled");
    }
    status.join(",")
}

fn node_row(node: &Node, wide: bool, now_ms: u64) -> Vec<String> {
    let roles = node_roles(node);
    let info = node.status.as_ref().and_then(|s| s.node_info.as_ref());
    let version = info.map(|i| i.kubelet_version.as_str()).filter(|v| !v.is_empty()).unwrap_or(SIMULATED_KUBELET_VERSION);
    let mut row = vec![
        node.metadata.name.clone().unwrap_or_default(),
        node_status(node),
        if roles.is_empty() { "<none>".to_string() } else { roles.join(",") },
        age::translate_timestamp_since(node.metadata.creation_timestamp.as_ref(), now_ms),
        version.to_string(),
    ];
    if wide {
        let address = |kind: &str| {
            node.status
                .as_ref()
                .and_then(|s| s.addresses.as_ref())
                .and_then(|a| a.iter().find(|a| a.type_ == kind))
                .map_or_else(|| "<none>".to_string(), |a| a.address.clone())
        };
        let or_unknown = |s: Option<&String>| s.filter(|s| !s.is_empty()).cloned().unwrap_or_else(|| "<unknown>".to_string());
        row.push(address("InternalIP"));
        row.push(address("ExternalIP"));
        row.push(or_unknown(info.map(|i| &i.os_image)));
        row.push(or_unknown(info.map(|i| &i.kernel_version)));
        row.push(or_unknown(info.map(|i| &i.container_runtime_version)));
    }
    row
}
