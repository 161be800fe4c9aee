//! The "why / why not" panel's badges and marks: shape and word, never colour alone.

use crate::cluster_view::why::Outcome;

/// The badge's classes for a pod's outcome on the node.
pub fn outcome_class(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Running | Outcome::Kept => "badge badge-ok",
        Outcome::Failing { .. } | Outcome::Pending | Outcome::Evicting => "badge badge-bad",
        Outcome::Starting { .. } | Outcome::Scheduling | Outcome::Terminating | Outcome::Missing => "badge badge-warn",
        Outcome::NotEligible => "badge",
    }
}

/// The badge's mark, so the outcome is never told by colour alone.
pub fn outcome_mark(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Running | Outcome::Kept => "✓ ",
        Outcome::Failing { .. } | Outcome::Pending | Outcome::Evicting => "✗ ",
        Outcome::Starting { .. } | Outcome::Scheduling | Outcome::Missing => "◐ ",
        Outcome::Terminating => "⊘ ",
        Outcome::NotEligible => "– ",
    }
}

/// How a rule's line is marked: allowing, blocking, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleMark {
    Allows,
    Blocks,
    Neutral,
}

impl RuleMark {
    pub fn of(pass: Option<bool>) -> RuleMark {
        match pass {
            Some(true) => RuleMark::Allows,
            Some(false) => RuleMark::Blocks,
            None => RuleMark::Neutral,
        }
    }

    /// The line's classes and its mark.
    pub fn class_and_mark(self) -> (&'static str, &'static str) {
        match self {
            RuleMark::Allows => ("rule is-pass", "✓"),
            RuleMark::Blocks => ("rule is-fail", "✗"),
            RuleMark::Neutral => ("rule is-neutral", "–"),
        }
    }
}

/// A taint decides scheduling only with a scheduling effect; `PreferNoSchedule` is
/// told, neither allowing nor blocking.
pub fn taint_pass(effect: &str, blocks: bool) -> Option<bool> {
    matches!(effect, "NoSchedule" | "NoExecute").then_some(!blocks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn badges_and_marks() {
        assert_eq!((outcome_class(&Outcome::Running), outcome_mark(&Outcome::Running)), ("badge badge-ok", "✓ "));
        assert_eq!((outcome_class(&Outcome::Pending), outcome_mark(&Outcome::Pending)), ("badge badge-bad", "✗ "));
        assert_eq!((outcome_class(&Outcome::Terminating), outcome_mark(&Outcome::Terminating)), ("badge badge-warn", "⊘ "));
        assert_eq!((outcome_class(&Outcome::NotEligible), outcome_mark(&Outcome::NotEligible)), ("badge", "– "));
        assert_eq!(RuleMark::of(Some(true)).class_and_mark(), ("rule is-pass", "✓"));
        assert_eq!(RuleMark::of(Some(false)).class_and_mark(), ("rule is-fail", "✗"));
        assert_eq!(RuleMark::of(None), RuleMark::Neutral);
        assert_eq!(taint_pass("NoSchedule", true), Some(false));
        assert_eq!(taint_pass("NoExecute", false), Some(true));
        assert_eq!(taint_pass("PreferNoSchedule", true), None);
    }
}
