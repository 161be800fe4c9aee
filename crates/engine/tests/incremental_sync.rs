//! The DaemonSet controller keeps, per DaemonSet, an index (pods by node, a summary
//! per node, running totals) that each sync brings up to date from what changed
//! since the previous one. This checks that it decides exactly as an index built
//! from the whole cluster would: random clusters go through random steps (nodes
//! joining, leaving, tainted and relabelled; pods bound, Ready, failed, succeeded,
//! deleted, orphaned, released, duplicated; template and strategy changes; the clock
//! moving), and at every sync the plan of manage, the plan of rollingUpdate and the
//! status are compared with those of a copy of the controller whose indexes were
//! cleared just before (same failed-pods backoff), run on a copy of the store.

mod common;

use common::*;
use k8s_openapi::api::core::v1::{Node, PodCondition, PodStatus};
use proptest::prelude::*;

use dsplay_engine::api::Api;
use dsplay_engine::controller::daemonset::{explain_rollout, target_node_name, NodeRollout, RolloutExplanation, SyncTrace};
use dsplay_engine::clock;

const DS_KEY: &str = "default/ds";

#[derive(Clone, Debug)]
enum Step {
    Sync,
    Advance(u64),
    AddNode(bool),
    Taint(usize, Option<&'static str>),
    Label(usize, bool),
    DeleteNode(usize),
    Bind(usize),
    Ready(usize, bool),
    Phase(usize, &'static str),
    Delete(usize),
    Remove(usize),
    Orphan(usize, bool),
    Release(usize),
    SetImage(u8),
    Strategy(u8, i32),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        8 => Just(Step::Sync),
        3 => (0u64..40).prop_map(Step::Advance),
        1 => any::<bool>().prop_map(Step::AddNode),
        1 => (any::<usize>(), prop_oneof![Just(None), Just(Some("NoSchedule")), Just(Some("NoExecute"))])
            .prop_map(|(n, t)| Step::Taint(n, t)),
        1 => (any::<usize>(), any::<bool>()).prop_map(|(n, on)| Step::Label(n, on)),
        1 => any::<usize>().prop_map(Step::DeleteNode),
        4 => any::<usize>().prop_map(Step::Bind),
        4 => (any::<usize>(), prop::bool::weighted(0.8)).prop_map(|(p, r)| Step::Ready(p, r)),
        1 => (any::<usize>(), prop_oneof![Just("Failed"), Just("Succeeded"), Just("Running")]).prop_map(|(p, s)| Step::Phase(p, s)),
        2 => any::<usize>().prop_map(Step::Delete),
        2 => any::<usize>().prop_map(Step::Remove),
        1 => (any::<usize>(), any::<bool>()).prop_map(|(n, m)| Step::Orphan(n, m)),
        1 => any::<usize>().prop_map(Step::Release),
        1 => (0u8..3).prop_map(Step::SetImage),
        1 => (0u8..5, prop_oneof![Just(0), Just(10)]).prop_map(|(s, m)| Step::Strategy(s, m)),
    ]
}

fn pick<T: Clone>(items: &[T], i: usize) -> Option<T> {
    (!items.is_empty()).then(|| items[i % items.len()].clone())
}

struct World {
    cluster: Cluster,
    next_node: usize,
    orphans: usize,
}

impl World {
    fn new(nodes: usize, node_selector: bool) -> World {
        let mut cluster = Cluster::new();
        for i in 0..nodes {
            let node = new_node(&format!("node-{i}"), Some(labels(&[("pool", if i % 3 == 0 { "b" } else { "a" })])));
            cluster.api.create_node(node).ok();
        }
        let mut ds = new_daemon_set("ds");
        set_strategy(&mut ds, rolling_update(int(1), None));
        if node_selector {
            template_spec(&mut ds).node_selector = Some(labels(&[("pool", "a")]));
        }
        cluster.create_ds(ds);
        World { cluster, next_node: nodes, orphans: 0 }
    }

    fn node_names(&self) -> Vec<String> {
        self.cluster.api.state.nodes.keys().cloned().collect()
    }

