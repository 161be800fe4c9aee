//! Why a scenario, or an edit of it, did not load, and where in its text: a parse error
//! at its line, or the API server's answer to a document with each field error it
//! lists at the line of that field (the nearest parent present when the field is not).

use std::fmt;

use dsplay_model::document::{locate, split_documents};
use dsplay_model::field_path::FieldPath;

use crate::api::ApiError;
use crate::scenario::Manifest;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub message: String,
    /// 1-based line of the text: the first field error's, else the error's.
    pub line: Option<usize>,
    /// The field errors of an API server's answer, in its order (empty otherwise).
    pub details: Vec<ErrorDetail>,
}

/// One field error of the API server's answer, and where its field stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorDetail {
    pub line: Option<usize>,
    /// As the answer prints it: `spec.selector: Invalid value: ...: field is immutable`.
    pub text: String,
}

impl LoadError {
    pub fn at(message: String, line: Option<usize>) -> Self {
        LoadError { message, line, details: Vec::new() }
    }

    /// The API server refused `manifest`, a document of `text`.
    pub(super) fn refused(text: &str, manifest: &Manifest, error: &ApiError) -> Self {
        let details: Vec<ErrorDetail> = error
            .field_errors()
            .iter()
            .map(|field_error| ErrorDetail {
                line: locate(text, manifest.document, &FieldPath::parse(&field_error.path)).map(|p| p.line),
                text: field_error.to_string(),
            })
            .collect();
        LoadError {
            message: format!("document {} ({}): {error}", manifest.document + 1, manifest.name),
            line: details.iter().find_map(|detail| detail.line).or(Some(manifest.line)),
            details,
        }
    }

    /// The API server refused a node of the pool `pool_index` of the scenario `text`:
    /// each field error is shown at the pool's own field, since the Node's labels and
    /// taints are the pool's (the Node's paths are upstream's: taints are validated under
    /// `metadata`).
    pub(super) fn pool_node_refused(text: &str, pool_index: usize, pool_name: &str, error: &ApiError) -> Self {
        let scenario_document = split_documents(text)
            .ok()
            .and_then(|documents| documents.iter().find(|d| d.kind.as_deref() == Some("Scenario")).map(|d| d.index));
        let pool_path = format!("spec.nodePools[{pool_index}]");
        let mut details: Vec<ErrorDetail> = Vec::new();
        for field_error in error.field_errors() {
            let path = field_error.path.as_str();
            let pool_field = if let Some(rest) = path.strip_prefix("metadata.").filter(|r| r.starts_with("labels") || r.starts_with("taints")) {
                format!("{pool_path}.{rest}")
            } else if let Some(rest) = path.strip_prefix("status.allocatable").or_else(|| path.strip_prefix("status.capacity")) {
                // The pool's allocatable is the node's capacity too: one error, not two.
                format!("{pool_path}.allocatable{rest}")
            } else {
                pool_path.clone()
            };
            let line = scenario_document.and_then(|document| locate(text, document, &FieldPath::parse(&pool_field)));
            let detail = ErrorDetail { line: line.map(|p| p.line), text: format!("{pool_field}: {}", field_error.body()) };
            if !details.contains(&detail) {
                details.push(detail);
            }
        }
        LoadError {
            message: format!("node pool {pool_name}: {error}"),
            line: details.iter().find_map(|detail| detail.line),
            details,
        }
    }

    pub fn line(&self) -> Option<usize> {
        self.line
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LoadError {}
