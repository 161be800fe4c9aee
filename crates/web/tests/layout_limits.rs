//! The code stays readable in pieces (issue 19): no source file but tests over 400
//! lines in any crate, and no component or hook of the app over 120 lines. A file or a
//! component that outgrows them is split by concept, its decisions moved into a tested
//! view model.

use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 400;
const MAX_COMPONENT_LINES: usize = 120;

fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// The non-test sources: each crate's `src/`, less its test modules (`tests.rs`,
/// `*_tests.rs`).
fn sources() -> Vec<PathBuf> {
    let mut found = Vec::new();
    for krate in std::fs::read_dir(crates_dir()).expect("crates/").flatten() {
        let src = krate.path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut found);
        }
    }
    found.retain(|path| {
        let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default();
        name != "tests.rs" && !name.ends_with("_tests.rs")
    });
    found.sort();
    found
}

#[test]
fn no_source_file_is_over_400_lines() {
    let sources = sources();
    assert!(sources.len() > 100, "found the crates' sources");
    let long: Vec<String> = sources
        .iter()
        .filter_map(|path| {
            let lines = std::fs::read_to_string(path).expect("utf-8").lines().count();
            (lines > MAX_FILE_LINES).then(|| format!("{} ({lines} lines)", path.display()))
        })
        .collect();
    assert!(long.is_empty(), "over {MAX_FILE_LINES} lines: {long:#?}");
}

/// From a `#[function_component]` or `#[hook]` attribute to the function's closing
/// brace at the start of a line.
fn component_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        if !(line.starts_with("#[function_component") || line.starts_with("#[hook]")) {
            continue;
        }
        let Some(signature) = lines[start..].iter().find(|line| line.contains("fn ")) else { continue };
        let Some(end) = lines[start..].iter().position(|line| *line == "}") else { continue };
        found.push((signature.trim().to_owned(), end + 1));
    }
    found
}

#[test]
fn no_component_is_over_120_lines() {
    let web = crates_dir().join("web").join("src");
    let components: Vec<(String, usize)> = sources()
        .iter()
        .filter(|path| path.starts_with(&web))
        .flat_map(|path| component_lengths(&std::fs::read_to_string(path).expect("utf-8")))
        .collect();
    assert!(components.len() > 40, "found the components and hooks: {}", components.len());
    let long: Vec<&(String, usize)> = components.iter().filter(|(_, lines)| *lines > MAX_COMPONENT_LINES).collect();
    assert!(long.is_empty(), "over {MAX_COMPONENT_LINES} lines: {long:#?}");
}

#[test]
fn a_component_is_measured_from_its_attribute_to_its_closing_brace() {
    let text = "#[function_component(A)]\npub fn a() -> Html {\n    html! {}\n}\n\nfn b() {}\n";
    assert_eq!(component_lengths(text), vec![("pub fn a() -> Html {".to_owned(), 4)]);
}
