//! Scenario text -> [`Scenario`]: the documents sorted by kind, the Scenario document read
//! strictly, the manifests decoded strictly (not validated), the steps parsed.

use super::error::{decoding_refused, field_refusal, ScenarioError};
use super::field_error::{FieldError, FieldProblem};
use super::format::{Manifest, ManifestObject, NodePool, NodeRole, Scenario, Timing};
use super::vocabulary::{APPLY_ANNOTATION, MAX_NODES, SCENARIO_API_VERSION};
use super::pools::default_allocatable;
use super::steps::{parse_step, Step, StepAction};
use super::task::parse_task;
use crate::kubectl::command::{Command, Kubectl};
use crate::refusal::Refusal;
use dsplay_model::document::{bad_request_message, decode_strict, decode_strict_all, split_documents, ParseError, RawDocument, Value};
use dsplay_model::field_path::FieldPath;
use dsplay_model::strict_decoder::Found;
use dsplay_model::template_generation::{template_generation, TEMPLATE_GENERATION_ANNOTATION};
use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Taint;
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScenarioDocument {
    #[allow(dead_code)] // checked before decoding; a field so that it is not an unknown one
    api_version: String,
    #[allow(dead_code)]
    kind: String,
    metadata: ScenarioMetadata,
    #[serde(default)]
    spec: ScenarioSpec,
}

#[derive(Deserialize)]
struct ScenarioMetadata {
    name: Option<String>,
}

#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct ScenarioSpec {
    description: String,
    node_pools: Vec<NodePoolDocument>,
    timing: TimingDocument,
    /// Read one by one, since a step is a string or a map.
    steps: Vec<Value>,
    /// An exercise (docs/exercises.md), read by `task::parse_task`.
    task: Option<Value>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NodePoolDocument {
    name: String,
    #[serde(default = "one")]
    count: u32,
    #[serde(default)]
    role: NodeRole,
    #[serde(default)]
    labels: BTreeMap<String, String>,
    #[serde(default)]
    taints: Vec<Taint>,
    #[serde(default)]
    unschedulable: bool,
    #[serde(default)]
    allocatable: BTreeMap<String, Quantity>,
}

fn one() -> u32 {
    1
}

#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct TimingDocument {
    pod_startup: Option<f64>,
    pod_ready: Option<f64>,
    node_heartbeat_grace: Option<f64>,
}

/// Reads a scenario file. The first error found is returned, with its document, line,
/// step and field path.
pub fn parse_scenario(text: &str) -> Result<Scenario, ScenarioError> {
    let documents = split_documents(text)?;
    let mut scenario_doc: Option<&RawDocument> = None;
    let mut manifests = Vec::new();
    for doc in &documents {
        match (doc.api_version.as_deref(), doc.kind.as_deref()) {
            (_, Some("Scenario")) | (Some(SCENARIO_API_VERSION), _) => {
                if let Some(first) = scenario_doc {
                    return Err(doc_refusal(doc, Refusal::SecondScenarioDocument { first: first.index + 1 }));
                }
                scenario_doc = Some(doc);
            }
            _ => manifests.push(manifest(doc)?),
        }
    }
    let Some(doc) = scenario_doc else {
        return Err(ScenarioError::from(Refusal::NoScenarioDocument));
    };
    let scenario = scenario(doc, manifests)?;
    check_references(doc, &scenario)?;
    check_node_count(doc, &scenario)?;
    Ok(scenario)
}

fn doc_error(doc: &RawDocument, message: impl Into<String>) -> ScenarioError {
    ScenarioError::from(doc.error_at(&FieldPath::root(), message))
}

/// The playground refuses the document `doc` as a whole.
fn doc_refusal(doc: &RawDocument, refusal: Refusal) -> ScenarioError {
    doc_error(doc, String::new()).with_refusal(refusal)
}

