//! The scheduler's cycle for one pod (`schedule_one.go`) and what it writes: the
//! binding, or the PodScheduled condition, the nominated node and the FailedScheduling
//! event; and, when DefaultPreemption chose a node, the preemption of its victims
//! (`framework/preemption/executor.go`, `PreemptPod` and `prepareCandidate`).

use k8s_openapi::api::core::v1::{Pod, PodCondition, PodStatus};

use super::{Simulation, Unschedulable};
use crate::agenda::Action;
use crate::clock;
use crate::pod_conditions::{set_disruption_target, set_pod_condition};
use crate::pod_readiness::{is_terminating, node_name};
use crate::scheduler::node_affinity::{self, PreFilterResult};
use crate::scheduler::preemption::REASON_PREEMPTION_BY_SCHEDULER;
use crate::scheduler::priority_of;
use crate::scheduler::{self, Nominating, Nomination, NodeInfo, NominatedPods, DEFAULT_SCHEDULER};


/// `responsibleForPod` and the SchedulingGates PreEnqueue plugin: the default scheduler
/// leaves a pod that names another scheduler to it, and keeps a gated pod out of its
/// queue until the gates are gone; neither is said in an event.
fn for_this_scheduler(pod: &Pod) -> bool {
    let spec = pod.spec.as_ref();
    let scheduler = spec.and_then(|s| s.scheduler_name.as_deref()).unwrap_or(DEFAULT_SCHEDULER);
    let gated = spec.and_then(|s| s.scheduling_gates.as_ref()).is_some_and(|gates| !gates.is_empty());
    scheduler == DEFAULT_SCHEDULER && !gated
}

impl Simulation {
    pub(super) fn schedule_pod(&mut self, pod_key: &str) {
        let Some(pod) = self.api.state.pods.get(pod_key).cloned() else { return };
        if node_name(&pod).is_some() || is_terminating(&pod) || !for_this_scheduler(&pod) {
            return;
        }
        // Only the nodes the NodeAffinity PreFilter lets through are filtered, so only
        // they need their pods (a daemon pod names exactly one).
        let no_spec = Default::default();
        let restricted = match node_affinity::pre_filter(pod.spec.as_ref().unwrap_or(&no_spec)) {
            PreFilterResult::NodeNames(names) => Some(names),
            _ => None,
        };
        let state = &self.api.state;
        let node_names: Vec<&str> = match &restricted {
            Some(names) => names.iter().map(String::as_str).filter(|n| state.nodes.contains_key(*n)).collect(),
            None => state.nodes.keys().map(String::as_str).collect(),
        };
        let nodes: Vec<NodeInfo> = node_names
            .iter()
            .filter_map(|n| state.nodes.get(*n).map(|node| NodeInfo { node, pods: self.bound_pods(n, pod_key) }))
            .collect();
        let nominated: NominatedPods = node_names
            .iter()
            .map(|n| (n.to_string(), self.nominated_pods.on(n).filter_map(|k| state.pods.get(k.as_str()).map(|p| p.as_ref())).collect::<Vec<_>>()))
            .filter(|(_, pods)| !pods.is_empty())
            .collect();
        let result = scheduler::schedule_among(&pod, nodes, state.nodes.len(), &nominated);
        let now = self.api.now();
        match result {
            Ok(node) => {
                let mut bound_pod = pod.into_inner();
                if let Some(spec) = bound_pod.spec.as_mut() {
                    spec.node_name = Some(node.clone());
                }
                set_pod_scheduled(&mut bound_pod, None, now);
                // The binding clears the nomination (ClearingNominatedNodeNameAfterBinding).
                if let Some(status) = bound_pod.status.as_mut() {
                    status.nominated_node_name = None;
                }
                self.api.update_pod(bound_pod);
                self.api.record_event(
                    &format!("Pod/{pod_key}"),
                    "Normal",
                    "Scheduled",
                    DEFAULT_SCHEDULER,
                    format!("Successfully assigned {pod_key} to {node}"),
                );
            }
            Err(fit_error) => {
                // PostFilter runs inside the cycle, before the failure is handled.
                if let Nominating::Nominate(nomination) = &fit_error.nominating {
                    self.prepare_candidate(&pod, nomination);
                }
                let message = fit_error.to_string();
                let mut pending = pod.into_inner();
                set_pod_scheduled(&mut pending, Some(&message), now);
                let status = pending.status.get_or_insert_with(PodStatus::default);
                match &fit_error.nominating {
                    Nominating::Keep => {}
                    Nominating::Nominate(nomination) => status.nominated_node_name = Some(nomination.node.clone()),
                    Nominating::Clear => status.nominated_node_name = None,
                }
                self.api.update_pod(pending);
                self.api.record_event(&format!("Pod/{pod_key}"), "Warning", "FailedScheduling", DEFAULT_SCHEDULER, message);
                let plugins = fit_error.unschedulable_plugins();
                self.unschedulable.insert(pod_key.to_string(), Unschedulable { since: now, plugins });
                let retry_at = unschedulable_timeout(now);
                self.agenda.schedule(retry_at, Action::UnschedulableTimeout { pod: pod_key.to_string(), since: now });
            }
        }
    }

