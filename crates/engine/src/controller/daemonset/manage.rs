//! `manage` and `podsShouldBeOnNode`: per node, which daemon pods to create and which
//! to delete, before any rolling update.

use k8s_openapi::api::apps::v1::DaemonSet;

use super::daemon_index::DaemonSetIndex;
use super::node_summary::pods_should_be_on_node;
use super::plan::{Plan, PlannedEvent};
use super::util::pod_key;
use super::FailedPodsBackoff;
use crate::pod_readiness::{is_pod_ready, node_name, phase};
use crate::state::ClusterState;

/// `manage`: walks the nodes where `podsShouldBeOnNode` has work (in node name order,
/// as the full walk of every node would meet them; the others contribute nothing),
/// then deletes unbound pods aimed at nodes that do not exist
/// (`getUnscheduledPodsWithoutNode`).
pub fn manage(view: &ClusterState, ds: &DaemonSet, index: &DaemonSetIndex, backoff: &mut FailedPodsBackoff, now_ms: u64) -> Plan {
    let mut plan = Plan::default();
    let uid = ds.metadata.uid.as_deref().unwrap_or("");
    let observed_generation = ds.status.as_ref().and_then(|s| s.observed_generation).unwrap_or(0);
    for name in &index.totals.manage_active {
        let Some(verdict) = index.summary(name).and_then(|s| s.verdict) else { continue };
        let pods = index.pods_on(view, name);
        let work = pods_should_be_on_node(verdict, &pods, &index.ctx);
        if work.create {
            plan.creates.push(name.to_string());
        }
        for pod in work.terminal {
            if phase(pod) == "Failed" {
                let backoff_key = FailedPodsBackoff::key(uid, observed_generation, name);
                if let Some(remaining) = backoff.remaining(&backoff_key, now_ms) {
                    plan.requeue_after = Some(plan.requeue_after.map_or(remaining, |r| r.min(remaining)));
                    continue;
                }
                backoff.next(&backoff_key, now_ms);
                plan.events.push(PlannedEvent {
                    event_type: "Warning",
                    reason: "FailedDaemonPod",
                    message: format!("Found failed daemon pod {} on node {}, will try to kill it", pod_key(pod), name),
                });
            } else {
                plan.events.push(PlannedEvent {
                    event_type: "Normal",
                    reason: "SucceededDaemonPod",
                    message: format!("Found succeeded daemon pod {} on node {}, will try to delete it", pod_key(pod), name),
                });
            }
            plan.deletes.push(pod_key(pod));
        }
        plan.deletes.extend(work.deletes.iter().map(|p| pod_key(p)));
        // With surge, the old pod of a pair goes once the new one is available, or
        // at once if the old one is not Ready.
        if let Some((new, old)) = work.surge_pair {
            if !is_pod_ready(old) || index.ctx.available(new, now_ms) {
                plan.deletes.push(pod_key(old));
            }
        }
    }
    for node in &index.totals.unbound_on_missing_node {
        plan.deletes.extend(index.pods_on(view, node).iter().filter(|p| node_name(p).is_none()).map(|p| pod_key(p)));
    }
    plan
}
