//! The harness of the upstream unit-test ports: the fixtures of
//! pkg/controller/daemon/daemon_controller_test.go (`newDaemonSet`, `newNode`,
//! `addNodes`, `newPod`, `addPods`, `addFailedPods`, `markPodsReady`,
//! `expectSyncDaemonSets`) rebuilt on this engine's [`Api`].
//!
//! Like the upstream tests, nodes and pre-existing pods go straight into the store
//! (`api.state`), as upstream fills informer stores; DaemonSets go through
//! `Api::create_daemonset` so they carry defaults, a uid, a generation and the
//! template-generation annotation, as they would in a cluster.
#![allow(dead_code)]

use std::collections::BTreeMap;

use k8s_openapi::api::apps::v1::{DaemonSet, DaemonSetSpec, DaemonSetUpdateStrategy, RollingUpdateDaemonSet};
use k8s_openapi::api::core::v1::{
    Container, Node, NodeCondition, NodeSpec, NodeStatus, Pod, PodCondition, PodSpec, PodStatus, PodTemplateSpec,
    Taint,
};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{LabelSelector, ObjectMeta, OwnerReference};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

use dsplay_engine::api::{Api, Change};
use dsplay_engine::clock;
use dsplay_engine::controller::daemonset::{compute_hash, DaemonSetController, SyncOutcome};

pub type Labels = BTreeMap<String, String>;

