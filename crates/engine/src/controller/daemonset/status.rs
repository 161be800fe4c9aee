//! `updateDaemonSetStatus`, and kubectl's reading of the status
//! (`DaemonSetStatusViewer`, what `kubectl rollout status` prints).

use k8s_openapi::api::apps::v1::{DaemonSet, DaemonSetStatus};

use super::daemon_index::DaemonSetIndex;

/// These three counts are `omitempty` in apps/v1: zero is not written, so
/// `kubectl get ds -o yaml` leaves them out.
fn omit_zero(count: i32) -> Option<i32> {
    (count != 0).then_some(count)
}

/// `updateDaemonSetStatus`: the seven counts, from the informer view, summed over
/// the nodes (each node's part, from the first of its pods in
/// `podByCreationTimestampAndPhase` order, is in its summary).
pub fn compute_status(ds: &DaemonSet, index: &DaemonSetIndex) -> DaemonSetStatus {
    let counts = index.totals.status;
    let old = ds.status.clone().unwrap_or_default();
    DaemonSetStatus {
        desired_number_scheduled: counts.desired,
        current_number_scheduled: counts.current,
        number_misscheduled: counts.misscheduled,
        number_ready: counts.ready,
        number_available: omit_zero(counts.available),
        updated_number_scheduled: omit_zero(counts.updated),
        number_unavailable: omit_zero(counts.desired - counts.available),
        observed_generation: old.observed_generation,
        collision_count: old.collision_count,
        conditions: old.conditions,
    }
}

/// kubectl's `DaemonSetStatusViewer.Status`: the line `rollout status` prints, and
/// whether the rollout is done.
pub fn rollout_status(ds: &DaemonSet) -> Result<(String, bool), String> {
    let name = ds.metadata.name.as_deref().unwrap_or("");
    let strategy = ds.spec.as_ref().and_then(|s| s.update_strategy.as_ref()).and_then(|u| u.type_.as_deref());
    if strategy.unwrap_or("RollingUpdate") != "RollingUpdate" {
        return Err("rollout status is only available for RollingUpdate strategy type".into());
    }
    let status = ds.status.clone().unwrap_or_default();
    if ds.metadata.generation.unwrap_or(0) > status.observed_generation.unwrap_or(0) {
        return Ok(("Waiting for daemon set spec update to be observed...".into(), false));
    }
    let desired = status.desired_number_scheduled;
    let updated = status.updated_number_scheduled.unwrap_or(0);
    let available = status.number_available.unwrap_or(0);
    if updated < desired {
        return Ok((
            format!("Waiting for daemon set \"{name}\" rollout to finish: {updated} out of {desired} new pods have been updated..."),
            false,
        ));
    }
    if available < desired {
        return Ok((
            format!("Waiting for daemon set \"{name}\" rollout to finish: {available} of {desired} updated pods are available..."),
            false,
        ));
    }
    Ok((format!("daemon set \"{name}\" successfully rolled out"), true))
}
