//! Carrying out one due action, and the simulation commands that act on the world
//! outside the API (nodes joining, kubelets going silent, images misbehaving).

use k8s_openapi::api::core::v1::Pod;

use crate::agenda::Action;
use super::reactions::REACTION_MS;
use super::{FrameCause, Marker, Simulation};
use crate::kubectl::command::{Command, CommandError, ImageBehaviour};
use crate::refusal::Refusal;
use crate::scenario::MAX_NODES;
use crate::kubelet::NodeLease;
use crate::pod_readiness::{is_terminal, is_terminating, node_name};
use crate::network::{internal_ip, PodAddresses};
use crate::scheduler::NodeInfo;
use crate::node_lifecycle::found_silent_at;
use crate::{kubelet, pod_gc};

impl Simulation {
    pub(super) fn perform(&mut self, action: Action) {
        let cause = FrameCause::Action(action.clone());
        let timing = self.timing;
        let follow_ups = match action {
            Action::SyncDaemonSet(ds_key) => {
                let outcome = self.daemonsets.sync(&mut self.api, &ds_key);
                if let Some(batch) = outcome.batch {
                    let number = self.rollouts.next_batch(&ds_key);
                    let marker = Marker::RolloutBatch {
                        daemonset: ds_key.clone(),
                        number,
                        deleted: batch.deleted,
                        created: batch.created,
                        budget: batch.budget,
                    };
                    self.pending_markers.push(marker);
                }
                let now = self.api.now();
                let requeue = outcome.requeue_after.map(|after| (now + after, Action::RequeueDaemonSet(ds_key.clone())));
                let retry = outcome.retry_after.map(|after| (now + after, Action::RetryDaemonSet(ds_key)));
                requeue.into_iter().chain(retry).collect()
            }
            Action::RequeueDaemonSet(ds_key) | Action::RetryDaemonSet(ds_key) => vec![(self.api.now(), Action::SyncDaemonSet(ds_key))],
            Action::Schedule(pod_key) => self.scheduler.schedule_one(&mut self.api, &self.pods_by_node, &pod_key),
            Action::UnschedulableTimeout { pod, since } => self.scheduler.unschedulable_timeout(&mut self.api, &self.pods_by_node, &pod, since),
            Action::AdmitPod(pod_key) => {
                let verdict = self.admission(&pod_key);
                let addresses = self.pod_addresses(&pod_key, verdict.is_ok());
                self.kubelet.admit(&mut self.api, &pod_key, timing, verdict, addresses)
            }
            Action::StartContainers(pod_key) => self.on_live_node(&pod_key, |sim| sim.kubelet.start_containers(&mut sim.api, &pod_key, timing)),
            Action::MarkReady(pod_key) | Action::ProbeReadiness(pod_key) => {
                self.on_live_node(&pod_key, |sim| sim.kubelet.mark_ready(&mut sim.api, &pod_key))
            }
            Action::RefreshPodReadiness(pod_key) => self.on_live_node(&pod_key, |sim| {
                sim.kubelet.refresh_readiness(&mut sim.api, &pod_key);
                vec![]
            }),
            Action::RestartExitedContainer(pod_key) | Action::RestartContainer(pod_key) => self.on_live_node(&pod_key, |sim| sim.kubelet.restart_container(&mut sim.api, &pod_key, timing)),
            Action::RetryImagePull(pod_key) => self.on_live_node(&pod_key, |sim| sim.kubelet.retry_image_pull(&mut sim.api, &pod_key, timing)),
            Action::SyncPullBackOff { pod, retry_at } => self.on_live_node(&pod, |sim| sim.kubelet.sync_pull_back_off(&mut sim.api, &pod, retry_at)),
            Action::SyncCrashBackOff { pod, restart_at } => {
                self.on_live_node(&pod, |sim| sim.kubelet.sync_crash_back_off(&mut sim.api, &pod, restart_at))
            }
            Action::KillContainers(pod_key) => self.on_live_node(&pod_key, |sim| sim.kubelet.begin_termination(&mut sim.api, &pod_key)),
            Action::FinishTermination(pod_key) => self.on_live_node(&pod_key, |sim| {
                sim.kubelet.finish_termination(&mut sim.api, &pod_key);
                vec![]
            }),
            Action::MonitorNode(node) => {
                let pods: Vec<String> = self.pods_by_node.on(&node).cloned().collect();
                let pass = self.node_lifecycle.monitor(&mut self.api, &node, &pods);
                pass.map(|at| (at, Action::NoExecuteTaintingPass)).into_iter().collect()
            }
            Action::NoExecuteTaintingPass => {
                let next = self.node_lifecycle.tainting_pass(&mut self.api);
                next.map(|at| (at, Action::NoExecuteTaintingPass)).into_iter().collect()
            }
            Action::NoticeNodeTaints(node) => {
                let pods: Vec<String> = self.pods_by_node.on(&node).cloned().collect();
                let due = self.taint_eviction.node_updated(&mut self.api, &node, &pods);
                self.cancel_taint_eviction_timers();
                due.into_iter().map(|(at, pod_key)| (at, Action::TaintEvictionDue(pod_key))).collect()
            }
            Action::NoticePodTolerations(pod_key) => {
                let due = self.taint_eviction.pod_updated(&mut self.api, &pod_key);
                self.cancel_taint_eviction_timers();
                due.map(|(at, pod_key)| (at, Action::TaintEvictionDue(pod_key))).into_iter().collect()
            }
            Action::TaintEvictionDue(pod_key) => {
                self.taint_eviction.fire(&mut self.api, &pod_key);
                vec![]
            }
            Action::CollectOrphanedPods(node) => {
                pod_gc::collect_orphaned_pods(&mut self.api, &node);
                vec![]
            }
            Action::ClassifyNodes => {
                self.node_lifecycle.classify_nodes(&mut self.api);
                vec![]
            }
            Action::SyncNodeStatus(node) => {
                self.sync_node_status(&node);
                vec![]
            }
            Action::CollectTerminatingPods => {
                pod_gc::collect_terminating_pods(&mut self.api);
                vec![]
            }
            Action::CollectGarbage { namespace, owner_uid } => {
                self.collect_garbage(&namespace, &owner_uid);
                vec![]
            }
        };
        for (at, action) in follow_ups {
            self.agenda.schedule(at, action);
        }
        self.react();
        self.record_frame(cause, None);
    }

