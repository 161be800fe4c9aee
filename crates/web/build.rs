//! Embeds the scenario gallery: reads `gallery/index.yaml` at the repository
//! root and writes `$OUT_DIR/gallery.rs`, a table of entries whose scenario text
//! is `include_str!`ed. Entries whose file is missing (a checkout without the
//! `../shared` specs beside it) are left out with a warning, not an error.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

use serde::Deserialize;

#[derive(Deserialize)]
struct Index {
    entries: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    file: String,
    category: String,
    title: Text,
    #[serde(default)]
    explanation: Option<Text>,
}

#[derive(Deserialize, Default)]
struct Text {
    #[serde(default)]
    en: String,
    #[serde(default)]
    zh: String,
}

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let root = manifest_dir.join("../..");
    let index_path = root.join("gallery/index.yaml");
    println!("cargo:rerun-if-changed={}", index_path.display());
    println!("cargo:rerun-if-changed=build.rs");
    let entries = match fs::read_to_string(&index_path).map_err(|e| e.to_string()).and_then(|text| {
        serde_yaml::from_str::<Index>(&text).map_err(|e| e.to_string())
    }) {
        Ok(index) => index.entries,
        Err(error) => {
            println!("cargo:warning=gallery/index.yaml not embedded: {error}");
            Vec::new()
        }
    };
    let mut out = String::from("pub static GALLERY: &[GalleryEntry] = &[\n");
    for entry in entries {
        let path = root.join(&entry.file);
        let Ok(path) = path.canonicalize() else {
            println!("cargo:warning=gallery entry {} left out: file not found", entry.file);
            continue;
        };
        println!("cargo:rerun-if-changed={}", path.display());
        let mut explanation = entry.explanation.unwrap_or_default();
        explanation.zh = unfold_cjk(&explanation.zh);
        let description = fs::read_to_string(&path).map(|text| scenario_description(&text)).unwrap_or_default();
        let _ = writeln!(
            out,
            "    GalleryEntry {{ file: {:?}, category: {:?}, title_en: {:?}, title_zh: {:?}, explanation_en: {:?}, explanation_zh: {:?}, description: {:?}, text: include_str!({:?}) }},",
            entry.file, entry.category, entry.title.en, entry.title.zh, explanation.en, explanation.zh, description, path.display().to_string()
        );
    }
    out.push_str("];\n");
    let out_dir = PathBuf::from(env::var("OUT_DIR").unwrap_or_default());
    if let Err(error) = fs::write(out_dir.join("gallery.rs"), out) {
        panic!("cannot write the gallery table: {error}");
    }
}

/// `spec.description` of the file's Scenario document, empty when it has none.
fn scenario_description(text: &str) -> String {
    serde_yaml::Deserializer::from_str(text)
        .filter_map(|document| serde_yaml::Value::deserialize(document).ok())
        .find(|document| document.get("kind").and_then(|k| k.as_str()) == Some("Scenario"))
        .and_then(|scenario| scenario.get("spec")?.get("description")?.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// YAML folds a `>-` block's line breaks into spaces, which Chinese text does not
/// have: a space between two Chinese characters, or next to full-width punctuation,
/// goes; one between Chinese and Latin text (`一个 Pod`) is the usual spacing and stays.
fn unfold_cjk(text: &str) -> String {
    let han = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
    let full_width_punctuation = |c: char| matches!(c, '\u{3000}'..='\u{303f}' | '\u{ff00}'..='\u{ffef}');
    let chars: Vec<char> = text.chars().collect();
    chars
        .iter()
        .enumerate()
        .filter(|&(i, &c)| {
            let (Some(&before), Some(&after)) = (i.checked_sub(1).and_then(|b| chars.get(b)), chars.get(i + 1)) else {
                return true;
            };
            let folded = c == ' '
                && ((han(before) && han(after)) || full_width_punctuation(before) || full_width_punctuation(after));
            !folded
        })
        .map(|(_, &c)| c)
        .collect()
}
