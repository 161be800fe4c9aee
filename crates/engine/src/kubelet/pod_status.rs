//! The pod status the kubelet writes at each stage: phase, conditions and container
//! statuses, as `kubectl get pods` then reads them (ContainerCreating, Running,
//! CrashLoopBackOff, ImagePullBackOff ...).

use k8s_openapi::api::core::v1::{
    Container, ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting, ContainerStatus, HostIP, Pod,
    PodCondition, PodIP, PodStatus,
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
    let init_containers = init_containers(pod);
    // Sidecars count among the containers that must be ready (`GenerateContainersReadyCondition`).
    let sidecars = sidecars(pod).filter_map(|c| container_status(pod, &c.name));
    let unready: Vec<&str> =
        sidecars.chain(statuses.iter().flat_map(|s| s.iter())).filter(|c| !c.ready).map(|c| c.name.as_str()).collect();
    // `GeneratePodInitializedCondition`: every init container done.
    let incomplete: Vec<&str> = init_containers.iter().filter(|c| !init_done(pod, c)).map(|c| c.name.as_str()).collect();
    let initialized = if incomplete.is_empty() {
        condition("Initialized", true, None, None)
    } else {
        let message = format!("containers with incomplete status: [{}]", incomplete.join(" "));
        condition("Initialized", false, Some("ContainersNotInitialized"), Some(message))
    };
    let containers_ready = if unready.is_empty() {
        condition("ContainersReady", true, None, None)
    } else {
        let message = format!("containers with unready status: [{}]", unready.join(" "));
        condition("ContainersReady", false, Some("ContainersNotReady"), Some(message))
    };
    let ready = generate_ready_condition(pod, &containers_ready);
    let generated = [
        condition("PodReadyToStartContainers", true, None, None),
        initialized,
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

/// Admitted: every container shows ContainerCreating while its image is made ready.
pub fn container_creating(pod: Pod, now_ms: u64) -> Pod {
    containers_synced(pod, &[], now_ms)
}

/// What one sync left a container in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContainerOutcome {
    /// Started, not yet ready.
    Running,
    /// An init container ran to completion (exit 0).
    Completed,
    /// Not started: `ErrImagePull`, `ImagePullBackOff`, `ErrImageNeverPull`.
    Waiting(&'static str),
    /// Started and exited when it should have kept running, with no back-off yet (its
    /// first exit): it shows Terminated (its exit's reason) until the kubelet restarts
    /// it, a moment later.
    Exited(Exit),
    /// Started and exited again; it waits in CrashLoopBackOff to be restarted.
    Crashed(Exit),
}

impl ContainerOutcome {
    /// The container ran and exited, so it is to be restarted.
    pub fn exited(self) -> bool {
        matches!(self, Self::Exited(_) | Self::Crashed(_))
    }
}

/// How a container ended: its exit code and the runtime's reason for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exit {
    pub code: i32,
    pub reason: &'static str,
}

impl Exit {
    pub const ERROR: Exit = Exit { code: 1, reason: "Error" };
    pub const COMPLETED: Exit = Exit { code: 0, reason: "Completed" };
    /// SIGKILL from the kernel's OOM killer: 128 + 9.
    pub const OOM_KILLED: Exit = Exit { code: 137, reason: "OOMKilled" };
}

/// A container's status, by name, if the kubelet has reported one.
pub fn container_status<'a>(pod: &'a Pod, name: &str) -> Option<&'a ContainerStatus> {
    let status = pod.status.as_ref()?;
    let all = status.init_container_statuses.iter().flatten().chain(status.container_statuses.iter().flatten());
    all.into_iter().find(|s| s.name == name)
}

/// Whether the container is running.
pub fn is_running(pod: &Pod, name: &str) -> bool {
    container_status(pod, name).and_then(|s| s.state.as_ref()).is_some_and(|s| s.running.is_some())
}

/// An init container with `restartPolicy: Always`: a sidecar, started in its turn and
/// kept running beside the pod's containers.
pub fn is_sidecar(container: &Container) -> bool {
    container.restart_policy.as_deref() == Some("Always")
}

