//! Required node affinity tests, after component-helpers `nodeaffinity_test.go` and the
//! scheduler's `TestNodeAffinity` table (`plugins/nodeaffinity/node_affinity_test.go`).

use std::collections::BTreeMap;

use dsplay_model::k8s_openapi::api::core::v1::{
    Affinity, Node, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodSpec,
};
use dsplay_model::k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use dsplay_model::node_affinity::{explain, AffinityCheckKind, RequiredNodeAffinity};

fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn node(name: &str, labels: &[(&str, &str)]) -> Node {
    Node {
        metadata: ObjectMeta { name: Some(name.to_string()), labels: Some(map(labels)), ..Default::default() },
        ..Default::default()
    }
}

fn req(key: &str, op: &str, values: &[&str]) -> NodeSelectorRequirement {
    NodeSelectorRequirement {
        key: key.to_string(),
        operator: op.to_string(),
        values: if values.is_empty() { None } else { Some(values.iter().map(|s| s.to_string()).collect()) },
    }
}

fn term(exprs: Vec<NodeSelectorRequirement>, fields: Vec<NodeSelectorRequirement>) -> NodeSelectorTerm {
    NodeSelectorTerm {
        match_expressions: if exprs.is_empty() { None } else { Some(exprs) },
        match_fields: if fields.is_empty() { None } else { Some(fields) },
    }
}

fn spec(node_selector: &[(&str, &str)], terms: Option<Vec<NodeSelectorTerm>>) -> PodSpec {
    PodSpec {
        node_selector: if node_selector.is_empty() { None } else { Some(map(node_selector)) },
        affinity: terms.map(|node_selector_terms| Affinity {
            node_affinity: Some(NodeAffinity {
                required_during_scheduling_ignored_during_execution: Some(NodeSelector { node_selector_terms }),
                ..Default::default()
            }),
            ..Default::default()
        }),
        ..Default::default()
    }
}

#[test]
fn scheduler_node_affinity_table() {
    let foo_bar = node("node_1", &[("foo", "bar")]);
    let cases: Vec<(&str, PodSpec, Node, bool)> = vec![
        ("no selector, no affinity", spec(&[], None), foo_bar.clone(), true),
        ("missing labels", spec(&[("foo", "bar")], None), node("node_1", &[]), false),
        ("same labels", spec(&[("foo", "bar")], None), foo_bar.clone(), true),
        ("node labels are superset", spec(&[("foo", "bar")], None), node("n", &[("foo", "bar"), ("baz", "blah")]), true),
        ("node labels are subset", spec(&[("foo", "bar"), ("baz", "blah")], None), foo_bar.clone(), false),
        ("In matches", spec(&[], Some(vec![term(vec![req("foo", "In", &["bar", "value2"])], vec![])])), foo_bar.clone(), true),
        ("Gt matches", spec(&[], Some(vec![term(vec![req("kernel-version", "Gt", &["0204"])], vec![])])), node("n", &[("kernel-version", "0206")]), true),
        ("NotIn matches", spec(&[], Some(vec![term(vec![req("mem-type", "NotIn", &["DDR", "DDR2"])], vec![])])), node("n", &[("mem-type", "DDR3")]), true),
        ("Exists matches", spec(&[], Some(vec![term(vec![req("GPU", "Exists", &[])], vec![])])), node("n", &[("GPU", "NVIDIA-GRID-K1")]), true),
        ("In does not match", spec(&[], Some(vec![term(vec![req("foo", "In", &["value1", "value2"])], vec![])])), foo_bar.clone(), false),
        ("empty nodeSelectorTerms", spec(&[], Some(vec![])), foo_bar.clone(), false),
        ("a term with empty matchExpressions", spec(&[], Some(vec![term(vec![], vec![])])), foo_bar.clone(), false),
        ("terms are ORed", spec(&[], Some(vec![term(vec![req("foo", "In", &["x"])], vec![]), term(vec![req("foo", "In", &["bar"])], vec![])])), foo_bar.clone(), true),
        ("expressions are ANDed", spec(&[], Some(vec![term(vec![req("foo", "In", &["bar"]), req("GPU", "Exists", &[])], vec![])])), foo_bar.clone(), false),
        ("DoesNotExist", spec(&[], Some(vec![term(vec![req("GPU", "DoesNotExist", &[])], vec![])])), foo_bar.clone(), true),
        ("nodeSelector and affinity both satisfied", spec(&[("foo", "bar")], Some(vec![term(vec![req("foo", "Exists", &[])], vec![])])), foo_bar.clone(), true),
        ("nodeSelector fails though affinity matches", spec(&[("foo", "baz")], Some(vec![term(vec![req("foo", "Exists", &[])], vec![])])), foo_bar.clone(), false),
        ("matchFields metadata.name In", spec(&[], Some(vec![term(vec![], vec![req("metadata.name", "In", &["node_1"])])])), foo_bar.clone(), true),
        ("matchFields names another node", spec(&[], Some(vec![term(vec![], vec![req("metadata.name", "In", &["node_2"])])])), foo_bar.clone(), false),
        ("matchFields NotIn", spec(&[], Some(vec![term(vec![], vec![req("metadata.name", "NotIn", &["node_2"])])])), foo_bar.clone(), true),
        ("fields and expressions ANDed", spec(&[], Some(vec![term(vec![req("foo", "In", &["x"])], vec![req("metadata.name", "In", &["node_1"])])])), foo_bar.clone(), false),
        ("fields and expressions in ORed terms", spec(&[], Some(vec![term(vec![], vec![req("metadata.name", "In", &["node_2"])]), term(vec![req("foo", "In", &["bar"])], vec![])])), foo_bar.clone(), true),
        ("an invalid term does not hide a matching one", spec(&[], Some(vec![term(vec![req("foo", "Bogus", &["bar"])], vec![]), term(vec![req("foo", "In", &["bar"])], vec![])])), foo_bar.clone(), true),
        ("Gt with a non-integer value is a parse error", spec(&[], Some(vec![term(vec![req("foo", "Gt", &["bar"])], vec![])])), node("n", &[("foo", "5")]), false),
        ("Lt against a non-integer label", spec(&[], Some(vec![term(vec![req("foo", "Lt", &["9"])], vec![])])), foo_bar.clone(), false),
        ("matchFields with two values is a parse error", spec(&[], Some(vec![term(vec![], vec![req("metadata.name", "In", &["node_1", "node_2"])])])), foo_bar.clone(), false),
    ];
    for (name, pod_spec, n, want) in cases {
        assert_eq!(RequiredNodeAffinity::new(&pod_spec).matches(&n), want, "{name}");
    }
}

