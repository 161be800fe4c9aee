//! API errors, printed the way kubectl prints the server's answer.

use std::fmt;

use dsplay_model::validation::{self, FieldError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// `resource` is the plural lower-case name kubectl prints: `pods`, `daemonsets.apps`.
    NotFound { resource: String, name: String },
    AlreadyExists { resource: String, name: String },
    /// An admission plugin refused the request; `name` is the object's name, or its
    /// `generateName` when the server has not generated one yet.
    Forbidden { resource: String, name: String, reason: String },
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

    /// The message of the server's Status, as a controller's event quotes it
    /// (`pods "agent-" is forbidden: ...`); kubectl adds `Error from server (Reason): `.
    /// Invalid and BadRequest answers keep the whole text kubectl prints for them.
    pub fn status_message(&self) -> String {
        match self {
            ApiError::NotFound { resource, name } => format!("{resource} \"{name}\" not found"),
            ApiError::AlreadyExists { resource, name } => format!("{resource} \"{name}\" already exists"),
            ApiError::Forbidden { resource, name, reason } => format!("{resource} \"{name}\" is forbidden: {reason}"),
            ApiError::Invalid { message, .. } | ApiError::BadRequest(message) => message.clone(),
        }
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
            ApiError::NotFound { .. } => write!(f, "Error from server (NotFound): {}", self.status_message()),
            ApiError::AlreadyExists { .. } => write!(f, "Error from server (AlreadyExists): {}", self.status_message()),
            ApiError::Forbidden { .. } => write!(f, "Error from server (Forbidden): {}", self.status_message()),
            ApiError::Invalid { .. } | ApiError::BadRequest(_) => f.write_str(&self.status_message()),
        }
    }
}

impl std::error::Error for ApiError {}
