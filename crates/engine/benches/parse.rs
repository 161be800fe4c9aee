//! Loading is linear in the file: a scenario of 1,000, 10,000 and 100,000 steps is
//! parsed (every step located at its line) and loaded into a simulation. Time per step
//! stays flat as the count grows tenfold.
//!
//! `cargo bench -p dsplay-engine --bench parse`

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use dsplay_engine::scenario::parse_scenario;
use dsplay_engine::simulation::Simulation;

const STEP_COUNTS: [usize; 3] = [1_000, 10_000, 100_000];

/// Steps of every shape a link can carry: commands, quoted words, and expectations.
fn scenario(steps: usize) -> String {
    let mut text = String::from(
        "apiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: many-steps}\nspec:\n  nodePools: [{name: node, count: 3}]\n  steps:\n",
    );
    for i in 0..steps {
        text.push_str(match i % 4 {
            0 => "  - settle\n",
            1 => "  - advance 1s\n",
            2 => "  - kubectl label node node-01 'tier=a' --overwrite\n",
            _ => "  - expect: {podsPerNode: {node-01: 1}}\n",
        });
    }
    text.push_str(
        "---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent}\nspec:\n  selector: {matchLabels: {app: agent}}\n  template:\n    metadata: {labels: {app: agent}}\n    spec:\n      containers: [{name: agent, image: \"example/agent:1.0\"}]\n",
    );
    text
}

fn parse(c: &mut Criterion) {
    let stages: [(&str, fn(&str)); 2] = [
        ("parse_scenario", |text| drop(parse_scenario(text).expect("the scenario parses"))),
        ("load", |text| drop(Simulation::load(text).expect("the scenario loads"))),
    ];
    for (name, stage) in stages {
        let mut group = c.benchmark_group(name);
        group.sample_size(10).measurement_time(Duration::from_secs(10));
        for steps in STEP_COUNTS {
            let text = scenario(steps);
            group.throughput(Throughput::Elements(steps as u64));
            group.bench_with_input(BenchmarkId::from_parameter(steps), &text, |b, text| b.iter(|| stage(text)));
        }
        group.finish();
    }
}

criterion_group!(benches, parse);
criterion_main!(benches);
