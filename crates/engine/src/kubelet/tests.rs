//! The kubelet seen from a whole scenario.

use crate::simulation::Simulation;

/// A kill stops what runs: a crash-looping container and one whose image never
/// pulled have nothing to stop, so no `Killing`; the running sidecar has one.
#[test]
fn killing_is_said_for_running_containers_only() {
    let scenario = "apiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: k}\nspec:\n  nodePools: [{name: node, count: 1}]\n  steps:\n  - image example/agent:bad crash\n  - image example/pull:bad pull-error\n  - advance 20s\n  - kubectl delete pods -l app=crashy\n  - kubectl delete pods -l app=pull\n---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: crashy}\nspec:\n  selector: {matchLabels: {app: crashy}}\n  template:\n    metadata: {labels: {app: crashy}}\n    spec:\n      containers: [{name: agent, image: \"example/agent:bad\"}]\n---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: pull}\nspec:\n  selector: {matchLabels: {app: pull}}\n  template:\n    metadata: {labels: {app: pull}}\n    spec:\n      initContainers: [{name: sidecar, image: \"example/side:1\", restartPolicy: Always}]\n      containers: [{name: agent, image: \"example/pull:bad\"}]\n";
    let mut simulation = Simulation::load(scenario).unwrap_or_else(|e| panic!("{e}"));
    let outcomes = simulation.run_steps();
    assert!(outcomes.iter().all(|o| o.error.is_none()), "{outcomes:#?}");
    let killed: Vec<(String, String)> = simulation
        .state()
        .events
        .iter()
        .filter(|e| e.reason == "Killing")
        .map(|e| (e.object.split('-').next().unwrap_or_default().to_owned(), e.message.clone()))
        .collect();
    assert_eq!(killed, [("Pod/default/pull".to_owned(), "Stopping container sidecar".to_owned())]);
}
