//! Kubernetes value types and rules, with no simulation in them.
//!
//! The API objects themselves are the `k8s-openapi` types (every field of the real
//! API, v1.36); this crate adds what the API server and the scheduling helpers do
//! with them: strict decoding, defaulting, validation, and the small matching rules
//! (label selectors, tolerations, node affinity, quantities, int-or-percent).

pub mod document;
pub mod source_map;
pub mod strict_decoder;
pub mod field_path;
pub mod aggregate;
pub mod labels;
pub mod selector_string;
pub mod warnings;
pub mod tolerations;
pub mod node_affinity;
pub mod quantity;
pub mod qos;
pub mod template_generation;
pub mod int_or_percent;
pub mod defaults;
pub mod go_zero_values;
pub mod validation;
pub mod sorting;

pub use k8s_openapi;
