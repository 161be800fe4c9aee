//! Why a command line could not be read.

use std::fmt;

use crate::refusal::Refusal;

/// A command that could not be read or run: kubectl's own message for kubectl commands
/// (`error: ...`), or the playground's refusal, kept as a value to be said in the
/// page's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError {
    pub message: String,
    pub refusal: Option<Refusal>,
}

impl CommandError {
    pub fn new(message: impl Into<String>) -> Self {
        Self { message: message.into(), refusal: None }
    }

    /// cobra's `UsageErrorf`: the message, then where to find help.
    pub fn usage(message: impl fmt::Display, command: &str) -> Self {
        Self::new(format!("error: {message}\nSee '{command} -h' for help and examples"))
    }

    /// pflag's errors, which cobra follows with `--help`.
    pub fn flag_usage(message: impl fmt::Display, command: &str) -> Self {
        Self::new(format!("error: {message}\nSee '{command} --help' for usage."))
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CommandError {}

impl From<Refusal> for CommandError {
    fn from(refusal: Refusal) -> Self {
        Self { message: refusal.to_string(), refusal: Some(refusal) }
    }
}

impl From<String> for CommandError {
    fn from(message: String) -> Self {
        Self::new(message)
    }
}
