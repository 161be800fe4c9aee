//! The taint eviction controller (pkg/controller/tainteviction/taint_eviction.go).
//!
//! It hears about a node when its NoExecute taints change and about a pod when it is
//! added or deleted or its node or tolerations change. For each pod on a tainted node
//! it decides: a taint the pod does not tolerate (or tolerates for 0 s) means delete
//! now; tolerations with `tolerationSeconds` mean delete that long after *the
//! controller processed the pod* (not after the taint's `timeAdded`, which it never
//! reads), so a replacement pod gets its full window again; tolerating for ever, or
//! the taints going away, cancels what was scheduled, with a "Cancelling deletion"
//! event.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Pod, Taint, Toleration};

use dsplay_model::tolerations::{tolerates, EFFECT_NO_EXECUTE};

use crate::api::Api;
use crate::clock;
use crate::pod_conditions::set_disruption_target;
use crate::pod_readiness::{is_terminating, node_name};

const SOURCE: &str = "taint-eviction-controller";
const REASON: &str = "TaintManagerEviction";

/// A taint as the controller tells scheduled evictions apart: key, value, effect and
/// `timeAdded` (so the same taint put on again is a new one).
type TaintIdentity = (String, String, String, Option<u64>);

/// A deletion waiting in the controller's timed worker queue.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ScheduledEviction {
    uid: String,
    node: String,
    created_at: u64,
    fire_at: u64,
    /// The taints with a finite toleration that led to it, sorted.
    taint_set: Vec<TaintIdentity>,
}

/// `podEvictionDecision` without the scheduling details.
#[derive(Debug, PartialEq, Eq)]
enum Decision {
    /// Tolerated for ever, or no taints: nothing to delete.
    None,
    Now,
    /// Tolerated for `after_ms`, because of these taints.
    Later { after_ms: u64, taint_set: Vec<TaintIdentity> },
}

/// `GetMatchingTolerations`: for each taint, the *first* toleration that tolerates it;
/// `None` when some taint is not tolerated.
fn matching_tolerations<'a>(taints: &[Taint], tolerations: &'a [Toleration]) -> Option<Vec<&'a Toleration>> {
    taints.iter().map(|taint| tolerations.iter().find(|t| tolerates(t, taint))).collect()
}

fn identity(taint: &Taint) -> TaintIdentity {
    let value = taint.value.clone().unwrap_or_default();
    (taint.key.clone(), value, taint.effect.clone(), taint.time_added.as_ref().map(clock::millis))
}

fn decide(taints: &[Taint], tolerations: &[Toleration]) -> Decision {
    if taints.is_empty() {
        return Decision::None;
    }
    let Some(used) = matching_tolerations(taints, tolerations) else { return Decision::Now };
    // getMinTolerationTime: no limit on any of them means for ever; zero or less, now.
    let Some(seconds) = used.iter().filter_map(|t| t.toleration_seconds).min() else { return Decision::None };
    if seconds <= 0 {
        return Decision::Now;
    }
    // Its sentinel for "no limit" is the int64 maximum, so that value tolerates for ever
    // too; any other limit becomes a Go Duration, whose overflow wraps, and a negative
    // Duration is read as for ever as well.
    if seconds == i64::MAX {
        return Decision::None;
    }
    let Ok(nanos) = u64::try_from(clock::go_seconds_nanos(seconds)) else { return Decision::None };
    let mut taint_set: Vec<TaintIdentity> = taints
        .iter()
        .zip(&used)
        .filter(|(_, toleration)| toleration.toleration_seconds.is_some_and(|s| s > 0))
        .map(|(taint, _)| identity(taint))
        .collect();
    dsplay_model::sorting::sort(&mut taint_set);
    Decision::Later { after_ms: nanos / 1_000_000, taint_set }
}

/// `taintSetsOverlap`: whether two scheduled decisions share a taint.
fn overlap(left: &[TaintIdentity], right: &[TaintIdentity]) -> bool {
    left.is_empty() || right.is_empty() || left.iter().any(|taint| right.contains(taint))
}

/// `getNoExecuteTaints`.
fn no_execute(taints: Option<&[Taint]>) -> impl Iterator<Item = &Taint> {
    taints.into_iter().flatten().filter(|t| t.effect == EFFECT_NO_EXECUTE)
}

fn node_taints<'a>(api: &'a Api, node: &str) -> Option<&'a [Taint]> {
    api.state.nodes.get(node).and_then(|n| n.spec.as_ref()).and_then(|s| s.taints.as_deref())
}

fn no_execute_taints(api: &Api, node: &str) -> Vec<Taint> {
    no_execute(node_taints(api, node)).cloned().collect()
}

