//! The informers: what each component hears about a change, and the work it queues
//! (the event handlers of daemon_controller.go, the scheduler's queue, the kubelet's
//! pod watch, the node lifecycle and taint eviction controllers, the GC).

use k8s_openapi::api::core::v1::Node;

use crate::agenda::Action;
use super::Simulation;
use crate::api::{key, Change};
use crate::controller::daemonset::util::template_generation;
use crate::controller::daemonset::{
    controller_key, is_owned_by, node_update_syncs, pod_added, pod_deleted, pod_updated, should_ignore_node_update, target_node_name,
};
use crate::node_lifecycle::{condition_taints_stale, next_monitor_pass, ready_status};
use crate::pod_gc::{self, is_out_of_service};
use crate::pod_readiness::{is_terminating, node_name};
use crate::scheduler::queueing_hints::{ClusterEvent};
use crate::taint_eviction::{has_no_execute_taint, no_execute_taints_changed};

/// Watch delivery plus the time a component's worker takes to pick the item up.
pub const REACTION_MS: u64 = 50;

fn tolerations_of(pod: &k8s_openapi::api::core::v1::Pod) -> Option<&Vec<k8s_openapi::api::core::v1::Toleration>> {
    pod.spec.as_ref().and_then(|spec| spec.tolerations.as_ref())
}

/// The statuses of the conditions the pod's readiness gates name, in gate order.
fn readiness_gate_conditions(pod: &k8s_openapi::api::core::v1::Pod) -> Vec<Option<&str>> {
    let conditions = pod.status.as_ref().and_then(|s| s.conditions.as_ref());
    let gates = pod.spec.iter().flat_map(|s| s.readiness_gates.iter().flatten());
    gates
        .map(|gate| conditions.and_then(|c| c.iter().find(|c| c.type_ == gate.condition_type)).map(|c| c.status.as_str()))
        .collect()
}

impl Simulation {
    /// Hands every change since the last call to the components that watch it.
    pub(super) fn react(&mut self) {
        loop {
            let changes = self.api.take_changes();
            if changes.is_empty() {
                return;
            }
            for change in changes {
                self.dispatch(change);
            }
        }
    }

    fn enqueue_daemonset(&mut self, ds_key: String, delay_ms: u64) {
        self.agenda.schedule(self.api.now() + delay_ms, Action::SyncDaemonSet(ds_key));
    }

    /// `enqueueDaemonSetAfter`: a delayed add, independent of syncs already queued.
    fn enqueue_daemonset_after(&mut self, ds_key: String, delay_ms: u64) {
        self.agenda.schedule(self.api.now() + delay_ms, Action::RequeueDaemonSet(ds_key));
    }

    fn later(&mut self, delay_ms: u64, action: Action) {
        self.agenda.schedule(self.api.now() + delay_ms, action);
    }

    /// Moves the unschedulable pods that `event` may help back to the active queue,
    /// which hands them out in its order.
    fn retry_unschedulable(&mut self, event: ClusterEvent) {
        for pod_key in self.scheduler.queue.move_helped_by(&self.api.state, &event) {
            self.later(REACTION_MS, Action::Schedule(pod_key));
        }
    }

    /// The node controller's next pass registers `node`, or removes it, when it is new to
    /// it or gone; scheduled only then, so a scenario whose nodes stay has no such pass.
    fn classify_nodes_at_next_pass(&mut self, node: &str) {
        if self.node_lifecycle.has_news(&self.api, node) {
            self.agenda.schedule_once(next_monitor_pass(self.api.now()), Action::ClassifyNodes);
        }
    }

    /// The node's kubelet records a cordon or uncordon at its next status sync (none
    /// while it is down: it syncs when it comes back).
    fn status_sync_at_next_tick(&mut self, node: &str) {
        if let Some(at) = self.api.state.leases.get(node).and_then(|lease| lease.next_status_sync(self.api.now())) {
            self.agenda.schedule_once(at, Action::SyncNodeStatus(node.to_string()));
        }
    }

    /// PodGC's next pass will find the terminating pods of `node` when it is out of
    /// service; the pass is scheduled only then, so that a cluster without such a node
    /// has no pass that does nothing.
    fn pod_gc_pass_if_out_of_service(&mut self, node: &str) {
        if self.api.state.nodes.get(node).is_some_and(|n| is_out_of_service(n)) {
            self.agenda.schedule_once(pod_gc::next_pass(self.api.now()), Action::CollectTerminatingPods);
        }
    }

