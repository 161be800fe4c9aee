//! The scenario format (../shared/SCENARIO-FORMAT.md): parsing, steps and expectations.
//!
//! A scenario file is multi-document YAML: one `dsplay/v1 Scenario` document (node pools,
//! timing, steps) and the Kubernetes manifests a user would `kubectl apply`.

mod command_kind;
mod error;
mod field_error;
mod format;
mod parse;
mod pools;
mod steps;
mod task;
mod vocabulary;

pub use command_kind::CommandKind;
pub use task::{Constraints, Localized, Solution, Task};
pub use field_error::{found_words, Expected, FieldError, FieldProblem, NOT_A_LABEL};
pub use error::ScenarioError;
pub use format::{Manifest, ManifestObject, NodePool, NodeRole, Scenario, Timing};
pub use parse::parse_scenario;
pub use pools::{
    default_allocatable, registered, LABEL_ARCH, LABEL_ARCH_BETA, LABEL_CONTROL_PLANE, LABEL_HOSTNAME, LABEL_OS, LABEL_OS_BETA, TAINT_CONTROL_PLANE,
    TAINT_UNSCHEDULABLE,
};
pub use steps::{EventExpectation, Expectation, RolloutExpectation, Step, StepAction};
pub use vocabulary::{APPLY_ANNOTATION, DAEMONSET_STATUS_FIELDS, EXPECTATION_KEYS, MAX_NODES, POD_PHASES, SCENARIO_API_VERSION};

#[cfg(test)]
mod tests;
