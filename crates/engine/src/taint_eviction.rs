//! The taint eviction controller (pkg/controller/tainteviction): pods on a node with a
//! NoExecute taint they do not tolerate are deleted at once; pods that tolerate it
//! for `tolerationSeconds` are deleted when that time has passed since the taint was
//! added; pods that tolerate it without a limit stay.

use k8s_openapi::api::core::v1::{Pod, Taint};

use dsplay_model::tolerations::tolerates;

use crate::api::Api;
use crate::clock::{self, SECOND};
use crate::pod_readiness::{is_terminating, node_name};

const SOURCE: &str = "taint-eviction-controller";

/// When the pod must go; times are absolute simulated milliseconds.
enum Verdict {
    Stay,
    EvictNow,
    EvictAt(u64),
}

fn verdict(pod: &Pod, taints: &[&Taint]) -> Verdict {
    let tolerations = pod.spec.as_ref().and_then(|s| s.tolerations.as_deref()).unwrap_or(&[]);
    let mut used = Vec::new();
    for taint in taints {
        let matching: Vec<_> = tolerations.iter().filter(|t| tolerates(t, taint)).collect();
        if matching.is_empty() {
            return Verdict::EvictNow;
        }
        used.extend(matching);
    }
    // getMinTolerationTime: the shortest limit among the tolerations used; none at all
    // means for ever, and a limit of zero or less means now.
    let Some(seconds) = used.iter().filter_map(|t| t.toleration_seconds).min() else { return Verdict::Stay };
    if seconds <= 0 {
        return Verdict::EvictNow;
    }
    let since = taints.iter().filter_map(|t| t.time_added.as_ref()).map(clock::millis).min().unwrap_or(0);
    Verdict::EvictAt(since + seconds as u64 * SECOND)
}

/// Evicts what is due on `node_name` and returns the next time to look again.
pub fn evict_pods(api: &mut Api, node: &str) -> Option<u64> {
    let now = api.now();
    let taints: Vec<Taint> = api
        .state
        .nodes
        .get(node)?
        .spec
        .as_ref()
        .and_then(|s| s.taints.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|t| t.effect == "NoExecute")
        .collect();
    if taints.is_empty() {
        return None;
    }
    let taint_refs: Vec<&Taint> = taints.iter().collect();
    let mut next_check: Option<u64> = None;
    let mut evict = Vec::new();
    for (pod_key, pod) in api.state.pods.iter() {
        if node_name(pod) != Some(node) || is_terminating(pod) {
            continue;
        }
        match verdict(pod, &taint_refs) {
            Verdict::Stay => {}
            Verdict::EvictNow => evict.push(pod_key.clone()),
            Verdict::EvictAt(at) if at <= now => evict.push(pod_key.clone()),
            Verdict::EvictAt(at) => next_check = Some(next_check.map_or(at, |n| n.min(at))),
        }
    }
    for pod_key in evict {
        if api.delete_pod(&pod_key, None).is_ok() {
            api.record_event(&format!("Pod/{pod_key}"), "Normal", "TaintManagerEviction", SOURCE, format!("Marking for deletion Pod {pod_key}"));
        }
    }
    next_check
}