    fn dispatch(&mut self, change: Change) {
        match change {
            Change::PodAdded(pod_key) => {
                let Some(pod) = self.api.state.pods.get(pod_key.as_str()).cloned() else { return };
                self.pods_by_node.added(&pod);
                self.scheduler.queue.pod_added(&pod);
                for ds_key in pod_added(&pod, &self.api.state.daemonsets) {
                    self.enqueue_daemonset(ds_key, REACTION_MS);
                }
                if let (Some(owner), Some(node)) = (controller_key(&pod), target_node_name(&pod)) {
                    self.churn.pod_created(&owner, node);
                }
                match node_name(&pod) {
                    None => self.later(REACTION_MS, Action::Schedule(pod_key)),
                    Some(node) => {
                        self.pod_bound(pod_key.clone(), node.to_string());
                        self.notice_pod_tolerations(pod_key);
                    }
                }
            }
            Change::PodUpdated { key: pod_key, old } => {
                let Some(pod) = self.api.state.pods.get(pod_key.as_str()).cloned() else { return };
                self.pods_by_node.updated(&old, &pod);
                self.scheduler.queue.pod_updated(&old, &pod);
                let deletion_started = is_terminating(&pod) && !is_terminating(&old);
                if deletion_started && node_name(&pod).is_some_and(|n| !self.node_lifecycle.is_silent(n)) {
                    self.later(0, Action::KillContainers(pod_key.clone()));
                }
                if let Some(node) = node_name(&pod).filter(|_| deletion_started) {
                    self.pod_gc_pass_if_out_of_service(node);
                }
                if let (Some(node), None) = (node_name(&pod), node_name(&old)) {
                    self.pod_bound(pod_key.clone(), node.to_string());
                }
                if node_name(&pod) != node_name(&old) || tolerations_of(&pod) != tolerations_of(&old) {
                    self.notice_pod_tolerations(pod_key.clone());
                }
                if readiness_gate_conditions(&old) != readiness_gate_conditions(&pod) {
                    self.later(REACTION_MS, Action::RefreshPodReadiness(pod_key.clone()));
                }
                let syncs = pod_updated(&old, &pod, &self.api.state.daemonsets);
                for ds_key in syncs.now {
                    self.enqueue_daemonset(ds_key, REACTION_MS);
                }
                if let Some((ds_key, delay_ms)) = syncs.after {
                    self.enqueue_daemonset_after(ds_key, delay_ms);
                }
            }
            Change::PodDeleted(pod) => {
                self.pods_by_node.removed(&pod);
                if let Some(ds_key) = pod_deleted(&pod, &self.api.state.daemonsets) {
                    self.enqueue_daemonset(ds_key, REACTION_MS);
                }
                let pod_key = key(pod.metadata.namespace.as_deref(), pod.metadata.name.as_deref().unwrap_or(""));
                self.scheduler.queue.pod_deleted(&pod, &pod_key);
                if self.taint_eviction.has_scheduled(&pod_key) {
                    self.later(REACTION_MS, Action::NoticePodTolerations(pod_key));
                }
                self.retry_unschedulable(ClusterEvent::PodDeleted(&pod));
            }
            Change::NodeAdded(name) => {
                self.classify_nodes_at_next_pass(&name);
                self.node_changed(&name);
                // The monitor's next pass finds a node that registers not Ready and queues
                // it for its NoExecute taint; the node update worker brings its condition
                // taints in line (a joining node's not-ready:NoSchedule comes off).
                let node = self.api.state.nodes.get(&name);
                let ready = node.and_then(|n| ready_status(n).map(|s| s == "True"));
                if ready != Some(true) || node.is_some_and(|n| condition_taints_stale(n)) {
                    self.later(REACTION_MS, Action::MonitorNode(name.clone()));
                }
                if has_no_execute_taint(&self.api, &name) {
                    self.later(REACTION_MS, Action::NoticeNodeTaints(name.clone()));
                }
                if let Some(node) = self.api.state.nodes.get(&name).cloned() {
                    self.retry_unschedulable(ClusterEvent::NodeAdded(&node));
                }
            }
            Change::NodeUpdated { name, old } => {
                let Some(node) = self.api.state.nodes.get(&name).map(|o| Node::clone(o)) else { return };
                let spec = |n: &Node| n.spec.clone().unwrap_or_default();
                if !should_ignore_node_update(&old, &node) {
                    self.node_changed(&name);
                }
                let conditions = |n: &Node| n.status.as_ref().and_then(|s| s.conditions.clone());
                if spec(&node).unschedulable != spec(&old).unschedulable || conditions(&node) != conditions(&old) {
                    self.later(REACTION_MS, Action::MonitorNode(name.clone()));
                }
                if spec(&node).unschedulable != spec(&old).unschedulable {
                    self.status_sync_at_next_tick(&name);
                }
                if no_execute_taints_changed(spec(&old).taints.as_deref(), spec(&node).taints.as_deref()) {
                    self.later(REACTION_MS, Action::NoticeNodeTaints(name.clone()));
                }
                self.pod_gc_pass_if_out_of_service(&name);
                self.retry_unschedulable(ClusterEvent::NodeUpdated { old: &old, new: &node });
            }
            Change::NodeDeleted(node) => {
                let name = node.metadata.name.clone().unwrap_or_default();
                self.kubelet.forget_node(&name);
                self.classify_nodes_at_next_pass(&name);
                self.agenda.schedule(pod_gc::orphans_collected_at(self.api.now()), Action::CollectOrphanedPods(name));
            }
            Change::DaemonSetAdded(ds_key) => {
                self.rollouts.template_changed(&ds_key);
                self.enqueue_daemonset(ds_key, REACTION_MS);
            }
            Change::DaemonSetUpdated { key: ds_key, old } => {
                let template_changed = self
                    .api
                    .state
                    .daemonsets
                    .get(&ds_key)
                    .is_some_and(|ds| template_generation(ds) != template_generation(&old));
                if template_changed {
                    self.rollouts.template_changed(&ds_key);
                    self.pending_markers.push(super::Marker::UpdateApplied(ds_key.clone()));
                }
                self.enqueue_daemonset(ds_key, REACTION_MS);
            }
            Change::DaemonSetDeleted(ds) => {
                let namespace = ds.metadata.namespace.clone().unwrap_or_default();
                let owner_uid = ds.metadata.uid.clone().unwrap_or_default();
                self.later(REACTION_MS, Action::CollectGarbage { namespace, owner_uid });
            }
            Change::RevisionChanged { owner_key } => {
                if let Some(ds_key) = owner_key.filter(|k| self.api.state.daemonsets.contains_key(k)) {
                    self.enqueue_daemonset(ds_key, REACTION_MS);
                }
            }
        }
    }

