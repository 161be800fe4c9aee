//! Defaulting: SetDefaults_DaemonSet, SetDefaults_PodSpec and what they reach, SetDefaults_Pod.

use dsplay_model::defaults::{default_daemonset, default_node, default_pod, default_pod_spec};
use dsplay_model::k8s_openapi::api::apps::v1::DaemonSet;
use dsplay_model::k8s_openapi::api::core::v1::{Node, Pod, PodSpec};
use dsplay_model::k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

fn spec(yaml: &str) -> PodSpec {
    let mut spec: PodSpec = match serde_yaml::from_str(yaml) {
        Ok(spec) => spec,
        Err(e) => panic!("test spec does not parse: {e}"),
    };
    default_pod_spec(&mut spec);
    spec
}

#[test]
fn pod_spec_defaults() {
    let s = spec("containers: [{name: c, image: busybox:1.36}]");
    assert_eq!(s.restart_policy.as_deref(), Some("Always"));
    assert_eq!(s.dns_policy.as_deref(), Some("ClusterFirst"));
    assert_eq!(s.scheduler_name.as_deref(), Some("default-scheduler"));
    assert_eq!(s.termination_grace_period_seconds, Some(30));
    assert_eq!(s.security_context, Some(Default::default()));
    let c = &s.containers[..];
    assert_eq!(c.first().and_then(|c| c.termination_message_path.as_deref()), Some("/dev/termination-log"));
    assert_eq!(c.first().and_then(|c| c.termination_message_policy.as_deref()), Some("File"));
}

#[test]
fn explicit_values_are_kept() {
    let s = spec("restartPolicy: Never\ndnsPolicy: Default\nterminationGracePeriodSeconds: 5\ncontainers: [{name: c, image: busybox, imagePullPolicy: Never}]");
    assert_eq!(s.restart_policy.as_deref(), Some("Never"));
    assert_eq!(s.dns_policy.as_deref(), Some("Default"));
    assert_eq!(s.termination_grace_period_seconds, Some(5));
    assert_eq!(s.containers.first().and_then(|c| c.image_pull_policy.as_deref()), Some("Never"));
}

#[test]
fn image_pull_policy_follows_the_tag() {
    let policy = |image: &str| {
        spec(&format!("containers: [{{name: c, image: \"{image}\"}}]"))
            .containers
            .first()
            .and_then(|c| c.image_pull_policy.clone())
    };
    assert_eq!(policy("busybox").as_deref(), Some("Always"));
    assert_eq!(policy("busybox:latest").as_deref(), Some("Always"));
    assert_eq!(policy("registry.local:5000/busybox").as_deref(), Some("Always"));
    assert_eq!(policy("busybox:1.36").as_deref(), Some("IfNotPresent"));
    assert_eq!(policy("registry.local:5000/busybox:1.36").as_deref(), Some("IfNotPresent"));
    assert_eq!(policy("busybox@sha256:abcd").as_deref(), Some("IfNotPresent"));
}

#[test]
fn ports_default_to_tcp() {
    let s = spec("containers: [{name: c, image: x:1, ports: [{containerPort: 80}, {containerPort: 53, protocol: UDP}]}]");
    let protocols: Vec<Option<String>> = s.containers.iter().flat_map(|c| c.ports.iter().flatten()).map(|p| p.protocol.clone()).collect();
    assert_eq!(protocols, vec![Some("TCP".to_owned()), Some("UDP".to_owned())]);
}

#[test]
fn probes_get_their_defaults() {
    let s = spec("containers: [{name: c, image: x:1, readinessProbe: {httpGet: {port: 8080}}}]");
    let probe = s.containers.first().and_then(|c| c.readiness_probe.clone()).unwrap_or_default();
    assert_eq!(probe.timeout_seconds, Some(1));
    assert_eq!(probe.period_seconds, Some(10));
    assert_eq!(probe.success_threshold, Some(1));
    assert_eq!(probe.failure_threshold, Some(3));
    let http = probe.http_get.unwrap_or_default();
    assert_eq!(http.path.as_deref(), Some("/"));
    assert_eq!(http.scheme.as_deref(), Some("HTTP"));
}

