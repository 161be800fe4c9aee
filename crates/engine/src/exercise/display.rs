//! The English words of an evaluation, in one place (the page says the values in its
//! own language).

use std::fmt;

use super::{Constraint, ConstraintSeen, ConstraintState, EditedPart, Evaluation, GoalLineState, State};

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            State::Held => "held",
            State::NotYet => "not yet",
            State::Broken => "broken",
        })
    }
}

impl fmt::Display for GoalLineState {
    /// `held     podsPerNode.cp-01: 1`, `not yet  podsPerNode.cp-01: 1 wanted, 0 seen`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = self.state.to_string();
        let line = &self.line;
        match self.state {
            State::Held => write!(f, "{state:<8} {}: {}", line.key, line.wanted),
            _ => write!(f, "{state:<8} {}: {} wanted, {} seen", line.key, line.wanted, line.seen),
        }
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Constraint::MaxUnavailable(n) => write!(f, "at most {n} node(s) without an available daemon pod, at any time"),
            Constraint::MinAvailable(n) => write!(f, "at least {n} node(s) with an available daemon pod, at any time"),
            Constraint::ForbiddenCommand(kind) => write!(f, "no `{kind}`"),
            Constraint::OnlyDaemonSetChanges => f.write_str("only the DaemonSet may change"),
        }
    }
}

impl fmt::Display for EditedPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditedPart::NodePools => f.write_str("the node pools were edited"),
            EditedPart::Timing => f.write_str("the timing was edited"),
            EditedPart::Steps => f.write_str("the steps were edited"),
            EditedPart::Manifest { kind, name } => write!(f, "the {kind} \"{name}\" was edited"),
        }
    }
}

impl fmt::Display for ConstraintSeen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstraintSeen::Count(Some(n)) => write!(f, "{n}"),
            ConstraintSeen::Count(None) => f.write_str("no DaemonSet yet"),
            ConstraintSeen::Command(text) => write!(f, "`{text}`"),
            ConstraintSeen::Edited(part) => write!(f, "{part}"),
            ConstraintSeen::Nothing => f.write_str("nothing"),
        }
    }
}

impl fmt::Display for ConstraintState {
    /// `held     at most 1 node(s) ... (seen: 1)`, `broken   ... at frame 17 (seen: 2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = self.state.to_string();
        write!(f, "{state:<8} {}", self.constraint)?;
        let extreme = match self.constraint {
            Constraint::MaxUnavailable(_) => "most seen",
            Constraint::MinAvailable(_) => "fewest seen",
            _ => "seen",
        };
        match (self.broken_at, &self.seen) {
            (Some(frame), seen @ ConstraintSeen::Count(_)) => write!(f, ": broken at frame {frame} ({seen} seen)"),
            (Some(frame), seen) => write!(f, ": broken at frame {frame} by {seen}"),
            (None, ConstraintSeen::Nothing) => Ok(()),
            (None, seen) => write!(f, " ({extreme}: {seen})"),
        }
    }
}

impl fmt::Display for Evaluation {
    /// Every goal line, every constraint, then `done` or `not done`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.goal {
            writeln!(f, "{line}")?;
        }
        for constraint in &self.constraints {
            writeln!(f, "{constraint}")?;
        }
        f.write_str(if self.done { "done" } else { "not done" })
    }
}
