//! `dsplay poster`, run as a user runs it: a gallery scenario's frame as an SVG file,
//! and as an embed snippet.

use std::process::Command;

fn dsplay(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dsplay")).args(args).output().expect("dsplay runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

const ROLLOUT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../gallery/node-exporter-rollout.yaml");

#[test]
fn a_poster_of_the_last_frame_is_written_to_a_file() {
    let dir = std::env::temp_dir().join(format!("dsplay-poster-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("rollout.svg");
    let (code, out, err) = dsplay(&["poster", ROLLOUT, "-o", file.to_str().expect("utf-8 path")]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("bytes"), "{err}");
    let svg = std::fs::read_to_string(&file).expect("written");
    assert!(svg.starts_with("<svg xmlns='http://www.w3.org/2000/svg'"), "{svg}");
    assert_eq!(svg.matches("data-node=").count(), 10);
    assert_eq!(svg.matches("data-state='ready'").count(), 10, "the rollout is over: every pod is ready");
    assert!(!svg.contains("data-old"), "and updated");
    assert!(svg.contains("node-exporter-rollout"), "the title names the scenario");
    assert!(svg.len() < 20_000, "{} bytes", svg.len());
}

#[test]
fn frame_language_and_theme_are_chosen_and_mistakes_are_usage_errors() {
    let (code, zh, err) = dsplay(&["poster", ROLLOUT, "--frame", "0", "--lang", "zh", "--theme", "dark", "-o", "-"]);
    assert_eq!(code, 0, "{err}");
    assert!(zh.contains("lang='zh-Hans'") && zh.contains("#0e1320"), "Chinese, dark");
    assert!(zh.contains("node-01"));
    let (code, _, err) = dsplay(&["poster", ROLLOUT, "--frame", "100000", "-o", "-"]);
    assert_eq!(code, 2);
    assert!(err.contains("no frame 100000"), "{err}");
    let (code, _, err) = dsplay(&["poster", ROLLOUT, "--theme", "pink", "-o", "-"]);
    assert_eq!((code, err.contains("light or dark")), (2, true), "{err}");
    let (code, _, err) = dsplay(&["poster", ROLLOUT]);
    assert_eq!((code, err.contains("usage: dsplay poster")), (2, true), "{err}");
}

#[test]
fn an_embed_snippet_is_one_line_of_html_with_the_poster_and_the_link() {
    let (code, html, err) = dsplay(&["poster", ROLLOUT, "--frame", "3", "--embed", "https://example.test/play/", "-o", "-"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(html.lines().count(), 1, "a one-line HTML block for Markdown");
    assert!(html.starts_with("<iframe src=\"https://example.test/play/?embed=1#v1="), "{html}");
    assert!(html.contains("loading=\"lazy\" srcdoc=\"<!doctype html>"), "{html}");
    assert!(html.contains("<a href='https://example.test/play/?embed=1#v1="), "{html}");
    assert!(html.contains("&amp;amp;f=3&amp;amp;lang=en' target='_self'"), "the frame, escaped twice: {html}");
    assert!(html.contains("data-play=''"));
}
