//! `kubectl describe daemonset` (`DaemonSetDescriber` in kubectl `pkg/describe/describe.go`).

use dsplay_model::labels::{parse_selector, selector_matches};
use k8s_openapi::api::apps::v1::DaemonSet;

use crate::state::ClusterState;

use super::describe_events::{describe_events, events_for};
use super::describe_pod_template::describe_pod_template;
use super::describe_text::{annotations_multiline, labels_multiline};
use super::label_columns::format_labels;
use crate::api::controller_of;
use super::table::TabWriter;
use super::{not_found, object_namespace};

pub fn describe_daemonset(state: &ClusterState, namespace: &str, name: &str, now_ms: u64) -> Result<String, String> {
    let ds = state.daemonsets.get(&format!("{namespace}/{name}")).ok_or_else(|| not_found("daemonsets.apps", name))?;
    let spec = ds.spec.clone().unwrap_or_default();
    // LabelSelectorAsSelector: an invalid selector fails the whole describe.
    let selector = parse_selector(&spec.selector).map_err(|e| format!("error: {e}"))?;
    let (running, waiting, succeeded, failed) = pod_status_counts(state, ds);
    let status = ds.status.clone().unwrap_or_default();

    let mut w = TabWriter::for_describe();
    w.write(&format!("Name:\t{name}\n"));
    w.write(&format!("Namespace:\t{}\n", object_namespace(&ds.metadata)));
    w.write(&format!("Selector:\t{selector}\n"));
    let node_selector = spec.template.spec.as_ref().and_then(|s| s.node_selector.as_ref());
    w.write(&format!("Node-Selector:\t{}\n", format_labels(node_selector)));
    labels_multiline(&mut w, "Labels", ds.metadata.labels.as_ref());
    annotations_multiline(&mut w, "Annotations", ds.metadata.annotations.as_ref());
    w.write(&format!("Desired Number of Nodes Scheduled: {}\n", status.desired_number_scheduled));
    w.write(&format!("Current Number of Nodes Scheduled: {}\n", status.current_number_scheduled));
    w.write(&format!(
        "Number of Nodes Scheduled with Up-to-date Pods: {}\n",
        status.updated_number_scheduled.unwrap_or(0)
    ));
    w.write(&format!("Number of Nodes Scheduled with Available Pods: {}\n", status.number_available.unwrap_or(0)));
    w.write(&format!("Number of Nodes Misscheduled: {}\n", status.number_misscheduled));
    w.write(&format!("Pods Status:\t{running} Running / {waiting} Waiting / {succeeded} Succeeded / {failed} Failed\n"));
    describe_pod_template(&mut w, &spec.template);
    describe_events(&mut w, &events_for(state, "DaemonSet", namespace, name, &[ds.metadata.uid.as_deref().unwrap_or_default()], now_ms), now_ms);
    Ok(w.finish())
}

/// `getPodStatusForController`: pods matching the selector and controlled by this
/// DaemonSet, counted by phase.
fn pod_status_counts(state: &ClusterState, ds: &DaemonSet) -> (usize, usize, usize, usize) {
    let namespace = object_namespace(&ds.metadata);
    let mut counts = (0, 0, 0, 0);
    let Some(spec) = ds.spec.as_ref() else { return counts };
    for pod in state.pods.values() {
        if object_namespace(&pod.metadata) != namespace {
            continue;
        }
        let empty = Default::default();
        if !selector_matches(&spec.selector, pod.metadata.labels.as_ref().unwrap_or(&empty)) {
            continue;
        }
        let owned = controller_of(&pod.metadata).is_some_and(|c| Some(&c.uid) == ds.metadata.uid.as_ref());
        if !owned {
            continue;
        }
        match pod.status.as_ref().and_then(|s| s.phase.as_deref()) {
            Some("Running") => counts.0 += 1,
            Some("Pending") => counts.1 += 1,
            Some("Succeeded") => counts.2 += 1,
            Some("Failed") => counts.3 += 1,
            _ => {}
        }
    }
    counts
}