/// The pod's init containers, in order.
pub fn init_containers(pod: &Pod) -> &[Container] {
    pod.spec.as_ref().and_then(|s| s.init_containers.as_deref()).unwrap_or_default()
}

/// The pod's sidecars: its init containers with `restartPolicy: Always`.
pub fn sidecars(pod: &Pod) -> impl Iterator<Item = &Container> {
    init_containers(pod).iter().filter(|c| is_sidecar(c))
}

/// Whether `name` is one of the pod's sidecars.
pub fn is_sidecar_of(pod: &Pod, name: &str) -> bool {
    sidecars(pod).any(|c| c.name == name)
}

/// Whether an init container has done its part: a sidecar once started, any other
/// once it exited 0.
pub fn init_done(pod: &Pod, container: &Container) -> bool {
    let state = container_status(pod, &container.name).and_then(|s| s.state.as_ref());
    if is_sidecar(container) {
        return container_status(pod, &container.name).is_some_and(|s| s.started == Some(true));
    }
    state.and_then(|s| s.terminated.as_ref()).is_some_and(|t| t.exit_code == 0)
}

/// Whether the container ran and exited and waits to be started again: Terminated
/// after a first exit, CrashLoopBackOff after later ones. An init container that
/// exited 0 is done, not waiting; any other container exits only to restart.
pub fn has_exited(pod: &Pod, name: &str) -> bool {
    let state = container_status(pod, name).and_then(|s| s.state.as_ref());
    let runs_to_completion = init_containers(pod).iter().any(|c| c.name == name && !is_sidecar(c));
    let restarts = |t: &ContainerStateTerminated| t.exit_code != 0 || !runs_to_completion;
    state.and_then(|s| s.terminated.as_ref()).is_some_and(restarts) || waiting_reason(pod, name) == Some("CrashLoopBackOff")
}

/// The waiting reason of a container that has not started (or waits to restart).
pub fn waiting_reason<'a>(pod: &'a Pod, name: &str) -> Option<&'a str> {
    container_status(pod, name)?.state.as_ref()?.waiting.as_ref()?.reason.as_deref()
}

/// A sync's result for the containers it touched, by name; the others keep their
/// status, or show ContainerCreating until their first start. The phase follows as
/// `getPhase` works it out: Pending while any container has never started, Failed when
/// every container exited and none is restarted, else Running.
pub fn containers_synced(mut pod: Pod, outcomes: &[(String, ContainerOutcome)], now_ms: u64) -> Pod {
    let init_containers = pod.spec.as_ref().and_then(|s| s.init_containers.clone()).unwrap_or_default();
    let uid = pod.metadata.uid.clone().unwrap_or_default();
    let uid = uid.as_str();
    // A container not yet started waits for the init containers, if the pod has any.
    let not_started = if init_containers.is_empty() { "ContainerCreating" } else { "PodInitializing" };
    let synced = |list: &[Container], old: Option<&Vec<ContainerStatus>>| -> Vec<ContainerStatus> {
        list.iter()
            .map(|c| {
                let previous = old.into_iter().flatten().find(|o| o.name == c.name);
                match outcomes.iter().find(|(name, _)| *name == c.name) {
                    Some((_, outcome)) => synced_status(c, previous, *outcome, uid, now_ms),
                    None => previous.cloned().unwrap_or_else(|| fresh_status(c, waiting_state(not_started))),
                }
            })
            .collect()
    };
    let containers = pod.spec.as_ref().map(|s| s.containers.clone()).unwrap_or_default();
    let statuses = synced(&containers, pod.status.as_ref().and_then(|s| s.container_statuses.as_ref()));
    let init_statuses = synced(&init_containers, pod.status.as_ref().and_then(|s| s.init_container_statuses.as_ref()));
    let never_started = statuses.iter().any(|s| s.restart_count == 0 && s.last_state.is_none() && s.state.as_ref().is_some_and(|st| st.waiting.is_some()));
    // `getPhase`: under restartPolicy Never, a pod whose containers have all exited (with
    // an error: the playground's containers only exit by crashing) has failed.
    let all_exited = statuses.iter().all(|s| s.state.as_ref().is_some_and(|st| st.terminated.is_some()));
    let never_restarts = pod.spec.as_ref().and_then(|s| s.restart_policy.as_deref()) == Some("Never");
    let phase = match () {
        _ if never_started => "Pending",
        _ if all_exited && never_restarts => "Failed",
        _ => "Running",
    };
    let status = pod.status.get_or_insert_with(PodStatus::default);
    status.phase = Some(phase.into());
    status.start_time.get_or_insert_with(|| clock::timestamp(now_ms));
    status.container_statuses = Some(statuses);
    status.init_container_statuses = (!init_statuses.is_empty()).then_some(init_statuses);
    write_kubelet_conditions(&mut pod, now_ms);
    pod
}

