//! What an environment variable may take from its pod and container (the downward
//! API): `validateObjectFieldSelector` with `ConvertDownwardAPIFieldLabel`, and
//! `validateContainerResourceFieldSelector` with `validateContainerResourceDivisor`.
//! DaemonSets lean on these (`spec.nodeName`, `status.hostIP`), so a mistyped path is
//! refused here as the API server refuses it, not left to fail later.

use k8s_openapi::api::core::v1::{ObjectFieldSelector, ResourceFieldSelector};

use super::bad_value::quote;
use super::meta::validate_label_name;
use super::{field, FieldError};
use crate::field_path::FieldPath;
use crate::quantity::parse_quantity;

/// `validEnvDownwardAPIFieldPathExpressions`, sorted as `sets.List` lists them.
const ENV_FIELD_PATHS: &[&str] = &[
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
    "spec.nodeName",
    "spec.serviceAccountName",
    "status.hostIP",
    "status.hostIPs",
    "status.podIP",
    "status.podIPs",
];

/// The pod fields `ConvertDownwardAPIFieldLabel` knows, whatever uses them.
const CONVERTIBLE_FIELD_PATHS: &[&str] = &[
    "metadata.annotations",
    "metadata.labels",
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
    "spec.nodeName",
    "spec.restartPolicy",
    "spec.serviceAccountName",
    "spec.schedulerName",
    "status.phase",
    "status.hostIP",
    "status.hostIPs",
    "status.podIP",
    "status.podIPs",
];

/// `validContainerResourceFieldPathExpressions`, sorted.
const RESOURCE_FIELDS: &[&str] =
    &["limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory"];

/// `fieldpath.SplitMaybeSubscriptedPath`: `metadata.labels['app']` is the path and its key.
fn split_subscript(path: &str) -> Option<(&str, &str)> {
    let inner = path.strip_suffix("']")?;
    let (base, key) = inner.split_once("['")?;
    (!base.is_empty()).then_some((base, key))
}

/// `ConvertDownwardAPIFieldLabel`: the internal path, or why there is none.
fn convert_field_label(api_version: &str, label: &str) -> Result<String, String> {
    if api_version != "v1" {
        return Err(format!("unsupported pod version: {api_version}"));
    }
    if let Some((base, _)) = split_subscript(label) {
        return match base {
            "metadata.annotations" | "metadata.labels" => Ok(label.to_owned()),
            _ => Err(format!("field label does not support subscript: {label}")),
        };
    }
    match label {
        // What old v1 clients sent for the node's name.
        "spec.host" => Ok("spec.nodeName".to_owned()),
        known if CONVERTIBLE_FIELD_PATHS.contains(&known) => Ok(label.to_owned()),
        _ => Err(format!("field label not supported: {label}")),
    }
}

/// `validateObjectFieldSelector` with the paths an environment variable may use.
pub fn validate_env_field_ref(selector: &ObjectFieldSelector, path: &FieldPath) -> Vec<FieldError> {
    let api_version = selector.api_version.as_deref().unwrap_or("");
    if api_version.is_empty() {
        return vec![field::required(&path.child("apiVersion"), "")];
    }
    if selector.field_path.is_empty() {
        return vec![field::required(&path.child("fieldPath"), "")];
    }
    let internal = match convert_field_label(api_version, &selector.field_path) {
        Ok(internal) => internal,
        Err(e) => {
            let detail = format!("error converting fieldPath: {e}");
            return vec![field::invalid(&path.child("fieldPath"), quote(&selector.field_path), &detail)];
        }
    };
    match split_subscript(&internal) {
        Some(("metadata.annotations", key)) => validate_label_name(&key.to_lowercase(), path),
        Some(("metadata.labels", key)) => validate_label_name(key, path),
        Some((base, _)) => vec![field::invalid(path, quote(base), "does not support subscript")],
        None if ENV_FIELD_PATHS.contains(&internal.as_str()) => Vec::new(),
        None => vec![field::not_supported(&path.child("fieldPath"), quote(&internal), ENV_FIELD_PATHS)],
    }
}

/// `validateContainerResourceFieldSelector` for an environment variable (hugepages
/// allowed by prefix), then `validateContainerResourceDivisor`.
pub fn validate_env_resource_field_ref(selector: &ResourceFieldSelector, path: &FieldPath) -> Vec<FieldError> {
    let resource = selector.resource.as_str();
    let mut errs = Vec::new();
    let hugepages = resource.starts_with("requests.hugepages-") || resource.starts_with("limits.hugepages-");
    if resource.is_empty() {
        errs.push(field::required(&path.child("resource"), ""));
    } else if !RESOURCE_FIELDS.contains(&resource) && !hugepages {
        errs.push(field::not_supported(&path.child("resource"), quote(resource), RESOURCE_FIELDS));
    }
    errs.extend(validate_divisor(resource, selector, path));
    errs
}

