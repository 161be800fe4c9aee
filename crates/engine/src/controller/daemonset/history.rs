//! ControllerRevisions: constructHistory, snapshot, dedupCurHistories, cleanupHistory,
//! Match / getPatch, and the template hash (controller.ComputeHash).

use std::collections::{BTreeSet, HashMap};

use imbl::OrdMap;

use k8s_openapi::api::apps::v1::{ControllerRevision, DaemonSet};
use k8s_openapi::api::core::v1::PodTemplateSpec;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ObjectMeta, OwnerReference};
use k8s_openapi::apimachinery::pkg::runtime::RawExtension;
use serde_json::{json, Value};

use dsplay_model::labels::selector_matches;

use super::daemon_pods::nodes_to_daemon_pods;
use super::deep_hash::deep_hash_text;
use super::same_but_status::same_but_status;
use super::REVISION_HASH_LABEL;
use crate::api::{key, Api, ApiError};
use crate::pod_readiness::label;
use crate::state::Stored;

/// The alphabet of apimachinery's SafeEncodeString.
const SAFE_ALPHANUMS: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";

/// `controller.ComputeHash`: FNV-32a of the template as upstream's `DeepHashObject`
/// prints it (go-spew `%#v` of the Go struct, see `deep_hash`), then of the collision
/// count as 8 little-endian bytes when there is one, rendered as SafeEncodeString of the
/// decimal. The template goes through `serde_json::Value`, as every other serialization
/// of an object does, so the browser build holds one serializer of it.
pub fn compute_hash(template: &PodTemplateSpec, collision_count: Option<i32>) -> String {
    let value = serde_json::to_value(template).unwrap_or(Value::Null);
    hash_text(&deep_hash_text(&value), collision_count)
}

fn hash_text(text: &str, collision_count: Option<i32>) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    let mut write = |bytes: &[u8]| {
        for byte in bytes {
            hash ^= u32::from(*byte);
            hash = hash.wrapping_mul(0x0100_0193);
        }
    };
    write(text.as_bytes());
    if let Some(count) = collision_count {
        let mut bytes = [0u8; 8];
        bytes[..4].copy_from_slice(&(count as u32).to_le_bytes());
        write(&bytes);
    }
    hash.to_string().bytes().map(|b| SAFE_ALPHANUMS[usize::from(b) % SAFE_ALPHANUMS.len()] as char).collect()
}

/// `getPatch`: `{"spec":{"template":{...,"$patch":"replace"}}}`, what a revision stores
/// and what `rollout undo` patches back.
pub fn revision_data(ds: &DaemonSet) -> Value {
    let template = ds.spec.as_ref().map(|s| s.template.clone()).unwrap_or_default();
    let mut template = serde_json::to_value(template).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut template {
        map.insert("$patch".into(), json!("replace"));
    }
    json!({ "spec": { "template": template } })
}

/// The hash new pods of `ds` carry in `state`, read without writing anything: the
/// label of the ControllerRevision that stores its current template, or for a
/// template no revision stores yet, the hash its first revision will have.
pub fn current_hash(state: &crate::state::ClusterState, ds: &DaemonSet) -> String {
    let current = revision_data(ds);
    let owned = |revision: &&Stored<ControllerRevision>| {
        crate::api::controller_of(&revision.metadata).is_some_and(|owner| Some(&owner.uid) == ds.metadata.uid.as_ref())
    };
    match state.revisions.values().filter(owned).find(|revision| matches_current(&current, revision)) {
        Some(revision) => revision_hash(revision),
        None => {
            let template = ds.spec.as_ref().map(|s| s.template.clone()).unwrap_or_default();
            compute_hash(&template, ds.status.as_ref().and_then(|s| s.collision_count))
        }
    }
}

/// `Match`: the revision stores exactly the patch `current` (the DaemonSet's
/// `revision_data`, computed once per sync rather than once per revision).
fn matches_current(current: &Value, revision: &ControllerRevision) -> bool {
    revision.data.as_ref().map(|d| &d.0) == Some(current)
}

fn revision_hash(revision: &ControllerRevision) -> String {
    revision
        .metadata
        .labels
        .as_ref()
        .and_then(|l| l.get(REVISION_HASH_LABEL).cloned())
        .unwrap_or_else(|| revision.metadata.name.clone().unwrap_or_default())
}

fn owner_reference(ds: &DaemonSet) -> OwnerReference {
    OwnerReference {
        api_version: "apps/v1".into(),
        kind: "DaemonSet".into(),
        name: ds.metadata.name.clone().unwrap_or_default(),
        uid: ds.metadata.uid.clone().unwrap_or_default(),
        controller: Some(true),
        block_owner_deletion: Some(true),
    }
}

