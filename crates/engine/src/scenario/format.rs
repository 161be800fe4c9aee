//! The typed scenario: what a parsed scenario file holds (SCENARIO-FORMAT.md, version 1).

use super::steps::{Step, StepAction};
use super::task::Task;
use crate::kubectl::command::Command;
use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{Node, Pod, Taint};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use std::collections::BTreeMap;

/// A whole scenario: the Scenario document and the manifests beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub name: String,
    /// Markdown, shown beside the cluster.
    pub description: String,
    pub node_pools: Vec<NodePool>,
    pub timing: Timing,
    pub steps: Vec<Step>,
    /// In file order; those with `apply_later` are not created at time 0.
    pub manifests: Vec<Manifest>,
    /// `spec.task`: what makes the scenario an exercise.
    pub task: Option<Task>,
}

impl Scenario {
    /// The document `kubectl apply -f <name>` applies: the `dsplay/apply: later` document
    /// with that name if there is one (a second version of an object), else the one created
    /// at time 0 (applying it again changes nothing).
    pub fn manifest_to_apply(&self, name: &str) -> Option<&Manifest> {
        let named = || self.manifests.iter().filter(move |m| m.name == name);
        named().find(|m| m.apply_later).or_else(|| named().next())
    }

    /// The nodes of every pool, pool by pool.
    pub fn pool_nodes(&self) -> Vec<Node> {
        self.node_pools.iter().flat_map(NodePool::nodes).collect()
    }

    /// Every node the scenario makes: its pools, its Node documents (now or applied
    /// later) and its `node add` steps. The playground runs at most [`super::MAX_NODES`].
    pub fn node_count(&self) -> u64 {
        let pooled: u64 = self.node_pools.iter().map(|pool| u64::from(pool.count)).sum();
        let documents = self.manifests.iter().filter(|m| matches!(m.object, ManifestObject::Node(_))).count();
        let added = self.steps.iter().filter(|s| matches!(s.action, StepAction::Command(Command::NodeAdd { .. }))).count();
        pooled + documents as u64 + added as u64
    }

    /// The pool named `name`.
    pub fn pool(&self, name: &str) -> Option<&NodePool> {
        self.node_pools.iter().find(|p| p.name == name)
    }
}

/// Durations of the simulated world, in milliseconds (the file gives seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Bind -> Running (image pull and container start).
    pub pod_startup_ms: u64,
    /// Running -> Ready for a pod without a readinessProbe.
    pub pod_ready_ms: u64,
    /// Kubelet silent -> node Ready=Unknown and the unreachable taints.
    pub node_heartbeat_grace_ms: u64,
}

impl Default for Timing {
    fn default() -> Self {
        Self { pod_startup_ms: 2_000, pod_ready_ms: 0, node_heartbeat_grace_ms: 50_000 }
    }
}

/// `worker` (default) or `control-plane`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NodeRole {
    #[default]
    Worker,
    ControlPlane,
}

/// Shorthand for `count` alike nodes, named `<name>-01`, `<name>-02`, ...
#[derive(Clone, Debug, PartialEq)]
pub struct NodePool {
    pub name: String,
    pub count: u32,
    pub role: NodeRole,
    pub labels: BTreeMap<String, String>,
    pub taints: Vec<Taint>,
    pub unschedulable: bool,
    /// The file's values over the defaults (cpu 4, memory 8Gi, pods 110).
    pub allocatable: BTreeMap<String, Quantity>,
}

/// One Kubernetes manifest of the file.
#[derive(Clone, Debug, PartialEq)]
pub struct Manifest {
    /// 0-based document index in the file.
    pub document: usize,
    /// 1-based line where the document starts.
    pub line: usize,
    /// `metadata.name` (empty when missing: the API server rejects it on create).
    pub name: String,
    /// Annotation `dsplay/apply: later`: created by a `kubectl apply -f <name>` step, not at time 0.
    pub apply_later: bool,
    pub object: ManifestObject,
}

/// The kinds a scenario may hold, decoded strictly but not validated: the engine's API
/// server validates on write, so an invalid manifest fails at the step that applies it.
#[derive(Clone, Debug, PartialEq)]
pub enum ManifestObject {
    DaemonSet(DaemonSet),
    Node(Node),
    Pod(Pod),
    /// A `dsplay/apply: later` document that does not decode: the API server's
    /// BadRequest answer, given at the step that applies it, as kubectl would.
    Undecodable { kind: String, message: String },
}

impl ManifestObject {
    pub fn kind(&self) -> &'static str {
        match self {
            ManifestObject::DaemonSet(_) => "DaemonSet",
            ManifestObject::Node(_) => "Node",
            ManifestObject::Pod(_) => "Pod",
            ManifestObject::Undecodable { .. } => "Undecodable",
        }
    }
}
