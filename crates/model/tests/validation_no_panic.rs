//! Validation and defaulting never panic, whatever strings a manifest carries.

use dsplay_model::defaults::{default_daemonset, default_node, default_pod};
use dsplay_model::k8s_openapi::api::apps::v1::DaemonSet;
use dsplay_model::k8s_openapi::api::core::v1::{Node, Pod};
use dsplay_model::validation::{validate_daemonset, validate_daemonset_update, validate_node, validate_pod};
use proptest::prelude::*;

/// A DaemonSet whose free-text fields all come from the fuzzer.
fn daemonset(words: &[String]) -> Option<DaemonSet> {
    let w = |i: usize| serde_json::Value::String(words.get(i).cloned().unwrap_or_default());
    let doc = serde_json::json!({
        "apiVersion": "apps/v1", "kind": "DaemonSet",
        "metadata": {"name": w(0), "namespace": w(1), "labels": {w(2).as_str().unwrap_or(""): w(3)}},
        "spec": {
            "selector": {"matchLabels": {w(2).as_str().unwrap_or(""): w(3)},
                         "matchExpressions": [{"key": w(4), "operator": w(5), "values": [w(6)]}]},
            "updateStrategy": {"type": w(7), "rollingUpdate": {"maxSurge": w(8), "maxUnavailable": w(9)}},
            "template": {"metadata": {"labels": {w(2).as_str().unwrap_or(""): w(3)}}, "spec": {
                "restartPolicy": w(10), "dnsPolicy": w(11),
                "tolerations": [{"key": w(12), "operator": w(13), "value": w(14), "effect": w(15)}],
                "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                    {"matchExpressions": [{"key": w(4), "operator": w(5), "values": [w(6)]}],
                     "matchFields": [{"key": w(16), "operator": w(5), "values": [w(6)]}]}]}}},
                "volumes": [{"name": w(17), "hostPath": {"path": w(18), "type": w(19)}}],
                "containers": [{"name": w(17), "image": w(18), "imagePullPolicy": w(19),
                    "ports": [{"containerPort": 80, "name": w(20), "protocol": w(21)}],
                    "volumeMounts": [{"name": w(17), "mountPath": w(18), "subPath": w(22), "mountPropagation": w(23)}],
                    "env": [{"name": w(22)}],
                    "resources": {"limits": {w(20).as_str().unwrap_or(""): w(23)}, "requests": {"cpu": w(24), "memory": w(25)}}}]
            }}
        }
    });
    serde_json::from_value(doc).ok()
}

proptest! {
    #[test]
    fn daemonset_validation_never_panics(words in proptest::collection::vec(".{0,12}", 26)) {
        if let Some(mut ds) = daemonset(&words) {
            default_daemonset(&mut ds);
            let errs = validate_daemonset(&ds);
            let _ = validate_daemonset_update(&ds, &DaemonSet::default());
            prop_assert!(errs.iter().all(|e| !e.to_string().is_empty()));
        }
    }

    #[test]
    fn quantities_and_names_never_panic(q in "[-+0-9.eEinumkKMGTP]{0,24}", name in ".{0,70}") {
        let pod: Result<Pod, _> = serde_json::from_value(serde_json::json!({
            "apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "generateName": format!("{name}-")},
            "spec": {"containers": [{"name": "c", "image": "x", "resources": {"limits": {"cpu": q, "memory": q}}}]}
        }));
        if let Ok(mut pod) = pod {
            default_pod(&mut pod);
            prop_assert!(validate_pod(&pod).iter().all(|e| e.path.starts_with("metadata") || e.path.starts_with("spec")));
        }
        let node: Result<Node, _> = serde_json::from_value(serde_json::json!({
            "apiVersion": "v1", "kind": "Node", "metadata": {"name": name},
            "spec": {"taints": [{"key": name, "effect": name}, {"key": name, "effect": name}]},
            "status": {"capacity": {"cpu": q}}
        }));
        if let Ok(mut node) = node {
            default_node(&mut node);
            prop_assert!(validate_node(&node).iter().all(|e| !e.body().is_empty()));
        }
    }
}
