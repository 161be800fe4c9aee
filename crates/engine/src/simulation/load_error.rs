//! Why a scenario, or an edit of it, did not load, and where in its text: a parse error
//! at its line, or the API server's answer to a document with each field error it
//! lists at the line of that field (the nearest parent present when the field is not).

use std::fmt;

use dsplay_model::document::locate;
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
