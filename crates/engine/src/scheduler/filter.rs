//! `RunFilterPlugins` over the default profile's filter plugins, and every plugin's
//! verdict for the why panel.

use k8s_openapi::api::core::v1::{Pod, PodSpec};

use super::framework::{pod_spec, NodeInfo, Status};
use super::{node_affinity, node_name, node_ports, node_resources_fit, node_unschedulable, taint_toleration};

/// One plugin's answer for the why panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilterVerdict {
    Fit,
    /// `reason` is upstream's status message, e.g. "Insufficient cpu".
    Unfit { plugin: &'static str, reason: String },
}

type FilterFn = fn(&PodSpec, &NodeInfo) -> Result<(), Status>;

/// The filter plugins of the default profile, in profile order
/// (`pkg/scheduler/apis/config/v1/default_plugins.go`).
pub const FILTER_PLUGINS: [(&str, FilterFn); 6] = [
    (node_unschedulable::NAME, node_unschedulable::filter),
    (node_name::NAME, node_name::filter),
    (taint_toleration::NAME, taint_toleration::filter),
    (node_affinity::NAME, node_affinity::filter),
    (node_ports::NAME, node_ports::filter),
    (node_resources_fit::NAME, node_resources_fit::filter),
];

/// Every filter plugin's verdict for this node, in profile order (the framework itself
/// stops at the first failure; the why panel wants them all).
pub fn filter(pod: &Pod, node: &NodeInfo) -> Vec<FilterVerdict> {
    let spec = pod_spec(pod);
    FILTER_PLUGINS
        .iter()
        .map(|(plugin, run)| match run(&spec, node) {
            Ok(()) => FilterVerdict::Fit,
            Err(status) => FilterVerdict::Unfit { plugin, reason: status.message() },
        })
        .collect()
}

/// `RunFilterPlugins`: the first failing plugin and its status.
pub(crate) fn run_filter_plugins(spec: &PodSpec, node: &NodeInfo) -> Option<(&'static str, Status)> {
    FILTER_PLUGINS.iter().find_map(|(plugin, run)| run(spec, node).err().map(|s| (*plugin, s)))
}

/// What the framework records for this node: NodeAffinity's PreFilter restriction
/// first (nodes outside a `metadata.name` affinity are never filtered), then the first
/// failing filter plugin. `None` when the pod fits.
pub fn first_failure(pod: &Pod, node: &NodeInfo) -> Option<(&'static str, String)> {
    let spec = pod_spec(pod);
    match node_affinity::pre_filter(&spec) {
        node_affinity::PreFilterResult::Conflict => {
            return Some((node_affinity::NAME, node_affinity::ERR_REASON_CONFLICT.to_string()))
        }
        node_affinity::PreFilterResult::NodeNames(names) if !names.contains(node.name()) => {
            return Some((node_affinity::NAME, node_affinity::absent_nodes_reason()))
        }
        _ => {}
    }
    run_filter_plugins(&spec, node).map(|(plugin, status)| (plugin, status.message()))
}