pub fn labels(pairs: &[(&str, &str)]) -> Labels {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// `simpleDaemonSetLabel`: the selector and template labels of `newDaemonSet`.
pub fn simple_daemon_set_label() -> Labels {
    labels(&[("name", "simple-daemon"), ("type", "production")])
}

/// `simpleDaemonSetLabel2`: does not match the selector; owned pods with it are released.
pub fn simple_daemon_set_label2() -> Labels {
    labels(&[("name", "simple-daemon"), ("type", "test")])
}

/// `simpleNodeLabel`.
pub fn simple_node_label() -> Labels {
    labels(&[("color", "blue"), ("speed", "fast")])
}

/// `simpleNodeLabel2`.
pub fn simple_node_label2() -> Labels {
    labels(&[("color", "red"), ("speed", "fast")])
}

pub fn taint(key: &str, value: &str, effect: &str) -> Taint {
    Taint { key: key.into(), value: Some(value.into()).filter(|v: &String| !v.is_empty()), effect: effect.into(), ..Default::default() }
}

/// `newOnDeleteStrategy`.
pub fn on_delete() -> DaemonSetUpdateStrategy {
    DaemonSetUpdateStrategy { type_: Some("OnDelete".into()), rolling_update: None }
}

/// A RollingUpdate strategy; `newRollingUpdateStrategy` is `rolling_update(Some(1), None)`.
pub fn rolling_update(max_unavailable: Option<IntOrString>, max_surge: Option<IntOrString>) -> DaemonSetUpdateStrategy {
    DaemonSetUpdateStrategy {
        type_: Some("RollingUpdate".into()),
        rolling_update: Some(RollingUpdateDaemonSet { max_unavailable, max_surge }),
    }
}

pub fn int(value: i32) -> Option<IntOrString> {
    Some(IntOrString::Int(value))
}

pub fn percent(value: &str) -> Option<IntOrString> {
    Some(IntOrString::String(value.into()))
}

/// `updateStrategies()`: tests marked "both strategies" run once with each.
pub fn update_strategies() -> Vec<DaemonSetUpdateStrategy> {
    vec![on_delete(), rolling_update(int(1), None)]
}

/// `newDaemonSet(name)`: namespace default, revisionHistoryLimit 2, OnDelete, the
/// simple labels, one container `foo/bar`, dnsPolicy Default. (Upstream's container
/// has no name; the API server requires one, so it is `foo` here.)
pub fn new_daemon_set(name: &str) -> DaemonSet {
    DaemonSet {
        metadata: ObjectMeta { name: Some(name.into()), namespace: Some("default".into()), ..Default::default() },
        spec: Some(DaemonSetSpec {
            revision_history_limit: Some(2),
            update_strategy: Some(on_delete()),
            selector: LabelSelector { match_labels: Some(simple_daemon_set_label()), ..Default::default() },
            template: PodTemplateSpec {
                metadata: Some(ObjectMeta { labels: Some(simple_daemon_set_label()), ..Default::default() }),
                spec: Some(PodSpec {
                    containers: vec![Container {
                        name: "foo".into(),
                        image: Some("foo/bar".into()),
                        image_pull_policy: Some("IfNotPresent".into()),
                        ..Default::default()
                    }],
                    dns_policy: Some("Default".into()),
                    ..Default::default()
                }),
            },
            ..Default::default()
        }),
        status: None,
    }
}

pub fn template_spec(ds: &mut DaemonSet) -> &mut PodSpec {
    let spec = ds.spec.get_or_insert_with(Default::default);
    spec.template.spec.get_or_insert_with(Default::default)
}

/// `newDaemonSet(name)` with the strategy under test: most upstream tests run once
/// for each of `updateStrategies()`.
pub fn daemon_set_with_strategy(name: &str, strategy: DaemonSetUpdateStrategy) -> DaemonSet {
    let mut ds = new_daemon_set(name);
    set_strategy(&mut ds, strategy);
    ds
}

pub fn set_strategy(ds: &mut DaemonSet, strategy: DaemonSetUpdateStrategy) {
    ds.spec.get_or_insert_with(Default::default).update_strategy = Some(strategy);
}

pub fn set_image(ds: &mut DaemonSet, image: &str) {
    if let Some(container) = template_spec(ds).containers.first_mut() {
        container.image = Some(image.into());
    }
}

pub fn resources(pairs: &[(&str, &str)]) -> BTreeMap<String, Quantity> {
    pairs.iter().map(|(k, v)| (k.to_string(), Quantity(v.to_string()))).collect()
}

/// `newNode(name, labels)`: Ready=True, allocatable pods=100, no taints.
pub fn new_node(name: &str, node_labels: Option<Labels>) -> Node {
    Node {
        metadata: ObjectMeta { name: Some(name.into()), labels: node_labels, ..Default::default() },
        spec: Some(NodeSpec::default()),
        status: Some(NodeStatus {
            conditions: Some(vec![NodeCondition { type_: "Ready".into(), status: "True".into(), ..Default::default() }]),
            allocatable: Some(resources(&[("pods", "100")])),
            ..Default::default()
        }),
    }
}

pub fn with_taints(mut node: Node, taints: Vec<Taint>) -> Node {
    node.spec.get_or_insert_with(Default::default).taints = Some(taints);
    node
}

pub fn with_condition(mut node: Node, type_: &str, status: &str) -> Node {
    let conditions = node.status.get_or_insert_with(Default::default).conditions.get_or_insert_with(Vec::new);
    conditions.retain(|c| c.type_ != type_);
    conditions.push(NodeCondition { type_: type_.into(), status: status.into(), ..Default::default() });
    node
}

/// What one sync did, as `validateSyncDaemonSets` counts it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SyncCounts {
    /// Pods the controller created (each checked to carry a controller ownerRef
    /// apps/v1 DaemonSet, as upstream checks `ControllerRefs`).
    pub creates: usize,
    /// Pods the controller deleted: given a deletionTimestamp, or removed outright.
    pub deletes: usize,
    /// Events other than SuccessfulCreate / SuccessfulDelete. Upstream's fake pod control
    /// records none of those, so its event count is the controller's own events.
    pub events: usize,
    pub created: Vec<String>,
    pub deleted: Vec<String>,
    /// Every event reason recorded in this sync, with its count.
    pub reasons: BTreeMap<String, u32>,
    pub outcome: SyncOutcome,
}

impl SyncCounts {
    /// `(creates, deletes)`, the "(c,d)" notation of update_test.go.
    pub fn pair(&self) -> (usize, usize) {
        (self.creates, self.deletes)
    }
}

/// One test cluster: the API store and one controller (with its failed-pods backoff).
pub struct Cluster {
    pub api: Api,
    pub controller: DaemonSetController,
    next_pod: usize,
}

impl Default for Cluster {
    fn default() -> Self {
        Cluster::new()
    }
}

impl Cluster {
    pub fn new() -> Self {
        let mut api = Api::new("upstream-unit-tests");
        api.set_now(1_000 * clock::SECOND);
        // Upstream's tests record through a FakeRecorder: no spam filter drops an event.
        api.record_every_event();
        Cluster { api, controller: DaemonSetController::default(), next_pod: 0 }
    }

