//! One frame of the timeline as the `Frame` interface: each node with its daemon pods, and
//! each DaemonSet's status, as the playground draws them.

use dsplay_engine::api::controller_of;
use dsplay_engine::controller::daemonset::{target_node_name, REVISION_HASH_LABEL, TEMPLATE_GENERATION_LABEL};
use dsplay_engine::pod_readiness::{is_pod_ready, is_terminating, label, node_name, phase};
use dsplay_engine::simulation::{Frame, Marker};
use dsplay_model::k8s_openapi::api::apps::v1::DaemonSet;
use dsplay_model::k8s_openapi::api::core::v1::{Node, Pod};
use dsplay_model::tolerations::taint_to_string;
use serde_json::{json, Value};

fn owner_daemonset(pod: &Pod) -> Option<&str> {
    controller_of(&pod.metadata).filter(|o| o.kind == "DaemonSet").map(|o| o.name.as_str())
}

/// The node a pod belongs to: where it is bound, or, for a daemon pod not yet scheduled,
/// the node the controller made it for.
fn pod_node(pod: &Pod) -> Option<&str> {
    node_name(pod).or_else(|| target_node_name(pod))
}

fn daemon_pod_json(pod: &Pod, daemonset: &str) -> Value {
    json!({
        "name": pod.metadata.name,
        "namespace": pod.metadata.namespace.as_deref().unwrap_or("default"),
        "daemonset": daemonset,
        "phase": phase(pod),
        "ready": is_pod_ready(pod),
        "terminating": is_terminating(pod),
        "scheduled": node_name(pod).is_some(),
        "revision": label(pod, REVISION_HASH_LABEL),
        "generation": label(pod, TEMPLATE_GENERATION_LABEL).and_then(|g| g.parse::<i64>().ok()),
    })
}

fn node_json(node: &Node, pods: &[&Pod]) -> Value {
    let name = node.metadata.name.as_deref().unwrap_or("");
    let ready = node
        .status
        .as_ref()
        .and_then(|s| s.conditions.as_ref())
        .and_then(|c| c.iter().find(|c| c.type_ == "Ready"))
        .map_or("Unknown", |c| c.status.as_str());
    let spec = node.spec.clone().unwrap_or_default();
    let here: Vec<&&Pod> = pods.iter().filter(|p| pod_node(p) == Some(name)).collect();
    let daemon_pods: Vec<Value> = here.iter().filter_map(|p| owner_daemonset(p).map(|ds| daemon_pod_json(p, ds))).collect();
    let other_pods: Vec<&str> = here.iter().filter(|p| owner_daemonset(p).is_none()).filter_map(|p| p.metadata.name.as_deref()).collect();
    json!({
        "name": name,
        "ready": ready,
        "unschedulable": spec.unschedulable.unwrap_or(false),
        "labels": node.metadata.labels.clone().unwrap_or_default(),
        "taints": spec.taints.unwrap_or_default().iter().map(taint_to_string).collect::<Vec<_>>(),
        "daemonPods": daemon_pods,
        "otherPods": other_pods,
    })
}

fn daemonset_json(ds: &DaemonSet) -> Value {
    let s = ds.status.clone().unwrap_or_default();
    json!({
        "namespace": ds.metadata.namespace.as_deref().unwrap_or("default"),
        "name": ds.metadata.name,
        "generation": ds.metadata.generation.unwrap_or(0),
        "status": {
            "desiredNumberScheduled": s.desired_number_scheduled,
            "currentNumberScheduled": s.current_number_scheduled,
            "numberMisscheduled": s.number_misscheduled,
            "numberReady": s.number_ready,
            "numberAvailable": s.number_available.unwrap_or(0),
            "numberUnavailable": s.number_unavailable.unwrap_or(0),
            "updatedNumberScheduled": s.updated_number_scheduled.unwrap_or(0),
            "observedGeneration": s.observed_generation.unwrap_or(0),
        },
    })
}

