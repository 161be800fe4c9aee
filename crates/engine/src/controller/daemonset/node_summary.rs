//! One node's part in a DaemonSet's sync, written once and used both when a
//! DaemonSet's index is rebuilt and when one node is brought up to date:
//! - `pods_should_be_on_node` (podsShouldBeOnNode, called by `manage`) up to the
//!   decisions that depend on the clock or the failed-pods backoff;
//! - the node's contribution to the status counts (`updateDaemonSetStatus`);
//! - the node's class in `rollingUpdate`'s loop, for replace and for surge mode.

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Pod;

use super::daemon_pods::sort_pods;
use super::should_run::NodeVerdict;
use super::util::{allows_surge, is_pod_updated, pod_key, template_generation};
use super::REVISION_HASH_LABEL;
use crate::clock;
use crate::pod_readiness::{is_pod_available, is_pod_ready, is_terminating, label, phase, ready_condition};

/// What the per-node decisions need to know about the DaemonSet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DaemonSetContext {
    /// The `controller-revision-hash` new pods carry.
    pub hash: String,
    pub template_generation: Option<i64>,
    pub min_ready_seconds: i32,
    /// `util.AllowsSurge`: `SurgeCount(ds, 1) > 0`.
    pub allows_surge: bool,
}

impl DaemonSetContext {
    pub fn new(ds: &DaemonSet, hash: &str) -> Self {
        DaemonSetContext {
            hash: hash.to_string(),
            template_generation: template_generation(ds),
            min_ready_seconds: ds.spec.as_ref().and_then(|s| s.min_ready_seconds).unwrap_or(0),
            allows_surge: allows_surge(ds),
        }
    }

    pub fn available(&self, pod: &Pod, now_ms: u64) -> bool {
        is_pod_available(pod, self.min_ready_seconds, now_ms)
    }

    /// Ready but not yet available: the answer changes with the clock alone.
    fn becomes_available_later(&self, pod: &Pod, now_ms: u64) -> bool {
        let ready_since = ready_condition(pod).filter(|c| c.status == "True").and_then(|c| c.last_transition_time.as_ref());
        self.min_ready_seconds > 0 && ready_since.is_some_and(|since| clock::millis(since) + self.min_ready_seconds as u64 * clock::SECOND > now_ms)
    }
}

/// `podsShouldBeOnNode` for one lister node, leaving out what depends on the clock
/// (a surged new pod's availability) or on the backoff (failed pods).
#[derive(Debug, Default)]
pub struct NodeWork<'a> {
    /// A pod is to be created.
    pub create: bool,
    /// Failed or Succeeded pods not yet being deleted, in pod order.
    pub terminal: Vec<&'a Pod>,
    /// Pods deleted whatever the clock says: surplus pods, pods on a node they may
    /// not stay on.
    pub deletes: Vec<&'a Pod>,
    /// Surge: the oldest new and the oldest old pod kept side by side; the old one
    /// goes once the new one is available, or at once if it is not Ready.
    pub surge_pair: Option<(&'a Pod, &'a Pod)>,
}

impl NodeWork<'_> {
    pub fn is_empty(&self) -> bool {
        !self.create && self.terminal.is_empty() && self.deletes.is_empty() && self.surge_pair.is_none()
    }
}

/// `podsShouldBeOnNode` over the node's pods (pod key order).
pub fn pods_should_be_on_node<'a>(verdict: NodeVerdict, pods: &[&'a Pod], ctx: &DaemonSetContext) -> NodeWork<'a> {
    let mut work = NodeWork::default();
    if verdict.should_run && pods.is_empty() {
        work.create = true;
    } else if verdict.should_continue_running {
        let mut running = Vec::new();
        for pod in pods.iter().copied().filter(|p| !is_terminating(p)) {
            match phase(pod) {
                "Failed" | "Succeeded" => work.terminal.push(pod),
                _ => running.push(pod),
            }
        }
        if ctx.allows_surge {
            if running.is_empty() {
                work.create = verdict.should_run;
            } else if running.len() > 1 {
                sort_pods(&mut running);
                let (mut oldest_new, mut oldest_old) = (None, None);
                for pod in running {
                    let is_new = label(pod, REVISION_HASH_LABEL) == Some(ctx.hash.as_str());
                    let slot = if is_new { &mut oldest_new } else { &mut oldest_old };
                    if slot.is_none() {
                        *slot = Some(pod);
                    } else {
                        work.deletes.push(pod);
                    }
                }
                work.surge_pair = oldest_new.zip(oldest_old);
            }
        } else if running.len() > 1 {
            sort_pods(&mut running);
            work.deletes.extend(&running[1..]);
        }
    } else {
        work.deletes.extend(pods.iter().copied().filter(|p| !is_terminating(p)));
    }
    work
}

/// The node's contribution to the seven status counts (0 or 1 each).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatusCounts {
    pub desired: i32,
    pub current: i32,
    pub misscheduled: i32,
    pub ready: i32,
    pub available: i32,
    pub updated: i32,
}

impl StatusCounts {
    pub fn add(&mut self, other: &StatusCounts, sign: i32) {
        self.desired += sign * other.desired;
        self.current += sign * other.current;
        self.misscheduled += sign * other.misscheduled;
        self.ready += sign * other.ready;
        self.available += sign * other.available;
        self.updated += sign * other.updated;
    }
}

