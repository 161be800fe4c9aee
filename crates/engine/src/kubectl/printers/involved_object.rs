//! The object an [`Event`] is about, parsed from its `Kind/namespace/name` reference.

use crate::state::Event;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvolvedObject<'a> {
    pub kind: &'a str,
    /// Empty for cluster-scoped objects (nodes).
    pub namespace: &'a str,
    pub name: &'a str,
}

impl<'a> InvolvedObject<'a> {
    /// `Pod/default/agent-x7k2p`, `Node//node-01` and `Node/node-01` are all accepted.
    pub fn of(event: &'a Event) -> InvolvedObject<'a> {
        let mut parts = event.object.splitn(3, '/');
        let kind = parts.next().unwrap_or("");
        let second = parts.next().unwrap_or("");
        match parts.next() {
            Some(name) => InvolvedObject { kind, namespace: second, name },
            None => InvolvedObject { kind, namespace: "", name: second },
        }
    }

    pub fn is(&self, kind: &str, namespace: &str, name: &str) -> bool {
        self.kind == kind && self.namespace == namespace && self.name == name
    }

    /// The namespace `kubectl get events` lists the event in: its object's, and `default`
    /// for cluster-scoped objects, where the kubelet and controllers record node events.
    pub fn event_namespace(&self) -> &'a str {
        if self.namespace.is_empty() {
            "default"
        } else {
            self.namespace
        }
    }
}
