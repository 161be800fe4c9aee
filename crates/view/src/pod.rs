//! What a pod chip shows of one daemon pod.

use dsplay_engine::pod_readiness::is_pod_ready;
use dsplay_engine::api::controller_of;
use dsplay_engine::controller::daemonset::util::template_generation;
use dsplay_engine::controller::daemonset::{compute_hash, is_pod_updated, target_node_name, REVISION_HASH_LABEL};
use dsplay_engine::kubectl::printers::pod_status;
use dsplay_engine::state::ClusterState;
use dsplay_model::k8s_openapi::api::apps::v1::DaemonSet;
use dsplay_model::k8s_openapi::api::core::v1::Pod;

/// `status.phase`, or Unknown when the kubelet has not reported one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PodPhase {
    Pending,
    Running,
    Succeeded,
    Failed,
    Unknown,
}

impl PodPhase {
    fn parse(phase: Option<&str>) -> PodPhase {
        match phase {
            // The API server defaults a new pod's phase to Pending.
            None | Some("Pending") => PodPhase::Pending,
            Some("Running") => PodPhase::Running,
            Some("Succeeded") => PodPhase::Succeeded,
            Some("Failed") => PodPhase::Failed,
            Some(_) => PodPhase::Unknown,
        }
    }

    /// The CSS class suffix; the chip also prints the phase, so colour is never the
    /// only signal.
    pub fn class(self) -> &'static str {
        match self {
            PodPhase::Pending => "pending",
            PodPhase::Running => "running",
            PodPhase::Succeeded => "succeeded",
            PodPhase::Failed => "failed",
            PodPhase::Unknown => "unknown",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PodView {
    pub name: String,
    /// The owning DaemonSet's name, from the controller owner reference.
    pub daemonset: Option<String>,
    /// `spec.nodeName` once bound, else the node the DaemonSet controller aimed the
    /// pod at through its `metadata.name` node affinity term.
    pub node: Option<String>,
    pub bound: bool,
    pub phase: PodPhase,
    /// The Ready condition is True.
    pub ready: bool,
    /// `metadata.deletionTimestamp` is set.
    pub terminating: bool,
    /// The number of the ControllerRevision the pod was made from, as `kubectl rollout
    /// history` numbers it (a rollback renumbers its revision, and the pods of it follow);
    /// for a pod no revision matches, the template generation stamped on it.
    pub revision: Option<String>,
    /// The image of the first container, which is what a rollout changes.
    pub image: Option<String>,
    /// The STATUS column of `kubectl get pods` (the engine's printer): the phase, or
    /// the kubelet's reason, `ContainerCreating`, `ImagePullBackOff`,
    /// `CrashLoopBackOff`, `Terminating`, `OutOfcpu`...
    pub status: String,
    /// The status is a failure: the pod will not become Ready by waiting.
    pub failing: bool,
    /// Made from the owning DaemonSet's current template (`IsPodUpdated`: the current
    /// revision hash or template generation); None when the DaemonSet is not there.
    pub current: Option<bool>,
}

/// The STATUS column of `kubectl get pods` for `pod`; a pod the API server has just
/// created has no phase yet: Pending.
pub fn status_column(pod: &Pod) -> String {
    match pod_status(pod) {
        text if text.is_empty() => "Pending".to_string(),
        text => text,
    }
}

/// kubectl STATUS values that are failures: an image that cannot be pulled, a
/// container that keeps crashing or cannot be created, a pod the kubelet rejected or
/// evicted. Everything else (`Pending`, `ContainerCreating`, `PodInitializing`,
/// `Init:0/1`, `Running`, `NotReady`, `Terminating`, `Completed`) is on its way.
pub fn is_failure_status(status: &str) -> bool {
    const FAILURES: [&str; 18] = [
        "ErrImagePull",
        "ImagePullBackOff",
        "InvalidImageName",
        "ErrImageNeverPull",
        "CrashLoopBackOff",
        "CreateContainerConfigError",
        "CreateContainerError",
        "RunContainerError",
        "PreStartHookError",
        "PostStartHookError",
        "ContainerStatusUnknown",
        "OOMKilled",
        "Error",
        "Failed",
        "Evicted",
        "NodeAffinity",
        "NodeLost",
        "Unknown",
    ];
    let status = status.strip_prefix("Init:").unwrap_or(status);
    FAILURES.contains(&status)
        || status.starts_with("OutOf")
        || status.starts_with("ExitCode:")
        || status.starts_with("Signal:")
        || status.starts_with("Unexpected")
}

/// Per DaemonSet (`namespace/name`), what its pods carry when they are made from
/// its current template: the revision hash and template generation the controller
/// stamps on new pods; and the number of each of its ControllerRevisions, by hash.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CurrentTemplates {
    templates: Vec<(String, String, Option<i64>)>,
    revisions: Vec<(String, String, i64)>,
}

impl CurrentTemplates {
    pub fn of(state: &ClusterState) -> CurrentTemplates {
        let templates = state.daemonsets.iter().map(|(key, ds)| (key.clone(), current_hash(ds), template_generation(ds))).collect();
        let revisions = state
            .revisions
            .values()
            .filter_map(|revision| {
                let meta = &revision.metadata;
                let owner = controller_of(meta).filter(|owner| owner.kind == "DaemonSet")?;
                let hash = meta.labels.as_ref()?.get(REVISION_HASH_LABEL)?;
                let daemonset = format!("{}/{}", meta.namespace.as_deref().unwrap_or("default"), owner.name);
                Some((daemonset, hash.clone(), revision.revision))
            })
            .collect();
        CurrentTemplates { templates, revisions }
    }

