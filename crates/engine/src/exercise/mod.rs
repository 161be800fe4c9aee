//! Exercises: a scenario with a `spec.task`, and how far a learner's attempt got.
//!
//! The attempt is a [`Simulation`] of the exercise (its manifests possibly edited by
//! the learner), whose steps were played (the starting state the learner is handed),
//! then whatever the learner typed. [`evaluate`] grades it: every goal line against the
//! cluster at the end, every constraint against every frame since the start. The web
//! panel calls it after each Apply and console command; it reads the timeline and
//! changes nothing.
//!
//! ```no_run
//! use dsplay_engine::exercise::{evaluate, start_frame};
//! use dsplay_engine::simulation::Simulation;
//! # let text = "";
//! let mut attempt = Simulation::load(text).expect("loads");
//! attempt.run_steps();
//! let start = start_frame(&attempt);
//! attempt.execute_interactively("kubectl set image ds/agent agent=busybox:1.37");
//! let exercise = attempt.scenario().clone(); // the shipped exercise, in the panel
//! if let Some(evaluation) = evaluate(&exercise, &attempt, start) {
//!     for line in &evaluation.goal { println!("{line}"); }
//!     println!("done: {}", evaluation.done);
//! }
//! ```

mod attempt;
mod constraints;
mod display;

use crate::scenario::{CommandKind, Scenario};
use crate::simulation::{CheckedLine, EventsSince, Simulation};

pub use attempt::{replace_documents, run_solution, start, type_commands, AttemptError};
pub use constraints::EditedPart;

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

/// The frame an attempt starts from: the last one, once the scenario's steps were played.
pub fn start_frame(attempt: &Simulation) -> usize {
    attempt.frames().len().saturating_sub(1)
}

/// Grades `attempt` against the task of `exercise` (the scenario as shipped; `None`
/// when it has no task). `start` is the frame the learner was handed the cluster at
/// ([`start_frame`] after `run_steps`): constraints look at that frame and every later one.
pub fn evaluate(exercise: &Scenario, attempt: &Simulation, start: usize) -> Option<Evaluation> {
    let task = exercise.task.as_ref()?;
    let since = attempt.frames().get(start).map_or(0, |f| f.time_ms);
    let goal: Vec<GoalLineState> = attempt
        .checked_lines(&task.goal, EventsSince::Time(since))
        .into_iter()
        .map(|line| GoalLineState { state: if line.held { State::Held } else { State::NotYet }, line })
        .collect();
    let constraints = constraints::check(exercise, task, attempt, start);
    let done = goal.iter().all(|l| l.state == State::Held) && constraints.iter().all(|c| c.state != State::Broken);
    Some(Evaluation { goal, constraints, done })
}


#[cfg(test)]
mod tests;
