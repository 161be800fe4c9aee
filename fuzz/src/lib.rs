//! What the fuzz targets share: turning bytes into text, a small cluster to run console
//! commands against, and shell quoting for a `kubectl patch -p '...'` line.

use dsplay_engine::simulation::Simulation;

/// The input as text, or `None` when it is not UTF-8 or longer than `max` bytes. Every
/// input a host hands the engine is a Rust `String` (a file the CLI read, a link the page
/// inflated), so bytes that are not UTF-8 never reach it.
pub fn text(data: &[u8], max: usize) -> Option<&str> {
    if data.len() > max {
        return None;
    }
    std::str::from_utf8(data).ok()
}

/// Three nodes (one a control-plane node), a DaemonSet with a rolling update, a pod of
/// its own and a DaemonSet that waits for `kubectl apply`: enough objects that most
/// commands find something to act on.
pub const SMALL_SCENARIO: &str = r#"apiVersion: dsplay/v1
kind: Scenario
metadata:
  name: fuzz-console
spec:
  nodePools:
  - name: node
    count: 2
    labels: {zone: a}
  - name: cp
    count: 1
    role: control-plane
  steps:
  - settle
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  updateStrategy:
    type: RollingUpdate
    rollingUpdate: {maxUnavailable: 1}
  template:
    metadata:
      labels: {app: agent}
    spec:
      tolerations: [{key: node-role.kubernetes.io/control-plane, operator: Exists, effect: NoSchedule}]
      containers:
      - name: agent
        image: agent:1
        ports: [{containerPort: 9100, hostPort: 9100}]
        resources: {requests: {cpu: 100m, memory: 64Mi}}
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels: {app: web}
spec:
  terminationGracePeriodSeconds: 30
  containers:
  - name: web
    image: nginx:1.25
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: later
  annotations: {dsplay/apply: later}
spec:
  selector:
    matchLabels: {app: later}
  template:
    metadata:
      labels: {app: later}
    spec:
      containers:
      - name: later
        image: later:1
"#;

/// [`SMALL_SCENARIO`] loaded and settled.
pub fn small_simulation() -> Simulation {
    let mut sim = Simulation::load(SMALL_SCENARIO).expect("the fuzz targets' scenario loads");
    let outcomes = sim.run_steps();
    assert!(outcomes.iter().all(|o| o.error.is_none()), "the fuzz targets' scenario runs");
    sim
}

/// `text` as one POSIX shell word: `'...'`, with each `'` written `'\''`.
pub fn single_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}
