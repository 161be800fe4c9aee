use std::collections::BTreeMap;

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Pod;
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;
use serde::Deserialize;

use super::*;

fn yaml(text: &str) -> Value {
    serde_yaml::from_str(text).unwrap_or_else(|e| panic!("test YAML: {e}"))
}

fn paths(paths: &[FieldPath]) -> Vec<String> {
    paths.iter().map(ToString::to_string).collect()
}

/// The error of decoding `text` as a Kubernetes `T`: its message and path.
fn kubernetes_error<T: DeserializeOwned + fmt::Debug>(text: &str) -> (String, String) {
    match decode::<T>(&yaml(text), Dialect::Kubernetes).result {
        Ok(value) => panic!("must not decode: {value:?}"),
        Err(error) => (error.message, error.path.map(|p| p.to_string()).unwrap_or_default()),
    }
}

fn kubernetes<T: DeserializeOwned>(text: &str) -> T {
    decode::<T>(&yaml(text), Dialect::Kubernetes).result.unwrap_or_else(|e| panic!("{e}"))
}

/// A DaemonSet whose pod spec holds `pod_spec` (YAML flow mapping entries).
fn daemonset(spec: &str, pod_spec: &str) -> String {
    format!("spec: {{{spec} template: {{spec: {{{pod_spec}}}}}}}")
}

// ----- the playground's own documents: serde's rules -----

#[test]
fn unknown_fields_are_listed_in_document_order_for_the_playground() {
    let value = yaml("metadata: {name: a, nmae: b}\nspec:\n  containers:\n  - name: c\n    imagee: x\n  bogus: 1\n");
    let decoded = decode::<Pod>(&value, Dialect::Playground);
    assert!(decoded.result.is_ok());
    assert_eq!(paths(&decoded.unknown_fields), ["metadata.nmae", "spec.containers[0].imagee", "spec.bogus"]);
}

#[test]
fn a_wrong_type_is_serdes_for_the_playground() {
    let value = yaml("spec:\n  containers:\n  - name: c\n    ports:\n    - containerPort: eighty\n");
    let error = decode::<Pod>(&value, Dialect::Playground).result.err();
    let error = error.unwrap_or_else(|| panic!("a string port must not decode"));
    assert_eq!(error.message, "invalid type: string \"eighty\", expected i32");
    assert_eq!(error.path.map(|p| p.to_string()).as_deref(), Some("spec.containers[0].ports[0].containerPort"));
}

#[test]
fn a_missing_field_stands_at_its_object() {
    #[derive(Deserialize, Debug)]
    struct Outer {
        #[allow(dead_code)]
        inner: Vec<Inner>,
    }
    #[derive(Deserialize, Debug)]
    struct Inner {
        #[allow(dead_code)]
        name: String,
    }
    let error = decode::<Outer>(&yaml("inner:\n- {name: a}\n- {nmae: b}\n"), Dialect::Playground).result.err();
    let error = error.unwrap_or_else(|| panic!("an inner object without a name must not decode"));
    assert_eq!(error.message, "missing field `name`");
    assert_eq!(error.path.map(|p| p.to_string()).as_deref(), Some("inner[1]"));
}

#[derive(Deserialize, Debug, PartialEq)]
struct Numbers {
    small: u8,
    negative: i64,
    real: f64,
    labels: BTreeMap<String, String>,
}

#[test]
fn numbers_decode_as_the_type_wants() {
    let decoded = decode::<Numbers>(&yaml("small: 7\nnegative: -3\nreal: 2.5\nlabels: {a: b}\n"), Dialect::Playground);
    let numbers = decoded.result.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(numbers, Numbers { small: 7, negative: -3, real: 2.5, labels: [("a".into(), "b".into())].into() });
    let too_big = decode::<Numbers>(&yaml("small: 300\nnegative: 1\nreal: 1\nlabels: {}\n"), Dialect::Playground).result.err();
    assert_eq!(too_big.map(|e| e.message), Some("invalid value: integer `300`, expected u8".into()));
}

// ----- Kubernetes objects: the API server's decoder -----

