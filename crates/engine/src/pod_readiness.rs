//! A pod's readiness and availability as kube-controller-manager judges them
//! (pkg/api/v1/pod/util.go: IsPodReady, IsPodAvailable), and its place in the
//! lifecycle (terminating, terminal).

use k8s_openapi::api::core::v1::{Pod, PodCondition};

use crate::clock;

pub fn ready_condition(pod: &Pod) -> Option<&PodCondition> {
    pod.status.as_ref()?.conditions.as_ref()?.iter().find(|c| c.type_ == "Ready")
}

pub fn is_pod_ready(pod: &Pod) -> bool {
    ready_condition(pod).is_some_and(|c| c.status == "True")
}

/// Ready, and Ready for at least `min_ready_seconds` by `now_ms`. With a positive
/// minReadySeconds, a Ready condition without a transition time never counts.
pub fn is_pod_available(pod: &Pod, min_ready_seconds: i32, now_ms: u64) -> bool {
    let Some(condition) = ready_condition(pod).filter(|c| c.status == "True") else { return false };
    if min_ready_seconds <= 0 {
        return true;
    }
    match &condition.last_transition_time {
        Some(since) => clock::millis(since) + min_ready_seconds as u64 * clock::SECOND <= now_ms,
        None => false,
    }
}

pub fn phase(pod: &Pod) -> &str {
    pod.status.as_ref().and_then(|s| s.phase.as_deref()).unwrap_or("Pending")
}

pub fn is_terminating(pod: &Pod) -> bool {
    pod.metadata.deletion_timestamp.is_some()
}

pub fn is_terminal(pod: &Pod) -> bool {
    matches!(phase(pod), "Succeeded" | "Failed")
}

pub fn node_name(pod: &Pod) -> Option<&str> {
    pod.spec.as_ref()?.node_name.as_deref().filter(|n| !n.is_empty())
}

pub fn label<'a>(pod: &'a Pod, key: &str) -> Option<&'a str> {
    pod.metadata.labels.as_ref()?.get(key).map(String::as_str)
}
