//! Making an attempt: the learner's edited manifests put in place of the exercise's,
//! the scenario's steps played (the starting state), then console commands typed.

use std::fmt;

use dsplay_model::document::split_documents;

use super::start_frame;
use crate::scenario::Solution;
use crate::simulation::{LoadError, Simulation, StepOutcome};

#[derive(Clone, Debug)]
pub enum AttemptError {
    /// The replacement manifest is no YAML documents (the model's message).
    Manifest(String),
    /// The scenario with the replacement does not load.
    Load(LoadError),
    /// A console command of the attempt failed: its text and kubectl's first line.
    Command { command: String, error: String },
}

/// One `---`-separated document of a file: its text, and its kind and name when it has them.
struct Chunk {
    text: String,
    identity: Option<(String, String)>,
}

fn chunks(text: &str) -> Vec<Chunk> {
    let mut texts = vec![String::new()];
    for line in text.lines() {
        if line.trim_end() == "---" {
            texts.push(String::new());
        } else if let Some(last) = texts.last_mut() {
            last.push_str(line);
            last.push('\n');
        }
    }
    texts
        .into_iter()
        .filter(|t| !t.trim().is_empty())
        .map(|text| {
            let identity = split_documents(&text)
                .ok()
                .and_then(|docs| docs.into_iter().next())
                .and_then(|d| Some((d.kind?, d.name.unwrap_or_default())));
            Chunk { text, identity }
        })
        .collect()
}

/// The scenario `text` with each document of `manifest` in place of the document of the
/// same kind and name (as the learner edits it in the playground); one with no such
/// document is added at the end.
pub fn replace_documents(text: &str, manifest: &str) -> Result<String, AttemptError> {
    split_documents(manifest).map_err(|e| AttemptError::Manifest(e.message))?;
    let mut replacements: Vec<Option<Chunk>> = chunks(manifest).into_iter().map(Some).collect();
    let mut out: Vec<String> = Vec::new();
    for chunk in chunks(text) {
        let same = replacements.iter_mut().find(|r| r.as_ref().is_some_and(|r| r.identity.is_some() && r.identity == chunk.identity));
        match same.and_then(Option::take) {
            Some(replacement) => out.push(replacement.text),
            None => out.push(chunk.text),
        }
    }
    out.extend(replacements.into_iter().flatten().map(|r| r.text));
    Ok(out.join("---\n"))
}

/// Loads `text` and plays its steps: the cluster the learner is handed, and its frame.
pub fn start(text: &str) -> Result<(Simulation, usize), AttemptError> {
    let mut simulation = Simulation::load(text).map_err(AttemptError::Load)?;
    simulation.run_steps();
    let start = start_frame(&simulation);
    Ok((simulation, start))
}

/// Types `lines` into the console of `simulation`, as the learner does; stops at the
/// first that fails.
pub fn type_commands(simulation: &mut Simulation, lines: &[String]) -> Result<Vec<StepOutcome>, AttemptError> {
    let mut outcomes = Vec::new();
    for line in lines {
        let outcome = simulation.execute_interactively(line);
        if let Some(error) = &outcome.error {
            let first = error.lines().next().unwrap_or_default().to_owned();
            return Err(AttemptError::Command { command: line.clone(), error: first });
        }
        outcomes.push(outcome);
    }
    Ok(outcomes)
}

/// The attempt a task's solution makes: its manifest in place, the steps played, its
/// commands typed.
pub fn run_solution(text: &str, solution: &Solution) -> Result<(Simulation, usize), AttemptError> {
    let text = match &solution.manifest {
        Some(manifest) => replace_documents(text, manifest)?,
        None => text.to_owned(),
    };
    let (mut simulation, start) = start(&text)?;
    type_commands(&mut simulation, &solution.steps)?;
    Ok((simulation, start))
}

impl fmt::Display for AttemptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttemptError::Manifest(message) => write!(f, "the manifest is not YAML: {message}"),
            AttemptError::Load(error) => write!(f, "{error}"),
            AttemptError::Command { command, error } => write!(f, "`{command}` failed: {error}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_is_replaced_where_it_stands_and_a_new_one_is_added() {
        let text = "kind: Scenario\nmetadata: {name: s}\n---\nkind: DaemonSet\nmetadata: {name: a}\nspec: 1\n---\nkind: Node\nmetadata: {name: n}\n";
        let manifest = "kind: DaemonSet\nmetadata: {name: a}\nspec: 2\n---\nkind: DaemonSet\nmetadata: {name: b}\n";
        let replaced = replace_documents(text, manifest).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            replaced,
            "kind: Scenario\nmetadata: {name: s}\n---\nkind: DaemonSet\nmetadata: {name: a}\nspec: 2\n---\nkind: Node\nmetadata: {name: n}\n---\nkind: DaemonSet\nmetadata: {name: b}\n"
        );
    }
}
