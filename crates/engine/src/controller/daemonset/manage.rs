//! `manage` and `podsShouldBeOnNode`: per node, which daemon pods to create and which
//! to delete, before any rolling update.

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Pod;

use super::daemon_pods::{sort_pods, DaemonPods};
use super::rolling_update::surge_count;
use super::node_verdicts::NodeVerdicts;
use super::{FailedPodsBackoff, REVISION_HASH_LABEL};
use crate::api::key;
use crate::pod_readiness::{is_pod_available, is_pod_ready, is_terminating, label, node_name, phase};
use crate::state::ClusterState;

/// An event the controller records on the DaemonSet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedEvent {
    pub event_type: &'static str,
    pub reason: &'static str,
    pub message: String,
}

#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Nodes that get a new pod.
    pub creates: Vec<String>,
    /// Keys of pods to delete.
    pub deletes: Vec<String>,
    pub events: Vec<PlannedEvent>,
    /// Sync again after this many milliseconds (failed-pod backoff).
    pub requeue_after: Option<u64>,
}

pub fn pod_key(pod: &Pod) -> String {
    key(pod.metadata.namespace.as_deref(), pod.metadata.name.as_deref().unwrap_or(""))
}

pub fn manage(
    view: &ClusterState,
    ds: &DaemonSet,
    verdicts: &NodeVerdicts,
    daemon_pods: &DaemonPods,
    hash: &str,
    backoff: &mut FailedPodsBackoff,
    now_ms: u64,
) -> Plan {
    let mut plan = Plan::default();
    let allows_surge = surge_count(ds, 1) > 0;
    let min_ready = ds.spec.as_ref().and_then(|s| s.min_ready_seconds).unwrap_or(0);
    let uid = ds.metadata.uid.as_deref().unwrap_or("");
    let observed_generation = ds.status.as_ref().and_then(|s| s.observed_generation).unwrap_or(0);
    let no_pods = Vec::new();
    for &(name, _, verdict) in verdicts {
        let pods = daemon_pods.get(name).unwrap_or(&no_pods);
        if verdict.should_run && pods.is_empty() {
            plan.creates.push(name.to_string());
        } else if verdict.should_continue_running {
            let mut running = Vec::new();
            for pod in pods.iter().copied().filter(|p| !is_terminating(p)) {
                match phase(pod) {
                    "Failed" => {
                        let backoff_key = FailedPodsBackoff::key(uid, observed_generation, name);
                        if let Some(remaining) = backoff.remaining(&backoff_key, now_ms) {
                            plan.requeue_after = Some(plan.requeue_after.map_or(remaining, |r| r.min(remaining)));
                            continue;
                        }
                        backoff.next(&backoff_key, now_ms);
                        plan.events.push(PlannedEvent {
                            event_type: "Warning",
                            reason: "FailedDaemonPod",
                            message: format!(
                                "Found failed daemon pod {} on node {}, will try to kill it",
                                pod_key(pod),
                                name
                            ),
                        });
                        plan.deletes.push(pod_key(pod));
                    }
                    "Succeeded" => {
                        plan.events.push(PlannedEvent {
                            event_type: "Normal",
                            reason: "SucceededDaemonPod",
                            message: format!(
                                "Found succeeded daemon pod {} on node {}, will try to delete it",
                                pod_key(pod),
                                name
                            ),
                        });
                        plan.deletes.push(pod_key(pod));
                    }
                    _ => running.push(pod),
                }
            }
            if allows_surge {
                keep_surge_pair(&mut running, verdict.should_run, name, hash, min_ready, now_ms, &mut plan);
            } else if running.len() > 1 {
                sort_pods(&mut running);
                plan.deletes.extend(running[1..].iter().map(|p| pod_key(p)));
            }
        } else {
            plan.deletes.extend(pods.iter().filter(|p| !is_terminating(p)).map(|p| pod_key(p)));
        }
    }
    // getUnscheduledPodsWithoutNode: unbound pods aimed at a node that does not exist.
    for (node, pods) in daemon_pods {
        if view.nodes.contains_key(node) {
            continue;
        }
        plan.deletes.extend(pods.iter().filter(|p| node_name(p).is_none()).map(|p| pod_key(p)));
    }
    plan
}

/// With surge, a node may run one old and one new pod: keep the oldest of each, delete
/// the rest, and delete the old one once the new one is available (or at once if the
/// old one is not Ready).
fn keep_surge_pair(
    running: &mut Vec<&Pod>,
    should_run: bool,
    node: &str,
    hash: &str,
    min_ready: i32,
    now_ms: u64,
    plan: &mut Plan,
) {
    if running.is_empty() {
        if should_run {
            plan.creates.push(node.to_string());
        }
        return;
    }
    if running.len() == 1 {
        return;
    }
    sort_pods(running);
    let mut oldest_new = None;
    let mut oldest_old = None;
    for pod in running.iter().copied() {
        let is_new = label(pod, REVISION_HASH_LABEL) == Some(hash);
        let slot = if is_new { &mut oldest_new } else { &mut oldest_old };
        if slot.is_none() {
            *slot = Some(pod);
        } else {
            plan.deletes.push(pod_key(pod));
        }
    }
    if let (Some(new), Some(old)) = (oldest_new, oldest_old) {
        if !is_pod_ready(old) || is_pod_available(new, min_ready, now_ms) {
            plan.deletes.push(pod_key(old));
        }
    }
}
