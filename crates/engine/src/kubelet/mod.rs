//! The simulated kubelet: it starts the containers of pods bound to its node, reports
//! readiness, restarts crashing containers with back-off, retries failed pulls, and
//! confirms graceful deletions. What an image does is set by the scenario
//! (`image <ref> crash|unready|pull-error|ok`).

mod admission;
mod images;
mod node_status;
mod pod_status;

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Container, Pod};

use crate::api::Api;
use crate::network::PodAddresses;
use crate::clock::{MINUTE, SECOND};
use crate::pod_readiness::{is_terminating, node_name};
use crate::agenda::Action;
pub use admission::{admit, Rejection};
pub use node_status::{stamp_first_post, start_up_events, KubeletCondition, KUBELET_CONDITIONS};
pub use pod_status::{set_not_ready, set_ready};

/// What a container with a given image does when started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ImageBehaviour {
    #[default]
    Ok,
    Crash,
    Unready,
    PullError,
}

/// The kubelet's container restart and image pull back-off: 10 s doubling to 5 min.
const BACKOFF_INITIAL_MS: u64 = 10 * SECOND;
const BACKOFF_MAX_MS: u64 = 5 * MINUTE;
/// How long containers take to stop after SIGTERM (well-behaved processes), capped by
/// the pod's terminationGracePeriodSeconds.
const STOP_MS: u64 = SECOND;
/// A pod whose sync failed is synced again this much later (the pod workers'
/// `backOffPeriod`): a pull backing off for longer shows `ImagePullBackOff` then.
const POD_WORKER_RETRY_MS: u64 = 10 * SECOND;

/// The scenario's timing for pods.
#[derive(Clone, Copy, Debug)]
pub struct PodTiming {
    pub startup_ms: u64,
    pub ready_ms: u64,
}

#[derive(Clone, Debug, Default)]
pub struct Kubelet {
    images: BTreeMap<String, ImageBehaviour>,
    /// Current back-off per pod key.
    backoff: BTreeMap<String, u64>,
}

pub const SOURCE: &str = "kubelet";

fn pod_object(pod_key: &str) -> String {
    format!("Pod/{pod_key}")
}

fn containers(pod: &Pod) -> &[Container] {
    pod.spec.as_ref().map_or(&[], |s| s.containers.as_slice())
}

fn first_container(pod: &Pod) -> String {
    containers(pod).first().map(|c| c.name.clone()).unwrap_or_default()
}

impl Kubelet {
    pub fn set_image_behaviour(&mut self, image: &str, behaviour: ImageBehaviour) {
        self.images.insert(image.to_string(), behaviour);
    }

    /// The worst behaviour among the pod's container images.
    fn behaviour(&self, pod: &Pod) -> ImageBehaviour {
        let images = pod.spec.iter().flat_map(|s| s.containers.iter()).filter_map(|c| c.image.as_deref());
        let behaviours: Vec<_> = images.map(|i| self.images.get(i).copied().unwrap_or_default()).collect();
        [ImageBehaviour::PullError, ImageBehaviour::Crash, ImageBehaviour::Unready]
            .into_iter()
            .find(|b| behaviours.contains(b))
            .unwrap_or_default()
    }

    fn image_behaviour(&self, container: &Container) -> ImageBehaviour {
        container.image.as_deref().and_then(|image| self.images.get(image)).copied().unwrap_or_default()
    }

    fn pullable(&self, container: &Container) -> bool {
        self.image_behaviour(container) != ImageBehaviour::PullError
    }

    /// `Pulling` for each container whose image the kubelet pulls before it starts, up
    /// to the first whose pull fails (the pod goes no further).
    fn record_pulls_begin(&self, api: &mut Api, object: &str, pod: &Pod) {
        for container in containers(pod) {
            let pullable = self.pullable(container);
            if images::pulls(container, pullable) {
                images::record_pulling(api, object, container);
            }
            if !pullable {
                break;
            }
        }
    }

    fn next_backoff(&mut self, pod_key: &str) -> u64 {
        let delay = match self.backoff.get(pod_key) {
            Some(&d) => (d * 2).min(BACKOFF_MAX_MS),
            None => BACKOFF_INITIAL_MS,
        };
        self.backoff.insert(pod_key.to_string(), delay);
        delay
    }

