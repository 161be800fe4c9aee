//! What the cluster holds at one instant: the API objects, as persistent maps so that
//! every frame of the timeline keeps its own snapshot for the price of what changed.

use std::sync::Arc;

use imbl::{OrdMap, Vector};
use k8s_openapi::api::apps::v1::{ControllerRevision, DaemonSet};
use k8s_openapi::api::core::v1::{Node, Pod};

/// Objects are keyed by `namespace/name` (nodes by name), so iteration order is stable.
/// Pods are held behind `Arc`: a write copies the touched leaf of the persistent map,
/// and copying sixteen reference counts instead of sixteen pods is what keeps a
/// thousands-of-frames rollout fast and small.
#[derive(Clone, Debug, Default)]
pub struct ClusterState {
    pub nodes: OrdMap<String, Node>,
    pub pods: OrdMap<String, Arc<Pod>>,
    pub daemonsets: OrdMap<String, DaemonSet>,
    pub revisions: OrdMap<String, ControllerRevision>,
    pub events: Vector<Event>,
}

/// An event as `kubectl describe` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Simulated time of the last occurrence, in milliseconds.
    pub time_ms: u64,
    pub first_time_ms: u64,
    /// `Normal` or `Warning`.
    pub event_type: String,
    pub reason: String,
    /// `Kind/namespace/name` of the object the event is about, e.g. `Pod/default/agent-x7k2p`.
    pub object: String,
    /// The component that reported it: `daemonset-controller`, `default-scheduler`, `kubelet`, ...
    pub source: String,
    pub message: String,
    pub count: u32,
}
