//! `validateManifest`: the API server's verdict on each document, as `dsplay validate`
//! gives it (strict decoding, API server defaults, then validation), with lines.

use dsplay_engine::scenario::{parse_scenario, SCENARIO_API_VERSION};
use dsplay_model::defaults::{default_daemonset, default_node, default_pod};
use dsplay_model::document::{decode_strict, split_documents, RawDocument};
use dsplay_model::field_path::FieldPath;
use dsplay_model::k8s_openapi::api::apps::v1::DaemonSet;
use dsplay_model::k8s_openapi::api::core::v1::{Node, Pod};
use dsplay_model::k8s_openapi::serde::de::DeserializeOwned;
use dsplay_model::validation::{validate_daemonset, validate_node, validate_pod, FieldError};
use serde_json::{json, Value};

fn message(document: usize, line: Option<usize>, path: Option<&str>, text: &str) -> Value {
    json!({"document": document + 1, "line": line, "path": path, "message": text})
}

fn decode<T: DeserializeOwned>(doc: &RawDocument) -> Result<T, Value> {
    decode_strict(doc).map_err(|e| {
        let kind = doc.kind.as_deref().unwrap_or("");
        let version = doc.api_version.as_deref().and_then(|v| v.rsplit('/').next()).unwrap_or("");
        let reason = if e.message.starts_with("unknown field") { format!("strict decoding error: {}", e.message) } else { e.message.clone() };
        message(doc.index, e.line.or(Some(doc.line)), e.path.as_deref(), &format!("{kind} in version \"{version}\" cannot be handled as a {kind}: {reason}"))
    })
}

fn field_errors(doc: &RawDocument, errors: Vec<FieldError>) -> Vec<Value> {
    errors
        .iter()
        .map(|e| {
            let line = doc.locate(&FieldPath::parse(&e.path)).map_or(doc.line, |p| p.line);
            message(doc.index, Some(line), Some(&e.path), &e.to_string())
        })
        .collect()
}

fn document_messages(text: &str, doc: &RawDocument) -> Vec<Value> {
    let run = || -> Result<Vec<FieldError>, Value> {
        Ok(match (doc.api_version.as_deref().unwrap_or(""), doc.kind.as_deref().unwrap_or("")) {
            (SCENARIO_API_VERSION, "Scenario") => {
                return match parse_scenario(text) {
                    Ok(_) => Ok(Vec::new()),
                    Err(e) => Err(message(e.document.unwrap_or(doc.index), e.line, e.path.as_deref(), &e.message)),
                }
            }
            ("apps/v1", "DaemonSet") => {
                let mut ds: DaemonSet = decode(doc)?;
                default_daemonset(&mut ds);
                validate_daemonset(&ds)
            }
            ("v1", "Pod") => {
                let mut pod: Pod = decode(doc)?;
                default_pod(&mut pod);
                validate_pod(&pod)
            }
            ("v1", "Node") => {
                let mut node: Node = decode(doc)?;
                default_node(&mut node);
                validate_node(&node)
            }
            ("", _) | (_, "") => {
                let missing: Vec<&str> =
                    [doc.api_version.is_none().then_some("apiVersion not set"), doc.kind.is_none().then_some("kind not set")].into_iter().flatten().collect();
                return Err(message(doc.index, Some(doc.line), None, &format!("error validating data: [{}]", missing.join(", "))));
            }
            (api_version, kind) => {
                return Err(message(doc.index, Some(doc.line), None, &format!("no matches for kind \"{kind}\" in version \"{api_version}\"")))
            }
        })
    };
    match run() {
        Ok(errors) => field_errors(doc, errors),
        Err(single) => vec![single],
    }
}

/// `{valid, messages}` for a manifest file (the `ValidationResult` interface).
pub fn validate_manifest_json(yaml: &str) -> Value {
    let documents = match split_documents(yaml) {
        Ok(documents) => documents,
        Err(e) => return json!({"valid": false, "messages": [message(e.document, e.line, e.path.as_deref(), &e.message)]}),
    };
    if documents.is_empty() {
        return json!({"valid": false, "messages": [message(0, None, None, "no objects passed to apply")]});
    }
    let messages: Vec<Value> = documents.iter().flat_map(|doc| document_messages(yaml, doc)).collect();
    json!({"valid": messages.is_empty(), "messages": messages})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_valid_daemonset_has_no_messages() {
        let v = validate_manifest_json("apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: a}\nspec:\n  selector: {matchLabels: {app: a}}\n  template:\n    metadata: {labels: {app: a}}\n    spec: {containers: [{name: a, image: busybox}]}\n");
        assert_eq!(v, json!({"valid": true, "messages": []}));
    }

    #[test]
    fn unknown_fields_and_invalid_values_say_where() {
        let text = "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: a}\nspec:\n  selector: {matchLabels: {app: a}}\n  template:\n    metadata: {labels: {app: b}}\n    spec: {containers: [{name: a, image: busybox}]}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: nginx\n    mountOnly: true\n";
        let v = validate_manifest_json(text);
        assert_eq!(v["valid"], false);
        let messages = v["messages"].as_array().cloned().unwrap_or_default();
        assert!(messages.iter().any(|m| m["document"] == 1 && m["path"] == "spec.template.metadata.labels" && m["line"] == 7), "{v}");
        assert!(messages.iter().any(|m| m["document"] == 2 && m["message"].as_str().unwrap_or("").contains("strict decoding error: unknown field \"spec.containers[0].mountOnly\"")), "{v}");
    }

    #[test]
    fn syntax_errors_and_empty_input() {
        assert_eq!(validate_manifest_json("a: [")["valid"], false);
        assert_eq!(validate_manifest_json("")["messages"][0]["message"], "no objects passed to apply");
    }
}
