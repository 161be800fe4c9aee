//! The simulated kubelet: it starts the containers of pods bound to its node, reports
//! readiness, restarts crashing containers with back-off, retries failed pulls, and
//! confirms graceful deletions. What an image does is set by the scenario
//! (`image <ref> crash|unready|pull-error|ok`).

mod admission;
mod node_status;
mod pod_status;

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::Pod;

use crate::api::Api;
use crate::clock::{MINUTE, SECOND};
use crate::pod_readiness::{is_terminating, node_name};
use crate::agenda::Action;
pub use admission::{admit, Rejection};
pub use node_status::{stamp_first_post, KubeletCondition, KUBELET_CONDITIONS};
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

fn first_container(pod: &Pod) -> String {
    pod.spec.as_ref().and_then(|s| s.containers.first()).map(|c| c.name.clone()).unwrap_or_default()
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

    fn next_backoff(&mut self, pod_key: &str) -> u64 {
        let delay = match self.backoff.get(pod_key) {
            Some(&d) => (d * 2).min(BACKOFF_MAX_MS),
            None => BACKOFF_INITIAL_MS,
        };
        self.backoff.insert(pod_key.to_string(), delay);
        delay
    }

    /// The pod was bound to this kubelet's node: images are pulled and containers
    /// created over the scenario's `podStartup`; meanwhile it shows ContainerCreating.
    /// `verdict` is [`admit`]'s answer for this pod on its node; a rejected pod ends
    /// Failed with the kubelet's reason and message.
    pub fn admit(&mut self, api: &mut Api, pod_key: &str, timing: PodTiming, verdict: Result<(), Rejection>) -> Vec<(u64, Action)> {
        let Some(pod) = api.state.pods.get(pod_key).map(|p| (**p).clone()) else { return vec![] };
        let now = api.now();
        if let Err(rejection) = verdict {
            api.record_event(&pod_object(pod_key), "Warning", &rejection.reason, SOURCE, rejection.message.clone());
            api.update_pod(pod_status::rejected(pod, &rejection, now));
            return vec![];
        }
        api.update_pod(pod_status::container_creating(pod, now));
        vec![(now + timing.startup_ms, Action::StartContainers(pod_key.into()))]
    }

    pub fn start_containers(&mut self, api: &mut Api, pod_key: &str, timing: PodTiming) -> Vec<(u64, Action)> {
        let Some(pod) = api.state.pods.get(pod_key).map(|p| (**p).clone()) else { return vec![] };
        if is_terminating(&pod) {
            return vec![];
        }
        let now = api.now();
        let container = first_container(&pod);
        let object = pod_object(pod_key);
        match self.behaviour(&pod) {
            ImageBehaviour::PullError => {
                let image = pod.spec.as_ref().and_then(|s| s.containers.first()?.image.clone()).unwrap_or_default();
                api.record_event(&object, "Warning", "Failed", SOURCE, format!("Failed to pull image \"{image}\": pull access denied, repository does not exist or may require authorization"));
                api.record_event(&object, "Warning", "Failed", SOURCE, "Error: ErrImagePull".into());
                api.update_pod(pod_status::waiting(pod, "ErrImagePull", now, false));
                let delay = self.next_backoff(pod_key);
                vec![(now + delay, Action::RetryImagePull(pod_key.into()))]
            }
            ImageBehaviour::Crash => {
                record_created_and_started(api, &object, &container);
                api.update_pod(pod_status::crashed(pod, now));
                api.record_event(&object, "Warning", "BackOff", SOURCE, format!("Back-off restarting failed container {container} in pod {}", pod_key.rsplit('/').next().unwrap_or("")));
                let delay = self.next_backoff(pod_key);
                vec![(now + delay, Action::RestartContainer(pod_key.into()))]
            }
            behaviour => {
                self.backoff.remove(pod_key);
                record_created_and_started(api, &object, &container);
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

    pub fn retry_image_pull(&mut self, api: &mut Api, pod_key: &str, timing: PodTiming) -> Vec<(u64, Action)> {
        let Some(pod) = api.state.pods.get(pod_key).map(|p| (**p).clone()) else { return vec![] };
        if self.behaviour(&pod) == ImageBehaviour::PullError {
            let now = api.now();
            let image = pod.spec.as_ref().and_then(|s| s.containers.first()?.image.clone()).unwrap_or_default();
            let object = pod_object(pod_key);
            api.record_event(&object, "Normal", "BackOff", SOURCE, format!("Back-off pulling image \"{image}\""));
            // startContainer reports the pull's failure as the container's.
            api.record_event(&object, "Warning", "Failed", SOURCE, "Error: ImagePullBackOff".into());
            api.update_pod(pod_status::waiting(pod, "ImagePullBackOff", now, false));
            let delay = self.next_backoff(pod_key);
            return vec![(now + delay, Action::RetryImagePull(pod_key.into()))];
        }
        self.start_containers(api, pod_key, timing)
    }

    /// The pod got a deletionTimestamp: SIGTERM, then the containers stop.
    pub fn begin_termination(&mut self, api: &mut Api, pod_key: &str) -> Vec<(u64, Action)> {
        let Some(pod) = api.state.pods.get(pod_key) else { return vec![] };
        if node_name(pod).is_none() {
            return vec![];
        }
        let grace_ms = pod.metadata.deletion_grace_period_seconds.unwrap_or(30).max(0) as u64 * SECOND;
        let container = first_container(pod);
        api.record_event(&pod_object(pod_key), "Normal", "Killing", SOURCE, format!("Stopping container {container}"));
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

/// `startContainer`'s two events: the container is created, then started.
fn record_created_and_started(api: &mut Api, object: &str, container: &str) {
    api.record_event(object, "Normal", "Created", SOURCE, format!("Created container: {container}"));
    api.record_event(object, "Normal", "Started", SOURCE, format!("Started container {container}"));
}
