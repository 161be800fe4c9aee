//! The kubelet's admission of a pod bound to its node: node pressure (the eviction
//! manager), then pkg/kubelet/lifecycle's `generalFilter`: resources, node name, host
//! ports, node affinity, and NoExecute taints. A pod the scheduler placed passes; a pod created with `spec.nodeName`
//! skips the scheduler and may be rejected here, ending Failed (`OutOfcpu`, ...).

use k8s_openapi::api::core::v1::{Pod, PodSpec, Taint};

use dsplay_model::qos;

use crate::api::priority_admission::SYSTEM_CRITICAL_PRIORITY;
use dsplay_model::tolerations::{find_matching_untolerated_taint, tolerations_tolerate_taint};

use crate::scheduler::node_resources_fit::requested;
use crate::scheduler::pod_requests::Resource;
use crate::scheduler::{node_affinity, node_name, node_ports, taint_toleration, NodeInfo};

/// Why the kubelet refused the pod: the status reason and message it writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    pub reason: String,
    pub message: String,
}

fn out_of(resource: &str, requested: i128, used: i128, capacity: i128) -> Rejection {
    Rejection {
        reason: format!("OutOf{resource}"),
        message: format!("Node didn't have enough resource: {resource}, requested: {requested}, used: {used}, capacity: {capacity}"),
    }
}

/// `InsufficientResourceError` for the first resource that does not fit.
fn check_resources(spec: &PodSpec, node: &NodeInfo) -> Result<(), Rejection> {
    let want = Resource::of_pod(spec);
    let capacity = Resource::allocatable(node.node);
    let used = requested(node);
    let pods = node.pods.len() as i128;
    if pods + 1 > capacity.allowed_pod_number {
        return Err(out_of("pods", 1, pods, capacity.allowed_pod_number));
    }
    let checks = [
        ("cpu", want.milli_cpu, used.milli_cpu, capacity.milli_cpu),
        ("memory", want.memory, used.memory, capacity.memory),
        ("ephemeral-storage", want.ephemeral_storage, used.ephemeral_storage, capacity.ephemeral_storage),
    ];
    for (resource, want, used, capacity) in checks {
        if want > 0 && want > capacity - used {
            return Err(out_of(resource, want, used, capacity));
        }
    }
    Ok(())
}

/// `PredicateFailureError`: the plugin's name is the status reason; its message
/// carries the reason the scheduler would give (`AdmissionCheck`).
fn predicate_failed(name: &str, description: &str) -> Rejection {
    Rejection { reason: name.to_string(), message: format!("Predicate {name} failed: {description}") }
}

/// `tainttoleration.ErrReasonNotMatch`, the kubelet's wording for an untolerated
/// NoExecute taint.
const ERR_REASON_UNTOLERATED: &str = "node(s) had taints that the pod didn't tolerate";

/// The eviction manager's admission (pkg/kubelet/eviction, `Admit`), the first
/// handler: under disk or PID pressure no pod but a critical one is admitted; under
/// memory pressure alone only BestEffort pods are refused, unless they tolerate the
/// memory-pressure taint (daemon pods do). The node's pressure conditions stand for
/// what the kubelet itself observes.
fn check_node_pressure(pod: &Pod, spec: &PodSpec, node: &NodeInfo) -> Result<(), Rejection> {
    let conditions = node.node.status.as_ref().and_then(|s| s.conditions.as_deref()).unwrap_or(&[]);
    let pressures: Vec<&str> = ["MemoryPressure", "DiskPressure", "PIDPressure"]
        .into_iter()
        .filter(|type_| conditions.iter().any(|c| c.type_ == *type_ && c.status == "True"))
        .collect();
    // `IsCriticalPod`: at or above the system-critical priority.
    if pressures.is_empty() || spec.priority.is_some_and(|p| p >= SYSTEM_CRITICAL_PRIORITY) {
        return Ok(());
    }
    if pressures == ["MemoryPressure"] {
        let best_effort = pod.status.as_ref().and_then(|s| s.qos_class.as_deref()) == Some(qos::BEST_EFFORT);
        let memory_pressure = Taint { key: "node.kubernetes.io/memory-pressure".into(), effect: "NoSchedule".into(), ..Default::default() };
        if !best_effort || tolerations_tolerate_taint(spec.tolerations.as_deref().unwrap_or(&[]), &memory_pressure) {
            return Ok(());
        }
    }
    Err(Rejection { reason: "Evicted".into(), message: format!("The node had condition: [{}]. ", pressures.join(" ")) })
}

/// `canAdmitPod`: the first reason the pod cannot run on this node.
pub fn admit(pod: &Pod, node: &NodeInfo) -> Result<(), Rejection> {
    let default_spec = PodSpec::default();
    let spec = pod.spec.as_ref().unwrap_or(&default_spec);
    check_node_pressure(pod, spec, node)?;
    check_resources(spec, node)?;
    if node_affinity::filter(spec, node).is_err() {
        return Err(predicate_failed(node_affinity::NAME, node_affinity::ERR_REASON_POD));
    }
    if node_name::filter(spec, node).is_err() {
        return Err(predicate_failed(node_name::NAME, node_name::ERR_REASON));
    }
    if node_ports::filter(spec, node).is_err() {
        return Err(predicate_failed(node_ports::NAME, node_ports::ERR_REASON));
    }
    let taints = node.node.spec.as_ref().and_then(|s| s.taints.as_deref()).unwrap_or(&[]);
    let tolerations = spec.tolerations.as_deref().unwrap_or(&[]);
    if find_matching_untolerated_taint(taints, tolerations, |t| t.effect == "NoExecute").is_some() {
        return Err(predicate_failed(taint_toleration::NAME, ERR_REASON_UNTOLERATED));
    }
    Ok(())
}
