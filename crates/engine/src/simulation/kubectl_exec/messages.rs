//! kubectl's words for an object that is not found or was deleted, and for a
//! `namespace/name` key.

use super::DeleteFlags;
use crate::api::{name_of, ApiError};

/// A store key's namespace and name; a key without a namespace is in `default`.
pub(super) fn split_key(object_key: &str) -> (&str, &str) {
    object_key.split_once('/').unwrap_or(("default", object_key))
}

pub(super) fn not_found_ds(ds_key: &str) -> String {
    ApiError::NotFound { resource: "daemonsets.apps".into(), name: name_of(ds_key).into() }.to_string()
}

pub(super) fn not_found_pod(pod_key: &str) -> String {
    ApiError::NotFound { resource: "pods".into(), name: name_of(pod_key).into() }.to_string()
}

/// kubectl delete's line: since kubectl 1.34 it names the namespace of a namespaced object.
pub(super) fn deleted_message(resource: &str, key: &str, flags: &DeleteFlags) -> String {
    let (namespace, name) = split_key(key);
    format!("{resource} \"{name}\" {} from {namespace} namespace", flags.verb())
}

/// `None` for a NotFound that `--ignore-not-found` forgives.
pub(super) fn forgiven<T>(result: Result<T, String>, flags: &DeleteFlags) -> Result<Option<T>, String> {
    match result {
        Ok(found) => Ok(Some(found)),
        Err(error) if flags.ignore_not_found && error.starts_with("Error from server (NotFound)") => Ok(None),
        Err(error) => Err(error),
    }
}
