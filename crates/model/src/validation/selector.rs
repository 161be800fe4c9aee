//! Label selectors as the API server validates and evaluates them:
//! `ValidateLabelSelector` and `LabelSelectorAsSelector(...).Matches(...)`.

use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{LabelSelector, LabelSelectorRequirement};

use super::bad_value::quote;
use super::meta::{validate_label_name, validate_labels};
use super::{field, names, FieldError};
use crate::field_path::FieldPath;

/// `ValidateLabelSelector` with `AllowInvalidLabelValueInSelector: false` (a create).
pub fn validate_label_selector(selector: &LabelSelector, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = validate_labels(selector.match_labels.as_ref(), &path.child("matchLabels"));
    for (i, requirement) in selector.match_expressions.iter().flatten().enumerate() {
        errs.extend(validate_requirement(requirement, &path.child("matchExpressions").index(i)));
    }
    errs
}

/// `ValidateLabelSelectorRequirement`.
fn validate_requirement(r: &LabelSelectorRequirement, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let values = r.values.as_deref().unwrap_or(&[]);
    match r.operator.as_str() {
        "In" | "NotIn" => {
            if values.is_empty() {
                errs.push(field::required(
                    &path.child("values"),
                    "must be specified when `operator` is 'In' or 'NotIn'",
                ));
            }
        }
        "Exists" | "DoesNotExist" => {
            if !values.is_empty() {
                errs.push(field::forbidden(
                    &path.child("values"),
                    "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
                ));
            }
        }
        other => errs.push(field::invalid(&path.child("operator"), quote(other), "not a valid selector operator")),
    }
    errs.extend(validate_label_name(&r.key, &path.child("key")));
    for (i, value) in values.iter().enumerate() {
        for msg in names::is_valid_label_value(value) {
            errs.push(field::invalid(&path.child("values").index(i), quote(value), &msg));
        }
    }
    errs
}

/// `LabelSelectorAsSelector(selector).Matches(labels)`. `None` when the selector does not
/// convert (upstream's `err != nil`): an unknown operator, a bad key or value, or an In /
/// NotIn without values.
pub fn selector_matches(selector: &LabelSelector, labels: &BTreeMap<String, String>) -> Option<bool> {
    let mut matches = true;
    for (key, value) in selector.match_labels.iter().flatten() {
        if !names::is_qualified_name(key).is_empty() || !names::is_valid_label_value(value).is_empty() {
            return None;
        }
        matches &= labels.get(key) == Some(value);
    }
    for r in selector.match_expressions.iter().flatten() {
        if !names::is_qualified_name(&r.key).is_empty() {
            return None;
        }
        let values = r.values.as_deref().unwrap_or(&[]);
        if values.iter().any(|v| !names::is_valid_label_value(v).is_empty()) {
            return None;
        }
        let present = labels.get(&r.key);
        let holds = match r.operator.as_str() {
            "In" if !values.is_empty() => present.is_some_and(|v| values.contains(v)),
            "NotIn" if !values.is_empty() => present.is_none_or(|v| !values.contains(v)),
            "Exists" if values.is_empty() => present.is_some(),
            "DoesNotExist" if values.is_empty() => present.is_none(),
            _ => return None,
        };
        matches &= holds;
    }
    Some(matches)
}
