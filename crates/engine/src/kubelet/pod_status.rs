//! The pod status the kubelet writes at each stage: phase, conditions and container
//! statuses, as `kubectl get pods` then reads them (ContainerCreating, Running,
//! CrashLoopBackOff, ImagePullBackOff ...).

use k8s_openapi::api::core::v1::{
    ContainerState, ContainerStateRunning, ContainerStateWaiting, ContainerStatus, Pod, PodCondition, PodStatus,
};

use crate::clock;

fn set_condition(status: &mut PodStatus, type_: &str, value: bool, now_ms: u64) {
    let value = if value { "True" } else { "False" };
    let conditions = status.conditions.get_or_insert_with(Vec::new);
    match conditions.iter_mut().find(|c| c.type_ == type_) {
        Some(existing) if existing.status == value => {}
        Some(existing) => {
            existing.status = value.into();
            existing.last_transition_time = Some(clock::timestamp(now_ms));
        }
        None => conditions.push(PodCondition {
            type_: type_.into(),
            status: value.into(),
            last_transition_time: Some(clock::timestamp(now_ms)),
            ..Default::default()
        }),
    }
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
    set_condition(status, "Initialized", true, now_ms);
    set_condition(status, "ContainersReady", ready, now_ms);
    set_condition(status, "Ready", ready, now_ms);
    pod
}

fn waiting_state(reason: &str) -> ContainerState {
    ContainerState { waiting: Some(ContainerStateWaiting { reason: Some(reason.into()), message: None }), ..Default::default() }
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
    set_condition(status, "ContainersReady", true, now_ms);
    set_condition(status, "Ready", true, now_ms);
    pod
}

/// The node lifecycle controller's MarkPodsNotReady, for pods on an unreachable node.
pub fn set_not_ready(mut pod: Pod, now_ms: u64) -> Pod {
    let status = pod.status.get_or_insert_with(PodStatus::default);
    set_condition(status, "Ready", false, now_ms);
    pod
}
