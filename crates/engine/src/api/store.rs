//! The object store with the API server's write semantics.

use rustc_hash::FxHashMap;

use k8s_openapi::api::apps::v1::{ControllerRevision, DaemonSet, DaemonSetStatus};
use k8s_openapi::api::core::v1::{Node, Pod, PodCondition, PodStatus, Toleration};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

use dsplay_model::{defaults, tolerations, validation};

use super::event_correlator::{EventCorrelator, EventIdentity};
use super::{key, name_of, priority_admission, runtime_class_admission, service_account_admission, ApiError, Change, NameGenerator};
use crate::clock;
use crate::controller::daemonset::util::{target_node_name, template_generation};
use crate::kubelet::{self, NodeLease};
use crate::scheduler::DEFAULT_SCHEDULER;
use crate::state::{ClusterState, Event, Stored};
use crate::pod_readiness::is_terminal;

pub use dsplay_model::template_generation::TEMPLATE_GENERATION_ANNOTATION;
/// A scenario directive, not a Kubernetes annotation: stripped on apply.
pub const APPLY_LATER_ANNOTATION: &str = "dsplay/apply";
/// DefaultTolerationSeconds admission plugin: 300 s for not-ready and unreachable.
const DEFAULT_TOLERATION_SECONDS: i64 = 300;

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

    // ----- Pods -----

    pub fn create_pod(&mut self, mut pod: Pod) -> Result<String, ApiError> {
        strip_scenario_annotations(&mut pod.metadata);
        let namespace = pod.metadata.namespace.clone().unwrap_or_else(|| "default".into());
        pod.metadata.namespace = Some(namespace.clone());
        // Admission runs before the registry generates a name, so a refusal names the
        // pod by its generateName (`pods "agent-" is forbidden`).
        let forbidden = |pod: &Pod, reason: String| {
            let meta = &pod.metadata;
            let name = [&meta.name, &meta.generate_name].into_iter().flatten().find(|n| !n.is_empty());
            let name = name.cloned().unwrap_or_else(|| "Unknown".into());
            ApiError::Forbidden { resource: "pods".into(), name, reason }
        };
        let admitted = priority_admission::admit_pod(pod.spec.get_or_insert_with(Default::default))
            .and_then(|()| runtime_class_admission::admit_pod(pod.spec.get_or_insert_with(Default::default)));
        if let Err(reason) = admitted {
            return Err(forbidden(&pod, reason));
        }
        if pod.metadata.name.as_deref().unwrap_or("").is_empty() {
            let prefix = pod.metadata.generate_name.clone().unwrap_or_default();
            let mut name = format!("{prefix}{}", self.names.suffix());
            while self.state.pods.contains_key(key(Some(&namespace), &name).as_str()) {
                name = format!("{prefix}{}", self.names.suffix());
            }
            pod.metadata.name = Some(name);
        }
        let name = pod.metadata.name.clone().unwrap_or_default();
        let pod_key = key(Some(&namespace), &name);
        if self.state.pods.contains_key(pod_key.as_str()) {
            return Err(ApiError::AlreadyExists { resource: "pods".into(), name });
        }
        // The token volume's suffix is drawn for this pod alone, so that it shifts no
        // generated pod name.
        let volume_suffix = NameGenerator::suffix_for(pod_key.as_str());
        service_account_admission::admit_pod(pod.spec.get_or_insert_with(Default::default), &volume_suffix);
        defaults::default_pod(&mut pod);
        add_default_toleration_seconds(&mut pod);
        let errors = validation::validate_pod(&pod);
        if !errors.is_empty() {
            return Err(ApiError::invalid("Pod", &name, &errors));
        }
        if let Err(reason) = runtime_class_admission::validate_pod(pod.spec.get_or_insert_with(Default::default)) {
            return Err(forbidden(&pod, reason));
        }
        if let Some(spec) = &pod.spec {
            self.warnings.extend(dsplay_model::warnings::pod_spec_warnings(spec, "spec"));
        }
        let status = pod.status.get_or_insert_with(PodStatus::default);
        status.phase.get_or_insert_with(|| "Pending".into());
        status.qos_class = pod.spec.as_ref().map(|spec| dsplay_model::qos::pod_qos_class(spec).to_string());
        mark_scheduling_gated(&mut pod, self.now_ms);
        self.stamp_new(&mut pod.metadata);
        self.state.pods.insert(pod_key.as_str().into(), Stored::new(pod));
        self.changes.push(Change::PodAdded(pod_key.clone()));
        Ok(pod_key)
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

    /// Any write of a pod by a component (binding, status, labels, adoption).
    pub fn update_pod(&mut self, mut pod: Pod) {
        let pod_key = key(pod.metadata.namespace.as_deref(), pod.metadata.name.as_deref().unwrap_or(""));
        let Some(old) = self.state.pods.get(pod_key.as_str()).cloned() else { return };
        // Status first: most writes change it, and it is the cheapest part to tell apart.
        if pod.status == old.status && pod.metadata == old.metadata && pod.spec == old.spec {
            return;
        }
        self.stamp_update(&mut pod.metadata);
        self.state.pods.insert(pod_key.as_str().into(), Stored::new(pod));
        self.changes.push(Change::PodUpdated { key: pod_key, old });
    }

    /// Graceful deletion: a bound pod gets a deletionTimestamp and its kubelet finishes
    /// the job; an unbound pod, or one deleted with grace 0, leaves the store at once.
    pub fn delete_pod(&mut self, pod_key: &str, grace_seconds: Option<i64>) -> Result<(), ApiError> {
        let Some(pod) = self.state.pods.get(pod_key).map(|p| (**p).clone()) else {
            return Err(ApiError::NotFound { resource: "pods".into(), name: name_of(pod_key).to_string() });
        };
        if pod.metadata.deletion_timestamp.is_some() && grace_seconds != Some(0) {
            return Ok(());
        }
        let spec_grace = pod.spec.as_ref().and_then(|s| s.termination_grace_period_seconds).unwrap_or(30);
        let grace = grace_seconds.unwrap_or(spec_grace).max(0);
        let bound = pod.spec.as_ref().and_then(|s| s.node_name.as_deref()).is_some_and(|n| !n.is_empty());
        if grace == 0 || !bound || is_terminal(&pod) {
            self.remove_pod(pod_key);
            return Ok(());
        }
        let mut deleting = pod;
        deleting.metadata.deletion_timestamp = Some(clock::timestamp(self.now_ms.saturating_add(clock::seconds(grace))));
        deleting.metadata.deletion_grace_period_seconds = Some(grace);
        self.update_pod(deleting);
        Ok(())
    }

    /// The pod leaves the store (the kubelet confirmed termination, or a force delete).
    pub fn remove_pod(&mut self, pod_key: &str) {
        if let Some(pod) = self.state.pods.remove(pod_key) {
            if let Some(node) = target_node_name(&pod) {
                self.gone_pod_nodes.insert(pod_key.to_string(), node.to_string());
            }
            self.remember_uid(format!("Pod/{pod_key}"), &pod.metadata);
            self.changes.push(Change::PodDeleted(pod));
        }
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

    // ----- Events -----

    /// Every event is written, none dropped by the spam filter: upstream's unit tests
    /// record through a FakeRecorder, and their mirror here counts every event.
    pub fn record_every_event(&mut self) {
        self.events.without_spam_filter();
    }

    /// Records an event about `object` (`Kind/namespace/name`, or `Kind/name` for a
    /// cluster-scoped object: see [`Event::object`]) with the node it concerns; a repeat
    /// of the last event for the same object, reason and message is counted, as the
    /// client-side event correlator does.
    pub fn record_event(&mut self, object: &str, event_type: &str, reason: &str, source: &str, message: String) {
        self.record(object, None, event_type, reason, source, message);
    }

    /// An event about one container of a pod, which the kubelet records with the
    /// container's field path (`spec.containers{agent}`) rather than its name in the message.
    pub fn record_container_event(&mut self, object: &str, container: &str, event_type: &str, reason: &str, source: &str, message: String) {
        // The field path names the list the container is in.
        let pod = object.strip_prefix("Pod/").and_then(|pod_key| self.state.pods.get(pod_key));
        let init = pod.is_some_and(|pod| pod.spec.iter().flat_map(|s| s.init_containers.iter().flatten()).any(|c| c.name == container));
        let list = if init { "initContainers" } else { "containers" };
        self.record(object, Some(format!("spec.{list}{{{container}}}")), event_type, reason, source, message);
    }

    /// An event as the recorder's correlator passes it on: a repeat counts on the first,
    /// and many similar ones on one combined event ([`EventCorrelator`]).
    fn record(&mut self, object: &str, field_path: Option<String>, event_type: &str, reason: &str, source: &str, message: String) {
        debug_assert!(object.split('/').all(|part| !part.is_empty()), "an event object with an empty part: {object:?}");
        let now = self.now_ms;
        let (identity, message) = self.events.correlate(object, field_path.as_deref(), event_type, reason, source, message, now);
        let uid = self.uid_of_event_object(object, source);
        // The scheduler records through events.k8s.io, whose recorder has no spam filter.
        let filtered = source != DEFAULT_SCHEDULER;
        let Some(written) = self.events.spam_filter(&identity, source, uid.as_deref(), filtered, now) else { return };
        if let Some(existing) = self.event_index.get(&identity).and_then(|&i| self.state.events.get_mut(i)) {
            let existing = existing.make_mut();
            existing.count += written.count;
            existing.time_ms = now;
            // A combined event shows the latest of the messages it stands for.
            existing.message = message;
            return;
        }
        self.event_index.insert(identity, self.state.events.len());
        self.state.events.push_back(Stored::new(Event {
            time_ms: now,
            first_time_ms: written.first_ms,
            event_type: event_type.into(),
            reason: reason.into(),
            node: self.node_of_event_object(object),
            uid,
            object: object.to_owned(),
            field_path,
            source: source.into(),
            message,
            count: written.count,
        }));
    }

    /// The uid an event about `object` refers to (see [`Event::uid`]).
    fn uid_of_event_object(&self, object: &str, source: &str) -> Option<String> {
        let stored = if let Some(name) = object.strip_prefix("Node/") {
            if source == kubelet::SOURCE {
                return Some(name.to_string());
            }
            self.state.nodes.get(name).map(|node| &node.metadata)
        } else if let Some(pod_key) = object.strip_prefix("Pod/") {
            self.state.pods.get(pod_key).map(|pod| &pod.metadata)
        } else {
            object.strip_prefix("DaemonSet/").and_then(|ds_key| self.state.daemonsets.get(ds_key)).map(|ds| &ds.metadata)
        };
        match stored {
            Some(meta) => meta.uid.clone(),
            None => self.gone_uids.get(object).cloned(),
        }
    }

    fn remember_uid(&mut self, object: String, meta: &ObjectMeta) {
        if let Some(uid) = &meta.uid {
            self.gone_uids.insert(object, uid.clone());
        }
    }

    /// The node an event about `object` concerns: a Node's own name, or the node of the
    /// pod, looked up in the store or, for a pod already gone, where it was last.
    fn node_of_event_object(&self, object: &str) -> Option<String> {
        if let Some(name) = object.strip_prefix("Node/") {
            return Some(name.to_string());
        }
        let pod_key = object.strip_prefix("Pod/")?;
        match self.state.pods.get(pod_key) {
            Some(pod) => target_node_name(pod).map(str::to_string),
            None => self.gone_pod_nodes.get(pod_key).cloned(),
        }
    }
}

fn strip_scenario_annotations(meta: &mut ObjectMeta) {
    if let Some(annotations) = meta.annotations.as_mut() {
        annotations.remove(APPLY_LATER_ANNOTATION);
        if annotations.is_empty() {
            meta.annotations = None;
        }
    }
}

/// The DefaultTolerationSeconds admission plugin: pods that do not already tolerate
/// not-ready / unreachable NoExecute get a 300 s toleration for each.
fn add_default_toleration_seconds(pod: &mut Pod) {
    let Some(spec) = pod.spec.as_mut() else { return };
    let existing = spec.tolerations.get_or_insert_with(Vec::new);
    for taint_key in ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"] {
        let taint = k8s_openapi::api::core::v1::Taint {
            key: taint_key.into(),
            effect: "NoExecute".into(),
            ..Default::default()
        };
        if existing.iter().any(|t| tolerations::tolerates(t, &taint)) {
            continue;
        }
        existing.push(Toleration {
            key: Some(taint_key.into()),
            operator: Some("Exists".into()),
            effect: Some("NoExecute".into()),
            toleration_seconds: Some(DEFAULT_TOLERATION_SECONDS),
            ..Default::default()
        });
    }
}

