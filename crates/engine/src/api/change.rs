//! What a write changed, as the informers of the other components see it.

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{Node, Pod};

use crate::state::Stored;

#[derive(Clone, Debug)]
pub enum Change {
    PodAdded(String),
    /// The pod as it was before the update.
    PodUpdated { key: String, old: Stored<Pod> },
    /// The pod as it was when it left the store.
    PodDeleted(Stored<Pod>),
    NodeAdded(String),
    NodeUpdated { name: String, old: Stored<Node> },
    NodeDeleted(Stored<Node>),
    DaemonSetAdded(String),
    DaemonSetUpdated { key: String, old: Stored<DaemonSet> },
    DaemonSetDeleted(Stored<DaemonSet>),
    /// A ControllerRevision was created, updated or deleted; the key of its DaemonSet owner.
    RevisionChanged { owner_key: Option<String> },
}
