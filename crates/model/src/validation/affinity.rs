//! Node and pod affinity: `validateAffinity`, `ValidateNodeSelector`,
//! `ValidateNodeSelectorRequirement`, `ValidateNodeFieldSelectorRequirement`,
//! `ValidatePreferredSchedulingTerms`, `validatePodAffinityTerm`.

use k8s_openapi::api::core::v1::{
    Affinity, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodAffinityTerm,
    WeightedPodAffinityTerm,
};

use super::bad_value::quote;
use super::meta::validate_label_name;
use super::selector::validate_label_selector;
use super::{field, names, FieldError};
use crate::field_path::FieldPath;

/// `ValidateNodeSelectorRequirement` (matchExpressions on node labels).
fn validate_node_selector_requirement(
    rq: &NodeSelectorRequirement,
    allow_invalid_label_value: bool,
    path: &FieldPath,
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let values = rq.values.as_deref().unwrap_or(&[]);
    match rq.operator.as_str() {
        "In" | "NotIn" => {
            if values.is_empty() {
                errs.push(field::required(&path.child("values"), "must be specified when `operator` is 'In' or 'NotIn'"));
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
        "Gt" | "Lt" => {
            if values.len() != 1 {
                errs.push(field::required(
                    &path.child("values"),
                    "must be specified single value when `operator` is 'Lt' or 'Gt'",
                ));
            }
        }
        other => errs.push(field::invalid(&path.child("operator"), quote(other), "not a valid selector operator")),
    }
    errs.extend(validate_label_name(&rq.key, &path.child("key")));
    if !allow_invalid_label_value {
        for (i, value) in values.iter().enumerate() {
            for msg in names::is_valid_label_value(value) {
                errs.push(field::invalid(&path.child("values").index(i), quote(value), &msg));
            }
        }
    }
    errs
}

/// `ValidateNodeFieldSelectorRequirement` (matchFields: only `metadata.name`).
fn validate_node_field_selector_requirement(rq: &NodeSelectorRequirement, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let values = rq.values.as_deref().unwrap_or(&[]);
    match rq.operator.as_str() {
        "In" | "NotIn" => {
            if values.len() != 1 {
                errs.push(field::required(
                    &path.child("values"),
                    "must be only one value when `operator` is 'In' or 'NotIn' for node field selector",
                ));
            }
        }
        other => errs.push(field::invalid(&path.child("operator"), quote(other), "not a valid selector operator")),
    }
    if rq.key != "metadata.name" {
        errs.push(field::invalid(&path.child("key"), quote(&rq.key), "not a valid field selector key"));
    } else {
        for (i, value) in values.iter().enumerate() {
            for msg in names::name_is_dns_subdomain(value) {
                errs.push(field::invalid(&path.child("values").index(i), quote(value), &msg));
            }
        }
    }
    errs
}

/// `ValidateNodeSelectorTerm`.
fn validate_node_selector_term(term: &NodeSelectorTerm, allow_invalid: bool, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (j, rq) in term.match_expressions.iter().flatten().enumerate() {
        errs.extend(validate_node_selector_requirement(rq, allow_invalid, &path.child("matchExpressions").index(j)));
    }
    for (j, rq) in term.match_fields.iter().flatten().enumerate() {
        errs.extend(validate_node_field_selector_requirement(rq, &path.child("matchFields").index(j)));
    }
    errs
}

/// `ValidateNodeSelector`: at least one term.
fn validate_node_selector(selector: &NodeSelector, path: &FieldPath) -> Vec<FieldError> {
    let terms_path = path.child("nodeSelectorTerms");
    if selector.node_selector_terms.is_empty() {
        return vec![field::required(&terms_path, "must have at least one node selector term")];
    }
    let mut errs = Vec::new();
    for (i, term) in selector.node_selector_terms.iter().enumerate() {
        errs.extend(validate_node_selector_term(term, false, &terms_path.index(i)));
    }
    errs
}

/// `validateNodeAffinity`.
fn validate_node_affinity(na: &NodeAffinity, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if let Some(required) = &na.required_during_scheduling_ignored_during_execution {
        errs.extend(validate_node_selector(required, &path.child("requiredDuringSchedulingIgnoredDuringExecution")));
    }
    let preferred_path = path.child("preferredDuringSchedulingIgnoredDuringExecution");
    for (i, term) in na.preferred_during_scheduling_ignored_during_execution.iter().flatten().enumerate() {
        if term.weight <= 0 || term.weight > 100 {
            errs.push(field::invalid(&preferred_path.index(i).child("weight"), term.weight.to_string(), "must be in the range 1-100"));
        }
        // Preferred terms always allow invalid label values: they can still match one node.
        errs.extend(validate_node_selector_term(&term.preference, true, &preferred_path.index(i).child("preference")));
    }
    errs
}

/// `validatePodAffinityTerm`: selector, namespaces, topologyKey.
fn validate_pod_affinity_term(term: &PodAffinityTerm, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if let Some(selector) = &term.label_selector {
        errs.extend(validate_label_selector(selector, &path.child("labelSelector")));
    }
    if let Some(selector) = &term.namespace_selector {
        errs.extend(validate_label_selector(selector, &path.child("namespaceSelector")));
    }
    for namespace in term.namespaces.iter().flatten() {
        for msg in names::is_dns1123_label(namespace) {
            errs.push(field::invalid(&path.child("namespace"), quote(namespace), &msg));
        }
    }
    if term.topology_key.is_empty() {
        errs.push(field::required(&path.child("topologyKey"), "can not be empty"));
    }
    errs.extend(validate_label_name(&term.topology_key, &path.child("topologyKey")));
    errs
}

fn validate_pod_affinity_terms(
    required: Option<&Vec<PodAffinityTerm>>,
    preferred: Option<&Vec<WeightedPodAffinityTerm>>,
    path: &FieldPath,
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let required_path = path.child("requiredDuringSchedulingIgnoredDuringExecution");
    for (i, term) in required.into_iter().flatten().enumerate() {
        errs.extend(validate_pod_affinity_term(term, &required_path.index(i)));
    }
    let preferred_path = path.child("preferredDuringSchedulingIgnoredDuringExecution");
    for (j, weighted) in preferred.into_iter().flatten().enumerate() {
        if weighted.weight <= 0 || weighted.weight > 100 {
            errs.push(field::invalid(&preferred_path.index(j).child("weight"), weighted.weight.to_string(), "must be in the range 1-100"));
        }
        errs.extend(validate_pod_affinity_term(&weighted.pod_affinity_term, &preferred_path.index(j).child("podAffinityTerm")));
    }
    errs
}

/// `validateAffinity`.
pub fn validate_affinity(affinity: Option<&Affinity>, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let Some(affinity) = affinity else { return errs };
    if let Some(na) = &affinity.node_affinity {
        errs.extend(validate_node_affinity(na, &path.child("nodeAffinity")));
    }
    if let Some(pa) = &affinity.pod_affinity {
        errs.extend(validate_pod_affinity_terms(
            pa.required_during_scheduling_ignored_during_execution.as_ref(),
            pa.preferred_during_scheduling_ignored_during_execution.as_ref(),
            &path.child("podAffinity"),
        ));
    }
    if let Some(paa) = &affinity.pod_anti_affinity {
        errs.extend(validate_pod_affinity_terms(
            paa.required_during_scheduling_ignored_during_execution.as_ref(),
            paa.preferred_during_scheduling_ignored_during_execution.as_ref(),
            &path.child("podAntiAffinity"),
        ));
    }
    errs
}
