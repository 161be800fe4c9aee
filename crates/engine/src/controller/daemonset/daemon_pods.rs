//! Which pods belong to a DaemonSet and where they are: getDaemonPods (with
//! ClaimPods' adoption and release) and getNodesToDaemonPods.

use std::collections::BTreeMap;

use imbl::ordmap::DiffItem;
use imbl::OrdMap;
use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Pod;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::OwnerReference;

use dsplay_model::labels::selector_matches;

use super::util::target_node_name;
use crate::api::Api;
use crate::pod_readiness::{is_terminal, is_terminating};
use crate::state::{ClusterState, ObjectKey, Stored};

/// A DaemonSet's pods grouped by the node they are on or meant for, nodes in name order.
pub type DaemonPods<'a> = BTreeMap<String, Vec<&'a Pod>>;

/// `metav1.GetControllerOf`: the owner reference marked as the controller.
pub(crate) fn controller_ref(pod: &Pod) -> Option<&OwnerReference> {
    crate::api::controller_of(&pod.metadata)
}

/// `namespace/name` of the DaemonSet that controls the pod, if one does.
pub fn controller_key(pod: &Pod) -> Option<String> {
    let owner = controller_ref(pod).filter(|owner| owner.kind == "DaemonSet")?;
    Some(crate::api::key(pod.metadata.namespace.as_deref(), &owner.name))
}

/// Whether some DaemonSet is the pod's controller.
pub fn is_daemon_pod(pod: &Pod) -> bool {
    controller_ref(pod).is_some_and(|owner| owner.kind == "DaemonSet")
}

/// Whether the DaemonSet is the pod's controller (by uid).
pub fn is_owned_by(pod: &Pod, ds: &DaemonSet) -> bool {
    controller_ref(pod).is_some_and(|o| Some(&o.uid) == ds.metadata.uid.as_ref())
}

fn in_namespace<'a>(state: &'a ClusterState, namespace: &str) -> impl Iterator<Item = &'a Pod> {
    let prefix = format!("{namespace}/");
    let start: ObjectKey = prefix.as_str().into();
    state.pods.range(start..).take_while(move |(k, _)| k.starts_with(&prefix)).map(|(_, p)| p.as_ref())
}

/// ClaimPods for one pod: the pod with its ownerReferences changed (a matching orphan
/// adopted, an owned pod whose labels no longer match released), or `None`. A
/// DaemonSet that is being deleted adopts nothing.
fn claim_pod(ds: &DaemonSet, pod: &Pod) -> Option<Pod> {
    let spec = ds.spec.as_ref()?;
    let matches = pod.metadata.labels.as_ref().map_or_else(
        || selector_matches(&spec.selector, &Default::default()),
        |labels| selector_matches(&spec.selector, labels),
    );
    match controller_ref(pod) {
        None if matches && !is_terminating(pod) && ds.metadata.deletion_timestamp.is_none() => {
            let mut adopted = pod.clone();
            adopted.metadata.owner_references.get_or_insert_with(Vec::new).push(OwnerReference {
                api_version: "apps/v1".into(),
                kind: "DaemonSet".into(),
                name: ds.metadata.name.clone().unwrap_or_default(),
                uid: ds.metadata.uid.clone().unwrap_or_default(),
                controller: Some(true),
                block_owner_deletion: Some(true),
            });
            Some(adopted)
        }
        Some(_) if is_owned_by(pod, ds) && !matches => {
            let mut released = pod.clone();
            if let Some(owners) = released.metadata.owner_references.as_mut() {
                owners.retain(|o| Some(&o.uid) != ds.metadata.uid.as_ref());
            }
            Some(released)
        }
        _ => None,
    }
}

/// ClaimPods over the pods of the DaemonSet's namespace that changed since `seen`
/// (all of them when `seen` is empty), writing the ownerReference changes through
/// the API in pod key order. A pod that has not changed since the last claim needs
/// nothing: ClaimPods' own writes leave every pod in a state it keeps.
pub fn claim_pods(api: &mut Api, ds: &DaemonSet, seen: &OrdMap<ObjectKey, Stored<Pod>>) {
    let prefix = format!("{}/", ds.metadata.namespace.as_deref().unwrap_or("default"));
    let mut writes = Vec::new();
    for item in seen.diff(&api.state.pods) {
        let (pod_key, pod) = match item {
            DiffItem::Add(k, v) => (k, v),
            DiffItem::Update { new: (k, v), .. } => (k, v),
            DiffItem::Remove(..) => continue,
        };
        if pod_key.starts_with(&prefix) {
            writes.extend(claim_pod(ds, pod));
        }
    }
    for pod in writes {
        api.update_pod(pod);
    }
}

/// getNodesToDaemonPods over claimed pods. Terminal pods that are being deleted are
/// left out unless `include_deleted_terminal`; pods with no node and no target are
/// ignored.
pub fn nodes_to_daemon_pods<'a>(state: &'a ClusterState, ds: &DaemonSet, include_deleted_terminal: bool) -> DaemonPods<'a> {
    let namespace = ds.metadata.namespace.as_deref().unwrap_or("default");
    let mut map: DaemonPods<'a> = BTreeMap::new();
    for pod in in_namespace(state, namespace) {
        if !is_owned_by(pod, ds) {
            continue;
        }
        if !include_deleted_terminal && is_terminal(pod) && is_terminating(pod) {
            continue;
        }
        if let Some(node) = target_node_name(pod) {
            map.entry(node.to_string()).or_default().push(pod);
        }
    }
    map
}

/// `podByCreationTimestampAndPhase`: bound pods first, then the oldest, then by name.
pub fn sort_pods(pods: &mut [&Pod]) {
    dsplay_model::sorting::sort_by(pods, |a, b| {
        let bound = |p: &Pod| p.spec.as_ref().and_then(|s| s.node_name.as_deref()).is_some_and(|n| !n.is_empty());
        bound(b)
            .cmp(&bound(a))
            .then_with(|| a.metadata.creation_timestamp.cmp(&b.metadata.creation_timestamp))
            .then_with(|| a.metadata.name.cmp(&b.metadata.name))
    });
}
