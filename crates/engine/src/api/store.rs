//! The object store with the API server's write semantics.

use rustc_hash::FxHashMap;

use k8s_openapi::api::apps::v1::{ControllerRevision, DaemonSet, DaemonSetStatus};
use k8s_openapi::api::core::v1::Node;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

use dsplay_model::{defaults, validation};

use super::event_correlator::{EventCorrelator, EventIdentity};
use super::{key, name_of, ApiError, Change, NameGenerator};
use crate::clock;
use crate::controller::daemonset::util::template_generation;
use crate::kubelet::NodeLease;
use crate::state::{ClusterState, Stored};

mod events;
mod pods;

pub use dsplay_model::template_generation::TEMPLATE_GENERATION_ANNOTATION;
/// A scenario directive, not a Kubernetes annotation: stripped on apply.
pub const APPLY_LATER_ANNOTATION: &str = "dsplay/apply";

#[derive(Clone)]
pub struct Api {
    pub state: ClusterState,
    /// Position in `state.events` of the last event per identity (object, field path,
    /// reason, message), so a repeat is counted without scanning every event so far.
    event_index: FxHashMap<EventIdentity, usize>,
    events: EventCorrelator,
    /// The node of each pod that left the store, for the events recorded about it
    /// afterwards (the pod GC's, which deletes first).
    gone_pod_nodes: FxHashMap<String, String>,
    /// The uid of the last deleted object under each event reference (`Node/node-02`):
    /// an event recorded about an object just deleted refers to it by its uid.
    gone_uids: FxHashMap<String, String>,
    now_ms: u64,
    resource_version: u64,
    names: NameGenerator,
    changes: Vec<Change>,
    /// The warnings of the answers since they were last taken (kubectl prints a
    /// request's as `Warning: ...`).
    warnings: Vec<String>,
}

impl Api {
    pub fn new(seed: &str) -> Self {
        Api {
            state: ClusterState::default(),
            event_index: FxHashMap::default(),
            events: EventCorrelator::default(),
            gone_pod_nodes: FxHashMap::default(),
            gone_uids: FxHashMap::default(),
            now_ms: 0,
            resource_version: 0,
            names: NameGenerator::from_seed_text(seed),
            changes: Vec::new(),
            warnings: Vec::new(),
        }
    }

    pub fn now(&self) -> u64 {
        self.now_ms
    }

    pub fn set_now(&mut self, ms: u64) {
        self.now_ms = ms;
    }

    /// The changes since the last call, in the order they happened, repeated updates
    /// of one object folded into the first.
    pub fn take_changes(&mut self) -> Vec<Change> {
        super::change::fold_repeated_updates(std::mem::take(&mut self.changes))
    }

    fn stamp_new(&mut self, meta: &mut ObjectMeta) {
        meta.uid = Some(self.names.uid());
        meta.creation_timestamp = Some(clock::timestamp(self.now_ms));
        self.stamp_update(meta);
    }

    fn stamp_update(&mut self, meta: &mut ObjectMeta) {
        self.resource_version += 1;
        meta.resource_version = Some(self.resource_version.to_string());
    }

    // ----- DaemonSets -----

    pub fn create_daemonset(&mut self, mut ds: DaemonSet) -> Result<String, ApiError> {
        strip_scenario_annotations(&mut ds.metadata);
        let name = ds.metadata.name.clone().unwrap_or_default();
        let ds_key = key(ds.metadata.namespace.as_deref(), &name);
        if self.state.daemonsets.contains_key(&ds_key) {
            return Err(ApiError::AlreadyExists { resource: "daemonsets.apps".into(), name });
        }
        defaults::default_daemonset(&mut ds);
        let errors = validation::validate_daemonset(&ds);
        if !errors.is_empty() {
            return Err(ApiError::invalid("DaemonSet", &name, &errors));
        }
        self.warn_about_template(&ds);
        ds.metadata.namespace.get_or_insert_with(|| "default".into());
        ds.metadata.generation = Some(1);
        // PrepareForCreate keeps a template generation given at creation, at least 1.
        let given = template_generation(&ds).unwrap_or(1).max(1);
        ds.metadata
            .annotations
            .get_or_insert_with(Default::default)
            .insert(TEMPLATE_GENERATION_ANNOTATION.into(), given.to_string());
        ds.status = Some(DaemonSetStatus::default());
        self.stamp_new(&mut ds.metadata);
        self.state.daemonsets.insert(ds_key.clone(), Stored::new(ds));
        self.changes.push(Change::DaemonSetAdded(ds_key.clone()));
        Ok(ds_key)
    }

