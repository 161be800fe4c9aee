//! The DaemonSet controller (pkg/controller/daemon).
