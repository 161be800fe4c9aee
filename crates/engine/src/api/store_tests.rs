//! The API server's events over a whole scenario.

use crate::simulation::Simulation;
use crate::test_fixtures::AGENT_SCENARIO;

/// A rollout replaces every pod, a node goes silent and another is deleted (its
/// pods are collected, after they left the store): every pod event still says
/// which node the pod was on, and node events name the node as `Node/<name>`.
#[test]
fn events_remember_the_node_of_pods_that_are_gone() {
    let text = AGENT_SCENARIO.replace(
        "  - settle\n",
        "  - settle\n  - kubectl set image ds/agent agent=busybox:1.37\n  - settle\n  - node down node-02\n  - kubectl delete node node-03\n  - advance 2m\n",
    );
    let mut simulation = Simulation::load(&text).unwrap_or_else(|e| panic!("{e:?}"));
    simulation.run_steps();
    let state = simulation.state();
    let events: Vec<_> = state.events.iter().collect();
    assert!(events.iter().all(|e| !e.object.contains("//")), "{events:#?}");
    let not_ready = events.iter().find(|e| e.reason == "NodeNotReady").unwrap_or_else(|| panic!("{events:#?}"));
    assert_eq!((not_ready.object.as_str(), not_ready.node.as_deref()), ("Node/node-02", Some("node-02")));
    for e in events.iter().filter(|e| e.object.starts_with("Pod/")) {
        assert!(e.node.is_some(), "a pod event without its node: {e:?}");
    }
    for e in events.iter().filter(|e| e.object.starts_with("DaemonSet/")) {
        assert_eq!(e.node, None, "{e:?}");
    }
    // The first pod on node-01 was replaced: its Started and Killing events stay node-01's.
    let scheduled = |node: &str| -> Vec<String> {
        events
            .iter()
            .filter(|e| e.reason == "Scheduled" && e.message.ends_with(&format!(" to {node}")))
            .map(|e| e.object.clone())
            .collect()
    };
    let first = scheduled("node-01").first().cloned().unwrap_or_else(|| panic!("{events:#?}"));
    assert!(!state.pods.contains_key(first.trim_start_matches("Pod/")), "the first pod was replaced");
    let reasons: Vec<(&str, Option<&str>)> =
        events.iter().filter(|e| e.object == first).map(|e| (e.reason.as_str(), e.node.as_deref())).collect();
    assert_eq!(reasons, [("Scheduled", Some("node-01")), ("Pulled", Some("node-01")), ("Created", Some("node-01")), ("Started", Some("node-01")), ("Killing", Some("node-01"))]);
    // The pod GC has deleted the pods of node-03, silently: it has no event recorder.
    assert!(state.pods.values().all(|p| crate::pod_readiness::node_name(p) != Some("node-03")), "node-03's pods were collected");
    assert!(events.iter().all(|e| e.source != "pod-garbage-collector"), "{events:#?}");
}
