//! `spec.nodePools` of the scenario document as editable rows, and back: the
//! pool editor reads the Scenario document of the editor text, lets the user
//! change its pools, and writes just the `nodePools:` block again, so every
//! other line of the text (comments, the description, the steps, the
//! manifests) stays byte for byte.

use dsplay_model::field_path::{FieldPath, Segment};
use serde_yaml::{Mapping, Value};

/// One pool as the editor's fields hold it (text, as typed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PoolDraft {
    pub name: String,
    pub count: u32,
    pub control_plane: bool,
    /// `k=v, k2=v2`.
    pub labels: String,
    /// `key=value:Effect, key:Effect`.
    pub taints: String,
    pub cpu: String,
    pub memory: String,
    pub pods: String,
}

/// Why the pools cannot be read from the text, or written back: said in the page's
/// language by `PanelStrings::pools_reason`; the YAML parser's words stay as it prints
/// them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PoolsError {
    NoScenarioDocument,
    ScenarioUnreadable(String),
    NoSpecMapping,
    Unnamed { index: usize },
    NotALabel { index: usize, pair: String },
    NotATaint { index: usize, item: String },
    NotWritten(String),
}

/// A field of a pool's row in the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolField {
    Name,
    Labels,
    Taints,
}

/// Whether a field path is in the scenario's `spec.nodePools`.
pub fn names_pools(path: &FieldPath) -> bool {
    matches!(path.segments(), [Segment::Field(spec), Segment::Field(pools), ..] if spec == "spec" && pools == "nodePools")
}

/// The pool a field path is in (`spec.nodePools[1]...`), by index.
pub fn pool_index(path: &FieldPath) -> Option<usize> {
    match path.segments() {
        [_, _, Segment::Index(index), ..] if names_pools(path) => Some(*index),
        _ => None,
    }
}

/// The form's field a field path names (`spec.nodePools[1].labels[-bad]`), if it names one.
pub fn field_named(path: &FieldPath) -> Option<(usize, PoolField)> {
    let index = pool_index(path)?;
    let field = match path.segments().get(3) {
        Some(Segment::Field(name)) if name == "name" => PoolField::Name,
        Some(Segment::Field(name)) if name == "labels" => PoolField::Labels,
        Some(Segment::Field(name)) if name == "taints" => PoolField::Taints,
        _ => return None,
    };
    Some((index, field))
}

impl PoolsError {
    /// The form's field it is about: the pool's index and which field, to be marked
    /// invalid and given focus.
    pub fn field(&self) -> Option<(usize, PoolField)> {
        match self {
            Self::Unnamed { index } => Some((*index, PoolField::Name)),
            Self::NotALabel { index, .. } => Some((*index, PoolField::Labels)),
            Self::NotATaint { index, .. } => Some((*index, PoolField::Taints)),
            Self::NoSpecMapping | Self::NoScenarioDocument | Self::ScenarioUnreadable(_) | Self::NotWritten(_) => None,
        }
    }

    /// The field it is about, as the API server would name it.
    pub fn path(&self) -> Option<String> {
        match self {
            Self::Unnamed { index } => Some(format!("spec.nodePools[{index}].name")),
            Self::NotALabel { index, .. } => Some(format!("spec.nodePools[{index}].labels")),
            Self::NotATaint { index, .. } => Some(format!("spec.nodePools[{index}].taints")),
            Self::NoSpecMapping => Some("spec".to_owned()),
            Self::NoScenarioDocument | Self::ScenarioUnreadable(_) | Self::NotWritten(_) => None,
        }
    }
}

/// The text split into YAML documents (the `---` lines dropped), and the index
/// of the `kind: Scenario` one.
fn documents(text: &str) -> (Vec<String>, Option<usize>) {
    let mut docs = vec![String::new()];
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "---" {
            docs.push(String::new());
        } else if let Some(doc) = docs.last_mut() {
            doc.push_str(line);
        }
    }
    let scenario = docs.iter().position(|doc| doc.lines().any(|line| line.trim_end() == "kind: Scenario"));
    (docs, scenario)
}

