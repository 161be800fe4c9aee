//! apps/v1 DaemonSet: `ValidateDaemonSet`, `ValidateDaemonSetSpec`,
//! `ValidateDaemonSetUpdateStrategy`, `ValidateRollingUpdateDaemonSet`, and the update path
//! (`ValidateDaemonSetUpdate` plus the registry strategy's immutable selector).

use std::collections::BTreeMap;

use k8s_openapi::api::apps::v1::{DaemonSet, DaemonSetSpec, DaemonSetUpdateStrategy, RollingUpdateDaemonSet};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{LabelSelector, LabelSelectorRequirement};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

use super::bad_value::{int_or_string, label_selector, quote, string_map, update_strategy};
use super::meta::{validate_object_meta, validate_object_meta_update, NameRule};
use super::pod_spec::validate_pod_template_spec;
use super::selector::{selector_matches, validate_label_selector};
use crate::labels::selector_is_empty;
use super::{field, names, validate_nonnegative, FieldError};
use crate::field_path::FieldPath;

/// `ValidateDaemonSet` (create).
pub fn validate_daemonset(ds: &DaemonSet) -> Vec<FieldError> {
    let mut errs = validate_object_meta(&ds.metadata, true, NameRule::DnsSubdomain, &FieldPath::root().child("metadata"));
    errs.extend(validate_spec_of(ds));
    errs
}

/// `daemonSetStrategy.ValidateUpdate`: metadata update rules, the whole spec again, and
/// (apps/v1) an immutable selector.
pub fn validate_daemonset_update(new: &DaemonSet, old: &DaemonSet) -> Vec<FieldError> {
    let mut errs = validate_object_meta_update(&new.metadata, &old.metadata, &FieldPath::root().child("metadata"));
    errs.extend(validate_spec_of(new));
    let new_selector = new.spec.as_ref().map(|s| &s.selector);
    let old_selector = old.spec.as_ref().map(|s| &s.selector);
    if semantic_selector(new_selector) != semantic_selector(old_selector) {
        let rendered = new_selector.map(label_selector).unwrap_or_else(|| "null".to_owned());
        errs.push(field::invalid(&FieldPath::root().child("spec").child("selector"), rendered, "field is immutable"));
    }
    errs
}

/// A selector as `apiequality.Semantic.DeepEqual` compares it: an empty list or map is
/// the same as none, so re-applying `matchExpressions: []` does not change the selector.
fn semantic_selector(selector: Option<&LabelSelector>) -> Option<LabelSelector> {
    selector.map(|s| LabelSelector {
        match_labels: s.match_labels.clone().filter(|labels| !labels.is_empty()),
        match_expressions: s
            .match_expressions
            .as_ref()
            .map(|exprs| {
                exprs
                    .iter()
                    .map(|e| LabelSelectorRequirement { values: e.values.clone().filter(|v| !v.is_empty()), ..e.clone() })
                    .collect::<Vec<_>>()
            })
            .filter(|exprs| !exprs.is_empty()),
    })
}

/// A DaemonSet without `spec` is validated as upstream's zero spec: a nil selector, which
/// matches nothing, and an empty, defaulted template.
fn validate_spec_of(ds: &DaemonSet) -> Vec<FieldError> {
    let path = FieldPath::root().child("spec");
    match &ds.spec {
        Some(spec) => {
            // k8s-openapi cannot hold a nil selector; both fields unset means none was
            // written (a literal `{}` is kept as `{matchLabels: {}}` by the document layer).
            let written = spec.selector.match_labels.is_some() || spec.selector.match_expressions.is_some();
            validate_daemonset_spec(spec, written.then_some(&spec.selector), &path)
        }
        None => {
            let mut zero = DaemonSet { spec: Some(DaemonSetSpec::default()), ..DaemonSet::default() };
            crate::defaults::default_daemonset(&mut zero);
            match &zero.spec {
                Some(spec) => validate_daemonset_spec(spec, None, &path),
                None => Vec::new(),
            }
        }
    }
}

