//! What the selected node's actions act on: the node as it stands at the end of the
//! timeline, where the actions run, read from that frame's store.

use dsplay_engine::controller::daemonset::{is_daemon_pod, target_node_name};
use dsplay_engine::pod_readiness::is_terminating;
use dsplay_engine::state::{ClusterState, Stored};
use dsplay_model::k8s_openapi::api::core::v1::Pod;

use crate::pool_of;

/// Whether `node` is cordoned; `None` when there is no such node.
pub fn cordoned(state: &ClusterState, node: &str) -> Option<bool> {
    let node = state.nodes.get(node)?;
    Some(node.spec.as_ref().and_then(|spec| spec.unschedulable).unwrap_or(false))
}

/// The daemon pods bound to `node` and not terminating, as (namespace, name): what
/// `kubectl delete pod` may be offered for.
pub fn daemon_pods_on(state: &ClusterState, node: &str) -> Vec<(String, String)> {
    let on_node = |pod: &&Pod| is_daemon_pod(pod) && !is_terminating(pod) && target_node_name(pod) == Some(node);
    let key = |pod: &Pod| (pod.metadata.namespace.clone().unwrap_or_default(), pod.metadata.name.clone().unwrap_or_default());
    state.pods.values().map(Stored::object).filter(on_node).map(key).collect()
}

/// The next free `<pool>-NN` name, as `node add` expects.
pub fn next_node_name<'a>(names: impl Iterator<Item = &'a String>, pool: &str) -> String {
    let highest = names
        .filter(|name| pool_of(name) == pool)
        .filter_map(|name| name.rsplit_once('-').and_then(|(_, number)| number.parse::<u32>().ok()))
        .max()
        .unwrap_or(0);
    format!("{pool}-{:02}", highest + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsplay_engine::simulation::Simulation;

    #[test]
    fn next_names_follow_the_highest_of_the_pool() {
        let names: Vec<String> = ["workers-01", "workers-03", "gpu-01", "workers"].iter().map(|n| n.to_string()).collect();
        assert_eq!(next_node_name(names.iter(), "workers"), "workers-04");
        assert_eq!(next_node_name(names.iter(), "gpu"), "gpu-02");
        assert_eq!(next_node_name(names.iter(), "edge"), "edge-01");
    }

    #[test]
    fn the_daemon_pods_of_a_node_at_the_end() {
        let mut simulation = Simulation::load(crate::EXAMPLE_SCENARIO).expect("loads");
        simulation.run_steps();
        let state = &simulation.frames().last().expect("frames").state;
        let node = state.nodes.keys().next().expect("a node").clone();
        let pods = daemon_pods_on(state, &node);
        assert_eq!(pods.len(), 1, "one node-logger pod per node: {pods:?}");
        assert!(pods[0].1.starts_with("node-logger-"), "{pods:?}");
        assert_eq!(cordoned(state, &node), Some(false));
        assert_eq!(cordoned(state, "no-such-node"), None);
        assert!(daemon_pods_on(state, "no-such-node").is_empty());
    }
}
