//! A node's conditions as the controller reads them (`GetNodeCondition`).

use k8s_openapi::api::core::v1::{Node, NodeCondition};

/// The node's condition of type `type_`, if it has one.
pub(super) fn condition<'a>(node: &'a Node, type_: &str) -> Option<&'a NodeCondition> {
    node.status.as_ref()?.conditions.as_ref()?.iter().find(|c| c.type_ == type_)
}

/// The status of the node's Ready condition (`True`, `False`, `Unknown`), if it has one.
pub fn ready_status(node: &Node) -> Option<&str> {
    condition(node, "Ready").map(|c| c.status.as_str())
}
