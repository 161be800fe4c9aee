//! A panic ends the app (see `crash.rs`), so the layer between the engine and the
//! components must not have one either: random sessions of edits, applies, console
//! lines and cursor moves, with every frame's view, every node's why-panel, the chart,
//! the pool editor and the share link built from what they leave. Native only.
#![cfg(not(target_arch = "wasm32"))]

use std::rc::Rc;

use dsplay_web::cluster_view::node_pools::{read_pools, write_pools};
use dsplay_web::cluster_view::rollout::RolloutTimeline;
use dsplay_web::cluster_view::why::NodeWhy;
use dsplay_web::cluster_view::ClusterView;
use dsplay_web::i18n::Lang;
use dsplay_web::share_link::{from_fragment, to_fragment, view_of};
use dsplay_web::state::{Action, State, EXAMPLE_SCENARIO};
use proptest::prelude::*;
use yew::Reducible;

const WORDS: &[&str] = &[
    "kubectl", "get", "describe", "pods", "ds", "nodes", "node-01", "node-02", "gpu-01", "node-logger", "@node-02",
    "label", "taint", "cordon", "uncordon", "drain", "--ignore-daemonsets", "delete", "pod", "node", "set", "image",
    "ds/node-logger", "logger=nginx:9", "rollout", "undo", "status", "k=v:NoExecute", "k:NoSchedule-", "advance", "30s",
    "settle", "add", "up", "down", "extra", "crash", "ok", "-o", "yaml", "'",
];

fn command() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 0..6).prop_map(|words| words.join(" "))
}

/// The example with a few characters inserted somewhere: mostly broken, sometimes a
/// valid edit (an image, a count, a label).
fn edit() -> impl Strategy<Value = String> {
    (0..EXAMPLE_SCENARIO.len(), "[ -~\n]{0,6}").prop_map(|(at, insert)| {
        let mut text = EXAMPLE_SCENARIO.to_string();
        let at = (0..=at).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        text.insert_str(at, &insert);
        text
    })
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        3 => command().prop_map(Action::Execute),
        2 => edit().prop_map(Action::Edit),
        2 => Just(Action::Apply),
        1 => (0usize..400).prop_map(Action::Seek),
        1 => Just(Action::StepBack),
        1 => Just(Action::StepForward),
        1 => Just(Action::Play),
        1 => Just(Action::Tick),
        1 => prop::sample::select(vec!["node-01", "gpu-02", "extra", "nope"]).prop_map(|n| Action::SelectNode(Some(n.into()))),
    ]
}

/// Everything the page would render of `state`.
fn render(state: &State) {
    let Some(session) = state.session.as_ref() else { return };
    if let Some(frame) = session.frame(state.cursor) {
        let view = ClusterView::of(&frame.state);
        for node in frame.state.nodes.keys() {
            let _ = NodeWhy::of(&frame.state, node);
        }
        drop(view);
    }
    let frames: Vec<_> = (0..session.frame_count()).filter_map(|i| session.frame(i).map(|f| f.clone())).collect();
    let _ = RolloutTimeline::of(frames.iter());
    if let Ok(pools) = read_pools(&state.text) {
        let _ = write_pools(&state.text, &pools);
    }
    let fragment = to_fragment(&view_of(state));
    assert!(matches!(from_fragment(&fragment), Some(Ok(_))), "a link the page makes opens");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_sessions_never_panic(actions in prop::collection::vec(action(), 1..12)) {
        let mut state = Rc::new(State::new(Lang::En, EXAMPLE_SCENARIO));
        for action in actions {
            state = state.reduce(action);
            render(&state);
        }
    }
}
