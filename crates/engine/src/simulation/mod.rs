//! The simulation: one deterministic timeline of the cluster. A scenario's objects are
//! created at time 0; steps (console commands) change the world; the agenda of due
//! actions drives the clock; every action that changes something is one frame.

mod churn;
mod drain;
mod edit;
mod expect;
mod frame_cause;
mod printed;
mod goal_line;
mod job;
mod kubectl_exec;
mod load_error;
mod perform;
mod playground_note;
mod pods_by_node;
mod reactions;
mod register;
mod rollout_watch;
mod schedule_one;

use std::collections::BTreeMap;

use crate::api::{Api, ApiError};
use crate::controller::daemonset::{BatchBudget, DaemonSetController};
use crate::kubectl::command::{parse_command, Command, CommandError};
use crate::refusal::Refusal;
use crate::kubectl::apply;
use crate::kubelet::{Kubelet, PodTiming};
use crate::network::Network;
use crate::node_lifecycle::NodeLifecycle;
use crate::taint_eviction::TaintEviction;
use crate::pod_readiness::node_name;
use crate::scenario::{parse_scenario, Expectation, ManifestObject, Scenario};
use crate::state::ClusterState;
use crate::clock::MINUTE;
use crate::agenda::Agenda;
use churn::ChurnWatch;
pub use churn::{Churn, CHURN_LIMIT};
use pods_by_node::PodsByNode;
pub(crate) use rollout_watch::RolloutWatch;

