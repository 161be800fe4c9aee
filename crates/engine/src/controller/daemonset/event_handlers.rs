//! The controller's informer event handlers: which DaemonSets a pod or node change wakes
//! (addPod, updatePod, deletePod, shouldIgnoreNodeUpdate, syncNodeUpdate). The
//! simulation's informers (`simulation/reactions.rs`) queue what these return. A work
//! queue holds a key once, so each answer is a set.

use std::collections::BTreeSet;

use imbl::OrdMap;
use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{Node, Pod};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::OwnerReference;

use dsplay_model::labels::{selector_is_empty, selector_matches};

use super::daemon_pods::controller_ref;
use super::should_run::node_should_run_daemon_pod;
use crate::api::key;
use crate::clock::SECOND;
use crate::pod_readiness::{is_pod_ready, is_terminating};
use crate::state::Stored;

/// The DaemonSets in the store, by `namespace/name`.
pub type DaemonSets = OrdMap<String, Stored<DaemonSet>>;

/// What a pod update queues.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PodUpdateSyncs {
    /// Keys to sync now.
    pub now: BTreeSet<String>,
    /// `enqueueDaemonSetAfter`: the owner of a pod that just turned Ready, due after its
    /// `minReadySeconds` + 1 s (in ms), when the pod counts as available.
    pub after: Option<(String, u64)>,
}

/// `resolveControllerRef`: the key of the DaemonSet a controllerRef names, if it is a
/// DaemonSet's, that DaemonSet exists, and it is the same object (its UID).
fn resolve(namespace: Option<&str>, owner: &OwnerReference, daemonsets: &DaemonSets) -> Option<String> {
    if owner.kind != "DaemonSet" {
        return None;
    }
    let ds_key = key(namespace, &owner.name);
    let ds = daemonsets.get(&ds_key)?;
    (ds.metadata.uid.as_deref() == Some(owner.uid.as_str())).then_some(ds_key)
}

/// `getDaemonSetsForPod`: DaemonSets of the pod's namespace whose selector matches its
/// labels, for an orphan to be adopted. A pod without labels and an empty selector
/// match nothing.
fn daemonsets_for_orphan(pod: &Pod, daemonsets: &DaemonSets) -> BTreeSet<String> {
    let Some(labels) = pod.metadata.labels.as_ref().filter(|labels| !labels.is_empty()) else {
        return BTreeSet::new();
    };
    let namespace = pod.metadata.namespace.as_deref().unwrap_or("default");
    daemonsets
        .iter()
        .filter(|(_, ds)| ds.metadata.namespace.as_deref().unwrap_or("default") == namespace)
        .filter(|(_, ds)| {
            ds.spec.as_ref().is_some_and(|spec| !selector_is_empty(&spec.selector) && selector_matches(&spec.selector, labels))
        })
        .map(|(ds_key, _)| ds_key.clone())
        .collect()
}

/// `addPod`: the owner, or for an orphan every DaemonSet that could adopt it. A pod
/// already being deleted is handled as a delete.
pub fn pod_added(pod: &Pod, daemonsets: &DaemonSets) -> BTreeSet<String> {
    if is_terminating(pod) {
        return pod_deleted(pod, daemonsets).into_iter().collect();
    }
    match controller_ref(pod) {
        Some(owner) => resolve(pod.metadata.namespace.as_deref(), owner, daemonsets).into_iter().collect(),
        None => daemonsets_for_orphan(pod, daemonsets),
    }
}

/// `updatePod`: a pod being deleted is handled as a delete; a changed controllerRef
/// wakes the old owner too; the owner is woken by any change (and again after
/// `minReadySeconds` when the pod just turned Ready); an orphan wakes the DaemonSets
/// that could adopt it only when its labels or its controllerRef changed.
pub fn pod_updated(old: &Pod, pod: &Pod, daemonsets: &DaemonSets) -> PodUpdateSyncs {
    let mut syncs = PodUpdateSyncs::default();
    if is_terminating(pod) {
        syncs.now.extend(pod_deleted(pod, daemonsets));
        return syncs;
    }
    let namespace = pod.metadata.namespace.as_deref();
    let (owner, old_owner) = (controller_ref(pod), controller_ref(old));
    let owner_changed = owner != old_owner;
    if let Some(old_owner) = old_owner.filter(|_| owner_changed) {
        syncs.now.extend(resolve(old.metadata.namespace.as_deref(), old_owner, daemonsets));
    }
    if let Some(owner) = owner {
        let Some(ds_key) = resolve(namespace, owner, daemonsets) else { return syncs };
        let min_ready = daemonsets.get(&ds_key).and_then(|ds| ds.spec.as_ref()?.min_ready_seconds).unwrap_or(0);
        if min_ready > 0 && !is_pod_ready(old) && is_pod_ready(pod) {
            syncs.after = Some((ds_key.clone(), min_ready as u64 * SECOND + SECOND));
        }
        syncs.now.insert(ds_key);
        return syncs;
    }
    if old.metadata.labels != pod.metadata.labels || owner_changed {
        syncs.now.extend(daemonsets_for_orphan(pod, daemonsets));
    }
    syncs
}

/// `deletePod`: the owner; an orphan wakes nothing.
pub fn pod_deleted(pod: &Pod, daemonsets: &DaemonSets) -> Option<String> {
    resolve(pod.metadata.namespace.as_deref(), controller_ref(pod)?, daemonsets)
}

/// `shouldIgnoreNodeUpdate`: only a change of labels or taints matters to the
/// controller (`spec.unschedulable`, conditions and allocatable alone do not). Compared
/// as `Semantic.DeepEqual` does: an empty list or map equals an absent one.
pub fn should_ignore_node_update(old: &Node, node: &Node) -> bool {
    let labels = |n: &Node| n.metadata.labels.clone().filter(|labels| !labels.is_empty());
    let taints = |n: &Node| n.spec.as_ref().and_then(|spec| spec.taints.clone()).filter(|taints| !taints.is_empty());
    labels(old) == labels(node) && taints(old) == taints(node)
}

/// `syncNodeUpdate`: the DaemonSets for which `node` now needs work: it should run a pod
/// and has none, it has one that must go, or it has one while the DaemonSet counts
/// misscheduled pods. `has_pod` says whether a DaemonSet has a pod for the node.
pub fn node_update_syncs(node: &Node, daemonsets: &DaemonSets, has_pod: impl Fn(&DaemonSet) -> bool) -> BTreeSet<String> {
    daemonsets
        .iter()
        .filter(|(_, ds)| {
            let verdict = node_should_run_daemon_pod(node, ds);
            let has_pod = has_pod(ds);
            let misscheduled = ds.status.as_ref().is_some_and(|status| status.number_misscheduled > 0);
            (verdict.should_run && !has_pod) || (!verdict.should_continue_running && has_pod) || (has_pod && misscheduled)
        })
        .map(|(ds_key, _)| ds_key.clone())
        .collect()
}
