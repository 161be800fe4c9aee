//! Tolerations and taints: `ValidateTolerations`, `validateNodeTaints`, `validateTaintEffect`.

use std::collections::{BTreeMap, BTreeSet};

use k8s_openapi::api::core::v1::{Taint, Toleration};

use super::bad_value::{quote, taint as taint_value, toleration as toleration_value};
use super::meta::validate_label_name;
use super::{field, names, FieldError};
use crate::field_path::FieldPath;

/// `validateTaintEffect`.
fn validate_taint_effect(effect: &str, allow_empty: bool, path: &FieldPath) -> Vec<FieldError> {
    if !allow_empty && effect.is_empty() {
        return vec![field::required(path, "")];
    }
    match effect {
        "NoSchedule" | "PreferNoSchedule" | "NoExecute" => Vec::new(),
        other => vec![field::not_supported(path, quote(other), &["NoSchedule", "PreferNoSchedule", "NoExecute"])],
    }
}

/// `ValidateTolerations` (the TaintTolerationComparisonOperators gate is off in 1.36, so
/// only Equal and Exists are supported).
pub fn validate_tolerations(tolerations: &[Toleration], path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (i, toleration) in tolerations.iter().enumerate() {
        let idx = path.index(i);
        let key = toleration.key.as_deref().unwrap_or("");
        let operator = toleration.operator.as_deref().unwrap_or("");
        let value = toleration.value.as_deref().unwrap_or("");
        let effect = toleration.effect.as_deref().unwrap_or("");
        if !key.is_empty() {
            errs.extend(validate_label_name(key, &idx.child("key")));
        }
        if key.is_empty() && operator != "Exists" {
            errs.push(field::invalid(
                &idx.child("operator"),
                quote(operator),
                "operator must be Exists when `key` is empty, which means \"match all values and all keys\"",
            ));
        }
        if toleration.toleration_seconds.is_some() && effect != "NoExecute" {
            errs.push(field::invalid(
                &idx.child("effect"),
                quote(effect),
                "effect must be 'NoExecute' when `tolerationSeconds` is set",
            ));
        }
        match operator {
            "Equal" | "" => {
                let msgs = names::is_valid_label_value(value);
                if !msgs.is_empty() {
                    errs.push(field::invalid(&idx.child("operator"), quote(value), &msgs.join(";")));
                }
            }
            "Exists" => {
                if !value.is_empty() {
                    // Upstream passes the whole toleration as the bad value.
                    errs.push(field::invalid(
                        &idx.child("operator"),
                        toleration_value(toleration),
                        "value must be empty when `operator` is 'Exists'",
                    ));
                }
            }
            other => errs.push(field::not_supported(&idx.child("operator"), quote(other), &["Equal", "Exists"])),
        }
        if !effect.is_empty() {
            errs.extend(validate_taint_effect(effect, true, &idx.child("effect")));
        }
    }
    errs
}

/// `validateNodeTaints`: key, value, effect, and no two taints with the same key and effect.
pub fn validate_node_taints(taints: &[Taint], path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut seen: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (i, taint) in taints.iter().enumerate() {
        let idx = path.index(i);
        errs.extend(validate_label_name(&taint.key, &idx.child("key")));
        let value = taint.value.as_deref().unwrap_or("");
        let msgs = names::is_valid_label_value(value);
        if !msgs.is_empty() {
            errs.push(field::invalid(&idx.child("value"), quote(value), &msgs.join(";")));
        }
        errs.extend(validate_taint_effect(&taint.effect, false, &idx.child("effect")));
        let keys = seen.entry(taint.effect.as_str()).or_default();
        if keys.contains(taint.key.as_str()) {
            let mut duplicate = field::duplicate(&idx, taint_value(taint));
            duplicate.detail = "taints must be unique by key and effect pair".to_owned();
            errs.push(duplicate);
            continue;
        }
        keys.insert(taint.key.as_str());
    }
    errs
}
