//! What a write changed, as the informers of the other components see it.

use std::sync::Arc;

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{Node, Pod};

#[derive(Clone, Debug)]
pub enum Change {
    PodAdded(String),
    /// The pod as it was before the update.
    PodUpdated { key: String, old: Arc<Pod> },
    /// The pod as it was when it left the store.
    PodDeleted(Arc<Pod>),
    NodeAdded(String),
    NodeUpdated { name: String, old: Box<Node> },
    NodeDeleted(Box<Node>),
    DaemonSetAdded(String),
    DaemonSetUpdated { key: String, old: Box<DaemonSet> },
    DaemonSetDeleted(Box<DaemonSet>),
    /// A ControllerRevision was created, updated or deleted; the key of its DaemonSet owner.
    RevisionChanged { owner_key: Option<String> },
}
