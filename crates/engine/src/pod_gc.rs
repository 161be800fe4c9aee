//! PodGC (pkg/controller/podgc). Its pass runs every 20 s from the controller manager's
//! start (time 0 here) and force-deletes two kinds of pods the kubelet will never
//! finish: those bound to a node that has been gone for the quarantine period
//! (`gcOrphaned`), and terminating pods on a node that is not Ready and carries the
//! `node.kubernetes.io/out-of-service` taint (`gcTerminating`, the non-graceful node
//! shutdown an administrator declares). It records no events: upstream's PodGC has no
//! event recorder. Each pod is first marked Failed, then deleted with grace 0.

use k8s_openapi::api::core::v1::{Node, Pod, PodStatus};

use crate::api::Api;
use crate::clock::SECOND;
use crate::node_lifecycle::ready_status;
use crate::pod_conditions::set_disruption_target;
use crate::pod_readiness::{is_terminating, node_name};

/// `gcCheckPeriod`.
pub const CHECK_PERIOD_MS: u64 = 20 * SECOND;
/// `quarantineTime`: how long the node queue holds a missing node before the pass
/// checks that it is really gone.
pub const QUARANTINE_MS: u64 = 40 * SECOND;
/// `v1.TaintNodeOutOfService`.
pub const TAINT_OUT_OF_SERVICE: &str = "node.kubernetes.io/out-of-service";

/// The first pass after `now_ms` (a pass at the very moment of a change ran before it).
pub fn next_pass(now_ms: u64) -> u64 {
    (now_ms / CHECK_PERIOD_MS + 1) * CHECK_PERIOD_MS
}

/// When the pods of a node deleted at `now_ms` are collected: the next pass finds them
/// and puts their node in quarantine, and the pass that finds it out of quarantine and
/// still gone deletes them.
pub fn orphans_collected_at(now_ms: u64) -> u64 {
    next_pass(now_ms) + QUARANTINE_MS
}

/// `IsNodeReady` is false and the out-of-service taint is there, whatever its effect.
pub fn is_out_of_service(node: &Node) -> bool {
    let tainted = node.spec.iter().flat_map(|s| s.taints.iter().flatten()).any(|t| t.key == TAINT_OUT_OF_SERVICE);
    tainted && ready_status(node) != Some("True")
}

/// `gcOrphaned` for `node`, when it is still gone.
pub fn collect_orphaned_pods(api: &mut Api, node: &str) {
    if api.state.nodes.contains_key(node) {
        return;
    }
    let orphans: Vec<String> =
        api.state.pods.iter().filter(|(_, p)| node_name(p) == Some(node)).map(|(k, _)| k.to_string()).collect();
    for pod_key in orphans {
        mark_failed_and_delete(api, &pod_key, Some(("DeletionByPodGC", "PodGC: node no longer exists")));
    }
}

/// `gcTerminating`: every terminating pod on an out-of-service node.
pub fn collect_terminating_pods(api: &mut Api) {
    let out_of_service = |node: &str| api.state.nodes.get(node).is_some_and(|n| is_out_of_service(n));
    let terminating: Vec<String> = api
        .state
        .pods
        .iter()
        .filter(|(_, p)| is_terminating(p) && node_name(p).is_some_and(out_of_service))
        .map(|(k, _)| k.to_string())
        .collect();
    for pod_key in terminating {
        mark_failed_and_delete(api, &pod_key, None);
    }
}

/// `markFailedAndDeletePodWithCondition`: a pod not yet Succeeded or Failed is patched
/// to Failed (no kubelet will ever do it), with the condition if one is given, then
/// deleted at once.
fn mark_failed_and_delete(api: &mut Api, pod_key: &str, disruption: Option<(&str, &str)>) {
    let Some(pod) = api.state.pods.get(pod_key).map(|p| Pod::clone(p)) else { return };
    let phase = pod.status.as_ref().and_then(|s| s.phase.as_deref());
    if !matches!(phase, Some("Succeeded" | "Failed")) {
        let mut failed = pod;
        failed.status.get_or_insert_with(PodStatus::default).phase = Some("Failed".into());
        if let Some((reason, message)) = disruption {
            set_disruption_target(&mut failed, reason, message, api.now());
        }
        api.update_pod(failed);
    }
    let _ = api.delete_pod(pod_key, Some(0));
}
