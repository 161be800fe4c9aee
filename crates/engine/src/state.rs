//! What the cluster holds at one instant: the API objects, as persistent maps so that
//! every frame of the timeline keeps its own snapshot for the price of what changed.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use imbl::{OrdMap, Vector};
use k8s_openapi::api::apps::v1::{ControllerRevision, DaemonSet};
use k8s_openapi::api::core::v1::{Node, Pod};

use crate::kubelet::NodeLease;

/// Objects are keyed by `namespace/name` (nodes by name), so iteration order is stable.
/// Every value is a [`Stored`] version: a write copies the touched leaf of the
/// persistent map, which is then a copy of reference counts rather than of objects.
#[derive(Clone, Debug, Default)]
pub struct ClusterState {
    pub nodes: OrdMap<String, Stored<Node>>,
    pub pods: OrdMap<ObjectKey, Stored<Pod>>,
    pub daemonsets: OrdMap<String, Stored<DaemonSet>>,
    pub revisions: OrdMap<String, Stored<ControllerRevision>>,
    pub events: Vector<Stored<Event>>,
    /// Each node's lease in `kube-node-lease`, by node name.
    pub leases: OrdMap<String, NodeLease>,
}

impl ClusterState {
    /// Whether `other` is this very snapshot (or one that changed nothing): the maps
    /// are shared, not compared.
    pub fn is_same_snapshot(&self, other: &ClusterState) -> bool {
        self.nodes.ptr_eq(&other.nodes)
            && self.pods.ptr_eq(&other.pods)
            && self.daemonsets.ptr_eq(&other.daemonsets)
            && self.revisions.ptr_eq(&other.revisions)
            && self.events.ptr_eq(&other.events)
            && self.leases.ptr_eq(&other.leases)
    }
}

/// One stored version of an object. The store makes a new one on every write and
/// never changes one in place, so two are the same version exactly when they share
/// the allocation: equality is identity. That is what lets `OrdMap::diff` between
/// two frames, and every "did this change?" test, cost a pointer comparison instead
/// of a deep comparison of two pods.
pub struct Stored<T>(Arc<T>);

impl<T> Stored<T> {
    pub fn new(object: T) -> Self {
        Stored(Arc::new(object))
    }

    /// The object, for iterator chains (`map.values().map(Stored::object)`).
    pub fn object(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> Stored<T> {
    /// The object itself, for a write: moved out when no frame shares it, else copied.
    pub fn into_inner(self) -> T {
        Arc::unwrap_or_clone(self.0)
    }

    /// The object to change in place (copied first when a frame shares it); only the
    /// store's own bookkeeping (an event's count) writes through this.
    pub fn make_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T> From<T> for Stored<T> {
    fn from(object: T) -> Self {
        Stored::new(object)
    }
}

impl<T> Clone for Stored<T> {
    fn clone(&self) -> Self {
        Stored(Arc::clone(&self.0))
    }
}

impl<T> Deref for Stored<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> AsRef<T> for Stored<T> {
    fn as_ref(&self) -> &T {
        &self.0
    }
}

impl<T> PartialEq for Stored<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Eq for Stored<T> {}

impl<T: fmt::Debug> fmt::Debug for Stored<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The key of a pod in the store (`namespace/name`), shared rather than copied: a
/// write to a persistent map copies the keys of every tree node on its path, and
/// with thousands of pods per frame that copying was a large part of a rollout.
pub type ObjectKey = Arc<str>;

/// An event as `kubectl describe` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Simulated time of the last occurrence, in milliseconds.
    pub time_ms: u64,
    pub first_time_ms: u64,
    /// `Normal` or `Warning`.
    pub event_type: String,
    pub reason: String,
    /// The object the event is about: `Kind/namespace/name` for a namespaced object
    /// (`Pod/default/agent-x7k2p`), `Kind/name` for a cluster-scoped one (`Node/node-02`).
    pub object: String,
    /// The node the object was on when the event was recorded: a Node's own name, a
    /// pod's node (or, not yet bound, the node its DaemonSet aims it at); `None` for
    /// other objects. Kept on the event so that a node's events still include those
    /// of its pods after they are gone.
    pub node: Option<String>,
    /// `involvedObject.uid`: the object's when the event was recorded, so a new object
    /// under an old name does not take on the old one's events. The kubelet's events
    /// about its node carry the node's name instead, as the kubelet's node reference
    /// does. `None` when the object was already gone.
    pub uid: Option<String>,
    /// `involvedObject.fieldPath`: the part of the object the event is about, as the
    /// kubelet names a pod's container (`spec.containers{agent}`); `None` for the whole.
    pub field_path: Option<String>,
    /// The component that reported it: `daemonset-controller`, `default-scheduler`, `kubelet`, ...
    pub source: String,
    pub message: String,
    pub count: u32,
}

/// kube-apiserver's `--event-ttl` (1 hour by default): an event is stored with this
/// lease, renewed by each write (a repeat), and is gone once it runs out.
pub const EVENT_TTL_MS: u64 = 60 * crate::clock::MINUTE;

impl Event {
    /// Whether the API server has let the event go by `now_ms`: an hour after its last
    /// write. Kept in the record (whose positions the correlator and the scenario's
    /// checks use) and left out of every read; a repeat writes it again, with its count.
    pub fn is_expired(&self, now_ms: u64) -> bool {
        now_ms >= self.time_ms + EVENT_TTL_MS
    }

    /// The message as `kubectl describe` prints it (since v1.35): after the field path,
    /// when the event is about a part of the object (`spec.containers{agent}: Container started`).
    pub fn described_message(&self) -> String {
        match &self.field_path {
            Some(path) => format!("{path}: {}", self.message.trim()),
            None => self.message.trim().to_string(),
        }
    }
}