#[test]
fn null_is_the_zero_value() {
    let pod: Pod = kubernetes("metadata:\nspec:\n  containers:\n  - name:\n    image: x\n  tolerations:\n");
    let spec = pod.spec.unwrap_or_default();
    assert_eq!((spec.containers.len(), spec.containers[0].name.as_str(), spec.tolerations), (1, "", None));
}

#[test]
fn unknown_fields_come_in_key_order_as_kubectls_json_has_them() {
    let value = yaml("metadata: {zzz: 1, name: a}\nspec:\n  template: {spec: {containers: [{name: c, bogus: 1}]}}\n  selector: {}\n  aaa: 1\n");
    let decoded = decode::<DaemonSet>(&value, Dialect::Kubernetes);
    assert!(decoded.result.is_ok());
    assert_eq!(paths(&decoded.unknown_fields), ["metadata.zzz", "spec.aaa", "spec.template.spec.containers[0].bogus"]);
}

#[test]
fn a_wrong_scalar_names_the_go_struct_field_and_type() {
    assert_eq!(
        kubernetes_error::<DaemonSet>("spec: {minReadySeconds: ten}"),
        (
            "json: cannot unmarshal string into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32".to_owned(),
            "spec.minReadySeconds".to_owned()
        )
    );
    assert_eq!(
        kubernetes_error::<DaemonSet>(&daemonset("", "hostNetwork: 'true'")).0,
        "json: cannot unmarshal string into Go struct field PodSpec.spec.template.spec.hostNetwork of type bool"
    );
    assert_eq!(
        kubernetes_error::<DaemonSet>(&daemonset("", "restartPolicy: 1")).0,
        "json: cannot unmarshal number into Go struct field PodSpec.spec.template.spec.restartPolicy of type v1.RestartPolicy"
    );
}

#[test]
fn a_number_for_a_string_leaves_out_list_indices_and_map_keys() {
    assert_eq!(
        kubernetes_error::<DaemonSet>("metadata: {labels: {app: x, version: 1}}"),
        (
            "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string".to_owned(),
            "metadata.labels[version]".to_owned()
        )
    );
    assert_eq!(
        kubernetes_error::<DaemonSet>(&daemonset("", "containers: [{name: c, env: [{name: A, value: 1}]}]")),
        (
            "json: cannot unmarshal number into Go struct field EnvVar.spec.template.spec.containers.env.value of type string".to_owned(),
            "spec.template.spec.containers[0].env[0].value".to_owned()
        )
    );
}

#[test]
fn lists_and_objects_of_the_wrong_shape_name_the_whole_go_type() {
    assert_eq!(
        kubernetes_error::<DaemonSet>(&daemonset("", "containers: {name: c, image: x}")).0,
        "json: cannot unmarshal object into Go struct field PodSpec.spec.template.spec.containers of type []v1.Container"
    );
    assert_eq!(
        kubernetes_error::<DaemonSet>(&daemonset("", "containers: [{name: c, command: sleep 1}]")).0,
        "json: cannot unmarshal string into Go struct field Container.spec.template.spec.containers.command of type []string"
    );
    assert_eq!(
        kubernetes_error::<DaemonSet>("spec: {selector: [app]}").0,
        "json: cannot unmarshal array into Go struct field DaemonSetSpec.spec.selector of type v1.LabelSelector"
    );
    assert_eq!(
        kubernetes_error::<DaemonSet>(&daemonset("", "nodeSelector: [a]")).0,
        "json: cannot unmarshal array into Go struct field PodSpec.spec.template.spec.nodeSelector of type map[string]string"
    );
    assert_eq!(
        kubernetes_error::<DaemonSet>(&daemonset("", "containers: [{name: c, resources: {limits: [1]}}]")).0,
        "json: cannot unmarshal array into Go struct field ResourceRequirements.spec.template.spec.containers.resources.limits of type v1.ResourceList"
    );
}

