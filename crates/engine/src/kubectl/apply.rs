//! What `kubectl apply` sends: the manifest with its last-applied-configuration
//! annotation, created as it is, or merged into the live object by the three-way
//! patch from the configuration applied last (`apply/patcher.go`).

use dsplay_model::strict_decoder::from_json_value;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use k8s_openapi::Metadata;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::api::patch::{strategic_merge, three_way_patch};
use crate::api::APPLY_LATER_ANNOTATION;

pub const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// The manifest as kubectl sends it: its annotation holds the manifest itself as JSON
/// (keys sorted, the namespace filled in for a namespaced kind, `annotations` there
/// without this one nor the scenario's `dsplay/apply`).
pub fn annotated<T>(mut object: T, namespaced: bool) -> T
where
    T: Serialize + Metadata<Ty = ObjectMeta>,
{
    let meta = object.metadata_mut();
    if namespaced {
        meta.namespace.get_or_insert_with(|| "default".into());
    }
    let annotations = meta.annotations.get_or_insert_with(Default::default);
    annotations.remove(LAST_APPLIED);
    annotations.remove(APPLY_LATER_ANNOTATION);
    let configuration = serde_json::to_value(&object).map(|json| json.to_string()).unwrap_or_default();
    object.metadata_mut().annotations.get_or_insert_with(Default::default).insert(LAST_APPLIED.into(), configuration);
    object
}

/// The live object once `manifest` (already [`annotated`]) is applied over it; `None`
/// when that changes nothing (kubectl's "unchanged"), told on the JSON the patch works
/// on, since a decoded object need not come back field for field the same.
pub fn merged<T>(live: &T, manifest: &T) -> Result<Option<T>, String>
where
    T: Serialize + DeserializeOwned + Metadata<Ty = ObjectMeta>,
{
    let last = live.metadata().annotations.as_ref().and_then(|a| a.get(LAST_APPLIED));
    let original = last.and_then(|text| serde_json::from_str::<Value>(text).ok());
    let modified = serde_json::to_value(manifest).map_err(|e| e.to_string())?;
    let current = serde_json::to_value(live).map_err(|e| e.to_string())?;
    let result = strategic_merge(&current, &three_way_patch(original.as_ref(), &modified, &current));
    if result == current {
        return Ok(None);
    }
    from_json_value(&result).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::apps::v1::DaemonSet;

    #[test]
    fn the_annotation_holds_the_manifest_with_empty_annotations_and_its_namespace() {
        let ds = DaemonSet { metadata: ObjectMeta { name: Some("agent".into()), ..Default::default() }, ..Default::default() };
        let ds = annotated(ds, true);
        let annotation = ds.metadata.annotations.as_ref().and_then(|a| a.get(LAST_APPLIED)).cloned().unwrap_or_default();
        assert_eq!(annotation, r#"{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"annotations":{},"name":"agent","namespace":"default"}}"#);
    }
}