fn owner_key(meta: &ObjectMeta) -> Option<String> {
    let owner = super::controller_of(meta)?;
    Some(key(meta.namespace.as_deref(), &owner.name))
}

/// The pod strategy's `applySchedulingGatedCondition`: a new pod with scheduling gates
/// is PodScheduled=False, SchedulingGated, unless it comes with a PodScheduled condition.
fn mark_scheduling_gated(pod: &mut Pod, now_ms: u64) {
    let gated = pod.spec.as_ref().and_then(|s| s.scheduling_gates.as_ref()).is_some_and(|gates| !gates.is_empty());
    let conditions = pod.status.as_ref().and_then(|s| s.conditions.as_ref());
    if !gated || conditions.is_some_and(|c| c.iter().any(|c| c.type_ == "PodScheduled")) {
        return;
    }
    let condition = PodCondition {
        type_: "PodScheduled".into(),
        status: "False".into(),
        reason: Some("SchedulingGated".into()),
        message: Some("Scheduling is blocked due to non-empty scheduling gates".into()),
        last_transition_time: Some(clock::timestamp(now_ms)),
        ..Default::default()
    };
    crate::pod_conditions::set_pod_condition(pod, condition);
}

#[cfg(test)]
mod tests {
    use crate::simulation::Simulation;
    use crate::test_fixtures::AGENT_SCENARIO;