#[test]
fn an_integral_float_is_an_integer_and_a_fraction_is_a_wrong_number() {
    let ds: DaemonSet = kubernetes("spec: {minReadySeconds: 10.0, revisionHistoryLimit: 1e1}");
    let spec = ds.spec.unwrap_or_default();
    assert_eq!((spec.min_ready_seconds, spec.revision_history_limit), (Some(10), Some(10)));
    assert_eq!(
        kubernetes_error::<DaemonSet>("spec: {minReadySeconds: 1.5}").0,
        "json: cannot unmarshal number 1.5 into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32"
    );
    assert_eq!(
        kubernetes_error::<DaemonSet>("spec: {minReadySeconds: 3000000000}").0,
        "json: cannot unmarshal number 3000000000 into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32"
    );
}

#[test]
fn int_or_string_reads_anything_but_a_string_as_its_int32() {
    let rolling = |budget: &str| format!("spec: {{updateStrategy: {{rollingUpdate: {{maxUnavailable: {budget}}}}}}}");
    let budget = |ds: DaemonSet| ds.spec.and_then(|s| s.update_strategy).and_then(|u| u.rolling_update).and_then(|r| r.max_unavailable);
    assert_eq!(budget(kubernetes(&rolling("2.0"))), Some(IntOrString::Int(2)));
    assert_eq!(budget(kubernetes(&rolling("'10%'"))), Some(IntOrString::String("10%".into())));
    let field = "Go struct field RollingUpdateDaemonSet.spec.updateStrategy.rollingUpdate.maxUnavailable of type int32";
    assert_eq!(kubernetes_error::<DaemonSet>(&rolling("1.5")).0, format!("json: cannot unmarshal number 1.5 into {field}"));
    assert_eq!(kubernetes_error::<DaemonSet>(&rolling("true")).0, format!("json: cannot unmarshal bool into {field}"));
    assert_eq!(kubernetes_error::<DaemonSet>(&rolling("[1]")).0, format!("json: cannot unmarshal array into {field}"));
}

#[test]
fn the_first_wrong_type_in_key_order_is_the_answer() {
    // Go decodes on after a wrong type and reports the earliest; keys come sorted.
    let (message, path) = kubernetes_error::<DaemonSet>("spec: {revisionHistoryLimit: y, minReadySeconds: x, bogus: 1}");
    assert_eq!(
        (message.as_str(), path.as_str()),
        ("json: cannot unmarshal string into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32", "spec.minReadySeconds")
    );
}

#[test]
fn a_quantity_must_parse_and_its_error_stops_decoding() {
    let resources = |requests: &str| daemonset("minReadySeconds: x,", &format!("containers: [{{name: c, resources: {{requests: {requests}}}}}]"));
    // The quantity's own error wins over the wrong type met before it.
    assert_eq!(
        kubernetes_error::<DaemonSet>(&resources("{cpu: 1 core}")),
        (
            "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'".to_owned(),
            "spec.template.spec.containers[0].resources.requests[cpu]".to_owned()
        )
    );
    assert_eq!(kubernetes_error::<DaemonSet>(&resources("{memory: 1kk}")).0, "unable to parse quantity's suffix");
    let requests = |text: &str| {
        let ds: DaemonSet = kubernetes(&daemonset("", &format!("containers: [{{name: c, resources: {{requests: {text}}}}}]")));
        let containers = ds.spec.and_then(|s| s.template.spec).map(|s| s.containers).unwrap_or_default();
        containers.into_iter().next().and_then(|c| c.resources).and_then(|r| r.requests).unwrap_or_default()
    };
    let parsed = requests("{cpu: ' 2 ', memory: 1.5e3}");
    assert_eq!(parsed.get("cpu"), Some(&Quantity("2".into())));
    assert_eq!(parsed.get("memory"), Some(&Quantity("1500".into())));
}

#[test]
fn other_scalar_keys_are_strings_as_in_kubectls_json() {
    let ds: DaemonSet = kubernetes("metadata: {labels: {1: a, true: b}}");
    let labels = ds.metadata.labels.unwrap_or_default();
    assert_eq!(labels.keys().collect::<Vec<_>>(), ["1", "true"]);
}

#[test]
fn a_serde_struct_is_named_by_its_serde_name() {
    assert_eq!(
        kubernetes_error::<Numbers>("small: 300\nnegative: 1\nreal: 1\nlabels: {}\n").0,
        "json: cannot unmarshal number 300 into Go struct field Numbers.small of type uint8"
    );
}
