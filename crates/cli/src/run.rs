//! `dsplay run <file>`: the timeline of a scenario, as the playground animates it.

use std::collections::BTreeMap;
use std::io::Write;

use dsplay_engine::simulation::{Marker, Simulation};

pub fn main(args: &[String]) -> i32 {
    let [path] = args else {
        eprintln!("usage: dsplay run <scenario.yaml>");
        return 2;
    };
    let text = match crate::read_input(std::path::Path::new(path)) {
        Ok(text) => text,
        Err(status) => return status,
    };
    let mut simulation = match Simulation::load(&text) {
        Ok(simulation) => simulation,
        Err(error) => {
            eprintln!("error: {}", crate::load_error_at(path, &error));
            return 1;
        }
    };
    let outcomes = simulation.run_steps();
    let by_step: BTreeMap<usize, _> = simulation.scenario().steps.iter().map(|s| s.index).zip(outcomes.iter()).collect();
    // Printing stops quietly when the reader goes away (`dsplay run x | head`).
    let _ = print_timeline(&simulation, &by_step, &outcomes);
    0
}

/// What a marker adds to its frame's line; a step is shown by the `$` prompt instead.
fn marker_tag(marker: &Marker) -> Option<String> {
    match marker {
        Marker::Step(_) | Marker::Command(_) => None,
        Marker::UpdateApplied(ds) => Some(format!("rollout of {ds} begins")),
        Marker::RolloutComplete(ds) => Some(format!("rollout of {ds} complete")),
        Marker::RolloutBatch { daemonset, number, deleted, created, budget } => {
            let (limit, in_use) = if budget.surge { ("maxSurge", "surging") } else { ("maxUnavailable", "unavailable") };
            Some(format!(
                "rollout of {daemonset}: batch {number}, {deleted} old deleted, {created} surge created ({limit} {}, {} {in_use} before)",
                budget.budget, budget.in_use
            ))
        }
        Marker::Stopped(churn) => Some(format!("stopped: {} keeps making pods for {}", churn.daemonset, churn.node)),
    }
}

fn seconds(ms: u64) -> String {
    format!("{:>9.2}s", ms as f64 / 1000.0)
}

fn print_timeline(
    simulation: &Simulation,
    by_step: &BTreeMap<usize, &dsplay_engine::simulation::StepOutcome>,
    outcomes: &[dsplay_engine::simulation::StepOutcome],
) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    let mut events_seen = 0;
    for frame in simulation.frames() {
        let time = seconds(frame.time_ms);
        let step = frame.markers.iter().find_map(|m| match m {
            Marker::Step(index) => Some(*index),
            _ => None,
        });
        let prompt = if step.is_some() { "$ " } else { "" };
        let tags: String = frame.markers.iter().filter_map(marker_tag).map(|tag| format!("  [{tag}]")).collect();
        writeln!(out, "{time}  {prompt}{}{tags}", frame.cause)?;
        if let Some(outcome) = step.and_then(|index| by_step.get(&index)) {
            for line in outcome.error.iter().chain(std::iter::once(&outcome.output)).flat_map(|t| t.lines()) {
                writeln!(out, "{:>10}    {line}", "")?;
            }
        }
        for event in frame.state.events.iter().skip(events_seen) {
            writeln!(out, "{:>10}    {} {} {}: {}", "", event.event_type, event.object, event.reason, event.message)?;
        }
        events_seen = frame.state.events.len();
    }
    for (step, outcome) in simulation.scenario().steps.iter().zip(outcomes) {
        for failure in &outcome.failures {
            writeln!(out, "expect (step {}): {failure}", step.index + 1)?;
        }
    }
    Ok(())
}
