//! The simulated kubelet: it starts the containers of pods bound to its node, reports
//! readiness, restarts crashing containers with back-off, retries failed pulls, and
//! confirms graceful deletions. What an image does is set by the scenario
//! (`image <ref> crash|complete|oom|unready|pull-error|ok`).

mod admission;
mod containers;
mod image_behaviour;
mod images;
mod lease;
mod node_status;
mod pod_status;
mod pod_workers;

pub use admission::{admit, Rejection};
pub use image_behaviour::ImageBehaviour;
pub use images::simulated_digest;
pub use lease::{node_as_reported, NodeLease};
pub use node_status::{stamp_first_post, start_up_events, status_is_now, KubeletCondition, SchedulableMemory, KUBELET_CONDITIONS};
pub use pod_status::set_not_ready;
pub use pod_workers::Kubelet;

/// The component the kubelet records its events as.
pub const SOURCE: &str = "kubelet";

/// The scenario's timing for pods.
#[derive(Clone, Copy, Debug)]
pub struct PodTiming {
    pub startup_ms: u64,
    pub ready_ms: u64,
}

#[cfg(test)]
mod tests;
