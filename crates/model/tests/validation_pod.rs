//! Pod validation (field paths start at `spec`), one test per rule.

use dsplay_model::defaults::default_pod;
use dsplay_model::k8s_openapi::api::core::v1::Pod;
use dsplay_model::validation::validate_pod;

/// A pod whose `spec` is the given YAML flow mapping.
fn pod(spec: &str) -> Pod {
    let yaml = format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: web}}\nspec: {spec}\n");
    match serde_yaml::from_str::<Pod>(&yaml) {
        Ok(pod) => pod,
        Err(e) => panic!("test pod does not parse: {e}"),
    }
}

fn errors(spec: &str) -> Vec<String> {
    let mut p = pod(spec);
    default_pod(&mut p);
    validate_pod(&p).iter().map(ToString::to_string).collect()
}

fn one(spec: &str, expected: &str) {
    assert_eq!(errors(spec), vec![expected.to_owned()]);
}

const C: &str = "{name: web, image: nginx}";

#[test]
fn a_valid_pod_has_no_errors() {
    assert_eq!(errors(&format!("{{containers: [{C}]}}")), Vec::<String>::new());
}

#[test]
fn at_least_one_container() {
    one("{containers: []}", "spec.containers: Required value");
}

#[test]
fn container_name_is_required() {
    one("{containers: [{name: '', image: nginx}]}", "spec.containers[0].name: Required value");
}