    fn pod_keys(&self) -> Vec<String> {
        self.cluster.api.state.pods.keys().map(|k| k.to_string()).collect()
    }

    fn edit_pod(&mut self, i: usize, edit: impl FnOnce(&mut k8s_openapi::api::core::v1::Pod)) {
        let Some(pod_key) = pick(&self.pod_keys(), i) else { return };
        let Some(mut pod) = self.cluster.api.state.pods.get(pod_key.as_str()).map(|p| (**p).clone()) else { return };
        edit(&mut pod);
        self.cluster.api.update_pod(pod);
    }

    fn apply(&mut self, step: &Step) {
        let now = self.cluster.api.now();
        match step.clone() {
            Step::Sync => {}
            Step::Advance(seconds) => self.cluster.advance(seconds * clock::SECOND),
            Step::AddNode(in_pool) => {
                let name = format!("node-{}", self.next_node);
                self.next_node += 1;
                let node = new_node(&name, Some(labels(&[("pool", if in_pool { "a" } else { "b" })])));
                self.cluster.api.create_node(node).ok();
            }
            Step::Taint(i, effect) => {
                let Some(name) = pick(&self.node_names(), i) else { return };
                let Some(node) = self.cluster.api.state.nodes.get(&name).map(|o| Node::clone(o)) else { return };
                let taints = effect.map(|e| vec![taint("dedicated", "x", e)]).unwrap_or_default();
                self.cluster.api.update_node(with_taints(node, taints)).ok();
            }
            Step::Label(i, in_pool) => {
                let Some(name) = pick(&self.node_names(), i) else { return };
                let Some(mut node) = self.cluster.api.state.nodes.get(&name).map(|o| Node::clone(o)) else { return };
                node.metadata.labels = Some(labels(&[("pool", if in_pool { "a" } else { "b" })]));
                self.cluster.api.update_node(node).ok();
            }
            Step::DeleteNode(i) => {
                if let Some(name) = pick(&self.node_names(), i) {
                    self.cluster.api.delete_node(&name).ok();
                }
            }
            Step::Bind(i) => self.edit_pod(i, |pod| {
                let target = node_of(pod);
                if let Some(spec) = pod.spec.as_mut() {
                    spec.node_name = spec.node_name.clone().or(target);
                }
            }),
            Step::Ready(i, ready) => self.edit_pod(i, |pod| {
                let status = pod.status.get_or_insert_with(PodStatus::default);
                let conditions = status.conditions.get_or_insert_with(Vec::new);
                conditions.retain(|c| c.type_ != "Ready");
                conditions.push(PodCondition {
                    type_: "Ready".into(),
                    status: if ready { "True" } else { "False" }.into(),
                    last_transition_time: Some(clock::timestamp(now)),
                    ..Default::default()
                });
            }),
            Step::Phase(i, phase) => self.edit_pod(i, |pod| {
                pod.status.get_or_insert_with(PodStatus::default).phase = Some(phase.into());
            }),
            Step::Delete(i) => {
                if let Some(pod_key) = pick(&self.pod_keys(), i) {
                    self.cluster.api.delete_pod(&pod_key, None).ok();
                }
            }
            Step::Remove(i) => {
                if let Some(pod_key) = pick(&self.pod_keys(), i) {
                    self.cluster.api.remove_pod(&pod_key);
                }
            }
            Step::Orphan(i, matching) => {
                let Some(node) = pick(&self.node_names(), i) else { return };
                self.orphans += 1;
                let pod_labels = if matching { simple_daemon_set_label() } else { labels(&[("app", "other")]) };
                let mut pod = self.cluster.new_pod(&format!("orphan-{}-", self.orphans), &node, pod_labels, None);
                pod.metadata.name = None;
                pod.metadata.generate_name = Some(format!("orphan-{}-", self.orphans));
                self.cluster.api.create_pod(pod).ok();
            }
            Step::Release(i) => self.edit_pod(i, |pod| pod.metadata.labels = Some(labels(&[("app", "released")]))),
            Step::SetImage(image) => {
                let mut ds = self.cluster.ds("ds");
                set_image(&mut ds, &format!("foo/bar:{image}"));
                self.cluster.api.update_daemonset(ds).ok();
            }
            Step::Strategy(shape, min_ready) => {
                let mut ds = self.cluster.ds("ds");
                let strategy = match shape {
                    0 => rolling_update(int(1), int(0)),
                    1 => rolling_update(percent("30%"), int(0)),
                    2 => rolling_update(int(0), int(1)),
                    3 => rolling_update(int(0), percent("50%")),
                    _ => on_delete(),
                };
                set_strategy(&mut ds, strategy);
                ds.spec.get_or_insert_with(Default::default).min_ready_seconds = Some(min_ready);
                self.cluster.api.update_daemonset(ds).ok();
            }
        }
        self.cluster.api.take_changes();
    }

