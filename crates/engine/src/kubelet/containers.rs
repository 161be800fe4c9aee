//! What the pod workers share about a pod's containers: which run, when a sync comes
//! again during a back-off, and the events that starting and crashing record.

use k8s_openapi::api::core::v1::{Container, ContainerStatus, Pod, Probe};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

use super::{PodTiming, SOURCE};
use crate::agenda::Action;
use crate::api::Api;
use crate::clock::SECOND;
use crate::pod_readiness::is_terminating;

/// A pod whose sync failed is synced again this much later (the pod workers'
/// `backOffPeriod`, without its jitter): each such sync inside a pull or restart
/// back-off records its `BackOff` event again, so the event's count grows.
pub(super) const POD_WORKER_RETRY_MS: u64 = 10 * SECOND;

pub(super) fn pod_object(pod_key: &str) -> String {
    format!("Pod/{pod_key}")
}

pub(super) fn containers(pod: &Pod) -> &[Container] {
    pod.spec.as_ref().map_or(&[], |s| s.containers.as_slice())
}

/// The containers a kill stops, and so says `Killing` for: only running ones (a
/// crash-looping or never-created container has nothing to stop), the app containers
/// first, then the sidecars in reverse order, as the kubelet stops them. (Statuses
/// are kept in the spec's order.)
pub(super) fn running_containers(pod: &Pod) -> Vec<String> {
    let running = |statuses: Option<&Vec<ContainerStatus>>| -> Vec<String> {
        let statuses = statuses.into_iter().flatten();
        statuses.filter(|s| s.state.as_ref().is_some_and(|state| state.running.is_some())).map(|s| s.name.clone()).collect()
    };
    let status = pod.status.as_ref();
    let mut names = running(status.and_then(|s| s.container_statuses.as_ref()));
    names.extend(running(status.and_then(|s| s.init_container_statuses.as_ref())).into_iter().rev());
    names
}

/// With a readinessProbe, its initialDelaySeconds; without, the scenario's podReady.
pub(super) fn readiness_delay(pod: &Pod, timing: PodTiming) -> u64 {
    let probes = pod.spec.iter().flat_map(|s| s.containers.iter()).filter_map(|c| c.readiness_probe.as_ref());
    let probe_delay = probes.map(|p| p.initial_delay_seconds.unwrap_or(0).max(0) as u64 * SECOND).max();
    probe_delay.unwrap_or(timing.ready_ms)
}

/// What the prober says of a failed readiness probe: an HTTP answer of 503, a refused
/// connection, or an exec probe's (here empty) output.
pub(super) fn probe_failure(probe: &Probe, pod: &Pod) -> String {
    let ip = pod.status.as_ref().and_then(|s| s.pod_ip.as_deref()).unwrap_or_default();
    let port = |port: &IntOrString| match port {
        IntOrString::Int(number) => number.to_string(),
        IntOrString::String(name) => name.clone(),
    };
    if probe.http_get.is_some() {
        "HTTP probe failed with statuscode: 503".into()
    } else if let Some(tcp) = &probe.tcp_socket {
        format!("dial tcp {ip}:{}: connect: connection refused", port(&tcp.port))
    } else {
        String::new()
    }
}

/// The pod worker's next sync of a pod backing off until `until`, if that sync
/// comes before it: the sync made by `sync`, a retry period from `now`.
pub(super) fn next_back_off_sync(now: u64, until: u64, sync: impl FnOnce(u64) -> Action) -> Option<(u64, Action)> {
    (now + POD_WORKER_RETRY_MS < until).then(|| (now + POD_WORKER_RETRY_MS, sync(until)))
}

/// The pod as a sync finds it; none once it is terminating, which the kill path handles.
pub(super) fn syncable_pod(api: &Api, pod_key: &str) -> Option<Pod> {
    api.state.pods.get(pod_key).filter(|p| !is_terminating(p)).map(|p| (**p).clone())
}

/// What follows a sync of a pod whose pull backs off until `retry_at`: another sync
/// inside the back-off, or the retry.
pub(super) fn next_pull_step(pod_key: &str, now: u64, retry_at: u64) -> (u64, Action) {
    next_back_off_sync(now, retry_at, |retry_at| Action::SyncPullBackOff { pod: pod_key.into(), retry_at })
        .unwrap_or((retry_at, Action::RetryImagePull(pod_key.into())))
}

/// `Back-off restarting failed container` for each crashed container of the pod, named
/// as the kubelet names pods in it (`NAME_NAMESPACE(UID)`).
pub(super) fn record_crash_back_off(api: &mut Api, object: &str, pod: &Pod, crashed: &[&String]) {
    let meta = &pod.metadata;
    let pod_name = format!(
        "{}_{}({})",
        meta.name.as_deref().unwrap_or(""),
        meta.namespace.as_deref().unwrap_or(""),
        meta.uid.as_deref().unwrap_or("")
    );
    for container in crashed {
        let message = format!("Back-off restarting failed container {container} in pod {pod_name}");
        api.record_container_event(object, container, "Warning", "BackOff", SOURCE, message);
    }
}

/// `startContainer`'s two events: the container is created, then started (named by
/// the events' field path since v1.35, not in their messages).
pub(super) fn record_created_and_started(api: &mut Api, object: &str, container: &str) {
    api.record_container_event(object, container, "Normal", "Created", SOURCE, "Container created".into());
    api.record_container_event(object, container, "Normal", "Started", SOURCE, "Container started".into());
}
