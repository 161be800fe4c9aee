//! Bad input never panics: random and mangled scenario texts are refused with an error,
//! and random console lines against a running simulation print kubectl's or the
//! playground's error instead.

use dsplay_engine::kubectl::command::parse_command;
use dsplay_engine::simulation::Simulation;
use proptest::prelude::*;

const SCENARIO: &str = include_str!("../../../../shared/conformance/broken-image-rollout-undo.yaml");

const WORDS: &[&str] = &[
    "kubectl", "get", "describe", "pods", "ds", "nodes", "node-01", "node-09", "agent", "@node-02", "-n", "kube-system",
    "label", "taint", "cordon", "uncordon", "drain", "--ignore-daemonsets", "--force", "delete", "pod", "node", "set",
    "image", "ds/agent", "agent=x:2", "patch", "-p", "'{\"spec\":{}}'", "'{'", "rollout", "undo", "status", "history",
    "--to-revision=7", "--revision=1", "a=b", "a-", "k=v:NoExecute", "k:NoSchedule-", "advance", "30s", "-5m", "settle",
    "node", "add", "up", "down", "--pool", "zzz", "crash", "ok", "pull-error", "-o", "yaml", "json", "name", "wide", "\"",
    "'", "=", ":", "", "apply", "-f", "missing",
];

fn command() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 0..7).prop_map(|words| words.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_console_lines_never_panic(lines in prop::collection::vec(command(), 1..12)) {
        let mut simulation = Simulation::load(SCENARIO).expect("the conformance scenario loads");
        for line in &lines {
            let _ = simulation.execute(line);
        }
        prop_assert!(!simulation.frames().is_empty());
    }

    #[test]
    fn mangled_scenarios_are_refused_or_run(cut in 0usize..SCENARIO.len(), insert in "[ -~\n]{0,12}") {
        let mut text = SCENARIO.to_string();
        let at = (0..=cut).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        text.insert_str(at, &insert);
        if let Ok(mut simulation) = Simulation::load(&text) {
            let _ = simulation.run_steps();
        }
    }

    #[test]
    fn mangled_edits_apply_in_place_or_are_refused(cut in 0usize..SCENARIO.len(), insert in "[ -~\n]{0,12}") {
        let mut simulation = Simulation::load(SCENARIO).expect("the conformance scenario loads");
        let _ = simulation.run_steps();
        let mut text = SCENARIO.to_string();
        let at = (0..=cut).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        text.insert_str(at, &insert);
        if let Ok(dsplay_engine::simulation::Edit::Reload(mut reloaded)) = simulation.apply_edit(&text) {
            let _ = reloaded.run_steps();
        }
    }

    /// Any line a console or a link's log can carry parses or is refused with words.
    #[test]
    fn any_command_line_parses_or_is_refused(line in "\\PC{0,200}", words in command()) {
        for line in [line, words] {
            if let Err(error) = parse_command(&line) {
                prop_assert!(!error.to_string().is_empty() || error.refusal.is_some(), "{line:?}");
            }
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,300}") {
        let _ = Simulation::load(&text);
    }
}
