//! The simulated cluster. One deterministic, event-driven timeline:
//! scenario text -> [`scenario`] -> [`simulation::Simulation`] -> frames of [`state::ClusterState`].
//!
//! No web dependency: the Yew app, the `dsplay` command and the wasm package are
//! thin hosts of this crate.

pub mod state;
pub mod api;
pub mod controller;
pub mod scheduler;
pub mod kubelet;
pub mod scenario;
pub mod kubectl;
pub mod refusal;
pub mod share;
pub mod agenda;
pub mod clock;
pub mod pod_conditions;
pub mod pod_readiness;
pub mod node_lifecycle;
pub mod network;
pub mod taint_eviction;
pub mod pod_gc;
pub mod pods_by_node;
pub mod simulation;
pub mod export;
pub mod exercise;

#[cfg(test)]
mod test_fixtures;
