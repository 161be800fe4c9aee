//! A poster shows what the app shows: the same nodes, the same pods on them, in the
//! same states, read back from the picture's `data-node`, `data-pod` and
//! `data-state` attributes and compared with the frame's `ClusterView`.

use dsplay_engine::simulation::Simulation;
use dsplay_view::poster::{self, Lang, Options, PodState, Theme};
use dsplay_view::{ClusterView, DenseState, PodPhase, DENSE_THRESHOLD};

/// Each node of the picture, in drawing order, with its `data-state` (squares only)
/// and the (pod, state) chips drawn after it until the next node.
type Drawn = Vec<(String, Option<String>, Vec<(String, String)>)>;

fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}='"))? + name.len() + 3;
    let end = start + tag[start..].find('\'')?;
    Some(tag[start..end].to_string())
}

fn drawn(svg: &str) -> Drawn {
    let mut nodes: Drawn = Vec::new();
    for tag in svg.split('<').map(|tag| tag.split('>').next().unwrap_or_default()) {
        if let Some(node) = attribute(tag, "data-node") {
            nodes.push((node, attribute(tag, "data-state"), Vec::new()));
        } else if let Some(pod) = attribute(tag, "data-pod") {
            let state = attribute(tag, "data-state").expect("a chip has its state");
            nodes.last_mut().expect("a chip is on a node").2.push((pod, state));
        }
    }
    nodes
}

fn expected(view: &ClusterView, dense: bool) -> Drawn {
    view.pools
        .iter()
        .flat_map(|pool| pool.nodes.iter())
        .map(|node| match dense {
            true => (node.name.clone(), Some(DenseState::of(node).name().to_string()), Vec::new()),
            false => (node.name.clone(), None, node.pods.iter().map(|pod| (pod.name.clone(), PodState::of(pod).name().to_string())).collect()),
        })
        .collect()
}

fn simulation(text: &str) -> Simulation {
    let mut simulation = Simulation::load(text).unwrap_or_else(|error| panic!("loads: {error}"));
    simulation.run_steps();
    simulation
}

/// The first frame with old and updated pods side by side and a pod not yet ready.
fn mid_rollout(simulation: &Simulation) -> usize {
    simulation
        .frames()
        .iter()
        .position(|frame| {
            let view = ClusterView::of(&frame.state);
            let pods: Vec<_> = view.pools.iter().flat_map(|pool| pool.nodes.iter()).flat_map(|node| node.pods.iter()).collect();
            pods.iter().any(|pod| pod.current == Some(false))
                && pods.iter().any(|pod| pod.current == Some(true))
                && pods.iter().any(|pod| !pod.ready)
        })
        .expect("a frame mid-rollout")
}

#[test]
fn a_gallery_rollout_poster_shows_the_views_nodes_pods_and_states() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../gallery/node-exporter-rollout.yaml")).expect("the gallery scenario");
    let simulation = simulation(&text);
    let pools = vec!["node".to_string()];
    for index in [0, mid_rollout(&simulation), mid_rollout(&simulation) + 3, simulation.frames().len() - 1] {
        let frame = &simulation.frames()[index];
        let view = ClusterView::of_cached(&frame.state, simulation.pools_by_node(), &mut Default::default()).in_pool_order(&pools);
        for (lang, theme) in [(Lang::En, Theme::Light), (Lang::Zh, Theme::Dark)] {
            let svg = poster::of_state(&frame.state, frame.time_ms, simulation.pools_by_node(), &pools, &Options { lang, theme, ..Default::default() });
            assert_eq!(drawn(&svg), expected(&view, false), "frame {index}");
            assert!(svg.len() < 20_000, "ten nodes, {} bytes", svg.len());
        }
    }
    // Mid-rollout the picture tells old from updated, and ready from starting.
    let frame = &simulation.frames()[mid_rollout(&simulation)];
    let svg = poster::of_state(&frame.state, frame.time_ms, simulation.pools_by_node(), &pools, &Options::default());
    let states: Vec<String> = drawn(&svg).into_iter().flat_map(|(_, _, pods)| pods.into_iter().map(|(_, state)| state)).collect();
    assert!(states.iter().any(|s| s == "ready") && states.iter().any(|s| s != "ready"), "{states:?}");
    assert!(svg.contains("data-old=''") && svg.contains("r2</text>"), "old r1 and updated r2 chips");
    // The status line is kubectl's.
    assert!(svg.contains("node-exporter") && svg.contains("UP-TO-DATE"));
    // A chip's state agrees with the pod's own fields.
    let view = ClusterView::of(&frame.state);
    for pod in view.pools.iter().flat_map(|pool| pool.nodes.iter()).flat_map(|node| node.pods.iter()) {
        assert_eq!(PodState::of(pod) == PodState::Ready, pod.ready && pod.phase == PodPhase::Running && !pod.terminating && !pod.failing, "{pod:?}");
    }
}

#[test]
fn a_250_node_poster_is_dense_squares_with_the_views_states() {
    let text = include_str!("../../web/scenarios/getting-started.yaml").replace("count: 3", "count: 248");
    let simulation = simulation(&text);
    // A frame with updated nodes beside nodes the rollout has yet to reach.
    let index = (mid_rollout(&simulation)..simulation.frames().len())
        .find(|index| {
            let view = ClusterView::of(&simulation.frames()[*index].state);
            let states: Vec<_> = view.pools.iter().flat_map(|pool| pool.nodes.iter()).map(|node| DenseState::of(node)).collect();
            states.contains(&DenseState::Ok) && states.contains(&DenseState::OkOld)
        })
        .expect("a frame mid-rollout");
    let frame = &simulation.frames()[index];
    assert_eq!(frame.state.nodes.len(), 250);
    assert!(frame.state.nodes.len() > DENSE_THRESHOLD);
    let view = ClusterView::of_cached(&frame.state, simulation.pools_by_node(), &mut Default::default());
    let svg = poster::of_state(&frame.state, frame.time_ms, simulation.pools_by_node(), &[], &Options::default());
    let drawn = drawn(&svg);
    assert_eq!(drawn, expected(&view, true));
    let states: std::collections::BTreeSet<_> = drawn.iter().filter_map(|(_, state, _)| state.clone()).collect();
    assert!(states.contains("ok") && states.contains("ok-old"), "mid-rollout: {states:?}");
    assert!(svg.len() < 60_000, "{} bytes", svg.len());
}
