//! v1 Node: `ValidateNode` (metadata, taints, and `ValidateNodeResources`: each capacity
//! and allocatable quantity not negative, and whole for pods and extended resources).

use k8s_openapi::api::core::v1::Node;

use super::bad_value::quote;
use super::meta::{validate_object_meta, NameRule};
use super::quantity::ParsedQuantity;
use super::resources::validate_quantity_value;
use super::tolerations::validate_node_taints;
use super::{field, FieldError};
use crate::field_path::FieldPath;

/// `ValidateNode` (create). Nodes are cluster-scoped.
pub fn validate_node(node: &Node) -> Vec<FieldError> {
    let meta_path = FieldPath::root().child("metadata");
    let mut errs = validate_object_meta(&node.metadata, false, NameRule::DnsSubdomain, &meta_path);
    if let Some(taints) = node.spec.as_ref().and_then(|s| s.taints.as_deref()).filter(|t| !t.is_empty()) {
        // Upstream reports taints under metadata (fldPath is the metadata path there).
        errs.extend(validate_node_taints(taints, &meta_path.child("taints")));
    }
    let status = node.status.as_ref();
    for (list, name) in [(status.and_then(|s| s.capacity.as_ref()), "capacity"), (status.and_then(|s| s.allocatable.as_ref()), "allocatable")] {
        for (resource, quantity) in list.into_iter().flatten() {
            // field.NewPath("status", name, resource): the resource is a child, not a key.
            let path = FieldPath::root().child("status").child(name).child(resource);
            match ParsedQuantity::parse(&quantity.0) {
                Err(msg) => errs.push(field::invalid(&path, quote(&quantity.0), msg)),
                Ok(q) => errs.extend(validate_quantity_value(resource, &q, &path)),
            }
        }
    }
    errs
}
