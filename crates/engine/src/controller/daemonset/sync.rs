//! `syncDaemonSet`: one reconcile of one DaemonSet, in upstream's order:
//! history, manage, rollingUpdate (only when manage wrote nothing, as the
//! expectations gate does in a real cluster), cleanupHistory, then status.

use std::collections::HashMap;

use k8s_openapi::api::apps::v1::{DaemonSet, DaemonSetStatus};

use dsplay_model::labels::selector_is_empty;

use super::daemon_index::DaemonSetIndex;
use super::daemon_pods::claim_pods;
use super::history::{cleanup_history, HistoryCache};
use super::manage::manage;
use super::plan::Plan;
use super::rolling_update::rolling_update;
use super::status::compute_status;
use super::util::create_pod_template;
use super::{FailedPodsBackoff, BURST_REPLICAS};
use crate::api::Api;
use crate::clock::SECOND;

const SOURCE: &str = "daemonset-controller";

#[derive(Clone, Debug, Default)]
pub struct DaemonSetController {
    backoff: FailedPodsBackoff,
    /// Per DaemonSet key: its pods by node and every node's summary, brought up to
    /// date from what changed since its previous sync.
    indexes: HashMap<String, DaemonSetIndex>,
    histories: HistoryCache,
    /// The work queue's rate limiter: per DaemonSet key, the syncs in a row that
    /// failed (`NumRequeues`), forgotten at the first that does not.
    failures: HashMap<String, u32>,
}

/// `DefaultTypedControllerRateLimiter`'s per-item back-off: 5 ms, doubling, at most 1000 s.
const RETRY_BASE_MS: u64 = 5;
const RETRY_MAX_MS: u64 = 1_000 * SECOND;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SyncOutcome {
    /// Sync this DaemonSet again after this many milliseconds.
    pub requeue_after: Option<u64>,
    /// What rollingUpdate replaced in this sync, when it acted: one batch of a rollout.
    pub batch: Option<RolloutBatch>,
    /// The sync failed (a pod could not be created): it is retried this many
    /// milliseconds later, on the work queue's growing back-off (`AddRateLimited`).
    pub retry_after: Option<u64>,
}

/// One batch of a rolling update: the old pods rollingUpdate deleted and the new
/// (surge) pods it created in one sync, and the budget it decided by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RolloutBatch {
    pub deleted: usize,
    pub created: usize,
    pub budget: BatchBudget,
}

/// The budget of one rollingUpdate decision: maxSurge (surge mode) or maxUnavailable
/// (replace mode) scaled against the desired nodes, and how much of it was in use
/// before the decision (numSurge or numUnavailable).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchBudget {
    pub surge: bool,
    pub budget: i32,
    pub in_use: i32,
}

/// What one sync decided, before its writes: for checking that the incremental
/// index decides as a rebuilt one would.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SyncTrace {
    pub manage: Plan,
    /// `None` when rollingUpdate did not run (manage wrote, or not RollingUpdate).
    pub rolling_update: Option<Plan>,
    pub status: DaemonSetStatus,
}

fn event_object(ds: &DaemonSet) -> String {
    format!(
        "DaemonSet/{}/{}",
        ds.metadata.namespace.as_deref().unwrap_or("default"),
        ds.metadata.name.as_deref().unwrap_or("")
    )
}

impl DaemonSetController {
    pub fn sync(&mut self, api: &mut Api, ds_key: &str) -> SyncOutcome {
        self.sync_traced(api, ds_key).0
    }

    /// Forgets every index, so the next sync of each DaemonSet reads the whole
    /// cluster again (what the first sync does). The failed-pods backoff is kept.
    pub fn clear_caches(&mut self) {
        self.indexes.clear();
        self.histories.clear();
    }

