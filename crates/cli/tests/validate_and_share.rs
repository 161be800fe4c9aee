//! The `dsplay` binary's validate, encode and decode subcommands, run as a user runs them.

use std::path::PathBuf;
use std::process::Command;

fn dsplay(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dsplay")).args(args).output().expect("dsplay runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dsplay-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write temp file");
    path
}

fn conformance(name: &str) -> String {
    format!("{}/../../../shared/conformance/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn validate_prints_one_verdict_per_document() {
    let (code, out, _) = dsplay(&["validate", &conformance("basic-every-node.yaml")]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, "scenario/basic-every-node validated\ndaemonset.apps/node-logger validated\n");
    let (code, out, _) = dsplay(&["validate", &conformance("selector-must-match-template.yaml")]);
    assert_eq!(code, 1);
    assert!(out.contains("The DaemonSet \"mismatch\" is invalid: spec.template.metadata.labels: Invalid value"), "{out}");
    assert!(out.contains("selector-must-match-template.yaml:30: spec.template.metadata.labels"), "{out}");
    assert!(out.contains("daemonset.apps/good validated"), "{out}");
}

#[test]
fn validate_reports_unknown_fields_as_the_api_server_does() {
    let path = temp_file(
        "unknown.yaml",
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: x\n    mountOnly: true\n",
    );
    let (code, out, _) = dsplay(&["validate", &path.to_string_lossy()]);
    assert_eq!(code, 1);
    assert!(
        out.contains("Pod in version \"v1\" cannot be handled as a Pod: strict decoding error: unknown field \"spec.containers[0].mountOnly\""),
        "{out}"
    );
    assert!(out.contains("unknown.yaml:8: spec.containers[0].mountOnly"), "{out}");
    let deployment = temp_file("deploy.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n");
    let (code, out, _) = dsplay(&["validate", &deployment.to_string_lossy()]);
    assert_eq!(code, 1);
    assert!(out.contains("no matches for kind \"Deployment\" in version \"apps/v1\""), "{out}");
}

#[test]
fn validate_prints_a_repeated_cause_and_its_place_once() {
    let path = temp_file(
        "twice.yaml",
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: {a: 'x y', b: 'x y'}\nspec:\n  containers: [{name: c, image: x}]\n",
    );
    let (code, out, _) = dsplay(&["validate", &path.to_string_lossy()]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("The Pod \"p\" is invalid: metadata.labels: Invalid value: \"x y\": "), "{out}");
    assert!(lines[1].ends_with("twice.yaml:5: metadata.labels"), "{out}");
}

#[test]
fn validate_exits_2_when_unreadable() {
    assert_eq!(dsplay(&["validate", "/nonexistent/file.yaml"]).0, 2);
    let broken = temp_file("broken.yaml", "a: [1\n");
    let (code, _, err) = dsplay(&["validate", &broken.to_string_lossy()]);
    assert_eq!(code, 2);
    assert!(err.contains("document 1, line 2"), "{err}");
    assert_eq!(dsplay(&["validate"]).0, 2);
}

#[test]
fn encode_then_decode_gives_the_text_back() {
    let file = conformance("rolling-update-max-surge.yaml");
    let (code, link, _) = dsplay(&["encode", &file, "--base", "https://play.example/"]);
    assert_eq!(code, 0);
    assert!(link.starts_with("https://play.example/#v1="), "{link}");
    let (code, text, _) = dsplay(&["decode", link.trim()]);
    assert_eq!(code, 0);
    assert_eq!(text, std::fs::read_to_string(&file).unwrap_or_default());
    let (code, _, err) = dsplay(&["decode", "#v1=AAAA"]);
    assert_eq!(code, 1);
    assert!(err.contains("does not inflate"), "{err}");
}

#[test]
fn help_and_unknown_commands() {
    let (code, out, _) = dsplay(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("dsplay validate <manifest.yaml>"));
    let (code, _, err) = dsplay(&["frobnicate"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown command \"frobnicate\""));
}

#[test]
fn a_reader_that_stops_early_ends_the_program_as_sigpipe_would() {
    use std::io::Read;
    use std::process::Stdio;
    let scenarios = format!("{}/../../tests/scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_dsplay"))
        .args(["test", &scenarios])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dsplay runs");
    let mut first_line_start = [0u8; 2];
    // Read the start of the first verdict, then close the pipe as `head` does; the
    // scenarios still to run write into a pipe nobody reads.
    child.stdout.take().expect("piped stdout").read_exact(&mut first_line_start).expect("a verdict");
    let out = child.wait_with_output().expect("dsplay ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(141), "{stderr}");
}
