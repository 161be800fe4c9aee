//! Node validation: name, namespace, taints.

use dsplay_model::defaults::default_node;
use dsplay_model::k8s_openapi::api::core::v1::Node;
use dsplay_model::validation::{invalid_object_message, validate_node};

fn errors(yaml: &str) -> Vec<String> {
    let mut node = match serde_yaml::from_str::<Node>(&format!("apiVersion: v1\nkind: Node\n{yaml}")) {
        Ok(node) => node,
        Err(e) => panic!("test node does not parse: {e}"),
    };
    default_node(&mut node);
    validate_node(&node).iter().map(ToString::to_string).collect()
}

fn taints(list: &str) -> Vec<String> {
    errors(&format!("metadata: {{name: node-01}}\nspec: {{taints: {list}}}\n"))
}

#[test]
fn a_valid_node_has_no_errors() {
    assert_eq!(
        errors("metadata: {name: node-01, labels: {kubernetes.io/hostname: node-01}}\nspec: {taints: [{key: node-role.kubernetes.io/control-plane, effect: NoSchedule}]}\nstatus: {capacity: {cpu: '4', memory: 8Gi, pods: '110'}}\n"),
        Vec::<String>::new()
    );
}

#[test]
fn name_is_a_dns_subdomain() {
    assert_eq!(
        errors("metadata: {name: Node_01}\n"),
        vec!["metadata.name: Invalid value: \"Node_01\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')".to_owned()]
    );
}

#[test]
fn nodes_have_no_namespace() {
    assert_eq!(
        errors("metadata: {name: node-01, namespace: default}\n"),
        vec!["metadata.namespace: Forbidden: not allowed on this type".to_owned()]
    );
}

#[test]
fn taint_effect_is_supported() {
    assert_eq!(
        taints("[{key: dedicated, value: gpu, effect: NoRun}]"),
        vec!["metadata.taints[0].effect: Unsupported value: \"NoRun\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\"".to_owned()]
    );
}

#[test]
fn taint_effect_is_required() {
    assert_eq!(taints("[{key: dedicated, effect: ''}]"), vec!["metadata.taints[0].effect: Required value".to_owned()]);
}

#[test]
fn taint_key_is_a_qualified_name() {
    assert_eq!(
        taints("[{key: bad key, effect: NoSchedule}]"),
        vec!["metadata.taints[0].key: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')".to_owned()]
    );
}

#[test]
fn taint_value_is_a_label_value() {
    assert_eq!(
        taints("[{key: k, value: 'a b', effect: NoSchedule}]"),
        vec!["metadata.taints[0].value: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')".to_owned()]
    );
}

#[test]
fn taints_are_unique_by_key_and_effect() {
    let errs = taints("[{key: dedicated, value: a, effect: NoSchedule}, {key: dedicated, value: b, effect: NoExecute}, {key: dedicated, value: c, effect: NoSchedule}]");
    assert_eq!(
        errs,
        vec!["metadata.taints[2]: Duplicate value: {\"Key\":\"dedicated\",\"Value\":\"c\",\"Effect\":\"NoSchedule\",\"TimeAdded\":null}: taints must be unique by key and effect pair".to_owned()]
    );
}

#[test]
fn pods_and_extended_resources_are_whole_numbers() {
    // ValidateResourceQuantityValue: pods is one of helper.integerResources, example.com/fpga
    // an extended resource; the Quantity itself is the bad value (JSON, canonical, quoted).
    assert_eq!(
        errors("metadata: {name: n1}\nstatus: {allocatable: {cpu: '-1', pods: '1.5'}, capacity: {example.com/fpga: 500m}}\n"),
        vec![
            "status.capacity.example.com/fpga: Invalid value: \"500m\": must be an integer".to_owned(),
            "status.allocatable.cpu: Invalid value: \"-1\": must be greater than or equal to 0".to_owned(),
            "status.allocatable.pods: Invalid value: \"1500m\": must be an integer".to_owned(),
        ]
    );
}

#[test]
fn capacity_quantities_are_not_negative() {
    assert_eq!(
        errors("metadata: {name: node-01}\nstatus: {capacity: {cpu: '-4'}}\n"),
        vec![
            "status.capacity.cpu: Invalid value: \"-4\": must be greater than or equal to 0".to_owned(),
            // Allocatable defaults to capacity, so the same value is reported there too.
            "status.allocatable.cpu: Invalid value: \"-4\": must be greater than or equal to 0".to_owned(),
        ]
    );
}

#[test]
fn several_errors_print_as_kubectl_lists_them() {
    let mut node = Node::default();
    node.metadata.name = Some("Bad_Node".to_owned());
    node.metadata.namespace = Some("default".to_owned());
    let errs = validate_node(&node);
    let text = invalid_object_message("Node", "Bad_Node", &errs);
    assert!(text.starts_with("The Node \"Bad_Node\" is invalid: \n* metadata.name: Invalid value: \"Bad_Node\": "), "{text}");
    assert!(text.ends_with("\n* metadata.namespace: Forbidden: not allowed on this type"), "{text}");
}
