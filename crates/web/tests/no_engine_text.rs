//! What the engine tells the page crosses as values (a parsed command, field paths,
//! refusals, the parts of what a command printed); its English is only ever shown.
//! This test reads the page's sources and fails when one of them takes engine text
//! apart again: each pattern below is a way that was used before, with why it is
//! banned and the value to use instead. Native only.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::{Path, PathBuf};

/// A pattern the page's code must not contain, and why.
struct Banned {
    pattern: &'static str,
    why: &'static str,
}

const BANNED: &[Banned] = &[
    Banned {
        pattern: "parse_command(&outcome.command",
        why: "a command's outcome carries the command as the engine read it: `StepOutcome::parsed`",
    },
    Banned { pattern: "parse_command(&step.command", why: "use `StepOutcome::parsed`" },
    Banned { pattern: "parse_command(&entry.command", why: "use `StepOutcome::parsed`" },
    Banned { pattern: "command == \"expect\"", why: "an expect step says so: `StepOutcome::is_expect`" },
    Banned { pattern: "\"spec.nodePools[\"", why: "an error names its fields as values: `LoadError::field_paths`, `ErrorDetail::path`" },
    Banned { pattern: "contains(\"spec.nodePools", why: "an error names its fields as values: `LoadError::field_paths`" },
    Banned { pattern: "field_named(&cause", why: "`field_named` reads a `FieldPath`, not an error's text" },
    Banned { pattern: "\"\\n# \"", why: "a command's remark is apart from its answer: `StepOutcome::printed().note`" },
    Banned { pattern: "strip_suffix(STILL_CHANGING", why: "the hour's bound is a value: `StepOutcome::printed().before_still_changing`" },
    Banned { pattern: "starts_with(\"See '\")", why: "`StepOutcome::error_without_help_pointer` drops kubectl's pointer to help" },
    Banned { pattern: "strip_prefix(\"usage: \")", why: "the simulation commands are a value of their own: `refusal::SIMULATION_COMMANDS`" },
    Banned { pattern: "rsplit('/')", why: "an object's name is in its metadata; a store key is the engine's to read" },
    Banned {
        pattern: "to_string().contains(",
        why: "matching the English of an error or a refusal: match the value (`Refusal`, `LoadError::refusal`) instead",
    },
];

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("the sources can be listed").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
}

/// The code of a source file before its inline tests: a test may build engine text
/// on purpose, and asserting on what was shown is what tests do.
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).expect("a source is readable");
    let end = text.find("#[cfg(test)]").unwrap_or(text.len());
    text[..end].to_owned()
}

#[test]
fn no_source_of_the_page_parses_engine_text() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 50, "the sources were found: {}", files.len());
    // Test modules in files of their own (`state/tests.rs`, `why_tests.rs`).
    let tests = |path: &Path| path.file_name().is_some_and(|name| name == "tests.rs" || name.to_string_lossy().ends_with("_tests.rs"));
    let mut found = Vec::new();
    for path in files.iter().filter(|path| !tests(path)) {
        for (number, line) in code(path).lines().enumerate() {
            for banned in BANNED.iter().filter(|banned| line.contains(banned.pattern)) {
                found.push(format!("{}:{}: `{}`: {}", path.display(), number + 1, banned.pattern, banned.why));
            }
        }
    }
    assert!(found.is_empty(), "engine text parsed in the page:\n{}", found.join("\n"));
}

#[test]
fn the_patterns_catch_what_they_ban() {
    let old = "let is_expect = outcome.command == \"expect\";\nparse_command(&outcome.command).is_ok()";
    let caught: Vec<&str> = BANNED.iter().filter(|banned| old.contains(banned.pattern)).map(|banned| banned.pattern).collect();
    assert_eq!(caught, ["parse_command(&outcome.command", "command == \"expect\""]);
}
