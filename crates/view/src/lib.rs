//! What the cluster pane shows of one frame, computed from the engine's
//! [`ClusterState`] alone: pools of node cards with their daemon pods. Pure, so it
//! is tested natively. (The `kubectl get ds -A` status line is the engine's printer.)
//!
//! A crate of its own, shared by the web app (which draws it with Yew) and the
//! command line, whose [`poster`]s draw the same view as a static SVG.

mod dense;
mod node;
mod pod;
pub mod node_actions;
pub mod node_pools;
pub mod poster;
pub mod rollout;
pub mod scrubber;
pub mod why;

use std::collections::BTreeMap;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use dsplay_engine::controller::daemonset::{is_daemon_pod, target_node_name};
use dsplay_engine::pod_readiness::is_terminal;
use dsplay_engine::state::{ClusterState, Stored};
use dsplay_model::k8s_openapi::api::core::v1::{Node, Pod};

pub use dense::DenseState;
pub use node::{pool_of, pool_of_node, NodeReadiness, NodeUsage, NodeView};
pub use pod::{is_failure_status, CurrentTemplates, PodPhase, PodView};

/// Above this many nodes the cluster is shown as a dense grid of squares, without
/// cards (or their capacity use).
/// The web app's first scenario, for the tests.
#[cfg(test)]
pub(crate) const EXAMPLE_SCENARIO: &str = include_str!("../../web/scenarios/getting-started.yaml");

pub const DENSE_THRESHOLD: usize = 200;

#[derive(Clone, Debug, PartialEq)]
pub struct PoolView {
    pub name: String,
    /// Shared with the previous frame's view where the node did not change, so its
    /// component compares the props by identity and is left alone.
    pub nodes: Vec<Rc<NodeView>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ClusterView {
    /// Pools in the order of their first node's name ([`ClusterView::in_pool_order`]
    /// puts the scenario's first).
    pub pools: Vec<PoolView>,
}

/// The node views of the last frame shown, with the stored versions they were built
/// from. Store objects compare by identity, so a node whose object and pods are the
/// versions of last frame keeps its view: a frame of a 5,000-node rollout builds,
/// clones and compares only the nodes that changed.
#[derive(Default)]
pub struct NodeViewCache {
    entries: FxHashMap<String, CachedNode>,
    /// The DaemonSets' current templates the views were built against: a template
    /// change turns pods old without touching them, so it renews every view.
    templates: CurrentTemplates,
}

struct CachedNode {
    node: Stored<Node>,
    /// Built as a card (with capacity use) or as a dense square.
    cards: bool,
    /// The pods the view was built from: the node's daemon pods, and for a card, every
    /// non-terminated pod bound to it.
    pods: Vec<Stored<Pod>>,
    view: Rc<NodeView>,
}

impl ClusterView {
    /// The pools in `order` (the scenario's, as its author wrote them), then any other
    /// (nodes of manifests, or of a pool the scenario no longer has) as they were.
    pub fn in_pool_order(mut self, order: &[String]) -> ClusterView {
        dsplay_model::sorting::sort_by_key(&mut self.pools, |pool| order.iter().position(|name| *name == pool.name).unwrap_or(order.len()));
        self
    }

    /// The view of `state`, each node drawn in the pool its name suggests.
    pub fn of(state: &ClusterState) -> ClusterView {
        ClusterView::of_cached(state, &BTreeMap::new(), &mut NodeViewCache::default())
    }