/// `ValidateDaemonSetSpec`. `selector` is `None` for upstream's nil selector.
fn validate_daemonset_spec(spec: &DaemonSetSpec, selector: Option<&LabelSelector>, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let selector_path = path.child("selector");
    if let Some(selector) = selector {
        errs.extend(validate_label_selector(selector, &selector_path));
    }
    let template_labels = spec.template.metadata.as_ref().and_then(|m| m.labels.as_ref());
    let empty = BTreeMap::new();
    // A nil selector converts to "nothing", which matches no labels.
    let matches = match selector {
        Some(selector) => selector_matches(selector, template_labels.unwrap_or(&empty)),
        None => Some(false),
    };
    if matches == Some(false) {
        errs.push(field::invalid(
            &path.child("template").child("metadata").child("labels"),
            string_map(template_labels),
            "`selector` does not match template `labels`",
        ));
    }
    if let Some(selector) = selector.filter(|s| selector_is_empty(s)) {
        errs.push(field::invalid(&selector_path, label_selector(selector), "empty selector is invalid for daemonset"));
    }
    errs.extend(validate_pod_template_spec(&spec.template, &path.child("template")));
    let pod_spec = spec.template.spec.as_ref();
    let restart_policy = pod_spec.and_then(|s| s.restart_policy.as_deref()).unwrap_or("");
    if restart_policy != "Always" {
        errs.push(field::not_supported(
            &path.child("template").child("spec").child("restartPolicy"),
            quote(restart_policy),
            &["Always"],
        ));
    }
    if pod_spec.and_then(|s| s.active_deadline_seconds).is_some() {
        errs.push(field::forbidden(
            &path.child("template").child("spec").child("activeDeadlineSeconds"),
            "activeDeadlineSeconds in DaemonSet is not Supported",
        ));
    }
    errs.extend(validate_nonnegative(i64::from(spec.min_ready_seconds.unwrap_or(0)), &path.child("minReadySeconds")));
    errs.extend(validate_update_strategy(spec.update_strategy.as_ref(), &path.child("updateStrategy")));
    if let Some(limit) = spec.revision_history_limit {
        errs.extend(validate_nonnegative(i64::from(limit), &path.child("revisionHistoryLimit")));
    }
    errs
}

/// `ValidateDaemonSetUpdateStrategy`.
fn validate_update_strategy(strategy: Option<&DaemonSetUpdateStrategy>, path: &FieldPath) -> Vec<FieldError> {
    let default_strategy = DaemonSetUpdateStrategy::default();
    let strategy = strategy.unwrap_or(&default_strategy);
    match strategy.type_.as_deref().unwrap_or("") {
        "OnDelete" => Vec::new(),
        "RollingUpdate" => match &strategy.rolling_update {
            None => vec![field::required(&path.child("rollingUpdate"), "")],
            Some(rolling) => validate_rolling_update(rolling, &path.child("rollingUpdate")),
        },
        _ => vec![field::not_supported(path, update_strategy(strategy), &["RollingUpdate", "OnDelete"])],
    }
}

/// `getPercentValue`: the number of a valid percent string.
fn percent_value(value: &IntOrString) -> Option<i64> {
    match value {
        IntOrString::String(s) if names::is_valid_percent(s).is_empty() => {
            let digits = s.strip_suffix('%').unwrap_or(s);
            // strconv.Atoi saturates on overflow.
            Some(digits.parse::<i64>().unwrap_or(i64::MAX))
        }
        _ => None,
    }
}

/// `getIntOrPercentValue`: a percent's number, else `IntValue()` (a non-percent string
/// parses as an integer, or 0).
fn int_or_percent_value(value: &IntOrString) -> i64 {
    match (percent_value(value), value) {
        (Some(p), _) => p,
        (None, IntOrString::Int(i)) => i64::from(*i),
        (None, IntOrString::String(s)) => s.parse::<i64>().unwrap_or(0),
    }
}

/// `ValidatePositiveIntOrPercent`.
fn validate_positive_int_or_percent(value: &IntOrString, path: &FieldPath) -> Vec<FieldError> {
    match value {
        IntOrString::String(s) => names::is_valid_percent(s)
            .into_iter()
            .map(|msg| field::invalid(path, int_or_string(value), &msg))
            .collect(),
        IntOrString::Int(i) => validate_nonnegative(i64::from(*i), path),
    }
}

/// `IsNotMoreThan100Percent`.
fn is_not_more_than_100_percent(value: &IntOrString, path: &FieldPath) -> Vec<FieldError> {
    match percent_value(value) {
        Some(p) if p > 100 => vec![field::invalid(path, int_or_string(value), "must not be greater than 100%")],
        _ => Vec::new(),
    }
}

/// `ValidateRollingUpdateDaemonSet`: each an int or percent, at most 100%, and exactly one
/// of maxSurge and maxUnavailable non-zero.
fn validate_rolling_update(rolling: &RollingUpdateDaemonSet, path: &FieldPath) -> Vec<FieldError> {
    let zero = IntOrString::Int(0);
    let max_unavailable = rolling.max_unavailable.as_ref().unwrap_or(&zero);
    let max_surge = rolling.max_surge.as_ref().unwrap_or(&zero);
    let unavailable_path = path.child("maxUnavailable");
    let surge_path = path.child("maxSurge");
    let mut errs = validate_positive_int_or_percent(max_unavailable, &unavailable_path);
    errs.extend(validate_positive_int_or_percent(max_surge, &surge_path));
    errs.extend(is_not_more_than_100_percent(max_unavailable, &unavailable_path));
    errs.extend(is_not_more_than_100_percent(max_surge, &surge_path));
    let has_unavailable = int_or_percent_value(max_unavailable) != 0;
    let has_surge = int_or_percent_value(max_surge) != 0;
    if has_unavailable && has_surge {
        errs.push(field::invalid(&surge_path, int_or_string(max_surge), "may not be set when maxUnavailable is non-zero"));
    } else if !has_unavailable && !has_surge {
        errs.push(field::required(&unavailable_path, "cannot be 0 when maxSurge is 0"));
    }
    errs
}
