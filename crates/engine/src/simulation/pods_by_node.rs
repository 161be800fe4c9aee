//! An index of pods by the node they are bound to, kept up to date from the changes
//! the informers see, so per-node work (scheduling, admission, eviction) does not scan
//! every pod of the cluster.

use std::collections::{BTreeMap, BTreeSet};

use k8s_openapi::api::core::v1::Pod;

use crate::api::meta_key;
use crate::pod_readiness::node_name;

#[derive(Clone, Debug, Default)]
pub struct PodsByNode {
    index: BTreeMap<String, BTreeSet<String>>,
}


impl PodsByNode {
    pub fn added(&mut self, pod: &Pod) {
        if let Some(node) = node_name(pod) {
            self.index.entry(node.to_string()).or_default().insert(meta_key(&pod.metadata));
        }
    }

    pub fn removed(&mut self, pod: &Pod) {
        if let Some(node) = node_name(pod) {
            if let Some(keys) = self.index.get_mut(node) {
                keys.remove(&meta_key(&pod.metadata));
                if keys.is_empty() {
                    self.index.remove(node);
                }
            }
        }
    }

    pub fn updated(&mut self, old: &Pod, new: &Pod) {
        if node_name(old) != node_name(new) {
            self.removed(old);
            self.added(new);
        }
    }

    /// Keys of the pods bound to `node`, in key order.
    pub fn on(&self, node: &str) -> impl Iterator<Item = &String> {
        self.index.get(node).into_iter().flatten()
    }
}