    /// The view of `state`, each node in its pool of `pools` ([`pool_of_node`]), reusing
    /// what `cache` holds of the previous frame, and then holding this frame's.
    pub fn of_cached(state: &ClusterState, pools: &BTreeMap<String, String>, cache: &mut NodeViewCache) -> ClusterView {
        // Cards show capacity use: every non-terminated pod bound to the node counts.
        let cards = state.nodes.len() <= DENSE_THRESHOLD;
        let templates = CurrentTemplates::of(state);
        if templates != cache.templates {
            cache.entries.clear();
        }
        let mut pods_of: FxHashMap<&str, Vec<Stored<Pod>>> = FxHashMap::default();
        for pod in state.pods.values() {
            let daemon_target = if is_daemon_pod(pod) { target_node_name(pod) } else { None };
            let bound = pod.spec.as_ref().and_then(|spec| spec.node_name.as_deref()).filter(|_| cards && !is_terminal(pod));
            for node in daemon_target.into_iter().chain(bound.filter(|node| Some(*node) != daemon_target)) {
                pods_of.entry(node).or_default().push(pod.clone());
            }
        }
        let mut entries = FxHashMap::with_capacity_and_hasher(state.nodes.len(), Default::default());
        let mut views: Vec<PoolView> = Vec::new();
        for node in state.nodes.values() {
            let name = node.metadata.name.as_deref().unwrap_or_default();
            let pods = pods_of.remove(name).unwrap_or_default();
            let (key, view) = match cache.entries.remove_entry(name) {
                Some((key, cached)) if cached.node == *node && cached.cards == cards && cached.pods == pods => (key, cached.view),
                _ => (name.to_string(), Rc::new(node_view(node, &pods, cards, &templates))),
            };
            entries.insert(key, CachedNode { node: node.clone(), cards, pods, view: view.clone() });
            // Nodes come in name order, so a pool's nodes mostly follow one another.
            let pool = pool_of_node(pools, name);
            let index = match views.last() {
                Some(last) if last.name == pool => Some(views.len() - 1),
                _ => views.iter().position(|p| p.name == pool),
            };
            match index {
                Some(index) => views[index].nodes.push(view),
                None => views.push(PoolView { name: pool.to_string(), nodes: vec![view] }),
            }
        }
        // The API lists names as text (node-100 before node-11); a pool reads in number
        // order. Checked first: names padded to the pool's width are already in order.
        for pool in &mut views {
            if !pool.nodes.is_sorted_by(|a, b| in_number_order(&a.name, &b.name).is_le()) {
                dsplay_model::sorting::sort_by(&mut pool.nodes, |a, b| in_number_order(&a.name, &b.name));
            }
        }
        cache.entries = entries;
        cache.templates = templates;
        ClusterView { pools: views }
    }
}

/// Names compared by their text before a trailing number, then by that number's value.
fn in_number_order(a: &str, b: &str) -> std::cmp::Ordering {
    fn split(name: &str) -> (&str, Option<u64>) {
        let head = name.trim_end_matches(|c: char| c.is_ascii_digit());
        (head, name[head.len()..].parse::<u64>().ok())
    }
    split(a).cmp(&split(b)).then_with(|| a.cmp(b))
}

/// A node's view from its object and the pods [`ClusterView::of_cached`] gathered for it.
fn node_view(node: &Node, pods: &[Stored<Pod>], cards: bool, templates: &CurrentTemplates) -> NodeView {
    let name = node.metadata.name.as_deref().unwrap_or_default();
    // Oldest first, so a surge pair reads old then new on every node.
    let oldest_first = |pods: Vec<&Pod>| -> Vec<PodView> {
        let mut pods = pods;
        dsplay_model::sorting::sort_by(&mut pods, |a, b| a.metadata.creation_timestamp.cmp(&b.metadata.creation_timestamp).then_with(|| a.metadata.name.cmp(&b.metadata.name)));
        pods.into_iter().map(|pod| PodView::of(pod, templates)).collect()
    };
    let daemon_pods = oldest_first(pods.iter().map(Stored::object).filter(|pod| is_daemon_pod(pod) && target_node_name(pod) == Some(name)).collect());
    let bound: Vec<&Pod> = match cards {
        true => pods
            .iter()
            .map(Stored::object)
            .filter(|pod| pod.spec.as_ref().and_then(|spec| spec.node_name.as_deref()) == Some(name) && !is_terminal(pod))
            .collect(),
        false => Vec::new(),
    };
    let usage = cards.then(|| NodeUsage::of(node, &bound));
    let other_pods = oldest_first(bound.into_iter().filter(|pod| !is_daemon_pod(pod)).collect());
    NodeView::of(node, daemon_pods, other_pods, usage)
}

#[cfg(test)]
mod tests {
    #[test]
    fn pools_follow_the_scenario_and_the_others_come_after() {
        let view = ClusterView::of(&state()).in_pool_order(&["node".to_owned()]);
        let pools: Vec<&str> = view.pools.iter().map(|pool| pool.name.as_str()).collect();
        assert_eq!(pools, ["node", "gpu-pool"]);
    }

    #[test]
    fn a_node_is_drawn_in_the_pool_it_was_shaped_from_not_the_one_its_name_suggests() {
        let pools = BTreeMap::from([("node-02".to_owned(), "gpu-pool".to_owned())]);
        let view = ClusterView::of_cached(&state(), &pools, &mut NodeViewCache::default());
        let members: Vec<(&str, Vec<&str>)> =
            view.pools.iter().map(|pool| (pool.name.as_str(), pool.nodes.iter().map(|n| n.name.as_str()).collect())).collect();
        assert_eq!(members, [("gpu-pool", vec!["gpu-pool-01", "node-02"]), ("node", vec!["node-01"])]);
    }

    #[test]
    fn a_pool_reads_in_number_order() {
        let mut names = vec!["node-100", "node-11", "node-99", "node-101", "node-09", "gpu-2"];
        names.sort_by(|a, b| in_number_order(a, b));
        assert_eq!(names, ["gpu-2", "node-09", "node-11", "node-99", "node-100", "node-101"]);
    }

