//! Label selector tests, after apimachinery's `selector_test.go` (`TestRequirementConstructor`,
//! `TestRequirementSelectorMatching`, `TestToString`) and `helpers_test.go`
//! (`TestLabelSelectorAsSelector`).

use std::collections::BTreeMap;

use dsplay_model::k8s_openapi::apimachinery::pkg::apis::meta::v1::{LabelSelector, LabelSelectorRequirement};
use dsplay_model::labels::{
    format_label_selector, parse_selector, selector_is_empty, selector_matches, Operator, Requirement, Selector,
};

fn set(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn vals(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn expr(key: &str, op: &str, values: &[&str]) -> LabelSelectorRequirement {
    LabelSelectorRequirement {
        key: key.to_string(),
        operator: op.to_string(),
        values: if values.is_empty() { None } else { Some(vals(values)) },
    }
}

fn selector(labels: &[(&str, &str)], exprs: Vec<LabelSelectorRequirement>) -> LabelSelector {
    LabelSelector {
        match_labels: if labels.is_empty() { None } else { Some(set(labels)) },
        match_expressions: if exprs.is_empty() { None } else { Some(exprs) },
    }
}

#[test]
fn requirement_constructor() {
    let long = "a".repeat(64);
    let cases: Vec<(&str, Operator, Vec<String>, bool)> = vec![
        ("x1", Operator::In, vec![], false),
        ("x1", Operator::NotIn, vec![], false),
        ("x1", Operator::In, vals(&["foo"]), true),
        ("x1", Operator::NotIn, vals(&["foo"]), true),
        ("x1", Operator::Exists, vec![], true),
        ("x1", Operator::DoesNotExist, vec![], true),
        ("1foo", Operator::In, vals(&["bar"]), true),
        ("1234", Operator::In, vals(&["bar"]), true),
        ("y", Operator::GreaterThan, vals(&["1"]), true),
        ("z", Operator::LessThan, vals(&["6"]), true),
        ("foo", Operator::GreaterThan, vals(&["bar"]), false),
        ("barz", Operator::LessThan, vals(&["blah"]), false),
        ("x1", Operator::Exists, vals(&["foo"]), false),
        ("x1", Operator::Equals, vals(&["a", "b"]), false),
        (long.as_str(), Operator::Exists, vec![], false),
        ("x1", Operator::In, vec![long.clone()], false),
        ("x1", Operator::In, vals(&["-bad"]), false),
        ("example.com/x1", Operator::Exists, vec![], true),
        ("Example.com/x1", Operator::Exists, vec![], false),
        ("/x1", Operator::Exists, vec![], false),
        ("a/b/c", Operator::Exists, vec![], false),
        ("x1", Operator::In, vals(&[""]), true),
    ];
    for (key, op, values, ok) in cases {
        let got = Requirement::new(key, op, values.clone(), "");
        assert_eq!(got.is_ok(), ok, "{key} {op:?} {values:?}: {got:?}");
    }
}

#[test]
fn requirement_error_text() {
    let err = Requirement::new("x1", Operator::In, vec![], "").err();
    assert_eq!(
        err.as_deref(),
        Some("values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty")
    );
    let err = Requirement::new("bad key", Operator::Exists, vec![], "").err().unwrap_or_default();
    assert!(err.starts_with("key: Invalid value: \"bad key\": name part must consist of"), "{err}");
}

#[test]
fn requirement_matching() {
    let labels = set(&[("x", "foo"), ("y", "5"), ("z", "abc")]);
    let cases: Vec<(&str, Operator, &[&str], bool)> = vec![
        ("x", Operator::In, &["foo", "bar"], true),
        ("x", Operator::In, &["bar"], false),
        ("w", Operator::In, &["foo"], false),
        ("x", Operator::NotIn, &["foo"], false),
        ("x", Operator::NotIn, &["bar"], true),
        ("w", Operator::NotIn, &["foo"], true),
        ("x", Operator::Exists, &[], true),
        ("w", Operator::Exists, &[], false),
        ("x", Operator::DoesNotExist, &[], false),
        ("w", Operator::DoesNotExist, &[], true),
        ("x", Operator::Equals, &["foo"], true),
        ("y", Operator::GreaterThan, &["4"], true),
        ("y", Operator::GreaterThan, &["5"], false),
        ("y", Operator::LessThan, &["6"], true),
        ("y", Operator::LessThan, &["5"], false),
        ("z", Operator::GreaterThan, &["1"], false),
        ("w", Operator::LessThan, &["1"], false),
    ];
    for (key, op, values, want) in cases {
        let r = Requirement::new(key, op, vals(values), "").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.matches(&labels), want, "{r}");
    }
}

#[test]
fn label_selector_as_selector() {
    // TestLabelSelectorAsSelector.
    let everything = parse_selector(&LabelSelector::default());
    assert_eq!(everything, Ok(Selector::everything()));
    let sel = selector(
        &[("foo", "bar")],
        vec![expr("baz", "In", &["qux", "norf"]), expr("aaa", "DoesNotExist", &[]), expr("ccc", "Exists", &[])],
    );
    let parsed = parse_selector(&sel).map(|s| s.to_string());
    assert_eq!(parsed.as_deref(), Ok("!aaa,baz in (norf,qux),ccc,foo=bar"));
    let bad_op = selector(&[("foo", "bar")], vec![expr("baz", "Foo", &["qux"])]);
    assert_eq!(parse_selector(&bad_op).err().as_deref(), Some("\"Foo\" is not a valid label selector operator"));
    let bad_values = selector(&[], vec![expr("baz", "In", &[])]);
    assert!(parse_selector(&bad_values).is_err());
    let exists_with_values = selector(&[], vec![expr("baz", "Exists", &["qux"])]);
    assert!(parse_selector(&exists_with_values).is_err());
}

#[test]
fn selector_matching_and_emptiness() {
    let sel = selector(&[("app", "agent")], vec![expr("tier", "In", &["a", "b"]), expr("canary", "DoesNotExist", &[])]);
    assert!(selector_matches(&sel, &set(&[("app", "agent"), ("tier", "a")])));
    assert!(!selector_matches(&sel, &set(&[("app", "agent"), ("tier", "c")])));
    assert!(!selector_matches(&sel, &set(&[("app", "agent"), ("tier", "a"), ("canary", "1")])));
    assert!(!selector_matches(&sel, &set(&[("tier", "a")])));
    assert!(selector_is_empty(&LabelSelector::default()));
    assert!(selector_is_empty(&LabelSelector { match_labels: Some(BTreeMap::new()), match_expressions: Some(vec![]) }));
    assert!(!selector_is_empty(&sel));
    assert!(selector_matches(&LabelSelector::default(), &set(&[])), "empty selector selects everything");
    let invalid = selector(&[("bad key", "x")], vec![]);
    assert!(!selector_matches(&invalid, &set(&[("bad key", "x")])), "invalid selector matches nothing");
    assert!(!Selector::Nothing.matches(&set(&[])));
}

#[test]
fn kubectl_formatting() {
    let sel = selector(&[("app", "agent")], vec![expr("tier", "In", &["b", "a"])]);
    assert_eq!(format_label_selector(Some(&sel)), "app=agent,tier in (a,b)");
    assert_eq!(format_label_selector(Some(&LabelSelector::default())), "<none>");
    assert_eq!(format_label_selector(None), "<none>");
    assert_eq!(format_label_selector(Some(&selector(&[], vec![expr("x", "Bogus", &[])]))), "<error>");
    let notin = selector(&[], vec![expr("env", "NotIn", &["prod"])]);
    assert_eq!(parse_selector(&notin).map(|s| s.to_string()).as_deref(), Ok("env notin (prod)"));
}
