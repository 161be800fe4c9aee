//! The pod status the kubelet writes at each stage: phase, conditions and container
//! statuses, as `kubectl get pods` then reads them (ContainerCreating, Running,
//! CrashLoopBackOff, ImagePullBackOff ...).

use k8s_openapi::api::core::v1::{HostIP, PodIP, 
    ContainerState, ContainerStateRunning, ContainerStateWaiting, ContainerStatus, Pod, PodCondition, PodStatus,
};

use crate::clock;
use crate::network::PodAddresses;
use crate::pod_conditions::{keep_transition_time, set_pod_condition};
use crate::pod_readiness::ready_condition;

/// The conditions the kubelet owns, in the order it writes them: its status manager
/// keeps the conditions others set (DisruptionTarget, a readiness gate's) first.
const CONDITIONS_BY_KUBELET: [&str; 5] = ["PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"];

fn condition(type_: &str, status: bool, reason: Option<&str>, message: Option<String>) -> PodCondition {
    PodCondition {
        type_: type_.into(),
        status: if status { "True" } else { "False" }.into(),
        reason: reason.map(str::to_string),
        message,
        ..Default::default()
    }
}

/// `GeneratePodReadyCondition`: Ready needs ready containers and, when the pod has
/// readiness gates, a True condition for each of them (set by some other component).
fn generate_ready_condition(pod: &Pod, containers_ready: &PodCondition) -> PodCondition {
    if containers_ready.status != "True" {
        return PodCondition { type_: "Ready".into(), ..containers_ready.clone() };
    }
    let conditions = pod.status.as_ref().and_then(|s| s.conditions.as_ref());
    let unready: Vec<String> = pod
        .spec
        .iter()
        .flat_map(|s| s.readiness_gates.iter().flatten())
        .filter_map(|gate| {
            let gate_type = &gate.condition_type;
            match conditions.and_then(|c| c.iter().find(|c| c.type_ == *gate_type)) {
                None => Some(format!("corresponding condition of pod readiness gate {gate_type:?} does not exist.")),
                Some(c) if c.status != "True" => {
                    Some(format!("the status of pod readiness gate {gate_type:?} is not \"True\", but {}", c.status))
                }
                Some(_) => None,
            }
        })
        .collect();
    if unready.is_empty() {
        condition("Ready", true, None, None)
    } else {
        condition("Ready", false, Some("ReadinessGatesNotReady"), Some(unready.join(", ")))
    }
}

/// What the kubelet's status manager writes: the other components' conditions as they
/// were, then the kubelet's own in its order, each keeping its `lastTransitionTime`
/// while its status holds.
fn write_kubelet_conditions(pod: &mut Pod, now_ms: u64) {
    let statuses = pod.status.as_ref().and_then(|s| s.container_statuses.as_ref());
    let unready: Vec<&str> = statuses.iter().flat_map(|s| s.iter()).filter(|c| !c.ready).map(|c| c.name.as_str()).collect();
    let containers_ready = if unready.is_empty() {
        condition("ContainersReady", true, None, None)
    } else {
        let message = format!("containers with unready status: [{}]", unready.join(" "));
        condition("ContainersReady", false, Some("ContainersNotReady"), Some(message))
    };
    let ready = generate_ready_condition(pod, &containers_ready);
    let generated = [
        condition("PodReadyToStartContainers", true, None, None),
        condition("Initialized", true, None, None),
        ready,
        containers_ready,
        condition("PodScheduled", true, None, None),
    ];
    let status = pod.status.get_or_insert_with(PodStatus::default);
    let old = status.conditions.take().unwrap_or_default();
    let kubelets = generated.into_iter().map(|mut c| {
        c.last_transition_time = Some(clock::timestamp(now_ms));
        let previous = old.iter().find(|o| o.type_ == c.type_);
        keep_transition_time(&mut c, previous);
        c
    });
    let others = old.iter().filter(|c| !CONDITIONS_BY_KUBELET.contains(&c.type_.as_str())).cloned();
    status.conditions = Some(others.chain(kubelets).collect());
}