    use super::*;
    use dsplay_model::k8s_openapi::api::apps::v1::{DaemonSet, DaemonSetSpec, DaemonSetStatus};
    use dsplay_model::k8s_openapi::api::core::v1::{Node, NodeCondition, NodeSpec, NodeStatus, Pod, PodCondition, PodSpec, PodStatus, PodTemplateSpec, Taint};
    use dsplay_model::k8s_openapi::apimachinery::pkg::apis::meta::v1::{ObjectMeta, OwnerReference};

    fn node(name: &str, ready: &str) -> Node {
        Node {
            metadata: ObjectMeta { name: Some(name.into()), ..Default::default() },
            spec: Some(NodeSpec::default()),
            status: Some(NodeStatus {
                conditions: Some(vec![NodeCondition { type_: "Ready".into(), status: ready.into(), ..Default::default() }]),
                ..Default::default()
            }),
        }
    }

    fn daemon_pod(name: &str, node: &str, phase: &str, ready: bool) -> Pod {
        Pod {
            metadata: ObjectMeta {
                name: Some(name.into()),
                namespace: Some("default".into()),
                labels: Some([("pod-template-generation".to_string(), "2".to_string())].into()),
                owner_references: Some(vec![OwnerReference {
                    api_version: "apps/v1".into(),
                    kind: "DaemonSet".into(),
                    name: "agent".into(),
                    uid: "uid-1".into(),
                    controller: Some(true),
                    ..Default::default()
                }]),
                ..Default::default()
            },
            spec: Some(PodSpec { node_name: Some(node.into()), ..Default::default() }),
            status: Some(PodStatus {
                phase: Some(phase.into()),
                conditions: Some(vec![PodCondition {
                    type_: "Ready".into(),
                    status: if ready { "True" } else { "False" }.into(),
                    ..Default::default()
                }]),
                ..Default::default()
            }),
        }
    }

    fn state() -> ClusterState {
        let mut state = ClusterState::default();
        for (name, ready) in [("node-01", "True"), ("node-02", "False"), ("gpu-pool-01", "Unknown")] {
            state.nodes.insert(name.to_string(), node(name, ready).into());
        }
        if let Some(node) = state.nodes.get_mut("node-02").map(dsplay_engine::state::Stored::make_mut) {
            if let Some(spec) = node.spec.as_mut() {
                spec.unschedulable = Some(true);
                spec.taints = Some(vec![Taint { key: "node.kubernetes.io/unschedulable".into(), effect: "NoSchedule".into(), ..Default::default() }]);
            }
        }
        state.pods.insert("default/agent-abcde".into(), daemon_pod("agent-abcde", "node-01", "Running", true).into());
        state.pods.insert("default/agent-fghij".into(), daemon_pod("agent-fghij", "gpu-pool-01", "Pending", false).into());
        let mut plain = daemon_pod("web-1", "node-01", "Running", true);
        plain.metadata.owner_references = None;
        state.pods.insert("default/web-1".into(), plain.into());
        state.daemonsets.insert(
            "default/agent".into(),
            DaemonSet {
                metadata: ObjectMeta { name: Some("agent".into()), namespace: Some("default".into()), ..Default::default() },
                spec: Some(DaemonSetSpec { template: PodTemplateSpec::default(), ..Default::default() }),
                status: Some(DaemonSetStatus {
                    desired_number_scheduled: 3,
                    current_number_scheduled: 2,
                    number_ready: 1,
                    updated_number_scheduled: Some(2),
                    ..Default::default()
                }),
            }
            .into(),
        );
        state
    }

    #[test]
    fn pool_is_the_name_before_the_node_number() {
        assert_eq!(pool_of("node-01"), "node");
        assert_eq!(pool_of("gpu-pool-12"), "gpu-pool");
        assert_eq!(pool_of("control-plane"), "control-plane");
        assert_eq!(pool_of("worker-"), "worker-");
        assert_eq!(pool_of("-01"), "-01");
    }

    #[test]
    fn nodes_are_grouped_by_pool_in_name_order() {
        let view = ClusterView::of(&state());
        let pools: Vec<(&str, Vec<&str>)> = view
            .pools
            .iter()
            .map(|pool| (pool.name.as_str(), pool.nodes.iter().map(|n| n.name.as_str()).collect()))
            .collect();
        assert_eq!(pools, vec![("gpu-pool", vec!["gpu-pool-01"]), ("node", vec!["node-01", "node-02"])]);
    }

