//! Running one command: its start, the clock's run for `advance` and `settle`, the
//! wait for the pods it deleted, and its conclusion (the churn that stopped it, its
//! outcome).

use super::job::{Begun, Budget, ClockKind, ClockRun};
use super::{Bound, FrameCause, Marker, PlaygroundNote, Simulation, StepOutcome, SETTLE_LIMIT_MS, STILL_CHANGING};
use crate::kubectl::command::{Command, CommandError};
use crate::pod_readiness::node_name;

impl Simulation {
    /// The cluster went quiet (`quiet`), or not, after a console command's `outcome`,
    /// whose run-on frames start at `first_frame`: the outcome, with the bound it met.
    pub(super) fn after_run_on(&mut self, mut outcome: StepOutcome, first_frame: usize, quiet: bool) -> StepOutcome {
        if !quiet {
            let note = match self.churn_note() {
                Some(churned) => {
                    self.record_stop(&churned);
                    let text = churned.to_string();
                    if let PlaygroundNote::Churned(churn) = &churned {
                        outcome.bound = Some(Bound::Churned(churn.clone()));
                    }
                    outcome.note = Some(churned);
                    text
                }
                None => {
                    self.record_clock_frame(FrameCause::StillChanging);
                    outcome.bound = Some(Bound::HourPassed);
                    STILL_CHANGING.to_string()
                }
            };
            outcome.output = if outcome.output.is_empty() { note } else { format!("{}\n{note}", outcome.output) };
        }
        if self.frames.len() > first_frame {
            outcome.last_frame = self.frames.len() - 1;
        }
        self.last_command = outcome.clone();
        outcome
    }

    /// A line that does not parse: kubectl's (or the playground's) error, no frame.
    pub(super) fn refused_line(&mut self, line: &str, error: CommandError) -> StepOutcome {
        let frame = self.frames.len().saturating_sub(1);
        let outcome = StepOutcome::answered(line.trim().to_string(), Err(error), None, frame, frame);
        self.last_command = outcome.clone();
        outcome
    }

    /// Starts a command: done at once, or, for `advance` and `settle`, the clock's run
    /// left to do (`Job::work` does it).
    pub(super) fn begin_command(&mut self, text: String, command: Command, step: Option<usize>) -> Begun {
        let first_frame = self.frames.len();
        self.churn.start_command();
        let mut note = None;
        let result = match command {
            Command::Kubectl(kubectl) => {
                let result;
                (result, note) = self.kubectl(&kubectl);
                self.react();
                self.record_command_frame(&text, step);
                let still_there = self.wait_for_deletion();
                let waited_for = still_there.into_iter().next().map(|pod| PlaygroundNote::StillWaitingForDeletion { pod });
                // What kubectl printed, with the note of a wait that cannot end after it.
                let (result, waiting) = match self.drain_report.take() {
                    Some(report) => report.written(&self.api.state),
                    None if note.is_none() => (result, waited_for),
                    None => (result, None),
                };
                let result = match &waiting {
                    Some(waiting) => result.map(|answer| waiting.after(answer)),
                    None => result,
                };
                note = note.or(waiting);
                result.map_err(CommandError::new)
            }
            Command::Advance { ms } => {
                self.record_command_frame(&text, step);
                let until = self.api.now() + ms;
                return Begun::Clock(ClockRun { text, first_frame, kind: ClockKind::Advance { until } });
            }
            Command::Settle => {
                self.record_command_frame(&text, step);
                let deadline = self.api.now() + SETTLE_LIMIT_MS;
                return Begun::Clock(ClockRun { text, first_frame, kind: ClockKind::Settle { deadline } });
            }
            other => {
                let result = self.world_command(other);
                self.react();
                self.record_command_frame(&text, step);
                result
            }
        };
        Begun::Done(self.conclude(text, first_frame, result, note, None))
    }

    /// A clock command's run is over (`ran`: the clock got where it was asked, or the
    /// cluster came to rest): its reading, its frame, its outcome.
    pub(super) fn after_clock_run(&mut self, run: ClockRun, ran: bool) -> StepOutcome {
        let ms = self.api.now();
        let reading = match run.kind {
            ClockKind::Advance { .. } => FrameCause::Advanced { ms },
            ClockKind::Settle { .. } if ran => FrameCause::Settled { ms },
            ClockKind::Settle { .. } => FrameCause::Stopped { ms, hour_passed: !self.churn.is_tripped() },
        };
        self.record_clock_frame(reading.clone());
        let said = reading.to_string();
        self.conclude(run.text, run.first_frame, Ok(said), None, Some(reading))
    }

