//! What a pod chip shows of one daemon pod.

use dsplay_engine::controller::daemonset::target_node_name;
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
    /// The template generation the controller stamped on the pod
    /// (`pod-template-generation`), else its `controller-revision-hash`.
    pub revision: Option<String>,
    /// The image of the first container, which is what a rollout changes.
    pub image: Option<String>,
}

impl PodView {
    pub fn of(pod: &Pod) -> PodView {
        let meta = &pod.metadata;
        let owner = meta.owner_references.iter().flatten().find(|owner| owner.controller == Some(true));
        let labels = meta.labels.as_ref();
        let label = |key: &str| labels.and_then(|labels| labels.get(key)).cloned();
        let spec = pod.spec.as_ref();
        let status = pod.status.as_ref();
        PodView {
            name: meta.name.clone().unwrap_or_default(),
            daemonset: owner.filter(|owner| owner.kind == "DaemonSet").map(|owner| owner.name.clone()),
            bound: spec.and_then(|spec| spec.node_name.as_deref()).is_some_and(|node| !node.is_empty()),
            node: target_node_name(pod).map(str::to_string),
            phase: PodPhase::parse(status.and_then(|status| status.phase.as_deref())),
            ready: status
                .and_then(|status| status.conditions.as_ref())
                .is_some_and(|conditions| conditions.iter().any(|c| c.type_ == "Ready" && c.status == "True")),
            terminating: meta.deletion_timestamp.is_some(),
            revision: label("pod-template-generation").or_else(|| label("controller-revision-hash")),
            image: spec.and_then(|spec| spec.containers.first()).and_then(|container| container.image.clone()),
        }
    }
}

