//! What a link may ask of the browser that opens it: the nodes and steps a scenario
//! declares, and those a replayed session adds.

use dsplay_engine::kubectl::command::{parse_command, Command};
use dsplay_engine::refusal::Refusal;
use dsplay_engine::scenario::parse_scenario;

use crate::session_record::{Entry, SessionRecord};

/// What a scenario text asks of the page that opens it.
pub(super) struct Declared {
    pub(super) nodes: u64,
    pub(super) steps: usize,
}

/// The nodes a scenario makes (its pools, its `v1 Node` documents and its `node add`
/// steps) and its steps. A text the engine refuses for making too many nodes counts as
/// many as it said; any other parse error is left to the editor to show at its line.
pub(super) fn declared(text: &str) -> Declared {
    match parse_scenario(text) {
        Ok(scenario) => Declared { nodes: scenario.node_count(), steps: scenario.steps.len() },
        Err(error) => match error.refusal {
            Some(Refusal::TooManyNodes { nodes, .. }) => Declared { nodes, steps: 0 },
            _ => Declared { nodes: 0, steps: 0 },
        },
    }
}

pub fn declared_nodes(text: &str) -> u64 {
    declared(text).nodes
}

pub fn declared_steps(text: &str) -> usize {
    declared(text).steps
}

/// The steps a replayed session runs: the scenario's, one per entry of its log, and
/// the steps of each text it applies.
pub(super) fn replayed_steps(record: &SessionRecord) -> usize {
    let applied: usize = record
        .entries
        .iter()
        .map(|entry| match entry {
            Entry::Apply(text) => declared(text).steps,
            Entry::Run(_) | Entry::Step(_) | Entry::Query { .. } => 0,
        })
        .sum();
    declared(&record.scenario).steps + record.entries.len() + applied
}

/// The most nodes a replayed session can have: the most any text applied in it
/// declares, plus one for each `node add` typed in the console.
pub(super) fn replayed_nodes(record: &SessionRecord) -> u64 {
    let applied = record.entries.iter().filter_map(|entry| match entry {
        Entry::Apply(text) => Some(declared_nodes(text)),
        Entry::Run(_) | Entry::Step(_) | Entry::Query { .. } => None,
    });
    let adds_a_node = |line: &str| matches!(parse_command(line), Ok(Command::NodeAdd { .. }));
    let added = record.entries.iter().filter(|entry| matches!(entry, Entry::Run(line) | Entry::Step(line) if adds_a_node(line))).count();
    applied.fold(declared_nodes(&record.scenario), u64::max) + added as u64
}
