use super::*;
use crate::scenario::parse_scenario;
use dsplay_model::document::{decode_strict, split_documents};
use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{Node, Pod};

const SCENARIO: &str = r#"
apiVersion: dsplay/v1
kind: Scenario
metadata: {name: export-me}
spec:
  nodePools:
  - {name: cp, count: 1, role: control-plane}
  - {name: node, count: 2, labels: {disk-type: ssd}, allocatable: {cpu: "8"}}
  steps:
  - settle
  - kubectl set image ds/node-exporter node-exporter=prom/node-exporter:v1.7.0 -n monitoring
  - advance 30s
  - advance 1500ms
  - expect:
      daemonset: node-exporter
      status: {updatedNumberScheduled: 3}
      podsPerNode: {node-01: 1}
  - kubectl rollout status ds/node-exporter -n monitoring
  - kubectl delete pod @node-02
  - node down node-02
  - node up node-02
  - node add node-03 --pool node
  - image prom/node-exporter:v1.7.0 crash
  - kubectl apply -f agent
  - expect: {error: "may not be set"}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: node-exporter, namespace: monitoring}
spec:
  selector: {matchLabels: {app: ne}}
  template:
    metadata: {labels: {app: ne}}
    spec:
      containers: [{name: node-exporter, image: "prom/node-exporter:v1.6.1"}]
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  annotations: {dsplay/apply: later}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      tolerations: [{operator: Exists}]
      containers: [{name: agent, image: "busybox:1.36"}]
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  nodeName: node-01
  containers: [{name: web, image: nginx}]
"#;

fn bundle() -> ExportBundle {
    let scenario = parse_scenario(SCENARIO).unwrap_or_else(|e| panic!("{e}"));
    export_for_cluster(&scenario)
}

#[test]
fn manifests_are_strict_kubernetes_yaml_in_apply_order() {
    let docs = split_documents(&bundle().manifests).unwrap_or_else(|e| panic!("{e:?}"));
    let kinds: Vec<String> = docs.iter().map(|d| format!("{}/{}", d.kind.clone().unwrap_or_default(), d.name.clone().unwrap_or_default())).collect();
    assert_eq!(kinds, ["Namespace/monitoring", "Node/cp-01", "Node/node-01", "Node/node-02", "DaemonSet/node-exporter", "Pod/web"]);
    for doc in &docs {
        match doc.kind.as_deref() {
            Some("Node") => {
                let node: Node = decode_strict(doc).unwrap_or_else(|e| panic!("{e:?}"));
                let annotations = node.metadata.annotations.unwrap_or_default();
                assert_eq!(annotations.get("kwok.x-k8s.io/node").map(String::as_str), Some("fake"));
                assert_eq!(annotations.get("node.alpha.kubernetes.io/ttl").map(String::as_str), Some("0"));
                assert_eq!(node.metadata.labels.unwrap_or_default().get("type").map(String::as_str), Some("kwok"));
                let taints = node.spec.unwrap_or_default().taints.unwrap_or_default();
                assert!(taints.iter().any(|t| t.key == "kwok.x-k8s.io/node" && t.value.as_deref() == Some("fake") && t.effect == "NoSchedule"));
            }
            Some("DaemonSet") => {
                let ds: DaemonSet = decode_strict(doc).unwrap_or_else(|e| panic!("{e:?}"));
                let spec = ds.spec.unwrap_or_default().template.spec.unwrap_or_default();
                assert!(spec.tolerations.unwrap_or_default().iter().any(|t| t.key.as_deref() == Some("kwok.x-k8s.io/node")));
                assert_eq!(spec.node_selector.unwrap_or_default().get("type").map(String::as_str), Some("kwok"));
            }
            Some("Pod") => {
                let pod: Pod = decode_strict(doc).unwrap_or_else(|e| panic!("{e:?}"));
                assert_eq!(pod.spec.unwrap_or_default().node_name.as_deref(), Some("node-01"));
            }
            _ => {}
        }
    }
}

