//! `kubectl patch`: strategic merge patch (the default), JSON merge patch (RFC 7386)
//! and JSON patch (RFC 6902), over JSON values.

use serde_json::{Map, Value};

/// The `patchMergeKey` of the list fields a DaemonSet's pod template and a pod's
/// status have; any other
/// list is replaced whole, as the API's strategic-merge metadata says.
fn merge_key(field: &str) -> Option<&'static str> {
    Some(match field {
        "containers" | "initContainers" | "ephemeralContainers" | "env" | "volumes" | "imagePullSecrets"
        | "resourceClaims" => "name",
        "ports" => "containerPort",
        "volumeMounts" => "mountPath",
        "volumeDevices" => "devicePath",
        "hostAliases" => "ip",
        "conditions" => "type",
        "topologySpreadConstraints" => "topologyKey",
        _ => return None,
    })
}

pub fn strategic_merge(original: &Value, patch: &Value) -> Value {
    merge_value(None, original, patch)
}

/// A patch as Go's `%+v` prints the map it decodes to (`map[spec:map[minReadySeconds:x]]`),
/// which the API server quotes when a patched object will not decode.
pub fn go_map_text(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let entries: Vec<String> = map.iter().map(|(k, v)| format!("{k}:{}", go_map_text(v))).collect();
            format!("map[{}]", entries.join(" "))
        }
        Value::Array(items) => format!("[{}]", items.iter().map(go_map_text).collect::<Vec<_>>().join(" ")),
        Value::String(text) => text.clone(),
        Value::Null => "<nil>".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 1e21 => format!("{}", f as i64),
            Some(f) => f.to_string(),
            None => n.to_string(),
        },
    }
}

/// The strategic patch `kubectl apply` sends (`CreateThreeWayMergePatch`): what the
/// new manifest (`modified`) sets differently from the live object (`current`), and a
/// deletion for what the last applied manifest (`original`) set and the new one no
/// longer does: null for a field, `$patch: delete` for an element of a list merged by
/// key. What neither manifest mentions (a patch's change, `rollout restart`'s
/// annotation) stays as it is on the object.
pub fn three_way_patch(original: Option<&Value>, modified: &Value, current: &Value) -> Value {
    with_deletions(None, original, modified, Some(current)).unwrap_or_else(|| Value::Object(Map::new()))
}

/// The patch for one field; `None` when the live value already is what the manifest says.
fn with_deletions(field: Option<&str>, original: Option<&Value>, modified: &Value, current: Option<&Value>) -> Option<Value> {
    if current == Some(modified) {
        return None;
    }
    match (original, modified) {
        (_, Value::Object(now)) => {
            let before = original.and_then(Value::as_object);
            let live = current.and_then(Value::as_object);
            let mut out = Map::new();
            for (k, v) in now {
                if let Some(patch) = with_deletions(Some(k), before.and_then(|b| b.get(k)), v, live.and_then(|l| l.get(k))) {
                    out.insert(k.clone(), patch);
                }
            }
            for gone in before.into_iter().flat_map(|b| b.keys()).filter(|k| !now.contains_key(*k)) {
                if live.is_some_and(|l| l.contains_key(gone)) {
                    out.insert(gone.clone(), Value::Null);
                }
            }
            (!out.is_empty() || live.is_none()).then_some(Value::Object(out))
        }
        (Some(Value::Array(before)), Value::Array(now)) => match field.and_then(merge_key) {
            Some(key) => {
                let same = |a: &Value, b: &Value| a.get(key).is_some() && a.get(key) == b.get(key);
                let live = current.and_then(Value::as_array);
                let mut out: Vec<Value> = now
                    .iter()
                    .filter_map(|item| {
                        let live_item = live.and_then(|l| l.iter().find(|c| same(c, item)));
                        let patch = with_deletions(None, before.iter().find(|b| same(b, item)), item, live_item)?;
                        // An element is patched by its key: the key goes with what changed.
                        let mut patch = patch.as_object().cloned().unwrap_or_default();
                        patch.insert(key.to_owned(), item.get(key).cloned().unwrap_or(Value::Null));
                        Some(Value::Object(patch))
                    })
                    .collect();
                for gone in before.iter().filter(|b| !now.iter().any(|n| same(b, n))) {
                    let mut deletion = Map::new();
                    deletion.insert(key.to_owned(), gone.get(key).cloned().unwrap_or(Value::Null));
                    deletion.insert("$patch".to_owned(), Value::String("delete".to_owned()));
                    out.push(Value::Object(deletion));
                }
                (!out.is_empty()).then_some(Value::Array(out))
            }
            None => Some(modified.clone()),
        },
        _ => Some(modified.clone()),
    }
}