    /// The number of the ControllerRevision of `daemonset` that `pod` was made from.
    fn revision_of(&self, pod: &Pod, daemonset: &str) -> Option<i64> {
        let namespace = pod.metadata.namespace.as_deref().unwrap_or("default");
        let key = format!("{namespace}/{daemonset}");
        let hash = pod.metadata.labels.as_ref()?.get(REVISION_HASH_LABEL)?;
        self.revisions.iter().find(|(ds, h, _)| *ds == key && h == hash).map(|(_, _, number)| *number)
    }

    /// Whether `pod` (owned by the DaemonSet named `daemonset`) is of the current
    /// template; None when that DaemonSet does not exist.
    pub fn is_current(&self, pod: &Pod, daemonset: &str) -> Option<bool> {
        let namespace = pod.metadata.namespace.as_deref().unwrap_or("default");
        let key = format!("{namespace}/{daemonset}");
        let (_, hash, generation) = self.templates.iter().find(|(ds, _, _)| *ds == key)?;
        Some(is_pod_updated(pod, hash, *generation))
    }
}

/// The hash the controller labels new pods with (`ComputeHash` of the template and
/// the collision count), as its current ControllerRevision carries it.
fn current_hash(ds: &DaemonSet) -> String {
    let collision_count = ds.status.as_ref().and_then(|status| status.collision_count);
    ds.spec.as_ref().map(|spec| compute_hash(&spec.template, collision_count)).unwrap_or_default()
}

impl PodView {
    /// `templates`: the DaemonSets' current templates, to tell old pods from new ones.
    pub fn of(pod: &Pod, templates: &CurrentTemplates) -> PodView {
        let meta = &pod.metadata;
        let owner = controller_of(meta);
        let labels = meta.labels.as_ref();
        let label = |key: &str| labels.and_then(|labels| labels.get(key)).cloned();
        let spec = pod.spec.as_ref();
        let status = pod.status.as_ref();
        let daemonset = owner.filter(|owner| owner.kind == "DaemonSet").map(|owner| owner.name.clone());
        let kubectl_status = status_column(pod);
        let phase = PodPhase::parse(status.and_then(|status| status.phase.as_deref()));
        let revision = daemonset
            .as_deref()
            .and_then(|ds| templates.revision_of(pod, ds))
            .map(|number| number.to_string())
            .or_else(|| label("pod-template-generation"));
        PodView {
            revision,
            current: daemonset.as_deref().and_then(|ds| templates.is_current(pod, ds)),
            failing: phase == PodPhase::Failed || is_failure_status(&kubectl_status),
            status: kubectl_status,
            name: meta.name.clone().unwrap_or_default(),
            daemonset,
            bound: spec.and_then(|spec| spec.node_name.as_deref()).is_some_and(|node| !node.is_empty()),
            node: target_node_name(pod).map(str::to_string),
            phase,
            ready: is_pod_ready(pod),
            terminating: meta.deletion_timestamp.is_some(),
            image: spec.and_then(|spec| spec.containers.first()).and_then(|container| container.image.clone()),
        }
    }
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::ClusterView;
    use dsplay_engine::simulation::Simulation;

    fn pods(state: &ClusterState) -> Vec<PodView> {
        ClusterView::of(state).pools.iter().flat_map(|pool| pool.nodes.iter().flat_map(|node| node.pods.clone())).collect()
    }