    /// One sync of the incremental controller, checked against a rebuilt one.
    fn checked_sync(&mut self) -> Result<(), TestCaseError> {
        let mut reference = self.cluster.controller.clone();
        reference.clear_caches();
        let mut reference_api = Api::new("reference");
        reference_api.state = self.cluster.api.state.clone();
        reference_api.set_now(self.cluster.api.now());
        let before = self.cluster.api.state.clone();
        let explained = explain_rollout(&before, DS_KEY, self.cluster.api.now());
        let expected = reference.sync_traced(&mut reference_api, DS_KEY);
        let actual = self.cluster.controller.sync_traced(&mut self.cluster.api, DS_KEY);
        self.cluster.api.take_changes();
        let claims_changed = owners(&before) != owners(&self.cluster.api.state);
        if let (Some(explained), Some(trace), false) = (&explained, &actual.1, claims_changed) {
            explanation_agrees(explained, trace, &before)?;
        }
        prop_assert_eq!(expected, actual);
        Ok(())
    }
}

/// Every pod's controller uid: a sync that adopts or releases pods decides on other
/// pods than the state before it had.
fn owners(state: &dsplay_engine::state::ClusterState) -> Vec<(String, Option<String>)> {
    state
        .pods
        .iter()
        .map(|(key, pod)| (key.to_string(), dsplay_engine::api::controller_of(&pod.metadata).map(|o| o.uid.clone())))
        .collect()
}

/// The explanation of the state before a sync says what that sync's rollingUpdate did:
/// the nodes it calls replaced are those whose old pod was deleted or that got a surge
/// pod, and a node it calls waiting got neither.
fn explanation_agrees(
    explained: &RolloutExplanation,
    trace: &SyncTrace,
    before: &dsplay_engine::state::ClusterState,
) -> Result<(), TestCaseError> {
    let Some(plan) = &trace.rolling_update else { return Ok(()) };
    let node_of = |pod_key: &String| before.pods.get(pod_key.as_str()).and_then(|p| target_node_name(p).map(str::to_owned));
    let mut acted: std::collections::BTreeSet<String> = plan.deletes.iter().filter_map(node_of).collect();
    acted.extend(plan.creates.iter().cloned());
    for (node, verdict) in &explained.nodes {
        let replaced = matches!(verdict, NodeRollout::Replacing | NodeRollout::ReplacedRegardless | NodeRollout::OldPodGoes);
        prop_assert_eq!(replaced, acted.contains(node), "node {} is {:?}; the sync's rollingUpdate: {:?}", node, verdict, plan);
    }
    for node in &acted {
        prop_assert!(explained.nodes.contains_key(node), "the sync acted on {} that the explanation does not name", node);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn incremental_index_decides_as_a_rebuilt_one(
        nodes in 0usize..9,
        node_selector in any::<bool>(),
        steps in prop::collection::vec(step(), 1..80),
    ) {
        let mut world = World::new(nodes, node_selector);
        world.checked_sync()?;
        for step in &steps {
            world.apply(step);
            if matches!(step, Step::Sync) {
                world.checked_sync()?;
            }
        }
        world.checked_sync()?;
    }
}
