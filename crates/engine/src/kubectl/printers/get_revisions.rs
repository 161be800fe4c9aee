//! `kubectl get controllerrevisions` (`printControllerRevision` in
//! `pkg/printers/internalversion/printers.go`).

use k8s_openapi::api::apps::v1::ControllerRevision;
use crate::api::controller_of;

use crate::state::{ClusterState, Stored};

use super::label_columns::LabelColumns;
use super::age;
use super::{nothing_found, object_namespace, select};

pub fn get_revisions(
    state: &ClusterState,
    namespace: Option<&str>,
    name: Option<&str>,
    labels: &LabelColumns,
    now_ms: u64,
) -> Result<String, String> {
    let revisions: Vec<&ControllerRevision> = select(state.revisions.values().map(Stored::object), namespace, name);
    if revisions.is_empty() {
        return nothing_found("controllerrevisions.apps", namespace, name);
    }
    let mut headers = vec!["NAME", "CONTROLLER", "REVISION", "AGE"];
    if namespace.is_none() {
        headers.insert(0, "NAMESPACE");
    }
    let rows: Vec<Vec<String>> = revisions
        .iter()
        .map(|r| {
            let controller = controller_of(&r.metadata).map_or_else(
                || "<none>".to_string(),
                |c| format!("{}/{}", resource_with_group(&c.kind, &c.api_version), c.name),
            );
            let mut row = vec![
                r.metadata.name.clone().unwrap_or_default(),
                controller,
                r.revision.to_string(),
                age::translate_timestamp_since(r.metadata.creation_timestamp.as_ref(), now_ms),
            ];
            if namespace.is_none() {
                row.insert(0, object_namespace(&r.metadata).to_string());
            }
            row
        })
        .collect();
    Ok(labels.render(&headers, rows, &revisions))
}


/// `printers.FormatResourceName` with kind: `daemonset.apps` from `DaemonSet` in `apps/v1`.
pub fn resource_with_group(kind: &str, api_version: &str) -> String {
    let kind = kind.to_lowercase();
    match api_version.split_once('/') {
        Some((group, _)) if !group.is_empty() => format!("{kind}.{group}"),
        _ => kind,
    }
}