    /// The pod was bound to this kubelet's node: it gets its addresses, images are
    /// pulled and containers created over the scenario's `podStartup`; meanwhile it
    /// shows ContainerCreating.
    /// `verdict` is [`admit`]'s answer for this pod on its node; a rejected pod ends
    /// Failed with the kubelet's reason and message.
    pub fn admit(
        &mut self,
        api: &mut Api,
        pod_key: &str,
        timing: PodTiming,
        verdict: Result<(), Rejection>,
        addresses: PodAddresses,
    ) -> Vec<(u64, Action)> {
        let Some(pod) = api.state.pods.get(pod_key).map(|p| pod_status::with_addresses((**p).clone(), addresses)) else { return vec![] };
        let now = api.now();
        if let Err(rejection) = verdict {
            api.record_event(&pod_object(pod_key), "Warning", &rejection.reason, SOURCE, rejection.message.clone());
            api.update_pod(pod_status::rejected(pod, &rejection, now));
            return vec![];
        }
        self.record_pulls_begin(api, &pod_object(pod_key), &pod);
        api.update_pod(pod_status::container_creating(pod, now));
        vec![(now + timing.startup_ms, Action::StartContainers(pod_key.into()))]
    }

    /// The pulls are done (or the images were there): each container's image is
    /// ensured, then it is created and started, in order; a failed pull stops there.
    pub fn start_containers(&mut self, api: &mut Api, pod_key: &str, timing: PodTiming) -> Vec<(u64, Action)> {
        let Some(pod) = api.state.pods.get(pod_key).map(|p| (**p).clone()) else { return vec![] };
        if is_terminating(&pod) {
            return vec![];
        }
        let now = api.now();
        let object = pod_object(pod_key);
        for container in containers(&pod) {
            let pulled = images::ensure_image_exists(api, &object, container, self.pullable(container), timing.startup_ms);
            if let Some(reason) = pulled.waiting_reason() {
                api.update_pod(pod_status::waiting(pod, reason, now, false));
                return self.back_off_pull(pod_key, now);
            }
            record_created_and_started(api, &object, &container.name);
        }
        match self.behaviour(&pod) {
            ImageBehaviour::Crash => {
                let crashing = containers(&pod).iter().find(|c| self.image_behaviour(c) == ImageBehaviour::Crash);
                let container = crashing.map(|c| c.name.clone()).unwrap_or_else(|| first_container(&pod));
                let pod_name = format!("{}_{}({})", pod.metadata.name.as_deref().unwrap_or(""), pod.metadata.namespace.as_deref().unwrap_or(""), pod.metadata.uid.as_deref().unwrap_or(""));
                api.update_pod(pod_status::crashed(pod, now));
                let message = format!("Back-off restarting failed container {container} in pod {pod_name}");
                api.record_container_event(&object, &container, "Warning", "BackOff", SOURCE, message);
                let delay = self.next_backoff(pod_key);
                vec![(now + delay, Action::RestartContainer(pod_key.into()))]
            }
            behaviour => {
                self.backoff.remove(pod_key);
                let running = pod_status::running(pod, now);
                if behaviour == ImageBehaviour::Unready {
                    api.update_pod(running);
                    return vec![];
                }
                let delay = readiness_delay(&running, timing);
                if delay == 0 {
                    api.update_pod(pod_status::set_ready(running, now));
                    vec![]
                } else {
                    api.update_pod(running);
                    vec![(now + delay, Action::MarkReady(pod_key.into()))]
                }
            }
        }
    }

    /// After a failed pull: the next pull once the back-off is over, and when that is
    /// more than a pod worker retry away, a sync in between that finds the pull
    /// backing off.
    fn back_off_pull(&mut self, pod_key: &str, now: u64) -> Vec<(u64, Action)> {
        let delay = self.next_backoff(pod_key);
        if delay <= POD_WORKER_RETRY_MS {
            return vec![(now + delay, Action::RetryImagePull(pod_key.into()))];
        }
        vec![(now + POD_WORKER_RETRY_MS, Action::SyncPullBackOff { pod: pod_key.into(), retry_at: now + delay })]
    }