#[test]
fn pool_shape_reaches_the_kwok_nodes() {
    let manifests = bundle().manifests;
    let docs = split_documents(&manifests).unwrap_or_else(|e| panic!("{e:?}"));
    let node = docs.iter().find(|d| d.name.as_deref() == Some("node-02")).unwrap_or_else(|| panic!("no node-02"));
    let node: Node = decode_strict(node).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(node.metadata.labels.unwrap_or_default().get("disk-type").map(String::as_str), Some("ssd"));
    let cpu = node.status.unwrap_or_default().allocatable.unwrap_or_default().get("cpu").cloned();
    assert_eq!(cpu.map(|q| q.0), Some("8".to_owned()));
    let cp = docs.iter().find(|d| d.name.as_deref() == Some("cp-01")).unwrap_or_else(|| panic!("no cp-01"));
    let cp: Node = decode_strict(cp).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(cp.spec.unwrap_or_default().taints.unwrap_or_default().iter().any(|t| t.key == "node-role.kubernetes.io/control-plane"));
}

#[test]
fn each_addition_is_explained_by_a_comment_above_it() {
    let manifests = bundle().manifests;
    let lines: Vec<&str> = manifests.lines().collect();
    let comment = lines.iter().position(|l| l.contains(TOLERATION_COMMENT)).unwrap_or_else(|| panic!("no toleration comment:\n{manifests}"));
    let item: String = lines[comment + 1..comment + 4].join("\n");
    assert!(item.contains("- effect: NoSchedule") && item.contains("key: kwok.x-k8s.io/node"), "comment not above the toleration:\n{item}");
    let selector = lines.iter().position(|l| l.contains(NODE_SELECTOR_COMMENT)).unwrap_or_else(|| panic!("no selector comment"));
    assert_eq!(lines.get(selector + 1).map(|l| l.trim()), Some("type: kwok"));
    assert!(!manifests.contains("dsplay/apply"), "simulation metadata leaked:\n{manifests}");
}

#[test]
fn script_replays_the_timeline_with_real_equivalents() {
    let script = bundle().script;
    let expected = [
        "kubectl apply -f export-me.yaml",
        "kubectl wait --for=condition=Ready node -l type=kwok --timeout=60s",
        "kubectl rollout status ds/node-exporter -n monitoring --timeout=120s 2>/dev/null || true",
        "kubectl set image ds/node-exporter node-exporter=prom/node-exporter:v1.7.0 -n monitoring\n",
        "sleep 30\n",
        "sleep 1.500\n",
        "#   status: updatedNumberScheduled=3",
        "#   daemon pods per node: node-01=1",
        "kubectl rollout status ds/node-exporter -n monitoring --watch=false\n",
        "--field-selector spec.nodeName=node-02",
        "kubectl annotate node node-02 kwok.x-k8s.io/node-\n",
        "kubectl annotate node node-02 kwok.x-k8s.io/node=fake --overwrite\n",
        "# Simulation only: from here on, containers of prom/node-exporter:v1.7.0 crash-loop.",
        "#   the last command failed with: may not be set",
    ];
    for text in expected {
        assert!(script.contains(text), "script lacks {text:?}:\n{script}");
    }
    assert!(script.starts_with("#!/usr/bin/env bash\n"));
    assert!(!script.lines().any(|l| l.starts_with("set -e")), "steps that fail on purpose must not stop the script");
}

#[test]
fn later_documents_and_new_nodes_are_applied_inline() {
    let script = bundle().script;
    let heredocs: Vec<&str> = script.split(&format!("kubectl apply -f - <<'{HEREDOC}'\n")).skip(1).collect();
    assert_eq!(heredocs.len(), 2, "node add and apply -f agent:\n{script}");
    let node = heredocs[0].split(&format!("\n{HEREDOC}\n")).next().unwrap_or_default();
    let node: Node = serde_yaml::from_str(node).unwrap_or_else(|e| panic!("{e}: {node}"));
    assert_eq!(node.metadata.name.as_deref(), Some("node-03"));
    assert_eq!(node.metadata.labels.unwrap_or_default().get("disk-type").map(String::as_str), Some("ssd"));
    let agent = heredocs[1].split(&format!("\n{HEREDOC}\n")).next().unwrap_or_default();
    assert!(agent.contains("name: agent"));
    // operator Exists already tolerates the kwok taint: nothing added, nothing explained.
    assert!(!agent.contains(TOLERATION_COMMENT));
    assert!(agent.contains(NODE_SELECTOR_COMMENT));
}

