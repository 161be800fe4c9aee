//! Console commands: every line either parses or is refused, and runs against a small
//! cluster as the playground's console runs it, then as a query of an earlier frame.
//! Tab completion sees the same lines.
#![no_main]

use dsplay_engine::kubectl::command::{completions, parse_command};
use libfuzzer_sys::fuzz_target;

/// At most this many lines per input: each settles the cluster for up to an hour of
/// simulated time.
const MAX_LINES: usize = 4;

fuzz_target!(|data: &[u8]| {
    let Some(text) = dsplay_fuzz::text(data, 4096) else { return };
    let lines: Vec<&str> = text.lines().take(MAX_LINES).collect();
    for line in &lines {
        let _ = parse_command(line);
        let names = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let _ = completions(line, &names(&["node-01", "node-02", "cp-01"]), &names(&["web"]), &names(&["agent"]));
    }
    let mut sim = dsplay_fuzz::small_simulation();
    for line in &lines {
        let _ = sim.query_at(line, 1);
        let _ = sim.execute_interactively(line);
    }
});