/// The divisors each resource allows (compared by amount, as upstream compares the
/// canonical forms `1m`, `1`, `1Ki`, ...); an unset or zero divisor means 1.
fn validate_divisor(resource: &str, selector: &ResourceFieldSelector, path: &FieldPath) -> Vec<FieldError> {
    let Some(divisor) = selector.divisor.as_ref().and_then(|d| parse_quantity(&d.0).ok()).filter(|d| !d.is_zero()) else {
        return Vec::new();
    };
    let nano = divisor.nano_value();
    let unit = 1_000_000_000i128;
    let byte_units = || {
        (0..=6).map(|p| unit * 1000i128.pow(p)).chain((1..=6).map(|p| unit * 1024i128.pow(p))).any(|allowed| allowed == nano)
    };
    let (valid, what) = match resource {
        "limits.cpu" | "requests.cpu" => (nano == unit || nano == unit / 1000, "only divisor's values 1m and 1 are supported with the cpu resource"),
        "limits.memory" | "requests.memory" => (byte_units(), "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the memory resource"),
        "limits.ephemeral-storage" | "requests.ephemeral-storage" => (byte_units(), "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the local ephemeral storage resource"),
        r if r.starts_with("requests.hugepages-") || r.starts_with("limits.hugepages-") => (byte_units(), "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the hugepages resource"),
        _ => (true, ""),
    };
    if valid {
        Vec::new()
    } else {
        // Upstream reports the resource's name as the bad value, at `divisor`.
        vec![field::invalid(&path.child("divisor"), quote(resource), what)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_ref(path: &str) -> Vec<String> {
        let selector = ObjectFieldSelector { api_version: Some("v1".into()), field_path: path.into() };
        validate_env_field_ref(&selector, &FieldPath::root().child("fieldRef")).iter().map(ToString::to_string).collect()
    }

    #[test]
    fn env_field_paths() {
        assert!(field_ref("spec.nodeName").is_empty());
        assert!(field_ref("spec.host").is_empty(), "the old name of spec.nodeName converts");
        assert!(field_ref("metadata.labels['app']").is_empty());
        assert_eq!(field_ref("spec.foo"), ["fieldRef.fieldPath: Invalid value: \"spec.foo\": error converting fieldPath: field label not supported: spec.foo"]);
        assert_eq!(
            field_ref("status.phase"),
            ["fieldRef.fieldPath: Unsupported value: \"status.phase\": supported values: \"metadata.name\", \"metadata.namespace\", \"metadata.uid\", \"spec.nodeName\", \"spec.serviceAccountName\", \"status.hostIP\", \"status.hostIPs\", \"status.podIP\", \"status.podIPs\""]
        );
        assert_eq!(
            field_ref("spec.nodeName['x']"),
            ["fieldRef.fieldPath: Invalid value: \"spec.nodeName['x']\": error converting fieldPath: field label does not support subscript: spec.nodeName['x']"]
        );
    }

    fn resource_ref(resource: &str, divisor: Option<&str>) -> Vec<String> {
        let selector = ResourceFieldSelector {
            resource: resource.into(),
            divisor: divisor.map(|d| k8s_openapi::apimachinery::pkg::api::resource::Quantity(d.into())),
            container_name: None,
        };
        validate_env_resource_field_ref(&selector, &FieldPath::root().child("resourceFieldRef")).iter().map(ToString::to_string).collect()
    }

    #[test]
    fn env_resource_fields_and_divisors() {
        assert!(resource_ref("limits.memory", Some("1Mi")).is_empty());
        assert!(resource_ref("requests.cpu", Some("1m")).is_empty());
        assert!(resource_ref("requests.hugepages-2Mi", None).is_empty());
        assert_eq!(
            resource_ref("limits.foo", None),
            ["resourceFieldRef.resource: Unsupported value: \"limits.foo\": supported values: \"limits.cpu\", \"limits.ephemeral-storage\", \"limits.memory\", \"requests.cpu\", \"requests.ephemeral-storage\", \"requests.memory\""]
        );
        assert_eq!(
            resource_ref("requests.cpu", Some("2")),
            ["resourceFieldRef.divisor: Invalid value: \"requests.cpu\": only divisor's values 1m and 1 are supported with the cpu resource"]
        );
    }
}
