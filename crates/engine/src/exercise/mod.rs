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
mod grade;

use crate::scenario::Scenario;
use crate::simulation::{EventsSince, Simulation};

pub use attempt::{replace_documents, run_solution, start, type_commands, AttemptError};
pub use grade::{Constraint, ConstraintSeen, ConstraintState, EditedPart, Evaluation, GoalLineState, State};

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
