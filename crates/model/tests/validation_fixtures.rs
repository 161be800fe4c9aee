//! The conformance scenarios' manifests and the seed articles' DaemonSets: every manifest
//! is accepted, except those a scenario expects the API server to reject.

use std::fs;
use std::path::{Path, PathBuf};

use dsplay_model::defaults::{default_daemonset, default_pod};
use dsplay_model::k8s_openapi::api::apps::v1::DaemonSet;
use dsplay_model::k8s_openapi::api::core::v1::Pod;
use dsplay_model::validation::{invalid_object_message, validate_daemonset, validate_pod, FieldError};
use serde::Deserialize;

fn conformance_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance")
}

fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
    files.sort();
    files
}

/// Every document of a multi-document YAML file.
fn documents(path: &Path) -> Vec<serde_yaml::Value> {
    let text = fs::read_to_string(path).unwrap_or_default();
    serde_yaml::Deserializer::from_str(&text)
        .filter_map(|doc| serde_yaml::Value::deserialize(doc).ok())
        .collect()
}

fn kind(doc: &serde_yaml::Value) -> &str {
    doc.get("kind").and_then(serde_yaml::Value::as_str).unwrap_or("")
}

fn daemonset_errors(doc: serde_yaml::Value) -> (String, Vec<FieldError>) {
    let mut ds: DaemonSet = match serde_yaml::from_value(doc) {
        Ok(ds) => ds,
        Err(e) => panic!("a DaemonSet does not parse: {e}"),
    };
    default_daemonset(&mut ds);
    (ds.metadata.name.clone().unwrap_or_default(), validate_daemonset(&ds))
}

/// What the scenarios expect of the manifests they apply and see rejected.
fn expected_rejection(name: &str) -> Option<&'static str> {
    match name {
        "both-set" => Some("may not be set when maxUnavailable is non-zero"),
        "both-zero" => Some("cannot be 0 when maxSurge is 0"),
        "mismatch" => Some("`selector` does not match template `labels`"),
        _ => None,
    }
}

#[test]
fn conformance_manifests_validate_as_the_scenarios_expect() {
    let files = yaml_files(&conformance_dir());
    assert!(files.len() >= 15, "conformance scenarios not found in {}", conformance_dir().display());
    let mut daemonsets = 0;
    let mut rejected = Vec::new();
    for file in files {
        for doc in documents(&file) {
            match kind(&doc) {
                "DaemonSet" => {
                    daemonsets += 1;
                    let (name, errs) = daemonset_errors(doc);
                    let message = invalid_object_message("DaemonSet", &name, &errs);
                    match expected_rejection(&name) {
                        Some(text) => {
                            assert!(message.contains(text), "{}: {message}", file.display());
                            rejected.push(name);
                        }
                        None => assert!(errs.is_empty(), "{}: {message}", file.display()),
                    }
                }
                "Pod" => {
                    let mut pod: Pod = match serde_yaml::from_value(doc) {
                        Ok(pod) => pod,
                        Err(e) => panic!("{}: a Pod does not parse: {e}", file.display()),
                    };
                    default_pod(&mut pod);
                    let errs = validate_pod(&pod);
                    assert!(errs.is_empty(), "{}: {}", file.display(), invalid_object_message("Pod", "", &errs));
                }
                _ => {}
            }
        }
    }
    assert_eq!(daemonsets, 18);
    rejected.sort();
    assert_eq!(rejected, vec!["both-set", "both-zero", "mismatch"]);
}

#[test]
fn the_exact_rejections_of_the_invalid_surge_scenario() {
    let file = conformance_dir().join("invalid-surge-and-unavailable.yaml");
    let messages: Vec<String> = documents(&file)
        .into_iter()
        .filter(|d| kind(d) == "DaemonSet")
        .map(|d| {
            let (name, errs) = daemonset_errors(d);
            invalid_object_message("DaemonSet", &name, &errs)
        })
        .collect();
    assert_eq!(
        messages,
        vec![
            "The DaemonSet \"both-set\" is invalid: spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: \"5%\": may not be set when maxUnavailable is non-zero".to_owned(),
            "The DaemonSet \"both-zero\" is invalid: spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0".to_owned(),
        ]
    );
}

fn seed(name: &str) -> (String, Vec<FieldError>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/seeds").join(name);
    let doc = documents(&path).into_iter().next().unwrap_or(serde_yaml::Value::Null);
    daemonset_errors(doc)
}

#[test]
fn seed_daemonsets_are_accepted() {
    for name in ["000-node-logger.yaml", "000-node-exporter.yaml", "001-fluentd-logging.yaml"] {
        let (ds, errs) = seed(name);
        assert!(errs.is_empty(), "{name}: {}", invalid_object_message("DaemonSet", &ds, &errs));
    }
}

#[test]
fn the_large_cluster_rollout_of_article_001_is_rejected() {
    let (name, errs) = seed("001-large-cluster-rollout.yaml");
    assert_eq!(
        invalid_object_message("DaemonSet", &name, &errs),
        "The DaemonSet \"fluentd-logging\" is invalid: spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: \"5%\": may not be set when maxUnavailable is non-zero"
    );
}
