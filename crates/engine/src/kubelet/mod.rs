//! The simulated kubelet: pod startup, readiness, crash loops, image pulls, termination.