/// Whether the node has a NoExecute taint: only then do its pods need looking at.
pub fn has_no_execute_taint(api: &Api, node: &str) -> bool {
    no_execute(node_taints(api, node)).next().is_some()
}

/// Whether the NoExecute taints of a node differ between two versions (`NodeUpdated`).
pub fn no_execute_taints_changed(old: Option<&[Taint]>, new: Option<&[Taint]>) -> bool {
    !no_execute(old).eq(no_execute(new))
}

#[derive(Clone, Debug, Default)]
pub struct TaintEviction {
    /// Scheduled deletions by pod key.
    scheduled: BTreeMap<String, ScheduledEviction>,
    /// Pods whose scheduled deletion was cancelled since the last
    /// [`take_cancelled`](Self::take_cancelled): their timers must leave the agenda.
    cancelled: Vec<String>,
}

impl TaintEviction {
    /// The pods whose timers were cancelled since the last call.
    pub fn take_cancelled(&mut self) -> Vec<String> {
        std::mem::take(&mut self.cancelled)
    }

    /// Whether a pod has a deletion scheduled (its deletion must cancel it).
    pub fn has_scheduled(&self, pod_key: &str) -> bool {
        self.scheduled.contains_key(pod_key)
    }

    /// `handleNodeUpdate`: every pod on the node (`pods`) against its NoExecute taints.
    /// Returns the times at which scheduled deletions fall due.
    pub fn node_updated(&mut self, api: &mut Api, node: &str, pods: &[String]) -> Vec<(u64, String)> {
        if !api.state.nodes.contains_key(node) {
            return Vec::new();
        }
        let taints = no_execute_taints(api, node);
        let mut due = Vec::new();
        for pod_key in pods {
            if taints.is_empty() {
                self.cancel(api, pod_key);
            } else {
                due.extend(self.process_pod(api, pod_key, node, &taints));
            }
        }
        due
    }

    /// `handlePodUpdate`: one pod added, deleted, moved or given other tolerations.
    pub fn pod_updated(&mut self, api: &mut Api, pod_key: &str) -> Option<(u64, String)> {
        let node = api.state.pods.get(pod_key).and_then(|p| node_name(p)).map(str::to_string);
        let taints = node.as_deref().map(|n| no_execute_taints(api, n)).unwrap_or_default();
        match node {
            Some(node) if !taints.is_empty() => self.process_pod(api, pod_key, &node, &taints),
            _ => {
                self.cancel(api, pod_key);
                None
            }
        }
    }

    /// `processPodOnNode` at the current time.
    fn process_pod(&mut self, api: &mut Api, pod_key: &str, node: &str, taints: &[Taint]) -> Option<(u64, String)> {
        let pod = api.state.pods.get(pod_key)?;
        let uid = pod.metadata.uid.clone().unwrap_or_default();
        let tolerations = pod.spec.as_ref().and_then(|s| s.tolerations.clone()).unwrap_or_default();
        let now = api.now();
        match decide(taints, &tolerations) {
            Decision::None => {
                self.cancel(api, pod_key);
                None
            }
            Decision::Now => {
                self.cancel(api, pod_key);
                evict(api, pod_key, &uid);
                None
            }
            Decision::Later { after_ms, taint_set } => {
                let fire_at = now.saturating_add(after_ms);
                if let Some(existing) = self.scheduled.get_mut(pod_key) {
                    let same_work = existing.uid == uid && existing.node == node && overlap(&existing.taint_set, &taint_set);
                    if same_work && existing.created_at.saturating_add(after_ms) < fire_at {
                        // Already counting for this pod: the first deadline stands, even
                        // if the shortest toleration changed since; the taints it now
                        // stands for are the current ones.
                        existing.taint_set = taint_set;
                        return None;
                    }
                    self.cancel(api, pod_key);
                }
                let work = ScheduledEviction { uid, node: node.to_string(), created_at: now, fire_at, taint_set };
                self.scheduled.insert(pod_key.to_string(), work);
                Some((fire_at, pod_key.to_string()))
            }
        }
    }

    /// The timed worker for `pod_key` fires: delete it if its deletion is still due.
    pub fn fire(&mut self, api: &mut Api, pod_key: &str) {
        let due = self.scheduled.get(pod_key).is_some_and(|work| work.fire_at <= api.now());
        if let Some(work) = due.then(|| self.scheduled.remove(pod_key)).flatten() {
            evict(api, pod_key, &work.uid);
        }
    }

