//! The scheduler as a component: its queue, and its cycle for one pod
//! (`schedule_one.go`) with what it writes: the binding, or the PodScheduled
//! condition, the nominated node and the FailedScheduling event; and, when
//! DefaultPreemption chose a node, the preemption of its victims
//! (`framework/preemption/executor.go`, `PreemptPod` and `prepareCandidate`).

use k8s_openapi::api::core::v1::{Pod, PodCondition, PodStatus};

use super::framework::{priority_of, Nominating, Nomination, NodeInfo};
use super::node_affinity::{self, PreFilterResult};
use super::nominated_pods::NominatedPods;
use super::preemption::REASON_PREEMPTION_BY_SCHEDULER;
use super::schedule::schedule_among;
use super::scheduling_queue::SchedulingQueue;
use super::DEFAULT_SCHEDULER;
use crate::agenda::Action;
use crate::api::Api;
use crate::clock;
use crate::pod_conditions::{set_disruption_target, set_pod_condition};
use crate::pod_readiness::{is_terminating, node_name};
use crate::pods_by_node::PodsByNode;

/// `responsibleForPod` and the SchedulingGates PreEnqueue plugin: the default scheduler
/// leaves a pod that names another scheduler to it, and keeps a gated pod out of its
/// queue until the gates are gone; neither is said in an event.
fn for_this_scheduler(pod: &Pod) -> bool {
    let spec = pod.spec.as_ref();
    let scheduler = spec.and_then(|s| s.scheduler_name.as_deref()).unwrap_or(DEFAULT_SCHEDULER);
    let gated = spec.and_then(|s| s.scheduling_gates.as_ref()).is_some_and(|gates| !gates.is_empty());
    scheduler == DEFAULT_SCHEDULER && !gated
}

/// The default scheduler: its queue, and the scheduling cycle that reads the cluster
/// and writes its decisions through the API.
#[derive(Clone, Debug, Default)]
pub struct Scheduler {
    pub queue: SchedulingQueue,
}

impl Scheduler {
    /// One scheduling cycle for the pod, on the nodes and their pods (`bound`) as the
    /// scheduler's cache has them; the work it queues, when the pod waits.
    pub fn schedule_one(&mut self, api: &mut Api, bound: &PodsByNode, pod_key: &str) -> Vec<(u64, Action)> {
        let Some(pod) = api.state.pods.get(pod_key).cloned() else { return vec![] };
        if node_name(&pod).is_some() || is_terminating(&pod) || !for_this_scheduler(&pod) {
            return vec![];
        }
        // Only the nodes the NodeAffinity PreFilter lets through are filtered, so only
        // they need their pods (a daemon pod names exactly one).
        let no_spec = Default::default();
        let restricted = match node_affinity::pre_filter(pod.spec.as_ref().unwrap_or(&no_spec)) {
            PreFilterResult::NodeNames(names) => Some(names),
            _ => None,
        };
        let state = &api.state;
        let node_names: Vec<&str> = match &restricted {
            Some(names) => names.iter().map(String::as_str).filter(|n| state.nodes.contains_key(*n)).collect(),
            None => state.nodes.keys().map(String::as_str).collect(),
        };
        let nodes: Vec<NodeInfo> = node_names
            .iter()
            .filter_map(|n| state.nodes.get(*n).map(|node| NodeInfo { node, pods: bound.live_on(state, n, pod_key) }))
            .collect();
        let nominated: NominatedPods = node_names
            .iter()
            .map(|n| (n.to_string(), self.queue.nominated_on(n).filter_map(|k| state.pods.get(k.as_str()).map(|p| p.as_ref())).collect::<Vec<_>>()))
            .filter(|(_, pods)| !pods.is_empty())
            .collect();
        let result = schedule_among(&pod, nodes, state.nodes.len(), &nominated);
        let now = api.now();
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
                api.update_pod(bound_pod);
                api.record_event(
                    &format!("Pod/{pod_key}"),
                    "Normal",
                    "Scheduled",
                    DEFAULT_SCHEDULER,
                    format!("Successfully assigned {pod_key} to {node}"),
                );
                vec![]
            }
            Err(fit_error) => {
                // PostFilter runs inside the cycle, before the failure is handled.
                if let Nominating::Nominate(nomination) = &fit_error.nominating {
                    self.prepare_candidate(api, &pod, nomination);
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
                api.update_pod(pending);
                api.record_event(&format!("Pod/{pod_key}"), "Warning", "FailedScheduling", DEFAULT_SCHEDULER, message);
                vec![self.queue.add_unschedulable(pod_key, fit_error.unschedulable_plugins(), now)]
            }
        }
    }

    /// The flush of a pod unschedulable since `since`: tried again, unless a cluster
    /// change retried it meanwhile.
    pub fn unschedulable_timeout(&mut self, api: &mut Api, bound: &PodsByNode, pod_key: &str, since: u64) -> Vec<(u64, Action)> {
        if self.queue.flush(pod_key, since) { self.schedule_one(api, bound, pod_key) } else { vec![] }
    }

    /// `prepareCandidate`: each victim not already terminating gets the DisruptionTarget
    /// condition, is deleted with its grace period and hears why; pods of lower
    /// priority nominated to the same node lose their nomination, since the room they
    /// counted on is now the preemptor's.
    fn prepare_candidate(&self, api: &mut Api, preemptor: &Pod, nomination: &Nomination) {
        let scheduler_name = preemptor.spec.as_ref().and_then(|s| s.scheduler_name.clone());
        let scheduler_name = scheduler_name.unwrap_or_else(|| DEFAULT_SCHEDULER.to_string());
        let preemptor_uid = preemptor.metadata.uid.clone().unwrap_or_default();
        let now = api.now();
        for victim_key in &nomination.victims {
            let Some(victim) = api.state.pods.get(victim_key.as_str()) else { continue };
            if is_terminating(victim) {
                continue;
            }
            let mut victim = Pod::clone(victim);
            set_disruption_target(&mut victim, REASON_PREEMPTION_BY_SCHEDULER, &format!("{scheduler_name}: preempting to accommodate a higher priority pod"), now);
            api.update_pod(victim);
            if api.delete_pod(victim_key, None).is_err() {
                continue;
            }
            api.record_event(
                &format!("Pod/{victim_key}"),
                "Normal",
                "Preempted",
                DEFAULT_SCHEDULER,
                format!("Preempted by pod {preemptor_uid} on node {}", nomination.node),
            );
        }
        let priority = priority_of(preemptor);
        let outranked: Vec<Pod> = self
            .queue
            .nominated_on(&nomination.node)
            .filter_map(|k| api.state.pods.get(k.as_str()))
            .filter(|p| priority_of(p) < priority)
            .map(|p| Pod::clone(p))
            .collect();
        for mut pod in outranked {
            if let Some(status) = pod.status.as_mut() {
                status.nominated_node_name = None;
            }
            api.update_pod(pod);
        }
    }
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