    /// A user's update of the whole object (apply, patch, set image, rollout undo).
    /// As the registry strategy does: status is kept, generation follows spec changes,
    /// the template generation follows template changes.
    pub fn update_daemonset(&mut self, mut ds: DaemonSet) -> Result<String, ApiError> {
        strip_scenario_annotations(&mut ds.metadata);
        let name = ds.metadata.name.clone().unwrap_or_default();
        let ds_key = key(ds.metadata.namespace.as_deref(), &name);
        let Some(old) = self.state.daemonsets.get(&ds_key).cloned() else {
            return Err(ApiError::NotFound { resource: "daemonsets.apps".into(), name });
        };
        defaults::default_daemonset(&mut ds);
        let errors = validation::validate_daemonset_update(&ds, &old);
        if !errors.is_empty() {
            return Err(ApiError::invalid("DaemonSet", &name, &errors));
        }
        let old_spec = old.spec.clone().unwrap_or_default();
        let new_spec = ds.spec.clone().unwrap_or_default();
        let mut generation = old.metadata.generation.unwrap_or(1);
        if old_spec != new_spec {
            generation += 1;
        }
        let mut template_generation = template_generation(&old).unwrap_or(1);
        if old_spec.template != new_spec.template {
            template_generation += 1;
        }
        // WarningsOnUpdate: only a changed spec is looked at again.
        if old_spec != new_spec {
            self.warn_about_template(&ds);
        }
        ds.metadata.namespace = old.metadata.namespace.clone();
        ds.metadata.uid = old.metadata.uid.clone();
        ds.metadata.creation_timestamp = old.metadata.creation_timestamp.clone();
        ds.metadata.generation = Some(generation);
        ds.metadata
            .annotations
            .get_or_insert_with(Default::default)
            .insert(TEMPLATE_GENERATION_ANNOTATION.into(), template_generation.to_string());
        ds.status = old.status.clone();
        if ds == *old {
            return Ok(ds_key);
        }
        self.stamp_update(&mut ds.metadata);
        self.state.daemonsets.insert(ds_key.clone(), Stored::new(ds));
        self.changes.push(Change::DaemonSetUpdated { key: ds_key.clone(), old });
        Ok(ds_key)
    }

    /// The status subresource: only `.status` changes.
    pub fn update_daemonset_status(&mut self, ds_key: &str, status: DaemonSetStatus) {
        let Some(old) = self.state.daemonsets.get(ds_key).cloned() else { return };
        let mut ds = DaemonSet::clone(&old);
        ds.status = Some(status);
        self.stamp_update(&mut ds.metadata);
        self.state.daemonsets.insert(ds_key.to_string(), Stored::new(ds));
        self.changes.push(Change::DaemonSetUpdated { key: ds_key.to_string(), old });
    }

    /// Deletion with background propagation: the DaemonSet goes at once, and the garbage
    /// collector then deletes the pods and revisions it owned.
    pub fn delete_daemonset(&mut self, ds_key: &str) -> Result<(), ApiError> {
        let Some(ds) = self.state.daemonsets.remove(ds_key) else {
            return Err(ApiError::NotFound { resource: "daemonsets.apps".into(), name: name_of(ds_key).to_string() });
        };
        self.remember_uid(format!("DaemonSet/{ds_key}"), &ds.metadata);
        self.changes.push(Change::DaemonSetDeleted(ds));
        Ok(())
    }

    fn warn_about_template(&mut self, ds: &DaemonSet) {
        if let Some(spec) = ds.spec.as_ref().and_then(|s| s.template.spec.as_ref()) {
            self.warnings.extend(dsplay_model::warnings::pod_spec_warnings(spec, "spec.template.spec"));
        }
    }

    /// The warnings of the answers since the last call.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// Puts the API server back as `before` was (a dry run), keeping the warnings its
    /// answers gave meanwhile.
    pub fn restore(&mut self, before: Api) {
        let warnings = self.take_warnings();
        *self = before;
        self.warnings.extend(warnings);
    }

