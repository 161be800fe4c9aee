//! Controllers of kube-controller-manager that the playground runs.
pub mod daemonset;