fn container_statuses(pod: &Pod, state: ContainerState, ready: bool, restart: bool) -> Vec<ContainerStatus> {
    let old = pod.status.as_ref().and_then(|s| s.container_statuses.clone()).unwrap_or_default();
    pod.spec
        .iter()
        .flat_map(|s| s.containers.iter())
        .map(|c| {
            let previous = old.iter().find(|o| o.name == c.name);
            let restarts = previous.map_or(0, |p| p.restart_count) + i32::from(restart);
            ContainerStatus {
                name: c.name.clone(),
                image: c.image.clone().unwrap_or_default(),
                image_id: String::new(),
                ready,
                restart_count: restarts,
                started: Some(state.running.is_some()),
                state: Some(state.clone()),
                ..Default::default()
            }
        })
        .collect()
}

fn with_status(mut pod: Pod, phase: &str, state: ContainerState, ready: bool, restart: bool, now_ms: u64) -> Pod {
    let statuses = container_statuses(&pod, state, ready, restart);
    let status = pod.status.get_or_insert_with(PodStatus::default);
    status.phase = Some(phase.into());
    status.start_time.get_or_insert_with(|| clock::timestamp(now_ms));
    status.container_statuses = Some(statuses);
    write_kubelet_conditions(&mut pod, now_ms);
    pod
}

fn waiting_state(reason: &str) -> ContainerState {
    ContainerState { waiting: Some(ContainerStateWaiting { reason: Some(reason.into()), message: None }), ..Default::default() }
}

/// The node's address and the pod's own, as the kubelet reports them (hostIP, podIP
/// and their plural lists).
pub fn with_addresses(mut pod: Pod, addresses: PodAddresses) -> Pod {
    let status = pod.status.get_or_insert_with(PodStatus::default);
    if let Some(ip) = addresses.host_ip {
        status.host_ips = Some(vec![HostIP { ip: ip.clone() }]);
        status.host_ip = Some(ip);
    }
    if let Some(ip) = addresses.pod_ip {
        status.pod_ips = Some(vec![PodIP { ip: ip.clone() }]);
        status.pod_ip = Some(ip);
    }
    pod
}

/// Admission refused the pod: it never starts and ends Failed.
pub fn rejected(mut pod: Pod, rejection: &super::Rejection, now_ms: u64) -> Pod {
    let status = pod.status.get_or_insert_with(PodStatus::default);
    status.phase = Some("Failed".into());
    status.reason = Some(rejection.reason.clone());
    status.message = Some(format!("Pod was rejected: {}", rejection.message));
    status.start_time.get_or_insert_with(|| clock::timestamp(now_ms));
    pod
}

pub fn container_creating(pod: Pod, now_ms: u64) -> Pod {
    with_status(pod, "Pending", waiting_state("ContainerCreating"), false, false, now_ms)
}

pub fn waiting(pod: Pod, reason: &str, now_ms: u64, ready: bool) -> Pod {
    with_status(pod, "Pending", waiting_state(reason), ready, false, now_ms)
}

pub fn running(pod: Pod, now_ms: u64) -> Pod {
    let state = ContainerState {
        running: Some(ContainerStateRunning { started_at: Some(clock::timestamp(now_ms)) }),
        ..Default::default()
    };
    with_status(pod, "Running", state, false, false, now_ms)
}

/// The container exited with an error; it waits in CrashLoopBackOff for its restart.
pub fn crashed(pod: Pod, now_ms: u64) -> Pod {
    let restarted = pod.status.as_ref().and_then(|s| s.container_statuses.as_ref()).is_some_and(|c| !c.is_empty())
        && pod.status.as_ref().and_then(|s| s.phase.as_deref()) == Some("Running");
    with_status(pod, "Running", waiting_state("CrashLoopBackOff"), false, restarted, now_ms)
}

pub fn set_ready(mut pod: Pod, now_ms: u64) -> Pod {
    let status = pod.status.get_or_insert_with(PodStatus::default);
    for container in status.container_statuses.iter_mut().flatten() {
        container.ready = true;
    }
    write_kubelet_conditions(&mut pod, now_ms);
    pod
}

/// The kubelet's conditions worked out again from the pod as it stands.
pub fn refresh_conditions(mut pod: Pod, now_ms: u64) -> Pod {
    write_kubelet_conditions(&mut pod, now_ms);
    pod
}

/// The node lifecycle controller's MarkPodsNotReady, for pods on an unreachable node.
pub fn set_not_ready(mut pod: Pod, now_ms: u64) -> Pod {
    if ready_condition(&pod).is_some_and(|c| c.status != "False") {
        let condition = PodCondition { last_transition_time: Some(clock::timestamp(now_ms)), ..condition("Ready", false, None, None) };
        set_pod_condition(&mut pod, condition);
    }
    pod
}
