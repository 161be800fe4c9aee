//! Ports of pkg/controller/daemon/util/daemonset_util_test.go (Kubernetes v1.36):
//! TestIsPodUpdated, TestCreatePodTemplate, TestReplaceDaemonSetPodNodeNameNodeAffinity,
//! TestGetTargetNodeName, case for case; then cases of the tolerations the controller adds.

use std::collections::BTreeMap;

use k8s_openapi::api::apps::v1::{DaemonSet, DaemonSetSpec};
use k8s_openapi::api::core::v1::{
    Affinity, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, Pod, PodSpec, PreferredSchedulingTerm, Toleration,
};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

use super::util::{add_daemon_tolerations, create_pod_template, is_pod_updated, replace_node_name_affinity, target_node_name};
use super::{REVISION_HASH_LABEL, TEMPLATE_GENERATION_LABEL};
use crate::api::TEMPLATE_GENERATION_ANNOTATION;

fn pod_with_labels(labels: Option<&[(&str, &str)]>) -> Pod {
    let labels = labels.map(|pairs| pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect());
    Pod { metadata: ObjectMeta { name: Some("pod1".into()), labels, ..Default::default() }, ..Default::default() }
}

#[test]
fn is_pod_updated_cases() {
    let (generation, bad_generation, hash) = (12345, 12350, "55555");
    let with_hash = [(TEMPLATE_GENERATION_LABEL, "12345"), (REVISION_HASH_LABEL, hash)];
    let no_hash = [(TEMPLATE_GENERATION_LABEL, "12345")];
    let other_hash = format!("{hash}123");
    let cases: [(&str, i64, Option<&[(&str, &str)]>, &str, bool); 10] = [
        ("templateGeneration and hash both match", generation, Some(&with_hash), hash, true),
        ("templateGeneration matches, hash doesn't", generation, Some(&with_hash), &other_hash, true),
        ("templateGeneration matches, no hash label, has hash", generation, Some(&no_hash), hash, true),
        ("templateGeneration matches, no hash label, no hash", generation, Some(&no_hash), "", true),
        ("templateGeneration matches, has hash label, no hash", generation, Some(&with_hash), "", true),
        ("templateGeneration doesn't match, hash does", bad_generation, Some(&with_hash), hash, true),
        ("templateGeneration and hash don't match", bad_generation, Some(&with_hash), &other_hash, false),
        ("empty labels, no hash", generation, Some(&[]), "", false),
        ("empty labels", generation, Some(&[]), hash, false),
        ("no labels", generation, None, hash, false),
    ];
    for (name, generation, labels, hash, updated) in cases {
        assert_eq!(is_pod_updated(&pod_with_labels(labels), hash, Some(generation)), updated, "{name}");
    }
    // An empty hash is no hash, even against an empty label.
    let empty_label = pod_with_labels(Some(&[(REVISION_HASH_LABEL, "")]));
    assert!(!is_pod_updated(&empty_label, "", None));
}

#[test]
fn create_pod_template_labels() {
    for (generation, hash, expect_hash_label) in [(1, "", false), (2, "3242341807", true)] {
        let ds = DaemonSet {
            metadata: ObjectMeta {
                name: Some("ds".into()),
                annotations: Some(BTreeMap::from([(TEMPLATE_GENERATION_ANNOTATION.to_string(), generation.to_string())])),
                ..Default::default()
            },
            spec: Some(DaemonSetSpec::default()),
            status: None,
        };
        let pod = create_pod_template(&ds, "node-1", hash);
        let labels = pod.metadata.labels.unwrap_or_default();
        assert_eq!(labels.get(TEMPLATE_GENERATION_LABEL), Some(&generation.to_string()));
        assert_eq!(labels.get(REVISION_HASH_LABEL).is_some(), expect_hash_label, "hash {hash:?}");
        if expect_hash_label {
            assert_eq!(labels.get(REVISION_HASH_LABEL).map(String::as_str), Some(hash));
        }
    }
}

