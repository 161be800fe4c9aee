//! `spec.task`: an exercise. A statement, a goal made of `expect` keys, constraints on
//! how the learner gets there, hints and a solution (docs/exercises.md).

use serde::Deserialize;

use super::command_kind::CommandKind;
use super::error::{decoding_refused, field_refusal, ScenarioError};
use super::field_error::FieldProblem;
use super::steps::{check_expectation, Expectation};
use crate::kubectl::command::{parse_command, Command};
use dsplay_model::document::{decode_value_strict, split_documents, RawDocument, Value};
use dsplay_model::field_path::FieldPath;

/// A text in the two languages of the playground, Markdown.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Localized {
    pub en: String,
    pub zh: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    pub statement: Localized,
    /// Checked against the cluster at the end of the learner's attempt.
    pub goal: Expectation,
    pub constraints: Constraints,
    /// Revealed one at a time, in order.
    pub hints: Vec<Localized>,
    pub solution: Solution,
}

/// How the learner may get to the goal; checked at every frame of the attempt.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Constraints {
    /// At most this many desired nodes without an available daemon pod, at any frame.
    pub max_unavailable: Option<u32>,
    /// At least this many desired nodes with an available daemon pod, at any frame.
    pub min_available: Option<u32>,
    /// Console commands of these kinds may not change the cluster.
    pub forbidden_commands: Vec<CommandKind>,
    /// Only DaemonSet documents of the file may be edited, and commands may change
    /// nothing but DaemonSets.
    pub only_daemonset_changes: bool,
}

impl Constraints {
    pub fn is_empty(&self) -> bool {
        *self == Constraints::default()
    }
}

/// What solves the task: DaemonSet documents that replace those of the same kind and
/// name (the learner's edit), then console commands after the scenario's steps.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Solution {
    /// YAML, one or more documents.
    pub manifest: Option<String>,
    pub steps: Vec<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TaskDocument {
    statement: Localized,
    goal: Value,
    #[serde(default)]
    constraints: ConstraintsDocument,
    #[serde(default)]
    hints: Vec<Localized>,
    solution: SolutionDocument,
}

#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct ConstraintsDocument {
    max_unavailable: Option<u32>,
    min_available: Option<u32>,
    forbidden_commands: Vec<String>,
    only_daemon_set_changes: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[derive(Default)]
struct SolutionDocument {
    manifest: Option<String>,
    steps: Vec<String>,
}

/// Reads `spec.task` of the Scenario document.
pub fn parse_task(doc: &RawDocument, value: &Value) -> Result<Task, ScenarioError> {
    let at = FieldPath::root().child("spec").child("task");
    let parsed: TaskDocument = decode_value_strict(doc, value, &at).map_err(decoding_refused)?;
    let refuse = |path: FieldPath, problem: FieldProblem| field_refusal(doc, &path, problem);
    for (path, text) in [("statement", &parsed.statement)].into_iter().chain(parsed.hints.iter().map(|h| ("hints", h))) {
        if text.en.trim().is_empty() || text.zh.trim().is_empty() {
            let missing = if text.en.trim().is_empty() { "en" } else { "zh" };
            return Err(refuse(at.child(path).child(missing), FieldProblem::Required));
        }
    }
    let goal_at = at.child("goal");
    let goal: Expectation = decode_value_strict(doc, &parsed.goal, &goal_at).map_err(decoding_refused)?;
    check_expectation(&goal, &goal_at).map_err(|(path, problem)| refuse(path, problem))?;
    let constraints_at = at.child("constraints");
    let mut forbidden = Vec::new();
    for (i, words) in parsed.constraints.forbidden_commands.iter().enumerate() {
        match CommandKind::named(words) {
            Some(kind) => forbidden.push(kind),
            None => {
                let problem = FieldProblem::UnknownVariant { variant: words.clone(), expected: CommandKind::names() };
                return Err(refuse(constraints_at.child("forbiddenCommands").index(i), problem));
            }
        }
    }
    let constraints = Constraints {
        max_unavailable: parsed.constraints.max_unavailable,
        min_available: parsed.constraints.min_available,
        forbidden_commands: forbidden,
        only_daemonset_changes: parsed.constraints.only_daemon_set_changes,
    };
    let solution = solution(doc, parsed.solution, &at.child("solution"))?;
    Ok(Task { statement: parsed.statement, goal, constraints, hints: parsed.hints, solution })
}

/// The solution's commands must parse, and its manifest must be YAML documents.
fn solution(doc: &RawDocument, s: SolutionDocument, at: &FieldPath) -> Result<Solution, ScenarioError> {
    if s.manifest.is_none() && s.steps.is_empty() {
        return Err(field_refusal(doc, &at.child("steps"), FieldProblem::Required));
    }
    for (i, line) in s.steps.iter().enumerate() {
        if let Err(error) = parse_command(line).map(|_: Command| ()) {
            let path = at.child("steps").index(i);
            return Err(ScenarioError { refusal: error.refusal, ..ScenarioError::from(doc.error_at(&path, error.message)) });
        }
    }
    if let Some(manifest) = &s.manifest {
        let path = at.child("manifest");
        let documents = split_documents(manifest).map_err(|e| ScenarioError::from(doc.error_at(&path, e.message)))?;
        if let Some(other) = documents.iter().find(|d| d.kind.as_deref() != Some("DaemonSet")) {
            let problem = FieldProblem::UnknownVariant { variant: other.kind.clone().unwrap_or_default(), expected: vec!["DaemonSet".into()] };
            return Err(field_refusal(doc, &path, problem));
        }
    }
    Ok(Solution { manifest: s.manifest, steps: s.steps })
}
