//! Scenario text -> [`Scenario`]: the documents sorted by kind, the Scenario document read
//! strictly, the manifests decoded strictly (not validated), the steps parsed.

use super::format::{Manifest, ManifestObject, NodePool, NodeRole, Scenario, ScenarioError, Timing};
use super::pools::default_allocatable;
use super::steps::{parse_step, Step, StepAction};
use crate::kubectl::command::{Command, Kubectl};
use crate::refusal::Refusal;
use dsplay_model::document::{bad_request_message, decode_strict, split_documents, ParseError, RawDocument, Value};
use dsplay_model::field_path::FieldPath;
use dsplay_model::template_generation::{template_generation, TEMPLATE_GENERATION_ANNOTATION};
use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Taint;
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

pub const SCENARIO_API_VERSION: &str = "dsplay/v1";
pub const APPLY_ANNOTATION: &str = "dsplay/apply";
/// More nodes than any lesson needs, and few enough that a crafted link cannot exhaust memory.
pub const MAX_NODES: u64 = 10_000;

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
        Some(other) => {
            return Err(ScenarioError::from(doc.error_at(
                &annotation,
                format!("{annotation}: the one value of {APPLY_ANNOTATION} is \"later\", not {other:?}"),
            )))
        }
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
        return Err(doc_refusal(doc, Refusal::NotAScenarioDocument { found: doc.describe() }));
    }
    let parsed: ScenarioDocument = decode_strict(doc).map_err(in_plain_words)?;
    let name_path = FieldPath::root().child("metadata").child("name");
    let name = parsed.metadata.name.unwrap_or_default();
    if let Some(problem) = dns1123_label_problem(&name) {
        return Err(doc.error_at(&name_path, format!("{name_path}: Invalid value: \"{name}\": {problem}")).into());
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
    Ok(Scenario { name, description: parsed.spec.description, node_pools, timing, steps, manifests })
}

/// The scenario format is the playground's own, so a wrong type there is said in
/// words rather than in Rust's type names (`expected u32`).
fn in_plain_words(mut error: ParseError) -> ParseError {
    if error.path.as_deref().is_some_and(|path| path.ends_with(".count")) {
        error.message = error.message.replace("expected u32", &format!("expected a node count from 0 to {MAX_NODES}"));
    }
    for (rust, words) in [
        ("expected u32", "expected a whole number (0 or more)"),
        ("expected f64", "expected a number"),
        ("expected a boolean", "expected true or false"),
        ("expected a string", "expected text"),
        ("expected a sequence", "expected a list"),
        ("expected a map", "expected a mapping of keys to values"),
    ] {
        error.message = error.message.replace(rust, words);
    }
    if let Some(plain) = got_instead(&error.message) {
        error.message = plain;
    }
    error
}

/// serde's `invalid type: string "lots", expected ...` (or `invalid value: integer
/// `-2``) as `got "lots", expected ...`.
fn got_instead(message: &str) -> Option<String> {
    // After the field's path, when the message starts with it.
    let at = ["invalid value: ", "invalid type: "].iter().find_map(|words| message.find(words).map(|at| (at, words.len())));
    let (at, skip) = at?;
    let (before, rest) = (&message[..at], &message[at + skip..]);
    let (found, expected) = rest.split_once(", expected ")?;
    let kinds = [("sequence", "a list"), ("map", "a mapping"), ("unit value", "nothing"), ("null", "nothing")];
    let found = match kinds.iter().find(|(kind, _)| found == *kind) {
        Some((_, words)) => (*words).to_owned(),
        None => ["integer ", "floating point ", "string ", "boolean "]
            .iter()
            .find_map(|kind| found.strip_prefix(kind))
            .unwrap_or(found)
            .trim_matches('`')
            .to_owned(),
    };
    Some(format!("{before}got {found}, expected {expected}"))
}

/// `IsDNS1123Label`: the scenario name becomes part of file names and link titles.
fn dns1123_label_problem(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        return Some("a scenario needs metadata.name");
    }
    let ok_chars = name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    let ok_ends = name.starts_with(|c: char| c.is_ascii_alphanumeric()) && name.ends_with(|c: char| c.is_ascii_alphanumeric());
    if name.len() > 63 {
        Some("must be no more than 63 characters")
    } else if !(ok_chars && ok_ends) {
        Some("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')")
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
            Some(s) => {
                let path = at.child(field);
                Err(doc.error_at(&path, format!("{path}: Invalid value: {s}: seconds between 0 and 86400")).into())
            }
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
        if let Some(problem) = dns1123_label_problem(&p.name).filter(|_| !p.name.is_empty()) {
            return Err(doc.error_at(&name_path, format!("{name_path}: Invalid value: \"{}\": {problem}", p.name)).into());
        }
        if p.name.is_empty() {
            return Err(doc.error_at(&name_path, format!("{name_path}: Required value")).into());
        }
        if pools.iter().any(|q| q.name == p.name) {
            return Err(doc.error_at(&name_path, format!("{name_path}: Duplicate value: \"{}\"", p.name)).into());
        }
        total += u64::from(p.count);
        if total > MAX_NODES {
            let count = path.child("count");
            let refusal = Refusal::TooManyNodes { path: count.to_string(), max: MAX_NODES };
            return Err(ScenarioError::from(doc.error_at(&count, String::new())).with_refusal(refusal));
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

/// Names the steps and documents use that must exist: manifests for `kubectl apply -f`,
/// node names made twice.
fn check_references(doc: &RawDocument, scenario: &Scenario) -> Result<(), ScenarioError> {
    let mut later = BTreeSet::new();
    for m in scenario.manifests.iter().filter(|m| m.apply_later) {
        if !later.insert((m.object.kind(), m.name.as_str())) {
            return Err(ScenarioError {
                document: Some(m.document),
                line: Some(m.line),
                column: None,
                step: None,
                path: Some(format!("metadata.annotations[{APPLY_ANNOTATION}]")),
                message: format!("two {} documents named \"{}\" are marked {APPLY_ANNOTATION}: later; `kubectl apply -f {}` could not tell them apart", m.object.kind(), m.name, m.name),
                refusal: None,
            });
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
