//! `kubectl get daemonsets` (`printDaemonSet` in `pkg/printers/internalversion/printers.go`).

use dsplay_model::labels::format_label_selector;
use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Container;

use crate::state::{ClusterState, Stored};

use super::label_columns::{format_labels, LabelColumns};
use super::age;
use super::table::list_cells;
use super::{nothing_found, object_namespace, select};

pub fn get_daemonsets(
    state: &ClusterState,
    namespace: Option<&str>,
    name: Option<&str>,
    wide: bool,
    labels: &LabelColumns,
    now_ms: u64,
) -> Result<String, String> {
    let (headers, rows) = daemonset_cells(state, namespace, name, wide, now_ms);
    if rows.is_empty() {
        return nothing_found("daemonsets.apps", namespace, name);
    }
    let daemonsets: Vec<&DaemonSet> = select(state.daemonsets.values().map(Stored::object), namespace, name);
    Ok(labels.render(&headers, rows, &daemonsets))
}

/// What [`get_daemonsets`] prints, as headers and cells rather than aligned text, for
/// a view that lays the table out itself (the web app's status line): NAMESPACE first
/// when `namespace` is None (`-A`), one row per DaemonSet in the API server's order.
pub fn daemonset_cells(
    state: &ClusterState,
    namespace: Option<&str>,
    name: Option<&str>,
    wide: bool,
    now_ms: u64,
) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let daemonsets: Vec<&DaemonSet> = select(state.daemonsets.values().map(Stored::object), namespace, name);
    let mut headers = vec!["NAME", "DESIRED", "CURRENT", "READY", "UP-TO-DATE", "AVAILABLE", "NODE SELECTOR", "AGE"];
    if wide {
        headers.extend(["CONTAINERS", "IMAGES", "SELECTOR"]);
    }
    list_cells(headers, &daemonsets, namespace, |o| object_namespace(&o.metadata).to_string(), |o| daemonset_row(o, wide, now_ms))
}

/// `layoutContainerCells`: container names and images, comma-separated.
pub fn container_cells(containers: &[Container]) -> (String, String) {
    let names: Vec<&str> = containers.iter().map(|c| c.name.as_str()).collect();
    let images: Vec<&str> = containers.iter().map(|c| c.image.as_deref().unwrap_or("")).collect();
    (names.join(","), images.join(","))
}

fn daemonset_row(ds: &DaemonSet, wide: bool, now_ms: u64) -> Vec<String> {
    let status = ds.status.clone().unwrap_or_default();
    let pod_spec = ds.spec.as_ref().and_then(|s| s.template.spec.as_ref());
    let mut row = vec![
        ds.metadata.name.clone().unwrap_or_default(),
        status.desired_number_scheduled.to_string(),
        status.current_number_scheduled.to_string(),
        status.number_ready.to_string(),
        status.updated_number_scheduled.unwrap_or(0).to_string(),
        status.number_available.unwrap_or(0).to_string(),
        format_labels(pod_spec.and_then(|s| s.node_selector.as_ref())),
        age::translate_timestamp_since(ds.metadata.creation_timestamp.as_ref(), now_ms),
    ];
    if wide {
        let (names, images) = container_cells(pod_spec.map(|s| s.containers.as_slice()).unwrap_or_default());
        row.push(names);
        row.push(images);
        row.push(format_label_selector(ds.spec.as_ref().map(|s| &s.selector)));
    }
    row
}
