//! The clock's agenda: due actions in time order, ties in the order they were
//! scheduled, so the same scenario always unfolds the same way.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// Something a component of the cluster will do at a given simulated time.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Action {
    /// The DaemonSet controller's worker picks this DaemonSet key off its queue.
    SyncDaemonSet(String),
    /// A delayed add (`AddAfter`) reaches the controller's work queue: it becomes a
    /// sync unless one is already waiting. Kept apart from the queue, as client-go's
    /// delaying queue does, so an earlier sync never cancels it.
    RequeueDaemonSet(String),
    /// A DaemonSet whose sync failed is handed out again, after the work queue's back-off.
    RetryDaemonSet(String),
    /// The scheduler tries to bind this pod.
    Schedule(String),
    /// The scheduler's periodic flush finds this pod unschedulable since `since` for
    /// over five minutes, and tries it again.
    UnschedulableTimeout { pod: String, since: u64 },
    /// The kubelet of the pod's node admits it: images pull, containers are created.
    AdmitPod(String),
    /// The kubelet has pulled the images and starts the containers.
    StartContainers(String),
    /// The readiness probes run, after their initial delay (or the scenario's podReady).
    MarkReady(String),
    /// The readiness probe of a container that failed it runs again.
    ProbeReadiness(String),
    /// The kubelet sees a readiness gate's condition change and writes Ready again.
    RefreshPodReadiness(String),
    /// A container's first exit: the kubelet restarts it as soon as it sees it, with
    /// no back-off yet. It happens once per crash loop, so it is not background work:
    /// `settle` goes on to the CrashLoopBackOff that follows.
    RestartExitedContainer(String),
    /// A crash-looping container is restarted after its back-off.
    RestartContainer(String),
    /// The image pull is retried after its back-off.
    RetryImagePull(String),
    /// The pod worker syncs a pod whose image pull backs off until `retry_at`.
    SyncPullBackOff { pod: String, retry_at: u64 },
    /// The pod worker syncs a pod whose crashed container waits until `restart_at`.
    SyncCrashBackOff { pod: String, restart_at: u64 },
    /// The pod got a deletionTimestamp: the kubelet sends SIGTERM.
    KillContainers(String),
    /// The containers have stopped: the kubelet confirms the deletion.
    FinishTermination(String),
    /// The node's kubelet works out its node status (`syncNodeStatus`, every 10 s; only
    /// scheduled when a cordon or uncordon gives it something to record).
    SyncNodeStatus(String),
    /// The node lifecycle controller looks at a node's heartbeat and condition taints.
    MonitorNode(String),
    /// The node lifecycle controller's periodic pass compares the nodes with those it
    /// knows (`classifyNodes`): RegisteredNode and RemovingNode.
    ClassifyNodes,
    /// The node lifecycle controller taints the nodes waiting in its zones' queues.
    NoExecuteTaintingPass,
    /// The taint eviction controller handles a change of a node's NoExecute taints.
    NoticeNodeTaints(String),
    /// The taint eviction controller handles a pod added, deleted, bound or given
    /// other tolerations.
    NoticePodTolerations(String),
    /// A deletion the taint eviction controller scheduled for this pod falls due.
    TaintEvictionDue(String),
    /// PodGC removes the pods bound to a node that no longer exists.
    CollectOrphanedPods(String),
    /// PodGC force-deletes the terminating pods of out-of-service nodes.
    CollectTerminatingPods,
    /// The garbage collector deletes what a deleted owner (namespace, uid) left behind.
    CollectGarbage { namespace: String, owner_uid: String },
}

impl Action {
    /// Actions that recur for ever without outside help (crash loops, pull retries,
    /// retries of a pod that cannot be scheduled):
    /// `settle` stops when only these remain.
    pub fn is_background(&self) -> bool {
        matches!(
            self,
            Action::RestartContainer(_)
                | Action::RetryDaemonSet(_)
                | Action::RetryImagePull(_)
                | Action::SyncPullBackOff { .. }
                | Action::SyncCrashBackOff { .. }
                | Action::ProbeReadiness(_)
                | Action::UnschedulableTimeout { .. }
        )
    }
}

