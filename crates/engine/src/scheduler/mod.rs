//! The default scheduler's filter plugins that decide where a daemon pod can bind.
//!
//! Pure functions over the objects given, reproducing `pkg/scheduler` of v1.36 for the
//! plugins a daemon pod meets: the default profile's filters in order
//! (NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts,
//! NodeResourcesFit) with the pods nominated to each node, NodeAffinity's PreFilter
//! node-name restriction, the PostFilter plugins (DynamicResources, DefaultPreemption)
//! and the aggregated `FitError` text; and the scheduler as a component
//! ([`Scheduler`]), which owns its queue and writes its decisions through the API.

mod filter;
pub mod fit_error;
mod framework;
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
pub mod schedule_one;
pub mod scheduling_queue;
pub mod taint_toleration;

/// `v1.DefaultSchedulerName`, also the source of the scheduler's events.
pub const DEFAULT_SCHEDULER: &str = "default-scheduler";

pub use filter::{filter, first_failure, FilterVerdict, FILTER_PLUGINS};
pub(crate) use filter::run_filter_plugins;
pub use fit_error::FitError;
pub use framework::{pod_priority, priority_of, Code, NodeInfo, Nominating, Nomination, Status};
pub(crate) use framework::pod_spec;
pub use nominated_pods::NominatedPods;
pub use schedule::{schedule, schedule_among};
pub use schedule_one::Scheduler;

#[cfg(test)]
pub(crate) mod test_objects;