#[test]
fn volumes_get_their_defaults() {
    let s = spec("containers: [{name: c, image: x:1}]\nvolumes: [{name: scratch}, {name: logs, hostPath: {path: /var/log}}, {name: conf, configMap: {name: cfg}}]");
    let volumes = s.volumes.unwrap_or_default();
    assert!(volumes.first().is_some_and(|v| v.empty_dir.is_some()));
    assert_eq!(volumes.get(1).and_then(|v| v.host_path.as_ref()).and_then(|h| h.type_.as_deref()), Some(""));
    assert_eq!(volumes.get(2).and_then(|v| v.config_map.as_ref()).and_then(|c| c.default_mode), Some(0o644));
}

#[test]
fn template_requests_are_not_defaulted_from_limits() {
    // SetDefaults_Pod runs on Pods only, never on a pod template.
    let s = spec("containers: [{name: c, image: x:1, resources: {limits: {cpu: 200m}}}]");
    assert_eq!(s.containers.first().and_then(|c| c.resources.as_ref()).and_then(|r| r.requests.clone()), None);
}

#[test]
fn daemonset_defaults() {
    let mut ds: DaemonSet = serde_yaml::from_str(
        "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec: {containers: [{name: c, image: x}]}\n",
    )
    .unwrap_or_default();
    default_daemonset(&mut ds);
    assert_eq!(ds.metadata.namespace.as_deref(), Some("default"));
    let spec = ds.spec.unwrap_or_default();
    assert_eq!(spec.revision_history_limit, Some(10));
    let strategy = spec.update_strategy.unwrap_or_default();
    assert_eq!(strategy.type_.as_deref(), Some("RollingUpdate"));
    let rolling = strategy.rolling_update.unwrap_or_default();
    assert_eq!(rolling.max_unavailable, Some(IntOrString::Int(1)));
    assert_eq!(rolling.max_surge, Some(IntOrString::Int(0)));
    let pod_spec = spec.template.spec.unwrap_or_default();
    assert_eq!(pod_spec.restart_policy.as_deref(), Some("Always"));
    assert_eq!(pod_spec.containers.first().and_then(|c| c.image_pull_policy.as_deref()), Some("Always"));
}

#[test]
fn on_delete_gets_no_rolling_update() {
    let mut ds: DaemonSet = serde_yaml::from_str(
        "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {a: b}}\n  updateStrategy: {type: OnDelete}\n  template: {spec: {containers: []}}\n",
    )
    .unwrap_or_default();
    default_daemonset(&mut ds);
    let strategy = ds.spec.and_then(|s| s.update_strategy).unwrap_or_default();
    assert_eq!(strategy.type_.as_deref(), Some("OnDelete"));
    assert!(strategy.rolling_update.is_none());
}

#[test]
fn pod_requests_default_to_limits() {
    let mut pod: Pod = serde_yaml::from_str(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: x:1, resources: {requests: {memory: 64Mi}, limits: {cpu: 200m, memory: 128Mi}}}]}\n",
    )
    .unwrap_or_default();
    default_pod(&mut pod);
    let requests = pod.spec.unwrap_or_default().containers.first().and_then(|c| c.resources.clone()).and_then(|r| r.requests).unwrap_or_default();
    let text: Vec<(String, String)> = requests.into_iter().map(|(k, v)| (k, v.0)).collect();
    assert_eq!(text, vec![("cpu".to_owned(), "200m".to_owned()), ("memory".to_owned(), "64Mi".to_owned())]);
}

#[test]
fn host_network_pods_get_host_ports() {
    let mut pod: Pod = serde_yaml::from_str(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {hostNetwork: true, containers: [{name: c, image: x:1, ports: [{containerPort: 9100}]}]}\n",
    )
    .unwrap_or_default();
    default_pod(&mut pod);
    let spec = pod.spec.unwrap_or_default();
    assert_eq!(spec.containers.first().and_then(|c| c.ports.as_ref()).and_then(|p| p.first()).and_then(|p| p.host_port), Some(9100));
    assert_eq!(spec.enable_service_links, Some(true));
}

#[test]
fn node_allocatable_defaults_to_capacity() {
    let mut node: Node = serde_yaml::from_str("apiVersion: v1\nkind: Node\nmetadata: {name: n}\nstatus: {capacity: {cpu: '4'}}\n").unwrap_or_default();
    default_node(&mut node);
    let status = node.status.unwrap_or_default();
    assert_eq!(status.allocatable, status.capacity);
}
