//! What is wrong with a scenario file, and where; and the refusals of its fields.

use std::fmt;

use dsplay_model::document::{ParseError, RawDocument};
use dsplay_model::field_path::FieldPath;

use super::field_error::{FieldError, FieldProblem};
use crate::refusal::Refusal;

/// What is wrong with a scenario file, and where. Numbers are 0-based and printed from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    /// The document, when the error is inside one.
    pub document: Option<usize>,
    /// 1-based line in the file.
    pub line: Option<usize>,
    /// 1-based column, for YAML syntax errors.
    pub column: Option<usize>,
    /// The step, when the error is in `spec.steps`.
    pub step: Option<usize>,
    pub path: Option<String>,
    pub message: String,
    /// When the playground itself refused (a step it cannot read, a file that is no
    /// scenario), that refusal.
    pub refusal: Option<Refusal>,
}

impl ScenarioError {

    /// The error's words are the playground's `refusal`.
    pub fn with_refusal(mut self, refusal: Refusal) -> Self {
        self.message = refusal.to_string();
        self.refusal = Some(refusal);
        self
    }

    pub fn with_step(mut self, step: usize) -> Self {
        self.step = Some(step);
        self
    }
}

impl From<Refusal> for ScenarioError {
    /// A refusal of the file as a whole (no Scenario document).
    fn from(refusal: Refusal) -> Self {
        Self { document: None, line: None, column: None, step: None, path: None, message: String::new(), refusal: None }.with_refusal(refusal)
    }
}

impl From<ParseError> for ScenarioError {
    fn from(e: ParseError) -> Self {
        Self { document: Some(e.document), line: e.line, column: e.column, step: None, path: e.path, message: e.message, refusal: None }
    }
}

impl fmt::Display for ScenarioError {
    /// `document 1, line 22, step 4: <message>`; parts that are unknown are left out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(d) = self.document {
            parts.push(format!("document {}", d + 1));
        }
        if let Some(l) = self.line {
            parts.push(format!("line {l}"));
            if let Some(c) = self.column {
                parts.push(format!("column {c}"));
            }
        }
        if let Some(s) = self.step {
            parts.push(format!("step {}", s + 1));
        }
        if parts.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", parts.join(", "), self.message)
        }
    }
}

impl std::error::Error for ScenarioError {}

/// The playground refuses the value at `path` of `doc`.
pub fn field_refusal(doc: &RawDocument, path: &FieldPath, problem: FieldProblem) -> ScenarioError {
    let refusal = Refusal::ScenarioFields(vec![FieldError::new(path, problem)]);
    ScenarioError::from(doc.error_at(path, String::new())).with_refusal(refusal)
}

/// The decoder's errors for the Scenario document (at least one), placed at the first;
/// an error without a problem (a YAML tag) keeps its own words.
pub fn decoding_refused(mut errors: Vec<ParseError>) -> ScenarioError {
    let decoded: Option<Vec<FieldError>> = errors.iter().map(FieldError::decoded).collect();
    let first = ScenarioError::from(errors.swap_remove(0));
    match decoded {
        Some(fields) => first.with_refusal(Refusal::ScenarioFields(fields)),
        None => first,
    }
}