fn manifest(doc: &RawDocument) -> Result<Manifest, ScenarioError> {
    let (api_version, kind) = match (doc.api_version.as_deref(), doc.kind.as_deref()) {
        (Some(a), Some(k)) => (a, k),
        (a, k) => {
            let missing: Vec<&str> = [a.is_none().then_some("apiVersion not set"), k.is_none().then_some("kind not set")]
                .into_iter()
                .flatten()
                .collect();
            return Err(doc_error(doc, format!("error validating data: [{}]", missing.join(", "))));
        }
    };
    let annotation = FieldPath::root().child("metadata").child("annotations").key(APPLY_ANNOTATION);
    let apply_later = match doc.value.get("metadata").and_then(|m| m.get("annotations")).and_then(|a| a.get(APPLY_ANNOTATION)) {
        None => false,
        Some(Value::String(v)) if v == "later" => true,
        Some(other) => return Err(field_refusal(doc, &annotation, FieldProblem::ApplyWhen { found: Found::of(other) })),
    };
    let decoded = match (api_version, kind) {
        ("apps/v1", "DaemonSet") => decode_strict(doc).and_then(|ds| convertible(doc, ds)).map(ManifestObject::DaemonSet),
        ("v1", "Node") => decode_strict(doc).map(ManifestObject::Node),
        ("v1", "Pod") => decode_strict(doc).map(ManifestObject::Pod),
        (_, "DaemonSet" | "Node" | "Pod") => {
            return Err(doc_error(doc, format!("no matches for kind \"{kind}\" in version \"{api_version}\"")))
        }
        _ => {
            return Err(doc_refusal(doc, Refusal::KindNotRun { kind: kind.to_owned(), api_version: api_version.to_owned() }))
        }
    };
    // A manifest applied later fails where kubectl would: at its `kubectl apply` step.
    let object = match decoded {
        Ok(object) => object,
        Err(error) if apply_later => {
            let source = doc.name.clone().unwrap_or_default();
            ManifestObject::Undecodable { kind: kind.to_string(), message: bad_request_message(doc, &error, &source) }
        }
        Err(error) => return Err(error.into()),
    };
    Ok(Manifest { document: doc.index, line: doc.line, name: doc.name.clone().unwrap_or_default(), apply_later, object })
}

/// What conversion to the internal version refuses after decoding: a template
/// generation annotation that is not an integer.
fn convertible(doc: &RawDocument, ds: DaemonSet) -> Result<DaemonSet, ParseError> {
    match template_generation(&ds) {
        Ok(_) => Ok(ds),
        Err(message) => {
            let path = FieldPath::root().child("metadata").child("annotations").key(TEMPLATE_GENERATION_ANNOTATION);
            Err(doc.error_at(&path, message))
        }
    }
}

fn scenario(doc: &RawDocument, manifests: Vec<Manifest>) -> Result<Scenario, ScenarioError> {
    if doc.api_version.as_deref() != Some(SCENARIO_API_VERSION) || doc.kind.as_deref() != Some("Scenario") {
        let said = |field: &Option<String>| field.clone().unwrap_or_else(|| "(none)".to_owned());
        let found = format!("apiVersion: {} and kind: {}", said(&doc.api_version), said(&doc.kind));
        return Err(doc_refusal(doc, Refusal::NotAScenarioDocument { found }));
    }
    let parsed: ScenarioDocument = decode_strict_all(doc).map_err(decoding_refused)?;
    let name_path = FieldPath::root().child("metadata").child("name");
    let name = parsed.metadata.name.unwrap_or_default();
    if name.is_empty() {
        return Err(field_refusal(doc, &name_path, FieldProblem::NoScenarioName));
    }
    if let Some(problem) = dns1123_label_problem(&name) {
        return Err(field_refusal(doc, &name_path, problem));
    }
    let spec = FieldPath::root().child("spec");
    let timing = timing(doc, &parsed.spec.timing, &spec.child("timing"))?;
    let node_pools = pools(doc, parsed.spec.node_pools, &spec.child("nodePools"))?;
    let steps = parsed
        .spec
        .steps
        .iter()
        .enumerate()
        .map(|(i, v)| parse_step(doc, v, i))
        .collect::<Result<Vec<Step>, _>>()?;
    let task = parsed.spec.task.as_ref().map(|value| parse_task(doc, value)).transpose()?;
    Ok(Scenario { name, description: parsed.spec.description, node_pools, timing, steps, manifests, task })
}

/// `IsDNS1123Label` for a name that is not empty: the scenario's becomes part of file
/// names and link titles, a pool's part of its nodes' names.
fn dns1123_label_problem(name: &str) -> Option<FieldProblem> {
    let ok_chars = name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    let ok_ends = name.starts_with(|c: char| c.is_ascii_alphanumeric()) && name.ends_with(|c: char| c.is_ascii_alphanumeric());
    if name.len() > 63 {
        Some(FieldProblem::LabelTooLong { value: name.to_owned() })
    } else if !(ok_chars && ok_ends) {
        Some(FieldProblem::NotALabel { value: name.to_owned() })
    } else {
        None
    }
}

fn timing(doc: &RawDocument, t: &TimingDocument, at: &FieldPath) -> Result<Timing, ScenarioError> {
    let defaults = Timing::default();
    let ms = |seconds: Option<f64>, field: &str, default: u64| -> Result<u64, ScenarioError> {
        match seconds {
            None => Ok(default),
            Some(s) if s.is_finite() && (0.0..=86_400.0).contains(&s) => Ok((s * 1000.0).round() as u64),
            Some(s) => Err(field_refusal(doc, &at.child(field), FieldProblem::SecondsOutOfRange { seconds: s.to_string() })),
        }
    };
    Ok(Timing {
        pod_startup_ms: ms(t.pod_startup, "podStartup", defaults.pod_startup_ms)?,
        pod_ready_ms: ms(t.pod_ready, "podReady", defaults.pod_ready_ms)?,
        node_heartbeat_grace_ms: ms(t.node_heartbeat_grace, "nodeHeartbeatGrace", defaults.node_heartbeat_grace_ms)?,
    })
}

