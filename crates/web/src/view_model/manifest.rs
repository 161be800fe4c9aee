//! The scenario editor's state line and error, as values.

use dsplay_engine::simulation::LoadError;

/// What the state beside Apply says of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApplyState {
    /// The last Apply was refused.
    Refused,
    Applied,
    /// Edited since the last Apply.
    Edited,
}

impl ApplyState {
    pub fn of(refused: bool, applied: bool) -> ApplyState {
        match (refused, applied) {
            (true, _) => ApplyState::Refused,
            (false, true) => ApplyState::Applied,
            (false, false) => ApplyState::Edited,
        }
    }

    pub fn class(self) -> &'static str {
        match self {
            ApplyState::Refused => "apply-state error",
            ApplyState::Applied => "apply-state applied",
            ApplyState::Edited => "apply-state edited",
        }
    }
}

/// How an apply error is laid out under the editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorLayout<'a> {
    /// Several field errors: the answer's first line, then each error at its line.
    Details { first_line: &'a str, details: Vec<(Option<usize>, &'a str)> },
    /// One error, after its line when it has one.
    Single { line: Option<usize> },
}

impl<'a> ErrorLayout<'a> {
    pub fn of(error: &'a LoadError) -> ErrorLayout<'a> {
        if error.details.len() > 1 {
            let first_line = error.text.lines().next().unwrap_or_default().trim_end();
            ErrorLayout::Details { first_line, details: error.details.iter().map(|d| (d.line, d.text.as_str())).collect() }
        } else {
            ErrorLayout::Single { line: error.line }
        }
    }
}

/// A 1-based line's scroll position; `context` lines above it stay in sight.
pub fn line_top(line: usize, context: usize, line_height: usize) -> usize {
    line.saturating_sub(1 + context) * line_height
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsplay_engine::simulation::{ErrorDetail, ErrorPlace};

    #[test]
    fn the_state_beside_apply() {
        assert_eq!(ApplyState::of(true, true).class(), "apply-state error");
        assert_eq!(ApplyState::of(false, true).class(), "apply-state applied");
        assert_eq!(ApplyState::of(false, false), ApplyState::Edited);
        assert_eq!(ApplyState::Edited.class(), "apply-state edited");
    }

    #[test]
    fn an_error_with_several_fields_lists_them_at_their_lines() {
        let detail = |line, text: &str| ErrorDetail { line, text: text.into(), path: Default::default() };
        let mut error = LoadError {
            place: ErrorPlace::default(),
            text: "DaemonSet.apps \"x\" is invalid: \nmore".into(),
            refusal: None,
            line: Some(4),
            details: vec![detail(Some(4), "spec.selector: Required value"), detail(None, "spec.template: Invalid")],
            path: None,
        };
        assert_eq!(
            ErrorLayout::of(&error),
            ErrorLayout::Details {
                first_line: "DaemonSet.apps \"x\" is invalid:",
                details: vec![(Some(4), "spec.selector: Required value"), (None, "spec.template: Invalid")],
            }
        );
        error.details.truncate(1);
        assert_eq!(ErrorLayout::of(&error), ErrorLayout::Single { line: Some(4) });
        assert_eq!((line_top(12, 0, 20), line_top(12, 3, 20), line_top(2, 3, 20)), (220, 160, 0));
    }
}
