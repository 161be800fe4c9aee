//! API errors, printed the way kubectl prints the server's answer.

use std::fmt;

use dsplay_model::validation::{self, FieldError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// `resource` is the plural lower-case name kubectl prints: `pods`, `daemonsets.apps`.
    NotFound { resource: String, name: String },
    AlreadyExists { resource: String, name: String },
    /// The full `The DaemonSet "x" is invalid: ...` text, and the field errors it lists,
    /// so that an editor can point at each one's line.
    Invalid { message: String, errors: Vec<FieldError> },
    /// A body the server cannot decode: the full `Error from server (BadRequest): ...` text.
    BadRequest(String),
}

impl ApiError {
    /// The API server's answer to an object that fails validation.
    pub fn invalid(kind: &str, name: &str, errors: &[FieldError]) -> Self {
        ApiError::Invalid { message: validation::invalid_object_message(kind, name, errors), errors: errors.to_vec() }
    }

    /// The field errors of an Invalid answer (none for any other).
    pub fn field_errors(&self) -> &[FieldError] {
        match self {
            ApiError::Invalid { errors, .. } => errors,
            _ => &[],
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::NotFound { resource, name } => {
                write!(f, "Error from server (NotFound): {resource} \"{name}\" not found")
            }
            ApiError::AlreadyExists { resource, name } => {
                write!(f, "Error from server (AlreadyExists): {resource} \"{name}\" already exists")
            }
            ApiError::Invalid { message, .. } | ApiError::BadRequest(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for ApiError {}
