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

/// Which object an add, update or delete is about.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Subject {
    Pod(String),
    Node(String),
    DaemonSet(String),
}

impl Change {
    fn subject(&self) -> Option<Subject> {
        let key_of = |meta: &k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta| {
            super::key(meta.namespace.as_deref(), meta.name.as_deref().unwrap_or(""))
        };
        Some(match self {
            Change::PodAdded(key) | Change::PodUpdated { key, .. } => Subject::Pod(key.clone()),
            Change::PodDeleted(pod) => Subject::Pod(key_of(&pod.metadata)),
            Change::NodeAdded(name) | Change::NodeUpdated { name, .. } => Subject::Node(name.clone()),
            Change::NodeDeleted(node) => Subject::Node(node.metadata.name.clone().unwrap_or_default()),
            Change::DaemonSetAdded(key) | Change::DaemonSetUpdated { key, .. } => Subject::DaemonSet(key.clone()),
            Change::DaemonSetDeleted(ds) => Subject::DaemonSet(key_of(&ds.metadata)),
            Change::RevisionChanged { .. } => return None,
        })
    }

    fn is_update(&self) -> bool {
        matches!(self, Change::PodUpdated { .. } | Change::NodeUpdated { .. } | Change::DaemonSetUpdated { .. })
    }
}

/// Folds a second update of an object into the first one of the same step. The
/// handlers read the object's current version from the store, so each of two
/// updates would be handled as the whole change from its own old version to the
/// latest one (a status write followed by a delete would be seen to start the
/// deletion twice); one update from the first old version is what they mean.
pub fn fold_repeated_updates(changes: Vec<Change>) -> Vec<Change> {
    let mut updated = std::collections::BTreeSet::new();
    changes
        .into_iter()
        .filter(|change| {
            let Some(subject) = change.subject() else { return true };
            if !change.is_update() {
                updated.remove(&subject);
                return true;
            }
            updated.insert(subject)
        })
        .collect()
}
