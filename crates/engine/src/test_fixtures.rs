//! Fixtures for the engine's unit tests: the conformance scenarios in
//! `../shared/conformance` beside the project, read where they are (never copied).

/// `(file name, text)` of every conformance scenario, in file-name order.
pub fn conformance_scenarios() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(), text)
        })
        .collect()
}

/// Three nodes, a `settle`, and one DaemonSet `agent` running busybox:1.36; tests
/// change it with `str::replace`.
pub const AGENT_SCENARIO: &str = "\
apiVersion: dsplay/v1
kind: Scenario
metadata: {name: agent}
spec:
  nodePools:
  - {name: node, count: 3}
  steps:
  - settle
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: busybox:1.36}]
";

/// The 1-based line of the first line of `text` containing `needle`.
pub fn line_of(text: &str, needle: &str) -> Option<usize> {
    text.lines().position(|line| line.contains(needle)).map(|index| index + 1)
}
