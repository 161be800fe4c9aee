//! What `kubectl drain` prints: written once the wait for its evictions is over.

use super::PlaygroundNote;
use crate::api::name_of;
use crate::state::ClusterState;

/// A line of a drain's output that depends on the wait.
#[derive(Clone, Debug)]
pub(super) enum Line {
    Said(String),
    /// `pod/<name> evicted`, once the pod is gone.
    Evicted(String),
    /// `node/<name> drained`, once all its evicted pods are gone.
    Drained(String),
}

/// What `kubectl drain` prints, written once the wait for its evictions is over.
#[derive(Clone, Debug)]
pub(super) struct DrainReport {
    pub(super) lines: Vec<Line>,
    pub(super) refused: bool,
}

impl DrainReport {
    /// The output as far as kubectl got: a pod still there means kubectl is still
    /// waiting for it (it has no timeout), so nothing after it is printed, and the
    /// playground says so.
    pub(super) fn written(self, state: &ClusterState) -> (Result<String, String>, Option<PlaygroundNote>) {
        let mut printed = Vec::new();
        for line in self.lines {
            match line {
                Line::Said(text) => printed.push(text),
                Line::Evicted(pod_key) if state.pods.contains_key(pod_key.as_str()) => {
                    let note = PlaygroundNote::StillWaitingForDeletion { pod: pod_key };
                    return (Ok(printed.join("\n")), Some(note));
                }
                Line::Evicted(pod_key) => printed.push(format!("pod/{} evicted", name_of(&pod_key))),
                Line::Drained(node) => printed.push(format!("node/{node} drained")),
            }
        }
        let text = printed.join("\n");
        (if self.refused { Err(text) } else { Ok(text) }, None)
    }
}
