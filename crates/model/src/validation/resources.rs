//! Container resources: `ValidateContainerResourceRequirements` (names, quantities,
//! requests against limits).

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::ResourceRequirements;
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;

use super::bad_value::{json_string, quote};
use super::names;
use super::quantity::ParsedQuantity;
use super::{field, FieldError};
use crate::field_path::FieldPath;

/// `helper.IsStandardResourceName` for names without a `/`.
const STANDARD_RESOURCES: &[&str] = &[
    "cpu",
    "memory",
    "ephemeral-storage",
    "requests.cpu",
    "requests.memory",
    "requests.ephemeral-storage",
    "limits.cpu",
    "limits.memory",
    "limits.ephemeral-storage",
    "pods",
    "services",
    "replicationcontrollers",
    "resourcequotas",
    "secrets",
    "configmaps",
    "persistentvolumeclaims",
    "storage",
    "requests.storage",
    "services.nodeports",
    "services.loadbalancers",
];

fn is_hugepages(name: &str) -> bool {
    name.starts_with("hugepages-")
}

/// `helper.IsNativeResource`: no domain, or one in `kubernetes.io/`.
fn is_native(name: &str) -> bool {
    !name.contains('/') || name.contains("kubernetes.io/")
}

/// `helper.IsOvercommitAllowed`: native resources other than hugepages.
fn is_overcommit_allowed(name: &str) -> bool {
    is_native(name) && !is_hugepages(name)
}

/// `helper.IsExtendedResourceName`: not native, not a quota's `requests.` name, and still a
/// qualified name once quota puts `requests.` in front of it.
fn is_extended_resource_name(name: &str) -> bool {
    !is_native(name) && !name.starts_with("requests.") && names::is_qualified_name(&format!("requests.{name}")).is_empty()
}

/// `helper.integerResources`: the standard resources counted in whole objects.
const INTEGER_RESOURCES: &[&str] = &[
    "pods",
    "resourcequotas",
    "services",
    "replicationcontrollers",
    "secrets",
    "configmaps",
    "persistentvolumeclaims",
    "services.nodeports",
    "services.loadbalancers",
];

/// `helper.IsIntegerResourceName`.
fn is_integer_resource(name: &str) -> bool {
    INTEGER_RESOURCES.contains(&name) || is_extended_resource_name(name)
}

/// `validateContainerResourceName`.
fn validate_resource_name(name: &str, path: &FieldPath) -> Vec<FieldError> {
    let mut errs: Vec<FieldError> = names::is_qualified_name(name)
        .into_iter()
        .map(|msg| field::invalid(path, quote(name), &msg))
        .collect();
    if !errs.is_empty() {
        return errs;
    }
    if !name.contains('/') {
        if !STANDARD_RESOURCES.contains(&name) && !is_hugepages(name) && !name.starts_with("requests.hugepages-") {
            errs.push(field::invalid(path, quote(name), "must be a standard resource type or fully qualified"));
        }
        if !["cpu", "memory", "ephemeral-storage"].contains(&name) && !is_hugepages(name) {
            errs.push(field::invalid(path, quote(name), "must be a standard resource for containers"));
        }
    } else if !is_native(name) && !is_extended_resource_name(name) {
        errs.push(field::invalid(path, quote(name), "doesn't follow extended resource name standard"));
    }
    errs
}

/// Parses one quantity, reporting the parse error at its key. A manifest never gets here
/// with one (decoding refuses it, as `Quantity.UnmarshalJSON` does); an object built in
/// memory might.
fn parse_quantity(q: &Quantity, path: &FieldPath, errs: &mut Vec<FieldError>) -> Option<ParsedQuantity> {
    match ParsedQuantity::parse(&q.0) {
        Ok(parsed) => Some(parsed),
        Err(msg) => {
            errs.push(field::invalid(path, quote(&q.0), msg));
            None
        }
    }
}

/// `ValidateResourceQuantityValue`: not negative, whole for integer resources.
pub(super) fn validate_quantity_value(name: &str, q: &ParsedQuantity, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if q.is_negative() {
        errs.push(field::invalid(path, quote(&q.canonical()), names::IS_NEGATIVE_ERROR_MSG));
    }
    if is_integer_resource(name) && !q.is_integer() {
        // Upstream passes the Quantity itself, which marshals as its quoted canonical form.
        errs.push(field::invalid(path, json_string(&q.canonical()), "must be an integer"));
    }
    errs
}

/// `validateResourceRequirements` for a container.
pub fn validate_container_resources(req: Option<&ResourceRequirements>, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let empty = BTreeMap::new();
    let limits = req.and_then(|r| r.limits.as_ref()).unwrap_or(&empty);
    let requests = req.and_then(|r| r.requests.as_ref()).unwrap_or(&empty);
    let lim_path = path.child("limits");
    let req_path = path.child("requests");
    let mut cpu_or_memory = false;
    let mut hugepages = false;
    let mut parsed_limits = BTreeMap::new();
    for (name, quantity) in limits {
        let key_path = lim_path.key(name);
        errs.extend(validate_resource_name(name, &key_path));
        if let Some(parsed) = parse_quantity(quantity, &key_path, &mut errs) {
            errs.extend(validate_quantity_value(name, &parsed, &key_path));
            parsed_limits.insert(name.as_str(), parsed);
        }
        hugepages |= is_hugepages(name);
        cpu_or_memory |= name == "cpu" || name == "memory";
    }
    for (name, quantity) in requests {
        let key_path = req_path.key(name);
        errs.extend(validate_resource_name(name, &key_path));
        let Some(parsed) = parse_quantity(quantity, &key_path, &mut errs) else { continue };
        errs.extend(validate_quantity_value(name, &parsed, &key_path));
        match parsed_limits.get(name.as_str()) {
            Some(limit) => {
                let ordering = parsed.cmp(limit);
                if ordering.is_ne() && !is_overcommit_allowed(name) {
                    errs.push(field::invalid(
                        &req_path,
                        quote(&parsed.canonical()),
                        &format!("must be equal to {name} limit of {}", limit.canonical()),
                    ));
                } else if ordering.is_gt() {
                    errs.push(field::invalid(
                        &req_path,
                        quote(&parsed.canonical()),
                        &format!("must be less than or equal to {name} limit of {}", limit.canonical()),
                    ));
                }
            }
            None if !limits.contains_key(name) && !is_overcommit_allowed(name) => {
                errs.push(field::required(&lim_path, "Limit must be set for non overcommitable resources"));
            }
            None => {}
        }
        hugepages |= is_hugepages(name);
        cpu_or_memory |= name == "cpu" || name == "memory";
    }
    if hugepages && !cpu_or_memory {
        errs.push(field::forbidden(path, "HugePages require cpu or memory"));
    }
    errs
}