    /// The end of every command: a churn's note and frame, the outcome, the bound it met.
    pub(super) fn conclude(
        &mut self,
        text: String,
        first_frame: usize,
        result: Result<String, CommandError>,
        note: Option<PlaygroundNote>,
        reading: Option<FrameCause>,
    ) -> StepOutcome {
        let (result, note) = match self.churn_note() {
            Some(churned) => {
                self.record_stop(&churned);
                (result.map(|answer| churned.after(answer)), Some(churned))
            }
            None => (result, note),
        };
        let hour_passed = matches!(reading, Some(FrameCause::Stopped { hour_passed: true, .. }));
        let mut outcome = self.finish_command(text, first_frame, result, note);
        outcome.reading = reading;
        if hour_passed {
            outcome.bound = Some(Bound::HourPassed);
            self.last_command = outcome.clone();
        }
        outcome
    }

    /// A frame of its own for a command stopped by a churn, marked, so that the
    /// timeline says where and why it stopped.
    pub(super) fn record_stop(&mut self, churned: &PlaygroundNote) {
        if let PlaygroundNote::Churned(churn) = churned {
            self.push_frame(FrameCause::Churned(churn.clone()), Some(Marker::Stopped(churn.clone())));
        }
    }

    /// The note of a command stopped by a churn, naming what kept happening.
    pub(super) fn churn_note(&self) -> Option<PlaygroundNote> {
        let churn = self.churn.churn(std::iter::empty())?;
        let on_node = self.pods_by_node.on(&churn.node).filter_map(|key| self.api.state.pods.get(key.as_str())).map(|pod| &**pod);
        let owned = on_node.filter(|pod| crate::controller::daemonset::controller_key(pod).as_deref() == Some(churn.daemonset.as_str()));
        self.churn.churn(owned).map(PlaygroundNote::Churned)
    }

    /// The outcome of a command whose frames start at `first_frame`; the console shows
    /// the newest one.
    pub(super) fn finish_command(&mut self, text: String, first_frame: usize, result: Result<String, CommandError>, note: Option<PlaygroundNote>) -> StepOutcome {
        let last_frame = self.frames.len().saturating_sub(1);
        let outcome = StepOutcome::answered(text, result, note, first_frame.min(last_frame), last_frame);
        self.last_command = outcome.clone();
        outcome
    }

    /// Processes every action due up to `until_ms`, then sets the clock there.
    /// A churn stops it where it is.
    /// At most `budget` actions: `false` when it ran out first (the run resumes where it
    /// paused, so a paused run makes the same frames as one that never paused).
    pub(super) fn run_until(&mut self, until_ms: u64, budget: &mut Budget) -> bool {
        while !self.churn.is_tripped() {
            if !budget.take() {
                return false;
            }
            let Some((at, action)) = self.agenda.pop_due(until_ms) else { break };
            self.api.set_now(at.max(self.api.now()));
            self.perform(action);
        }
        if !self.churn.is_tripped() {
            self.api.set_now(until_ms.max(self.api.now()));
        }
        true
    }

    /// `kubectl drain` returns once the pods it evicted are gone (`waitForDelete`), and
    /// `kubectl delete pod` once the pods it deleted are (`--wait`, on by default): the
    /// clock runs until then, an hour at most, or until nothing more is due. Returns
    /// the pods still there, for which kubectl (which has no timeout) would still wait.
    pub(super) fn wait_for_deletion(&mut self) -> Vec<String> {
        let mut pods = std::mem::take(&mut self.awaiting_deletion);
        let deadline = self.api.now() + SETTLE_LIMIT_MS;
        // A pod on a node whose kubelet is down is never confirmed gone: no use waiting.
        let may_go = |sim: &Simulation, pod: &str| {
            sim.api.state.pods.get(pod).is_some_and(|p| node_name(p).is_none_or(|node| !sim.node_lifecycle.is_silent(node)))
        };
        while !self.churn.is_tripped() && pods.iter().any(|pod| may_go(self, pod)) {
            match self.agenda.next_time() {
                Some(next) if next <= deadline => {
                    if let Some((at, action)) = self.agenda.pop_due(next) {
                        self.api.set_now(at.max(self.api.now()));
                        self.perform(action);
                    }
                }
                _ => break,
            }
        }
        pods.retain(|pod| self.api.state.pods.contains_key(pod.as_str()));
        pods
    }

    /// Runs until only recurring background work (crash loops, pull retries) is left,
    /// or the clock reaches `deadline` (an hour after the settle began).
    /// `Some(false)` when the hour ran out with work still due, or a churn stopped it;
    /// `None` when `budget` ran out first (it resumes where it paused).
    pub(super) fn settle(&mut self, deadline: u64, budget: &mut Budget) -> Option<bool> {
        while !self.agenda.only_background() {
            if self.churn.is_tripped() {
                return Some(false);
            }
            let Some(next) = self.agenda.next_time() else { break };
            if next > deadline {
                self.api.set_now(deadline);
                return Some(false);
            }
            if !budget.take() {
                return None;
            }
            if let Some((at, action)) = self.agenda.pop_due(next) {
                self.api.set_now(at.max(self.api.now()));
                self.perform(action);
            }
        }
        Some(true)
    }
}
