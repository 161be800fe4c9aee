//! The timeline of a scenario: steps (commands and expectations) and what an `expect` checks.

use super::error::{decoding_refused, field_refusal, ScenarioError};
use super::field_error::FieldProblem;
use super::vocabulary::{DAEMONSET_STATUS_FIELDS, POD_PHASES};
use crate::kubectl::command::{parse_command, Command};
use crate::refusal::Refusal;
use dsplay_model::document::{decode_value_strict, RawDocument, Value};
use dsplay_model::field_path::FieldPath;
use dsplay_model::strict_decoder::Found;
use serde::Deserialize;
use std::collections::BTreeMap;

/// One entry of `spec.steps`.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// 0-based position in `spec.steps`.
    pub index: usize,
    /// 1-based line of the step in the file.
    pub line: usize,
    /// The step as written: the command line, or `expect` for an expectation.
    pub text: String,
    pub action: StepAction,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StepAction {
    Command(Command),
    Expect(Expectation),
}

/// `expect`: checks of the state after the steps before it. Every key is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Expectation {
    /// Which DaemonSet the checks are about, when the scenario has several.
    pub daemonset: Option<String>,
    /// DaemonSet `.status` fields, exact values.
    pub status: BTreeMap<String, i64>,
    /// Daemon pods on each listed node that are not terminating.
    pub pods_per_node: BTreeMap<String, u32>,
    /// Phase of the daemon pod on each listed node.
    pub phases: BTreeMap<String, String>,
    /// Label `pod-template-generation` of the daemon pod on each listed node.
    pub generation: BTreeMap<String, i64>,
    /// Image of the first container of the daemon pod on each listed node: which
    /// version a node runs, whatever path of revisions led there.
    pub images: BTreeMap<String, String>,
    /// Pod unscheduled on the node; the reason contains the text.
    pub pending: BTreeMap<String, String>,
    /// The last command was rejected with a message containing this text.
    pub error: Option<String>,
    /// The last command printed text containing this.
    pub output: Option<String>,
    /// Events since the previous expect, each matched by substring.
    pub events: Vec<EventExpectation>,
    /// Observed since the last template change began rolling out.
    pub rollout: Option<RolloutExpectation>,
}

impl Expectation {
    /// Whether it would pass whatever happened: no key that checks anything.
    pub fn checks_nothing(&self) -> bool {
        let rollout_checks = self.rollout.as_ref().is_some_and(|r| *r != RolloutExpectation::default());
        self.status.is_empty()
            && self.pods_per_node.is_empty()
            && self.phases.is_empty()
            && self.generation.is_empty()
            && self.images.is_empty()
            && self.pending.is_empty()
            && self.error.is_none()
            && self.output.is_none()
            && self.events.is_empty()
            && !rollout_checks
    }
}

/// One expected event; each given field is matched by substring.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct EventExpectation {
    pub reason: Option<String>,
    pub message: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RolloutExpectation {
    /// Most desired nodes at once without an available daemon pod.
    pub max_unavailable_seen: Option<u32>,
    /// Most daemon pods on one node at once (2 only with maxSurge).
    pub max_pods_per_node_seen: Option<u32>,
    /// Most nodes at once running an old and a new daemon pod.
    pub max_surge_seen: Option<u32>,
    pub complete: Option<bool>,
}

/// Reads `spec.steps[index]` of the Scenario document.
pub fn parse_step(doc: &RawDocument, value: &Value, index: usize) -> Result<Step, ScenarioError> {
    let path = FieldPath::root().child("spec").child("steps").index(index);
    let line = doc.locate(&path).map_or(doc.line, |p| p.line);
    let error = |path: &FieldPath, message: String| {
        ScenarioError::from(doc.error_at(path, message)).with_step(index)
    };
    match value {
        Value::String(text) => match parse_command(text) {
            Ok(command) => Ok(Step { index, line, text: text.clone(), action: StepAction::Command(command) }),
            Err(e) => Err(ScenarioError { refusal: e.refusal, ..error(&path, e.message) }),
        },
        Value::Mapping(map) => {
            let mut keys = map.keys();
            match (keys.next(), keys.next()) {
                (Some(Value::String(key)), None) if key == "expect" => {}
                _ => {
                    let names: Vec<String> =
                        map.keys().map(|k| k.as_str().map_or_else(|| format!("{k:?}"), str::to_owned)).collect();
                    return Err(error(&path, String::new()).with_refusal(Refusal::StepMapKeys { keys: names.join(", ") }));
                }
            }
            let at = path.child("expect");
            let body = map.get("expect").unwrap_or(&Value::Null);
            let expectation: Expectation =
                decode_value_strict(doc, body, &at).map_err(|errors| decoding_refused(errors).with_step(index))?;
            check_expectation(&expectation, &at).map_err(|(path, problem)| field_refusal(doc, &path, problem).with_step(index))?;
            Ok(Step { index, line, text: "expect".to_owned(), action: StepAction::Expect(expectation) })
        }
        other => Err(field_refusal(doc, &path, FieldProblem::StepKind { found: Found::of(other) }).with_step(index)),
    }
}

/// The checks serde cannot make: at least one check, status field names and phase names.
pub(super) fn check_expectation(e: &Expectation, at: &FieldPath) -> Result<(), (FieldPath, FieldProblem)> {
    if e.checks_nothing() {
        return Err((at.clone(), FieldProblem::NoChecks));
    }
    if let Some(field) = e.status.keys().find(|k| !DAEMONSET_STATUS_FIELDS.contains(&k.as_str())) {
        return Err((at.child("status").child(field), FieldProblem::UnknownStatusField));
    }
    if let Some((node, phase)) = e.phases.iter().find(|(_, p)| !POD_PHASES.contains(&p.as_str())) {
        return Err((at.child("phases").key(node), FieldProblem::UnknownPhase { phase: phase.clone() }));
    }
    Ok(())
}