#[test]
fn every_gallery_scenario_exports() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../gallery");
    let mut exported = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).filter_map(Result::ok) {
        let path = entry.path();
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        // index.yaml is not a scenario; a scenario the engine cannot load has nothing to export.
        let Ok(scenario) = parse_scenario(&text) else { continue };
        let bundle = export_for_cluster(&scenario);
        split_documents(&bundle.manifests).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        assert!(bundle.script.lines().count() > scenario.steps.len(), "{}", path.display());
        exported += 1;
    }
    assert!(exported >= 15, "only {exported} gallery scenarios exported");
}

/// A shared scenario whose words look like shell: the script passes them to kubectl as
/// words, and its comments stay comments.
const HOSTILE: &str = r#"
apiVersion: dsplay/v1
kind: Scenario
metadata: {name: hostile}
spec:
  nodePools: [{name: node, count: 1}]
  steps:
  - kubectl set image ds/agent agent=agent:2;touch${IFS}/tmp/dsplay-owned-1
  - "kubectl get pod '$(touch dsplay-owned-2)' -o name"
  - "kubectl delete pods \"`touch dsplay-owned-3`\" \"it's\""
  - "image 'busybox\ntouch /tmp/dsplay-owned-4' ok"
  - expect:
      output: "x\ntouch /tmp/dsplay-owned-5"
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata:
      labels: {app: agent}
      annotations: {note: "line\nDSPLAY_EOF\ntouch /tmp/dsplay-owned-6"}
    spec:
      containers: [{name: agent, image: "agent:1"}]
"#;

#[test]
fn words_of_a_shared_scenario_are_quoted_for_the_shell() {
    let scenario = parse_scenario(HOSTILE).unwrap_or_else(|e| panic!("{e}"));
    let script = export_for_cluster(&scenario).script;
    assert!(script.contains("kubectl set image ds/agent 'agent=agent:2;touch${IFS}/tmp/dsplay-owned-1'\n"), "{script}");
    assert!(script.contains("kubectl get pod '$(touch dsplay-owned-2)' -o name\n"), "{script}");
    assert!(script.contains("kubectl delete pods '`touch dsplay-owned-3`' 'it'\\''s'\n"), "{script}");
    for line in script.lines() {
        let code = line.trim_start();
        assert!(code.starts_with('#') || !code.contains("touch /tmp"), "a scenario's text outside a comment or a quote: {line}");
        assert!(code.starts_with('#') || !code.contains("touch dsplay-owned") || code.contains("'"), "an unquoted word: {line}");
    }
}

/// The script run by bash, with a kubectl that only records its words: each step's
/// words arrive as written, and nothing else runs.
#[test]
fn the_script_runs_only_kubectl_with_the_scenario_words() {
    let Ok(bash) = which_bash() else { return };
    let dir = std::env::temp_dir().join(format!("dsplay-export-{}", std::process::id()));
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let log = dir.join("kubectl.log");
    let stub = format!("#!/bin/sh\nfor word in \"$@\"; do printf '[%s]' \"$word\" >> '{}'; done\necho >> '{}'\n", log.display(), log.display());
    std::fs::write(bin.join("kubectl"), stub).unwrap();
    std::process::Command::new("chmod").arg("+x").arg(bin.join("kubectl")).status().unwrap();
    let scenario = parse_scenario(HOSTILE).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("replay.sh"), export_for_cluster(&scenario).script).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let status = std::process::Command::new(bash).arg(dir.join("replay.sh")).env("PATH", path).status().unwrap();
    assert!(status.success());
    let calls = std::fs::read_to_string(&log).unwrap();
    assert!(calls.contains("[set][image][ds/agent][agent=agent:2;touch${IFS}/tmp/dsplay-owned-1]\n"), "{calls}");
    assert!(calls.contains("[get][pod][$(touch dsplay-owned-2)][-o][name]\n"), "{calls}");
    assert!(calls.contains("[delete][pods][`touch dsplay-owned-3`][it's]\n"), "{calls}");
    for n in 1..=6 {
        let made = [std::path::PathBuf::from(format!("/tmp/dsplay-owned-{n}")), dir.join(format!("dsplay-owned-{n}"))];
        assert!(!made.iter().any(|path| path.exists()), "the script ran the scenario's text {n}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn which_bash() -> Result<&'static str, ()> {
    ["/bin/bash", "/usr/bin/bash"].into_iter().find(|p| std::path::Path::new(p).exists()).ok_or(())
}
