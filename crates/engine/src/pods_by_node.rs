//! An index of pods by a node they name: the node they are bound to, or the node
//! preemption nominated them to. Kept up to date from the changes the informers see,
//! so per-node work (scheduling, admission, eviction) does not scan every pod of the
//! cluster.

use std::collections::{BTreeMap, BTreeSet};

use k8s_openapi::api::core::v1::Pod;

use crate::api::meta_key;
use crate::pod_readiness::is_terminal;
use crate::state::ClusterState;
use crate::pod_readiness::node_name;
use crate::scheduler::nominated_pods::nominated_node_name;

#[derive(Clone, Debug)]
pub struct PodsByNode {
    node_of: fn(&Pod) -> Option<&str>,
    index: BTreeMap<String, BTreeSet<String>>,
}

impl PodsByNode {
    /// Pods by `spec.nodeName`.
    pub fn bound() -> Self {
        PodsByNode { node_of: node_name, index: BTreeMap::new() }
    }

    /// Unbound pods by `status.nominatedNodeName` (the scheduler's nominator).
    pub fn nominated() -> Self {
        PodsByNode { node_of: nominated_node_name, index: BTreeMap::new() }
    }

    pub fn added(&mut self, pod: &Pod) {
        if let Some(node) = (self.node_of)(pod) {
            self.index.entry(node.to_string()).or_default().insert(meta_key(&pod.metadata));
        }
    }

    pub fn removed(&mut self, pod: &Pod) {
        if let Some(node) = (self.node_of)(pod) {
            if let Some(keys) = self.index.get_mut(node) {
                keys.remove(&meta_key(&pod.metadata));
                if keys.is_empty() {
                    self.index.remove(node);
                }
            }
        }
    }

    pub fn updated(&mut self, old: &Pod, new: &Pod) {
        if (self.node_of)(old) != (self.node_of)(new) {
            self.removed(old);
            self.added(new);
        }
    }

    /// Keys of the pods on `node`, in key order.
    pub fn on(&self, node: &str) -> impl Iterator<Item = &String> {
        self.index.get(node).into_iter().flatten()
    }

    /// The pods on `node` that still hold their place (not terminal), `except` one,
    /// as `state` has them.
    pub fn live_on<'a>(&self, state: &'a ClusterState, node: &str, except: &str) -> Vec<&'a Pod> {
        let pods = &state.pods;
        self.on(node).filter(|k| k.as_str() != except).filter_map(|k| pods.get(k.as_str()).map(|p| p.as_ref())).filter(|p| !is_terminal(p)).collect()
    }
}
