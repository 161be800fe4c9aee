//! `-o yaml`, `-o json` and `-o name` of any API object (kubectl's YAML, JSON and name
//! printers). A list prints as kubectl's `kind: List` wrapper.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use k8s_openapi::{Metadata, Resource};
use serde::Serialize;
use serde_json::{json, Value};

use super::go_yaml::to_yaml;

pub(super) fn to_value<T: Serialize>(object: &T) -> Result<Value, String> {
    serde_json::to_value(object).map_err(|e| format!("error: {e}"))
}

pub(super) fn list_value<T: Serialize>(objects: &[&T]) -> Result<Value, String> {
    let items = objects.iter().map(|o| to_value(*o)).collect::<Result<Vec<_>, _>>()?;
    Ok(json!({"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}}))
}

/// `json.MarshalIndent(obj, "", "    ")` and a newline; keys sorted as Go prints maps.
fn json_text(value: &Value) -> Result<String, String> {
    let mut buffer = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(b"    ");
    let mut serializer = serde_json::Serializer::with_formatter(&mut buffer, formatter);
    value.serialize(&mut serializer).map_err(|e| format!("error: {e}"))?;
    let mut text = String::from_utf8(buffer).map_err(|e| format!("error: {e}"))?;
    text.push('\n');
    Ok(text)
}

/// `kubectl get <kind> <name> -o yaml`.
pub fn object_yaml<T: Serialize>(object: &T) -> Result<String, String> {
    Ok(to_yaml(&to_value(object)?))
}

/// `kubectl get <kind> -o yaml` without a name: a `List`.
pub fn list_yaml<T: Serialize>(objects: &[&T]) -> Result<String, String> {
    Ok(to_yaml(&list_value(objects)?))
}

/// `kubectl get <kind> <name> -o json`.
pub fn object_json<T: Serialize>(object: &T) -> Result<String, String> {
    json_text(&to_value(object)?)
}

/// `kubectl get <kind> -o json` without a name: a `List`.
pub fn list_json<T: Serialize>(objects: &[&T]) -> Result<String, String> {
    json_text(&list_value(objects)?)
}

/// `-o name`: `pod/agent-x7k2p`, `daemonset.apps/agent`, `node/node-01`.
pub fn object_name<T: Resource + Metadata<Ty = ObjectMeta>>(object: &T) -> String {
    let kind = T::KIND.to_lowercase();
    let resource = if T::GROUP.is_empty() { kind } else { format!("{kind}.{}", T::GROUP) };
    format!("{resource}/{}", object.metadata().name.as_deref().unwrap_or(""))
}
