//! The simulation: one deterministic timeline of the cluster. A scenario's objects are
//! created at time 0; steps (console commands) change the world; the agenda of due
//! actions drives the clock; every action that changes something is one frame.

mod churn;
mod drain;
mod drain_report;
mod edit;
mod expect;
mod frame;
mod frame_cause;
mod printed;
mod goal_line;
mod job;
mod kubectl_exec;
mod load_error;
mod perform;
mod playground_note;
mod reactions;
mod register;
mod rollout_watch;
mod run;
mod timeline;

use std::collections::BTreeMap;

use crate::api::{Api, ApiError};
use crate::controller::daemonset::{DaemonSetController};
use crate::kubectl::command::{parse_command, Command, CommandError};
use crate::kubectl::apply;
use crate::kubelet::{Kubelet, PodTiming};
use crate::network::Network;
use crate::node_lifecycle::NodeLifecycle;
use crate::taint_eviction::TaintEviction;
use crate::scenario::{parse_scenario, Expectation, ManifestObject, Scenario};
use crate::state::ClusterState;
use crate::clock::MINUTE;
use crate::agenda::Agenda;
use churn::ChurnWatch;
use drain_report::DrainReport;
pub use churn::{Churn, CHURN_LIMIT};
use crate::pods_by_node::PodsByNode;
use kubectl_exec::Reader;
use crate::scheduler::Scheduler;
pub(crate) use rollout_watch::RolloutWatch;

pub use edit::Edit;
pub use expect::EventsSince;
pub use frame::{Bound, Frame, Marker, StepOutcome};
pub use goal_line::{CheckedLine, ExpectationFailure, GoalKey, LineValue, RolloutField};
pub use job::{Budget, Job};
pub use load_error::{ErrorDetail, ErrorPlace, LoadError, PlacePart};
pub use frame_cause::{FrameCause, STILL_CHANGING};
pub use playground_note::PlaygroundNote;
pub use printed::Printed;

/// `settle` gives up after this much simulated time.
const SETTLE_LIMIT_MS: u64 = 60 * MINUTE;

pub struct Simulation {
    scenario: Scenario,
    api: Api,
    agenda: Agenda,
    daemonsets: DaemonSetController,
    kubelet: Kubelet,
    network: Network,
    node_lifecycle: NodeLifecycle,
    taint_eviction: TaintEviction,
    scheduler: Scheduler,
    /// The pods each DaemonSet made for each node during the current command.
    churn: ChurnWatch,
    pods_by_node: PodsByNode,
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
    drain_report: Option<DrainReport>,
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
            scheduler: Scheduler::default(),
            churn: ChurnWatch::default(),
            pods_by_node: PodsByNode::bound(),
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
    pub fn query_at(&self, line: &str, frame: usize) -> Option<StepOutcome> {
        let Ok(Command::Kubectl(kubectl)) = parse_command(line) else { return None };
        let at = self.frames.get(frame)?;
        let (result, note) = Reader { state: &at.state, now: at.time_ms }.answer(&kubectl)?;
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

    /// A console command or step: a kubectl command or a simulation command, run at the
    /// end of the timeline.
    pub fn execute(&mut self, line: &str) -> StepOutcome {
        let mut job = self.begin(line);
        self.finish(&mut job);
        job.into_outcomes().pop().unwrap_or_default()
    }

}

/// The text of a command step as written in the scenario.
fn command_text(scenario: &Scenario, index: usize) -> String {
    scenario.steps.iter().find(|s| s.index == index).map(|s| s.text.clone()).unwrap_or_default()
}

#[cfg(test)]
mod tests;