    /// `prepareCandidate`: each victim not already terminating gets the DisruptionTarget
    /// condition, is deleted with its grace period and hears why; pods of lower
    /// priority nominated to the same node lose their nomination, since the room they
    /// counted on is now the preemptor's.
    fn prepare_candidate(&mut self, preemptor: &Pod, nomination: &Nomination) {
        let scheduler_name = preemptor.spec.as_ref().and_then(|s| s.scheduler_name.clone());
        let scheduler_name = scheduler_name.unwrap_or_else(|| DEFAULT_SCHEDULER.to_string());
        let preemptor_uid = preemptor.metadata.uid.clone().unwrap_or_default();
        let now = self.api.now();
        for victim_key in &nomination.victims {
            let Some(victim) = self.api.state.pods.get(victim_key.as_str()) else { continue };
            if is_terminating(victim) {
                continue;
            }
            let mut victim = Pod::clone(victim);
            set_disruption_target(&mut victim, REASON_PREEMPTION_BY_SCHEDULER, &format!("{scheduler_name}: preempting to accommodate a higher priority pod"), now);
            self.api.update_pod(victim);
            if self.api.delete_pod(victim_key, None).is_err() {
                continue;
            }
            self.api.record_event(
                &format!("Pod/{victim_key}"),
                "Normal",
                "Preempted",
                DEFAULT_SCHEDULER,
                format!("Preempted by pod {preemptor_uid} on node {}", nomination.node),
            );
        }
        let priority = priority_of(preemptor);
        let outranked: Vec<Pod> = self
            .nominated_pods
            .on(&nomination.node)
            .filter_map(|k| self.api.state.pods.get(k.as_str()))
            .filter(|p| priority_of(p) < priority)
            .map(|p| Pod::clone(p))
            .collect();
        for mut pod in outranked {
            if let Some(status) = pod.status.as_mut() {
                status.nominated_node_name = None;
            }
            self.api.update_pod(pod);
        }
    }
}

/// `podMaxInUnschedulablePodsDuration`: a pod no cluster change has woken is tried
/// again after this long, by the flush that runs every `UNSCHEDULABLE_FLUSH_MS`.
const UNSCHEDULABLE_MAX_MS: u64 = 5 * 60 * 1000;
const UNSCHEDULABLE_FLUSH_MS: u64 = 30 * 1000;

/// The first flush (every 30 s from the scheduler's start) at which a pod that failed at
/// `since_ms` has waited more than five minutes.
fn unschedulable_timeout(since_ms: u64) -> u64 {
    ((since_ms + UNSCHEDULABLE_MAX_MS) / UNSCHEDULABLE_FLUSH_MS + 1) * UNSCHEDULABLE_FLUSH_MS
}

/// The PodScheduled condition the scheduler writes: True once bound, False with
/// reason Unschedulable and the FailedScheduling message while it cannot be placed.
fn set_pod_scheduled(pod: &mut Pod, unschedulable: Option<&str>, now_ms: u64) {
    set_pod_condition(
        pod,
        PodCondition {
            type_: "PodScheduled".into(),
            status: if unschedulable.is_some() { "False" } else { "True" }.into(),
            reason: unschedulable.map(|_| "Unschedulable".into()),
            message: unschedulable.map(str::to_string),
            last_transition_time: Some(clock::timestamp(now_ms)),
            ..Default::default()
        },
    );
}
