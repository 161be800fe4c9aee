use super::*;
use crate::kubectl::command::{Command, DeleteFlags, Kubectl, PodRef};
use crate::refusal::Refusal;
use dsplay_model::strict_decoder::Found;

fn err(text: &str) -> ScenarioError {
    match parse_scenario(text) {
        Ok(s) => panic!("parsed: {}", s.name),
        Err(e) => e,
    }
}

const HEAD: &str = "apiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: t}\nspec:\n";

#[test]
fn every_conformance_scenario_parses() {
    let files = crate::test_fixtures::conformance_scenarios();
    assert!(files.len() >= 15, "found {} files", files.len());
    for (path, text) in files {
        let scenario = parse_scenario(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(!scenario.steps.is_empty(), "{path}");
        assert!(!scenario.manifests.is_empty(), "{path}");
        assert!(path.ends_with(&format!("{}.yaml", scenario.name)), "{path}: name {}", scenario.name);
        for (i, step) in scenario.steps.iter().enumerate() {
            assert_eq!(step.index, i);
        }
    }
}

#[test]
fn a_conformance_scenario_in_detail() {
    let text = crate::test_fixtures::conformance_scenarios()
        .into_iter()
        .find(|(p, _)| p.ends_with("on-delete-manual-canary.yaml"))
        .map(|(_, t)| t)
        .unwrap_or_default();
    let s = parse_scenario(&text).unwrap();
    assert_eq!(s.name, "on-delete-manual-canary");
    assert_eq!(s.timing, Timing { pod_startup_ms: 2000, pod_ready_ms: 0, node_heartbeat_grace_ms: 50_000 });
    assert_eq!(s.node_pools.len(), 1);
    let names: Vec<_> = s.pool_nodes().into_iter().filter_map(|n| n.metadata.name).collect();
    assert_eq!(names, ["node-01", "node-02", "node-03", "node-04"]);
    assert_eq!(s.steps[0].action, StepAction::Command(Command::Settle));
    assert_eq!(s.steps[0].line, 14);
    assert_eq!(s.steps[4].action, StepAction::Command(Command::Kubectl(Kubectl::DeletePod { pod: PodRef::OnNode("node-03".into()), flags: DeleteFlags::default() })));
    let StepAction::Expect(e) = &s.steps[3].action else { panic!("step 4 is an expect") };
    assert_eq!(e.generation.get("node-03"), Some(&1));
    assert_eq!(e.status.get("updatedNumberScheduled"), Some(&0));
    assert_eq!(s.steps[3].line, 17);
    assert_eq!(s.manifests.len(), 1);
    assert_eq!((s.manifests[0].document, s.manifests[0].line), (1, 26));
    let ManifestObject::DaemonSet(ds) = &s.manifests[0].object else { panic!("a DaemonSet") };
    assert_eq!(ds.metadata.namespace.as_deref(), Some("kube-system"));
}

#[test]
fn apply_later_and_rollout_expectations() {
    let text = crate::test_fixtures::conformance_scenarios()
        .into_iter()
        .find(|(p, _)| p.ends_with("broken-image-rollout-undo.yaml"))
        .map(|(_, t)| t)
        .unwrap_or_default();
    let s = parse_scenario(&text).unwrap();
    let StepAction::Expect(e) = &s.steps[4].action else { panic!("an expect") };
    assert_eq!(e.rollout, Some(RolloutExpectation { max_unavailable_seen: Some(1), complete: Some(false), ..Default::default() }));
    let cordoned = crate::test_fixtures::conformance_scenarios().into_iter().find(|(p, _)| p.ends_with("cordoned-node-still-runs.yaml")).map(|(_, t)| t);
    let s = parse_scenario(&cordoned.unwrap_or_default()).unwrap();
    assert!(s.manifests[0].apply_later);
    assert_eq!(s.manifest_to_apply("agent").map(|m| m.document), Some(1));
}

#[test]
fn unknown_keys_are_errors_with_path_and_line() {
    let e = err(&format!("{HEAD}  nodePools: [{{name: a, cont: 3}}]\n"));
    assert_eq!((e.document, e.line, e.path.as_deref()), (Some(0), Some(5), Some("spec.nodePools[0].cont")));
    let e = err(&format!("{HEAD}  steps:\n  - settle\n  - expect:\n      podsPerNod: {{a: 1}}\n"));
    assert_eq!(e.step, Some(1));
    assert_eq!(e.line, Some(8));
    assert_eq!(e.path.as_deref(), Some("spec.steps[1].expect.podsPerNod"));
    assert_eq!(e.to_string(), "document 1, line 8, step 2: unknown field \"spec.steps[1].expect.podsPerNod\"");
    let e = err(&format!("{HEAD}  steps:\n  - expect:\n      status: {{numberReddy: 1}}\n"));
    assert_eq!(e.path.as_deref(), Some("spec.steps[0].expect.status.numberReddy"));
    let e = err(&format!("{HEAD}  steps:\n  - expect:\n      phases: {{n: Runing}}\n"));
    assert!(e.message.contains("Unsupported value: \"Runing\""), "{e}");
    let e = err(&format!("{HEAD}  timing: {{podStartup: -1}}\n"));
    assert_eq!(e.path.as_deref(), Some("spec.timing.podStartup"));
    let e = err(&format!("{HEAD}  nodePools: [{{name: a, role: master}}]\n"));
    assert!(e.message.contains("unknown variant `master`"), "{e}");
}

#[test]
fn malformed_steps_name_their_step_and_line() {
    let e = err(&format!("{HEAD}  steps:\n  - settle\n  - kubectl taint node n1 a=b:Foo\n"));
    assert_eq!((e.step, e.line), (Some(1), Some(7)));
    assert!(e.to_string().starts_with("document 1, line 7, step 2: error: invalid taint effect: Foo"), "{e}");
    let e = err(&format!("{HEAD}  steps:\n  - {{expect: {{}}, settle: 1}}\n"));
    assert!(e.message.contains("the one key `expect`"), "{e}");
    let e = err(&format!("{HEAD}  steps:\n  - 42\n"));
    assert_eq!(e.step, Some(0));
    let e = err(&format!("{HEAD}  steps:\n  - kubectl apply -f nowhere\n"));
    assert!(e.message.contains("no document of the file has metadata.name \"nowhere\""), "{e}");
    let e = err(&format!("{HEAD}  steps:\n  - node add x --pool gpu\n"));
    assert_eq!(e.message, "error: no node pool named \"gpu\"");
    assert_eq!(e.refusal, Some(Refusal::NoNodePool { pool: "gpu".into() }));
}

/// Pools, Node documents and `node add` steps count toward one cap, checked at load.
#[test]
fn every_source_of_nodes_counts_toward_one_cap() {
    let pools = |count: u64| format!("{HEAD}  nodePools: [{{name: node, count: {count}}}]\n");
    let adds = |from: u64, n: u64| (from..from + n).map(|i| format!("  - node add extra-{i}\n")).collect::<String>();
    let nodes = |n: u64| (0..n).map(|i| format!("---\napiVersion: v1\nkind: Node\nmetadata: {{name: doc-{i}}}\n")).collect::<String>();
    let at_cap = format!("{}  steps:\n{}{}", pools(MAX_NODES - 3), adds(0, 2), nodes(1));
    assert_eq!(parse_scenario(&at_cap).map(|s| s.node_count()), Ok(MAX_NODES));
    for over in [
        format!("{}  steps:\n{}", pools(MAX_NODES), adds(0, 1)),
        format!("{}{}", pools(MAX_NODES - 1), nodes(2)),
        format!("{}  steps:\n{}{}", pools(MAX_NODES - 3), adds(0, 2), nodes(2)),
    ] {
        let e = err(&over);
        assert_eq!(e.refusal, Some(Refusal::TooManyNodes { nodes: MAX_NODES + 1, max: MAX_NODES }));
        assert_eq!(e.path.as_deref(), Some("spec"), "{e}");
    }
}

/// An expectation with nothing to check would pass whatever happened: refused at its line.
#[test]
fn an_expect_without_checks_is_refused() {
    for body in ["null", "{}", "{daemonset: agent}", "{rollout: {}}", "{events: []}"] {
        let e = err(&format!("{HEAD}  steps:\n  - settle\n  - expect: {body}\n"));
        assert_eq!((e.step, e.line), (Some(1), Some(7)), "{body}");
        assert!(e.to_string().contains("spec.steps[1].expect: an expect step needs at least one check: status, "), "{body}: {e}");
    }
    assert!(parse_scenario(&format!("{HEAD}  steps:\n  - expect: {{rollout: {{complete: true}}}}\n")).is_ok());
}

#[test]
fn documents_are_checked() {
    assert!(err("apiVersion: v1\nkind: Node\nmetadata: {name: a}\n").message.starts_with("no Scenario document"));
    let e = err(&format!("{HEAD}---\n{HEAD}"));
    assert_eq!(e.document, Some(1));
    assert!(e.message.contains("a second Scenario document"));
    let e = err(&format!("{HEAD}---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: d}}\n"));
    assert_eq!((e.document, e.line), (Some(1), Some(6)));
    assert!(e.message.contains("kind \"Deployment\""), "{e}");
    let e = err(&format!("{HEAD}---\napiVersion: extensions/v1beta1\nkind: DaemonSet\nmetadata: {{name: d}}\n"));
    assert_eq!(e.message, "no matches for kind \"DaemonSet\" in version \"extensions/v1beta1\"");
    let e = err(&format!("{HEAD}---\nkind: Pod\nmetadata: {{name: d}}\n"));
    assert_eq!(e.message, "error validating data: [apiVersion not set]");
    let e = err(&format!("{HEAD}---\napiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers: [{{name: c, imagee: x}}]\n"));
    assert_eq!((e.document, e.line, e.path.as_deref()), (Some(1), Some(10), Some("spec.containers[0].imagee")));
    let e = err("apiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: Bad_Name}\n");
    assert!(e.message.starts_with("metadata.name: Invalid value: \"Bad_Name\""), "{e}");
    let e = err(&format!("{HEAD}  nodePools: [{{name: node, count: 2}}]\n---\napiVersion: v1\nkind: Node\nmetadata: {{name: node-02}}\n"));
    assert!(e.message.contains("already made by node pool \"node\""), "{e}");
    let e = err(&format!("{HEAD}  nodePools: [{{name: a, count: 4000000000}}]\n"));
    assert_eq!(e.refusal, Some(Refusal::TooManyNodes { nodes: 4_000_000_000, max: MAX_NODES }));
    assert_eq!((e.line, e.path.as_deref()), (Some(5), Some("spec.nodePools[0].count")));
    let e = err(&format!("{HEAD}  nodePools: [{{name: a}}, {{name: a}}]\n"));
    assert_eq!(e.path.as_deref(), Some("spec.nodePools[1].name"));
    let syntax = err(&format!("{HEAD}  steps: [settle\n"));
    assert_eq!(syntax.document, Some(0));
    assert!(syntax.line.is_some() && syntax.column.is_some());
}

#[test]
fn pools_take_defaults_and_overrides() {
    let s = parse_scenario(&format!(
        "{HEAD}  nodePools:\n  - {{name: cp, role: control-plane}}\n  - name: big\n    count: 2\n    allocatable: {{cpu: 16}}\n    taints: [{{key: gpu, effect: NoSchedule}}]\n  timing: {{podStartup: 0.5, nodeHeartbeatGrace: 40}}\n"
    ))
    .unwrap();
    assert_eq!(s.node_pools[0].count, 1);
    assert_eq!(s.node_pools[0].role, NodeRole::ControlPlane);
    let big = &s.node_pools[1];
    assert_eq!(big.allocatable.get("cpu").map(|q| q.0.as_str()), Some("16"));
    assert_eq!(big.allocatable.get("memory").map(|q| q.0.as_str()), Some("8Gi"));
    assert_eq!(big.taints[0].key, "gpu");
    assert_eq!(s.timing, Timing { pod_startup_ms: 500, pod_ready_ms: 0, node_heartbeat_grace_ms: 40_000 });
    assert_eq!(s.pool_nodes().len(), 3);
}

#[test]
fn a_wrong_value_in_the_scenario_format_is_said_in_plain_words() {
    let count = |value: &str| err(&format!("{HEAD}  nodePools: [{{name: a, count: {value}}}]\n")).message;
    assert_eq!(count("-2"), "spec.nodePools[0].count: got -2, expected a node count from 0 to 10000");
    assert_eq!(count("lots"), "spec.nodePools[0].count: got \"lots\", expected a node count from 0 to 10000");
    assert_eq!(count("[1]"), "spec.nodePools[0].count: got a list, expected a node count from 0 to 10000");
    // Kept as a value, for the page to say in its language.
    let refused = err(&format!("{HEAD}  nodePools: [{{name: a, count: lots}}]\n"));
    let wrong = FieldError::new(
        "spec.nodePools[0].count",
        FieldProblem::WrongValue { found: Found::Scalar("\"lots\"".into()), expected: Expected::NodeCount { max: MAX_NODES } },
    );
    assert_eq!(refused.refusal, Some(Refusal::ScenarioFields(vec![wrong])));
    assert_eq!((refused.line, refused.path.as_deref()), (Some(5), Some("spec.nodePools[0].count")));
}