fn scenario_value(text: &str) -> Result<(Vec<String>, usize, Value), PoolsError> {
    let (docs, index) = documents(text);
    let index = index.ok_or(PoolsError::NoScenarioDocument)?;
    let value: Value = serde_yaml::from_str(&docs[index]).map_err(|e| PoolsError::ScenarioUnreadable(e.to_string()))?;
    Ok((docs, index, value))
}

fn text_of(value: Option<&Value>) -> String {
    match value {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        _ => String::new(),
    }
}

/// Reads `spec.nodePools` of the scenario document.
pub fn read_pools(text: &str) -> Result<Vec<PoolDraft>, PoolsError> {
    let (_, _, value) = scenario_value(text)?;
    let pools = value.get("spec").and_then(|spec| spec.get("nodePools")).and_then(Value::as_sequence).cloned().unwrap_or_default();
    Ok(pools
        .iter()
        .map(|pool| {
            let pairs = |key: &str| {
                pool.get(key)
                    .and_then(Value::as_mapping)
                    .map(|m| m.iter().map(|(k, v)| format!("{}={}", text_of(Some(k)), text_of(Some(v)))).collect::<Vec<_>>().join(", "))
                    .unwrap_or_default()
            };
            let taints = pool
                .get("taints")
                .and_then(Value::as_sequence)
                .map(|taints| {
                    taints
                        .iter()
                        .map(|t| {
                            let value = text_of(t.get("value"));
                            let value = if value.is_empty() { String::new() } else { format!("={value}") };
                            format!("{}{}:{}", text_of(t.get("key")), value, text_of(t.get("effect")))
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default();
            let allocatable = |key: &str| text_of(pool.get("allocatable").and_then(|a| a.get(key)));
            PoolDraft {
                name: text_of(pool.get("name")),
                count: pool.get("count").and_then(Value::as_u64).and_then(|n| u32::try_from(n).ok()).unwrap_or(0),
                control_plane: text_of(pool.get("role")) == "control-plane",
                labels: pairs("labels"),
                taints,
                cpu: allocatable("cpu"),
                memory: allocatable("memory"),
                pods: allocatable("pods"),
            }
        })
        .collect())
}

fn split_list(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim).filter(|item| !item.is_empty())
}

fn pool_value(pool: &PoolDraft, index: usize) -> Result<Value, PoolsError> {
    if pool.name.trim().is_empty() {
        return Err(PoolsError::Unnamed { index });
    }
    let mut map = Mapping::new();
    map.insert("name".into(), pool.name.trim().into());
    map.insert("count".into(), Value::from(pool.count));
    if pool.control_plane {
        map.insert("role".into(), "control-plane".into());
    }
    let mut labels = Mapping::new();
    for pair in split_list(&pool.labels) {
        let (key, value) = pair.split_once('=').ok_or_else(|| PoolsError::NotALabel { index, pair: pair.to_owned() })?;
        labels.insert(key.trim().into(), value.trim().into());
    }
    if !labels.is_empty() {
        map.insert("labels".into(), Value::Mapping(labels));
    }
    let mut taints = Vec::new();
    for item in split_list(&pool.taints) {
        let (key_value, effect) = item.rsplit_once(':').ok_or_else(|| PoolsError::NotATaint { index, item: item.to_owned() })?;
        let mut taint = Mapping::new();
        let (key, value) = key_value.split_once('=').map_or((key_value, None), |(k, v)| (k, Some(v)));
        taint.insert("key".into(), key.trim().into());
        if let Some(value) = value {
            taint.insert("value".into(), value.trim().into());
        }
        taint.insert("effect".into(), effect.trim().into());
        taints.push(Value::Mapping(taint));
    }
    if !taints.is_empty() {
        map.insert("taints".into(), Value::Sequence(taints));
    }
    let mut allocatable = Mapping::new();
    for (key, value) in [("cpu", &pool.cpu), ("memory", &pool.memory), ("pods", &pool.pods)] {
        if !value.trim().is_empty() {
            allocatable.insert(key.into(), value.trim().into());
        }
    }
    if !allocatable.is_empty() {
        map.insert("allocatable".into(), Value::Mapping(allocatable));
    }
    Ok(Value::Mapping(map))
}

/// The text with the scenario document's `spec.nodePools` replaced by `pools`.
pub fn write_pools(text: &str, pools: &[PoolDraft]) -> Result<String, PoolsError> {
    let (docs, index, value) = scenario_value(text)?;
    if !value.get("spec").is_some_and(Value::is_mapping) {
        return Err(PoolsError::NoSpecMapping);
    }
    let pools = Value::Sequence(pools.iter().enumerate().map(|(i, pool)| pool_value(pool, i)).collect::<Result<Vec<_>, _>>()?);
    let mut docs = docs;
    docs[index] = if docs[index].lines().any(|line| line.trim_end() == "spec:") {
        let block = serde_yaml::to_string(&Mapping::from_iter([("nodePools".into(), pools)])).map_err(|e| PoolsError::NotWritten(e.to_string()))?;
        replace_node_pools(&docs[index], &block)
    } else {
        // `spec: {...}` on one line: no block to splice into, so the document is written
        // again whole (its comments are lost, the other documents still kept).
        let mut value = value;
        if let Some(spec) = value.get_mut("spec").and_then(Value::as_mapping_mut) {
            spec.insert("nodePools".into(), pools);
        }
        serde_yaml::to_string(&value).map_err(|e| PoolsError::NotWritten(e.to_string()))?
    };
    Ok(docs.join("---\n"))
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// `doc` with its `nodePools:` block (the key's line and every line under it) replaced
/// by `block`, written at the key's indentation; added as the first field of `spec`
/// when there is none.
fn replace_node_pools(doc: &str, block: &str) -> String {
    let lines: Vec<&str> = doc.split_inclusive('\n').collect();
    // spec's fields: the lines after `spec:` at the indentation of its first field (a
    // `nodePools:` inside the description's text is not one).
    let spec = lines.iter().position(|line| line.trim_end() == "spec:").map_or(lines.len(), |i| i + 1);
    let indent = lines[spec.min(lines.len())..]
        .iter()
        .find(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map_or(2, |line| indent_of(line));
    let key_line = |line: &str| indent_of(line) == indent && line.trim_start().starts_with("nodePools:");
    let start = lines.iter().skip(spec).position(|line| key_line(line)).map_or(spec, |i| spec + i);
    let mut end = start + usize::from(start < lines.len() && key_line(lines[start]));
    // Under the key: deeper lines, and `- ` items at the key's own indentation.
    while let Some(line) = lines.get(end) {
        let content = line.trim();
        let inside = content.is_empty()
            || indent_of(line) > indent
            || (indent_of(line) == indent && (content.starts_with("- ") || content == "-"));
        if !inside {
            break;
        }
        end += 1;
    }
    // Blank lines before what follows belong to it.
    while end > start + 1 && lines[end - 1].trim().is_empty() {
        end -= 1;
    }
    let padding = " ".repeat(indent);
    let written: String = block.lines().map(|line| format!("{padding}{line}\n")).collect();
    let mut out: String = lines[..start].concat();
    out.push_str(&written);
    out.push_str(&lines[end.min(lines.len())..].concat());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_a_path_names_is_found() {
        let path = |text: &str| FieldPath::parse(text);
        assert_eq!(field_named(&path("spec.nodePools[1].labels[-bad]")), Some((1, PoolField::Labels)));
        assert_eq!(field_named(&path("spec.nodePools[0].taints[2].effect")), Some((0, PoolField::Taints)));
        assert_eq!(field_named(&path("spec.nodePools[0].count")), None, "count is a number field of its own");
        assert_eq!(pool_index(&path("spec.nodePools[0].count")), Some(0));
        assert_eq!(field_named(&path("metadata.name")), None);
        assert_eq!(pool_index(&path("spec.nodePools")), None);
        assert!(names_pools(&path("spec.nodePools")) && !names_pools(&path("spec.steps[0]")));
    }
    use crate::EXAMPLE_SCENARIO;

    #[test]
    fn the_examples_pools_round_trip_and_the_manifests_stay() {
        let pools = read_pools(EXAMPLE_SCENARIO).expect("readable");
        assert_eq!(pools.len(), 2);
        assert_eq!((pools[1].name.as_str(), pools[1].count, pools[1].labels.as_str()), ("gpu", 2, "accelerator=nvidia"));
        let mut edited = pools.clone();
        edited.push(PoolDraft {
            name: "cp".into(),
            count: 1,
            control_plane: true,
            taints: "dedicated=infra:NoSchedule".into(),
            cpu: "2".into(),
            ..Default::default()
        });
        let text = write_pools(EXAMPLE_SCENARIO, &edited).expect("written");
        assert_eq!(read_pools(&text).expect("readable again"), edited);
        let manifests = EXAMPLE_SCENARIO.split("---\n").nth(1).expect("a DaemonSet document");
        assert!(text.ends_with(manifests), "the documents after the scenario are kept byte for byte");
        let steps = &EXAMPLE_SCENARIO[EXAMPLE_SCENARIO.find("  steps:").expect("steps")..];
        assert!(text.contains(steps.split("---\n").next().unwrap_or_default()), "and so are the steps, as written");
        let description = &EXAMPLE_SCENARIO[..EXAMPLE_SCENARIO.find("  nodePools:").expect("pools")];
        assert!(text.starts_with(description), "and everything before the pools");
        let mut simulation = dsplay_engine::simulation::Simulation::load(&text).expect("still a scenario");
        simulation.run_steps();
        assert_eq!(simulation.state().nodes.len(), 6);
        assert!(simulation.state().nodes.contains_key("cp-01"));
    }

    #[test]
    fn only_the_pools_block_is_written_again_wherever_it_stands() {
        let text = "# my scenario\napiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: x}\nspec:\n  # pools below\n  nodePools: [{name: a, count: 1}]\n  steps:\n  - settle   # first\n";
        let pools = vec![PoolDraft { name: "b".into(), count: 2, ..Default::default() }];
        let written = write_pools(text, &pools).expect("written");
        assert_eq!(
            written,
            "# my scenario\napiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: x}\nspec:\n  # pools below\n  nodePools:\n  - name: b\n    count: 2\n  steps:\n  - settle   # first\n"
        );
        let without = "apiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: x}\nspec:\n  steps: []\n";
        let added = write_pools(without, &pools).expect("written");
        assert_eq!(read_pools(&added).expect("readable"), pools);
        assert!(added.ends_with("  steps: []\n"), "{added}");
    }

    #[test]
    fn bad_fields_are_errors_with_their_path() {
        let bad = PoolDraft { name: "x".into(), count: 1, labels: "novalue".into(), ..Default::default() };
        let error = write_pools(EXAMPLE_SCENARIO, &[bad]).expect_err("a label needs =");
        assert_eq!(error, PoolsError::NotALabel { index: 0, pair: "novalue".into() });
        assert_eq!(error.path().as_deref(), Some("spec.nodePools[0].labels"));
        assert!(read_pools("kind: DaemonSet\n").is_err());
        let unnamed = PoolDraft { count: 1, ..Default::default() };
        assert!(write_pools(EXAMPLE_SCENARIO, &[unnamed]).is_err());
    }
}
