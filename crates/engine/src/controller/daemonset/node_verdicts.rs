//! Every node's NodeShouldRunDaemonPod verdict for one DaemonSet, computed once per
//! sync and remembered across syncs while neither the node (resourceVersion) nor the
//! DaemonSet's spec (generation) changes: a rollout re-reads the same nodes thousands
//! of times.

use std::collections::HashMap;

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Node;

use super::should_run::{NodeShouldRun, NodeVerdict};
use crate::state::ClusterState;

/// Nodes in name order with their verdicts.
pub type NodeVerdicts<'a> = Vec<(&'a str, &'a Node, NodeVerdict)>;

#[derive(Clone, Debug, Default)]
pub struct VerdictCache {
    per_daemonset: HashMap<String, DaemonSetVerdicts>,
}

#[derive(Clone, Debug)]
struct DaemonSetVerdicts {
    /// uid and generation of the DaemonSet the verdicts were computed for.
    identity: (Option<String>, Option<i64>),
    by_node: HashMap<String, (Option<String>, NodeVerdict)>,
}

impl VerdictCache {
    pub fn verdicts<'a>(&mut self, view: &'a ClusterState, ds_key: &str, ds: &DaemonSet) -> NodeVerdicts<'a> {
        let identity = (ds.metadata.uid.clone(), ds.metadata.generation);
        let entry = self
            .per_daemonset
            .entry(ds_key.to_string())
            .or_insert_with(|| DaemonSetVerdicts { identity: identity.clone(), by_node: HashMap::new() });
        if entry.identity != identity {
            entry.identity = identity;
            entry.by_node.clear();
        }
        let mut evaluator: Option<NodeShouldRun> = None;
        let mut verdicts = Vec::with_capacity(view.nodes.len());
        for (name, node) in &view.nodes {
            let version = &node.metadata.resource_version;
            let verdict = match entry.by_node.get(name) {
                Some((seen, verdict)) if seen == version => *verdict,
                _ => {
                    let verdict = evaluator.get_or_insert_with(|| NodeShouldRun::for_daemonset(ds)).verdict(node);
                    entry.by_node.insert(name.clone(), (version.clone(), verdict));
                    verdict
                }
            };
            verdicts.push((name.as_str(), node, verdict));
        }
        if entry.by_node.len() > view.nodes.len() {
            entry.by_node.retain(|name, _| view.nodes.contains_key(name));
        }
        verdicts
    }
}