    /// A sync while the pull backs off: `Back-off pulling image`, and the container
    /// waits in `ImagePullBackOff` until the retry at `retry_at`.
    pub fn sync_pull_back_off(&mut self, api: &mut Api, pod_key: &str, retry_at: u64) -> Vec<(u64, Action)> {
        let Some(pod) = api.state.pods.get(pod_key).map(|p| (**p).clone()) else { return vec![] };
        if is_terminating(&pod) {
            return vec![];
        }
        let Some(failing) = containers(&pod).iter().find(|c| !self.pullable(c)).cloned() else {
            // The image was made pullable meanwhile: the retry pulls it.
            return vec![(retry_at, Action::RetryImagePull(pod_key.into()))];
        };
        let now = api.now();
        images::record_pull_back_off(api, &pod_object(pod_key), &failing);
        api.update_pod(pod_status::waiting(pod, "ImagePullBackOff", now, false));
        vec![(retry_at, Action::RetryImagePull(pod_key.into()))]
    }

    pub fn mark_ready(&mut self, api: &mut Api, pod_key: &str) {
        let Some(pod) = api.state.pods.get(pod_key).map(|p| (**p).clone()) else { return };
        if is_terminating(&pod) || self.behaviour(&pod) != ImageBehaviour::Ok {
            return;
        }
        let now = api.now();
        api.update_pod(pod_status::set_ready(pod, now));
    }

    /// A condition named by a readiness gate changed: Ready is worked out again.
    pub fn refresh_readiness(&mut self, api: &mut Api, pod_key: &str) {
        let Some(pod) = api.state.pods.get(pod_key).map(|p| (**p).clone()) else { return };
        let started = pod.status.as_ref().is_some_and(|s| s.container_statuses.is_some());
        if is_terminating(&pod) || !started {
            return;
        }
        let now = api.now();
        api.update_pod(pod_status::refresh_conditions(pod, now));
    }

    /// A crashed container's back-off is over: the kubelet starts it again, with the
    /// image's behaviour as it is now.
    pub fn restart_container(&mut self, api: &mut Api, pod_key: &str, timing: PodTiming) -> Vec<(u64, Action)> {
        self.start_containers(api, pod_key, timing)
    }

    /// The pull back-off is over: the kubelet pulls again, and the containers start
    /// (or the pull fails) when it is done.
    pub fn retry_image_pull(&mut self, api: &mut Api, pod_key: &str, timing: PodTiming) -> Vec<(u64, Action)> {
        let Some(pod) = api.state.pods.get(pod_key) else { return vec![] };
        if is_terminating(pod) {
            return vec![];
        }
        let pod = (**pod).clone();
        self.record_pulls_begin(api, &pod_object(pod_key), &pod);
        vec![(api.now() + timing.startup_ms, Action::StartContainers(pod_key.into()))]
    }

    /// The pod got a deletionTimestamp: SIGTERM, then the containers stop.
    pub fn begin_termination(&mut self, api: &mut Api, pod_key: &str) -> Vec<(u64, Action)> {
        let Some(pod) = api.state.pods.get(pod_key) else { return vec![] };
        if node_name(pod).is_none() {
            return vec![];
        }
        let grace_ms = pod.metadata.deletion_grace_period_seconds.unwrap_or(30).max(0) as u64 * SECOND;
        let object = pod_object(pod_key);
        for container in containers(pod).iter().map(|c| c.name.clone()).collect::<Vec<_>>() {
            api.record_container_event(&object, &container, "Normal", "Killing", SOURCE, format!("Stopping container {container}"));
        }
        vec![(api.now() + STOP_MS.min(grace_ms), Action::FinishTermination(pod_key.into()))]
    }

    pub fn finish_termination(&mut self, api: &mut Api, pod_key: &str) {
        self.backoff.remove(pod_key);
        if api.state.pods.get(pod_key).is_some_and(|p| is_terminating(p)) {
            api.remove_pod(pod_key);
        }
    }
}

/// With a readinessProbe, its initialDelaySeconds; without, the scenario's podReady.
fn readiness_delay(pod: &Pod, timing: PodTiming) -> u64 {
    let probes = pod.spec.iter().flat_map(|s| s.containers.iter()).filter_map(|c| c.readiness_probe.as_ref());
    let probe_delay = probes.map(|p| p.initial_delay_seconds.unwrap_or(0).max(0) as u64 * SECOND).max();
    probe_delay.unwrap_or(timing.ready_ms)
}

/// `startContainer`'s two events: the container is created, then started (named by
/// the events' field path since v1.35, not in their messages).
fn record_created_and_started(api: &mut Api, object: &str, container: &str) {
    api.record_container_event(object, container, "Normal", "Created", SOURCE, "Container created".into());
    api.record_container_event(object, container, "Normal", "Started", SOURCE, "Container started".into());
}