#[test]
fn container_name_is_a_dns_label() {
    one(
        "{containers: [{name: Web_1, image: nginx}]}",
        "spec.containers[0].name: Invalid value: \"Web_1\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    );
}

#[test]
fn container_names_are_unique() {
    one(&format!("{{containers: [{C}, {C}]}}"), "spec.containers[1].name: Duplicate value: \"web\"");
}

#[test]
fn image_is_required() {
    one("{containers: [{name: web}]}", "spec.containers[0].image: Required value");
}

#[test]
fn container_port_is_in_range() {
    one(
        "{containers: [{name: web, image: nginx, ports: [{containerPort: 70000}]}]}",
        "spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive",
    );
}

#[test]
fn host_port_is_in_range() {
    one(
        "{containers: [{name: web, image: nginx, ports: [{containerPort: 80, hostPort: -1}]}]}",
        "spec.containers[0].ports[0].hostPort: Invalid value: -1: must be between 1 and 65535, inclusive",
    );
}

#[test]
fn port_protocol_is_supported() {
    one(
        "{containers: [{name: web, image: nginx, ports: [{containerPort: 80, protocol: HTTP}]}]}",
        "spec.containers[0].ports[0].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\"",
    );
}

#[test]
fn port_name_is_an_iana_svc_name() {
    one(
        "{containers: [{name: web, image: nginx, ports: [{name: http_metrics, containerPort: 80}]}]}",
        "spec.containers[0].ports[0].name: Invalid value: \"http_metrics\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)",
    );
}

#[test]
fn host_ports_do_not_conflict() {
    one(
        "{containers: [{name: a, image: nginx, ports: [{containerPort: 80, hostPort: 8080}]}, {name: b, image: nginx, ports: [{containerPort: 81, hostPort: 8080}]}]}",
        "spec.containers[1].ports[0].hostPort: Duplicate value: \"TCP//8080\"",
    );
}

#[test]
fn requests_are_at_most_limits() {
    one(
        "{containers: [{name: web, image: nginx, resources: {requests: {cpu: 500m}, limits: {cpu: 200m}}}]}",
        "spec.containers[0].resources.requests: Invalid value: \"500m\": must be less than or equal to cpu limit of 200m",
    );
}

#[test]
fn quantities_must_parse() {
    // SetDefaults_Pod copies the limit into requests, so both are reported.
    assert_eq!(
        errors("{containers: [{name: web, image: nginx, resources: {limits: {memory: lots}}}]}"),
        vec![
            "spec.containers[0].resources.limits[memory]: Invalid value: \"lots\": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'".to_owned(),
            "spec.containers[0].resources.requests[memory]: Invalid value: \"lots\": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'".to_owned(),
        ]
    );
}

#[test]
fn quantities_are_not_negative() {
    one(
        "{containers: [{name: web, image: nginx, resources: {requests: {cpu: '-1'}}}]}",
        "spec.containers[0].resources.requests[cpu]: Invalid value: \"-1\": must be greater than or equal to 0",
    );
}

#[test]
fn extended_resources_are_whole_numbers() {
    // The Quantity itself is the bad value: json.Marshal writes its canonical form, quoted.
    // SetDefaults_Pod copies the limit into requests, so both are reported.
    assert_eq!(
        errors("{containers: [{name: web, image: nginx, resources: {limits: {example.com/gpu: '1.5'}}}]}"),
        vec![
            "spec.containers[0].resources.limits[example.com/gpu]: Invalid value: \"1500m\": must be an integer".to_owned(),
            "spec.containers[0].resources.requests[example.com/gpu]: Invalid value: \"1500m\": must be an integer".to_owned(),
        ]
    );
}

#[test]
fn resource_names_are_standard_for_containers() {
    assert_eq!(
        errors("{containers: [{name: web, image: nginx, resources: {requests: {pods: '1'}}}]}"),
        vec!["spec.containers[0].resources.requests[pods]: Invalid value: \"pods\": must be a standard resource for containers".to_owned()]
    );
}

#[test]
fn restart_policy_is_supported() {
    one(
        &format!("{{restartPolicy: Sometimes, containers: [{C}]}}"),
        "spec.restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\"",
    );
}

#[test]
fn dns_policy_is_supported() {
    one(
        &format!("{{dnsPolicy: Google, containers: [{C}]}}"),
        "spec.dnsPolicy: Unsupported value: \"Google\": supported values: \"ClusterFirstWithHostNet\", \"ClusterFirst\", \"Default\", \"None\"",
    );
}

#[test]
fn image_pull_policy_is_supported() {
    one(
        "{containers: [{name: web, image: nginx, imagePullPolicy: Sometimes}]}",
        "spec.containers[0].imagePullPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\"",
    );
}

#[test]
fn toleration_exists_has_no_value() {
    one(
        &format!("{{tolerations: [{{key: foo, operator: Exists, value: bar}}], containers: [{C}]}}"),
        // Upstream passes the whole (internal) toleration as the bad value.
        "spec.tolerations[0].operator: Invalid value: {\"Key\":\"foo\",\"Operator\":\"Exists\",\"Value\":\"bar\",\"Effect\":\"\",\"TolerationSeconds\":null}: value must be empty when `operator` is 'Exists'",
    );
}

#[test]
fn os_name_is_linux_or_windows() {
    one(&format!("{{os: {{name: plan9}}, containers: [{C}]}}"), "spec.os: Unsupported value: \"plan9\": supported values: \"linux\", \"windows\"");
    one(&format!("{{os: {{name: ''}}, containers: [{C}]}}"), "spec.os.name: Required value: cannot be empty");
}

#[test]
fn toleration_effect_is_supported() {
    one(
        &format!("{{tolerations: [{{key: foo, operator: Exists, effect: NoRun}}], containers: [{C}]}}"),
        "spec.tolerations[0].effect: Unsupported value: \"NoRun\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\"",
    );
}

#[test]
fn toleration_seconds_need_no_execute() {
    one(
        &format!("{{tolerations: [{{key: foo, operator: Exists, effect: NoSchedule, tolerationSeconds: 30}}], containers: [{C}]}}"),
        "spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
    );
}

#[test]
fn toleration_without_key_must_be_exists() {
    one(
        &format!("{{tolerations: [{{operator: Equal, value: x}}], containers: [{C}]}}"),
        "spec.tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` is empty, which means \"match all values and all keys\"",
    );
}

#[test]
fn toleration_operator_is_supported() {
    one(
        &format!("{{tolerations: [{{key: cpus, operator: Gt, value: '4'}}], containers: [{C}]}}"),
        "spec.tolerations[0].operator: Unsupported value: \"Gt\": supported values: \"Equal\", \"Exists\"",
    );
}

fn affinity(terms: &str) -> String {
    format!("{{affinity: {{nodeAffinity: {{requiredDuringSchedulingIgnoredDuringExecution: {{nodeSelectorTerms: {terms}}}}}}}, containers: [{C}]}}")
}

const NA: &str = "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms";

#[test]
fn node_selector_terms_are_required() {
    one(&affinity("[]"), &format!("{NA}: Required value: must have at least one node selector term"));
}

#[test]
fn node_selector_operator_is_valid() {
    one(
        &affinity("[{matchExpressions: [{key: disk, operator: Like, values: [ssd]}]}]"),
        &format!("{NA}[0].matchExpressions[0].operator: Invalid value: \"Like\": not a valid selector operator"),
    );
}

#[test]
fn node_selector_in_needs_values() {
    one(
        &affinity("[{matchExpressions: [{key: disk, operator: In}]}]"),
        &format!("{NA}[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"),
    );
}

#[test]
fn node_selector_exists_forbids_values() {
    one(
        &affinity("[{matchExpressions: [{key: disk, operator: Exists, values: [ssd]}]}]"),
        &format!("{NA}[0].matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'"),
    );
}

#[test]
fn node_selector_gt_needs_one_value() {
    one(
        &affinity("[{matchExpressions: [{key: cpus, operator: Gt, values: ['1', '2']}]}]"),
        &format!("{NA}[0].matchExpressions[0].values: Required value: must be specified single value when `operator` is 'Lt' or 'Gt'"),
    );
}

#[test]
fn match_fields_only_know_metadata_name() {
    one(
        &affinity("[{matchFields: [{key: metadata.labels, operator: In, values: [a]}]}]"),
        &format!("{NA}[0].matchFields[0].key: Invalid value: \"metadata.labels\": not a valid field selector key"),
    );
}

#[test]
fn match_fields_take_exactly_one_value() {
    one(
        &affinity("[{matchFields: [{key: metadata.name, operator: In, values: [a, b]}]}]"),
        &format!("{NA}[0].matchFields[0].values: Required value: must be only one value when `operator` is 'In' or 'NotIn' for node field selector"),
    );
}

#[test]
fn match_fields_take_in_or_not_in() {
    one(
        &affinity("[{matchFields: [{key: metadata.name, operator: Exists}]}]"),
        &format!("{NA}[0].matchFields[0].operator: Invalid value: \"Exists\": not a valid selector operator"),
    );
}

#[test]
fn node_selector_keys_are_label_keys() {
    one(
        &format!("{{nodeSelector: {{\"disk type\": ssd}}, containers: [{C}]}}"),
        "spec.nodeSelector: Invalid value: \"disk type\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    );
}

#[test]
fn host_network_needs_host_port_equal_to_container_port() {
    one(
        "{hostNetwork: true, containers: [{name: web, image: nginx, ports: [{containerPort: 9100, hostPort: 9200}]}]}",
        "spec.containers[0].ports[0].hostPort: Invalid value: 9200: must match `containerPort` when `hostNetwork` is true",
    );
}

#[test]
fn volume_names_are_unique() {
    one(
        &format!("{{volumes: [{{name: data, emptyDir: {{}}}}, {{name: data, emptyDir: {{}}}}], containers: [{C}]}}"),
        "spec.volumes[1].name: Duplicate value: \"data\"",
    );
}

#[test]
fn volume_mounts_name_existing_volumes() {
    one(
        "{containers: [{name: web, image: nginx, volumeMounts: [{name: x, mountPath: /x}]}]}",
        "spec.containers[0].volumeMounts[0].name: Not found: \"x\"",
    );
}

#[test]
fn host_paths_have_no_backsteps() {
    one(
        &format!("{{volumes: [{{name: etc, hostPath: {{path: /var/../etc}}}}], containers: [{C}]}}"),
        "spec.volumes[0].hostPath.path: Invalid value: \"/var/../etc\": must not contain '..'",
    );
}

#[test]
fn active_deadline_seconds_is_positive() {
    one(
        &format!("{{activeDeadlineSeconds: 0, containers: [{C}]}}"),
        "spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive",
    );
}

#[test]
fn liveness_probe_success_threshold_is_one() {
    one(
        "{containers: [{name: web, image: nginx, livenessProbe: {tcpSocket: {port: 80}, successThreshold: 2}}]}",
        "spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1",
    );
}

#[test]
fn probes_need_a_handler() {
    one(
        "{containers: [{name: web, image: nginx, readinessProbe: {periodSeconds: 5}}]}",
        "spec.containers[0].readinessProbe: Required value: must specify a handler type",
    );
}

#[test]
fn images_have_no_surrounding_whitespace() {
    one(
        "{containers: [{name: web, image: ' nginx'}]}",
        "spec.containers[0].image: Invalid value: \" nginx\": must not have leading or trailing whitespace",
    );
}

#[test]
fn env_from_names_one_source() {
    one(
        "{containers: [{name: web, image: nginx, envFrom: [{}]}]}",
        "spec.containers[0].envFrom: Invalid value: \"\": must specify one of: `configMapRef` or `secretRef`",
    );
    one(
        "{containers: [{name: web, image: nginx, envFrom: [{configMapRef: {name: a}, secretRef: {name: b}}]}]}",
        "spec.containers[0].envFrom: Invalid value: \"\": may not have more than one field specified at a time",
    );
    one("{containers: [{name: web, image: nginx, envFrom: [{configMapRef: {name: ''}}]}]}", "spec.containers[0].envFrom[0].configMapRef.name: Required value");
    assert_eq!(errors("{containers: [{name: web, image: nginx, envFrom: [{prefix: APP_, configMapRef: {name: settings}}]}]}"), Vec::<String>::new());
}

#[test]
fn pod_security_context_ids() {
    one(
        &format!("{{securityContext: {{runAsUser: -1}}, containers: [{C}]}}"),
        "spec.securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive",
    );
}

#[test]
fn env_key_selectors_name_a_key() {
    one(
        "{containers: [{name: web, image: nginx, env: [{name: A, valueFrom: {configMapKeyRef: {name: settings, key: ''}}}]}]}",
        "spec.containers[0].env[0].valueFrom.configMapKeyRef.key: Required value",
    );
    one(
        "{containers: [{name: web, image: nginx, env: [{name: A, valueFrom: {secretKeyRef: {name: creds, key: 'bad key'}}}]}]}",
        "spec.containers[0].env[0].valueFrom.secretKeyRef.key: Invalid value: \"bad key\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
    );
    one(
        "{containers: [{name: web, image: nginx, env: [{name: A, valueFrom: {configMapKeyRef: {name: settings, key: ..x}}}]}]}",
        "spec.containers[0].env[0].valueFrom.configMapKeyRef.key: Invalid value: \"..x\": must not start with '..'",
    );
    assert_eq!(
        errors("{containers: [{name: web, image: nginx, env: [{name: A, valueFrom: {configMapKeyRef: {name: settings, key: log.level}}}]}]}"),
        Vec::<String>::new()
    );
}
