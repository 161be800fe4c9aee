//! Work begun on a simulation and done a slice at a time, so that a host (the browser)
//! draws the frames already made while the engine runs ahead, and can stop it. A job
//! pauses only between two due actions and resumes at the same check, so a job done in
//! slices makes the same frames and outcomes as one done at once (`run_steps`,
//! `execute`, `execute_interactively` are a job finished in one go).

use super::{command_text, Bound, FrameCause, Simulation, StepOutcome, SETTLE_LIMIT_MS};
use crate::kubectl::command::parse_command;
use crate::scenario::StepAction;

/// How many due actions a slice may perform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget(usize);

impl Budget {
    pub const UNLIMITED: Budget = Budget(usize::MAX);

    pub fn actions(count: usize) -> Budget {
        Budget(count)
    }

    /// One action taken from the budget; `false` when none is left.
    pub(super) fn take(&mut self) -> bool {
        let left = self.0 > 0;
        self.0 = self.0.saturating_sub(1);
        left
    }

    fn is_spent(self) -> bool {
        self.0 == 0
    }
}

/// An `advance` or `settle` whose clock is running.
pub(super) struct ClockRun {
    pub text: String,
    pub first_frame: usize,
    pub kind: ClockKind,
}

pub(super) enum ClockKind {
    Advance { until: u64 },
    /// Until the cluster rests, or the clock reaches `deadline` (an hour on).
    Settle { deadline: u64 },
}

/// A command just begun: done, or a clock left to run.
pub(super) enum Begun {
    Done(StepOutcome),
    Clock(ClockRun),
}

enum Phase {
    /// The scenario's steps from `next` (an index into `scenario.steps`) on.
    Steps { next: usize },
    Clock(ClockRun),
    /// A console command's run-on: the cluster goes on until quiet, or until `deadline`.
    RunOn { outcome: StepOutcome, first_frame: usize, deadline: u64 },
}

/// Work begun on a simulation; [`Simulation::work`] goes on with it.
#[derive(Default)]
pub struct Job {
    /// What is left, the next on top.
    phases: Vec<Phase>,
    outcomes: Vec<StepOutcome>,
}

impl Job {
    pub fn is_done(&self) -> bool {
        self.phases.is_empty()
    }

    /// The outcomes of the commands (or steps) finished so far, in order.
    pub fn outcomes(&self) -> &[StepOutcome] {
        &self.outcomes
    }

    pub fn into_outcomes(self) -> Vec<StepOutcome> {
        self.outcomes
    }

    fn push(&mut self, begun: Begun) {
        match begun {
            Begun::Done(outcome) => self.outcomes.push(outcome),
            Begun::Clock(run) => self.phases.push(Phase::Clock(run)),
        }
    }
}

impl Simulation {
    /// The scenario's steps, begun: none run yet.
    pub fn begin_steps(&mut self) -> Job {
        Job { phases: vec![Phase::Steps { next: 0 }], outcomes: Vec::new() }
    }

    /// A console line or step, as `execute` runs it: a clock command's run is left to do.
    pub fn begin(&mut self, line: &str) -> Job {
        let mut job = Job::default();
        match parse_command(line) {
            Ok(command) => {
                let begun = self.begin_command(line.trim().to_string(), command, None);
                job.push(begun);
            }
            Err(error) => {
                let outcome = self.refused_line(line, error);
                job.outcomes.push(outcome);
            }
        }
        job
    }

    /// A console line as `execute_interactively` runs it: the command, then the cluster
    /// going on until it is quiet, which is left to do.
    pub fn begin_interactive(&mut self, line: &str) -> Job {
        let moves_the_clock = parse_command(line).is_ok_and(|command| command.moves_the_clock());
        let mut job = self.begin(line);
        if moves_the_clock {
            return job;
        }
        // Any other command is done at once.
        if let Some(outcome) = job.outcomes.pop() {
            if outcome.error.is_none() && !self.churn.is_tripped() && !self.agenda.only_background() {
                let (first_frame, deadline) = (self.frames.len(), self.api.now() + SETTLE_LIMIT_MS);
                job.phases.push(Phase::RunOn { outcome, first_frame, deadline });
            } else {
                job.outcomes.push(outcome);
            }
        }
        job
    }

    /// Goes on with `job` for at most `budget` due actions; `true` once it is done.
    pub fn work(&mut self, job: &mut Job, mut budget: Budget) -> bool {
        while let Some(phase) = job.phases.pop() {
            match phase {
                Phase::Steps { next } => {
                    let Some(step) = self.scenario.steps.get(next).cloned() else { continue };
                    if budget.is_spent() {
                        job.phases.push(Phase::Steps { next });
                        return false;
                    }
                    job.phases.push(Phase::Steps { next: next + 1 });
                    match &step.action {
                        StepAction::Command(command) => {
                            let text = command_text(&self.scenario, step.index);
                            let begun = self.begin_command(text, command.clone(), Some(step.index));
                            job.push(begun);
                        }
                        StepAction::Expect(expectation) => {
                            let outcome = self.expect_step(expectation);
                            job.outcomes.push(outcome);
                        }
                    }
                }
                Phase::Clock(run) => {
                    // `Some(ran)` once the clock is where it was asked (or the cluster rests).
                    let ran = match run.kind {
                        ClockKind::Advance { until } => self.run_until(until, &mut budget).then_some(true),
                        ClockKind::Settle { deadline } => self.settle(deadline, &mut budget),
                    };
                    let Some(ran) = ran else {
                        job.phases.push(Phase::Clock(run));
                        return false;
                    };
                    let outcome = self.after_clock_run(run, ran);
                    job.outcomes.push(outcome);
                }
                Phase::RunOn { outcome, first_frame, deadline } => match self.settle(deadline, &mut budget) {
                    Some(quiet) => {
                        let outcome = self.after_run_on(outcome, first_frame, quiet);
                        job.outcomes.push(outcome);
                    }
                    None => {
                        job.phases.push(Phase::RunOn { outcome, first_frame, deadline });
                        return false;
                    }
                },
            }
        }
        true
    }

    /// Finishes `job` at once.
    pub fn finish(&mut self, job: &mut Job) {
        self.work(job, Budget::UNLIMITED);
    }

    /// Stops `job` where it is, as a person asked: the clock command or run-on under way
    /// ends with what it made so far, said as stopped (`Bound::Stopped`); steps not begun
    /// are not run.
    pub fn stop(&mut self, job: &mut Job) {
        while let Some(phase) = job.phases.pop() {
            let outcome = match phase {
                Phase::Steps { .. } => continue,
                Phase::Clock(run) => {
                    // A frame of its own, so the timeline shows where it stopped.
                    let reading = FrameCause::Interrupted { ms: self.api.now() };
                    self.push_frame(reading.clone(), None);
                    let said = reading.to_string();
                    self.conclude(run.text, run.first_frame, Ok(said), None, Some(reading))
                }
                Phase::RunOn { mut outcome, first_frame, .. } => {
                    let reading = FrameCause::Interrupted { ms: self.api.now() };
                    self.push_frame(reading.clone(), None);
                    outcome.output = if outcome.output.is_empty() { reading.to_string() } else { format!("{}\n{reading}", outcome.output) };
                    if self.frames.len() > first_frame {
                        outcome.last_frame = self.frames.len() - 1;
                    }
                    outcome
                }
            };
            let outcome = StepOutcome { bound: Some(Bound::Stopped), ..outcome };
            self.last_command = outcome.clone();
            job.outcomes.push(outcome);
        }
    }
}
