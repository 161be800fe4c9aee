//! The words a scenario file may use, which the parser checks and its refusals list.

/// The `apiVersion` of the Scenario document.
pub const SCENARIO_API_VERSION: &str = "dsplay/v1";
/// The annotation that holds a manifest back until `kubectl apply -f` names it.
pub const APPLY_ANNOTATION: &str = "dsplay/apply";
/// More nodes than any lesson needs, and few enough that a crafted link cannot exhaust memory.
pub const MAX_NODES: u64 = 10_000;

/// The fields of `DaemonSetStatus` (apps/v1) that `status` may name.
pub const DAEMONSET_STATUS_FIELDS: &[&str] = &[
    "collisionCount",
    "currentNumberScheduled",
    "desiredNumberScheduled",
    "numberAvailable",
    "numberMisscheduled",
    "numberReady",
    "numberUnavailable",
    "observedGeneration",
    "updatedNumberScheduled",
];

/// The checks an `expect` may make (`daemonset` only says which DaemonSet they are about).
pub const EXPECTATION_KEYS: &[&str] =
    &["status", "podsPerNode", "phases", "generation", "images", "pending", "error", "output", "events", "rollout"];

pub const POD_PHASES: &[&str] = &["Pending", "Running", "Succeeded", "Failed", "Unknown"];
