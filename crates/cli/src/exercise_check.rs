//! An exercise checked both ways by `dsplay test`: a task already solved where the
//! learner starts is a defect, and so is a solution that does not solve it.

use dsplay_engine::exercise::{evaluate, run_solution, start_frame, Evaluation, State};
use dsplay_engine::scenario::Task;
use dsplay_engine::simulation::Simulation;

/// `played` is the exercise with its steps played: the learner's starting state.
pub fn both_ways(text: &str, played: &Simulation, task: &Task) -> Result<(), String> {
    let exercise = played.scenario();
    let at_start = evaluate(exercise, played, start_frame(played)).ok_or("no task")?;
    if at_start.done {
        return Err("task: already done at its start (the goal holds before the learner does anything)".to_owned());
    }
    let (solved, start) = run_solution(text, &task.solution).map_err(|error| format!("task.solution: {error}"))?;
    let graded = evaluate(exercise, &solved, start).ok_or("no task")?;
    if !graded.done {
        return Err(format!("task.solution: does not reach the goal: {}", first_miss(&graded)));
    }
    Ok(())
}

/// The first goal line not held, or the first constraint broken, in English.
pub fn first_miss(evaluation: &Evaluation) -> String {
    let goal = evaluation.goal.iter().find(|l| l.state != State::Held).map(ToString::to_string);
    let constraint = evaluation.constraints.iter().find(|c| c.state == State::Broken).map(ToString::to_string);
    goal.or(constraint).map(|text| text.split_whitespace().collect::<Vec<_>>().join(" ")).unwrap_or_default()
}
