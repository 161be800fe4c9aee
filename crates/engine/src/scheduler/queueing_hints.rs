//! Which cluster events send a pod the scheduler could not place back to be tried
//! again (`PriorityQueue.isPodWorthRequeuing` with the SchedulerQueueingHints feature,
//! locked on since v1.34): each plugin that rejected the pod registers the events that
//! may change its verdict (`EventsToRegister`) and, for each, a hint that looks at the
//! object changed (`QueueingHintFn`). One plugin answering Queue is enough; an event
//! no rejecting plugin registers leaves the pod waiting for the five-minute flush.

use k8s_openapi::api::core::v1::{Node, Pod, PodSpec};

use super::{node_affinity, node_name, node_ports, node_resources_fit, node_unschedulable, taint_toleration, NodeInfo, Status};

/// A change the scheduling queue hears of.
pub enum ClusterEvent<'a> {
    NodeAdded(&'a Node),
    NodeUpdated { old: &'a Node, new: &'a Node },
    PodDeleted(&'a Pod),
}

/// Whether any of the `plugins` that rejected the pod of `spec` would have it tried
/// again after `event`. With no plugin known (a PreFilter rejected every node, or there
/// were no nodes), any event does.
pub fn worth_requeuing(spec: &PodSpec, plugins: &[&'static str], event: &ClusterEvent) -> bool {
    plugins.is_empty() || plugins.iter().any(|plugin| queues(plugin, spec, event))
}

type Filter = fn(&PodSpec, &NodeInfo) -> Result<(), Status>;

/// The plugins' hints. Those that judge a node alone queue the pod when a node comes
/// that passes, or a node that failed now passes.
fn queues(plugin: &str, spec: &PodSpec, event: &ClusterEvent) -> bool {
    let node_alone: Option<Filter> = match plugin {
        node_unschedulable::NAME => Some(node_unschedulable::filter),
        node_name::NAME => Some(node_name::filter),
        taint_toleration::NAME => Some(taint_toleration::filter),
        node_affinity::NAME => Some(node_affinity::filter),
        // Against the node's allocatable only: what its pods use is not its to say.
        node_resources_fit::NAME => Some(node_resources_fit::filter),
        _ => None,
    };
    let passes = |filter: Filter, node: &Node| filter(spec, &NodeInfo { node, pods: Vec::new() }).is_ok();
    match (plugin, event) {
        // NodeName registers node additions only; the others updates too.
        (node_name::NAME, ClusterEvent::NodeUpdated { .. }) => false,
        (_, ClusterEvent::NodeAdded(node)) if plugin != node_ports::NAME => node_alone.is_none_or(|filter| passes(filter, node)),
        (_, ClusterEvent::NodeUpdated { old, new }) if node_alone.is_some() => {
            node_alone.is_some_and(|filter| !passes(filter, old) && passes(filter, new))
        }
        // A pod deleted frees what it held only if it was on a node (or nominated to one).
        (node_resources_fit::NAME, ClusterEvent::PodDeleted(deleted)) => was_placed(deleted),
        // ... and ports only if it held one the pod wants: the pod would not fit a node
        // holding the deleted pod alone.
        (node_ports::NAME, ClusterEvent::PodDeleted(deleted)) => {
            let empty = Node::default();
            was_placed(deleted) && node_ports::filter(spec, &NodeInfo { node: &empty, pods: vec![deleted] }).is_err()
        }
        // NodePorts: a new node has every port free.
        (node_ports::NAME, ClusterEvent::NodeAdded(_)) => true,
        (node_ports::NAME, ClusterEvent::NodeUpdated { .. }) => false,
        // The node-only plugins register no pod deletions.
        (_, ClusterEvent::PodDeleted(_)) if node_alone.is_some() => false,
        // A plugin not modelled here: any event may help.
        _ => true,
    }
}

fn was_placed(pod: &Pod) -> bool {
    let bound = pod.spec.as_ref().and_then(|s| s.node_name.as_deref()).is_some_and(|n| !n.is_empty());
    let nominated = pod.status.as_ref().and_then(|s| s.nominated_node_name.as_deref()).is_some_and(|n| !n.is_empty());
    bound || nominated
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::core::v1::NodeSpec;

    use crate::scheduler::test_objects::{daemon_affinity, node_with_allocatable, node_with_taints, pod_requesting, pod_with_ports, taint};

    /// A daemon pod for `node` asking for `cpu`.
    fn daemon_pod(node: &str, cpu: &str) -> Pod {
        let mut pod = pod_requesting(&[("cpu", cpu)]);
        pod.spec = pod.spec.map(|spec| daemon_affinity(spec, node));
        pod
    }

    fn bound(mut pod: Pod, node: &str) -> Pod {
        pod.spec.get_or_insert_with(Default::default).node_name = Some(node.to_owned());
        pod
    }

    #[test]
    fn a_daemon_pod_short_of_cpu_waits_through_changes_to_other_nodes() {
        let pod = daemon_pod("node-01", "500m");
        let spec = pod.spec.as_ref().expect("a spec");
        let plugins = [node_resources_fit::NAME, node_affinity::NAME];
        let other = node_with_allocatable("node-02", &[("cpu", "4"), ("pods", "110")]);
        let mut labelled = other.clone();
        labelled.metadata.labels = Some([("foo".to_owned(), "bar".to_owned())].into());
        let mut cordoned = other.clone();
        cordoned.spec = Some(NodeSpec { unschedulable: Some(true), ..Default::default() });
        // Another node labelled or cordoned: NodeAffinity still rules it out, and its
        // allocatable did not change.
        assert!(!worth_requeuing(spec, &plugins, &ClusterEvent::NodeUpdated { old: &other, new: &labelled }));
        assert!(!worth_requeuing(spec, &plugins, &ClusterEvent::NodeUpdated { old: &other, new: &cordoned }));
        // A pod bound somewhere deleted: resources may be free now.
        let hog = bound(pod_requesting(&[("cpu", "3900m")]), "node-01");
        assert!(worth_requeuing(spec, &plugins, &ClusterEvent::PodDeleted(&hog)));
        let pending = pod_requesting(&[("cpu", "3900m")]);
        assert!(!worth_requeuing(spec, &plugins, &ClusterEvent::PodDeleted(&pending)), "a pending pod held nothing");
    }

    #[test]
    fn a_taint_taken_off_queues_the_pod_and_one_put_on_does_not() {
        let pod = daemon_pod("node-01", "0");
        let spec = pod.spec.as_ref().expect("a spec");
        let plugins = [taint_toleration::NAME];
        let clear = node_with_taints("node-01", Vec::new());
        let tainted = node_with_taints("node-01", vec![taint("gpu", "", "NoSchedule")]);
        assert!(worth_requeuing(spec, &plugins, &ClusterEvent::NodeUpdated { old: &tainted, new: &clear }));
        assert!(!worth_requeuing(spec, &plugins, &ClusterEvent::NodeUpdated { old: &clear, new: &tainted }));
        assert!(!worth_requeuing(spec, &plugins, &ClusterEvent::PodDeleted(&bound(pod.clone(), "node-02"))));
    }

    #[test]
    fn a_port_freed_queues_the_pod_only_if_it_wants_that_port() {
        let pod = pod_with_ports(&["TCP//9100"]);
        let spec = pod.spec.as_ref().expect("a spec");
        let plugins = [node_ports::NAME];
        assert!(worth_requeuing(spec, &plugins, &ClusterEvent::PodDeleted(&bound(pod_with_ports(&["TCP//9100"]), "node-01"))));
        assert!(!worth_requeuing(spec, &plugins, &ClusterEvent::PodDeleted(&bound(pod_with_ports(&["TCP//8080"]), "node-01"))));
        assert!(worth_requeuing(spec, &plugins, &ClusterEvent::NodeAdded(&node_with_taints("node-09", Vec::new()))));
    }

    #[test]
    fn with_no_plugin_known_any_event_queues_the_pod() {
        let pod = daemon_pod("node-01", "0");
        assert!(worth_requeuing(pod.spec.as_ref().expect("a spec"), &[], &ClusterEvent::PodDeleted(&pod)));
    }
}
