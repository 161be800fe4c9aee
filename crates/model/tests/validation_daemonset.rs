//! DaemonSet validation: one test per rule, each asserting the API server's exact message.

use dsplay_model::defaults::default_daemonset;
use dsplay_model::k8s_openapi::api::apps::v1::DaemonSet;
use dsplay_model::validation::{invalid_object_message, validate_daemonset, validate_daemonset_update};

const BASE: &str = r#"
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: fluentd}
spec:
  selector: {matchLabels: {name: fluentd}}
  template:
    metadata: {labels: {name: fluentd}}
    spec:
      containers: [{name: fluentd, image: "fluent/fluentd:v1.16-1"}]
"#;

fn parse(yaml: &str) -> DaemonSet {
    match serde_yaml::from_str::<DaemonSet>(yaml) {
        Ok(ds) => ds,
        Err(e) => panic!("test manifest does not parse: {e}"),
    }
}

/// The base manifest with one JSON-pointer-free edit applied to its YAML value.
fn with(edit: impl FnOnce(&mut serde_yaml::Value)) -> DaemonSet {
    let mut value: serde_yaml::Value = serde_yaml::from_str(BASE).unwrap_or_default();
    edit(&mut value);
    match serde_yaml::from_value::<DaemonSet>(value) {
        Ok(ds) => ds,
        Err(e) => panic!("edited manifest does not parse: {e}"),
    }
}

fn set(value: &mut serde_yaml::Value, path: &[&str], new: &str) {
    let mut cursor = value;
    for key in path {
        if cursor.get(*key).is_none() {
            if let serde_yaml::Value::Mapping(map) = cursor {
                map.insert((*key).into(), serde_yaml::Value::Mapping(Default::default()));
            }
        }
        cursor = match cursor.get_mut(*key) {
            Some(next) => next,
            None => panic!("no {key}"),
        };
    }
    *cursor = serde_yaml::from_str(new).unwrap_or(serde_yaml::Value::Null);
}

/// Defaults, then validates, as the API server does on create; returns the messages.
fn errors(mut ds: DaemonSet) -> Vec<String> {
    default_daemonset(&mut ds);
    validate_daemonset(&ds).iter().map(ToString::to_string).collect()
}

fn one(ds: DaemonSet, expected: &str) {
    assert_eq!(errors(ds), vec![expected.to_owned()]);
}

#[test]
fn a_valid_daemonset_has_no_errors() {
    assert_eq!(errors(parse(BASE)), Vec::<String>::new());
}

#[test]
fn selector_must_match_template_labels() {
    let ds = with(|v| set(v, &["spec", "selector"], "{matchLabels: {app: fluentd}}"));
    one(ds.clone(), "spec.template.metadata.labels: Invalid value: {\"name\":\"fluentd\"}: `selector` does not match template `labels`");
    let mut defaulted = ds;
    default_daemonset(&mut defaulted);
    assert_eq!(
        invalid_object_message("DaemonSet", "fluentd", &validate_daemonset(&defaulted)),
        "The DaemonSet \"fluentd\" is invalid: spec.template.metadata.labels: Invalid value: {\"name\":\"fluentd\"}: `selector` does not match template `labels`"
    );
}

#[test]
fn match_expressions_take_part_in_matching() {
    let ok = with(|v| set(v, &["spec", "selector"], "{matchExpressions: [{key: name, operator: In, values: [fluentd, other]}]}"));
    assert_eq!(errors(ok), Vec::<String>::new());
    let bad = with(|v| set(v, &["spec", "selector"], "{matchExpressions: [{key: name, operator: NotIn, values: [fluentd]}]}"));
    one(bad, "spec.template.metadata.labels: Invalid value: {\"name\":\"fluentd\"}: `selector` does not match template `labels`");
}

#[test]
fn empty_selector_is_invalid() {
    one(
        with(|v| set(v, &["spec", "selector"], "{matchLabels: {}}")),
        "spec.selector: Invalid value: {}: empty selector is invalid for daemonset",
    );
}

#[test]
fn missing_selector_matches_nothing() {
    // No selector at all: LabelSelectorAsSelector(nil) is "nothing", so only the
    // mismatch is reported, not the empty-selector error.
    let errs = errors(with(|v| {
        if let Some(spec) = v.get_mut("spec").and_then(|s| s.as_mapping_mut()) {
            spec.remove("selector");
        }
    }));
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].ends_with("`selector` does not match template `labels`"), "{errs:?}");
}

