//! The default scheduler's filter plugins that decide where a daemon pod can bind.
//!
//! Pure functions over the objects given, reproducing `pkg/scheduler` of v1.36 for the
//! plugins a daemon pod meets: the default profile's filters in order
//! (NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts,
//! NodeResourcesFit) with the pods nominated to each node, NodeAffinity's PreFilter
//! node-name restriction, the PostFilter plugins (DynamicResources, DefaultPreemption)
//! and the aggregated `FitError` text.

use k8s_openapi::api::core::v1::{Node, Pod, PodSpec};

pub mod fit_error;
pub mod node_affinity;
pub mod node_name;
pub mod node_ports;
pub mod node_resources_fit;
pub mod node_unschedulable;
pub mod nominated_pods;
pub mod pod_requests;
pub mod preemption;
pub mod queueing_hints;
pub mod schedule;
pub mod taint_toleration;

/// `v1.DefaultSchedulerName`, also the source of the scheduler's events.
pub const DEFAULT_SCHEDULER: &str = "default-scheduler";

pub use fit_error::FitError;
pub use nominated_pods::NominatedPods;
pub use preemption::{Nominating, Nomination};
pub use schedule::{schedule, schedule_among};

/// A node and the non-terminal pods already bound to it (the pod being scheduled excluded).
#[derive(Debug, Clone)]
pub struct NodeInfo<'a> {
    pub node: &'a Node,
    pub pods: Vec<&'a Pod>,
}

impl NodeInfo<'_> {
    pub fn name(&self) -> &str {
        self.node.metadata.name.as_deref().unwrap_or("")
    }
}

/// `fwk.Code` values a filter can return.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    /// Preemption might help (resources, ports).
    Unschedulable,
    /// Preemption cannot help (affinity, taints, node name, cordon).
    UnschedulableAndUnresolvable,
}

/// `fwk.Status` of a failing plugin: its code and reasons (usually one; NodeResourcesFit
/// reports every insufficient resource).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub code: Code,
    pub reasons: Vec<String>,
}

impl Status {
    pub fn new(code: Code, reason: impl Into<String>) -> Self {
        Status { code, reasons: vec![reason.into()] }
    }

    /// `Status.Message()`: the reasons joined by ", ".
    pub fn message(&self) -> String {
        self.reasons.join(", ")
    }
}

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

pub(crate) fn pod_spec(pod: &Pod) -> std::borrow::Cow<'_, PodSpec> {
    match &pod.spec {
        Some(spec) => std::borrow::Cow::Borrowed(spec),
        None => std::borrow::Cow::Owned(PodSpec::default()),
    }
}

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

#[cfg(test)]
pub(crate) mod test_objects;
