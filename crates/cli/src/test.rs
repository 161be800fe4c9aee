//! `dsplay test <file|dir>...`: runs scenarios and checks their expectations, one line
//! per scenario and a closing `N passed, N failed`. An exercise is also checked both
//! ways: its solution reaches the goal, its starting state does not.

use std::path::{Path, PathBuf};

use dsplay_engine::scenario::StepAction;
use dsplay_engine::simulation::{PlaygroundNote, Simulation};

fn scenario_files(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for entry in entries {
            // A gallery's index.yaml lists scenarios; it is not one.
            let is_index = entry.file_name().is_some_and(|n| n == "index.yaml");
            if entry.is_dir() || (!is_index && entry.extension().is_some_and(|e| e == "yaml" || e == "yml")) {
                scenario_files(&entry, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

/// A scenario whose expectations held: its name, and what the playground said of the
/// steps it stopped (a churn), which a reader must see even when the checks pass.
pub struct Passed {
    pub name: String,
    pub stopped: Vec<String>,
}

/// Runs one scenario: `Ok` when every expectation held, else the first thing that
/// differed. A command that fails where no `expect: {error: ...}` follows it is a
/// failure too, so a typo in a scenario cannot pass silently.
/// The simulation is handed to `kept` rather than freed here.
pub fn run_scenario(path: &Path, kept: &mut Option<Simulation>) -> Result<Passed, (String, String)> {
    let fallback = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let text = crate::read_text(path).map_err(|message| (fallback.clone(), message))?;
    let mut simulation =
        Simulation::load(&text).map_err(|e| (fallback.clone(), crate::load_error_at(&path.display().to_string(), &e)))?;
    let name = simulation.scenario().name.clone();
    let steps = simulation.scenario().steps.clone();
    let outcomes = simulation.run_steps();
    let simulation = kept.insert(simulation);
    for (position, (step, outcome)) in steps.iter().zip(&outcomes).enumerate() {
        let number = step.index + 1;
        if let Some(failure) = outcome.failures.first() {
            let more = outcome.failures.len() - 1;
            let suffix = if more > 0 { format!(" (and {more} more)") } else { String::new() };
            return Err((name, format!("step {number}: {failure}{suffix}")));
        }
        if let Some(error) = &outcome.error {
            let expected = matches!(steps.get(position + 1).map(|s| &s.action), Some(StepAction::Expect(e)) if e.error.is_some());
            if !expected {
                let first_line = error.lines().next().unwrap_or("");
                return Err((name, format!("step {number}: `{}` failed: {first_line}", outcome.command)));
            }
        }
    }
    if let Some(task) = simulation.scenario().task.clone() {
        crate::exercise_check::both_ways(&text, simulation, &task).map_err(|reason| (name.clone(), reason))?;
    }
    let stopped = steps
        .iter()
        .zip(&outcomes)
        .filter_map(|(step, outcome)| match &outcome.note {
            Some(note @ PlaygroundNote::Churned(_)) => Some(format!("step {}: {note}", step.index + 1)),
            _ => None,
        })
        .collect();
    Ok(Passed { name, stopped })
}

pub fn main(args: &[String]) -> i32 {
    if args.is_empty() {
        eprintln!("usage: dsplay test <file|dir>...");
        return 2;
    }
    let mut files = Vec::new();
    let mut unreadable = 0;
    for arg in args {
        if let Err(error) = scenario_files(Path::new(arg), &mut files) {
            outln!("FAIL {arg}: {error}");
            unreadable += 1;
        }
    }
    let (mut passed, mut failed) = (0, unreadable);
    let mut last = None;
    for file in &files {
        // Each scenario's simulation is freed before the next one runs, except the
        // last: a timeline of thousands of nodes is millions of allocations, and
        // freeing them one by one took a quarter of a run; the process exits instead.
        drop(last.take());
        match run_scenario(file, &mut last) {
            Ok(Passed { name, stopped }) => {
                outln!("ok {name}");
                for note in stopped {
                    outln!("  {note}");
                }
                passed += 1;
            }
            Err((name, reason)) => {
                outln!("FAIL {name}: {reason}");
                failed += 1;
            }
        }
    }
    outln!("{passed} passed, {failed} failed");
    std::mem::forget(last);
    i32::from(failed > 0)
}
