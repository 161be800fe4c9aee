//! A wrong value in the Scenario document: the playground's own format, so its errors
//! are kept as values (the page says them in its language) and said in plain words
//! rather than in Rust's type names (`expected u32`). English is their `Display`.

use std::fmt;

use dsplay_model::document::ParseError;
use dsplay_model::strict_decoder::{one_of, DecodeProblem, Found};

use super::vocabulary::{APPLY_ANNOTATION, DAEMONSET_STATUS_FIELDS, EXPECTATION_KEYS, MAX_NODES, POD_PHASES};

/// One wrong value, at its field path (empty for the document itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub path: String,
    pub problem: FieldProblem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldProblem {
    UnknownField,
    MissingField { field: String },
    WrongValue { found: Found, expected: Expected },
    UnknownVariant { variant: String, expected: Vec<String> },
    /// `metadata.name` is empty.
    NoScenarioName,
    /// A name that is not a DNS-1123 label (it names files and pools' nodes).
    NotALabel { value: String },
    LabelTooLong { value: String },
    Required,
    Duplicate { value: String },
    /// `spec.timing`'s seconds, as written.
    SecondsOutOfRange { seconds: String },
    /// The `dsplay/apply` annotation holds something else than `later`.
    ApplyWhen { found: Found },
    /// Two manifests of one kind and name wait for `kubectl apply -f <name>`.
    AppliedLaterTwice { kind: String, name: String },
    /// A step is neither a command nor an `expect` map.
    StepKind { found: Found },
    /// An `expect.status` key that `DaemonSetStatus` does not have.
    UnknownStatusField,
    /// An `expect.phases` value that is no pod phase.
    UnknownPhase { phase: String },
    /// An `expect` with no check (`expect: null`, `expect: {}`): it would pass whatever happened.
    NoChecks,
}

/// What a value of the format should be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    NodeCount { max: u64 },
    /// 0 or more.
    Count,
    Integer,
    Number,
    TrueOrFalse,
    Text,
    List,
    Mapping,
    /// serde's words, for a type the format does not name.
    Other(String),
}

impl Expected {
    /// What serde calls the type expected at `path`.
    fn from_serde(words: &str, path: &str) -> Self {
        match words {
            "u32" | "u64" if path.ends_with(".count") => Expected::NodeCount { max: MAX_NODES },
            "u32" | "u64" => Expected::Count,
            "i32" | "i64" => Expected::Integer,
            "f64" => Expected::Number,
            "a boolean" => Expected::TrueOrFalse,
            "a string" => Expected::Text,
            "a sequence" => Expected::List,
            words if words == "a map" || words.starts_with("struct ") => Expected::Mapping,
            other => Expected::Other(other.to_owned()),
        }
    }
}

impl FieldError {
    pub fn new(path: impl ToString, problem: FieldProblem) -> Self {
        FieldError { path: path.to_string(), problem }
    }

    /// The decoder's problem, when `error` has one.
    pub(super) fn decoded(error: &ParseError) -> Option<Self> {
        let path = error.path.clone().unwrap_or_default();
        let problem = match error.problem.as_deref()? {
            DecodeProblem::UnknownField => FieldProblem::UnknownField,
            DecodeProblem::MissingField { field } => FieldProblem::MissingField { field: (*field).to_owned() },
            DecodeProblem::Unexpected { found, expected } => {
                FieldProblem::WrongValue { found: found.clone(), expected: Expected::from_serde(expected, &path) }
            }
            DecodeProblem::UnknownVariant { variant, expected } => FieldProblem::UnknownVariant {
                variant: variant.clone(),
                expected: expected.iter().map(|name| (*name).to_owned()).collect(),
            },
        };
        Some(FieldError { path, problem })
    }
}

/// English words for a found value: `"lots"`, `a list`.
pub fn found_words(found: &Found) -> &str {
    match found {
        Found::Scalar(text) => text,
        Found::List => "a list",
        Found::Mapping => "a mapping",
        Found::Nothing => "nothing",
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::NodeCount { max } => write!(f, "a node count from 0 to {max}"),
            Expected::Count => f.write_str("a whole number (0 or more)"),
            Expected::Integer => f.write_str("a whole number"),
            Expected::Number => f.write_str("a number"),
            Expected::TrueOrFalse => f.write_str("true or false"),
            Expected::Text => f.write_str("text"),
            Expected::List => f.write_str("a list"),
            Expected::Mapping => f.write_str("a mapping of keys to values"),
            Expected::Other(words) => f.write_str(words),
        }
    }
}

/// `IsDNS1123Label`'s message for a name that is not one.
pub const NOT_A_LABEL: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = &self.path;
        if !path.is_empty() && !matches!(self.problem, FieldProblem::UnknownField | FieldProblem::UnknownStatusField | FieldProblem::AppliedLaterTwice { .. } | FieldProblem::StepKind { .. }) {
            write!(f, "{path}: ")?;
        }
        match &self.problem {
            FieldProblem::UnknownField => write!(f, "unknown field \"{path}\""),
            FieldProblem::MissingField { field } => write!(f, "missing field `{field}`"),
            FieldProblem::WrongValue { found, expected } => write!(f, "got {}, expected {expected}", found_words(found)),
            FieldProblem::UnknownVariant { variant, expected } => {
                write!(f, "unknown variant `{variant}`, expected {}", one_of(expected))
            }
            FieldProblem::NoScenarioName => f.write_str("Invalid value: \"\": a scenario needs metadata.name"),
            FieldProblem::NotALabel { value } => write!(f, "Invalid value: \"{value}\": {NOT_A_LABEL}"),
            FieldProblem::LabelTooLong { value } => write!(f, "Invalid value: \"{value}\": must be no more than 63 characters"),
            FieldProblem::Required => f.write_str("Required value"),
            FieldProblem::Duplicate { value } => write!(f, "Duplicate value: \"{value}\""),
            FieldProblem::SecondsOutOfRange { seconds } => write!(f, "Invalid value: {seconds}: seconds between 0 and 86400"),
            FieldProblem::ApplyWhen { found } => {
                write!(f, "the one value of {APPLY_ANNOTATION} is \"later\", not {}", found_words(found))
            }
            FieldProblem::AppliedLaterTwice { kind, name } => write!(
                f,
                "two {kind} documents named \"{name}\" are marked {APPLY_ANNOTATION}: later; `kubectl apply -f {name}` could not tell them apart"
            ),
            FieldProblem::StepKind { found } => {
                write!(f, "a step is a command string or a map with the key `expect`, found {}", found_words(found))
            }
            FieldProblem::UnknownStatusField => {
                write!(f, "unknown field \"{path}\": DaemonSetStatus has {}", DAEMONSET_STATUS_FIELDS.join(", "))
            }
            FieldProblem::UnknownPhase { phase } => {
                write!(f, "Unsupported value: \"{phase}\": supported values: \"{}\"", POD_PHASES.join("\", \""))
            }
            FieldProblem::NoChecks => write!(f, "an expect step needs at least one check: {}", EXPECTATION_KEYS.join(", ")),
        }
    }
}
