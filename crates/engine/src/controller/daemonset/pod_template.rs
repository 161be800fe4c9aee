//! The pod a DaemonSet creates on a node: util.CreatePodTemplate,
//! AddOrUpdateDaemonPodTolerations and ReplaceDaemonSetPodNodeNameNodeAffinity.

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{
    Affinity, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, Pod, PodSpec, Toleration,
};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ObjectMeta, OwnerReference};

use super::{REVISION_HASH_LABEL, TEMPLATE_GENERATION_LABEL};
use crate::api::TEMPLATE_GENERATION_ANNOTATION;

/// (taint key, effect) of every toleration the controller adds, all `Exists` with no
/// tolerationSeconds. network-unavailable is added only for hostNetwork pods.
pub const DEFAULT_DAEMON_TOLERATIONS: [(&str, &str); 6] = [
    ("node.kubernetes.io/not-ready", "NoExecute"),
    ("node.kubernetes.io/unreachable", "NoExecute"),
    ("node.kubernetes.io/disk-pressure", "NoSchedule"),
    ("node.kubernetes.io/memory-pressure", "NoSchedule"),
    ("node.kubernetes.io/pid-pressure", "NoSchedule"),
    ("node.kubernetes.io/unschedulable", "NoSchedule"),
];
const NETWORK_UNAVAILABLE: (&str, &str) = ("node.kubernetes.io/network-unavailable", "NoSchedule");

/// Adds the daemon tolerations as AddOrUpdateTolerationInPodSpec does: a user
/// toleration equal in key, operator, value and effect is replaced by the
/// controller's (dropping its tolerationSeconds); the others are kept.
pub fn add_daemon_tolerations(spec: &mut PodSpec) {
    let host_network = spec.host_network == Some(true);
    let wanted = DEFAULT_DAEMON_TOLERATIONS.iter().chain(host_network.then_some(&NETWORK_UNAVAILABLE));
    let tolerations = spec.tolerations.get_or_insert_with(Vec::new);
    for (key, effect) in wanted {
        let toleration = Toleration {
            key: Some((*key).into()),
            operator: Some("Exists".into()),
            effect: Some((*effect).into()),
            ..Default::default()
        };
        let same = |t: &Toleration| {
            t.key == toleration.key
                && t.effect == toleration.effect
                && t.operator.as_deref().unwrap_or("Equal") == "Exists"
                && t.value.as_deref().unwrap_or("").is_empty()
        };
        match tolerations.iter().position(same) {
            Some(i) => tolerations[i] = toleration,
            None => tolerations.push(toleration),
        }
    }
}

/// `NewPod`: the pod judged by NodeShouldRunDaemonPod, the template spec bound to the
/// node with the daemon tolerations.
pub fn new_pod(ds: &DaemonSet, node_name: &str) -> Pod {
    let mut spec = ds.spec.as_ref().and_then(|s| s.template.spec.clone()).unwrap_or_default();
    spec.node_name = Some(node_name.into());
    add_daemon_tolerations(&mut spec);
    Pod {
        metadata: ds.spec.as_ref().and_then(|s| s.template.metadata.clone()).unwrap_or_default(),
        spec: Some(spec),
        status: None,
    }
}

