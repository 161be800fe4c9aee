//! The "why / why not" explanation of one node at one frame: for every
//! DaemonSet, whether its pod is (or is not) on the node and each rule that
//! decided it, in the order the controller and the scheduler look at them.
//!
//! The verdict itself is the engine's (`node_should_run_daemon_pod`, upstream
//! `NodeShouldRunDaemonPod`) and the scheduler's (`scheduler::filter`, one entry
//! per filter plugin); this module only lays out the rules behind them as data.
//! Pure and HTML-free, so it is tested natively; the panel renders it in either
//! language.

mod rollout;
mod scheduler_check;
mod taints;

use dsplay_engine::controller::daemonset::{add_daemon_tolerations, is_owned_by, node_should_run_daemon_pod, target_node_name, NodeVerdict};
use dsplay_engine::node_lifecycle::ready_status;
use dsplay_engine::pod_readiness::{is_pod_ready, ready_condition};
use super::pod::status_column;
use dsplay_engine::state::ClusterState;
use dsplay_model::k8s_openapi::api::apps::v1::DaemonSet;
use dsplay_model::k8s_openapi::api::core::v1::{Node, Pod, PodSpec};
use dsplay_model::node_affinity::{explain, AffinityCheck, AffinityCheckKind};

pub use rollout::{Holder, RolloutWhy};
pub use taints::{NearMiss, TaintCheck, TolerationMatch, TolerationSource};

use super::is_failure_status;
use scheduler_check::{pinned, scheduler_check};

/// Everything the panel says about one node.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeWhy {
    pub node: String,
    /// One entry per DaemonSet of the cluster, in `namespace/name` order.
    pub daemonsets: Vec<DaemonSetWhy>,
}

/// Where the DaemonSet's pod stands on this node, in one word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Bound here, Ready, and allowed to stay.
    Running,
    /// Bound here and on its way, not Ready yet: `status` is kubectl's STATUS
    /// (`ContainerCreating`, or `Running` with a container not ready).
    Starting { status: String },
    /// Bound here, but kubectl's STATUS is a failure (`ErrImagePull`,
    /// `ImagePullBackOff`, `CrashLoopBackOff`, `OutOfcpu`...): it will not become
    /// Ready by waiting.
    Failing { status: String },
    /// Created for this node but not bound, and a scheduler filter rejects the node.
    Pending,
    /// Created for this node but not bound yet, and every filter passes: the
    /// scheduler binds it at its next attempt.
    Scheduling,
    /// Every pod here is already terminating.
    Terminating,
    /// A pod is here but shouldContinueRunning is false: the controller deletes it.
    Evicting,
    /// shouldRun is false (a NoSchedule taint or cordon came later) but the pod
    /// may continue running, so it stays.
    Kept,
    /// shouldRun is true and there is no pod yet: the controller creates one.
    Missing,
    /// shouldRun is false and there is no pod: none will be created.
    NotEligible,
}

/// What makes a failing pod fail, as the panel explains it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureCause {
    /// The kubelet cannot pull an image (it retries with a growing back-off).
    ImagePull,
    /// A container keeps exiting with an error (restarted with a growing back-off).
    Crash,
    /// The kubelet rejected or evicted the pod (the controller replaces it).
    Rejected,
    Other,
}

/// The cause of a failing kubectl STATUS, and whether it is an init container's
/// (`Init:...`), which holds the pod's containers back.
pub fn failure_cause(status: &str) -> (bool, FailureCause) {
    let (init, bare) = status.strip_prefix("Init:").map_or((false, status), |bare| (true, bare));
    let cause = match bare {
        "ErrImagePull" | "ImagePullBackOff" | "InvalidImageName" | "ErrImageNeverPull" => FailureCause::ImagePull,
        "CrashLoopBackOff" | "OOMKilled" => FailureCause::Crash,
        "Error" if init => FailureCause::Crash,
        s if s.starts_with("OutOf") || s == "Evicted" || s == "NodeAffinity" => FailureCause::Rejected,
        _ => FailureCause::Other,
    };
    (init, cause)
}

impl Outcome {
    /// The variant's name, for `data-outcome`.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Running => "Running",
            Outcome::Starting { .. } => "Starting",
            Outcome::Failing { .. } => "Failing",
            Outcome::Pending => "Pending",
            Outcome::Scheduling => "Scheduling",
            Outcome::Terminating => "Terminating",
            Outcome::Evicting => "Evicting",
            Outcome::Kept => "Kept",
            Outcome::Missing => "Missing",
            Outcome::NotEligible => "NotEligible",
        }
    }
}

/// One daemon pod of this DaemonSet aimed at this node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PodHere {
    pub name: String,
    pub bound: bool,
    pub terminating: bool,
    /// `status.phase`, `Pending` when unset.
    pub phase: String,
    /// kubectl's STATUS column (`ContainerCreating`, `ImagePullBackOff`,
    /// `Terminating`...), `Pending` when the pod has no phase yet.
    pub status: String,
    /// The Ready condition is True.
    pub ready: bool,
    /// Why a running pod is not Ready.
    pub not_ready_because: Option<NotReadyCause>,
}