fn marker_json(marker: &Marker) -> Value {
    match marker {
        Marker::Step(i) => json!({"step": i}),
        Marker::Command(line) => json!({"command": line}),
        Marker::UpdateApplied(ds) => json!({"updateApplied": ds}),
        Marker::RolloutComplete(ds) => json!({"rolloutComplete": ds}),
        Marker::RolloutBatch { daemonset, number, deleted, created, budget } => json!({"rolloutBatch": {
            "daemonset": daemonset, "number": number, "deleted": deleted, "created": created,
            "budget": {"kind": if budget.surge { "maxSurge" } else { "maxUnavailable" }, "value": budget.budget, "inUse": budget.in_use},
        }}),
        Marker::Stopped(churn) => {
            json!({"stopped": {"daemonset": churn.daemonset, "node": churn.node, "created": churn.created, "fate": churn.fate}})
        }
    }
}

/// A frame as the `Frame` interface.
pub fn frame_json(frame: &Frame) -> Value {
    let pods: Vec<&Pod> = frame.state.pods.values().map(|p| p.as_ref()).collect();
    json!({
        "time": frame.time_ms,
        "cause": frame.cause.to_string(),
        // `marker` (the first, or null) is what the package gave before frames had several.
        "marker": frame.markers.first().map_or(Value::Null, marker_json),
        "markers": frame.markers.iter().map(marker_json).collect::<Vec<_>>(),
        "nodes": frame.state.nodes.values().map(|n| node_json(n, &pods)).collect::<Vec<_>>(),
        "daemonsets": frame.state.daemonsets.values().map(|ds| daemonset_json(ds)).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsplay_engine::simulation::Simulation;

    const SCENARIO: &str = "apiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: t}\nspec:\n  nodePools: [{name: node, count: 2}]\n  steps: [settle]\n---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent}\nspec:\n  selector: {matchLabels: {app: a}}\n  template:\n    metadata: {labels: {app: a}}\n    spec: {containers: [{name: a, image: busybox}]}\n";

    #[test]
    fn last_frame_has_a_running_pod_per_node() {
        let mut sim = Simulation::load(SCENARIO).unwrap_or_else(|e| panic!("{e}"));
        sim.run_steps();
        let frame = frame_json(sim.frames().last().unwrap_or_else(|| panic!("no frames")));
        let nodes = frame["nodes"].as_array().cloned().unwrap_or_default();
        assert_eq!(nodes.len(), 2);
        for node in &nodes {
            assert_eq!(node["ready"], "True");
            let pods = node["daemonPods"].as_array().cloned().unwrap_or_default();
            assert_eq!(pods.len(), 1, "{node}");
            assert_eq!(pods[0]["phase"], "Running");
            assert_eq!(pods[0]["ready"], true);
            assert_eq!(pods[0]["daemonset"], "agent");
            assert_eq!(pods[0]["generation"], 1);
            assert!(pods[0]["revision"].is_string());
        }
        assert_eq!(frame["daemonsets"][0]["status"]["numberReady"], 2);
        assert_eq!(frame_json(&sim.frames()[0])["marker"], Value::Null);
        assert_eq!(frame_json(&sim.frames()[0])["markers"], json!([]));
    }

    #[test]
    fn a_rollout_marks_its_batches() {
        let mut sim = Simulation::load(SCENARIO).unwrap_or_else(|e| panic!("{e}"));
        sim.run_steps();
        sim.execute("kubectl set image ds/agent a=busybox:2");
        sim.execute("settle");
        let markers: Vec<Value> = sim.frames().iter().flat_map(|f| frame_json(f)["markers"].as_array().cloned().unwrap_or_default()).collect();
        let batches: Vec<&Value> = markers.iter().filter_map(|m| m.get("rolloutBatch")).collect();
        assert_eq!(batches.len(), 2, "{markers:?}");
        let budget = json!({"kind": "maxUnavailable", "value": 1, "inUse": 0});
        assert_eq!(batches[0], &json!({"daemonset": "default/agent", "number": 1, "deleted": 1, "created": 0, "budget": budget}));
        assert!(markers.iter().any(|m| m.get("updateApplied") == Some(&json!("default/agent"))));
    }
}