    #[test]
    fn failures_are_the_statuses_that_waiting_does_not_fix() {
        for status in ["ErrImagePull", "ImagePullBackOff", "CrashLoopBackOff", "Error", "OutOfcpu", "OutOfmemory", "Evicted", "Init:CrashLoopBackOff", "ExitCode:1"] {
            assert!(is_failure_status(status), "{status}");
        }
        for status in ["Pending", "ContainerCreating", "PodInitializing", "Init:0/1", "Running", "NotReady", "Terminating", "Completed"] {
            assert!(!is_failure_status(status), "{status}");
        }
    }

    /// Mid-rollout the old template's pods and the new one's tell themselves apart;
    /// at the end every pod is of the current template.
    #[test]
    fn old_and_current_template_pods_are_told_apart() {
        let mut simulation = Simulation::load(crate::EXAMPLE_SCENARIO).expect("loads");
        simulation.run_steps();
        let frames = simulation.frames();
        let mixed = frames
            .iter()
            .map(|frame| pods(&frame.state))
            .find(|pods| pods.iter().any(|pod| pod.current == Some(false)) && pods.iter().any(|pod| pod.current == Some(true)))
            .expect("a frame with old and new pods side by side");
        for pod in &mixed {
            let expected = match pod.revision.as_deref() {
                Some("1") => Some(false),
                Some("2") => Some(true),
                other => panic!("{}: revision {other:?}", pod.name),
            };
            assert_eq!(pod.current, expected, "{}", pod.name);
        }
        let last = pods(&frames.last().expect("frames").state);
        assert!(!last.is_empty() && last.iter().all(|pod| pod.current == Some(true) && pod.status == "Running" && !pod.failing));
    }

    /// A rollback renumbers the revision it goes back to, as `kubectl rollout history`
    /// shows it; the pods made from it read that number, not the one it had.
    #[test]
    fn pods_read_the_revision_number_that_rollout_history_shows() {
        let mut simulation = Simulation::load(crate::EXAMPLE_SCENARIO).expect("loads");
        simulation.run_steps();
        let before = simulation.frames().len();
        let undo = simulation.execute_interactively("kubectl rollout undo ds/node-logger");
        assert_eq!(undo.error, None);
        let history = simulation.execute_interactively("kubectl rollout history ds/node-logger");
        assert!(history.output.contains("\n2 ") && history.output.contains("\n3 "), "{}", history.output);
        let frames = simulation.frames();
        let after: Vec<PodView> = frames[before..].iter().flat_map(|frame| pods(&frame.state)).collect();
        assert!(after.iter().any(|pod| pod.revision.as_deref() == Some("3") && pod.current == Some(true)));
        for pod in &after {
            match (pod.revision.as_deref(), pod.current) {
                (Some("3"), Some(true)) | (Some("2"), Some(false)) => {}
                other => panic!("{}: {other:?}", pod.name),
            }
        }
    }

    /// With maxSurge the old pod and its replacement share the node for a while: every
    /// node lists the old one first.
    #[test]
    fn a_surge_pair_reads_old_then_new() {
        let text = crate::EXAMPLE_SCENARIO.replace(
            "    matchLabels: {app: node-logger}\n",
            "    matchLabels: {app: node-logger}\n  updateStrategy:\n    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}\n",
        );
        assert_ne!(text, crate::EXAMPLE_SCENARIO);
        let mut simulation = Simulation::load(&text).expect("loads");
        simulation.run_steps();
        let mut pairs = 0;
        for frame in simulation.frames() {
            for pool in ClusterView::of(&frame.state).pools {
                for node in &pool.nodes {
                    if let [first, second] = node.pods.as_slice() {
                        pairs += 1;
                        assert_eq!((first.current, second.current), (Some(false), Some(true)), "{}", node.name);
                    }
                }
            }
        }
        assert!(pairs > 0, "the rollout surged");
    }

    #[test]
    fn a_pod_that_cannot_pull_shows_kubectls_reason() {
        let text = crate::EXAMPLE_SCENARIO.replace(
            "  - kubectl set image ds/node-logger logger=nginx:1.25\n",
            "  - image nginx:bad pull-error\n  - kubectl set image ds/node-logger logger=nginx:bad\n  - advance 1m\n",
        );
        assert_ne!(text, crate::EXAMPLE_SCENARIO, "the example's set image step is there");
        let mut simulation = Simulation::load(&text).expect("loads");
        simulation.run_steps();
        let state = simulation.frames().last().expect("frames").state.clone();
        let broken: Vec<PodView> = pods(&state).into_iter().filter(|pod| pod.failing).collect();
        assert_eq!(broken.len(), 1, "maxUnavailable 1: {broken:?}");
        assert!(matches!(broken[0].status.as_str(), "ErrImagePull" | "ImagePullBackOff"), "{}", broken[0].status);
        assert_eq!((broken[0].current, broken[0].ready), (Some(true), false));
    }
}
