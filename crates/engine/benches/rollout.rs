//! How the DaemonSet controller scales with the cluster: one sync of a settled
//! cluster (a fresh controller that reads everything, and a warm one after one pod
//! changed), and a whole rolling update at maxUnavailable 1 through the simulation
//! (controller, scheduler, kubelet, frames), at 500 and 5,000 nodes.
//!
//! `cargo bench -p dsplay-engine --bench rollout` (scripts/bench.sh prints a table).
//! Sample counts are small so the whole run takes a few minutes on 2 cores.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode};

use dsplay_engine::api::Api;
use dsplay_engine::controller::daemonset::DaemonSetController;
use dsplay_engine::simulation::Simulation;

const DS_KEY: &str = "default/agent";
const SIZES: [usize; 2] = [500, 5_000];

fn scenario(nodes: usize) -> String {
    format!(
        "apiVersion: dsplay/v1
kind: Scenario
metadata: {{name: rollout-{nodes}}}
spec:
  nodePools: [{{name: node, count: {nodes}}}]
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {{name: agent}}
spec:
  selector: {{matchLabels: {{app: agent}}}}
  template:
    metadata: {{labels: {{app: agent}}}}
    spec:
      containers: [{{name: agent, image: \"example/agent:1.0\"}}]
"
    )
}

/// A simulation with every node running an available daemon pod.
fn settled(nodes: usize) -> Simulation {
    let mut sim = match Simulation::load(&scenario(nodes)) {
        Ok(sim) => sim,
        Err(error) => panic!("benchmark scenario does not load: {error}"),
    };
    sim.execute("settle");
    let status = sim.state().daemonsets.get(DS_KEY).and_then(|ds| ds.status.clone()).unwrap_or_default();
    assert_eq!(status.number_available, Some(nodes as i32), "the cluster did not settle");
    sim
}

/// An API server holding the simulation's store, for driving the controller alone.
fn api_of(sim: &Simulation) -> Api {
    let mut api = Api::new("bench");
    api.state = sim.state().clone();
    api.set_now(sim.now());
    api
}

/// Changes an annotation of one daemon pod: one change for a warm controller to take in.
fn touch_one_pod(api: &mut Api, pod_keys: &[String], round: usize) {
    let Some(pod_key) = pod_keys.get(round % pod_keys.len().max(1)) else { return };
    let Some(mut pod) = api.state.pods.get(pod_key.as_str()).map(|p| (**p).clone()) else { return };
    pod.metadata.annotations.get_or_insert_with(Default::default).insert("bench/round".into(), round.to_string());
    api.update_pod(pod);
}

fn steady_state_sync(c: &mut Criterion) {
    let mut group = c.benchmark_group("sync");
    group.sample_size(20).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    for nodes in SIZES {
        let sim = settled(nodes);
        group.bench_function(format!("cold/{nodes}"), |b| {
            b.iter_batched(
                || (DaemonSetController::default(), api_of(&sim)),
                |(mut controller, mut api)| controller.sync(&mut api, DS_KEY),
                BatchSize::PerIteration,
            )
        });
        let mut api = api_of(&sim);
        let mut controller = DaemonSetController::default();
        controller.sync(&mut api, DS_KEY);
        let pod_keys: Vec<String> = api.state.pods.keys().map(|k| k.to_string()).collect();
        let mut round = 0;
        group.bench_function(format!("warm/{nodes}"), |b| {
            b.iter(|| {
                round += 1;
                touch_one_pod(&mut api, &pod_keys, round);
                controller.sync(&mut api, DS_KEY)
            })
        });
    }
    group.finish();
}

fn whole_rollout(c: &mut Criterion) {
    let mut group = c.benchmark_group("rollout");
    group.sample_size(10).sampling_mode(SamplingMode::Flat).warm_up_time(Duration::from_millis(100));
    for nodes in SIZES {
        group.measurement_time(Duration::from_secs(if nodes > 1_000 { 20 } else { 5 }));
        group.bench_function(format!("max-unavailable-1/{nodes}"), |b| {
            b.iter_batched(
                // Rebuilt per iteration (a Simulation is not Clone), outside the timing.
                || settled(nodes),
                |mut sim| {
                    sim.execute("kubectl set image ds/agent agent=example/agent:2.0");
                    sim.execute("advance 6h");
                    let status = sim.state().daemonsets.get(DS_KEY).and_then(|ds| ds.status.clone()).unwrap_or_default();
                    assert_eq!(status.updated_number_scheduled, Some(nodes as i32), "the rollout did not finish");
                    sim
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, steady_state_sync, whole_rollout);
criterion_main!(benches);
