//! The timeline's frames and what each command tells its host.

use super::goal_line::ExpectationFailure;
use super::{Churn, FrameCause, PlaygroundNote};
use crate::controller::daemonset::BatchBudget;
use crate::kubectl::command::{parse_command, Command, CommandError};
use crate::refusal::Refusal;
use crate::state::ClusterState;

/// One instant of the timeline.
#[derive(Clone, Debug)]
pub struct Frame {
    pub time_ms: u64,
    /// What happened: `kubectl cordon node-02`, `daemonset-controller syncs default/agent`, ...
    pub cause: FrameCause,
    pub state: ClusterState,
    /// What makes this frame worth a mark on the scrubber, in order: a step, then what
    /// the informers saw (a template change, a rollout batch), then completed rollouts.
    pub markers: Vec<Marker>,
}

/// Frames worth a mark on the scrubber.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Marker {
    /// A scenario step started here (its index among the steps).
    Step(usize),
    /// A console command (or a node action, which the playground runs as one) that
    /// changed the cluster started here.
    Command(String),
    /// A DaemonSet's template changed: a rollout begins.
    UpdateApplied(String),
    /// rollingUpdate replaced pods: batch `number` (from 1) of the rollout since the
    /// template last changed, with the old pods it deleted and the surge pods it created.
    RolloutBatch { daemonset: String, number: u32, deleted: usize, created: usize, budget: BatchBudget },
    /// A rollout finished.
    RolloutComplete(String),
    /// The command stopped here: a DaemonSet kept making pods for one node.
    Stopped(Churn),
}

/// What one step or console command did.
#[derive(Clone, Debug, Default)]
pub struct StepOutcome {
    pub command: String,
    /// `command` as the engine read it; `None` for a line it could not read and for an
    /// `expect` step.
    pub parsed: Option<Command>,
    /// An `expect` step's outcome.
    pub is_expect: bool,
    /// What kubectl (or the simulation) printed.
    pub output: String,
    /// The error it printed instead, for a rejected command.
    pub error: Option<String>,
    /// When the playground itself refused the command: the error, as a value.
    pub refusal: Option<Refusal>,
    /// For an `expect` step: what differed (empty when it held).
    pub failures: Vec<ExpectationFailure>,
    /// The playground's own remark, also at the end of `output` in English.
    pub note: Option<PlaygroundNote>,
    /// The command stopped at a bound with work left undone.
    pub bound: Option<Bound>,
    /// What `advance` or `settle` reported of the clock, as a value (`output` says it).
    pub reading: Option<FrameCause>,
    pub first_frame: usize,
    pub last_frame: usize,
}

/// Why a command stopped before the cluster came to rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// `settle`, or the run-on after a console command, followed the cluster for an
    /// hour of simulated time and it was still changing.
    HourPassed,
    /// A DaemonSet kept making pods for one node.
    Churned(Churn),
    /// A person stopped it (`Simulation::stop`).
    Stopped,
}

impl StepOutcome {
    /// A command's answer: what it printed, or the error it printed instead.
    pub(super) fn answered(command: String, result: Result<String, CommandError>, note: Option<PlaygroundNote>, first_frame: usize, last_frame: usize) -> Self {
        let (output, error, refusal) = match result {
            Ok(output) => (output, None, None),
            Err(CommandError { message, refusal }) => (String::new(), Some(message), refusal),
        };
        let bound = match &note {
            Some(PlaygroundNote::Churned(churn)) => Some(Bound::Churned(churn.clone())),
            _ => None,
        };
        let parsed = parse_command(&command).ok();
        Self { command, parsed, is_expect: false, output, error, refusal, failures: Vec::new(), note, bound, reading: None, first_frame, last_frame }
    }
}
