//! `dsplay check <exercise> <attempt>...`: grades a learner's attempt at an exercise.
//! Each attempt file is a manifest (DaemonSet documents that replace the exercise's of
//! the same name), an edited copy of the whole scenario, or a session: console
//! commands, one a line (`#` comments, blank lines and a leading `$ ` are skipped).
//! Manifests are put in place first, then the steps played, then the sessions typed.

use std::path::Path;

use dsplay_engine::exercise::{evaluate, replace_documents, start, type_commands};
use dsplay_model::document::split_documents;

enum Attempt {
    Manifest(String),
    Scenario(String),
    Session(Vec<String>),
}

/// YAML documents with a `kind` are a manifest (or, with a Scenario among them, a whole
/// scenario); anything else is a session.
fn read_attempt(text: String) -> Attempt {
    match split_documents(&text) {
        Ok(docs) if !docs.is_empty() && docs.iter().all(|d| d.kind.is_some()) => {
            if docs.iter().any(|d| d.kind.as_deref() == Some("Scenario")) {
                Attempt::Scenario(text)
            } else {
                Attempt::Manifest(text)
            }
        }
        _ => Attempt::Session(
            text.lines()
                .map(|line| line.trim().trim_start_matches("$ ").trim())
                .filter(|line| !line.is_empty() && !line.starts_with('#'))
                .map(str::to_owned)
                .collect(),
        ),
    }
}

pub fn main(args: &[String]) -> i32 {
    let [exercise_path, attempts @ ..] = args else {
        eprintln!("usage: dsplay check <exercise> <attempt>...");
        return 2;
    };
    if attempts.is_empty() {
        eprintln!("usage: dsplay check <exercise> <attempt>...");
        return 2;
    }
    let Ok(exercise_text) = crate::read_input(Path::new(exercise_path)) else { return 2 };
    let exercise = match dsplay_engine::scenario::parse_scenario(&exercise_text) {
        Ok(scenario) if scenario.task.is_some() => scenario,
        Ok(_) => {
            eprintln!("error: {exercise_path}: no spec.task, so nothing to check an attempt against");
            return 2;
        }
        Err(error) => {
            eprintln!("error: {exercise_path}: {error}");
            return 2;
        }
    };
    let mut text = exercise_text.clone();
    let mut sessions = Vec::new();
    for path in attempts {
        let Ok(attempt) = crate::read_input(Path::new(path)) else { return 2 };
        match read_attempt(attempt) {
            Attempt::Scenario(edited) => text = edited,
            Attempt::Manifest(manifest) => match replace_documents(&text, &manifest) {
                Ok(replaced) => text = replaced,
                Err(error) => {
                    eprintln!("error: {path}: {error}");
                    return 2;
                }
            },
            Attempt::Session(lines) => sessions.extend(lines),
        }
    }
    let (mut simulation, start_at) = match start(&text) {
        Ok(started) => started,
        Err(error) => {
            outln!("the attempt does not load: {error}");
            outln!("not done");
            return 1;
        }
    };
    // As in the console, a command that fails is answered and the session goes on.
    for line in &sessions {
        if let Err(error) = type_commands(&mut simulation, std::slice::from_ref(line)) {
            outln!("({error})");
        }
    }
    let Some(evaluation) = evaluate(&exercise, &simulation, start_at) else { return 2 };
    outln!("{evaluation}");
    i32::from(!evaluation.done)
}
