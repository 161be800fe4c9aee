//! What one sync asks `syncNodes` to do: the nodes that get a pod, the pods to
//! delete, and the events to record. `manage` and `rollingUpdate` each make one.

/// An event the controller records on the DaemonSet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedEvent {
    pub event_type: &'static str,
    pub reason: &'static str,
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Nodes that get a new pod.
    pub creates: Vec<String>,
    /// Keys of pods to delete.
    pub deletes: Vec<String>,
    pub events: Vec<PlannedEvent>,
    /// Sync again after this many milliseconds (failed-pod backoff).
    pub requeue_after: Option<u64>,
}
