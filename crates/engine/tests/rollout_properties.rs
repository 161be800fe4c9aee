//! Properties of a RollingUpdate over random clusters, checked frame by frame on the
//! whole simulation (controller, scheduler, kubelet, node lifecycle):
//!
//! - replace mode (maxSurge 0): never more desired nodes without an available daemon
//!   pod than maxUnavailable scaled against desiredNumberScheduled, rounded up
//!   (`updatedDesiredNodeCounts`, update.go), and never 2 daemon pods on a node;
//! - surge mode (maxUnavailable 0): never a desired node without an available daemon
//!   pod, never more than 2 daemon pods on a node, and never more than maxSurge
//!   (scaled, rounded up) nodes running an old and a new pod that are both live (the
//!   budget only ignores nodes whose old pod is unavailable, and none is here);
//! - the rollout converges: updatedNumberScheduled == desiredNumberScheduled ==
//!   numberAvailable, and desired is the number of nodes NodeShouldRunDaemonPod picks.
//!
//! Each case starts from a settled cluster where every desired node has an available
//! pod (asserted), so the maxUnavailable budget is never spent before the update.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use proptest::prelude::*;

use dsplay_engine::controller::daemonset::{node_should_run_daemon_pod, target_node_name};
use dsplay_engine::pod_readiness::{is_pod_available, is_terminal, is_terminating};
use dsplay_engine::simulation::Simulation;
use dsplay_engine::state::ClusterState;

#[derive(Clone, Debug)]
struct Pool {
    count: usize,
    tier: Option<&'static str>,
    /// `dedicated=x` with this effect.
    taint: Option<&'static str>,
    unschedulable: bool,
}

#[derive(Clone, Debug)]
enum Budget {
    Int(i32),
    Percent(i32),
}

impl Budget {
    fn yaml(&self) -> String {
        match self {
            Budget::Int(n) => n.to_string(),
            Budget::Percent(p) => format!("\"{p}%\""),
        }
    }

    /// `GetScaledValueFromIntOrPercent(v, total, roundUp=true)`.
    fn scaled(&self, total: usize) -> usize {
        match self {
            Budget::Int(n) => *n as usize,
            Budget::Percent(p) => (*p as usize * total).div_ceil(100),
        }
    }
}

#[derive(Clone, Debug)]
struct DaemonSetShape {
    node_selector: Option<&'static str>,
    tolerate_dedicated: bool,
    /// Either (maxUnavailable, maxSurge 0) or (maxUnavailable 0, maxSurge).
    surge: bool,
    budget: Budget,
    min_ready_seconds: u32,
}

fn pool() -> impl Strategy<Value = Pool> {
    (
        1usize..=10,
        prop_oneof![Just(None), Just(Some("a")), Just(Some("b"))],
        prop_oneof![4 => Just(None), 1 => Just(Some("NoSchedule")), 1 => Just(Some("NoExecute"))],
        prop::bool::weighted(0.2),
    )
        .prop_map(|(count, tier, taint, unschedulable)| Pool { count, tier, taint, unschedulable })
}

fn cluster() -> impl Strategy<Value = Vec<Pool>> {
    prop::collection::vec(pool(), 1..=4).prop_map(|mut pools| {
        // 1–30 nodes in all.
        let mut total = 0;
        pools.retain_mut(|p| {
            p.count = p.count.min(30 - total);
            total += p.count;
            p.count > 0
        });
        pools
    })
}

fn budget() -> impl Strategy<Value = Budget> {
    prop_oneof![(1i32..=5).prop_map(Budget::Int), (1i32..=100).prop_map(Budget::Percent)]
}

fn daemonset() -> impl Strategy<Value = DaemonSetShape> {
    (
        prop_oneof![Just(None), Just(Some("a"))],
        any::<bool>(),
        any::<bool>(),
        budget(),
        0u32..=10,
    )
        .prop_map(|(node_selector, tolerate_dedicated, surge, budget, min_ready_seconds)| DaemonSetShape {
            node_selector,
            tolerate_dedicated,
            surge,
            budget,
            min_ready_seconds,
        })
}

fn scenario_text(pools: &[Pool], ds: &DaemonSetShape) -> String {
    let mut text = String::from(
        "apiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: rollout-property}\nspec:\n  nodePools:\n",
    );
    for (i, pool) in pools.iter().enumerate() {
        let _ = writeln!(text, "  - name: p{i}\n    count: {}", pool.count);
        if let Some(tier) = pool.tier {
            let _ = writeln!(text, "    labels: {{tier: {tier}}}");
        }
        if let Some(effect) = pool.taint {
            let _ = writeln!(text, "    taints: [{{key: dedicated, value: x, effect: {effect}}}]");
        }
        if pool.unschedulable {
            text.push_str("    unschedulable: true\n");
        }
    }
    let (max_unavailable, max_surge) =
        if ds.surge { ("0".to_string(), ds.budget.yaml()) } else { (ds.budget.yaml(), "0".to_string()) };
    let _ = write!(
        text,
        "---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata: {{name: agent}}\nspec:\n  \
         selector: {{matchLabels: {{app: agent}}}}\n  minReadySeconds: {}\n  updateStrategy:\n    \
         type: RollingUpdate\n    rollingUpdate: {{maxUnavailable: {max_unavailable}, maxSurge: {max_surge}}}\n  \
         template:\n    metadata: {{labels: {{app: agent}}}}\n    spec:\n",
        ds.min_ready_seconds
    );
    if let Some(tier) = ds.node_selector {
        let _ = writeln!(text, "      nodeSelector: {{tier: {tier}}}");
    }
    if ds.tolerate_dedicated {
        text.push_str("      tolerations: [{key: dedicated, operator: Exists}]\n");
    }
    text.push_str("      containers: [{name: agent, image: \"example/agent:1.0\"}]\n");
    text
}