/// Why a running pod is not Ready.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotReadyCause {
    /// Its Ready condition's message (an unready container, a readiness gate without
    /// its condition), in the kubelet's words.
    Condition(String),
    /// Its node stopped posting status, and the node lifecycle controller marked it.
    NodeNotReady,
}

/// `spec.template.spec.nodeName`: a DaemonSet pinned to one node by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeNameCheck {
    pub template: String,
    pub matched: bool,
}

/// One nodeSelector pair or required node-affinity line, with the node's value
/// of the label it reads so either language can say what the node has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleCheck {
    pub check: AffinityCheck,
    /// The label (or field) the rule reads; empty for a whole term.
    pub key: String,
    /// The node's value for `key` (its name for `metadata.name`); None when absent.
    pub node_value: Option<String>,
}

/// One filter plugin of the default scheduler profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PluginCheck {
    pub plugin: &'static str,
    /// The plugin's status message when it rejects the node, e.g. `Insufficient cpu`.
    pub unfit: Option<String>,
}

/// The scheduler's view of the pod on this node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchedulerCheck {
    /// No pod exists yet: these are the filters the pod the controller would
    /// create would meet.
    pub hypothetical: bool,
    /// The pod is already bound; the scheduler does not look at it again, so the
    /// filters are only re-evaluated for information.
    pub bound: bool,
    pub plugins: Vec<PluginCheck>,
    /// The pod's last FailedScheduling message (its PodScheduled=False condition).
    pub failed_scheduling: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DaemonSetWhy {
    pub namespace: String,
    pub name: String,
    pub verdict: NodeVerdict,
    pub outcome: Outcome,
    pub pods: Vec<PodHere>,
    pub node_name: Option<NodeNameCheck>,
    pub affinity: Vec<RuleCheck>,
    pub taints: Vec<TaintCheck>,
    /// None when the controller would create no pod and none exists.
    pub scheduler: Option<SchedulerCheck>,
}

impl NodeWhy {
    /// Explains `node_name` in `state`; None when the node does not exist in this frame.
    pub fn of(state: &ClusterState, node_name: &str) -> Option<NodeWhy> {
        let node = state.nodes.get(node_name)?;
        let daemonsets = state.daemonsets.values().map(|ds| DaemonSetWhy::of(state, node, ds)).collect();
        Some(NodeWhy { node: node_name.to_string(), daemonsets })
    }
}

impl DaemonSetWhy {
    pub fn of(state: &ClusterState, node: &Node, ds: &DaemonSet) -> DaemonSetWhy {
        let node_name = node.metadata.name.as_deref().unwrap_or_default();
        let verdict = node_should_run_daemon_pod(node, ds);
        let should_run = verdict.should_run;
        let user_spec = ds.spec.as_ref().and_then(|spec| spec.template.spec.clone()).unwrap_or_default();
        // The pod NodeShouldRunDaemonPod judges: the template with the daemon tolerations.
        let mut daemon_spec = user_spec.clone();
        add_daemon_tolerations(&mut daemon_spec);

        let owned: Vec<&Pod> = state.pods.values().map(|pod| pod.as_ref()).filter(|pod| is_owned_by(pod, ds) && target_node_name(pod) == Some(node_name)).collect();
        let node_ready = ready_status(node) == Some("True");
        let pods: Vec<PodHere> = owned.iter().map(|pod| pod_here(pod, node_ready)).collect();
        let live = owned.iter().zip(&pods).find(|(_, here)| !here.terminating);
        let scheduler = match live.map(|(pod, _)| *pod) {
            Some(pod) => Some(scheduler_check(state, node, pod, false)),
            None if verdict.should_run => {
                let pod = Pod { spec: Some(pinned(daemon_spec.clone(), node_name)), ..Default::default() };
                Some(scheduler_check(state, node, &pod, true))
            }
            None => None,
        };
        let filters_pass = scheduler.as_ref().is_some_and(|check| check.plugins.iter().all(|plugin| plugin.unfit.is_none()));
        let outcome = match (live, pods.is_empty()) {
            (None, true) if verdict.should_run => Outcome::Missing,
            (None, true) => Outcome::NotEligible,
            (None, false) => Outcome::Terminating,
            (Some(_), _) if !verdict.should_continue_running => Outcome::Evicting,
            (Some((_, here)), _) if !here.bound && filters_pass => Outcome::Scheduling,
            (Some((_, here)), _) if !here.bound => Outcome::Pending,
            (Some(_), _) if !verdict.should_run => Outcome::Kept,
            (Some((_, here)), _) if here.phase == "Failed" || is_failure_status(&here.status) => {
                Outcome::Failing { status: here.status.clone() }
            }
            (Some((_, here)), _) if !here.ready => Outcome::Starting { status: here.status.clone() },
            (Some(_), _) => Outcome::Running,
        };
        DaemonSetWhy {
            namespace: ds.metadata.namespace.clone().unwrap_or_else(|| "default".to_string()),
            name: ds.metadata.name.clone().unwrap_or_default(),
            verdict,
            outcome,
            pods,
            node_name: user_spec
                .node_name
                .clone()
                .filter(|name| !name.is_empty())
                .map(|template| NodeNameCheck { matched: template == node_name, template }),
            affinity: rule_checks(&user_spec, node),
            taints: taints::taint_checks(node, &user_spec, &daemon_spec, should_run),
            scheduler,
        }
    }