    /// `syncDaemonSet`, also returning what it decided when it got that far.
    pub fn sync_traced(&mut self, api: &mut Api, ds_key: &str) -> (SyncOutcome, Option<SyncTrace>) {
        let Some(ds) = api.state.daemonsets.get(ds_key).cloned() else {
            self.indexes.remove(ds_key);
            self.histories.forget(ds_key);
            return (SyncOutcome::default(), None);
        };
        let now = api.now();
        let selector_empty = ds.spec.as_ref().is_none_or(|s| selector_is_empty(&s.selector));
        if selector_empty {
            let message = "This daemon set is selecting all pods. A non-empty selector is required.";
            api.record_event(&event_object(&ds), "Warning", "SelectingAll", SOURCE, message.into());
            return (SyncOutcome::default(), None);
        }
        if ds.metadata.deletion_timestamp.is_some() {
            return (SyncOutcome::default(), None);
        }
        let history = match self.histories.construct(api, ds_key, &ds) {
            Ok(history) => history,
            Err(_) => return (SyncOutcome { requeue_after: Some(SECOND / 10), ..SyncOutcome::default() }, None),
        };
        let mut index = match self.indexes.remove(ds_key) {
            Some(index) if index.is_for(&ds, &history.hash, now) => index,
            _ => DaemonSetIndex::new(&ds, &history.hash),
        };
        claim_pods(api, &ds, &index.claimed);
        index.claimed = api.state.pods.clone();
        let view = api.state.clone();
        let Some(ds) = view.daemonsets.get(ds_key) else { return (SyncOutcome::default(), None) };
        index.observe(&view, ds, now);

        let plan = manage(&view, ds, &index, &mut self.backoff, now);
        let mut requeue_after = plan.requeue_after;
        let wrote = !plan.creates.is_empty() || !plan.deletes.is_empty();
        let mut failed = self.sync_nodes(api, ds, &plan, &history.hash);
        let rolling = ds.spec.as_ref().and_then(|s| s.update_strategy.as_ref()).and_then(|u| u.type_.as_deref())
            == Some("RollingUpdate");
        let mut trace = SyncTrace { manage: plan, ..SyncTrace::default() };
        let mut batch = None;
        if !wrote && rolling {
            let decision = rolling_update(ds, &index);
            let plan = decision.plan;
            failed |= self.sync_nodes(api, ds, &plan, &history.hash);
            if !plan.creates.is_empty() || !plan.deletes.is_empty() {
                let surge = decision.budget.max_surge > 0;
                let limit = if surge { decision.budget.max_surge } else { decision.budget.max_unavailable };
                let budget = BatchBudget { surge, budget: limit, in_use: decision.used };
                batch = Some(RolloutBatch { deleted: plan.deletes.len(), created: plan.creates.len(), budget });
            }
            trace.rolling_update = Some(plan);
        }
        cleanup_history(api, ds, history.old);

        let mut status = compute_status(ds, &index);
        status.observed_generation = ds.metadata.generation;
        let stored = ds.status.clone().unwrap_or_default();
        let counts = |s: &DaemonSetStatus| {
            (
                s.desired_number_scheduled,
                s.current_number_scheduled,
                s.number_misscheduled,
                s.number_ready,
                s.number_available.unwrap_or(0),
                s.updated_number_scheduled.unwrap_or(0),
                s.number_unavailable.unwrap_or(0),
            )
        };
        let observed_current = stored.observed_generation.unwrap_or(0) >= ds.metadata.generation.unwrap_or(0);
        if counts(&status) != counts(&stored) || !observed_current {
            api.update_daemonset_status(ds_key, status.clone());
        }
        let min_ready = ds.spec.as_ref().and_then(|s| s.min_ready_seconds).unwrap_or(0);
        if min_ready > 0 && status.number_ready != status.number_available.unwrap_or(0) {
            let after = min_ready as u64 * SECOND;
            requeue_after = Some(requeue_after.map_or(after, |r| r.min(after)));
        }
        trace.status = status;
        self.indexes.insert(ds_key.to_string(), index);
        (SyncOutcome { requeue_after, batch, retry_after: self.rate_limit(ds_key, failed) }, Some(trace))
    }

    /// After a failed sync, when the work queue hands the key out again; a sync that
    /// did not fail forgets the failures (`Forget`).
    fn rate_limit(&mut self, ds_key: &str, failed: bool) -> Option<u64> {
        if !failed {
            self.failures.remove(ds_key);
            return None;
        }
        let failures = self.failures.entry(ds_key.to_string()).or_insert(0);
        let delay = RETRY_BASE_MS.saturating_mul(1 << (*failures).min(40)).min(RETRY_MAX_MS);
        *failures += 1;
        Some(delay)
    }

    /// `syncNodes`: at most BURST_REPLICAS creates and deletes; creates go out in
    /// slow-start batches (1, 2, 4, ...) and stop at the first batch with a failure.
    /// Whether a create failed, which fails the sync.
    fn sync_nodes(&mut self, api: &mut Api, ds: &DaemonSet, plan: &Plan, hash: &str) -> bool {
        let object = event_object(ds);
        for event in &plan.events {
            api.record_event(&object, event.event_type, event.reason, SOURCE, event.message.clone());
        }
        let creates = &plan.creates[..plan.creates.len().min(BURST_REPLICAS)];
        let mut batch_size = 1;
        let mut start = 0;
        while start < creates.len() {
            let end = (start + batch_size).min(creates.len());
            let mut failed = false;
            for node in &creates[start..end] {
                let mut pod = create_pod_template(ds, node, hash);
                // A template that names its node creates the pod already bound.
                if let Some(spec) = pod.spec.as_mut() {
                    spec.node_name = ds.spec.as_ref().and_then(|s| s.template.spec.as_ref()?.node_name.clone());
                }
                match api.create_pod(pod) {
                    Ok(pod_key) => {
                        let name = pod_key.rsplit('/').next().unwrap_or("").to_string();
                        api.record_event(&object, "Normal", "SuccessfulCreate", SOURCE, format!("Created pod: {name}"));
                    }
                    Err(error) => {
                        failed = true;
                        api.record_event(&object, "Warning", "FailedCreate", SOURCE, format!("Error creating: {}", error.status_message()));
                    }
                }
            }
            if failed {
                break;
            }
            start = end;
            batch_size *= 2;
        }
        for pod_key in plan.deletes.iter().take(BURST_REPLICAS) {
            let name = pod_key.rsplit('/').next().unwrap_or("").to_string();
            if api.delete_pod(pod_key, None).is_ok() {
                api.record_event(&object, "Normal", "SuccessfulDelete", SOURCE, format!("Deleted pod: {name}"));
            }
        }
        start < creates.len()
    }
}