    fn pod_bound(&mut self, pod_key: String, node: String) {
        if self.node_lifecycle.is_silent(&node) {
            return;
        }
        self.later(0, Action::AdmitPod(pod_key));
    }

    /// `PodUpdated` of the taint eviction controller, for a pod that may need a look:
    /// one on a NoExecute-tainted node, or one with a deletion scheduled.
    fn notice_pod_tolerations(&mut self, pod_key: String) {
        let pod = self.api.state.pods.get(pod_key.as_str());
        let on_tainted_node = pod.and_then(|p| node_name(p)).is_some_and(|node| has_no_execute_taint(&self.api, node));
        if on_tainted_node || self.taint_eviction.has_scheduled(&pod_key) {
            self.later(REACTION_MS, Action::NoticePodTolerations(pod_key));
        }
    }

    /// syncNodeUpdate for `name`: queue the DaemonSets this node now needs work from.
    fn node_changed(&mut self, name: &str) {
        let Some(node) = self.api.state.nodes.get(name).map(|o| Node::clone(o)) else { return };
        let pods = &self.api.state.pods;
        let has_pod = |ds: &k8s_openapi::api::apps::v1::DaemonSet| {
            pods.values().any(|p| target_node_name(p) == Some(name) && is_owned_by(p, ds))
        };
        for ds_key in node_update_syncs(&node, &self.api.state.daemonsets, has_pod) {
            self.enqueue_daemonset(ds_key, REACTION_MS);
        }
    }
}
