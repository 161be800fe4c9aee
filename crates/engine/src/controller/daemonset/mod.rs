//! The DaemonSet controller (pkg/controller/daemon), function by function.
//!
//! Reads happen on a snapshot of the store taken when the sync starts (the informer
//! view); writes go through the [`crate::api::Api`]. Each DaemonSet keeps an index
//! (its pods by node, a summary per node, running totals) that a sync brings up to
//! date from what changed since the previous one, so a sync costs what changed, not
//! the size of the cluster (`daemon_index`, `node_summary`). Where upstream iterates a Go map
//! (nodes in `manage`, the node→pods map in `rollingUpdate`), this port iterates
//! nodes in name order, so a scenario always replays the same way.

mod backoff;
mod daemon_index;
mod daemon_pods;
mod deep_hash;
mod event_handlers;
mod explain;
mod go_quantity;
mod history;
mod manage;
mod node_summary;
mod plan;
mod rolling_update;
mod same_but_status;
mod should_run;
mod status;
mod sync;
pub mod util;
#[cfg(test)]
mod util_tests;

pub use backoff::FailedPodsBackoff;
pub use daemon_pods::{controller_key, is_daemon_pod, is_owned_by, DaemonPods};
pub use event_handlers::{
    node_update_syncs, pod_added, pod_deleted, pod_updated, should_ignore_node_update, DaemonSets, PodUpdateSyncs,
};
pub use explain::{explain_rollout, BudgetHolder, NodeRollout, RolloutExplanation, RolloutStrategy};
pub use history::{compute_hash, current_hash, revision_data};
pub use same_but_status::same_but_status;
pub use plan::{Plan, PlannedEvent};
pub use should_run::{node_should_run_daemon_pod, NodeShouldRun, NodeVerdict};
pub use status::rollout_status;
pub use sync::{BatchBudget, DaemonSetController, RolloutBatch, SyncOutcome, SyncTrace};
pub use util::{add_daemon_tolerations, is_pod_updated, target_node_name, DEFAULT_DAEMON_TOLERATIONS};

/// Label of a daemon pod (and a revision) naming its ControllerRevision hash.
pub const REVISION_HASH_LABEL: &str = "controller-revision-hash";
/// Label of a daemon pod carrying the DaemonSet's template generation.
pub const TEMPLATE_GENERATION_LABEL: &str = "pod-template-generation";
/// `BurstReplicas`: at most this many creates and deletes per sync.
pub const BURST_REPLICAS: usize = 250;