    #[test]
    fn daemon_pods_sit_on_their_node_and_other_pods_apart() {
        let view = ClusterView::of(&state());
        let node_01 = &view.pools[1].nodes[0];
        assert_eq!(node_01.pods.len(), 1);
        let pod = &node_01.pods[0];
        assert_eq!((pod.phase, pod.ready, pod.revision.as_deref()), (PodPhase::Running, true, Some("2")));
        // The ordinary pod bound there is listed apart, as an other pod.
        let others: Vec<&str> = node_01.other_pods.iter().map(|pod| pod.name.as_str()).collect();
        assert_eq!(others, ["web-1"]);
        assert_eq!(node_01.other_pods[0].daemonset, None);
        assert_eq!(pod.daemonset.as_deref(), Some("agent"));
        let gpu = &view.pools[0].nodes[0];
        assert_eq!(gpu.readiness, NodeReadiness::Unknown);
        assert_eq!((gpu.pods[0].phase, gpu.pods[0].ready), (PodPhase::Pending, false));
    }

    #[test]
    fn cordoned_node_shows_its_taint() {
        let view = ClusterView::of(&state());
        let node_02 = &view.pools[1].nodes[1];
        assert!(node_02.unschedulable);
        assert_eq!(node_02.readiness, NodeReadiness::NotReady);
        assert_eq!(node_02.taints, vec!["node.kubernetes.io/unschedulable:NoSchedule".to_string()]);
        assert!(node_02.pods.is_empty());
    }

    #[test]
    fn cards_show_labels_but_the_kubelets_and_what_every_pod_requests() {
        use dsplay_model::k8s_openapi::api::core::v1::{Container, ResourceRequirements};
        use dsplay_model::k8s_openapi::apimachinery::pkg::api::resource::Quantity;
        let mut state = state();
        if let Some(node) = state.nodes.get_mut("node-01").map(dsplay_engine::state::Stored::make_mut) {
            node.metadata.labels = Some(
                [("kubernetes.io/hostname", "node-01"), ("kubernetes.io/os", "linux"), ("accelerator", "nvidia"), ("spot", "")]
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .into(),
            );
            let allocatable = [("cpu", "4"), ("memory", "8Gi"), ("pods", "110")].map(|(k, v)| (k.to_string(), Quantity(v.into())));
            node.status.get_or_insert_with(Default::default).allocatable = Some(allocatable.into());
        }
        let requests = |cpu: &str, memory: &str| Container {
            resources: Some(ResourceRequirements {
                requests: Some([("cpu".to_string(), Quantity(cpu.into())), ("memory".to_string(), Quantity(memory.into()))].into()),
                ..Default::default()
            }),
            ..Default::default()
        };
        // The daemon pod and the plain pod on node-01 both count.
        for (key, cpu, memory) in [("default/agent-abcde", "100m", "64Mi"), ("default/web-1", "500m", "1Gi")] {
            if let Some(spec) = state.pods.get_mut(key).map(dsplay_engine::state::Stored::make_mut).and_then(|p| p.spec.as_mut()) {
                spec.containers = vec![requests(cpu, memory)];
            }
        }
        let view = ClusterView::of(&state);
        let node_01 = &view.pools[1].nodes[0];
        assert_eq!(node_01.labels, ["accelerator=nvidia", "spot"]);
        let usage = node_01.usage.clone().unwrap_or_else(|| panic!("a card shows capacity use"));
        let rows: Vec<(&str, &str, Option<i64>)> =
            usage.resources.iter().map(|r| (r.resource.as_str(), r.requests.as_str(), r.requests_percent)).collect();
        assert_eq!(rows, [("cpu", "600m", Some(15)), ("memory", "1088Mi", Some(13))]);
        assert_eq!((usage.pods, usage.pods_allocatable.as_deref()), (2, Some("110")));
    }

    /// Frame after frame of a rollout, the cached view equals a fresh one, and a node
    /// nothing touched keeps the very same view.
    #[test]
    fn the_cache_reuses_unchanged_nodes_and_never_shows_a_stale_one() {
        let mut simulation = dsplay_engine::simulation::Simulation::load(crate::EXAMPLE_SCENARIO).expect("loads");
        simulation.run_steps();
        let mut cache = NodeViewCache::default();
        let mut previous: Option<ClusterView> = None;
        let mut reused = 0;
        for frame in simulation.frames() {
            let cached = ClusterView::of_cached(&frame.state, &BTreeMap::new(), &mut cache);
            assert_eq!(cached, ClusterView::of(&frame.state), "at {} ({})", frame.time_ms, frame.cause);
            if let Some(previous) = &previous {
                let nodes = |view: &ClusterView| view.pools.iter().flat_map(|pool| pool.nodes.clone()).collect::<Vec<_>>();
                reused += nodes(&cached).iter().zip(nodes(previous)).filter(|(a, b)| Rc::ptr_eq(a, b)).count();
            }
            previous = Some(cached);
        }
        assert!(reused > simulation.frames().len() * 3, "most nodes are untouched by most frames: {reused} reused");
    }
}
