//! What made a frame, as a value: a component's action, a command, the clock. English is
//! its `Display`, here and only here; a host says it in another language from the value.

use std::fmt;

use super::{Churn, PlaygroundNote};
use crate::agenda::Action;
use crate::clock::clock_reading;

/// What the playground says when the cluster was followed for an hour and still changes.
pub const STILL_CHANGING: &str = "(the cluster was followed for an hour of simulated time; it is still changing)";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrameCause {
    /// The scenario's objects were created.
    Loaded,
    /// A component's due action (a sync, a scheduling cycle, a kubelet step).
    Action(Action),
    /// A command as typed, or a step as written, or an Apply's `kubectl apply -f <name>`.
    Command(String),
    /// `advance` moved the clock to `ms`.
    Advanced { ms: u64 },
    /// `settle` found the cluster at rest at `ms`.
    Settled { ms: u64 },
    /// `settle` stopped at `ms`: after an hour of simulated time (`hour_passed`), or
    /// because a DaemonSet churned.
    Stopped { ms: u64, hour_passed: bool },
    /// A console command's run-on followed the cluster for an hour and it still changes.
    StillChanging,
    /// A person stopped the simulation at `ms` (the Stop of the browser's progress line).
    Interrupted { ms: u64 },
    /// A command stopped because a DaemonSet kept making pods for one node.
    Churned(Churn),
}

impl fmt::Display for FrameCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrameCause::Loaded => f.write_str("scenario loaded"),
            FrameCause::Action(action) => describe(action, f),
            FrameCause::Command(text) => f.write_str(text),
            FrameCause::Advanced { ms } => write!(f, "advanced to {}", clock_reading(*ms)),
            FrameCause::Settled { ms } => write!(f, "settled at {}", clock_reading(*ms)),
            FrameCause::Stopped { ms, hour_passed: false } => write!(f, "stopped at {}", clock_reading(*ms)),
            FrameCause::Stopped { ms, hour_passed: true } => {
                write!(f, "stopped at {}: an hour of simulated time passed and the cluster is still changing", clock_reading(*ms))
            }
            FrameCause::StillChanging => f.write_str(STILL_CHANGING),
            FrameCause::Interrupted { ms } => write!(f, "stopped at {}: you stopped the simulation", clock_reading(*ms)),
            FrameCause::Churned(churn) => PlaygroundNote::Churned(churn.clone()).fmt(f),
        }
    }
}

/// A component's action, named after the component as its events name it.
fn describe(action: &Action, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match action {
        Action::SyncDaemonSet(k) => write!(f, "daemonset-controller syncs {k}"),
        Action::RequeueDaemonSet(k) => write!(f, "daemonset-controller requeues {k}"),
        Action::RetryDaemonSet(k) => write!(f, "daemonset-controller retries {k} after a failed sync"),
        Action::Schedule(k) => write!(f, "default-scheduler schedules pod {k}"),
        Action::UnschedulableTimeout { pod, .. } => write!(f, "default-scheduler retries pod {pod}, unschedulable for 5 minutes"),
        Action::AdmitPod(k) => write!(f, "kubelet admits pod {k}"),
        Action::StartContainers(k) => write!(f, "kubelet starts the containers of {k}"),
        Action::MarkReady(k) => write!(f, "kubelet runs the readiness probes of {k}"),
        Action::ProbeReadiness(k) => write!(f, "kubelet probes the readiness of {k} again"),
        Action::RefreshPodReadiness(k) => write!(f, "kubelet sees a readiness gate of {k} change"),
        Action::RestartExitedContainer(k) => write!(f, "kubelet restarts the exited container of {k}"),
        Action::RestartContainer(k) => write!(f, "kubelet restarts the crashed container of {k}"),
        Action::RetryImagePull(k) => write!(f, "kubelet retries the image pull of {k}"),
        Action::SyncPullBackOff { pod, .. } => write!(f, "kubelet finds the image pull of {pod} backing off"),
        Action::SyncCrashBackOff { pod, .. } => write!(f, "kubelet finds the crashed container of {pod} backing off"),
        Action::KillContainers(k) => write!(f, "kubelet stops the containers of {k}"),
        Action::FinishTermination(k) => write!(f, "pod {k} terminated"),
        Action::SyncNodeStatus(n) => write!(f, "kubelet on {n} syncs the node's status"),
        Action::MonitorNode(n) => write!(f, "node-lifecycle-controller checks node {n}"),
        Action::NoExecuteTaintingPass => f.write_str("node-lifecycle-controller taints unhealthy nodes NoExecute"),
        Action::NoticeNodeTaints(n) => write!(f, "taint-eviction-controller sees the NoExecute taints of node {n} change"),
        Action::NoticePodTolerations(k) => write!(f, "taint-eviction-controller looks at pod {k}"),
        Action::TaintEvictionDue(k) => write!(f, "taint-eviction-controller: the toleration of pod {k} runs out"),
        Action::CollectOrphanedPods(n) => write!(f, "pod-garbage-collector collects the pods of deleted node {n}"),
        Action::ClassifyNodes => f.write_str("node-controller compares the nodes with those it knows"),
        Action::CollectTerminatingPods => f.write_str("pod-garbage-collector force-deletes the terminating pods of out-of-service nodes"),
        Action::CollectGarbage { owner_uid, .. } => write!(f, "garbage-collector deletes what owner {owner_uid} left"),
    }
}
