//! `kubectl get <resource> [<name>] -o yaml|json|name|jsonpath=|custom-columns=`: finds the objects and hands them
//! to the printers in [`super::yaml`].

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use k8s_openapi::{Metadata, Resource as ApiResource};
use serde::Serialize;

use crate::kubectl::command::Resource;
use crate::kubelet::node_as_reported;
use k8s_openapi::api::core::v1::Node;
use crate::state::{ClusterState, Stored};

use super::custom_columns::CustomColumns;
use super::yaml::{list_json, list_yaml, object_json, object_name, object_yaml};
use super::{no_resources_found, not_found, object_namespace};

/// One named object, as read at `now_ms`; `namespace` is `None` with `--all-namespaces`.
pub fn object_output(
    state: &ClusterState,
    resource: Resource,
    namespace: Option<&str>,
    name: &str,
    format: &str,
    now_ms: u64,
) -> Result<String, String> {
    match resource {
        Resource::Pod => one(state.pods.values().map(|p| p.as_ref()), "pods", namespace, name, format),
        Resource::DaemonSet => one(state.daemonsets.values().map(Stored::object), "daemonsets.apps", namespace, name, format),
        Resource::ControllerRevision => {
            one(state.revisions.values().map(Stored::object), "controllerrevisions.apps", namespace, name, format)
        }
        Resource::Node => one(reported_nodes(state, now_ms).iter(), "nodes", None, name, format),
        Resource::Event => Err(events_unavailable(format)),
    }
}

/// Every object of the resource in the namespace (all namespaces for `None`), as read
/// at `now_ms`.
pub fn list_output(
    state: &ClusterState,
    resource: Resource,
    namespace: Option<&str>,
    format: &str,
    now_ms: u64,
) -> Result<String, String> {
    match resource {
        Resource::Pod => many(state.pods.values().map(|p| p.as_ref()), namespace, format),
        Resource::DaemonSet => many(state.daemonsets.values().map(Stored::object), namespace, format),
        Resource::ControllerRevision => many(state.revisions.values().map(Stored::object), namespace, format),
        Resource::Node => many(reported_nodes(state, now_ms).iter(), None, format),
        Resource::Event => Err(events_unavailable(format)),
    }
}

/// The nodes with the heartbeats their kubelets have posted by `now_ms`.
fn reported_nodes(state: &ClusterState, now_ms: u64) -> Vec<Node> {
    state.nodes.iter().map(|(name, node)| node_as_reported(node, state.leases.get(name), now_ms)).collect()
}

fn events_unavailable(format: &str) -> String {
    format!("error: -o {format} is not available for events in the playground; use kubectl get events")
}

fn in_namespace<T: Metadata<Ty = ObjectMeta>>(object: &T, namespace: Option<&str>) -> bool {
    namespace.is_none_or(|ns| object_namespace(object.metadata()) == ns)
}

fn one<'a, T>(
    objects: impl Iterator<Item = &'a T>,
    plural: &str,
    namespace: Option<&str>,
    name: &str,
    format: &str,
) -> Result<String, String>
where
    T: ApiResource + Metadata<Ty = ObjectMeta> + Serialize + 'a,
{
    let found: Vec<&T> = objects
        .filter(|o| in_namespace(*o, namespace) && o.metadata().name.as_deref() == Some(name))
        .collect();
    match found.as_slice() {
        [] => Err(not_found(plural, name)),
        [object] => print_one(*object, format),
        // The same name in several namespaces (--all-namespaces): kubectl prints a List.
        several => print_many(several, format),
    }
}

fn many<'a, T>(objects: impl Iterator<Item = &'a T>, namespace: Option<&str>, format: &str) -> Result<String, String>
where
    T: ApiResource + Metadata<Ty = ObjectMeta> + Serialize + 'a,
{
    let found: Vec<&T> = objects.filter(|o| in_namespace(*o, namespace)).collect();
    if found.is_empty() && format == "name" {
        return Ok(no_resources_found(namespace));
    }
    print_many(&found, format)
}

/// Objects printed one by one, as a printer given each in turn prints them (the YAML
/// printer puts `---` between documents).
pub fn print_each<T>(objects: &[&T], format: &str) -> Result<String, String>
where
    T: ApiResource + Metadata<Ty = ObjectMeta> + Serialize,
{
    let printed = objects.iter().map(|o| print_one(*o, format)).collect::<Result<Vec<_>, _>>()?;
    Ok(printed.join(if format == "yaml" { "---\n" } else { "" }))
}

fn print_one<T>(object: &T, format: &str) -> Result<String, String>
where
    T: ApiResource + Metadata<Ty = ObjectMeta> + Serialize,
{
    if let Some(template) = format.strip_prefix("jsonpath=") {
        return super::jsonpath::render(template, &super::yaml::to_value(object)?);
    }
    if let Some(spec) = format.strip_prefix("custom-columns=") {
        return CustomColumns::parse(spec)?.render(&[super::yaml::to_value(object)?]);
    }
    match format {
        "json" => object_json(object),
        "name" => Ok(format!("{}\n", object_name(object))),
        _ => object_yaml(object),
    }
}

fn print_many<T>(objects: &[&T], format: &str) -> Result<String, String>
where
    T: ApiResource + Metadata<Ty = ObjectMeta> + Serialize,
{
    if let Some(template) = format.strip_prefix("jsonpath=") {
        return super::jsonpath::render(template, &super::yaml::list_value(objects)?);
    }
    if let Some(spec) = format.strip_prefix("custom-columns=") {
        let items = objects.iter().map(|o| super::yaml::to_value(*o)).collect::<Result<Vec<_>, _>>()?;
        return CustomColumns::parse(spec)?.render(&items);
    }
    match format {
        "json" => list_json(objects),
        "name" => Ok(objects.iter().map(|o| format!("{}\n", object_name(*o))).collect()),
        _ => list_yaml(objects),
    }
}
