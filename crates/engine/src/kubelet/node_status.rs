//! The conditions a kubelet posts on its Node (`setNodeStatus`'s condition setters).

use std::collections::BTreeSet;

use k8s_openapi::api::core::v1::{Node, NodeCondition};

/// A condition the kubelet posts, with its healthy status, reason and message, and
/// the events its setter records when the status turns healthy or not.
pub struct KubeletCondition {
    pub type_: &'static str,
    pub status: &'static str,
    pub reason: &'static str,
    pub message: &'static str,
    pub healthy_event: &'static str,
    pub unhealthy_event: &'static str,
}

/// The conditions the kubelet posts on a healthy node (`setNodeStatus`), in order.
pub const KUBELET_CONDITIONS: [KubeletCondition; 4] = [
    KubeletCondition {
        type_: "MemoryPressure",
        status: "False",
        reason: "KubeletHasSufficientMemory",
        message: "kubelet has sufficient memory available",
        healthy_event: "NodeHasSufficientMemory",
        unhealthy_event: "NodeHasInsufficientMemory",
    },
    KubeletCondition {
        type_: "DiskPressure",
        status: "False",
        reason: "KubeletHasNoDiskPressure",
        message: "kubelet has no disk pressure",
        healthy_event: "NodeHasNoDiskPressure",
        unhealthy_event: "NodeHasDiskPressure",
    },
    KubeletCondition {
        type_: "PIDPressure",
        status: "False",
        reason: "KubeletHasSufficientPID",
        message: "kubelet has sufficient PID available",
        healthy_event: "NodeHasSufficientPID",
        unhealthy_event: "NodeHasInsufficientPID",
    },
    KubeletCondition {
        type_: "Ready",
        status: "True",
        reason: "KubeletReady",
        message: "kubelet is posting ready status",
        healthy_event: "NodeReady",
        unhealthy_event: "NodeNotReady",
    },
];

impl KubeletCondition {
    pub fn condition(&self) -> NodeCondition {
        NodeCondition {
            type_: self.type_.to_owned(),
            status: self.status.to_owned(),
            reason: Some(self.reason.to_owned()),
            message: Some(self.message.to_owned()),
            last_heartbeat_time: None,
            last_transition_time: None,
        }
    }
}

/// `recordNodeStatusEvent`: an event the kubelet's status setters record on its Node, as
/// (reason, message).
pub fn status_is_now(node: &str, event: &'static str) -> (&'static str, String) {
    (event, format!("Node {node} status is now: {event}"))
}

/// What a kubelet records on its Node as it starts and first posts status, as (reason,
/// message): `Starting kubelet.`, each condition setter's event for the condition it
/// creates (healthy or not, as the node's conditions are), and the allocatable limits.
pub fn start_up_events(node: &k8s_openapi::api::core::v1::Node) -> Vec<(&'static str, String)> {
    let name = node.metadata.name.as_deref().unwrap_or("");
    let conditions = node.status.as_ref().and_then(|s| s.conditions.as_deref()).unwrap_or_default();
    let mut events = vec![("Starting", "Starting kubelet.".to_owned())];
    let (ready, pressures): (Vec<_>, Vec<_>) = KUBELET_CONDITIONS.iter().partition(|c| c.type_ == "Ready");
    let event_of = |kubelet_condition: &KubeletCondition| {
        let healthy = conditions.iter().find(|c| c.type_ == kubelet_condition.type_).is_none_or(|c| c.status == kubelet_condition.status);
        status_is_now(name, if healthy { kubelet_condition.healthy_event } else { kubelet_condition.unhealthy_event })
    };
    events.extend(pressures.into_iter().map(event_of));
    events.push(("NodeAllocatableEnforced", "Updated Node Allocatable limit across pods".to_owned()));
    events.extend(ready.into_iter().map(event_of));
    events
}

/// `recordNodeSchedulableEvent`, the last of the status setters: each kubelet remembers
/// whether its node was unschedulable at its last status sync (not at first), and
/// records NodeNotSchedulable or NodeSchedulable when that changed. A cordon undone
/// before the next sync goes unrecorded, as on a real node.
#[derive(Clone, Debug, Default)]
pub struct SchedulableMemory {
    unschedulable: BTreeSet<String>,
}

impl SchedulableMemory {
    /// A status sync of `node`: the event it records (reason, message), if any.
    pub fn sync(&mut self, node: &Node) -> Option<(&'static str, String)> {
        let name = node.metadata.name.clone().unwrap_or_default();
        let now = node.spec.as_ref().and_then(|s| s.unschedulable).unwrap_or(false);
        let changed = if now { self.unschedulable.insert(name.clone()) } else { self.unschedulable.remove(&name) };
        let event = if now { "NodeNotSchedulable" } else { "NodeSchedulable" };
        changed.then(|| status_is_now(&name, event))
    }

    /// A node deleted: a kubelet registering it again starts remembering afresh.
    pub fn forget(&mut self, node: &str) {
        self.unschedulable.remove(node);
    }
}

/// The kubelet's first status post, at registration: conditions written without
/// times (by the scenario or a Node document) get the registration time as their
/// heartbeat and transition.
pub fn stamp_first_post(node: &mut k8s_openapi::api::core::v1::Node, now_ms: u64) {
    let conditions = node.status.as_mut().and_then(|s| s.conditions.as_mut());
    for condition in conditions.into_iter().flatten() {
        condition.last_heartbeat_time.get_or_insert_with(|| crate::clock::timestamp(now_ms));
        condition.last_transition_time.get_or_insert_with(|| crate::clock::timestamp(now_ms));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::core::v1::NodeSpec;
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

    fn node(unschedulable: bool) -> Node {
        Node {
            metadata: ObjectMeta { name: Some("node-01".into()), ..Default::default() },
            spec: Some(NodeSpec { unschedulable: unschedulable.then_some(true), ..Default::default() }),
            ..Default::default()
        }
    }

    #[test]
    fn each_change_of_unschedulable_is_recorded_once() {
        let mut memory = SchedulableMemory::default();
        assert_eq!(memory.sync(&node(false)), None, "a kubelet starts remembering a schedulable node");
        assert_eq!(memory.sync(&node(true)).map(|e| e.0), Some("NodeNotSchedulable"));
        assert_eq!(memory.sync(&node(true)), None);
        assert_eq!(memory.sync(&node(false)), Some(("NodeSchedulable", "Node node-01 status is now: NodeSchedulable".to_owned())));
        memory.sync(&node(true));
        memory.forget("node-01");
        assert_eq!(memory.sync(&node(true)).map(|e| e.0), Some("NodeNotSchedulable"), "a node made again starts afresh");
    }
}