#[test]
fn parse_errors_are_reported_when_nothing_matches() {
    let s = spec(&[], Some(vec![term(vec![req("foo", "Bogus", &["bar"])], vec![])]));
    let got = RequiredNodeAffinity::new(&s).match_node(&node("n", &[("foo", "bar")]));
    assert_eq!(got, Err(vec!["nodeSelectorTerms[0].matchExpressions[0].operator: Unsupported value: \"Bogus\"".to_string()]));
}

#[test]
fn explanation_lines() {
    let s = spec(
        &[("disk-type", "ssd")],
        Some(vec![
            term(vec![req("node-type", "In", &["gpu", "high-memory"])], vec![]),
            term(vec![req("zone", "Exists", &[])], vec![req("metadata.name", "In", &["worker-1"])]),
            term(vec![], vec![]),
        ]),
    );
    let n = node("worker-1", &[("disk-type", "hdd"), ("node-type", "cpu"), ("zone", "a")]);
    let lines = explain(&s, &n);
    let summary: Vec<(AffinityCheckKind, Option<usize>, &str, bool, &str)> =
        lines.iter().map(|l| (l.kind, l.term, l.rule.as_str(), l.matched, l.reason.as_str())).collect();
    assert_eq!(
        summary,
        vec![
            (AffinityCheckKind::NodeSelector, None, "disk-type=ssd", false, "node has disk-type=hdd"),
            (AffinityCheckKind::Term, Some(0), "nodeSelectorTerms[0]", false, "1 of 1 requirements do not match"),
            (AffinityCheckKind::MatchExpression, Some(0), "node-type In [gpu, high-memory]", false, "node has node-type=cpu, which is not in the list"),
            (AffinityCheckKind::Term, Some(1), "nodeSelectorTerms[1]", true, "every requirement matches"),
            (AffinityCheckKind::MatchExpression, Some(1), "zone Exists", true, "node has label zone"),
            (AffinityCheckKind::MatchField, Some(1), "metadata.name In [worker-1]", true, "node name is worker-1"),
            (AffinityCheckKind::Term, Some(2), "nodeSelectorTerms[2]", false, "an empty term matches no node"),
        ]
    );
    let missing = explain(&spec(&[("gpu", "true")], None), &node("n", &[]));
    assert_eq!(missing.first().map(|l| l.reason.as_str()), Some("node has no label gpu"));
    let invalid = explain(&spec(&[], Some(vec![term(vec![req("cpus", "Gt", &["many"])], vec![])])), &node("n", &[]));
    assert_eq!(invalid.first().map(|l| l.matched), Some(false));
    assert!(invalid.get(1).is_some_and(|l| l.reason.starts_with("invalid: ")), "{invalid:?}");
}
