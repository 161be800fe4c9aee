//! What a link or a file could carry to exhaust the page: too many nodes from any
//! source, and files whose steps are many. Each is refused or handled in work linear in
//! its size.

use dsplay_engine::refusal::Refusal;
use dsplay_engine::scenario::{parse_scenario, MAX_NODES};
use dsplay_engine::simulation::{Bound, Marker, PlaygroundNote, Simulation, CHURN_LIMIT};

const HEAD: &str = "apiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: t}\nspec:\n";

/// A console `node add` once the cluster has the most nodes is refused, and makes none.
#[test]
fn a_console_node_add_past_the_cap_is_refused() {
    let text = format!("{HEAD}  nodePools: [{{name: node, count: {}}}]\n", MAX_NODES - 1);
    let mut simulation = Simulation::load(&text).expect("a pool at the cap less one loads");
    assert_eq!(simulation.execute("node add extra-1").error, None);
    let refused = simulation.execute("node add extra-2");
    assert_eq!(refused.refusal, Some(Refusal::NodeLimitReached { max: MAX_NODES }));
    assert_eq!(refused.error.as_deref(), Some("error: the cluster has 10000 nodes, the most the playground runs"));
    let nodes = simulation.execute("kubectl get nodes --no-headers").output;
    assert_eq!(nodes.lines().count() as u64, MAX_NODES);
    assert!(!nodes.contains("extra-2"));
}

/// 20,000 steps read in one pass: every step keeps its own line.
#[test]
fn many_steps_parse_with_their_lines() {
    let steps: String = (0..20_000).map(|i| if i % 2 == 0 { "  - settle\n".to_owned() } else { format!("  - advance {i}ms\n") }).collect();
    let scenario = parse_scenario(&format!("{HEAD}  steps:\n{steps}")).expect("20,000 steps parse");
    assert_eq!(scenario.steps.len(), 20_000);
    assert_eq!(scenario.steps.last().map(|s| s.line), Some(6 + 19_999));
}

/// A console command that sets off a churn: the cluster runs on until the bound, and
/// the answer, the note and the timeline's last frame say what kept happening.
#[test]
fn a_churn_after_a_console_command_is_stopped_and_said() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/scenarios/surge-churn-stops-with-a-note.yaml"))
        .expect("the churn scenario");
    let mut simulation = Simulation::load(&text).expect("it loads");
    let outcome = simulation.execute_interactively("kubectl label node node-01 tier=a");
    assert!(outcome.output.starts_with("node/node-01 labeled\n# the playground stopped here: DaemonSet default/agent made 100 pods for node disk-full"), "{}", outcome.output);
    let Some(PlaygroundNote::Churned(churn)) = &outcome.note else { panic!("no churn note: {:?}", outcome.note) };
    assert_eq!((churn.node.as_str(), churn.created, churn.fate.as_deref()), ("disk-full", CHURN_LIMIT, Some("Failed (Evicted)")));
    assert_eq!(outcome.bound, Some(Bound::Churned(churn.clone())));
    // A step stopped the same way says so too.
    let mut stepped = Simulation::load(&text).expect("it loads");
    let settle = stepped.run_steps().into_iter().next().expect("the first step");
    assert!(matches!(settle.bound, Some(Bound::Churned(_))), "{:?}", settle.bound);
    let last = simulation.frames().last().expect("frames");
    assert!(last.markers.contains(&Marker::Stopped(churn.clone())), "{:?}", last.markers);
    assert_eq!(outcome.last_frame, simulation.frames().len() - 1);
}
