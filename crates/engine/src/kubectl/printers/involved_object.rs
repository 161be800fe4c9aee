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
    /// `Pod/default/agent-x7k2p` and `Node/node-01` (cluster-scoped: no namespace).
    pub fn of(event: &'a Event) -> InvolvedObject<'a> {
        InvolvedObject::parse(&event.object)
    }

    /// The object of an [`Event::object`] reference.
    pub fn parse(reference: &'a str) -> InvolvedObject<'a> {
        let mut parts = reference.splitn(3, '/');
        let kind = parts.next().unwrap_or("");
        let second = parts.next().unwrap_or("");
        match parts.next() {
            Some(name) => InvolvedObject { kind, namespace: second, name },
            None => InvolvedObject { kind, namespace: "", name: second },
        }
    }

    /// The object as `kubectl get events` names it in its OBJECT column: the kind in
    /// lower case and the name, `pod/agent-x7k2p`, `node/node-02`.
    pub fn resource_name(&self) -> String {
        if self.name.is_empty() {
            self.kind.to_lowercase()
        } else {
            format!("{}/{}", self.kind.to_lowercase(), self.name)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn about(object: &str) -> Event {
        Event {
            time_ms: 0,
            first_time_ms: 0,
            event_type: "Normal".into(),
            reason: "R".into(),
            object: object.into(),
            node: None,
            uid: None,
            field_path: None,
            source: "s".into(),
            message: "m".into(),
            count: 1,
        }
    }

    #[test]
    fn objects_are_named_as_get_events_names_them() {
        let pod = about("Pod/monitoring/agent-x7k2p");
        assert_eq!(InvolvedObject::of(&pod), InvolvedObject { kind: "Pod", namespace: "monitoring", name: "agent-x7k2p" });
        assert_eq!(InvolvedObject::of(&pod).resource_name(), "pod/agent-x7k2p");
        let node = about("Node/node-02");
        assert_eq!(InvolvedObject::of(&node), InvolvedObject { kind: "Node", namespace: "", name: "node-02" });
        assert_eq!(InvolvedObject::of(&node).resource_name(), "node/node-02");
        assert_eq!(InvolvedObject::of(&node).event_namespace(), "default");
        assert_eq!(InvolvedObject::of(&about("DaemonSet/default/agent")).resource_name(), "daemonset/agent");
    }
}
