//! Validation with the API server's own messages and field paths.
//!
//! Each public function reproduces the validation the API server runs for one kind, on the
//! object *after* defaulting (see [`crate::defaults`]), and returns the errors in the order
//! upstream appends them. Where upstream iterates a Go map (labels, resources), the order
//! here is the sorted key order, which is what a reader of a `BTreeMap` expects.

mod affinity;
mod container;
mod daemonset;
mod downward_api;
mod bad_value;
mod meta;
pub(crate) mod names;
mod node;
mod pod;
mod pod_spec;
mod probes;
pub(crate) mod quantity;
mod resources;
mod security_context;
mod selector;
mod tolerations;
mod volumes;

use std::fmt;

pub use bad_value::quote as go_quote;
pub use daemonset::{validate_daemonset, validate_daemonset_update};
pub use node::validate_node;
pub use pod::validate_pod;

/// The kind of a field error, as apimachinery's `field.ErrorType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    Required,
    Invalid,
    Forbidden,
    NotSupported,
    Duplicate,
    TooLong,
    TooMany,
    /// `field.NotFound`, e.g. a volumeMount naming a volume that does not exist.
    NotFound,
}

impl ErrorKind {
    /// `ErrorType.String()`: the words the API server prints.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Required => "Required value",
            ErrorKind::Invalid => "Invalid value",
            ErrorKind::Forbidden => "Forbidden",
            ErrorKind::NotSupported => "Unsupported value",
            ErrorKind::Duplicate => "Duplicate value",
            ErrorKind::TooLong => "Too long",
            ErrorKind::TooMany => "Too many",
            ErrorKind::NotFound => "Not found",
        }
    }
}

/// One validation error, as apimachinery's `field.Error`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// The field path, e.g. `spec.template.spec.containers[0].image`.
    pub path: String,
    pub kind: ErrorKind,
    /// The bad value already rendered as `field.Error.ErrorBody` prints it; `None` where
    /// upstream prints no value (Required, Forbidden, TooLong).
    pub value: Option<String>,
    pub detail: String,
}

impl FieldError {
    /// The message without the field path (`field.Error.ErrorBody`).
    pub fn body(&self) -> String {
        let mut s = self.kind.as_str().to_owned();
        if let Some(value) = &self.value {
            s.push_str(": ");
            s.push_str(value);
        }
        if !self.detail.is_empty() {
            s.push_str(": ");
            s.push_str(&self.detail);
        }
        s
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.body())
    }
}

/// What kubectl prints when the API server answers 422 Invalid (`apierrors.NewInvalid`,
/// then kubectl's `MultilineError`): one error on the same line, several as a `* ` list.
/// A cause whose `field: message` repeats an earlier one is printed once, as kubectl's
/// `statusCausesToAggrError` drops it (the API server's own status message, from
/// `ErrorList.ToAggregate`, drops it too); the count that picks the form is the count
/// after that. The text has no trailing newline; the printer adds it.
pub fn invalid_object_message(kind: &str, name: &str, errors: &[FieldError]) -> String {
    let prefix = format!("The {} {} is invalid", kind, bad_value::quote(name));
    match distinct_errors(errors).as_slice() {
        [] => prefix,
        [only] => format!("{prefix}: {only}"),
        many => {
            let mut text = format!("{prefix}: ");
            for error in many {
                text.push_str("\n* ");
                text.push_str(&error.to_string());
            }
            text
        }
    }
}

/// The errors kubectl prints, in order: each `field: message` once.
pub fn distinct_errors(errors: &[FieldError]) -> Vec<&FieldError> {
    let mut distinct: Vec<&FieldError> = Vec::with_capacity(errors.len());
    for error in errors {
        if !distinct.iter().any(|seen| seen.path == error.path && seen.body() == error.body()) {
            distinct.push(error);
        }
    }
    distinct
}

/// Constructors named after apimachinery's `field.Required`, `field.Invalid`, ...
pub(crate) mod field {
    use super::{ErrorKind, FieldError};
    use crate::field_path::FieldPath;

    fn error(path: &FieldPath, kind: ErrorKind, value: Option<String>, detail: &str) -> FieldError {
        FieldError { path: path.to_string(), kind, value, detail: detail.to_owned() }
    }

    pub fn required(path: &FieldPath, detail: &str) -> FieldError {
        error(path, ErrorKind::Required, None, detail)
    }

    pub fn forbidden(path: &FieldPath, detail: &str) -> FieldError {
        error(path, ErrorKind::Forbidden, None, detail)
    }

    /// `value` is already rendered (see `bad_value`).
    pub fn invalid(path: &FieldPath, value: String, detail: &str) -> FieldError {
        error(path, ErrorKind::Invalid, Some(value), detail)
    }

    pub fn duplicate(path: &FieldPath, value: String) -> FieldError {
        error(path, ErrorKind::Duplicate, Some(value), "")
    }

    pub fn not_found(path: &FieldPath, value: String) -> FieldError {
        error(path, ErrorKind::NotFound, Some(value), "")
    }

    /// `field.NotSupported`: the detail lists the supported values, each Go-quoted.
    pub fn not_supported(path: &FieldPath, value: String, valid: &[&str]) -> FieldError {
        let detail = if valid.is_empty() {
            String::new()
        } else {
            let quoted: Vec<String> = valid.iter().map(|v| super::bad_value::quote(v)).collect();
            format!("supported values: {}", quoted.join(", "))
        };
        error(path, ErrorKind::NotSupported, Some(value), &detail)
    }

    pub fn too_long(path: &FieldPath, max_bytes: usize) -> FieldError {
        error(path, ErrorKind::TooLong, None, &format!("may not be more than {max_bytes} bytes"))
    }
}

/// `ValidateNonnegativeField`.
pub(crate) fn validate_nonnegative(value: i64, path: &crate::field_path::FieldPath) -> Vec<FieldError> {
    if value < 0 {
        vec![field::invalid(path, value.to_string(), names::IS_NEGATIVE_ERROR_MSG)]
    } else {
        Vec::new()
    }
}