    // ----- Nodes -----

    pub fn create_node(&mut self, mut node: Node) -> Result<String, ApiError> {
        let name = node.metadata.name.clone().unwrap_or_default();
        if self.state.nodes.contains_key(&name) {
            return Err(ApiError::AlreadyExists { resource: "nodes".into(), name });
        }
        defaults::default_node(&mut node);
        let errors = validation::validate_node(&node);
        if !errors.is_empty() {
            return Err(ApiError::invalid("Node", &name, &errors));
        }
        self.stamp_new(&mut node.metadata);
        self.state.nodes.insert(name.clone(), Stored::new(node));
        self.changes.push(Change::NodeAdded(name.clone()));
        Ok(name)
    }

    /// The kubelet writes its node's lease (it renews it, or stops renewing it).
    pub fn write_lease(&mut self, node: &str, lease: NodeLease) {
        self.state.leases.insert(node.to_string(), lease);
    }

    pub fn update_node(&mut self, mut node: Node) -> Result<(), ApiError> {
        let name = node.metadata.name.clone().unwrap_or_default();
        let Some(old) = self.state.nodes.get(&name).cloned() else {
            return Err(ApiError::NotFound { resource: "nodes".into(), name });
        };
        if node == *old {
            return Ok(());
        }
        let errors = validation::validate_node(&node);
        if !errors.is_empty() {
            return Err(ApiError::invalid("Node", &name, &errors));
        }
        self.stamp_update(&mut node.metadata);
        self.state.nodes.insert(name.clone(), Stored::new(node));
        self.changes.push(Change::NodeUpdated { name, old });
        Ok(())
    }

    pub fn delete_node(&mut self, name: &str) -> Result<(), ApiError> {
        let Some(node) = self.state.nodes.remove(name) else {
            return Err(ApiError::NotFound { resource: "nodes".into(), name: name.into() });
        };
        // The lease is the node's: the garbage collector removes it with the node.
        self.state.leases.remove(name);
        self.remember_uid(format!("Node/{name}"), &node.metadata);
        self.changes.push(Change::NodeDeleted(node));
        Ok(())
    }

    // ----- ControllerRevisions -----

    pub fn create_revision(&mut self, mut revision: ControllerRevision) -> Result<String, ApiError> {
        let name = revision.metadata.name.clone().unwrap_or_default();
        let rev_key = key(revision.metadata.namespace.as_deref(), &name);
        if self.state.revisions.contains_key(&rev_key) {
            return Err(ApiError::AlreadyExists { resource: "controllerrevisions.apps".into(), name });
        }
        self.stamp_new(&mut revision.metadata);
        let owner_key = owner_key(&revision.metadata);
        self.state.revisions.insert(rev_key.clone(), Stored::new(revision));
        self.changes.push(Change::RevisionChanged { owner_key });
        Ok(rev_key)
    }

    pub fn update_revision(&mut self, mut revision: ControllerRevision) {
        let rev_key = key(revision.metadata.namespace.as_deref(), revision.metadata.name.as_deref().unwrap_or(""));
        if self.state.revisions.get(&rev_key).is_some_and(|stored| **stored == revision) {
            return;
        }
        self.stamp_update(&mut revision.metadata);
        let owner_key = owner_key(&revision.metadata);
        self.state.revisions.insert(rev_key, Stored::new(revision));
        self.changes.push(Change::RevisionChanged { owner_key });
    }

    pub fn delete_revision(&mut self, rev_key: &str) {
        if let Some(revision) = self.state.revisions.remove(rev_key) {
            let owner_key = owner_key(&revision.metadata);
            self.changes.push(Change::RevisionChanged { owner_key });
        }
    }

}

pub(super) fn strip_scenario_annotations(meta: &mut ObjectMeta) {
    if let Some(annotations) = meta.annotations.as_mut() {
        annotations.remove(APPLY_LATER_ANNOTATION);
        if annotations.is_empty() {
            meta.annotations = None;
        }
    }
}

fn owner_key(meta: &ObjectMeta) -> Option<String> {
    let owner = super::controller_of(meta)?;
    Some(key(meta.namespace.as_deref(), &owner.name))
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
