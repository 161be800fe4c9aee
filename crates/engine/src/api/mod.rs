//! The API server: the object store and the side effects of every write
//! (defaulting, validation, generation, generateName, graceful deletion), and the
//! list of changes that the informers of the other components then observe.

mod change;
mod errors;
mod event_correlator;
mod names;
pub mod patch;
pub mod priority_admission;
mod runtime_class_admission;
mod service_account_admission;
mod store;

pub use change::Change;
pub use errors::ApiError;
pub use names::NameGenerator;
pub use store::{Api, APPLY_LATER_ANNOTATION, TEMPLATE_GENERATION_ANNOTATION};

/// `namespace/name`, the key of a namespaced object in [`crate::state::ClusterState`].
pub fn key(namespace: Option<&str>, name: &str) -> String {
    format!("{}/{}", namespace.unwrap_or("default"), name)
}

/// The store key of an object from its metadata.
pub fn meta_key(meta: &k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta) -> String {
    key(meta.namespace.as_deref(), meta.name.as_deref().unwrap_or(""))
}

/// `metav1.GetControllerOf`: the owner reference with `controller: true`.
pub fn controller_of(
    meta: &k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta,
) -> Option<&k8s_openapi::apimachinery::pkg::apis::meta::v1::OwnerReference> {
    meta.owner_references.iter().flatten().find(|o| o.controller == Some(true))
}

/// The name part of a store key (`kube-system/agent` → `agent`).
pub fn name_of(object_key: &str) -> &str {
    object_key.rsplit('/').next().unwrap_or(object_key)
}
