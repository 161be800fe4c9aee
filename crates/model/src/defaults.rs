//! Defaulting as the API server does it before validation: `SetDefaults_DaemonSet`
//! (apps/v1), `SetDefaults_PodSpec`, `SetDefaults_Container`, `SetDefaults_Probe`,
//! `SetDefaults_Volume` ... (core/v1) and the declarative `+default` tags of the v1 types.
//! `SetDefaults_Pod` (requests from limits, hostNetwork host ports, enableServiceLinks)
//! applies to a Pod only, never to a pod template.

use k8s_openapi::api::apps::v1::{DaemonSet, DaemonSetUpdateStrategy, RollingUpdateDaemonSet};
use k8s_openapi::api::core::v1::{
    Container, HTTPGetAction, Lifecycle, Node, Pod, PodSecurityContext, PodSpec, Probe, Volume,
};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

/// `SecretVolumeSourceDefaultMode` and friends: 0644.
const DEFAULT_MODE: i32 = 0o644;

/// The namespace kubectl sends a namespaced object to when the manifest names none.
fn default_namespace(meta: &mut ObjectMeta) {
    if meta.namespace.as_deref().is_none_or(str::is_empty) {
        meta.namespace = Some("default".to_owned());
    }
}

/// `SetDefaults_DaemonSet` plus the pod template's defaults. The namespace is filled in as
/// kubectl does (`default`), since the API server takes it from the request path.
pub fn default_daemonset(ds: &mut DaemonSet) {
    // Decoding into Go types already lost the zero values of value fields.
    crate::go_zero_values::drop_from_daemonset(ds);
    default_namespace(&mut ds.metadata);
    let Some(spec) = ds.spec.as_mut() else { return };
    let strategy = spec.update_strategy.get_or_insert_with(DaemonSetUpdateStrategy::default);
    if strategy.type_.as_deref().is_none_or(str::is_empty) {
        strategy.type_ = Some("RollingUpdate".to_owned());
    }
    if strategy.type_.as_deref() == Some("RollingUpdate") {
        let rolling = strategy.rolling_update.get_or_insert_with(RollingUpdateDaemonSet::default);
        rolling.max_unavailable.get_or_insert(IntOrString::Int(1));
        rolling.max_surge.get_or_insert(IntOrString::Int(0));
    }
    spec.revision_history_limit.get_or_insert(10);
    default_pod_spec(spec.template.spec.get_or_insert_with(PodSpec::default));
}

/// `SetDefaults_Pod` and the pod spec's defaults.
pub fn default_pod(pod: &mut Pod) {
    crate::go_zero_values::drop_from_pod(pod);
    default_namespace(&mut pod.metadata);
    let spec = pod.spec.get_or_insert_with(PodSpec::default);
    default_pod_spec(spec);
    // SetDefaults_Pod: if limits are set but requests are not, requests default to limits.
    for container in spec.containers.iter_mut().chain(spec.init_containers.iter_mut().flatten()) {
        let Some(resources) = container.resources.as_mut() else { continue };
        let Some(limits) = resources.limits.clone() else { continue };
        let requests = resources.requests.get_or_insert_with(Default::default);
        for (name, value) in limits {
            requests.entry(name).or_insert(value);
        }
    }
    spec.enable_service_links.get_or_insert(true);
    // With host networking every container port is also a host port.
    if spec.host_network.unwrap_or(false) {
        for container in spec.containers.iter_mut().chain(spec.init_containers.iter_mut().flatten()) {
            for port in container.ports.iter_mut().flatten() {
                if port.host_port.unwrap_or(0) == 0 {
                    port.host_port = Some(port.container_port);
                }
            }
        }
    }
}

/// `SetDefaults_PodSpec` and the defaults of everything inside a pod spec.
pub fn default_pod_spec(spec: &mut PodSpec) {
    set_if_empty(&mut spec.dns_policy, "ClusterFirst");
    set_if_empty(&mut spec.restart_policy, "Always");
    spec.security_context.get_or_insert_with(PodSecurityContext::default);
    spec.termination_grace_period_seconds.get_or_insert(30);
    set_if_empty(&mut spec.scheduler_name, "default-scheduler");
    for container in spec.containers.iter_mut().chain(spec.init_containers.iter_mut().flatten()) {
        default_container(container);
    }
    for volume in spec.volumes.iter_mut().flatten() {
        default_volume(volume);
    }
}