    /// Deletions the taint eviction controller cancelled leave the agenda, so that a
    /// `settle` does not run the clock to a timer that does nothing.
    fn cancel_taint_eviction_timers(&mut self) {
        for pod_key in self.taint_eviction.take_cancelled() {
            self.agenda.cancel(&Action::TaintEvictionDue(pod_key));
        }
    }

    /// The kubelet acts only while its node posts status; a silent node's pods wait.
    fn on_live_node(&mut self, pod_key: &str, act: impl FnOnce(&mut Self) -> Vec<(u64, Action)>) -> Vec<(u64, Action)> {
        let node = self.api.state.pods.get(pod_key).and_then(|p| node_name(p).map(str::to_string));
        match node {
            Some(node) if self.node_lifecycle.is_silent(&node) => vec![],
            _ => act(self),
        }
    }

    /// The pods bound to `node` that still hold resources, other than `except`.
    pub(super) fn bound_pods(&self, node: &str, except: &str) -> Vec<&Pod> {
        self.pods_by_node.live_on(&self.api.state, node, except)
    }

    /// The kubelet's admission verdict for a pod just bound to its node.
    /// The pod's hostIP, and when it is admitted (its sandbox gets a network) its IP.
    fn pod_addresses(&mut self, pod_key: &str, admitted: bool) -> PodAddresses {
        let Some(pod) = self.api.state.pods.get(pod_key) else { return PodAddresses::default() };
        let host_network = pod.spec.as_ref().and_then(|s| s.host_network).unwrap_or(false);
        let Some(node) = node_name(pod).and_then(|n| self.api.state.nodes.get(n)) else { return PodAddresses::default() };
        let host_ip = internal_ip(node).map(str::to_owned);
        let pod_ip = match (admitted, host_network) {
            (false, _) => None,
            (true, true) => host_ip.clone(),
            (true, false) => self.network.next_pod_ip(node),
        };
        PodAddresses { host_ip, pod_ip }
    }

    fn admission(&self, pod_key: &str) -> Result<(), kubelet::Rejection> {
        let Some(pod) = self.api.state.pods.get(pod_key) else { return Ok(()) };
        let Some(node) = node_name(pod).and_then(|n| self.api.state.nodes.get(n)) else { return Ok(()) };
        let info = NodeInfo { node, pods: self.bound_pods(node_name(pod).unwrap_or(""), pod_key) };
        kubelet::admit(pod, &info)
    }

    fn collect_garbage(&mut self, namespace: &str, owner_uid: &str) {
        let owned = |meta: &k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta| {
            meta.namespace.as_deref() == Some(namespace)
                && meta.owner_references.iter().flatten().any(|o| o.uid == owner_uid)
        };
        let pods: Vec<String> = self.api.state.pods.iter().filter(|(_, p)| owned(&p.metadata)).map(|(k, _)| k.to_string()).collect();
        let revisions: Vec<String> =
            self.api.state.revisions.iter().filter(|(_, r)| owned(&r.metadata)).map(|(k, _)| k.clone()).collect();
        for pod_key in pods {
            let _ = self.api.delete_pod(&pod_key, None);
        }
        for rev_key in revisions {
            self.api.delete_revision(&rev_key);
        }
    }