fn merge_value(field: Option<&str>, original: &Value, patch: &Value) -> Value {
    match (original, patch) {
        (Value::Object(orig), Value::Object(p)) => merge_object(orig, p),
        (Value::Array(orig), Value::Array(p)) => match field.and_then(merge_key) {
            Some(key) => merge_list(key, orig, p),
            None => Value::Array(p.iter().map(strip_directives).collect()),
        },
        _ => strip_directives(patch),
    }
}

fn merge_object(original: &Map<String, Value>, patch: &Map<String, Value>) -> Value {
    if patch.get("$patch").and_then(Value::as_str) == Some("replace") {
        return strip_directives(&Value::Object(patch.clone()));
    }
    let mut out = original.clone();
    for (key, value) in patch {
        if key.starts_with('$') {
            continue;
        }
        if value.is_null() {
            out.remove(key);
            continue;
        }
        let merged = match out.get(key) {
            Some(existing) => merge_value(Some(key), existing, value),
            None => strip_directives(value),
        };
        out.insert(key.clone(), merged);
    }
    Value::Object(out)
}

fn merge_list(key: &str, original: &[Value], patch: &[Value]) -> Value {
    let mut out: Vec<Value> = original.to_vec();
    for item in patch {
        let id = item.get(key);
        let position = id.and_then(|id| out.iter().position(|o| o.get(key) == Some(id)));
        let delete = item.get("$patch").and_then(Value::as_str) == Some("delete");
        match (position, delete) {
            (Some(i), true) => {
                out.remove(i);
            }
            (Some(i), false) => out[i] = merge_value(None, &out[i], item),
            (None, true) => {}
            (None, false) => out.push(strip_directives(item)),
        }
    }
    Value::Array(out)
}

fn strip_directives(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter().filter(|(k, _)| !k.starts_with('$')).map(|(k, v)| (k.clone(), strip_directives(v))).collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(strip_directives).collect()),
        other => other.clone(),
    }
}

/// RFC 7386: objects merge, `null` deletes, everything else replaces.
pub fn json_merge(original: &Value, patch: &Value) -> Value {
    match (original, patch) {
        (Value::Object(orig), Value::Object(p)) => {
            let mut out = orig.clone();
            for (key, value) in p {
                if value.is_null() {
                    out.remove(key);
                } else {
                    let merged = json_merge(out.get(key).unwrap_or(&Value::Null), value);
                    out.insert(key.clone(), merged);
                }
            }
            Value::Object(out)
        }
        (_, Value::Object(p)) => json_merge(&Value::Object(Map::new()), &Value::Object(p.clone())),
        _ => patch.clone(),
    }
}

/// RFC 6902 with the operations kubectl users reach for: add, remove, replace, test.
pub fn json_patch(original: &Value, operations: &Value) -> Result<Value, String> {
    let Some(operations) = operations.as_array() else {
        return Err("json patch must be a list of operations".into());
    };
    let mut doc = original.clone();
    for op in operations {
        let kind = op.get("op").and_then(Value::as_str).unwrap_or("");
        let path = op.get("path").and_then(Value::as_str).ok_or("json patch operation needs a \"path\"")?;
        match kind {
            "add" | "replace" => {
                let value = op.get("value").cloned().ok_or("json patch add/replace needs a \"value\"")?;
                set_pointer(&mut doc, path, value, kind == "add")?;
            }
            "remove" => remove_pointer(&mut doc, path)?,
            "test" => {
                if doc.pointer(path) != op.get("value") {
                    return Err(format!("testing value {path} failed"));
                }
            }
            other => return Err(format!("unsupported json patch operation {other:?}")),
        }
    }
    Ok(doc)
}

fn split_pointer(path: &str) -> Result<(String, String), String> {
    let index = path.rfind('/').ok_or_else(|| format!("invalid json pointer {path:?}"))?;
    let last = path[index + 1..].replace("~1", "/").replace("~0", "~");
    Ok((path[..index].to_string(), last))
}

fn set_pointer(doc: &mut Value, path: &str, value: Value, insert: bool) -> Result<(), String> {
    let (parent, last) = split_pointer(path)?;
    let target = doc.pointer_mut(&parent).ok_or_else(|| format!("doc is missing path: {path}"))?;
    match target {
        Value::Object(map) => {
            if !insert && !map.contains_key(&last) {
                return Err(format!("doc is missing key: {path}"));
            }
            map.insert(last, value);
        }
        Value::Array(items) if last == "-" && insert => items.push(value),
        Value::Array(items) => {
            let i: usize = last.parse().map_err(|_| format!("invalid index in {path}"))?;
            match (insert, i <= items.len(), i < items.len()) {
                (true, true, _) => items.insert(i, value),
                (false, _, true) => items[i] = value,
                _ => return Err(format!("index out of range in {path}")),
            }
        }
        _ => return Err(format!("doc is missing path: {path}")),
    }
    Ok(())
}

