//! Scenario text: parse, load, play every step. A valid scenario may legitimately run a
//! long simulated time, so the size of the text is bounded here (not in the engine):
//! large enough for every scenario of the gallery and the tests.
#![no_main]

use dsplay_engine::simulation::Simulation;
use libfuzzer_sys::fuzz_target;

/// The largest text tried: the biggest scenario of the repository is about 8 KiB.
const MAX_BYTES: usize = 16 * 1024;

fuzz_target!(|data: &[u8]| {
    let Some(text) = dsplay_fuzz::text(data, MAX_BYTES) else { return };
    let Ok(mut sim) = Simulation::load(text) else { return };
    let outcomes = sim.run_steps();
    assert_eq!(outcomes.len(), sim.scenario().steps.len());
    // A viewer scrubs back and asks a read-only question of an earlier frame.
    if let Some(last) = sim.frames().len().checked_sub(1) {
        let _ = sim.query_at("kubectl get pods -o wide", last / 2);
        let _ = sim.query_at("kubectl describe ds", last);
    }
});
