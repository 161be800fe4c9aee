//! API errors, printed the way kubectl prints the server's answer.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// `resource` is the plural lower-case name kubectl prints: `pods`, `daemonsets.apps`.
    NotFound { resource: String, name: String },
    AlreadyExists { resource: String, name: String },
    /// The full `The DaemonSet "x" is invalid: ...` text.
    Invalid(String),
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
            ApiError::Invalid(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for ApiError {}