/// The pod `syncNodes` creates for `node_name`: the template with the revision labels,
/// the daemon tolerations, a controller reference, and one required node-affinity
/// term `metadata.name In [node]` replacing the user's terms (already checked).
pub fn create_pod_template(ds: &DaemonSet, node_name: &str, hash: &str) -> Pod {
    let template = ds.spec.as_ref().map(|s| s.template.clone()).unwrap_or_default();
    let template_meta = template.metadata.unwrap_or_default();
    let mut spec = template.spec.unwrap_or_default();
    add_daemon_tolerations(&mut spec);
    replace_node_name_affinity(&mut spec, node_name);

    let mut labels = template_meta.labels.unwrap_or_default();
    if !hash.is_empty() {
        labels.insert(REVISION_HASH_LABEL.into(), hash.into());
    }
    let template_generation = ds
        .metadata
        .annotations
        .as_ref()
        .and_then(|a| a.get(TEMPLATE_GENERATION_ANNOTATION))
        .filter(|g| g.parse::<i64>().is_ok());
    if let Some(generation) = template_generation {
        labels.insert(TEMPLATE_GENERATION_LABEL.into(), generation.clone());
    }
    let ds_name = ds.metadata.name.clone().unwrap_or_default();
    Pod {
        metadata: ObjectMeta {
            generate_name: Some(generate_name_prefix(&ds_name)),
            namespace: ds.metadata.namespace.clone(),
            labels: Some(labels),
            annotations: template_meta.annotations,
            finalizers: template_meta.finalizers,
            owner_references: Some(vec![OwnerReference {
                api_version: "apps/v1".into(),
                kind: "DaemonSet".into(),
                name: ds_name,
                uid: ds.metadata.uid.clone().unwrap_or_default(),
                controller: Some(true),
                block_owner_deletion: Some(true),
            }]),
            ..Default::default()
        },
        spec: Some(spec),
        status: None,
    }
}

/// `getPodsPrefix`: `<name>-`, or the name alone if that would not be a valid pod name.
fn generate_name_prefix(ds_name: &str) -> String {
    let prefix = format!("{ds_name}-");
    // A generated pod name must fit 253 characters with the 5-character suffix.
    if prefix.len() + 5 <= 253 { prefix } else { ds_name.to_string() }
}

/// `ReplaceDaemonSetPodNodeNameNodeAffinity`: the required node affinity becomes the one term
/// `metadata.name In [node]`; preferred terms stay.
pub(super) fn replace_node_name_affinity(spec: &mut PodSpec, node_name: &str) {
    let term = NodeSelectorTerm {
        match_fields: Some(vec![NodeSelectorRequirement {
            key: "metadata.name".into(),
            operator: "In".into(),
            values: Some(vec![node_name.into()]),
        }]),
        match_expressions: None,
    };
    let affinity = spec.affinity.get_or_insert_with(Affinity::default);
    let node_affinity = affinity.node_affinity.get_or_insert_with(NodeAffinity::default);
    node_affinity.required_during_scheduling_ignored_during_execution =
        Some(NodeSelector { node_selector_terms: vec![term] });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_toleration_seconds_are_replaced() {
        let mut spec = PodSpec {
            tolerations: Some(vec![Toleration {
                key: Some("node.kubernetes.io/unreachable".into()),
                operator: Some("Exists".into()),
                effect: Some("NoExecute".into()),
                toleration_seconds: Some(60),
                ..Default::default()
            }]),
            ..Default::default()
        };
        add_daemon_tolerations(&mut spec);
        let tolerations = spec.tolerations.unwrap();
        assert_eq!(tolerations.len(), 6);
        assert!(tolerations.iter().all(|t| t.toleration_seconds.is_none()));
        assert!(!tolerations.iter().any(|t| t.key.as_deref() == Some("node.kubernetes.io/network-unavailable")));
    }

    #[test]
    fn host_network_adds_network_unavailable() {
        let mut spec = PodSpec { host_network: Some(true), ..Default::default() };
        add_daemon_tolerations(&mut spec);
        assert_eq!(spec.tolerations.unwrap().len(), 7);
    }

    #[test]
    fn created_pod_has_one_match_fields_term() {
        let ds = DaemonSet::default();
        let pod = create_pod_template(&ds, "node-01", "abc");
        let terms = pod.spec.clone().unwrap().affinity.unwrap().node_affinity.unwrap()
            .required_during_scheduling_ignored_during_execution.unwrap().node_selector_terms;
        assert_eq!(terms.len(), 1);
        let fields = terms[0].match_fields.as_ref().unwrap();
        assert_eq!(fields[0].values.as_deref(), Some(&["node-01".to_string()][..]));
        assert!(pod.spec.as_ref().is_none_or(|s| s.node_name.is_none()));
    }
}
