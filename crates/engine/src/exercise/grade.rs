//! The grade of an attempt: where each goal line and constraint stands, and what a
//! constraint saw.

use crate::scenario::CommandKind;
use crate::simulation::CheckedLine;

/// Where a goal line or a constraint stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Held,
    /// A goal line that does not hold yet.
    NotYet,
    /// A constraint that was broken; nothing later mends it.
    Broken,
}

/// One line of the goal: what was wanted, what the cluster shows at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalLineState {
    pub state: State,
    pub line: CheckedLine,
}

/// A task's constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constraint {
    MaxUnavailable(u32),
    MinAvailable(u32),
    ForbiddenCommand(CommandKind),
    OnlyDaemonSetChanges,
}

/// What a constraint saw: the worst count over the frames, or what broke it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstraintSeen {
    /// Most unavailable, or fewest available, nodes in a frame (none: no frame had the
    /// DaemonSet).
    Count(Option<u32>),
    /// The console command that broke it, as typed.
    Command(String),
    /// The part of the scenario file that was edited.
    Edited(EditedPart),
    /// Nothing that counts against it.
    Nothing,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstraintState {
    pub constraint: Constraint,
    /// `Held` or `Broken`.
    pub state: State,
    pub seen: ConstraintSeen,
    /// The frame where it broke (0 for an edit of the file).
    pub broken_at: Option<usize>,
}

/// The grade of an attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    pub goal: Vec<GoalLineState>,
    pub constraints: Vec<ConstraintState>,
    /// Every goal line holds and no constraint is broken.
    pub done: bool,
}

/// A part of the scenario file besides its DaemonSets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditedPart {
    NodePools,
    Timing,
    Steps,
    /// A manifest that is not a DaemonSet, added, removed or changed.
    Manifest { kind: String, name: String },
}
