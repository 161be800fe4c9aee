//! The "why / why not" explanation of required node affinity: one line per nodeSelector
//! pair, per term and per requirement, evaluated exactly as the matcher does.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Node, NodeSelectorRequirement, PodSpec};

use super::{
    is_empty_term, node_labels, node_name, parse_field_requirement, parse_label_requirement, required_node_selector,
    AffinityCheck, AffinityCheckKind,
};

/// `key Op [a, b]` (or `key Op` / `key Op v`), as written in the manifest.
fn rule_text(expr: &NodeSelectorRequirement) -> String {
    let values = expr.values.as_deref().unwrap_or_default();
    match expr.operator.as_str() {
        "Exists" | "DoesNotExist" if values.is_empty() => format!("{} {}", expr.key, expr.operator),
        "Gt" | "Lt" if values.len() == 1 => format!("{} {} {}", expr.key, expr.operator, values.join("")),
        _ => format!("{} {} [{}]", expr.key, expr.operator, values.join(", ")),
    }
}

fn label_reason(expr: &NodeSelectorRequirement, labels: &BTreeMap<String, String>, matched: bool) -> String {
    let key = &expr.key;
    let Some(have) = labels.get(key) else {
        return format!("node has no label {key}");
    };
    let values = expr.values.as_deref().unwrap_or_default();
    match (expr.operator.as_str(), matched) {
        ("In", false) => format!("node has {key}={have}, which is not in the list"),
        ("NotIn", false) => format!("node has {key}={have}, which is excluded"),
        ("Exists", true) => format!("node has label {key}"),
        ("DoesNotExist", false) => format!("node has label {key}={have}"),
        ("Gt" | "Lt", false) if have.parse::<i64>().is_err() => {
            format!("node label {key}={have} is not an integer")
        }
        ("Gt", false) => format!("node has {key}={have}, not greater than {}", values.join("")),
        ("Lt", false) => format!("node has {key}={have}, not less than {}", values.join("")),
        _ => format!("node has {key}={have}"),
    }
}

/// Explains `RequiredNodeAffinity.Match` for this node, line by line.
pub fn explain(spec: &PodSpec, node: &Node) -> Vec<AffinityCheck> {
    let labels = node_labels(node);
    let name = node_name(node);
    let mut out = Vec::new();
    for (k, v) in spec.node_selector.iter().flatten() {
        let (matched, reason) = match labels.get(k) {
            None => (false, format!("node has no label {k}")),
            Some(have) => (have == v, format!("node has {k}={have}")),
        };
        out.push(AffinityCheck { kind: AffinityCheckKind::NodeSelector, term: None, rule: format!("{k}={v}"), matched, reason });
    }
    let Some(required) = required_node_selector(spec) else {
        return out;
    };
    for (i, term) in required.node_selector_terms.iter().enumerate() {
        let term_line = out.len();
        out.push(AffinityCheck {
            kind: AffinityCheckKind::Term,
            term: Some(i),
            rule: format!("nodeSelectorTerms[{i}]"),
            matched: false,
            reason: String::new(),
        });
        if is_empty_term(term) {
            if let Some(line) = out.get_mut(term_line) {
                line.reason = "an empty term matches no node".to_string();
            }
            continue;
        }
        let (mut total, mut failed, mut invalid) = (0usize, 0usize, false);
        for (j, expr) in term.match_expressions.iter().flatten().enumerate() {
            let path = format!("nodeSelectorTerms[{i}].matchExpressions[{j}]");
            let (matched, reason) = match parse_label_requirement(expr, &path) {
                Err(e) => {
                    invalid = true;
                    (false, format!("invalid: {e}"))
                }
                Ok(req) => {
                    let m = req.matches(labels);
                    (m, label_reason(expr, labels, m))
                }
            };
            total += 1;
            failed += usize::from(!matched);
            out.push(AffinityCheck { kind: AffinityCheckKind::MatchExpression, term: Some(i), rule: rule_text(expr), matched, reason });
        }
        for (j, expr) in term.match_fields.iter().flatten().enumerate() {
            let path = format!("nodeSelectorTerms[{i}].matchFields[{j}]");
            let (matched, reason) = match parse_field_requirement(expr, &path) {
                Err(e) => {
                    invalid = true;
                    (false, format!("invalid: {e}"))
                }
                Ok(_) if name.is_empty() => (true, "node has no name, so fields are not checked".to_string()),
                Ok(f) if f.key != super::OBJECT_NAME_FIELD => {
                    (f.matches(name), format!("{} is not a node field; only metadata.name is", f.key))
                }
                Ok(f) => {
                    let m = f.matches(name);
                    let reason = if m { format!("node name is {name}") } else { format!("node name is {name}, not {}", f.value) };
                    (m, if !f.equal && !m { format!("node name is {name}, which is excluded") } else { reason })
                }
            };
            total += 1;
            failed += usize::from(!matched);
            out.push(AffinityCheck { kind: AffinityCheckKind::MatchField, term: Some(i), rule: rule_text(expr), matched, reason });
        }
        if let Some(line) = out.get_mut(term_line) {
            line.matched = !invalid && failed == 0;
            line.reason = if invalid {
                "the term has an invalid requirement, so it never matches".to_string()
            } else if failed == 0 {
                "every requirement matches".to_string()
            } else {
                format!("{failed} of {total} requirements do not match")
            };
        }
    }
    out
}