fn fresh_status(c: &Container, state: ContainerState) -> ContainerStatus {
    ContainerStatus {
        name: c.name.clone(),
        image: c.image.clone().unwrap_or_default(),
        started: Some(state.running.is_some()),
        state: Some(state),
        ..Default::default()
    }
}

fn synced_status(c: &Container, previous: Option<&ContainerStatus>, outcome: ContainerOutcome, pod_uid: &str, now_ms: u64) -> ContainerStatus {
    let at = Some(clock::timestamp(now_ms));
    let mut status = previous.cloned().unwrap_or_else(|| fresh_status(c, ContainerState::default()));
    // A container that had exited and is started again is a restart; the exit it
    // leaves behind becomes its last state.
    let state_before = status.state.clone().unwrap_or_default();
    let restarted = state_before.terminated.is_some()
        || state_before.waiting.as_ref().is_some_and(|w| w.reason.as_deref() == Some("CrashLoopBackOff"));
    if restarted && !matches!(outcome, ContainerOutcome::Waiting(_)) {
        status.restart_count += 1;
        if state_before.terminated.is_some() {
            status.last_state = Some(state_before);
        }
    }
    status.ready = false;
    // The playground's containers exit as soon as they start, as their image's
    // behaviour says: 1 for a crash, 137 for the OOM killer, 0 for a completion.
    let exit = |exit_code: i32, reason: &str| ContainerState {
        terminated: Some(ContainerStateTerminated {
            exit_code,
            reason: Some(reason.into()),
            started_at: at.clone(),
            finished_at: at.clone(),
            ..Default::default()
        }),
        ..Default::default()
    };
    let state = match outcome {
        ContainerOutcome::Running => ContainerState { running: Some(ContainerStateRunning { started_at: at.clone() }), ..Default::default() },
        ContainerOutcome::Waiting(reason) => waiting_state(reason),
        ContainerOutcome::Exited(ended) => exit(ended.code, ended.reason),
        ContainerOutcome::Completed => exit(Exit::COMPLETED.code, Exit::COMPLETED.reason),
        ContainerOutcome::Crashed(ended) => {
            status.last_state = Some(exit(ended.code, ended.reason));
            waiting_state("CrashLoopBackOff")
        }
    };
    // A container the runtime created: its ID, and the image as the runtime resolved it.
    if !matches!(outcome, ContainerOutcome::Waiting(_)) {
        let (image, image_id) = super::images::runtime_image(c.image.as_deref().unwrap_or_default());
        let instance = format!("{pod_uid}/{}/{}", c.name, status.restart_count);
        status.container_id = Some(format!("containerd://{}", super::images::simulated_digest(&instance)));
        (status.image, status.image_id) = (image, image_id);
    }
    status.started = Some(state.running.is_some());
    // The prober manager reports an init container that exited 0 as ready
    // (`UpdatePodStatus`): it did its part.
    status.ready = outcome == ContainerOutcome::Completed;
    status.state = Some(state);
    status
}

/// The readiness probe passes for the named running containers.
pub fn set_ready(mut pod: Pod, ready: &[String], now_ms: u64) -> Pod {
    let status = pod.status.get_or_insert_with(PodStatus::default);
    // A sidecar's readiness counts too; an init container that ran to completion is not running.
    for container in status.container_statuses.iter_mut().flatten().chain(status.init_container_statuses.iter_mut().flatten()) {
        let running = container.state.as_ref().is_some_and(|s| s.running.is_some());
        if running && ready.contains(&container.name) {
            container.ready = true;
        }
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
