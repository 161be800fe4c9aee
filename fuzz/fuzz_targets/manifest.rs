//! Manifests as `dsplay validate` reads them: split into documents, strict decoding,
//! defaulting and validation of DaemonSet, Node and Pod, and the error's line lookup.
#![no_main]

use dsplay_engine::scenario::{parse_scenario, SCENARIO_API_VERSION};
use dsplay_model::defaults::{default_daemonset, default_node, default_pod};
use dsplay_model::document::{bad_request_message, decode_strict, split_documents, RawDocument};
use dsplay_model::field_path::FieldPath;
use dsplay_model::k8s_openapi::api::apps::v1::DaemonSet;
use dsplay_model::k8s_openapi::api::core::v1::{Node, Pod};
use dsplay_model::validation::{distinct_errors, invalid_object_message, validate_daemonset, validate_node, validate_pod, FieldError};
use libfuzzer_sys::fuzz_target;

const MAX_BYTES: usize = 64 * 1024;

fuzz_target!(|data: &[u8]| {
    let Some(text) = dsplay_fuzz::text(data, MAX_BYTES) else { return };
    let Ok(documents) = split_documents(text) else { return };
    for doc in &documents {
        let name = doc.name.clone().unwrap_or_default();
        match (doc.api_version.as_deref().unwrap_or(""), doc.kind.as_deref().unwrap_or("")) {
            (SCENARIO_API_VERSION, "Scenario") => {
                let _ = parse_scenario(text);
            }
            ("apps/v1", "DaemonSet") => {
                if let Some(mut ds) = decode::<DaemonSet>(doc) {
                    default_daemonset(&mut ds);
                    judge(doc, "DaemonSet", &name, validate_daemonset(&ds));
                }
            }
            ("v1", "Pod") => {
                if let Some(mut pod) = decode::<Pod>(doc) {
                    default_pod(&mut pod);
                    judge(doc, "Pod", &name, validate_pod(&pod));
                }
            }
            ("v1", "Node") => {
                if let Some(mut node) = decode::<Node>(doc) {
                    default_node(&mut node);
                    judge(doc, "Node", &name, validate_node(&node));
                }
            }
            _ => {}
        }
    }
});

fn decode<T: dsplay_model::k8s_openapi::serde::de::DeserializeOwned>(doc: &RawDocument) -> Option<T> {
    match decode_strict(doc) {
        Ok(object) => Some(object),
        Err(error) => {
            let _ = bad_request_message(doc, &error, "fuzz.yaml");
            if let Some(path) = error.path.as_deref() {
                let _ = doc.locate(&FieldPath::parse(path));
            }
            None
        }
    }
}

fn judge(doc: &RawDocument, kind: &str, name: &str, errors: Vec<FieldError>) {
    if errors.is_empty() {
        return;
    }
    let _ = invalid_object_message(kind, name, &errors);
    for error in distinct_errors(&errors) {
        let _ = doc.locate(&FieldPath::parse(&error.path));
    }
}
