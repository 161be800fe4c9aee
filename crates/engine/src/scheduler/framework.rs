//! The scheduling framework's types the plugins share (`pkg/scheduler/framework`):
//! a node with its pods, a plugin's status, the nominating info, and the pod helpers
//! of component-helpers every plugin reads.

use std::borrow::Cow;

use k8s_openapi::api::core::v1::{Node, Pod, PodSpec};

/// A node and the non-terminal pods already bound to it (the pod being scheduled excluded).
#[derive(Debug, Clone)]
pub struct NodeInfo<'a> {
    pub node: &'a Node,
    pub pods: Vec<&'a Pod>,
}

impl NodeInfo<'_> {
    pub fn name(&self) -> &str {
        self.node.metadata.name.as_deref().unwrap_or("")
    }
}

/// `fwk.Code` values a filter can return.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    /// Preemption might help (resources, ports).
    Unschedulable,
    /// Preemption cannot help (affinity, taints, node name, cordon).
    UnschedulableAndUnresolvable,
}

/// `fwk.Status` of a failing plugin: its code and reasons (usually one; NodeResourcesFit
/// reports every insufficient resource).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub code: Code,
    pub reasons: Vec<String>,
}

impl Status {
    pub fn new(code: Code, reason: impl Into<String>) -> Self {
        Status { code, reasons: vec![reason.into()] }
    }

    /// `Status.Message()`: the reasons joined by ", ".
    pub fn message(&self) -> String {
        self.reasons.join(", ")
    }
}

/// The node preemption chose and the pods to preempt there, most important first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nomination {
    pub node: String,
    /// Store keys (`namespace/name`) of the victims.
    pub victims: Vec<String>,
}

/// What the pod's `status.nominatedNodeName` becomes (`NominatingInfo`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Nominating {
    /// `ModeNoop`: preemption did not run to the end (policy Never, victims still
    /// terminating); the nomination stays as it is.
    #[default]
    Keep,
    /// `ModeOverride` with a node: preempt the victims and wait for them to leave.
    Nominate(Nomination),
    /// `ModeOverride` with "": no node would make room, the old nomination is dropped.
    Clear,
}

/// `corev1helpers.PodPriority`: `spec.priority`, 0 when unset.
pub fn pod_priority(spec: &PodSpec) -> i32 {
    spec.priority.unwrap_or(0)
}

pub fn priority_of(pod: &Pod) -> i32 {
    pod.spec.as_ref().map_or(0, pod_priority)
}

pub(crate) fn pod_spec(pod: &Pod) -> Cow<'_, PodSpec> {
    match &pod.spec {
        Some(spec) => Cow::Borrowed(spec),
        None => Cow::Owned(PodSpec::default()),
    }
}