    /// The simulation commands: the world outside the API.
    pub(super) fn world_command(&mut self, command: Command) -> Result<String, CommandError> {
        match command {
            Command::NodeAdd { name, pool } => {
                if self.api.state.nodes.len() as u64 >= MAX_NODES {
                    return Err(Refusal::NodeLimitReached { max: MAX_NODES }.into());
                }
                let pools = &self.scenario.node_pools;
                let pool = match pool {
                    Some(pool_name) => pools.iter().find(|p| p.name == pool_name).ok_or(Refusal::NoNodePool { pool: pool_name })?,
                    None => pools.iter().find(|p| name.starts_with(&format!("{}-", p.name))).or(pools.first()).ok_or(Refusal::NoPoolToShape)?,
                };
                let (node, pool_name) = (pool.node(&name), pool.name.clone());
                self.join_node(node).map_err(|e| e.to_string())?;
                self.pool_by_node.insert(name.clone(), pool_name);
                Ok(format!("node/{name} joined"))
            }
            Command::NodeDown(name) => {
                if !self.api.state.nodes.contains_key(&name) {
                    return Err(format!("Error from server (NotFound): nodes \"{name}\" not found").into());
                }
                self.node_lifecycle.kubelet_stops(&self.api, &name);
                self.change_lease(&name, NodeLease::stopped);
                let grace = self.scenario.timing.node_heartbeat_grace_ms;
                let last_renewal = self.api.state.leases.get(&name).map_or(self.api.now(), |l| l.renew_time(self.api.now()));
                self.agenda.schedule(found_silent_at(last_renewal, grace), Action::MonitorNode(name.clone()));
                Ok(format!("node/{name}: kubelet stopped posting status"))
            }
            Command::NodeUp(name) => {
                if !self.api.state.nodes.contains_key(&name) {
                    return Err(format!("Error from server (NotFound): nodes \"{name}\" not found").into());
                }
                self.change_lease(&name, NodeLease::resumed);
                self.node_lifecycle.kubelet_resumes(&mut self.api, &name);
                self.sync_node_status(&name);
                self.resync_kubelet(&name);
                Ok(format!("node/{name}: kubelet is posting ready status"))
            }
            Command::Image { reference, behaviour } => {
                self.kubelet.set_image_behaviour(&reference, behaviour);
                if behaviour == ImageBehaviour::Ok {
                    let now = self.api.now();
                    for pod_key in self.kubelet.pods_ready_once_image_works(&self.api, &reference) {
                        self.agenda.schedule(now, Action::MarkReady(pod_key));
                    }
                }
                Ok(format!("image {reference}: from now on, containers of it {}", behaviour.story()))
            }
            Command::Kubectl(_) | Command::Advance { .. } | Command::Settle => Ok(String::new()),
        }
    }

    /// The node's kubelet stops or resumes renewing its lease.
    fn change_lease(&mut self, node: &str, change: fn(NodeLease, u64) -> NodeLease) {
        let now = self.api.now();
        let lease = self.api.state.leases.get(node).copied().unwrap_or_else(|| NodeLease::renewing(now));
        self.api.write_lease(node, change(lease, now));
    }

    /// A kubelet back from silence reports its pods again: it finishes terminations,
    /// starts what it was given, and reports Ready for healthy running pods.
    /// A status sync of the node's kubelet, unless it is down: NodeNotSchedulable or
    /// NodeSchedulable when a cordon changed since the last one.
    fn sync_node_status(&mut self, name: &str) {
        let Some(node) = self.api.state.nodes.get(name).filter(|_| !self.node_lifecycle.is_silent(name)) else { return };
        if let Some((reason, message)) = self.kubelet.sync_node_status(node) {
            self.api.record_event(&format!("Node/{name}"), "Normal", reason, kubelet::SOURCE, message);
        }
    }

    fn resync_kubelet(&mut self, node: &str) {
        // The node's own pods, from the index, not a scan of every pod of the cluster.
        let pods: Vec<(String, Pod)> = self
            .pods_by_node
            .on(node)
            .filter_map(|key| self.api.state.pods.get(key.as_str()).map(|p| (key.clone(), (**p).clone())))
            .collect();
        let now = self.api.now();
        for (pod_key, pod) in pods {
            if is_terminating(&pod) {
                self.agenda.schedule(now, Action::KillContainers(pod_key));
            } else if is_terminal(&pod) {
                // Failed and Succeeded are final: the status manager never moves a pod
                // out of them, so a rejected pod stays rejected.
                continue;
            } else if crate::pod_readiness::phase(&pod) == "Running" {
                self.agenda.schedule(now + REACTION_MS, Action::MarkReady(pod_key));
            } else {
                self.agenda.schedule(now, Action::AdmitPod(pod_key));
            }
        }
    }
}
