//! The scenario gallery (gallery/index.yaml): every listed file exists, every gallery
//! scenario is listed, entries are complete in English and Chinese, gallery scenarios carry
//! a description and expectations, and every scenario survives a share link.
//!
//! Run with `--nocapture` to see each link's length.

use dsplay_engine::share;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const CATEGORIES: &[&str] = &["basics", "scheduling", "updates", "operations", "troubleshooting", "myths", "exercises", "conformance"];

/// The 10-node node-exporter rollout must fit a link that survives chat tools and QR codes.
const ROLLOUT_SCENARIO: &str = "gallery/node-exporter-rollout.yaml";
const ROLLOUT_FRAGMENT_LIMIT: usize = 1_200;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Index {
    entries: Vec<Entry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    file: String,
    category: String,
    #[serde(default)]
    mirrors: Option<String>,
    title: Text,
    #[serde(default)]
    explanation: Option<Text>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Text {
    en: String,
    zh: String,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn index() -> Index {
    let path = root().join("gallery/index.yaml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read(relative: &str) -> String {
    let path = root().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{relative}: listed in gallery/index.yaml but unreadable: {e}"))
}

/// The `kind: Scenario` document of a scenario file, read as plain YAML (so that a file the
/// engine cannot load yet is still checked for what the gallery needs).
fn scenario_document(relative: &str, text: &str) -> serde_yaml::Value {
    serde_yaml::Deserializer::from_str(text)
        .filter_map(|doc| serde_yaml::Value::deserialize(doc).ok())
        .find(|doc| doc.get("kind").and_then(serde_yaml::Value::as_str) == Some("Scenario"))
        .unwrap_or_else(|| panic!("{relative}: no kind: Scenario document"))
}

fn gallery_files() -> BTreeSet<String> {
    let dir = root().join("gallery");
    std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".yaml") && name != "index.yaml")
        .map(|name| format!("gallery/{name}"))
        .collect()
}

#[test]
fn every_listed_file_exists_and_every_gallery_file_is_listed() {
    let index = index();
    let mut listed = BTreeSet::new();
    for entry in &index.entries {
        assert!(root().join(&entry.file).is_file(), "{}: listed in gallery/index.yaml but missing", entry.file);
        assert!(listed.insert(entry.file.clone()), "{}: listed twice", entry.file);
        if let Some(mirror) = &entry.mirrors {
            assert!(mirror.starts_with("../shared/conformance/"), "{}: mirrors {mirror}, not a conformance file", entry.file);
            assert!(root().join(mirror).is_file(), "{}: mirrors {mirror}, which does not exist", entry.file);
        }
    }
    let unlisted: Vec<_> = gallery_files().difference(&listed).cloned().collect();
    assert!(unlisted.is_empty(), "gallery files missing from gallery/index.yaml: {unlisted:?}");
    assert!(gallery_files().len() >= 15, "the gallery holds {} scenarios, fewer than 15", gallery_files().len());
}

#[test]
fn every_conformance_scenario_is_a_gallery_entry() {
    let dir = root().join("../shared/conformance");
    let listed: BTreeSet<String> = index().entries.into_iter().map(|e| e.file).collect();
    let files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".yaml"))
        .map(|name| format!("../shared/conformance/{name}"))
        .collect();
    assert!(!files.is_empty(), "no conformance scenarios found in {}", dir.display());
    for file in files {
        assert!(listed.contains(&file), "{file}: not listed in gallery/index.yaml");
    }
}

#[test]
fn entries_are_complete_in_both_languages() {
    for entry in index().entries {
        assert!(CATEGORIES.contains(&entry.category.as_str()), "{}: unknown category {:?}", entry.file, entry.category);
        assert_eq!(entry.category == "conformance", entry.file.starts_with("../shared/conformance/"), "{}: category {:?}", entry.file, entry.category);
        assert!(!entry.title.en.trim().is_empty() && !entry.title.zh.trim().is_empty(), "{}: title needs en and zh", entry.file);
        // The Chinese text is Chinese: at least one CJK ideograph.
        assert!(entry.title.zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{}: zh title {:?}", entry.file, entry.title.zh);
        if entry.file.starts_with("gallery/") {
            let explanation = entry.explanation.unwrap_or_else(|| panic!("{}: a gallery entry needs an explanation", entry.file));
            assert!(explanation.en.len() > 80, "{}: en explanation is not a paragraph", entry.file);
            assert!(explanation.zh.chars().filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c)).count() > 30, "{}: zh explanation is not a paragraph", entry.file);
        }
    }
}

#[test]
fn gallery_scenarios_are_named_described_and_checked() {
    for file in gallery_files() {
        let text = read(&file);
        let doc = scenario_document(&file, &text);
        let stem = file.trim_start_matches("gallery/").trim_end_matches(".yaml");
        let name = doc.get("metadata").and_then(|m| m.get("name")).and_then(serde_yaml::Value::as_str);
        assert_eq!(name, Some(stem), "{file}: metadata.name should be the file name");
        let spec = doc.get("spec");
        let description = spec.and_then(|s| s.get("description")).and_then(serde_yaml::Value::as_str).unwrap_or_default();
        assert!(description.len() > 200, "{file}: spec.description should tell the story ({} characters)", description.len());
        let steps = spec.and_then(|s| s.get("steps")).and_then(serde_yaml::Value::as_sequence).cloned().unwrap_or_default();
        let expects = steps.iter().filter(|s| s.get("expect").is_some()).count();
        assert!(expects >= 1, "{file}: no expect step pins what the scenario shows");
    }
}

#[test]
fn every_scenario_round_trips_through_a_share_link() {
    let mut lengths: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for entry in index().entries {
        let text = read(&entry.file);
        let fragment = share::encode(&text);
        let decoded = share::decode(&format!("https://example.test/#{fragment}"))
            .unwrap_or_else(|e| panic!("{}: the link does not decode: {e}", entry.file));
        assert_eq!(decoded, text, "{}: the link changes the text", entry.file);
        lengths.insert(entry.file.clone(), (text.len(), fragment.len()));
    }
    println!("{:<66} {:>6} {:>6}", "scenario", "bytes", "link");
    for (file, (bytes, link)) in &lengths {
        println!("{file:<66} {bytes:>6} {link:>6}");
    }
    let (_, rollout) = lengths.get(ROLLOUT_SCENARIO).copied().unwrap_or_else(|| panic!("{ROLLOUT_SCENARIO}: not in the gallery"));
    assert!(rollout <= ROLLOUT_FRAGMENT_LIMIT, "{ROLLOUT_SCENARIO}: link fragment is {rollout} characters, over {ROLLOUT_FRAGMENT_LIMIT}");
}