/// The revisions a DaemonSet controls, adopting orphans in its namespace whose labels
/// match its selector (`controlledHistories`).
pub fn controlled_histories(api: &mut Api, ds: &DaemonSet) -> Vec<Stored<ControllerRevision>> {
    let namespace = ds.metadata.namespace.clone().unwrap_or_else(|| "default".into());
    let uid = ds.metadata.uid.clone().unwrap_or_default();
    let mut owned = Vec::new();
    let mut adopt = Vec::new();
    for revision in api.state.revisions.values() {
        if revision.metadata.namespace.as_deref() != Some(&namespace) {
            continue;
        }
        let controller = crate::api::controller_of(&revision.metadata);
        match controller {
            Some(owner) if owner.uid == uid => owned.push(revision.clone()),
            None => {
                let labels = revision.metadata.labels.clone().unwrap_or_default();
                let selector = ds.spec.as_ref().map(|s| &s.selector);
                if selector.is_some_and(|s| selector_matches(s, &labels)) && ds.metadata.deletion_timestamp.is_none() {
                    let mut adopted = ControllerRevision::clone(revision);
                    adopted.metadata.owner_references.get_or_insert_with(Vec::new).push(owner_reference(ds));
                    adopt.push(adopted);
                }
            }
            Some(_) => {}
        }
    }
    for revision in adopt {
        let rev_key = key(revision.metadata.namespace.as_deref(), revision.metadata.name.as_deref().unwrap_or(""));
        api.update_revision(revision);
        owned.extend(api.state.revisions.get(&rev_key).cloned());
    }
    owned
}

/// What `constructHistory` settles on.
#[derive(Clone, Debug)]
pub struct History {
    /// The `controller-revision-hash` of the current revision: the hash new pods carry.
    pub hash: String,
    pub old: Vec<Stored<ControllerRevision>>,
}

/// `constructHistory` with its last answer per DaemonSet kept: while no revision was
/// written and the DaemonSet changed only in status, it would read the same objects
/// and decide the same, and a rollout syncs thousands of times without either.
#[derive(Clone, Debug, Default)]
pub struct HistoryCache {
    answers: HashMap<String, CachedHistory>,
}

#[derive(Clone, Debug)]
struct CachedHistory {
    daemonset: Stored<DaemonSet>,
    revisions: OrdMap<String, Stored<ControllerRevision>>,
    history: History,
}

impl HistoryCache {
    pub fn construct(&mut self, api: &mut Api, ds_key: &str, ds: &Stored<DaemonSet>) -> Result<History, String> {
        let collision_count = |ds: &DaemonSet| ds.status.as_ref().and_then(|s| s.collision_count);
        if let Some(cached) = self.answers.get_mut(ds_key) {
            if cached.revisions.ptr_eq(&api.state.revisions)
                && same_but_status(&cached.daemonset, ds)
                && collision_count(&cached.daemonset) == collision_count(ds)
            {
                // Kept as the newest version the answer holds for: the next sync then
                // usually compares pointers.
                cached.daemonset = ds.clone();
                return Ok(cached.history.clone());
            }
        }
        self.answers.remove(ds_key);
        let history = construct_history(api, ds)?;
        let cached = CachedHistory { daemonset: ds.clone(), revisions: api.state.revisions.clone(), history: history.clone() };
        self.answers.insert(ds_key.to_string(), cached);
        Ok(history)
    }

    pub fn forget(&mut self, ds_key: &str) {
        self.answers.remove(ds_key);
    }

    pub fn clear(&mut self) {
        self.answers.clear();
    }
}

/// `constructHistory`. An error means the sync must be retried (a hash collision).
pub fn construct_history(api: &mut Api, ds: &DaemonSet) -> Result<History, String> {
    let mut histories = controlled_histories(api, ds);
    for revision in &mut histories {
        let has_hash_label = revision.metadata.labels.as_ref().is_some_and(|l| l.contains_key(REVISION_HASH_LABEL));
        if !has_hash_label {
            let mut labelled = ControllerRevision::clone(revision);
            let name = labelled.metadata.name.clone().unwrap_or_default();
            labelled.metadata.labels.get_or_insert_with(Default::default).insert(REVISION_HASH_LABEL.into(), name);
            api.update_revision(labelled.clone());
            *revision = Stored::new(labelled);
        }
    }
    let current_data = revision_data(ds);
    let (mut current, old): (Vec<_>, Vec<_>) = histories.into_iter().partition(|r| matches_current(&current_data, r));
    let max_revision = old.iter().map(|r| r.revision).max().unwrap_or(0);
    let current = match current.len() {
        0 => snapshot(api, ds, &current_data, max_revision + 1)?,
        1 => current.remove(0).into_inner(),
        _ => dedup_current_histories(api, ds, current),
    };
    let mut current = current;
    if current.revision < max_revision + 1 {
        current.revision = max_revision + 1;
        api.update_revision(current.clone());
    }
    Ok(History { hash: revision_hash(&current), old })
}