    pub fn add_node(&mut self, node: Node) {
        let name = node.metadata.name.clone().unwrap_or_default();
        self.api.state.nodes.insert(name, node.into());
    }

    /// `addNodes(store, start, n, labels)`: `node-<start>` … `node-<start+n-1>`.
    pub fn add_nodes(&mut self, start: usize, n: usize, node_labels: Option<Labels>) {
        for i in start..start + n {
            self.add_node(new_node(&format!("node-{i}"), node_labels.clone()));
        }
    }

    /// Creates the DaemonSet through the API server (defaults, uid, generation 1,
    /// template generation 1) and returns the stored object.
    pub fn create_ds(&mut self, ds: DaemonSet) -> DaemonSet {
        let name = ds.metadata.name.clone().unwrap_or_default();
        if let Err(error) = self.api.create_daemonset(ds) {
            panic!("creating DaemonSet {name}: {error}");
        }
        self.api.take_changes();
        self.ds(&name)
    }

    /// A user's update of the DaemonSet (generation and template generation follow).
    pub fn update_ds(&mut self, ds: DaemonSet) -> DaemonSet {
        let name = ds.metadata.name.clone().unwrap_or_default();
        if let Err(error) = self.api.update_daemonset(ds) {
            panic!("updating DaemonSet {name}: {error}");
        }
        self.api.take_changes();
        self.ds(&name)
    }

    /// Upstream's `dsStore.Update(ds)` of an object no API server would accept (a 0/0
    /// rolling update, an empty selector): straight into the store. A template change
    /// bumps the template-generation annotation as the registry would.
    pub fn store_ds(&mut self, mut ds: DaemonSet) -> DaemonSet {
        let name = ds.metadata.name.clone().unwrap_or_default();
        let ds_key = format!("default/{name}");
        if let Some(old) = self.api.state.daemonsets.get(&ds_key) {
            let old_template = old.spec.as_ref().map(|s| s.template.clone());
            if old_template != ds.spec.as_ref().map(|s| s.template.clone()) {
                let generation = dsplay_engine::controller::daemonset::util::template_generation(old).unwrap_or(1) + 1;
                ds.metadata.annotations.get_or_insert_with(Default::default).insert(
                    dsplay_engine::api::TEMPLATE_GENERATION_ANNOTATION.into(),
                    generation.to_string(),
                );
                ds.metadata.generation = Some(old.metadata.generation.unwrap_or(1) + 1);
            }
        }
        if ds.metadata.uid.is_none() {
            ds.metadata.uid = Some(format!("uid-{name}"));
        }
        self.api.state.daemonsets.insert(ds_key, ds.into());
        self.ds(&name)
    }

    pub fn ds(&self, name: &str) -> DaemonSet {
        match self.api.state.daemonsets.get(&format!("default/{name}")) {
            Some(ds) => DaemonSet::clone(ds),
            None => panic!("no DaemonSet default/{name}"),
        }
    }

    /// `controller.ComputeHash(&ds.Spec.Template, ds.Status.CollisionCount)`.
    pub fn hash(&self, ds: &DaemonSet) -> String {
        let template = ds.spec.as_ref().map(|s| s.template.clone()).unwrap_or_default();
        compute_hash(&template, ds.status.as_ref().and_then(|s| s.collision_count))
    }

    /// `newPod(prefix, node, labels, ds)`: a pod bound to `node`; with a DaemonSet, its
    /// controller ownerRef, its template spec and its current hash label. No status, so
    /// not Ready. Created "now".
    pub fn new_pod(&mut self, prefix: &str, node: &str, pod_labels: Labels, ds: Option<&DaemonSet>) -> Pod {
        self.next_pod += 1;
        let mut pod_labels = pod_labels;
        let mut spec = PodSpec {
            containers: vec![Container { name: "foo".into(), image: Some("foo/bar".into()), ..Default::default() }],
            ..Default::default()
        };
        let mut owners = None;
        if let Some(ds) = ds {
            pod_labels.insert("controller-revision-hash".into(), self.hash(ds));
            spec = ds.spec.as_ref().and_then(|s| s.template.spec.clone()).unwrap_or_default();
            owners = Some(vec![OwnerReference {
                api_version: "apps/v1".into(),
                kind: "DaemonSet".into(),
                name: ds.metadata.name.clone().unwrap_or_default(),
                uid: ds.metadata.uid.clone().unwrap_or_default(),
                controller: Some(true),
                block_owner_deletion: Some(true),
            }]);
        }
        if !node.is_empty() {
            spec.node_name = Some(node.into());
        }
        Pod {
            metadata: ObjectMeta {
                name: Some(format!("{prefix}{:05}", self.next_pod)),
                namespace: Some("default".into()),
                labels: Some(pod_labels),
                owner_references: owners,
                creation_timestamp: Some(clock::timestamp(self.api.now())),
                ..Default::default()
            },
            spec: Some(spec),
            status: None,
        }
    }