    /// The first rule that keeps the pod off the node, for a one-line summary.
    pub fn first_blocking_rule(&self) -> Option<BlockingRule<'_>> {
        if let Some(check) = self.node_name.as_ref().filter(|check| !check.matched) {
            return Some(BlockingRule::NodeName(check));
        }
        if let Some(rule) = self.blocking_affinity_rule() {
            return Some(BlockingRule::Affinity(rule));
        }
        if let Some(taint) = self.taints.iter().find(|taint| taint.blocks_scheduling()) {
            return Some(BlockingRule::Taint(taint));
        }
        let plugins = self.scheduler.iter().flat_map(|check| &check.plugins);
        plugins.clone().find(|plugin| plugin.unfit.is_some()).map(BlockingRule::Plugin)
    }
}

impl DaemonSetWhy {
    /// nodeSelector pairs are ANDed, so any unmatched one blocks; terms are ORed,
    /// so an expression blocks only when no term matched at all.
    fn blocking_affinity_rule(&self) -> Option<&RuleCheck> {
        let unmatched = |kind: AffinityCheckKind| self.affinity.iter().find(move |rule| rule.check.kind == kind && !rule.check.matched);
        if let Some(pair) = unmatched(AffinityCheckKind::NodeSelector) {
            return Some(pair);
        }
        let terms = self.affinity.iter().filter(|rule| rule.check.kind == AffinityCheckKind::Term);
        if terms.clone().next().is_none() || terms.clone().any(|term| term.check.matched) {
            return None;
        }
        self.affinity
            .iter()
            .find(|rule| !rule.check.matched && matches!(rule.check.kind, AffinityCheckKind::MatchExpression | AffinityCheckKind::MatchField))
            .or_else(|| unmatched(AffinityCheckKind::Term))
    }
}

/// What [`DaemonSetWhy::first_blocking_rule`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockingRule<'a> {
    NodeName(&'a NodeNameCheck),
    Affinity(&'a RuleCheck),
    Taint(&'a TaintCheck),
    Plugin(&'a PluginCheck),
}

fn is_bound(pod: &Pod) -> bool {
    pod.spec.as_ref().and_then(|spec| spec.node_name.as_deref()).is_some_and(|name| !name.is_empty())
}

fn pod_here(pod: &Pod, node_ready: bool) -> PodHere {
    let ready = is_pod_ready(pod);
    let running = pod.status.as_ref().and_then(|s| s.phase.as_deref()) == Some("Running");
    let not_ready_because = ready_condition(pod).filter(|_| running && !ready && pod.metadata.deletion_timestamp.is_none()).and_then(|c| {
        // A node that stopped posting status comes first: fixing a gate would not help.
        match &c.message {
            _ if !node_ready => Some(NotReadyCause::NodeNotReady),
            Some(message) => Some(NotReadyCause::Condition(message.clone())),
            None => None,
        }
    });
    PodHere {
        status: status_column(pod),
        ready,
        not_ready_because,
        name: pod.metadata.name.clone().unwrap_or_default(),
        bound: is_bound(pod),
        terminating: pod.metadata.deletion_timestamp.is_some(),
        phase: pod.status.as_ref().and_then(|status| status.phase.clone()).unwrap_or_else(|| "Pending".to_string()),
    }
}

fn rule_checks(spec: &PodSpec, node: &Node) -> Vec<RuleCheck> {
    let labels = node.metadata.labels.clone().unwrap_or_default();
    let name = node.metadata.name.clone();
    explain(spec, node)
        .into_iter()
        .map(|check| {
            let key = match check.kind {
                AffinityCheckKind::Term => String::new(),
                AffinityCheckKind::NodeSelector => check.rule.split_once('=').map_or(check.rule.as_str(), |(key, _)| key).to_string(),
                AffinityCheckKind::MatchExpression | AffinityCheckKind::MatchField => {
                    check.rule.split_once(' ').map_or(check.rule.as_str(), |(key, _)| key).to_string()
                }
            };
            let node_value = match check.kind {
                AffinityCheckKind::Term => None,
                AffinityCheckKind::MatchField => (key == "metadata.name").then(|| name.clone()).flatten(),
                _ => labels.get(&key).cloned(),
            };
            RuleCheck { check, key, node_value }
        })
        .collect()
}