fn requirement(key: &str, operator: &str, values: &[&str]) -> NodeSelectorRequirement {
    NodeSelectorRequirement {
        key: key.into(),
        operator: operator.into(),
        values: Some(values.iter().map(|v| v.to_string()).collect()),
    }
}

fn fields(requirement: NodeSelectorRequirement) -> NodeSelectorTerm {
    NodeSelectorTerm { match_fields: Some(vec![requirement]), match_expressions: None }
}

fn expressions(requirement: NodeSelectorRequirement) -> NodeSelectorTerm {
    NodeSelectorTerm { match_expressions: Some(vec![requirement]), match_fields: None }
}

fn required(terms: Vec<NodeSelectorTerm>) -> Option<Affinity> {
    Some(Affinity {
        node_affinity: Some(NodeAffinity {
            required_during_scheduling_ignored_during_execution: Some(NodeSelector { node_selector_terms: terms }),
            ..Default::default()
        }),
        ..Default::default()
    })
}

fn preferred(term: NodeSelectorTerm) -> Vec<PreferredSchedulingTerm> {
    vec![PreferredSchedulingTerm { preference: term, weight: 0 }]
}

#[test]
fn replace_daemon_set_pod_node_name_node_affinity() {
    let host_1 = || required(vec![fields(requirement("metadata.name", "In", &["host_1"]))]);
    let hostname_label = || expressions(requirement("kubernetes.io/hostname", "In", &["host_1"]));
    let with_preferred = |required: Option<Affinity>| {
        let mut affinity = required.unwrap_or_default();
        affinity.node_affinity.get_or_insert_with(Default::default).preferred_during_scheduling_ignored_during_execution =
            Some(preferred(hostname_label()));
        Some(affinity)
    };
    let cases = [
        (None, host_1()),
        (required(vec![hostname_label()]), host_1()),
        (with_preferred(None), with_preferred(host_1())),
        (required(vec![fields(requirement("metadata.name", "In", &["host_1", "host_2"]))]), host_1()),
        (None, host_1()),
        (
            required(vec![
                expressions(requirement("hostname", "In", &["host_1"])),
                fields(requirement("metadata.name", "In", &["host_2"])),
            ]),
            host_1(),
        ),
        (required(vec![fields(requirement("metadata.name", "NotIn", &["host_2"]))]), host_1()),
        (required(vec![fields(requirement("metadata.foo", "In", &["bar"]))]), host_1()),
    ];
    for (i, (affinity, expected)) in cases.into_iter().enumerate() {
        let mut spec = PodSpec { affinity, ..Default::default() };
        replace_node_name_affinity(&mut spec, "host_1");
        assert_eq!(spec.affinity, expected, "case {i}");
    }
}

#[test]
fn get_target_node_name() {
    let with_spec = |spec: PodSpec| Pod { spec: Some(spec), ..Default::default() };
    let bound = with_spec(PodSpec { node_name: Some("node-1".into()), ..Default::default() });
    assert_eq!(target_node_name(&bound), Some("node-1"));
    let one = with_spec(PodSpec {
        affinity: required(vec![fields(requirement("metadata.name", "In", &["node-1"]))]),
        ..Default::default()
    });
    assert_eq!(target_node_name(&one), Some("node-1"));
    let two = with_spec(PodSpec {
        affinity: required(vec![fields(requirement("metadata.name", "In", &["node-1", "node-2"]))]),
        ..Default::default()
    });
    assert_eq!(target_node_name(&two), None, "two values: an error upstream");
    assert_eq!(target_node_name(&with_spec(PodSpec::default())), None, "neither: an error upstream");
    // The first `metadata.name In` field decides, as upstream returns at the first one.
    let first_decides = with_spec(PodSpec {
        affinity: required(vec![
            fields(requirement("metadata.name", "In", &["node-1", "node-2"])),
            fields(requirement("metadata.name", "In", &["node-3"])),
        ]),
        ..Default::default()
    });
    assert_eq!(target_node_name(&first_decides), None);
}



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
