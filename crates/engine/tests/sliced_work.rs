//! A job done a slice at a time (one due action per slice, the worst case) makes the
//! same timeline as the job done at once: the same frames, causes, markers and states,
//! and the same outcomes. The browser relies on it to play while the engine runs ahead.

use std::path::Path;

use dsplay_engine::simulation::{Budget, Job, Simulation, StepOutcome};

fn timeline(simulation: &Simulation) -> Vec<String> {
    simulation
        .frames()
        .iter()
        .map(|frame| {
            let state = &frame.state;
            format!("{} {} {:?} {:?} {:?} {:?}", frame.time_ms, frame.cause, frame.markers, state.pods, state.daemonsets, state.nodes)
        })
        .collect()
}

fn outcomes(outcomes: &[StepOutcome]) -> Vec<String> {
    outcomes.iter().map(|outcome| format!("{outcome:?}")).collect()
}

/// Works `job` one action per slice; returns how many slices it took.
fn in_slices(simulation: &mut Simulation, job: &mut Job) -> usize {
    let mut slices = 1;
    while !simulation.work(job, Budget::actions(1)) {
        slices += 1;
    }
    slices
}

fn scenarios() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut found = Vec::new();
    for dir in ["gallery", "gallery/exercises", "tests/scenarios"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "yaml") && !path.ends_with("index.yaml") {
                if let Ok(text) = std::fs::read_to_string(&path) {
                    found.push((path.display().to_string(), text));
                }
            }
        }
    }
    found.sort();
    found
}

#[test]
fn steps_done_in_slices_make_the_same_timeline() {
    let mut paused = 0;
    for (name, text) in scenarios() {
        let Ok(mut at_once) = Simulation::load(&text) else { continue };
        let expected = outcomes(&at_once.run_steps());
        let Ok(mut sliced) = Simulation::load(&text) else { continue };
        let mut job = sliced.begin_steps();
        paused += in_slices(&mut sliced, &mut job) - 1;
        assert_eq!(outcomes(job.outcomes()), expected, "{name}: outcomes");
        assert_eq!(timeline(&sliced), timeline(&at_once), "{name}: frames");
    }
    assert!(paused > 1_000, "the jobs paused often ({paused} times)");
}

#[test]
fn a_console_command_and_its_run_on_done_in_slices_match() {
    let (_, text) = scenarios().into_iter().find(|(name, _)| name.ends_with("node-exporter-rollout.yaml")).expect("the gallery's rollout");
    for line in ["kubectl set image ds/node-exporter node-exporter=prom/node-exporter:v1.8.0 -n monitoring", "advance 2m", "settle", "nope"] {
        let mut at_once = Simulation::load(&text).expect("loads");
        at_once.run_steps();
        let expected = outcomes(&[at_once.execute_interactively(line)]);
        let mut sliced = Simulation::load(&text).expect("loads");
        sliced.run_steps();
        let mut job = sliced.begin_interactive(line);
        in_slices(&mut sliced, &mut job);
        assert_eq!(outcomes(job.outcomes()), expected, "{line}");
        assert_eq!(timeline(&sliced), timeline(&at_once), "{line}");
    }
}

#[test]
fn a_stopped_job_keeps_what_it_made_and_says_it_stopped() {
    let (_, text) = scenarios().into_iter().find(|(name, _)| name.ends_with("node-exporter-rollout.yaml")).expect("the gallery's rollout");
    let mut simulation = Simulation::load(&text).expect("loads");
    let mut job = simulation.begin_steps();
    for _ in 0..40 {
        simulation.work(&mut job, Budget::actions(1));
    }
    let frames = simulation.frames().len();
    simulation.stop(&mut job);
    assert!(job.is_done());
    let last = job.outcomes().last().expect("the step under way");
    assert_eq!(last.bound, Some(dsplay_engine::simulation::Bound::Stopped));
    assert!(last.output.contains("you stopped the simulation"), "{}", last.output);
    assert!(simulation.frames().len() >= frames, "nothing made is lost");
    assert!(job.outcomes().len() < simulation.scenario().steps.len(), "later steps are not run");
}