#[test]
fn selector_requirement_needs_values_for_in() {
    // The selector does not convert, so no mismatch error follows.
    one(
        with(|v| set(v, &["spec", "selector"], "{matchExpressions: [{key: name, operator: In}]}")),
        "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    );
}

#[test]
fn a_daemonset_without_spec_has_a_nil_selector_and_no_containers() {
    let ds = parse("apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: x}\n");
    let mut defaulted = ds.clone();
    default_daemonset(&mut defaulted);
    let errs = validate_daemonset(&defaulted);
    assert_eq!(
        invalid_object_message("DaemonSet", "x", &errs),
        "The DaemonSet \"x\" is invalid: \n* spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`\n* spec.template.spec.containers: Required value"
    );
}

#[test]
fn kubectl_prints_a_repeated_cause_once() {
    // Two label values fail with the same path and message: the API server lists both
    // causes, kubectl (statusCausesToAggrError) prints the line once, and with one line
    // left it uses the one-line form.
    let ds = with(|v| set(v, &["metadata", "labels"], "{a: 'x y', b: 'x y'}"));
    let mut defaulted = ds.clone();
    default_daemonset(&mut defaulted);
    let errs = validate_daemonset(&defaulted);
    assert_eq!(errs.len(), 2);
    assert_eq!(
        invalid_object_message("DaemonSet", "fluentd", &errs),
        "The DaemonSet \"fluentd\" is invalid: metadata.labels: Invalid value: \"x y\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
    );
}

#[test]
fn template_restart_policy_must_be_always() {
    one(
        with(|v| set(v, &["spec", "template", "spec", "restartPolicy"], "Never")),
        "spec.template.spec.restartPolicy: Unsupported value: \"Never\": supported values: \"Always\"",
    );
}

#[test]
fn template_active_deadline_seconds_is_forbidden() {
    one(
        with(|v| set(v, &["spec", "template", "spec", "activeDeadlineSeconds"], "30")),
        "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported",
    );
}

#[test]
fn min_ready_seconds_is_not_negative() {
    one(
        with(|v| set(v, &["spec", "minReadySeconds"], "-1")),
        "spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0",
    );
}

#[test]
fn revision_history_limit_is_not_negative() {
    one(
        with(|v| set(v, &["spec", "revisionHistoryLimit"], "-2")),
        "spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0",
    );
}

#[test]
fn update_strategy_type_is_supported() {
    one(
        with(|v| set(v, &["spec", "updateStrategy"], "{type: Recreate}")),
        "spec.updateStrategy: Unsupported value: {\"Type\":\"Recreate\",\"RollingUpdate\":null}: supported values: \"RollingUpdate\", \"OnDelete\"",
    );
}

#[test]
fn on_delete_is_accepted() {
    assert_eq!(errors(with(|v| set(v, &["spec", "updateStrategy"], "{type: OnDelete}"))), Vec::<String>::new());
}

#[test]
fn max_surge_may_not_be_set_with_max_unavailable() {
    one(
        with(|v| set(v, &["spec", "updateStrategy"], "{type: RollingUpdate, rollingUpdate: {maxSurge: 5%, maxUnavailable: 10%}}")),
        "spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: \"5%\": may not be set when maxUnavailable is non-zero",
    );
}

#[test]
fn max_unavailable_cannot_be_zero_when_max_surge_is_zero() {
    one(
        with(|v| set(v, &["spec", "updateStrategy"], "{type: RollingUpdate, rollingUpdate: {maxSurge: 0, maxUnavailable: 0}}")),
        "spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0",
    );
}

#[test]
fn max_surge_alone_is_accepted() {
    let ds = with(|v| set(v, &["spec", "updateStrategy"], "{rollingUpdate: {maxSurge: 1, maxUnavailable: 0}}"));
    assert_eq!(errors(ds), Vec::<String>::new());
}

#[test]
fn percent_may_not_exceed_100() {
    one(
        with(|v| set(v, &["spec", "updateStrategy"], "{rollingUpdate: {maxUnavailable: 150%}}")),
        "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: \"150%\": must not be greater than 100%",
    );
}

#[test]
fn int_or_percent_must_be_a_percent_string() {
    assert_eq!(
        errors(with(|v| set(v, &["spec", "updateStrategy"], "{rollingUpdate: {maxUnavailable: abc}}"))),
        vec![
            "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: \"abc\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')".to_owned(),
            "spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0".to_owned(),
        ]
    );
}

#[test]
fn int_or_percent_must_not_be_negative() {
    one(
        with(|v| set(v, &["spec", "updateStrategy"], "{rollingUpdate: {maxUnavailable: -1}}")),
        "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: -1: must be greater than or equal to 0",
    );
}

#[test]
fn name_is_required() {
    one(with(|v| set(v, &["metadata"], "{}")), "metadata.name: Required value: name or generateName is required");
}

#[test]
fn name_is_a_dns_subdomain() {
    one(
        with(|v| set(v, &["metadata", "name"], "Fluentd_1")),
        "metadata.name: Invalid value: \"Fluentd_1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    );
}

#[test]
fn name_is_at_most_253_characters() {
    let long = "a".repeat(254);
    one(with(|v| set(v, &["metadata", "name"], &long)), &format!("metadata.name: Invalid value: \"{long}\": must be no more than 253 characters"));
}

#[test]
fn namespace_is_a_dns_label() {
    one(
        with(|v| set(v, &["metadata", "namespace"], "My_NS")),
        "metadata.namespace: Invalid value: \"My_NS\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    );
}

#[test]
fn label_keys_are_qualified_names() {
    one(
        with(|v| set(v, &["metadata", "labels"], "{-bad: x}")),
        "metadata.labels: Invalid value: \"-bad\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    );
}

#[test]
fn label_key_prefixes_are_dns_subdomains() {
    one(
        with(|v| set(v, &["metadata", "labels"], "{Example.com/x: y}")),
        "metadata.labels: Invalid value: \"Example.com/x\": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    );
}

#[test]
fn label_values_are_at_most_63_characters() {
    let long = "v".repeat(64);
    one(
        with(|v| set(v, &["metadata", "labels"], &format!("{{k: {long}}}"))),
        &format!("metadata.labels: Invalid value: \"{long}\": must be no more than 63 characters"),
    );
}

#[test]
fn label_values_match_the_label_regex() {
    one(
        with(|v| set(v, &["metadata", "labels"], "{k: \"a b\"}")),
        "metadata.labels: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    );
}

#[test]
fn annotations_are_at_most_256_kib() {
    let big = "x".repeat(256 * 1024);
    one(
        with(|v| set(v, &["metadata", "annotations"], &format!("{{note: {big}}}"))),
        "metadata.annotations: Too long: may not be more than 262144 bytes",
    );
}

#[test]
fn template_volume_mounts_name_existing_volumes() {
    one(
        with(|v| set(v, &["spec", "template", "spec", "containers"], "[{name: c, image: busybox, volumeMounts: [{name: x, mountPath: /x}]}]")),
        "spec.template.spec.containers[0].volumeMounts[0].name: Not found: \"x\"",
    );
}

#[test]
fn template_needs_a_container() {
    one(with(|v| set(v, &["spec", "template", "spec", "containers"], "[]")), "spec.template.spec.containers: Required value");
}

#[test]
fn template_labels_are_validated_under_the_template_path() {
    // ValidatePodTemplateSpec reports template labels at `spec.template.labels`.
    let ds = with(|v| {
        set(v, &["spec", "template", "metadata", "labels"], "{name: fluentd, \"a b\": x}");
    });
    assert_eq!(
        errors(ds),
        vec!["spec.template.labels: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')".to_owned()]
    );
}

#[test]
fn template_host_network_allows_unset_host_port() {
    let ds = with(|v| {
        set(v, &["spec", "template", "spec", "hostNetwork"], "true");
        set(v, &["spec", "template", "spec", "containers"], "[{name: c, image: busybox, ports: [{containerPort: 9100}]}]");
    });
    assert_eq!(errors(ds), Vec::<String>::new());
}

#[test]
fn update_may_not_change_the_selector() {
    let mut old = parse(BASE);
    default_daemonset(&mut old);
    let mut new = with(|v| {
        set(v, &["spec", "selector"], "{matchLabels: {app: other}}");
        set(v, &["spec", "template", "metadata", "labels"], "{app: other}");
    });
    default_daemonset(&mut new);
    let errs: Vec<String> = validate_daemonset_update(&new, &old).iter().map(ToString::to_string).collect();
    assert_eq!(
        errs,
        vec!["spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"other\"}}: field is immutable".to_owned()]
    );
}

/// `Semantic.DeepEqual` takes an empty list for none: adding `matchExpressions: []`
/// (or an empty `values`) leaves the selector as it was.
#[test]
fn update_with_empty_lists_keeps_the_selector() {
    let mut old = parse(BASE);
    default_daemonset(&mut old);
    let mut new = with(|v| set(v, &["spec", "selector"], "{matchLabels: {name: fluentd}, matchExpressions: []}"));
    default_daemonset(&mut new);
    assert_eq!(validate_daemonset_update(&new, &old), Vec::new());
}

#[test]
fn update_validates_the_new_spec_too() {
    let mut old = parse(BASE);
    default_daemonset(&mut old);
    let mut new = with(|v| set(v, &["spec", "updateStrategy"], "{rollingUpdate: {maxSurge: 1, maxUnavailable: 1}}"));
    default_daemonset(&mut new);
    let errs: Vec<String> = validate_daemonset_update(&new, &old).iter().map(ToString::to_string).collect();
    assert_eq!(errs, vec!["spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero".to_owned()]);
    let mut image_change = with(|v| set(v, &["spec", "template", "spec", "containers"], "[{name: fluentd, image: \"fluent/fluentd:v1.17\"}]"));
    default_daemonset(&mut image_change);
    assert!(validate_daemonset_update(&image_change, &old).is_empty());
}
