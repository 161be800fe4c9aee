//! `dsplay run <file>`: the timeline of a scenario, as the playground animates it.

use std::collections::BTreeMap;

use dsplay_engine::clock::human_duration;
use dsplay_engine::simulation::{Marker, Simulation};

pub fn main(args: &[String]) -> i32 {
    let [path] = args else {
        eprintln!("usage: dsplay run <scenario.yaml>");
        return 2;
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: cannot read {path}: {error}");
            return 2;
        }
    };
    let mut simulation = match Simulation::load(&text) {
        Ok(simulation) => simulation,
        Err(error) => {
            eprintln!("error: {path}: {error}");
            return 1;
        }
    };
    let outcomes = simulation.run_steps();
    let by_step: BTreeMap<usize, _> = simulation.scenario().steps.iter().map(|s| s.index).zip(outcomes.iter()).collect();
    let mut events_seen = 0;
    for frame in simulation.frames() {
        let time = format!("{:>8}", human_duration(frame.time_ms));
        match &frame.marker {
            Some(Marker::Step(index)) => {
                println!("{time}  $ {}", frame.cause);
                if let Some(outcome) = by_step.get(index) {
                    for line in outcome.error.iter().chain(std::iter::once(&outcome.output)).flat_map(|t| t.lines()) {
                        println!("{:>8}    {line}", "");
                    }
                }
            }
            Some(Marker::UpdateApplied(ds)) => println!("{time}  {}  [rollout of {ds} begins]", frame.cause),
            Some(Marker::RolloutComplete(ds)) => println!("{time}  {}  [rollout of {ds} complete]", frame.cause),
            None => println!("{time}  {}", frame.cause),
        }
        for event in frame.state.events.iter().skip(events_seen) {
            println!("{:>8}    {} {} {}: {}", "", event.event_type, event.object, event.reason, event.message);
        }
        events_seen = frame.state.events.len();
    }
    for (step, outcome) in simulation.scenario().steps.iter().zip(&outcomes) {
        for failure in &outcome.failures {
            println!("expect (step {}): {failure}", step.index + 1);
        }
    }
    0
}