/// What one node holds of the DaemonSet in one frame.
#[derive(Clone, Copy, Debug, Default)]
struct NodePods {
    /// Non-terminal daemon pods, terminating ones included.
    count: usize,
    /// One of them is available and not terminating.
    available: bool,
    /// Live (not terminating) pods of the first and of the second template.
    old: bool,
    new: bool,
}

fn daemon_pods_by_node(state: &ClusterState, min_ready: i32, now_ms: u64) -> BTreeMap<String, NodePods> {
    let Some(ds) = state.daemonsets.get("default/agent") else { return BTreeMap::new() };
    let mut by_node: BTreeMap<String, NodePods> = BTreeMap::new();
    for pod in state.pods.values() {
        let owned = pod.metadata.owner_references.iter().flatten().any(|o| Some(&o.uid) == ds.metadata.uid.as_ref());
        if !owned || is_terminal(pod) {
            continue;
        }
        let Some(node) = target_node_name(pod) else { continue };
        let entry = by_node.entry(node.to_string()).or_default();
        entry.count += 1;
        if !is_terminating(pod) {
            entry.available |= is_pod_available(pod, min_ready, now_ms);
            let generation = pod.metadata.labels.as_ref().and_then(|l| l.get("pod-template-generation"));
            match generation.map(String::as_str) {
                Some("2") => entry.new = true,
                _ => entry.old = true,
            }
        }
    }
    by_node
}

fn check_rollout(pools: &[Pool], shape: &DaemonSetShape) -> Result<(), TestCaseError> {
    let text = scenario_text(pools, shape);
    let mut sim = Simulation::load(&text).map_err(|e| TestCaseError::fail(format!("load: {e}\n{text}")))?;
    sim.execute("settle");
    sim.execute("advance 15s");
    let state = sim.state().clone();
    let ds = state.daemonsets.get("default/agent").map(|o| k8s_openapi::api::apps::v1::DaemonSet::clone(o)).ok_or_else(|| TestCaseError::fail("no DaemonSet"))?;
    let desired: Vec<String> = state
        .nodes
        .iter()
        .filter(|(_, node)| node_should_run_daemon_pod(node, &ds).should_run)
        .map(|(name, _)| name.clone())
        .collect();
    let min_ready = shape.min_ready_seconds as i32;
    let before = daemon_pods_by_node(&state, min_ready, sim.now());
    for node in &desired {
        prop_assert!(before.get(node).is_some_and(|p| p.available), "{node} starts without an available pod\n{text}");
    }
    let budget = if shape.surge { 0 } else { shape.budget.scaled(desired.len()).max(1) };
    let max_per_node = if shape.surge { 2 } else { 1 };
    let max_surging = if shape.surge { shape.budget.scaled(desired.len()) } else { 0 };

    let update = sim.execute("kubectl set image ds/agent agent=example/agent:2.0");
    prop_assert!(update.error.is_none(), "set image: {:?}", update.error);
    let outcome = sim.execute("settle");
    for frame in &sim.frames()[update.first_frame..=outcome.last_frame] {
        let pods = daemon_pods_by_node(&frame.state, min_ready, frame.time_ms);
        let unavailable = desired.iter().filter(|n| !pods.get(*n).is_some_and(|p| p.available)).count();
        prop_assert!(
            unavailable <= budget,
            "at {} ms ({}): {unavailable} desired nodes without an available pod, budget {budget}\n{text}",
            frame.time_ms,
            frame.cause
        );
        for (node, p) in &pods {
            prop_assert!(p.count <= max_per_node, "at {} ms: {} daemon pods on {node}\n{text}", frame.time_ms, p.count);
        }
        let surging = pods.values().filter(|p| p.old && p.new).count();
        prop_assert!(
            surging <= max_surging,
            "at {} ms ({}): {surging} nodes run an old and a new pod, maxSurge {max_surging}\n{text}",
            frame.time_ms,
            frame.cause
        );
    }
    let status = sim.state().daemonsets.get("default/agent").and_then(|d| d.status.clone()).unwrap_or_default();
    let counts = (
        status.desired_number_scheduled,
        status.updated_number_scheduled.unwrap_or(0),
        status.number_available.unwrap_or(0),
    );
    let n = desired.len() as i32;
    prop_assert_eq!(counts, (n, n, n), "(desired, updated, available) after settle\n{}", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn rolling_update_respects_budgets_and_converges(pools in cluster(), shape in daemonset()) {
        check_rollout(&pools, &shape)?;
    }
}
