//! The kubelet's pod workers: each pod bound to the node is admitted, its containers
//! started, probed, restarted with back-off and stopped, one sync at a time.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Container, Pod, Probe};

use super::containers::{
    containers, next_back_off_sync, next_pull_step, pod_object, probe_failure, readiness_delay, record_crash_back_off,
    record_created_and_started, running_containers, syncable_pod, POD_WORKER_RETRY_MS,
};
use super::pod_status::{self, ContainerOutcome, Exit};
use super::{images, ImageBehaviour, PodTiming, Rejection, SchedulableMemory, SOURCE};
use crate::agenda::Action;
use crate::api::Api;
use crate::clock::{MINUTE, SECOND};
use crate::network::PodAddresses;
use crate::pod_readiness::{is_terminating, node_name};

/// The kubelet's container restart and image pull back-off: 10 s doubling to 5 min.
const BACKOFF_INITIAL_MS: u64 = 10 * SECOND;
const BACKOFF_MAX_MS: u64 = 5 * MINUTE;
/// How long containers take to stop after SIGTERM (well-behaved processes), capped by
/// the pod's terminationGracePeriodSeconds.
const STOP_MS: u64 = SECOND;
/// How soon the kubelet notices a container exited (the PLEG's relist period): a
/// first crash is restarted then, before any back-off.
const PLEG_RELIST_MS: u64 = SECOND;

#[derive(Clone, Debug, Default)]
pub struct Kubelet {
    images: BTreeMap<String, ImageBehaviour>,
    /// The image pull back-off per pod key.
    backoff: BTreeMap<String, u64>,
    /// The crash-loop back-off per pod key: the next restart's delay.
    crash_backoff: BTreeMap<String, u64>,
    /// Whether each node was unschedulable at its last status sync.
    schedulable: SchedulableMemory,
}

impl Kubelet {
    /// The node's kubelet works its status out: the schedulable event it records, if
    /// the node was cordoned or uncordoned since its last sync.
    pub fn sync_node_status(&mut self, node: &k8s_openapi::api::core::v1::Node) -> Option<(&'static str, String)> {
        self.schedulable.sync(node)
    }

    pub fn forget_node(&mut self, node: &str) {
        self.schedulable.forget(node);
    }

    pub fn set_image_behaviour(&mut self, image: &str, behaviour: ImageBehaviour) {
        self.images.insert(image.to_string(), behaviour);
    }

    /// The pods whose readiness changes once `image` works again (`image <ref> ok` after
    /// `unready`): those running a container of it without a readiness probe. The
    /// prober manager runs no worker for such a container, so it is ready as soon as it
    /// runs; a container with a probe waits for its next probe instead.
    pub fn pods_ready_once_image_works(&self, api: &Api, image: &str) -> Vec<String> {
        let probe_less_runner = |pod: &Pod, c: &Container| {
            c.image.as_deref() == Some(image) && c.readiness_probe.is_none() && pod_status::is_running(pod, &c.name)
        };
        api.state
            .pods
            .iter()
            .filter(|(_, pod)| !is_terminating(pod) && containers(pod).iter().chain(pod_status::sidecars(pod)).any(|c| probe_less_runner(pod, c)))
            .map(|(key, _)| key.to_string())
            .collect()
    }

    fn image_behaviour(&self, container: &Container) -> ImageBehaviour {
        container.image.as_deref().and_then(|image| self.images.get(image)).copied().unwrap_or_default()
    }

    fn pullable(&self, container: &Container) -> bool {
        self.image_behaviour(container) != ImageBehaviour::PullError
    }

