//! Selectors written as text, as `kubectl get -l` and `--field-selector` take them
//! (apimachinery's `labels.Parse` and `fields.ParseSelector`): requirements separated
//! by commas; for labels `key`, `!key`, `key=value`, `key==value`, `key!=value`,
//! `key in (a,b)`, `key notin (a,b)`, `key>1`, `key<1`; for fields `=`, `==`, `!=`.

use std::collections::BTreeMap;

use crate::labels::{label_value_errors, qualified_name_errors};

/// One requirement of a label selector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabelRequirement {
    Exists(String),
    DoesNotExist(String),
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
    GreaterThan(String, i64),
    LessThan(String, i64),
}

impl LabelRequirement {
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        let number = |key: &str| labels.get(key).and_then(|v| v.parse::<i64>().ok());
        match self {
            LabelRequirement::Exists(key) => labels.contains_key(key),
            LabelRequirement::DoesNotExist(key) => !labels.contains_key(key),
            LabelRequirement::In(key, values) => labels.get(key).is_some_and(|v| values.contains(v)),
            LabelRequirement::NotIn(key, values) => labels.get(key).is_none_or(|v| !values.contains(v)),
            LabelRequirement::GreaterThan(key, bound) => number(key).is_some_and(|n| n > *bound),
            LabelRequirement::LessThan(key, bound) => number(key).is_some_and(|n| n < *bound),
        }
    }
}

/// Whether every requirement holds for `labels` (an empty selector selects everything).
pub fn labels_match(requirements: &[LabelRequirement], labels: &BTreeMap<String, String>) -> bool {
    requirements.iter().all(|r| r.matches(labels))
}

/// Parses a label selector; the error is what follows kubectl's `error: ` (`unable to
/// parse requirement: ...`, or the key's or value's validation message).
pub fn parse_label_selector(text: &str) -> Result<Vec<LabelRequirement>, String> {
    split_requirements(text)?.into_iter().map(parse_label_requirement).collect()
}

/// Splits at the commas outside `( )`, dropping empty text around them.
fn split_requirements(text: &str) -> Result<Vec<&str>, String> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0_i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(text[start..].trim());
    if parts.len() == 1 && parts[0].is_empty() {
        return Ok(Vec::new());
    }
    if let Some(empty) = parts.iter().position(|p| p.is_empty()) {
        let found = if empty + 1 < parts.len() { "," } else { "EOS" };
        return Err(format!("found '{found}', expected: !, identifier, or 'end of string'"));
    }
    Ok(parts)
}

/// `text` trimmed, when `errors_of` finds nothing wrong with it; else the message
/// naming it as `field`.
fn checked(text: &str, errors_of: fn(&str) -> Vec<String>, field: &str) -> Result<String, String> {
    let text = text.trim();
    let errors = errors_of(text);
    if errors.is_empty() {
        return Ok(text.to_owned());
    }
    Err(format!("unable to parse requirement: {field}: Invalid value: \"{text}\": {}", errors.join("; ")))
}

fn parse_label_requirement(part: &str) -> Result<LabelRequirement, String> {
    let checked_key = |key: &str| checked(key, qualified_name_errors, "key");
    let checked_value = |value: &str| checked(value, label_value_errors, &format!("values[0][{part}]"));
    if let Some(key) = part.strip_prefix('!') {
        return Ok(LabelRequirement::DoesNotExist(checked_key(key)?));
    }
    for (operator, is_in) in [(" notin ", false), (" in ", true)] {
        if let Some((key, rest)) = part.split_once(operator) {
            let inner = rest.trim().strip_prefix('(').and_then(|r| r.strip_suffix(')')).ok_or_else(|| {
                format!("unable to parse requirement: found '{}', expected: '('", rest.trim())
            })?;
            let values = inner.split(',').map(checked_value).collect::<Result<Vec<_>, _>>()?;
            let key = checked_key(key)?;
            return Ok(if is_in { LabelRequirement::In(key, values) } else { LabelRequirement::NotIn(key, values) });
        }
    }
    for operator in ["!=", "==", "=", ">", "<"] {
        if let Some((key, value)) = part.split_once(operator) {
            let key = checked_key(key)?;
            return match operator {
                "!=" => Ok(LabelRequirement::NotIn(key, vec![checked_value(value)?])),
                ">" | "<" => {
                    let bound = value.trim().parse::<i64>().map_err(|_| {
                        format!("unable to parse requirement: for 'Gt', 'Lt' operators, the value must be an integer: \"{}\"", value.trim())
                    })?;
                    Ok(if operator == ">" { LabelRequirement::GreaterThan(key, bound) } else { LabelRequirement::LessThan(key, bound) })
                }
                _ => Ok(LabelRequirement::In(key, vec![checked_value(value)?])),
            };
        }
    }
    Ok(LabelRequirement::Exists(checked_key(part)?))
}

/// One requirement of a field selector: `field` equals (or not) `value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldRequirement {
    pub field: String,
    pub value: String,
    pub equal: bool,
}

/// Parses a field selector (`spec.nodeName=node-01,status.phase!=Running`).
pub fn parse_field_selector(text: &str) -> Result<Vec<FieldRequirement>, String> {
    let mut requirements = Vec::new();
    for part in split_requirements(text)? {
        let (field, value, equal) = if let Some((f, v)) = part.split_once("!=") {
            (f, v, false)
        } else if let Some((f, v)) = part.split_once("==").or_else(|| part.split_once('=')) {
            (f, v, true)
        } else {
            return Err(format!("invalid selector: '{text}'; can't understand '{part}'"));
        };
        requirements.push(FieldRequirement { field: field.trim().to_owned(), value: value.trim().to_owned(), equal });
    }
    Ok(requirements)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn label_selectors_read_and_match_as_kubectl_s() {
        let node = labels(&[("disktype", "ssd"), ("zone", "a"), ("gpus", "4")]);
        for (selector, expected) in [
            ("disktype=ssd", true),
            ("disktype==ssd,zone=a", true),
            ("disktype!=ssd", false),
            ("zone in (a, b)", true),
            ("zone notin (a)", false),
            ("gpus>2", true),
            ("gpus<2", false),
            ("accelerator", false),
            ("!accelerator", true),
            ("", true),
        ] {
            let parsed = parse_label_selector(selector).unwrap_or_else(|e| panic!("{selector}: {e}"));
            assert_eq!(labels_match(&parsed, &node), expected, "{selector}");
        }
        assert!(parse_label_selector("app=,").is_err());
        assert!(parse_label_selector("gpus>two").unwrap_err().contains("must be an integer"));
        assert!(parse_label_selector("bad key=x").unwrap_err().starts_with("unable to parse requirement: key: Invalid value: \"bad key\""));
    }

    #[test]
    fn field_selectors_read_equal_and_not_equal() {
        let parsed = parse_field_selector("spec.nodeName=node-01,status.phase!=Running").unwrap_or_default();
        assert_eq!(
            parsed,
            [
                FieldRequirement { field: "spec.nodeName".into(), value: "node-01".into(), equal: true },
                FieldRequirement { field: "status.phase".into(), value: "Running".into(), equal: false },
            ]
        );
        assert!(parse_field_selector("spec.nodeName").is_err());
    }
}