    pub fn put_pod(&mut self, pod: Pod) -> String {
        let pod_key = format!(
            "{}/{}",
            pod.metadata.namespace.as_deref().unwrap_or("default"),
            pod.metadata.name.as_deref().unwrap_or("")
        );
        self.api.state.pods.insert(pod_key.as_str().into(), pod.into());
        pod_key
    }

    /// `addPods(store, node, labels, ds, n)`.
    pub fn add_pods(&mut self, node: &str, pod_labels: Labels, ds: Option<&DaemonSet>, n: usize) -> Vec<String> {
        (0..n)
            .map(|_| {
                let pod = self.new_pod(&format!("{node}-"), node, pod_labels.clone(), ds);
                self.put_pod(pod)
            })
            .collect()
    }

    /// `addFailedPods`: the same pods, in phase Failed.
    pub fn add_failed_pods(&mut self, node: &str, pod_labels: Labels, ds: Option<&DaemonSet>, n: usize) -> Vec<String> {
        (0..n)
            .map(|_| {
                let mut pod = self.new_pod(&format!("{node}-"), node, pod_labels.clone(), ds);
                pod.status = Some(PodStatus { phase: Some("Failed".into()), ..Default::default() });
                self.put_pod(pod)
            })
            .collect()
    }

    /// `markPodsReady`: Ready=True on every pod, transition time now.
    pub fn mark_pods_ready(&mut self) {
        let keys: Vec<String> = self.api.state.pods.keys().map(|k| k.to_string()).collect();
        for pod_key in keys {
            self.set_ready(&pod_key, true);
        }
    }

    /// Sets the pod's Ready condition (lastTransitionTime now, only when it changes).
    pub fn set_ready(&mut self, pod_key: &str, ready: bool) {
        let now = clock::timestamp(self.api.now());
        let Some(pod) = self.api.state.pods.get_mut(pod_key).map(dsplay_engine::state::Stored::make_mut) else { panic!("no pod {pod_key}") };
        let conditions = pod.status.get_or_insert_with(Default::default).conditions.get_or_insert_with(Vec::new);
        let status = if ready { "True" } else { "False" };
        if let Some(existing) = conditions.iter_mut().find(|c| c.type_ == "Ready") {
            if existing.status != status {
                existing.status = status.into();
                existing.last_transition_time = Some(now);
            }
            return;
        }
        conditions.push(PodCondition {
            type_: "Ready".into(),
            status: status.into(),
            last_transition_time: Some(now),
            ..Default::default()
        });
    }

    /// Pods of the DaemonSet's namespace owned by it, with their keys.
    pub fn daemon_pods(&self, ds_name: &str) -> Vec<(String, Pod)> {
        let uid = self.ds(ds_name).metadata.uid;
        self.api
            .state
            .pods
            .iter()
            .filter(|(_, p)| {
                p.metadata.owner_references.iter().flatten().any(|o| o.controller == Some(true) && Some(&o.uid) == uid.as_ref())
            })
            .map(|(k, p)| (k.to_string(), (**p).clone()))
            .collect()
    }

    pub fn ready_pods(&self) -> usize {
        self.api
            .state
            .pods
            .values()
            .filter(|p| {
                p.status.as_ref().and_then(|s| s.conditions.as_ref()).is_some_and(|c| {
                    c.iter().any(|c| c.type_ == "Ready" && c.status == "True")
                })
            })
            .count()
    }

    fn event_totals(&self) -> BTreeMap<String, u32> {
        let mut totals = BTreeMap::new();
        for event in self.api.state.events.iter() {
            *totals.entry(event.reason.clone()).or_insert(0) += event.count;
        }
        totals
    }

