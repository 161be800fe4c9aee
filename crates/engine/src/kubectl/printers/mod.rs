//! kubectl's printers over the simulated cluster: `get` tables, `describe`, `rollout
//! history` and `-o yaml|json|name`, each a pure function of a [`ClusterState`] and the
//! simulated now, producing kubectl v1.36's exact text. Errors carry kubectl's own
//! message (`Error from server (NotFound): pods "x" not found`).
//!
//! [`ClusterState`]: crate::state::ClusterState

mod age;
mod custom_columns;
mod describe_containers;
mod describe_daemonset;
mod describe_events;
mod describe_node;
mod describe_pod;
mod describe_selection;
mod describe_pod_template;
mod describe_text;
mod describe_volumes;
mod jsonpath;
mod label_columns;
mod get_daemonsets;
mod get_events;
mod get_nodes;
mod get_pods;
mod get_revisions;
mod go_yaml;
mod involved_object;
mod object_output;
mod pod_resources;
mod quantity_text;
mod rollout_history;
mod table;
mod yaml;

#[cfg(test)]
mod test_cluster;
#[cfg(test)]
mod tests_describe;
#[cfg(test)]
mod tests_get;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

pub use custom_columns::CustomColumns;
pub use describe_daemonset::describe_daemonset;
pub use describe_events::event_age;
pub use describe_node::{allocatable_of, allocated_resources, describe_node, AllocatedResource};
pub use describe_pod::describe_pod;
pub use describe_selection::describe_selection;
pub use get_daemonsets::{daemonset_cells, get_daemonsets};
pub use get_events::{event_name, get_events};
pub use get_nodes::get_nodes;
pub use get_pods::{get_pods, pod_status};
pub use get_revisions::get_revisions;
pub use involved_object::InvolvedObject;
pub use label_columns::LabelColumns;
pub use object_output::{list_output, object_output};
pub use rollout_history::{rollout_history, rollout_history_objects};
pub use yaml::{list_json, list_yaml, object_json, object_name, object_yaml};

/// The API server's NotFound as kubectl prints it; `resource` is the plural with its
/// group (`pods`, `daemonsets.apps`).
fn not_found(resource: &str, name: &str) -> String {
    format!("Error from server (NotFound): {resource} \"{name}\" not found")
}

/// What kubectl says when a list comes back empty (on stderr, with nothing on stdout).
fn no_resources_found(namespace: Option<&str>) -> String {
    match namespace {
        Some(ns) => format!("No resources found in {ns} namespace."),
        None => "No resources found".to_string(),
    }
}

/// What `kubectl get` lists: the objects in `namespace` (every namespace when None)
/// named `name` (any name when None).
fn select<'a, T>(objects: impl Iterator<Item = &'a T>, namespace: Option<&str>, name: Option<&str>) -> Vec<&'a T>
where
    T: k8s_openapi::Metadata<Ty = ObjectMeta> + 'a,
{
    objects
        .filter(|o| namespace.is_none_or(|ns| object_namespace(o.metadata()) == ns))
        .filter(|o| name.is_none_or(|n| o.metadata().name.as_deref() == Some(n)))
        .collect()
}

/// kubectl's answer when [`select`] found nothing: NotFound for a named object, else
/// "No resources found".
fn nothing_found(resource: &str, namespace: Option<&str>, name: Option<&str>) -> Result<String, String> {
    match name {
        Some(n) => Err(not_found(resource, n)),
        None => Ok(no_resources_found(namespace)),
    }
}

/// The object's namespace; the API server fills in `default` for objects created without one.
fn object_namespace(meta: &ObjectMeta) -> &str {
    meta.namespace.as_deref().filter(|ns| !ns.is_empty()).unwrap_or("default")
}