    /// The containers a sync starts. Init containers come first, one at a time, each
    /// when the one before it is done (a sidecar once started, any other once it exited
    /// 0), and nothing else starts while one waits for its restart; then the pod's
    /// containers, those waiting for their first start (or a pull), not those that
    /// exited and wait for their restart.
    fn to_create(pod: &Pod) -> Vec<Container> {
        if let Some(next) = pod_status::init_containers(pod).iter().find(|c| !pod_status::init_done(pod, c)) {
            return if pod_status::has_exited(pod, &next.name) { Vec::new() } else { vec![next.clone()] };
        }
        let waiting_to_create = |c: &&Container| {
            pod_status::container_status(pod, &c.name).is_none_or(|s| s.state.as_ref().is_some_and(|st| st.running.is_none()))
                && !pod_status::has_exited(pod, &c.name)
        };
        containers(pod).iter().filter(waiting_to_create).cloned().collect()
    }

    /// Whether `container` is one of the pod's init containers that runs to completion.
    fn runs_to_completion(pod: &Pod, container: &Container) -> bool {
        !pod_status::is_sidecar(container) && pod_status::init_containers(pod).iter().any(|c| c.name == container.name)
    }

    /// `Pulling` as the sync begins, for the first container to start if the kubelet
    /// pulls its image; the others' pulls begin in turn as the sync reaches them.
    fn record_first_pull(&self, api: &mut Api, object: &str, pod: &Pod) {
        if let Some(first) = Self::to_create(pod).first() {
            if images::pulls(first, self.pullable(first)) {
                images::record_pulling(api, object, first);
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
        self.record_first_pull(api, &pod_object(pod_key), &pod);
        api.update_pod(pod_status::container_creating(pod, now));
        vec![(now + timing.startup_ms, Action::StartContainers(pod_key.into()))]
    }

    /// The first container's pull is done (or its image was there): each container
    /// waiting to start gets its image and is created and started, in order, each on
    /// its own (`SyncPod` goes on past a container that failed).
    pub fn start_containers(&mut self, api: &mut Api, pod_key: &str, timing: PodTiming) -> Vec<(u64, Action)> {
        let Some(pod) = syncable_pod(api, pod_key) else { return vec![] };
        let object = pod_object(pod_key);
        let mut outcomes = Vec::new();
        for (turn, container) in Self::to_create(&pod).iter().enumerate() {
            let pullable = self.pullable(container);
            if turn > 0 && images::pulls(container, pullable) {
                images::record_pulling(api, &object, container);
            }
            let pulled = images::ensure_image_exists(api, &object, container, pullable, timing.startup_ms);
            let outcome = match pulled.waiting_reason() {
                Some(reason) => ContainerOutcome::Waiting(reason),
                None => {
                    record_created_and_started(api, &object, &container.name);
                    self.run_outcome(&pod, container)
                }
            };
            outcomes.push((container.name.clone(), outcome));
        }
        self.after_sync(api, pod_key, pod, &outcomes, timing)
    }

    /// What a started container does with its image's behaviour: an init container
    /// that is no sidecar runs to completion.
    fn run_outcome(&self, pod: &Pod, container: &Container) -> ContainerOutcome {
        let completes = Self::runs_to_completion(pod, container);
        match self.image_behaviour(container) {
            ImageBehaviour::Crash => ContainerOutcome::Crashed(Exit::ERROR),
            ImageBehaviour::OomKilled => ContainerOutcome::Crashed(Exit::OOM_KILLED),
            // An exit 0 is an init container's job done; any other container restarts.
            ImageBehaviour::Complete if !completes => ContainerOutcome::Crashed(Exit::COMPLETED),
            _ if completes => ContainerOutcome::Completed,
            _ => ContainerOutcome::Running,
        }
    }

    /// Writes the sync's outcomes and schedules what follows: readiness for started
    /// containers, a restart for crashed ones, another pull for failed pulls.
    fn after_sync(&mut self, api: &mut Api, pod_key: &str, pod: Pod, outcomes: &[(String, ContainerOutcome)], timing: PodTiming) -> Vec<(u64, Action)> {
        let now = api.now();
        let object = pod_object(pod_key);
        // Under `restartPolicy: Never` an exit is final: no restart, no back-off.
        let restarts = pod.spec.as_ref().and_then(|s| s.restart_policy.as_deref()) != Some("Never");
        // A first exit is restarted at once, so it shows as what it is, Terminated,
        // rather than CrashLoopBackOff.
        let first_exit = !self.crash_backoff.contains_key(pod_key);
        let outcomes: Vec<(String, ContainerOutcome)> = outcomes
            .iter()
            .map(|(name, outcome)| match outcome {
                ContainerOutcome::Crashed(exit) if first_exit || !restarts => (name.clone(), ContainerOutcome::Exited(*exit)),
                other => (name.clone(), *other),
            })
            .collect();
        let outcomes = outcomes.as_slice();
        let pod = pod_status::containers_synced(pod, outcomes, now);
        let mut next = Vec::new();
        let pull_failed = |reason| outcomes.iter().any(|(_, o)| *o == ContainerOutcome::Waiting(reason));
        if pull_failed("ErrImagePull") {
            next.extend(self.back_off_pull(pod_key, now));
        } else if pull_failed("ErrImageNeverPull") {
            // No pull, so no pull back-off: the pod worker syncs the failed pod again
            // after its retry period, and finds the image missing again.
            next.push((now + POD_WORKER_RETRY_MS, Action::RetryImagePull(pod_key.into())));
        } else if !containers(&pod).iter().any(|c| matches!(pod_status::waiting_reason(&pod, &c.name), Some("ErrImagePull" | "ImagePullBackOff"))) {
            // A sync that only restarted a crashed neighbour leaves a failing pull's back-off be.
            self.backoff.remove(pod_key);
        }
        let crashed: Vec<&String> = outcomes.iter().filter(|(_, o)| o.exited()).map(|(name, _)| name).collect();
        if !crashed.is_empty() && restarts {
            // The first exit is restarted as soon as the kubelet sees it; from the
            // second on, the restart waits out the back-off (`doBackOff`).
            let restart = match self.crash_backoff.get(pod_key).copied() {
                None => {
                    self.crash_backoff.insert(pod_key.to_string(), BACKOFF_INITIAL_MS);
                    (now + PLEG_RELIST_MS, Action::RestartExitedContainer(pod_key.into()))
                }
                Some(delay) => {
                    self.crash_backoff.insert(pod_key.to_string(), (delay * 2).min(BACKOFF_MAX_MS));
                    record_crash_back_off(api, &object, &pod, &crashed);
                    next.extend(next_back_off_sync(now, now + delay, |restart_at| Action::SyncCrashBackOff { pod: pod_key.into(), restart_at }));
                    (now + delay, Action::RestartContainer(pod_key.into()))
                }
            };
            next.push(restart);
        }
        // An init container done with its part: the next one (or the pod's containers)
        // is pulled and created over the scenario's podStartup.
        let init_step_done = outcomes.iter().any(|(name, o)| {
            *o == ContainerOutcome::Completed || (*o == ContainerOutcome::Running && pod_status::is_sidecar_of(&pod, name))
        });
        if init_step_done && !Self::to_create(&pod).is_empty() {
            self.record_first_pull(api, &object, &pod);
            next.push((now + timing.startup_ms, Action::StartContainers(pod_key.into())));
        }
        let started = outcomes.iter().any(|(_, o)| *o == ContainerOutcome::Running);
        let delay = readiness_delay(&pod, timing);
        if started && delay == 0 {
            next.extend(self.probe_readiness(api, pod_key, pod));
        } else {
            if started {
                next.push((now + delay, Action::MarkReady(pod_key.into())));
            }
            api.update_pod(pod);
        }
        next
    }

    /// The running containers whose readiness probe passes (an `unready` image's never does).
    fn ready_containers(&self, pod: &Pod) -> Vec<String> {
        containers(pod).iter().chain(pod_status::sidecars(pod)).filter(|c| self.image_behaviour(c) == ImageBehaviour::Ok).map(|c| c.name.clone()).collect()
    }

    /// After a failed pull: the next pull once the back-off is over, and the pod
    /// worker's syncs in between, which find the pull backing off.
    fn back_off_pull(&mut self, pod_key: &str, now: u64) -> Vec<(u64, Action)> {
        let retry_at = now + self.next_backoff(pod_key);
        vec![next_pull_step(pod_key, now, retry_at)]
    }

    /// A sync while the pull backs off: `Back-off pulling image` for each container
    /// whose pull failed, which waits in `ImagePullBackOff`; the next sync, or the
    /// retry at `retry_at`.
    pub fn sync_pull_back_off(&mut self, api: &mut Api, pod_key: &str, retry_at: u64) -> Vec<(u64, Action)> {
        let Some(pod) = syncable_pod(api, pod_key) else { return vec![] };
        let pulling = |c: &&Container| matches!(pod_status::waiting_reason(&pod, &c.name), Some("ErrImagePull" | "ImagePullBackOff"));
        let failed: Vec<Container> = containers(&pod).iter().filter(pulling).cloned().collect();
        let object = pod_object(pod_key);
        for container in &failed {
            images::record_pull_back_off(api, &object, container);
        }
        let outcomes: Vec<(String, ContainerOutcome)> =
            failed.iter().map(|c| (c.name.clone(), ContainerOutcome::Waiting("ImagePullBackOff"))).collect();
        let now = api.now();
        api.update_pod(pod_status::containers_synced(pod, &outcomes, now));
        vec![next_pull_step(pod_key, now, retry_at)]
    }

    /// A sync while a crashed container waits for its restart at `restart_at`:
    /// `Back-off restarting failed container` again, and the next sync if the
    /// restart is further off than that.
    pub fn sync_crash_back_off(&mut self, api: &mut Api, pod_key: &str, restart_at: u64) -> Vec<(u64, Action)> {
        let Some(pod) = syncable_pod(api, pod_key) else { return vec![] };
        let crashed: Vec<&String> = containers(&pod)
            .iter()
            .filter(|c| pod_status::waiting_reason(&pod, &c.name) == Some("CrashLoopBackOff"))
            .map(|c| &c.name)
            .collect();
        if crashed.is_empty() {
            return vec![];
        }
        record_crash_back_off(api, &pod_object(pod_key), &pod, &crashed);
        let now = api.now();
        next_back_off_sync(now, restart_at, |restart_at| Action::SyncCrashBackOff { pod: pod_key.into(), restart_at }).into_iter().collect()
    }

    /// The readiness probes run (after their initial delay, then every period): the
    /// containers whose probe passes are Ready.
    pub fn mark_ready(&mut self, api: &mut Api, pod_key: &str) -> Vec<(u64, Action)> {
        let Some(pod) = syncable_pod(api, pod_key) else { return vec![] };
        self.probe_readiness(api, pod_key, pod)
    }

    /// Marks Ready the running containers whose probe passes; a container whose probe
    /// fails (an `unready` image with a readiness probe) gets the prober's `Unhealthy`
    /// event, and is probed again a period later (`periodSeconds`, 10 s by default).
    fn probe_readiness(&mut self, api: &mut Api, pod_key: &str, pod: Pod) -> Vec<(u64, Action)> {
        let now = api.now();
        let object = pod_object(pod_key);
        let failing: Vec<(&Container, &Probe)> = containers(&pod)
            .iter()
            .chain(pod_status::sidecars(&pod))
            .filter(|c| self.image_behaviour(c) == ImageBehaviour::Unready && pod_status::is_running(&pod, &c.name))
            .filter_map(|c| c.readiness_probe.as_ref().map(|probe| (c, probe)))
            .collect();
        for (container, probe) in &failing {
            let message = format!("Readiness probe failed: {}", probe_failure(probe, &pod));
            api.record_container_event(&object, &container.name, "Warning", "Unhealthy", SOURCE, message);
        }
        let period = failing.iter().map(|(_, probe)| probe.period_seconds.unwrap_or(10).max(1) as u64 * SECOND).min();
        let ready = self.ready_containers(&pod);
        api.update_pod(pod_status::set_ready(pod, &ready, now));
        period.map(|period| (now + period, Action::ProbeReadiness(pod_key.into()))).into_iter().collect()
    }

    /// A condition named by a readiness gate changed: Ready is worked out again.
    pub fn refresh_readiness(&mut self, api: &mut Api, pod_key: &str) {
        let Some(pod) = syncable_pod(api, pod_key) else { return };
        let started = pod.status.as_ref().is_some_and(|s| s.container_statuses.is_some());
        if !started {
            return;
        }
        let now = api.now();
        api.update_pod(pod_status::refresh_conditions(pod, now));
    }

    /// A crashed container's back-off is over: the kubelet starts it again, with the
    /// image's behaviour as it is now (the image is on the node: it ran before).
    pub fn restart_container(&mut self, api: &mut Api, pod_key: &str, timing: PodTiming) -> Vec<(u64, Action)> {
        let Some(pod) = syncable_pod(api, pod_key) else { return vec![] };
        let object = pod_object(pod_key);
        let crashed: Vec<Container> =
            pod_status::init_containers(&pod).iter().chain(containers(&pod)).filter(|c| pod_status::has_exited(&pod, &c.name)).cloned().collect();
        let mut outcomes = Vec::new();
        for container in &crashed {
            if images::pulls(container, true) {
                images::record_pulling(api, &object, container);
            }
            images::ensure_image_exists(api, &object, container, true, timing.startup_ms);
            record_created_and_started(api, &object, &container.name);
            outcomes.push((container.name.clone(), self.run_outcome(&pod, container)));
        }
        if outcomes.iter().all(|(_, o)| !o.exited()) {
            self.crash_backoff.remove(pod_key);
        }
        self.after_sync(api, pod_key, pod, &outcomes, timing)
    }

    /// The pull back-off is over: the kubelet pulls again, and the containers start
    /// (or the pull fails) when it is done.
    pub fn retry_image_pull(&mut self, api: &mut Api, pod_key: &str, timing: PodTiming) -> Vec<(u64, Action)> {
        let Some(pod) = api.state.pods.get(pod_key) else { return vec![] };
        if is_terminating(pod) {
            return vec![];
        }
        let pod = (**pod).clone();
        self.record_first_pull(api, &pod_object(pod_key), &pod);
        vec![(api.now() + timing.startup_ms, Action::StartContainers(pod_key.into()))]
    }

    /// The pod got a deletionTimestamp: SIGTERM, then the containers stop.
    pub fn begin_termination(&mut self, api: &mut Api, pod_key: &str) -> Vec<(u64, Action)> {
        let Some(pod) = api.state.pods.get(pod_key) else { return vec![] };
        if node_name(pod).is_none() {
            return vec![];
        }
        let grace_ms = crate::clock::seconds(pod.metadata.deletion_grace_period_seconds.unwrap_or(30));
        let object = pod_object(pod_key);
        for container in running_containers(pod) {
            api.record_container_event(&object, &container, "Normal", "Killing", SOURCE, format!("Stopping container {container}"));
        }
        vec![(api.now() + STOP_MS.min(grace_ms), Action::FinishTermination(pod_key.into()))]
    }

    pub fn finish_termination(&mut self, api: &mut Api, pod_key: &str) {
        self.backoff.remove(pod_key);
        self.crash_backoff.remove(pod_key);
        if api.state.pods.get(pod_key).is_some_and(|p| is_terminating(p)) {
            api.remove_pod(pod_key);
        }
    }
}