/// The node in replace mode's loop (maxSurge 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplaceClass {
    /// Not in the node→pods map: no pod, and the node should not run one.
    Absent,
    /// Counts towards numUnavailable and nothing else.
    Unavailable,
    /// An available new pod: nothing to do.
    Updated,
    /// An old pod that is not available: always replaced (allowedReplacementPods).
    Replace(String),
    /// An available old pod: a candidate within the budget.
    Candidate(String),
}

/// What the node does in surge mode's loop (maxSurge > 0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SurgeAction {
    #[default]
    None,
    /// A new pod beside an old one that is not available (allowedNewNodes).
    AllowNew,
    /// The old pod goes now.
    Delete(String),
    /// An available old pod on a node that should not run the DaemonSet.
    ShouldNotRun(String),
    /// An available old pod: a new one beside it within the budget.
    Candidate,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SurgeClass {
    /// Counts towards numSurge.
    pub surge: bool,
    /// Counts towards numAvailable.
    pub available: bool,
    pub action: SurgeAction,
}

/// Everything a DaemonSet's sync needs from one node, given its pods.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeSummary {
    /// NodeShouldRunDaemonPod; `None` for a node that is not in the lister.
    pub verdict: Option<NodeVerdict>,
    /// `manage` has something to do here (`pods_should_be_on_node` is not empty).
    pub manage_active: bool,
    /// Unbound pods aimed at this node, which is not in the lister.
    pub unbound_on_missing_node: bool,
    pub status: StatusCounts,
    pub replace: ReplaceClass,
    pub surge: SurgeClass,
    /// Some answer above changes with the clock alone (a pod that is Ready but not
    /// yet available): the node is looked at again in every sync.
    pub volatile: bool,
}

impl NodeSummary {
    /// Worth keeping: a lister node, or a node some pod is aimed at.
    pub fn relevant(verdict: Option<NodeVerdict>, pods: &[&Pod]) -> bool {
        verdict.is_some() || !pods.is_empty()
    }
}

/// `findUpdatedPodsOnNode`: the node's new and old pod, ignoring terminating pods;
/// `None` when it has two of either kind.
fn find_updated_pods_on_node<'a>(pods: &[&'a Pod], ctx: &DaemonSetContext) -> Option<(Option<&'a Pod>, Option<&'a Pod>)> {
    let (mut new, mut old) = (None, None);
    for pod in pods.iter().copied().filter(|p| !is_terminating(p)) {
        let slot = if is_pod_updated(pod, &ctx.hash, ctx.template_generation) { &mut new } else { &mut old };
        if slot.is_some() {
            return None;
        }
        *slot = Some(pod);
    }
    Some((new, old))
}

/// The node's summary at `now_ms`. `pods` are the DaemonSet's pods aimed at the node
/// (terminal pods being deleted left out), in pod key order.
pub fn summarize_node(verdict: Option<NodeVerdict>, pods: &[&Pod], ctx: &DaemonSetContext, now_ms: u64) -> NodeSummary {
    let should_run = verdict.is_some_and(|v| v.should_run);
    let manage_active = verdict.is_some_and(|v| !pods_should_be_on_node(v, pods, ctx).is_empty());
    let unbound_on_missing_node = verdict.is_none() && pods.iter().any(|p| crate::pod_readiness::node_name(p).is_none());
    let available = |pod: &Pod| ctx.available(pod, now_ms);

    let mut status = StatusCounts::default();
    if verdict.is_some() {
        if should_run {
            status.desired = 1;
            let mut sorted = pods.to_vec();
            sort_pods(&mut sorted);
            if let Some(first) = sorted.first() {
                status.current = 1;
                status.ready = i32::from(is_pod_ready(first));
                status.available = i32::from(available(first));
                status.updated = i32::from(is_pod_updated(first, &ctx.hash, ctx.template_generation));
            }
        } else if !pods.is_empty() {
            status.misscheduled = 1;
        }
    }

    let in_map = should_run || !pods.is_empty();
    let updated = if in_map { find_updated_pods_on_node(pods, ctx) } else { Some((None, None)) };
    let replace = match updated {
        _ if !in_map => ReplaceClass::Absent,
        None | Some((None, None)) | Some((Some(_), Some(_))) => ReplaceClass::Unavailable,
        Some((Some(new), None)) if available(new) => ReplaceClass::Updated,
        Some((Some(_), None)) => ReplaceClass::Unavailable,
        Some((None, Some(old))) if available(old) => ReplaceClass::Candidate(pod_key(old)),
        Some((None, Some(old))) => ReplaceClass::Replace(pod_key(old)),
    };
    let surge = match updated {
        _ if !in_map => SurgeClass::default(),
        None => SurgeClass { surge: true, ..SurgeClass::default() },
        Some((new, old)) => {
            let counted = old.or(new).is_some_and(available);
            let (surge, action) = match (old, new) {
                (None, _) => (false, SurgeAction::None),
                (Some(old), None) if !available(old) && should_run => (false, SurgeAction::AllowNew),
                (Some(old), None) if !available(old) => (false, SurgeAction::Delete(pod_key(old))),
                (Some(old), None) if !should_run => (false, SurgeAction::ShouldNotRun(pod_key(old))),
                (Some(_), None) => (false, SurgeAction::Candidate),
                (Some(old), Some(new)) if available(new) => (false, SurgeAction::Delete(pod_key(old))),
                (Some(_), Some(_)) => (true, SurgeAction::None),
            };
            SurgeClass { surge, available: counted, action }
        }
    };
    let volatile = pods.iter().any(|p| ctx.becomes_available_later(p, now_ms));
    NodeSummary { verdict, manage_active, unbound_on_missing_node, status, replace, surge, volatile }
}
