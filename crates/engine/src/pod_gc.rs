//! PodGC (pkg/controller/podgc): pods bound to a node that no longer exists are
//! force-deleted once the node has been gone for the quarantine period.

use crate::api::Api;
use crate::clock::SECOND;
use crate::pod_readiness::node_name;

/// `quarantineTime`: how long a node must be missing before its pods are collected.
pub const QUARANTINE_MS: u64 = 40 * SECOND;

pub fn collect_orphaned_pods(api: &mut Api, node: &str) {
    if api.state.nodes.contains_key(node) {
        return;
    }
    let orphans: Vec<String> =
        api.state.pods.iter().filter(|(_, p)| node_name(p) == Some(node)).map(|(k, _)| k.to_string()).collect();
    for pod_key in orphans {
        if api.delete_pod(&pod_key, Some(0)).is_ok() {
            api.record_event(&format!("Pod/{pod_key}"), "Normal", "PodGCOrphaned", "pod-garbage-collector", format!("Deleting pod {pod_key} bound to node {node}, which no longer exists"));
        }
    }
}
