//! ObjectMeta, labels and annotations: apimachinery's `ValidateObjectMeta`,
//! `ValidateLabels`, `ValidateLabelName` and `ValidateAnnotations`.

use std::collections::BTreeMap;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

use super::bad_value::quote;
use super::names;
use super::{field, validate_nonnegative, FieldError};
use crate::field_path::FieldPath;

/// `TotalAnnotationSizeLimitB`.
const TOTAL_ANNOTATION_SIZE_LIMIT_B: usize = 256 * 1024;

/// `ValidateLabelName`.
pub fn validate_label_name(name: &str, path: &FieldPath) -> Vec<FieldError> {
    names::is_qualified_name(name)
        .into_iter()
        .map(|msg| field::invalid(path, quote(name), &msg))
        .collect()
}

/// `ValidateLabels`: every key a qualified name, every value a label value. Errors are
/// reported at the map's path, not the key's, as upstream does.
pub fn validate_labels(labels: Option<&BTreeMap<String, String>>, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (key, value) in labels.into_iter().flatten() {
        errs.extend(validate_label_name(key, path));
        for msg in names::is_valid_label_value(value) {
            errs.push(field::invalid(path, quote(value), &msg));
        }
    }
    errs
}

/// `ValidateAnnotations`: keys are qualified names (case-insensitive), total size at most 256 KiB.
pub fn validate_annotations(annotations: Option<&BTreeMap<String, String>>, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut total = 0usize;
    for (key, value) in annotations.into_iter().flatten() {
        for msg in names::is_qualified_name(&key.to_lowercase()) {
            errs.push(field::invalid(path, quote(key), &msg));
        }
        total = total.saturating_add(key.len()).saturating_add(value.len());
    }
    if total > TOTAL_ANNOTATION_SIZE_LIMIT_B {
        errs.push(field::too_long(path, TOTAL_ANNOTATION_SIZE_LIMIT_B));
    }
    errs
}

/// How an object's name is checked (`ValidateNameFunc`).
#[derive(Clone, Copy)]
pub enum NameRule {
    /// `NameIsDNSSubdomain` (DaemonSet, Pod, Node).
    DnsSubdomain,
}

impl NameRule {
    fn check(self, name: &str, is_prefix: bool) -> Vec<String> {
        match (self, is_prefix) {
            (NameRule::DnsSubdomain, false) => names::name_is_dns_subdomain(name),
            (NameRule::DnsSubdomain, true) => names::generate_name_is_dns_subdomain(name),
        }
    }
}

/// `ValidateObjectMeta` (create): generateName, name, namespace, generation, labels,
/// annotations and finalizers.
pub fn validate_object_meta(
    meta: &ObjectMeta,
    requires_namespace: bool,
    rule: NameRule,
    path: &FieldPath,
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if let Some(generate_name) = meta.generate_name.as_deref().filter(|g| !g.is_empty()) {
        for msg in rule.check(generate_name, true) {
            errs.push(field::invalid(&path.child("generateName"), quote(generate_name), &msg));
        }
    }
    match meta.name.as_deref().filter(|n| !n.is_empty()) {
        None => errs.push(field::required(&path.child("name"), "name or generateName is required")),
        Some(name) => {
            for msg in rule.check(name, false) {
                errs.push(field::invalid(&path.child("name"), quote(name), &msg));
            }
        }
    }
    errs.extend(validate_meta_common(meta, requires_namespace, path));
    // core's validateKubeFinalizerName: an unprefixed finalizer must be a standard one.
    for (i, finalizer) in meta.finalizers.iter().flatten().enumerate() {
        if !finalizer.contains('/') && !["kubernetes", "orphan", "foregroundDeletion"].contains(&finalizer.as_str()) {
            errs.push(field::invalid(
                &path.child("finalizers").index(i),
                quote(finalizer),
                "name is neither a standard finalizer name nor is it fully qualified",
            ));
        }
    }
    errs
}

/// The checks `ValidateObjectMeta` shares with the update path.
fn validate_meta_common(meta: &ObjectMeta, requires_namespace: bool, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let namespace = meta.namespace.as_deref().unwrap_or("");
    if requires_namespace {
        if namespace.is_empty() {
            errs.push(field::required(&path.child("namespace"), ""));
        } else {
            // ValidateNamespaceName is NameIsDNSLabel.
            for msg in names::is_dns1123_label(namespace) {
                errs.push(field::invalid(&path.child("namespace"), quote(namespace), &msg));
            }
        }
    } else if !namespace.is_empty() {
        errs.push(field::forbidden(&path.child("namespace"), "not allowed on this type"));
    }
    errs.extend(validate_nonnegative(meta.generation.unwrap_or(0), &path.child("generation")));
    errs.extend(validate_labels(meta.labels.as_ref(), &path.child("labels")));
    errs.extend(validate_annotations(meta.annotations.as_ref(), &path.child("annotations")));
    for finalizer in meta.finalizers.iter().flatten() {
        for msg in names::is_qualified_name(finalizer) {
            errs.push(field::invalid(&path.child("finalizers"), quote(finalizer), &msg));
        }
    }
    errs
}

/// `ValidateObjectMetaUpdate`, for the fields a manifest can carry: name and namespace are
/// immutable; labels and annotations are validated again.
pub fn validate_object_meta_update(new: &ObjectMeta, old: &ObjectMeta, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let generation = |m: &ObjectMeta| m.generation.unwrap_or(0);
    if generation(new) < generation(old) {
        errs.push(field::invalid(&path.child("generation"), generation(new).to_string(), "must not be decremented"));
    }
    let name = |m: &ObjectMeta| m.name.clone().unwrap_or_default();
    if name(new) != name(old) {
        errs.push(field::invalid(&path.child("name"), quote(&name(new)), "field is immutable"));
    }
    let namespace = |m: &ObjectMeta| m.namespace.clone().unwrap_or_default();
    if namespace(new) != namespace(old) {
        errs.push(field::invalid(&path.child("namespace"), quote(&namespace(new)), "field is immutable"));
    }
    errs.extend(validate_labels(new.labels.as_ref(), &path.child("labels")));
    errs.extend(validate_annotations(new.annotations.as_ref(), &path.child("annotations")));
    errs
}
