//! `dsplay validate <manifest>`: the API server's verdict on each document of a file, as
//! `kubectl apply --dry-run=server` would print it. Strict decoding first (unknown fields,
//! wrong types), then defaulting and validation with the API server's messages.
//!
//! A scenario file may be validated too: its Scenario document is checked by the scenario
//! parser, its manifests like any other.

use dsplay_engine::scenario::{parse_scenario, SCENARIO_API_VERSION};
use dsplay_model::defaults::{default_daemonset, default_node, default_pod};
use dsplay_model::document::{bad_request_message, decode_strict, split_documents, ParseError, RawDocument};
use dsplay_model::field_path::FieldPath;
use dsplay_model::k8s_openapi::api::apps::v1::DaemonSet;
use dsplay_model::k8s_openapi::api::core::v1::{Node, Pod};
use dsplay_model::validation::{distinct_errors, invalid_object_message, validate_daemonset, validate_node, validate_pod, FieldError};

pub fn main(args: &[String]) -> i32 {
    let [path] = args else {
        eprintln!("usage: dsplay validate <manifest.yaml>");
        return 2;
    };
    let text = match crate::read_input(std::path::Path::new(path)) {
        Ok(text) => text,
        Err(status) => return status,
    };
    let documents = match split_documents(&text) {
        Ok(documents) => documents,
        Err(error) => {
            // kubectl: `error: error parsing <file>: error converting YAML to JSON: ...`.
            eprintln!("error: error parsing {path}: {error}");
            return 2;
        }
    };
    if documents.is_empty() {
        eprintln!("error: no objects passed to apply");
        return 2;
    }
    let mut invalid = false;
    for doc in &documents {
        let verdict = verdict(path, &text, doc);
        invalid |= verdict.is_err();
        match verdict {
            Ok(line) => outln!("{line}"),
            Err(lines) => {
                for line in lines {
                    outln!("{line}");
                }
            }
        }
    }
    i32::from(invalid)
}

/// The success line, or the lines of the error.
fn verdict(path: &str, text: &str, doc: &RawDocument) -> Result<String, Vec<String>> {
    let name = doc.name.clone().unwrap_or_default();
    match (doc.api_version.as_deref().unwrap_or(""), doc.kind.as_deref().unwrap_or("")) {
        (SCENARIO_API_VERSION, "Scenario") => match parse_scenario(text) {
            Ok(_) => Ok(format!("scenario/{name} validated")),
            Err(error) => Err(vec![format!("error: {path}: {error}")]),
        },
        ("apps/v1", "DaemonSet") => {
            let mut ds: DaemonSet = decode(path, doc)?;
            default_daemonset(&mut ds);
            judge(path, doc, "DaemonSet", "daemonset.apps", &name, validate_daemonset(&ds))
        }
        ("v1", "Pod") => {
            let mut pod: Pod = decode(path, doc)?;
            default_pod(&mut pod);
            judge(path, doc, "Pod", "pod", &name, validate_pod(&pod))
        }
        ("v1", "Node") => {
            let mut node: Node = decode(path, doc)?;
            default_node(&mut node);
            judge(path, doc, "Node", "node", &name, validate_node(&node))
        }
        ("", _) | (_, "") => {
            let missing: Vec<&str> = [
                doc.api_version.is_none().then_some("apiVersion not set"),
                doc.kind.is_none().then_some("kind not set"),
            ]
            .into_iter()
            .flatten()
            .collect();
            Err(vec![
                format!("error: error validating \"{path}\": error validating data: [{}]", missing.join(", ")),
                at(path, doc.line, None),
            ])
        }
        (api_version, kind) => Err(vec![
            format!(
                "error: resource mapping not found for name: \"{name}\" namespace: \"\" from \"{path}\": no matches for kind \"{kind}\" in version \"{api_version}\""
            ),
            at(path, doc.line, None),
        ]),
    }
}

/// Strict decoding, with the API server's `BadRequest` wording for unknown fields.
fn decode<T: dsplay_model::k8s_openapi::serde::de::DeserializeOwned>(path: &str, doc: &RawDocument) -> Result<T, Vec<String>> {
    decode_strict(doc).map_err(|error: ParseError| {
        vec![
            bad_request_message(doc, &error, path),
            at(path, error.line.unwrap_or(doc.line), error.path.as_deref()),
        ]
    })
}

fn judge(path: &str, doc: &RawDocument, kind: &str, resource: &str, name: &str, errors: Vec<FieldError>) -> Result<String, Vec<String>> {
    if errors.is_empty() {
        return Ok(format!("{resource}/{name} validated"));
    }
    let mut lines = vec![invalid_object_message(kind, name, &errors)];
    for error in distinct_errors(&errors) {
        let line = doc.locate(&FieldPath::parse(&error.path)).map_or(doc.line, |p| p.line);
        lines.push(at(path, line, Some(&error.path)));
    }
    Err(lines)
}

/// `  at file:line: path`, compiler style, so an editor can jump to it.
fn at(path: &str, line: usize, field: Option<&str>) -> String {
    match field {
        Some(field) => format!("  at {path}:{line}: {field}"),
        None => format!("  at {path}:{line}"),
    }
}
