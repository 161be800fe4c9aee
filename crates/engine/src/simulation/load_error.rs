//! Why a scenario, or an edit of it, did not load, and where in its text: a parse error
//! at its line, or the API server's answer to a document with each field error it
//! lists at the line of that field (the nearest parent present when the field is not).

use std::fmt;

use dsplay_model::document::{locate, split_documents};
use dsplay_model::field_path::FieldPath;

use crate::api::ApiError;
use crate::refusal::Refusal;
use crate::scenario::{Manifest, ScenarioError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// Where the error stands besides its line: said before its text (`Display`, in
    /// English, as the command line prints it, is the place, then the text).
    pub place: ErrorPlace,
    /// The error's own words: the API server's answer, the YAML parser's, or the
    /// scenario format's.
    pub text: String,
    /// When the playground itself refused (a step it cannot read, a file that is no
    /// scenario), that refusal.
    pub refusal: Option<Refusal>,
    /// 1-based line of the text: the first field error's, else the error's.
    pub line: Option<usize>,
    /// The field errors of an API server's answer, in its order (empty otherwise).
    pub details: Vec<ErrorDetail>,
    /// The field of the scenario the error is at, when it is at one.
    pub path: Option<FieldPath>,
}

/// Where in a scenario an error stands, besides its line (which a reader shows on its
/// own: the editor's line button, the command line's `file:line:`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ErrorPlace {
    /// 1-based; for a YAML syntax error.
    pub column: Option<usize>,
    /// 1-based, for an error without a line.
    pub document: Option<usize>,
    /// The document the API server refused, 1-based, with the manifest's name.
    pub refused_document: Option<(usize, String)>,
    /// The node pool whose node the API server refused.
    pub node_pool: Option<String>,
    /// 1-based.
    pub step: Option<usize>,
}

/// One part of an [`ErrorPlace`], to be said in some language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacePart<'a> {
    Column(usize),
    Document(usize),
    RefusedDocument(usize, &'a str),
    NodePool(&'a str),
    Step(usize),
}

impl ErrorPlace {
    pub fn is_empty(&self) -> bool {
        *self == ErrorPlace::default()
    }

    /// The parts that are known, in the order they are said.
    pub fn parts(&self) -> Vec<PlacePart<'_>> {
        [
            self.column.map(PlacePart::Column),
            self.document.map(PlacePart::Document),
            self.refused_document.as_ref().map(|(document, name)| PlacePart::RefusedDocument(*document, name)),
            self.node_pool.as_deref().map(PlacePart::NodePool),
            self.step.map(PlacePart::Step),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

impl fmt::Display for ErrorPlace {
    /// `column 7, step 4`, `document 2 (node-logger)`, `node pool gpu`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .parts()
            .into_iter()
            .map(|part| match part {
                PlacePart::Column(column) => format!("column {column}"),
                PlacePart::Document(document) => format!("document {document}"),
                PlacePart::RefusedDocument(document, name) => format!("document {document} ({name})"),
                PlacePart::NodePool(pool) => format!("node pool {pool}"),
                PlacePart::Step(step) => format!("step {step}"),
            })
            .collect();
        f.write_str(&parts.join(", "))
    }
}

/// One field error of the API server's answer, and where its field stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorDetail {
    pub line: Option<usize>,
    /// As the answer prints it: `spec.selector: Invalid value: ...: field is immutable`.
    pub text: String,
    /// The field it names, as a value, so a host marks that field without reading `text`.
    pub path: FieldPath,
}

impl LoadError {
    fn new(place: ErrorPlace, text: String, line: Option<usize>, details: Vec<ErrorDetail>) -> Self {
        LoadError { place, text, refusal: None, line, details, path: None }
    }

    /// The API server refused `manifest`, a document of `text`.
    pub(super) fn refused(text: &str, manifest: &Manifest, error: &ApiError) -> Self {
        let details: Vec<ErrorDetail> = error
            .field_errors()
            .iter()
            .map(|field_error| {
                let path = FieldPath::parse(&field_error.path);
                ErrorDetail { line: locate(text, manifest.document, &path).map(|p| p.line), text: field_error.to_string(), path }
            })
            .collect();
        let line = details.iter().find_map(|detail| detail.line).or(Some(manifest.line));
        let place = ErrorPlace { refused_document: Some((manifest.document + 1, manifest.name.clone())), ..Default::default() };
        LoadError::new(place, error.to_string(), line, details)
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
            let path = FieldPath::parse(&pool_field);
            let line = scenario_document.and_then(|document| locate(text, document, &path));
            let detail = ErrorDetail { line: line.map(|p| p.line), text: format!("{pool_field}: {}", field_error.body()), path };
            if !details.contains(&detail) {
                details.push(detail);
            }
        }
        let line = details.iter().find_map(|detail| detail.line);
        let place = ErrorPlace { node_pool: Some(pool_name.to_owned()), ..Default::default() };
        LoadError::new(place, error.to_string(), line, details)
    }

    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The fields the error names, in the order its text names them: each field error's,
    /// else each scenario field the playground refused, else the field it is at.
    pub fn field_paths(&self) -> Vec<FieldPath> {
        if !self.details.is_empty() {
            return self.details.iter().map(|detail| detail.path.clone()).collect();
        }
        match &self.refusal {
            Some(Refusal::ScenarioFields(fields)) => fields.iter().map(|field| FieldPath::parse(&field.path)).collect(),
            _ => self.path.iter().cloned().collect(),
        }
    }

    /// The lines an editor marks: each field error's, else the error's one line.
    pub fn marked_lines(&self) -> Vec<usize> {
        if self.details.is_empty() {
            self.line.into_iter().collect()
        } else {
            self.details.iter().filter_map(|detail| detail.line).collect()
        }
    }
}

impl From<ScenarioError> for LoadError {
    /// The column only beside a line; the document only without one.
    fn from(error: ScenarioError) -> Self {
        let place = ErrorPlace {
            column: error.column.filter(|_| error.line.is_some()),
            document: error.document.filter(|_| error.line.is_none()).map(|document| document + 1),
            step: error.step.map(|step| step + 1),
            ..Default::default()
        };
        let mut load_error = LoadError::new(place, error.message, error.line, Vec::new());
        load_error.refusal = error.refusal;
        load_error.path = error.path.as_deref().map(FieldPath::parse);
        load_error
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place.is_empty() {
            true => f.write_str(&self.text),
            false => write!(f, "{}: {}", self.place, self.text),
        }
    }
}

impl std::error::Error for LoadError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulation::Simulation;

    fn refused(pools: &str) -> LoadError {
        let text = format!("apiVersion: dsplay/v1\nkind: Scenario\nmetadata: {{name: x}}\nspec:\n  nodePools: {pools}\n");
        Simulation::load(&text).err().unwrap_or_else(|| panic!("{pools} must not load"))
    }

    #[test]
    fn the_fields_an_error_names_are_values() {
        let node = refused("[{name: a, count: 1}, {name: gpu, count: 1, labels: {\"bad label\": x}}]");
        assert_eq!(node.field_paths(), [FieldPath::parse("spec.nodePools[1].labels")], "{node}");
        let scenario = refused("[{name: a, count: 1}, {name: a, count: 1}]");
        assert_eq!(scenario.field_paths(), [FieldPath::parse("spec.nodePools[1].name")], "{scenario}");
        let decoded = refused("[{name: a, count: lots}]");
        assert_eq!(decoded.field_paths(), [FieldPath::parse("spec.nodePools[0].count")], "{decoded}");
    }
}
