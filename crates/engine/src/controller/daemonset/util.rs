//! The DaemonSet controller's `util` package (pkg/controller/daemon/util,
//! daemonset_util.go): the functions the controller, its rollout and kubectl share.

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{
    Affinity, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, Pod, PodSpec, Toleration,
};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ObjectMeta, OwnerReference};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

use dsplay_model::int_or_percent::scaled_value;
use dsplay_model::template_generation::TEMPLATE_GENERATION_ANNOTATION;

use super::{REVISION_HASH_LABEL, TEMPLATE_GENERATION_LABEL};
use crate::api::meta_key;
use crate::pod_readiness::label;

/// `GetTemplateGeneration`: the DaemonSet's `deprecated.daemonset.template.generation`
/// annotation, none when it is absent or not a number.
pub fn template_generation(ds: &DaemonSet) -> Option<i64> {
    dsplay_model::template_generation::template_generation(ds).ok().flatten()
}

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
pub fn replace_node_name_affinity(spec: &mut PodSpec, node_name: &str) {
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

/// A pod is updated when it carries the current revision hash (a non-empty one) or the
/// current template generation.
pub fn is_pod_updated(pod: &Pod, hash: &str, template_generation: Option<i64>) -> bool {
    let hash_matches = !hash.is_empty() && label(pod, REVISION_HASH_LABEL) == Some(hash);
    let generation_matches = template_generation.is_some_and(|generation| {
        label(pod, TEMPLATE_GENERATION_LABEL).is_some_and(|l| l == generation.to_string())
    });
    hash_matches || generation_matches
}

fn rolling_update_params(ds: &DaemonSet) -> Option<(Option<&IntOrString>, Option<&IntOrString>)> {
    let strategy = ds.spec.as_ref()?.update_strategy.as_ref()?;
    if strategy.type_.as_deref().unwrap_or("RollingUpdate") != "RollingUpdate" {
        return None;
    }
    let rolling = strategy.rolling_update.as_ref()?;
    Some((rolling.max_surge.as_ref(), rolling.max_unavailable.as_ref()))
}

/// `util.SurgeCount`: maxSurge scaled against `desired`, rounded up; 0 unless RollingUpdate.
pub fn surge_count(ds: &DaemonSet, desired: i32) -> i32 {
    match rolling_update_params(ds) {
        Some((Some(surge), _)) => scaled_value(surge, desired, true).unwrap_or(0),
        _ => 0,
    }
}

/// `util.UnavailableCount`.
pub fn unavailable_count(ds: &DaemonSet, desired: i32) -> i32 {
    match rolling_update_params(ds) {
        Some((_, Some(unavailable))) => scaled_value(unavailable, desired, true).unwrap_or(0),
        _ => 0,
    }
}

/// `util.AllowsSurge`: whether the strategy lets a new pod run beside an old one.
pub fn allows_surge(ds: &DaemonSet) -> bool {
    surge_count(ds, 1) > 0
}

/// `util.GetTargetNodeName`: `spec.nodeName`, else the single value of the injected
/// `matchFields metadata.name In [node]` term.
pub fn target_node_name(pod: &Pod) -> Option<&str> {
    let spec = pod.spec.as_ref()?;
    if let Some(name) = spec.node_name.as_deref().filter(|n| !n.is_empty()) {
        return Some(name);
    }
    let terms = &spec
        .affinity
        .as_ref()?
        .node_affinity
        .as_ref()?
        .required_during_scheduling_ignored_during_execution
        .as_ref()?
        .node_selector_terms;
    // The first `metadata.name In` field decides: with other than one value it is an error.
    let field = terms
        .iter()
        .flat_map(|t| t.match_fields.iter().flatten())
        .find(|field| field.key == "metadata.name" && field.operator == "In")?;
    match field.values.as_deref()? {
        [node] => Some(node.as_str()),
        _ => None,
    }
}

/// The store key (`namespace/name`) the controller names a pod by.
pub fn pod_key(pod: &Pod) -> String {
    meta_key(&pod.metadata)
}