fn pools(doc: &RawDocument, documents: Vec<NodePoolDocument>, at: &FieldPath) -> Result<Vec<NodePool>, ScenarioError> {
    let mut pools: Vec<NodePool> = Vec::new();
    let mut total: u64 = 0;
    for (i, p) in documents.into_iter().enumerate() {
        let path = at.index(i);
        let name_path = path.child("name");
        if p.name.is_empty() {
            return Err(field_refusal(doc, &name_path, FieldProblem::Required));
        }
        if let Some(problem) = dns1123_label_problem(&p.name) {
            return Err(field_refusal(doc, &name_path, problem));
        }
        if pools.iter().any(|q| q.name == p.name) {
            return Err(field_refusal(doc, &name_path, FieldProblem::Duplicate { value: p.name }));
        }
        // Checked before the steps are read: a huge pool is refused without more work.
        total += u64::from(p.count);
        if total > MAX_NODES {
            let refusal = Refusal::TooManyNodes { nodes: total, max: MAX_NODES };
            return Err(ScenarioError::from(doc.error_at(&path.child("count"), String::new())).with_refusal(refusal));
        }
        let mut allocatable = default_allocatable();
        allocatable.extend(p.allocatable);
        pools.push(NodePool {
            name: p.name,
            count: p.count,
            role: p.role,
            labels: p.labels,
            taints: p.taints,
            unschedulable: p.unschedulable,
            allocatable,
        });
    }
    Ok(pools)
}

/// Pools, Node documents and `node add` steps share one cap, so that no mix of them
/// makes more nodes than a page can simulate.
fn check_node_count(doc: &RawDocument, scenario: &Scenario) -> Result<(), ScenarioError> {
    let nodes = scenario.node_count();
    if nodes <= MAX_NODES {
        return Ok(());
    }
    let refusal = Refusal::TooManyNodes { nodes, max: MAX_NODES };
    Err(ScenarioError::from(doc.error_at(&FieldPath::root().child("spec"), String::new())).with_refusal(refusal))
}

/// Names the steps and documents use that must exist: manifests for `kubectl apply -f`,
/// node names made twice.
fn check_references(doc: &RawDocument, scenario: &Scenario) -> Result<(), ScenarioError> {
    let mut later = BTreeSet::new();
    for m in scenario.manifests.iter().filter(|m| m.apply_later) {
        if !later.insert((m.object.kind(), m.name.as_str())) {
            let path = format!("metadata.annotations[{APPLY_ANNOTATION}]");
            let problem = FieldProblem::AppliedLaterTwice { kind: m.object.kind().to_owned(), name: m.name.clone() };
            return Err(ScenarioError {
                document: Some(m.document),
                line: Some(m.line),
                column: None,
                step: None,
                path: Some(path.clone()),
                message: String::new(),
                refusal: None,
            }
            .with_refusal(Refusal::ScenarioFields(vec![FieldError::new(path, problem)])));
        }
    }
    let pool_nodes: BTreeMap<String, &str> = scenario
        .node_pools
        .iter()
        .flat_map(|p| (1..=p.count).map(move |i| (p.node_name(i), p.name.as_str())))
        .collect();
    for m in &scenario.manifests {
        if let (ManifestObject::Node(_), Some(pool)) = (&m.object, pool_nodes.get(&m.name)) {
            return Err(ScenarioError {
                document: Some(m.document),
                line: Some(m.line),
                column: None,
                step: None,
                path: Some("metadata.name".to_owned()),
                message: String::new(),
                refusal: None,
            }
            .with_refusal(Refusal::NodeMadeByPool { node: m.name.clone(), pool: pool.to_string() }));
        }
    }
    for step in &scenario.steps {
        match &step.action {
            StepAction::Command(Command::Kubectl(Kubectl::Apply { name, .. })) if scenario.manifest_to_apply(name).is_none() => {
                return Err(ScenarioError {
                    document: Some(doc.index),
                    line: Some(step.line),
                    column: None,
                    step: Some(step.index),
                    path: Some(format!("spec.steps[{}]", step.index)),
                    message: String::new(),
                    refusal: None,
                }
                .with_refusal(Refusal::ApplyOfNoDocument { name: name.clone() }));
            }
            StepAction::Command(Command::NodeAdd { pool: Some(pool), .. }) if scenario.pool(pool).is_none() => {
                return Err(ScenarioError {
                    document: Some(doc.index),
                    line: Some(step.line),
                    column: None,
                    step: Some(step.index),
                    path: Some(format!("spec.steps[{}]", step.index)),
                    message: String::new(),
                    refusal: None,
                }
                .with_refusal(Refusal::NoNodePool { pool: pool.clone() }));
            }
            _ => {}
        }
    }
    Ok(())
}