    /// One `syncHandler("default/<name>")`, counted. Pods the controller deleted
    /// gracefully then leave the store at once, as upstream's fakePodControl removes
    /// them (a kubelet that finishes termination immediately); pods the test itself
    /// marked as terminating stay.
    pub fn sync(&mut self, name: &str) -> SyncCounts {
        self.api.take_changes();
        let before = self.event_totals();
        let outcome = self.controller.sync(&mut self.api, &format!("default/{name}"));
        let mut counts = SyncCounts { outcome, ..Default::default() };
        for change in self.api.take_changes() {
            match change {
                Change::PodAdded(pod_key) => {
                    let pod = self.api.state.pods.get(pod_key.as_str());
                    let owner = pod.and_then(|p| p.metadata.owner_references.as_ref()).and_then(|o| o.first());
                    let valid = owner.is_some_and(|o| {
                        o.api_version == "apps/v1" && o.kind == "DaemonSet" && o.controller == Some(true)
                    });
                    assert!(valid, "created pod {pod_key} lacks a controller ownerRef apps/v1 DaemonSet: {owner:?}");
                    counts.creates += 1;
                    counts.created.push(pod_key);
                }
                Change::PodUpdated { key: pod_key, old } => {
                    let now_deleting = self.api.state.pods.get(pod_key.as_str()).is_some_and(|p| p.metadata.deletion_timestamp.is_some());
                    // Several updates of one pod in a sync (adoption, then deletion) are
                    // compared with the pod as it is now: count the pod once.
                    if now_deleting && old.metadata.deletion_timestamp.is_none() && !counts.deleted.contains(&pod_key) {
                        counts.deletes += 1;
                        counts.deleted.push(pod_key);
                    }
                }
                // Removed outright (unbound or terminal): a delete, unless it was
                // already counted when it got its deletionTimestamp.
                Change::PodDeleted(pod) if pod.metadata.deletion_timestamp.is_none() => {
                    counts.deletes += 1;
                    counts.deleted.push(format!(
                        "{}/{}",
                        pod.metadata.namespace.as_deref().unwrap_or("default"),
                        pod.metadata.name.as_deref().unwrap_or("")
                    ));
                }
                _ => {}
            }
        }
        for pod_key in &counts.deleted {
            self.api.remove_pod(pod_key);
        }
        self.api.take_changes();
        let after = self.event_totals();
        for (reason, total) in after {
            let delta = total - before.get(&reason).copied().unwrap_or(0);
            if delta > 0 {
                counts.reasons.insert(reason, delta);
            }
        }
        counts.events = counts
            .reasons
            .iter()
            .filter(|(reason, _)| reason.as_str() != "SuccessfulCreate" && reason.as_str() != "SuccessfulDelete")
            .map(|(_, n)| *n as usize)
            .sum();
        assert_eq!(
            counts.reasons.get("SuccessfulCreate").copied().unwrap_or(0) as usize,
            counts.creates,
            "one SuccessfulCreate event per created pod"
        );
        counts
    }

    /// `expectSyncDaemonSets(t, manager, ds, podControl, creates, deletes, events)`.
    #[track_caller]
    pub fn expect_sync(&mut self, name: &str, creates: usize, deletes: usize, events: usize) -> SyncCounts {
        let counts = self.sync(name);
        assert_eq!(
            (counts.creates, counts.deletes, counts.events),
            (creates, deletes, events),
            "(creates, deletes, events) of one sync; reasons {:?}",
            counts.reasons
        );
        counts
    }

    /// Syncs until a sync writes nothing, at most `limit` times; the summed counts.
    pub fn sync_until_quiet(&mut self, name: &str, limit: usize) -> (usize, usize) {
        let (mut creates, mut deletes) = (0, 0);
        for _ in 0..limit {
            let counts = self.sync(name);
            if counts.pair() == (0, 0) {
                return (creates, deletes);
            }
            creates += counts.creates;
            deletes += counts.deletes;
        }
        panic!("still writing after {limit} syncs");
    }

    pub fn status(&self, name: &str) -> k8s_openapi::api::apps::v1::DaemonSetStatus {
        self.ds(name).status.unwrap_or_default()
    }

    pub fn advance(&mut self, ms: u64) {
        let now = self.api.now();
        self.api.set_now(now + ms);
    }
}

/// The node a daemon pod is for: `spec.nodeName`, else its matchFields target.
pub fn node_of(pod: &Pod) -> Option<String> {
    dsplay_engine::controller::daemonset::target_node_name(pod).map(str::to_string)
}