#[derive(Default)]
pub struct Agenda {
    heap: BinaryHeap<Reverse<(u64, u64, Action)>>,
    sequence: u64,
    /// DaemonSet syncs already waiting, by key, with their due time: the work queue
    /// holds a key once. Delayed requeues are separate entries and never deduplicated.
    pending_syncs: BTreeMap<String, u64>,
}

impl Agenda {
    pub fn schedule(&mut self, at_ms: u64, action: Action) {
        if let Action::SyncDaemonSet(key) = &action {
            match self.pending_syncs.get(key) {
                Some(&due) if due <= at_ms => return,
                _ => {
                    self.pending_syncs.insert(key.clone(), at_ms);
                }
            }
        }
        self.sequence += 1;
        self.heap.push(Reverse((at_ms, self.sequence, action)));
    }

    /// Schedules `action` unless it already waits for `at_ms` (one PodGC pass, however
    /// many changes asked for it).
    pub fn schedule_once(&mut self, at_ms: u64, action: Action) {
        if !self.heap.iter().any(|Reverse((at, _, waiting))| *at == at_ms && *waiting == action) {
            self.schedule(at_ms, action);
        }
    }

    /// The next due action at or before `until_ms`.
    pub fn pop_due(&mut self, until_ms: u64) -> Option<(u64, Action)> {
        loop {
            let Reverse((at, _, _)) = self.heap.peek()?;
            if *at > until_ms {
                return None;
            }
            let Reverse((at, _, action)) = self.heap.pop()?;
            if let Action::SyncDaemonSet(key) = &action {
                // A later, superseded entry for a key already synced is dropped.
                if self.pending_syncs.get(key) != Some(&at) {
                    continue;
                }
                self.pending_syncs.remove(key);
            }
            return Some((at, action));
        }
    }

    /// Takes back every waiting `action` (a deletion the taint eviction controller
    /// cancelled), so that `settle` does not wait for what will not happen.
    pub fn cancel(&mut self, action: &Action) {
        self.heap.retain(|Reverse((_, _, waiting))| waiting != action);
    }

    pub fn next_time(&self) -> Option<u64> {
        self.heap.peek().map(|Reverse((at, _, _))| *at)
    }

    /// True when everything waiting is a background action.
    pub fn only_background(&self) -> bool {
        self.heap.iter().all(|Reverse((_, _, a))| a.is_background() || self.is_stale(a))
    }

    fn is_stale(&self, action: &Action) -> bool {
        matches!(action, Action::SyncDaemonSet(key) if !self.pending_syncs.contains_key(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pending_sync_does_not_swallow_a_delayed_requeue() {
        let mut agenda = Agenda::default();
        agenda.schedule(50, Action::SyncDaemonSet("ds".into()));
        agenda.schedule(2_000, Action::RequeueDaemonSet("ds".into()));
        assert_eq!(agenda.pop_due(10_000), Some((50, Action::SyncDaemonSet("ds".into()))));
        assert_eq!(agenda.pop_due(10_000), Some((2_000, Action::RequeueDaemonSet("ds".into()))));
    }

    #[test]
    fn time_order_then_insertion_order_and_one_sync_per_key() {
        let mut agenda = Agenda::default();
        agenda.schedule(10, Action::Schedule("b".into()));
        agenda.schedule(5, Action::SyncDaemonSet("ds".into()));
        agenda.schedule(7, Action::SyncDaemonSet("ds".into()));
        agenda.schedule(10, Action::Schedule("a".into()));
        assert_eq!(agenda.pop_due(100), Some((5, Action::SyncDaemonSet("ds".into()))));
        assert_eq!(agenda.pop_due(100), Some((10, Action::Schedule("b".into()))));
        assert_eq!(agenda.pop_due(100), Some((10, Action::Schedule("a".into()))));
        assert_eq!(agenda.pop_due(100), None);
    }
}