    /// `cancelWorkWithEvent`.
    fn cancel(&mut self, api: &mut Api, pod_key: &str) {
        if self.scheduled.remove(pod_key).is_some() {
            self.cancelled.push(pod_key.to_string());
            api.record_event(&format!("Pod/{pod_key}"), "Normal", REASON, SOURCE, format!("Cancelling deletion of Pod {pod_key}"));
        }
    }
}

/// The deletion itself (`deletePodHandler`, `addConditionAndDeletePod`): the event, the
/// DisruptionTarget condition, then a graceful delete, unless the pod is already going
/// or was replaced by one of the same name.
fn evict(api: &mut Api, pod_key: &str, uid: &str) {
    api.record_event(&format!("Pod/{pod_key}"), "Normal", REASON, SOURCE, format!("Marking for deletion Pod {pod_key}"));
    let Some(pod) = api.state.pods.get(pod_key).map(|p| Pod::clone(p)) else { return };
    if pod.metadata.uid.as_deref().unwrap_or("") != uid || is_terminating(&pod) {
        return;
    }
    let mut marked = pod;
    set_disruption_target(&mut marked, "DeletionByTaintManager", "Taint manager: deleting due to NoExecute taint", api.now());
    api.update_pod(marked);
    let _ = api.delete_pod(pod_key, None);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn taint(key: &str) -> Taint {
        Taint { key: key.into(), effect: EFFECT_NO_EXECUTE.into(), ..Default::default() }
    }

    fn toleration(key: Option<&str>, seconds: Option<i64>) -> Toleration {
        Toleration { key: key.map(Into::into), operator: Some("Exists".into()), toleration_seconds: seconds, ..Default::default() }
    }

    #[test]
    fn the_first_matching_toleration_counts_not_the_shortest() {
        // GetMatchingTolerations stops at the first match: the blanket toleration
        // without a limit wins over the 60 s one after it.
        let tolerations = [toleration(None, None), toleration(Some("maint"), Some(60))];
        assert_eq!(decide(&[taint("maint")], &tolerations), Decision::None);
        let reversed = [toleration(Some("maint"), Some(60)), toleration(None, None)];
        assert!(matches!(decide(&[taint("maint")], &reversed), Decision::Later { after_ms: 60_000, .. }));
    }

    #[test]
    fn the_shortest_limit_among_the_used_tolerations_and_only_finite_taints_in_the_set() {
        let tolerations = [toleration(Some("a"), None), toleration(Some("b"), Some(30)), toleration(Some("c"), Some(90))];
        let Decision::Later { after_ms, taint_set } = decide(&[taint("a"), taint("b"), taint("c")], &tolerations) else {
            panic!("expected a later eviction");
        };
        assert_eq!(after_ms, 30_000);
        let keys: Vec<&str> = taint_set.iter().map(|t| t.0.as_str()).collect();
        assert_eq!(keys, ["b", "c"]);
    }

    #[test]
    fn limits_past_a_go_duration_follow_its_int64_arithmetic() {
        let at = |seconds: i64| decide(&[taint("a")], &[toleration(Some("a"), Some(seconds))]);
        // The sentinel of getMinTolerationTime: for ever.
        assert_eq!(at(i64::MAX), Decision::None);
        // 1e10 s * 1e9 wraps to a negative Duration: for ever as well.
        assert_eq!(at(10_000_000_000), Decision::None);
        // 2^60 + 1 s wraps to one second.
        assert!(matches!(at((1 << 60) + 1), Decision::Later { after_ms: 1_000, .. }));
        // 2^55 s * 1e9 wraps to exactly 0: the eviction is due at once.
        assert!(matches!(at(1 << 55), Decision::Later { after_ms: 0, .. }));
        // The longest limit that does not wrap: 292 years, far beyond any simulation.
        let longest = i64::MAX / 1_000_000_000;
        assert!(matches!(at(longest), Decision::Later { after_ms, .. } if after_ms == longest as u64 * 1_000));
    }

    #[test]
    fn untolerated_or_zero_seconds_means_now() {
        assert_eq!(decide(&[taint("a")], &[toleration(Some("b"), None)]), Decision::Now);
        assert_eq!(decide(&[taint("a")], &[toleration(Some("a"), Some(0))]), Decision::Now);
        assert_eq!(decide(&[taint("a")], &[toleration(Some("a"), Some(-5))]), Decision::Now);
        assert_eq!(decide(&[], &[]), Decision::None);
    }

    #[test]
    fn taint_sets_overlap_on_a_shared_taint_or_when_either_is_empty() {
        let a = vec![identity(&taint("a"))];
        let b = vec![identity(&taint("b"))];
        assert!(overlap(&a, &a));
        assert!(!overlap(&a, &b));
        assert!(overlap(&[], &b));
    }
}