pub use edit::Edit;
pub use expect::{EventsSince, ExpectationFailure};
pub use goal_line::{CheckedLine, GoalKey, LineValue, RolloutField};
pub use job::{Budget, Job};
use job::{Begun, ClockKind, ClockRun};
pub use load_error::{ErrorDetail, ErrorPlace, LoadError, PlacePart};
pub use frame_cause::{FrameCause, STILL_CHANGING};
pub use playground_note::PlaygroundNote;
pub use printed::Printed;

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
    fn answered(command: String, result: Result<String, CommandError>, note: Option<PlaygroundNote>, first_frame: usize, last_frame: usize) -> Self {
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

/// `settle` gives up after this much simulated time.
const SETTLE_LIMIT_MS: u64 = 60 * MINUTE;

/// A pod the scheduler could not place: since when, and which plugins said no.
struct Unschedulable {
    since: u64,
    plugins: Vec<&'static str>,
}

pub struct Simulation {
    scenario: Scenario,
    api: Api,
    agenda: Agenda,
    daemonsets: DaemonSetController,
    kubelet: Kubelet,
    network: Network,
    node_lifecycle: NodeLifecycle,
    taint_eviction: TaintEviction,
    /// Pods the scheduler could not place: retried when a change may help one of the
    /// plugins that rejected them (`queueing_hints`), or after five minutes
    /// (`flushUnschedulablePodsLeftover`).
    unschedulable: BTreeMap<String, Unschedulable>,
    /// The pods each DaemonSet made for each node during the current command.
    churn: ChurnWatch,
    pods_by_node: PodsByNode,
    /// Pending pods by the node preemption nominated them to.
    nominated_pods: PodsByNode,
    timing: PodTiming,
    frames: Vec<Frame>,
    rollouts: RolloutWatch,
    last_command: StepOutcome,
    /// Index into the event list where the last `expect` stopped looking.
    events_checked: usize,
    /// Markers for the next frame (a template change seen by the informers, a batch).
    pending_markers: Vec<Marker>,
    /// Pods a `kubectl drain` evicted, which it waits to see gone before it returns.
    awaiting_deletion: Vec<String>,
    /// What the last `kubectl drain` prints, once its evictions were awaited.
    drain_report: Option<drain::DrainReport>,
    /// The scenario pool each node was shaped from, by node name: at load, and by
    /// `node add` (whose name need not start with its pool's). Nodes of manifests have
    /// none.
    pool_by_node: BTreeMap<String, String>,
}

impl Simulation {
    /// Parses the scenario and creates its nodes and manifests at time 0 (those marked
    /// `dsplay/apply: later` wait for `kubectl apply`). No step runs yet.
    pub fn load(text: &str) -> Result<Simulation, LoadError> {
        let scenario = parse_scenario(text)?;
        Simulation::from_scenario(scenario, text)
    }

    /// Creates the nodes and manifests of `scenario`, parsed from `text`.
    fn from_scenario(scenario: Scenario, text: &str) -> Result<Simulation, LoadError> {
        let timing = PodTiming { startup_ms: scenario.timing.pod_startup_ms, ready_ms: scenario.timing.pod_ready_ms };
        let mut sim = Simulation {
            api: Api::new(&scenario.name),
            agenda: Agenda::default(),
            daemonsets: DaemonSetController::default(),
            kubelet: Kubelet::default(),
            network: Network::default(),
            node_lifecycle: NodeLifecycle::default(),
            taint_eviction: TaintEviction::default(),
            unschedulable: BTreeMap::new(),
            churn: ChurnWatch::default(),
            pods_by_node: PodsByNode::bound(),
            nominated_pods: PodsByNode::nominated(),
            timing,
            frames: Vec::new(),
            rollouts: RolloutWatch::default(),
            last_command: StepOutcome::default(),
            events_checked: 0,
            pending_markers: Vec::new(),
            awaiting_deletion: Vec::new(),
            drain_report: None,
            pool_by_node: BTreeMap::new(),
            scenario,
        };
        for (pool_index, pool) in sim.scenario.node_pools.clone().into_iter().enumerate() {
            for node in pool.nodes() {
                sim.pool_by_node.insert(node.metadata.name.clone().unwrap_or_default(), pool.name.clone());
                sim.register_node(node).map_err(|error| LoadError::pool_node_refused(text, pool_index, &pool.name, &error))?;
            }
        }
        sim.react_to_loaded_objects();
        for manifest in sim.scenario.manifests.clone() {
            if manifest.apply_later {
                continue;
            }
            let result = match manifest.object.clone() {
                // Created as `kubectl apply` creates them, with their last-applied configuration.
                ManifestObject::Node(node) => sim.register_node(apply::annotated(node, false)),
                ManifestObject::Pod(pod) => sim.api.create_pod(apply::annotated(pod, true)).map(drop),
                ManifestObject::DaemonSet(ds) => sim.api.create_daemonset(apply::annotated(ds, true)).map(drop),
                ManifestObject::Undecodable { message, .. } => Err(ApiError::BadRequest(message)),
            };
            result.map_err(|error| LoadError::refused(text, &manifest, &error))?;
            sim.react_to_loaded_objects();
        }
        sim.record_frame(FrameCause::Loaded, None);
        Ok(sim)
    }

    /// The informers hear of each object of the scenario as it is created, in file
    /// order, as they would of `kubectl apply -f`: the DaemonSet controller's FIFO work
    /// queue then syncs DaemonSets in creation order, and a node that was there first
    /// wakes none of them. The cluster was running before the scenario, so the node
    /// lifecycle controller knows its nodes already.
    fn react_to_loaded_objects(&mut self) {
        self.node_lifecycle.knows(self.api.state.nodes.keys().cloned());
        self.react();
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The scenario pool each node was shaped from, by node name (a node of a manifest
    /// has none). A name added again later has its latest pool.
    pub fn pools_by_node(&self) -> &BTreeMap<String, String> {
        &self.pool_by_node
    }

    /// What the last command (or step) answered: what a goal's `output` and `error` read.
    pub fn last_outcome(&self) -> &StepOutcome {
        &self.last_command
    }

    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    pub fn state(&self) -> &ClusterState {
        &self.api.state
    }

    pub fn now(&self) -> u64 {
        self.api.now()
    }

    /// Whether `node`'s kubelet has stopped posting status (`node down`, no `node up` since).
    pub fn kubelet_is_silent(&self, node: &str) -> bool {
        self.node_lifecycle.is_silent(node)
    }

    /// Plays every step of the scenario, in order.
    pub fn run_steps(&mut self) -> Vec<StepOutcome> {
        let mut job = self.begin_steps();
        self.finish(&mut job);
        job.into_outcomes()
    }

    /// An `expect` step: checked at once, on the last frame.
    fn expect_step(&mut self, expectation: &Expectation) -> StepOutcome {
        let first_frame = self.frames.len().saturating_sub(1);
        let failures = self.check(expectation);
        StepOutcome { command: "expect".into(), is_expect: true, failures, first_frame, last_frame: first_frame, ..Default::default() }
    }

    /// A read-only kubectl command (`get`, `describe`, `rollout status`) answered as the
    /// cluster was at `frame`, so a viewer scrubbed back into a rollout sees kubectl's
    /// view of that moment; `None` for any other command, which runs at the end.
    pub fn query_at(&mut self, line: &str, frame: usize) -> Option<StepOutcome> {
        let Ok(Command::Kubectl(kubectl)) = parse_command(line) else { return None };
        if !kubectl.is_read_only() {
            return None;
        }
        let (state, time) = self.frames.get(frame).map(|f| (f.state.clone(), f.time_ms))?;
        // Reads only: the end of the timeline is put back untouched.
        let end_state = std::mem::replace(&mut self.api.state, state);
        let end_time = self.api.now();
        self.api.set_now(time);
        let (result, note) = self.kubectl(&kubectl);
        self.api.state = end_state;
        self.api.set_now(end_time);
        Some(StepOutcome::answered(line.trim().to_string(), result.map_err(CommandError::new), note, frame, frame))
    }

    /// A command typed into the playground's console: it runs, then the cluster
    /// reacts until it is quiet (as `settle`), the way a real cluster goes on after
    /// `kubectl` returns. `advance` and `settle` already move the clock themselves; a
    /// refused command, or one that left no work due, leaves the clock alone.
    pub fn execute_interactively(&mut self, line: &str) -> StepOutcome {
        let mut job = self.begin_interactive(line);
        self.finish(&mut job);
        job.into_outcomes().pop().unwrap_or_default()
    }

    /// The cluster went quiet (`quiet`), or not, after a console command's `outcome`,
    /// whose run-on frames start at `first_frame`: the outcome, with the bound it met.
    fn after_run_on(&mut self, mut outcome: StepOutcome, first_frame: usize, quiet: bool) -> StepOutcome {
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

    /// A console command or step: a kubectl command or a simulation command, run at the
    /// end of the timeline.
    pub fn execute(&mut self, line: &str) -> StepOutcome {
        let mut job = self.begin(line);
        self.finish(&mut job);
        job.into_outcomes().pop().unwrap_or_default()
    }

    /// A line that does not parse: kubectl's (or the playground's) error, no frame.
    fn refused_line(&mut self, line: &str, error: CommandError) -> StepOutcome {
        let frame = self.frames.len().saturating_sub(1);
        let outcome = StepOutcome::answered(line.trim().to_string(), Err(error), None, frame, frame);
        self.last_command = outcome.clone();
        outcome
    }

    /// Starts a command: done at once, or, for `advance` and `settle`, the clock's run
    /// left to do (`Job::work` does it).
    fn begin_command(&mut self, text: String, command: Command, step: Option<usize>) -> Begun {
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
    fn after_clock_run(&mut self, run: ClockRun, ran: bool) -> StepOutcome {
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
    fn conclude(
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
    fn record_stop(&mut self, churned: &PlaygroundNote) {
        if let PlaygroundNote::Churned(churn) = churned {
            self.push_frame(FrameCause::Churned(churn.clone()), Some(Marker::Stopped(churn.clone())));
        }
    }

    /// The note of a command stopped by a churn, naming what kept happening.
    fn churn_note(&self) -> Option<PlaygroundNote> {
        let churn = self.churn.churn(std::iter::empty())?;
        let on_node = self.pods_by_node.on(&churn.node).filter_map(|key| self.api.state.pods.get(key.as_str())).map(|pod| &**pod);
        let owned = on_node.filter(|pod| crate::controller::daemonset::controller_key(pod).as_deref() == Some(churn.daemonset.as_str()));
        self.churn.churn(owned).map(PlaygroundNote::Churned)
    }

    /// The outcome of a command whose frames start at `first_frame`; the console shows
    /// the newest one.
    fn finish_command(&mut self, text: String, first_frame: usize, result: Result<String, CommandError>, note: Option<PlaygroundNote>) -> StepOutcome {
        let last_frame = self.frames.len().saturating_sub(1);
        let outcome = StepOutcome::answered(text, result, note, first_frame.min(last_frame), last_frame);
        self.last_command = outcome.clone();
        outcome
    }

    /// Processes every action due up to `until_ms`, then sets the clock there.
    /// A churn stops it where it is.
    /// At most `budget` actions: `false` when it ran out first (the run resumes where it
    /// paused, so a paused run makes the same frames as one that never paused).
    fn run_until(&mut self, until_ms: u64, budget: &mut Budget) -> bool {
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
    fn wait_for_deletion(&mut self) -> Vec<String> {
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
    fn settle(&mut self, deadline: u64, budget: &mut Budget) -> Option<bool> {
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

    /// The frame a command starts: marked with its step, or for a console command
    /// with its text when it changed the cluster (a `get` leaves no frame).
    fn record_command_frame(&mut self, text: &str, step: Option<usize>) {
        match step {
            Some(index) => self.record_frame(FrameCause::Command(text.to_string()), Some(Marker::Step(index))),
            None if self.changed_since_last_frame() => {
                self.push_frame(FrameCause::Command(text.to_string()), Some(Marker::Command(text.to_string())));
            }
            None => {}
        }
    }

    /// Whether the cluster differs from the last frame's (a shared snapshot does not).
    fn changed_since_last_frame(&self) -> bool {
        self.frames.last().is_none_or(|last| !last.state.is_same_snapshot(&self.api.state))
    }

    /// Appends a frame if anything changed since the last one (or always, for a
    /// marked frame such as a step).
    fn record_frame(&mut self, cause: FrameCause, marker: Option<Marker>) {
        if self.changed_since_last_frame() || marker.is_some() {
            self.push_frame(cause, marker);
        }
    }

    /// The clock moved past the last frame with nothing happening (an `advance` to a
    /// quiet time): one frame at the new time, so the view's clock and the ages kubectl
    /// prints agree.
    fn record_clock_frame(&mut self, cause: FrameCause) {
        if self.frames.last().is_some_and(|last| last.time_ms < self.api.now()) {
            self.push_frame(cause, None);
        }
    }

    fn push_frame(&mut self, cause: FrameCause, marker: Option<Marker>) {
        let now = self.api.now();
        let completions = self.rollouts.observe(&self.api.state, now);
        let markers = marker
            .into_iter()
            .chain(self.pending_markers.drain(..))
            .chain(completions.into_iter().map(Marker::RolloutComplete))
            .collect();
        self.frames.push(Frame { time_ms: now, cause, state: self.api.state.clone(), markers });
    }
}

/// The text of a command step as written in the scenario.
fn command_text(scenario: &Scenario, index: usize) -> String {
    scenario.steps.iter().find(|s| s.index == index).map(|s| s.text.clone()).unwrap_or_default()
}

#[cfg(test)]
mod load_error_tests {
    use super::*;
    use crate::test_fixtures::{line_of, AGENT_SCENARIO};

    /// Both budgets non-zero: the API server refuses the DaemonSet.
    fn invalid_budget() -> String {
        AGENT_SCENARIO.replace(
            "  template:\n",
            "  updateStrategy:\n    rollingUpdate:\n      maxUnavailable: 1\n      maxSurge: 1\n  template:\n",
        )
    }

    #[test]
    fn an_invalid_manifest_points_at_the_field_the_api_server_names() {
        let text = invalid_budget();
        let error = Simulation::load(&text).err().unwrap_or_else(|| panic!("both budgets set must not load"));
        assert_eq!(error.line(), line_of(&text, "maxSurge"), "the maxSurge line, not the document's first");
        assert!(
            error.to_string().ends_with("spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero"),
            "{}",
            error.to_string()
        );
    }

    #[test]
    fn a_node_belongs_to_the_pool_it_was_shaped_from_whatever_its_name() {
        let text = AGENT_SCENARIO.replace("  - {name: node, count: 3}\n", "  - {name: node, count: 3}\n  - {name: gpu, count: 1}\n");
        let mut sim = Simulation::load(&text).unwrap_or_else(|error| panic!("{error}"));
        let pool_of_node = |sim: &Simulation, node: &str| sim.pools_by_node().get(node).cloned();
        assert_eq!(pool_of_node(&sim, "node-03").as_deref(), Some("node"));
        assert_eq!(pool_of_node(&sim, "gpu-01").as_deref(), Some("gpu"));
        for line in ["node add spare --pool gpu", "node add gpu-07", "node add loner"] {
            let outcome = sim.execute(line);
            assert_eq!(outcome.error, None, "{line}");
        }
        assert_eq!(pool_of_node(&sim, "spare").as_deref(), Some("gpu"), "--pool names the pool");
        assert_eq!(pool_of_node(&sim, "gpu-07").as_deref(), Some("gpu"), "no --pool: the pool its name starts with");
        assert_eq!(pool_of_node(&sim, "loner").as_deref(), Some("node"), "no --pool and no such prefix: the first pool");
        assert_eq!(pool_of_node(&sim, "ghost").as_deref(), None);
    }

    #[test]
    fn the_node_controller_sees_nodes_come_and_go_at_its_five_second_passes() {
        let mut sim = Simulation::load(AGENT_SCENARIO).unwrap_or_else(|error| panic!("{error}"));
        sim.run_steps();
        let controller_events = |sim: &Simulation| -> Vec<(u64, String, String)> {
            let events = sim.frames().last().map(|frame| frame.state.events.clone()).unwrap_or_default();
            events.iter().filter(|e| e.source == "node-controller").map(|e| (e.time_ms, e.reason.clone(), e.object.clone())).collect()
        };
        assert!(sim.now() % 5_000 != 0 && sim.now() < 5_000, "the steps end before the first pass");
        for line in ["node add node-04", "node add node-05", "kubectl delete node node-05", "settle"] {
            assert_eq!(sim.execute(line).error, None, "{line}");
        }
        // node-05 came and went between two passes: the controller never saw it.
        assert_eq!(controller_events(&sim), [(5_000, "RegisteredNode".to_owned(), "Node/node-04".to_owned())]);
        assert_eq!(sim.execute("kubectl delete node node-04").error, None);
        let deleted_at = sim.now();
        assert_eq!(sim.execute("settle").error, None);
        let next_pass = (deleted_at / 5_000 + 1) * 5_000;
        assert_eq!(controller_events(&sim).last(), Some(&(next_pass, "RemovingNode".to_owned(), "Node/node-04".to_owned())));
    }

    #[test]
    fn a_bad_pool_taint_or_label_stands_at_the_pool_field_that_holds_it() {
        let text = AGENT_SCENARIO.replace(
            "  - {name: node, count: 3}\n",
            "  - {name: node, count: 3}\n  - name: gpu\n    count: 1\n    labels: {\"bad label\": x}\n    taints:\n    - {key: gpu, effect: Bogus}\n",
        );
        let error = Simulation::load(&text).err().unwrap_or_else(|| panic!("a bad taint must not load"));
        assert!(error.to_string().starts_with("node pool gpu: The Node \"gpu-01\" is invalid"), "{}", error.to_string());
        let details: Vec<(Option<usize>, &str)> = error.details.iter().map(|d| (d.line, d.text.as_str())).collect();
        assert_eq!(details.len(), 2, "{details:?}");
        assert_eq!(details[0].0, line_of(&text, "bad label"), "{details:?}");
        assert!(details[0].1.starts_with("spec.nodePools[1].labels: Invalid value: \"bad label\""), "{details:?}");
        assert_eq!(details[1].0, line_of(&text, "Bogus"), "{details:?}");
        assert!(details[1].1.starts_with("spec.nodePools[1].taints[0].effect: Unsupported value: \"Bogus\""), "{details:?}");
    }

    #[test]
    fn every_field_error_of_the_answer_stands_at_its_own_line() {
        let text = invalid_budget().replace("      maxSurge: 1\n", "").replace(
            "      containers: [{name: agent, image: busybox:1.36}]\n",
            "      restartPolicy: Never\n      containers: [{name: agent}]\n",
        );
        let error = Simulation::load(&text).err().unwrap_or_else(|| panic!("two errors must not load"));
        let details: Vec<(Option<usize>, &str)> = error.details.iter().map(|d| (d.line, d.text.as_str())).collect();
        assert_eq!(details.len(), 2, "{details:?}");
        assert_eq!(details[0].0, line_of(&text, "containers:"), "containers[0] (its image is missing): {details:?}");
        assert!(details[0].1.starts_with("spec.template.spec.containers[0].image: Required value"), "{details:?}");
        assert_eq!(details[1].0, line_of(&text, "restartPolicy"), "restartPolicy: {details:?}");
        assert!(details[1].1.starts_with("spec.template.spec.restartPolicy: Unsupported value: \"Never\""), "{details:?}");
        assert_eq!(error.line(), details[0].0, "the first error's line");
    }

    #[test]
    fn a_field_missing_from_the_text_points_at_its_nearest_parent() {
        let text = AGENT_SCENARIO.replace("{name: agent, image: busybox:1.36}", "{name: agent}");
        let error = Simulation::load(&text).err().unwrap_or_else(|| panic!("a container without an image must not load"));
        assert!(error.to_string().contains("spec.template.spec.containers[0].image: Required value"), "{}", error.to_string());
        assert_eq!(error.line(), line_of(&text, "containers:"), "the container's line");
    }
}

#[cfg(test)]
mod query_tests {
    use super::*;
    use crate::test_fixtures::AGENT_SCENARIO;

    #[test]
    fn a_query_reads_the_frame_asked_for_and_leaves_the_timeline_alone() {
        let text = AGENT_SCENARIO.replace("  - settle\n", "  - settle\n  - kubectl set image ds/agent agent=busybox:1.37\n  - settle\n");
        let mut simulation = Simulation::load(&text).expect("loads");
        simulation.run_steps();
        let frames = simulation.frames().len();
        let mid = simulation.frames().iter().position(|f| matches!(&f.cause, FrameCause::Command(c) if c.starts_with("kubectl set image"))).expect("the update") + 1;
        let at_mid = simulation.query_at("kubectl rollout status ds/agent", mid).expect("a read-only command");
        assert!(at_mid.output.starts_with("Waiting for daemon set spec update to be observed"), "{}", at_mid.output);
        let at_end = simulation.query_at("kubectl rollout status ds/agent", frames - 1).expect("a read-only command");
        assert_eq!(at_end.output, "daemon set \"agent\" successfully rolled out");
        assert_eq!(simulation.frames().len(), frames, "no frame added");
        assert!(simulation.query_at("kubectl cordon node-01", mid).is_none(), "a write runs at the end");
        let end = simulation.execute("kubectl get ds agent");
        assert!(end.output.contains("agent"), "the end state is intact: {}", end.output);
    }

    #[test]
    fn set_image_to_the_image_it_has_prints_nothing_and_changes_nothing() {
        let mut simulation = Simulation::load(AGENT_SCENARIO).expect("loads");
        simulation.run_steps();
        let frames = simulation.frames().len();
        let outcome = simulation.execute_interactively("kubectl set image ds/agent agent=busybox:1.36");
        assert_eq!((outcome.output.as_str(), outcome.error.as_deref()), ("", None));
        assert_eq!(simulation.frames().len(), frames, "no new revision, no frame");
    }

    #[test]
    fn delete_by_a_selector_that_matches_nothing_says_so_without_a_namespace() {
        let mut simulation = Simulation::load(AGENT_SCENARIO).expect("loads");
        let outcome = simulation.execute("kubectl delete pods -l app=nothing");
        assert_eq!((outcome.output.as_str(), outcome.error), ("No resources found", None), "delete's words, not get's");
    }

    #[test]
    fn a_console_command_runs_on_to_the_crash_loop_of_an_image_that_exits() {
        for behaviour in ["crash", "oom", "complete"] {
            let mut simulation = Simulation::load(AGENT_SCENARIO).expect("loads");
            simulation.run_steps();
            simulation.execute_interactively(&format!("image busybox:1.37 {behaviour}"));
            simulation.execute_interactively("kubectl set image ds/agent agent=busybox:1.37");
            let pods = simulation.execute("kubectl get pods").output;
            assert_eq!(pods.matches("CrashLoopBackOff").count(), 1, "{behaviour}: the first new pod, past its first exit\n{pods}");
        }
    }

    #[test]
    fn a_console_command_that_changes_the_cluster_marks_its_frame_and_a_read_adds_none() {
        let mut simulation = Simulation::load(AGENT_SCENARIO).expect("loads");
        simulation.run_steps();
        let frames = simulation.frames().len();
        simulation.execute_interactively("kubectl get pods");
        assert_eq!(simulation.frames().len(), frames, "a read adds no frame");
        let outcome = simulation.execute_interactively("kubectl cordon node-01");
        let first = simulation.frames().get(outcome.first_frame).expect("the cordon's frame");
        assert_eq!(first.markers, [Marker::Command("kubectl cordon node-01".into())]);
    }
}

#[cfg(test)]
mod kubelet_sync_tests {
    use super::*;
    use crate::test_fixtures::AGENT_SCENARIO;

    fn schedulable_events(sim: &Simulation) -> Vec<String> {
        let events = sim.state().events.iter();
        events.filter(|e| e.reason.contains("Schedulable")).map(|e| format!("{} {}", e.reason, e.message)).collect()
    }

    #[test]
    fn the_kubelet_records_a_cordon_at_its_next_status_sync_and_misses_one_undone_before() {
        let mut sim = Simulation::load(AGENT_SCENARIO).expect("loads");
        sim.run_steps();
        for line in ["kubectl cordon node-01", "advance 5s"] {
            assert_eq!(sim.execute(line).error, None, "{line}");
        }
        assert_eq!(schedulable_events(&sim), Vec::<String>::new(), "not before the kubelet's next sync");
        assert_eq!(sim.execute("advance 10s").error, None);
        assert_eq!(schedulable_events(&sim), ["NodeNotSchedulable Node node-01 status is now: NodeNotSchedulable"]);
        for line in ["kubectl cordon node-02", "kubectl uncordon node-02", "advance 30s"] {
            assert_eq!(sim.execute(line).error, None, "{line}");
        }
        assert_eq!(schedulable_events(&sim).len(), 1, "node-02 was schedulable at both syncs: {:?}", schedulable_events(&sim));
        // The node down, its kubelet syncs nothing until it is back.
        for line in ["node down node-03", "kubectl cordon node-03", "advance 60s"] {
            assert_eq!(sim.execute(line).error, None, "{line}");
        }
        assert_eq!(schedulable_events(&sim).len(), 1);
        assert_eq!(sim.execute("node up node-03").error, None);
        assert_eq!(schedulable_events(&sim).last().map(String::as_str), Some("NodeNotSchedulable Node node-03 status is now: NodeNotSchedulable"));
    }
}

#[cfg(test)]
mod rollout_restart_tests {
    use super::*;
    use crate::test_fixtures::AGENT_SCENARIO;

    #[test]
    fn a_name_that_is_not_there_is_reported_after_the_daemonsets_restarted() {
        let mut sim = Simulation::load(AGENT_SCENARIO).expect("loads");
        sim.run_steps();
        let outcome = sim.execute("kubectl rollout restart ds ghost agent");
        assert_eq!(
            outcome.error.as_deref(),
            Some("daemonset.apps/agent restarted\nError from server (NotFound): daemonsets.apps \"ghost\" not found")
        );
        let refused = sim.execute("kubectl rollout restart ds agent -l app=agent");
        assert_eq!(refused.error.as_deref(), Some("error: name cannot be provided when a selector is specified"));
    }
}