fn remove_pointer(doc: &mut Value, path: &str) -> Result<(), String> {
    let (parent, last) = split_pointer(path)?;
    let target = doc.pointer_mut(&parent).ok_or_else(|| format!("doc is missing path: {path}"))?;
    let removed = match target {
        Value::Object(map) => map.remove(&last).is_some(),
        Value::Array(items) => match last.parse::<usize>() {
            Ok(i) if i < items.len() => {
                items.remove(i);
                true
            }
            _ => false,
        },
        _ => false,
    };
    if removed { Ok(()) } else { Err(format!("doc is missing path: {path}")) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn containers_merge_by_name() {
        let original = json!({"spec": {"template": {"spec": {"containers": [
            {"name": "a", "image": "a:1"}, {"name": "b", "image": "b:1"}]}}}});
        let patch = json!({"spec": {"template": {"spec": {"containers": [{"name": "b", "image": "b:2"}]}}}});
        let merged = strategic_merge(&original, &patch);
        assert_eq!(merged.pointer("/spec/template/spec/containers/0/image"), Some(&json!("a:1")));
        assert_eq!(merged.pointer("/spec/template/spec/containers/1/image"), Some(&json!("b:2")));
    }

    #[test]
    fn patch_replace_directive_replaces_the_template() {
        let original = json!({"spec": {"template": {"metadata": {"labels": {"x": "1"}}, "spec": {"hostNetwork": true}}}});
        let patch = json!({"spec": {"template": {"$patch": "replace", "spec": {"containers": []}}}});
        let merged = strategic_merge(&original, &patch);
        assert_eq!(merged, json!({"spec": {"template": {"spec": {"containers": []}}}}));
    }

    #[test]
    fn null_deletes_and_lists_without_key_replace() {
        let original = json!({"a": 1, "tolerations": [{"key": "x"}]});
        let merged = strategic_merge(&original, &json!({"a": null, "tolerations": [{"key": "y"}]}));
        assert_eq!(merged, json!({"tolerations": [{"key": "y"}]}));
    }

    #[test]
    fn json_merge_and_json_patch() {
        assert_eq!(json_merge(&json!({"a": {"b": 1, "c": 2}}), &json!({"a": {"b": null}})), json!({"a": {"c": 2}}));
        let patched = json_patch(&json!({"a": [1, 2]}), &json!([{"op": "replace", "path": "/a/0", "value": 9}])).unwrap();
        assert_eq!(patched, json!({"a": [9, 2]}));
        assert!(json_patch(&json!({}), &json!([{"op": "remove", "path": "/nope"}])).is_err());
    }

    #[test]
    fn apply_deletes_what_the_last_manifest_set_and_keeps_what_others_did() {
        let last = json!({"spec": {"minReadySeconds": 5, "template": {"spec": {"containers": [{"name": "a"}, {"name": "b"}]}}}});
        let now = json!({"spec": {"template": {"spec": {"containers": [{"name": "a", "image": "x:2"}]}}}});
        let live = json!({"spec": {"minReadySeconds": 5, "revisionHistoryLimit": 3,
            "template": {"metadata": {"annotations": {"restartedAt": "t"}}, "spec": {"containers": [{"name": "a", "image": "x:1"}, {"name": "b"}]}}}});
        let merged = strategic_merge(&live, &three_way_patch(Some(&last), &now, &live));
        assert_eq!(
            merged,
            json!({"spec": {"revisionHistoryLimit": 3,
                "template": {"metadata": {"annotations": {"restartedAt": "t"}}, "spec": {"containers": [{"name": "a", "image": "x:2"}]}}}})
        );
        // Without a last-applied manifest nothing is deleted; what the object has already is left out.
        assert_eq!(three_way_patch(None, &now, &json!({})), now);
        assert_eq!(three_way_patch(Some(&now), &now, &merged), json!({}));
    }

    #[test]
    fn a_patch_prints_as_go_prints_its_map() {
        let patch = json!({"spec": {"minReadySeconds": "x", "template": {"spec": {"containers": [{"name": "a", "image": 7}]}}}});
        assert_eq!(go_map_text(&patch), "map[spec:map[minReadySeconds:x template:map[spec:map[containers:[map[image:7 name:a]]]]]]");
    }
}