/// `SetDefaults_NodeStatus`: allocatable defaults to capacity.
pub fn default_node(node: &mut Node) {
    if let Some(status) = node.status.as_mut() {
        if status.allocatable.is_none() && status.capacity.is_some() {
            status.allocatable = status.capacity.clone();
        }
    }
}

fn set_if_empty(field: &mut Option<String>, value: &str) {
    if field.as_deref().is_none_or(str::is_empty) {
        *field = Some(value.to_owned());
    }
}

/// The tag `parsers.ParseImageName` finds: after the last `:` of the last path component;
/// `latest` when there is neither a tag nor a digest.
pub fn image_tag(image: &str) -> &str {
    if image.is_empty() {
        return "";
    }
    let (name, digest) = match image.split_once('@') {
        Some((name, digest)) => (name, Some(digest)),
        None => (image, None),
    };
    let last = name.rsplit('/').next().unwrap_or(name);
    match last.split_once(':') {
        Some((_, tag)) => tag,
        None if digest.is_some() => "",
        None => "latest",
    }
}

/// The pull policy a container gets when it names none: `Always` for a `latest` tag
/// (or none), else `IfNotPresent`.
pub fn default_pull_policy(image: &str) -> &'static str {
    if image_tag(image) == "latest" { "Always" } else { "IfNotPresent" }
}

/// `SetDefaults_Container`, ports' protocol, probes and lifecycle handlers.
fn default_container(c: &mut Container) {
    if c.image_pull_policy.as_deref().is_none_or(str::is_empty) {
        c.image_pull_policy = Some(default_pull_policy(c.image.as_deref().unwrap_or("")).to_owned());
    }
    set_if_empty(&mut c.termination_message_path, "/dev/termination-log");
    set_if_empty(&mut c.termination_message_policy, "File");
    for port in c.ports.iter_mut().flatten() {
        set_if_empty(&mut port.protocol, "TCP");
    }
    for probe in [&mut c.liveness_probe, &mut c.readiness_probe, &mut c.startup_probe].into_iter().flatten() {
        default_probe(probe);
    }
    if let Some(lifecycle) = c.lifecycle.as_mut() {
        default_lifecycle(lifecycle);
    }
    for var in c.env.iter_mut().flatten() {
        if let Some(field_ref) = var.value_from.as_mut().and_then(|f| f.field_ref.as_mut()) {
            set_if_empty(&mut field_ref.api_version, "v1");
        }
    }
}

/// `SetDefaults_Probe` and its handler's `SetDefaults_HTTPGetAction`.
fn default_probe(probe: &mut Probe) {
    for (field, value) in [
        (&mut probe.timeout_seconds, 1),
        (&mut probe.period_seconds, 10),
        (&mut probe.success_threshold, 1),
        (&mut probe.failure_threshold, 3),
    ] {
        if field.unwrap_or(0) == 0 {
            *field = Some(value);
        }
    }
    if let Some(http) = probe.http_get.as_mut() {
        default_http_get(http);
    }
    if let Some(grpc) = probe.grpc.as_mut() {
        grpc.service.get_or_insert_with(String::new);
    }
}

fn default_lifecycle(lifecycle: &mut Lifecycle) {
    for handler in [&mut lifecycle.post_start, &mut lifecycle.pre_stop].into_iter().flatten() {
        if let Some(http) = handler.http_get.as_mut() {
            default_http_get(http);
        }
    }
}

/// `SetDefaults_HTTPGetAction`.
fn default_http_get(http: &mut HTTPGetAction) {
    set_if_empty(&mut http.path, "/");
    set_if_empty(&mut http.scheme, "HTTP");
}

/// `SetDefaults_Volume` and the defaults of the common volume sources.
fn default_volume(volume: &mut Volume) {
    let name = std::mem::take(&mut volume.name);
    if *volume == (Volume { name: String::new(), ..Volume::default() }) {
        volume.empty_dir = Some(Default::default());
    }
    volume.name = name;
    if let Some(host_path) = volume.host_path.as_mut() {
        host_path.type_.get_or_insert_with(String::new);
    }
    if let Some(secret) = volume.secret.as_mut() {
        secret.default_mode.get_or_insert(DEFAULT_MODE);
    }
    if let Some(config_map) = volume.config_map.as_mut() {
        config_map.default_mode.get_or_insert(DEFAULT_MODE);
    }
    if let Some(downward) = volume.downward_api.as_mut() {
        downward.default_mode.get_or_insert(DEFAULT_MODE);
    }
    if let Some(projected) = volume.projected.as_mut() {
        projected.default_mode.get_or_insert(DEFAULT_MODE);
    }
}