/// `dedupCurHistories`: keeps the highest revision, relabels pods that carry the
/// other hashes, and deletes the duplicates.
fn dedup_current_histories(api: &mut Api, ds: &DaemonSet, mut current: Vec<Stored<ControllerRevision>>) -> ControllerRevision {
    dsplay_model::sorting::sort_by_key(&mut current, |r| std::cmp::Reverse(r.revision));
    let keep = current.remove(0).into_inner();
    let keep_hash = revision_hash(&keep);
    let stale: BTreeSet<String> = current.iter().map(|r| revision_hash(r)).collect();
    let relabel: Vec<_> = nodes_to_daemon_pods(&api.state, ds, true)
        .into_values()
        .flatten()
        .filter(|p| label(p, REVISION_HASH_LABEL).is_some_and(|h| stale.contains(h)))
        .cloned()
        .collect();
    for mut pod in relabel {
        pod.metadata.labels.get_or_insert_with(Default::default).insert(REVISION_HASH_LABEL.into(), keep_hash.clone());
        api.update_pod(pod);
    }
    for duplicate in current {
        api.delete_revision(&key(duplicate.metadata.namespace.as_deref(), duplicate.metadata.name.as_deref().unwrap_or("")));
    }
    keep
}

/// `snapshot`: a new revision named `<ds>-<hash>`; on a name clash with a different
/// template the collision count goes up and the sync is retried with a new hash.
fn snapshot(api: &mut Api, ds: &DaemonSet, data: &Value, revision: i64) -> Result<ControllerRevision, String> {
    let collision_count = ds.status.as_ref().and_then(|s| s.collision_count);
    let template = ds.spec.as_ref().map(|s| s.template.clone()).unwrap_or_default();
    let hash = compute_hash(&template, collision_count);
    let name = format!("{}-{}", ds.metadata.name.as_deref().unwrap_or(""), hash);
    let mut labels = template.metadata.as_ref().and_then(|m| m.labels.clone()).unwrap_or_default();
    labels.insert(REVISION_HASH_LABEL.into(), hash.clone());
    let history = ControllerRevision {
        metadata: ObjectMeta {
            name: Some(name.clone()),
            namespace: ds.metadata.namespace.clone(),
            labels: Some(labels),
            annotations: ds.metadata.annotations.clone(),
            owner_references: Some(vec![owner_reference(ds)]),
            ..Default::default()
        },
        data: Some(RawExtension(data.clone())),
        revision,
    };
    match api.create_revision(history.clone()) {
        Ok(rev_key) => Ok(api.state.revisions.get(&rev_key).cloned().map_or(history, Stored::into_inner)),
        Err(ApiError::AlreadyExists { .. }) => {
            let rev_key = key(ds.metadata.namespace.as_deref(), &name);
            let existing = api.state.revisions.get(&rev_key).cloned();
            if let Some(existing) = existing.filter(|e| matches_current(data, e)) {
                return Ok(existing.into_inner());
            }
            let ds_key = key(ds.metadata.namespace.as_deref(), ds.metadata.name.as_deref().unwrap_or(""));
            let mut status = ds.status.clone().unwrap_or_default();
            status.collision_count = Some(collision_count.unwrap_or(0) + 1);
            api.update_daemonset_status(&ds_key, status);
            Err(format!("found a hash collision for DaemonSet {name:?} - bumping collisionCount to resolve it"))
        }
        Err(other) => Err(other.to_string()),
    }
}

/// `cleanupHistory`: deletes the oldest revisions beyond revisionHistoryLimit, never
/// one whose hash a live pod still carries.
pub fn cleanup_history(api: &mut Api, ds: &DaemonSet, mut old: Vec<Stored<ControllerRevision>>) {
    let limit = ds.spec.as_ref().and_then(|s| s.revision_history_limit).unwrap_or(10).max(0) as usize;
    if old.len() <= limit {
        return;
    }
    let mut to_kill = old.len() - limit;
    let live: BTreeSet<String> = nodes_to_daemon_pods(&api.state, ds, true)
        .into_values()
        .flatten()
        .filter_map(|p| label(p, REVISION_HASH_LABEL).map(str::to_string))
        .collect();
    dsplay_model::sorting::sort_by_key(&mut old, |r| r.revision);
    for revision in old {
        if to_kill == 0 {
            break;
        }
        if live.contains(&revision_hash(&revision)) {
            continue;
        }
        api.delete_revision(&key(revision.metadata.namespace.as_deref(), revision.metadata.name.as_deref().unwrap_or("")));
        to_kill -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_is_stable_and_changes_with_collisions() {
        let template = PodTemplateSpec::default();
        let a = compute_hash(&template, None);
        assert_eq!(a, compute_hash(&template, None));
        assert_ne!(a, compute_hash(&template, Some(1)));
        assert!(a.bytes().all(|b| SAFE_ALPHANUMS.contains(&b)));
    }
}