    /// A rollout replaces every pod, a node goes silent and another is deleted (its
    /// pods are collected, after they left the store): every pod event still says
    /// which node the pod was on, and node events name the node as `Node/<name>`.
    #[test]
    fn events_remember_the_node_of_pods_that_are_gone() {
        let text = AGENT_SCENARIO.replace(
            "  - settle\n",
            "  - settle\n  - kubectl set image ds/agent agent=busybox:1.37\n  - settle\n  - node down node-02\n  - kubectl delete node node-03\n  - advance 2m\n",
        );
        let mut simulation = Simulation::load(&text).unwrap_or_else(|e| panic!("{e:?}"));
        simulation.run_steps();
        let state = simulation.state();
        let events: Vec<_> = state.events.iter().collect();
        assert!(events.iter().all(|e| !e.object.contains("//")), "{events:#?}");
        let not_ready = events.iter().find(|e| e.reason == "NodeNotReady").unwrap_or_else(|| panic!("{events:#?}"));
        assert_eq!((not_ready.object.as_str(), not_ready.node.as_deref()), ("Node/node-02", Some("node-02")));
        for e in events.iter().filter(|e| e.object.starts_with("Pod/")) {
            assert!(e.node.is_some(), "a pod event without its node: {e:?}");
        }
        for e in events.iter().filter(|e| e.object.starts_with("DaemonSet/")) {
            assert_eq!(e.node, None, "{e:?}");
        }
        // The first pod on node-01 was replaced: its Started and Killing events stay node-01's.
        let scheduled = |node: &str| -> Vec<String> {
            events
                .iter()
                .filter(|e| e.reason == "Scheduled" && e.message.ends_with(&format!(" to {node}")))
                .map(|e| e.object.clone())
                .collect()
        };
        let first = scheduled("node-01").first().cloned().unwrap_or_else(|| panic!("{events:#?}"));
        assert!(!state.pods.contains_key(first.trim_start_matches("Pod/")), "the first pod was replaced");
        let reasons: Vec<(&str, Option<&str>)> =
            events.iter().filter(|e| e.object == first).map(|e| (e.reason.as_str(), e.node.as_deref())).collect();
        assert_eq!(reasons, [("Scheduled", Some("node-01")), ("Pulled", Some("node-01")), ("Created", Some("node-01")), ("Started", Some("node-01")), ("Killing", Some("node-01"))]);
        // The pod GC has deleted the pods of node-03, silently: it has no event recorder.
        assert!(state.pods.values().all(|p| crate::pod_readiness::node_name(p) != Some("node-03")), "node-03's pods were collected");
        assert!(events.iter().all(|e| e.source != "pod-garbage-collector"), "{events:#?}");
    }
}
