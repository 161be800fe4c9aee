//! What the API server cannot keep: a Go field of value type (`bool`, `int32`,
//! `string`, a map or a slice, not a pointer) holds no difference between its zero value
//! and no value, so `hostNetwork: false`, `minReadySeconds: 0`, `nodeSelector: {}` or
//! `args: []` decode to the same object as leaving them out, and are never stored or
//! printed. Writing one is no change: no new ControllerRevision, no rollout, no new
//! generation (`kubectl patch` says "patched (no change)").
//!
//! Only value fields are listed: a pointer field (`automountServiceAccountToken`,
//! `tolerationSeconds`, `privileged`, `emptyDir: {}`) keeps its zero value, which means
//! something.

use std::collections::BTreeMap;

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{Container, Pod, PodSpec, PodTemplateSpec};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

/// A DaemonSet as decoded: its spec's and its template's zero values gone.
pub fn drop_from_daemonset(ds: &mut DaemonSet) {
    drop_from_meta(&mut ds.metadata);
    let Some(spec) = ds.spec.as_mut() else { return };
    zero_int(&mut spec.min_ready_seconds);
    drop_from_template(&mut spec.template);
}

/// A Pod as decoded.
pub fn drop_from_pod(pod: &mut Pod) {
    drop_from_meta(&mut pod.metadata);
    if let Some(spec) = pod.spec.as_mut() {
        drop_from_pod_spec(spec);
    }
}

fn drop_from_template(template: &mut PodTemplateSpec) {
    if let Some(meta) = template.metadata.as_mut() {
        drop_from_meta(meta);
    }
    if let Some(spec) = template.spec.as_mut() {
        drop_from_pod_spec(spec);
    }
}

fn drop_from_meta(meta: &mut ObjectMeta) {
    empty_map(&mut meta.labels);
    empty_map(&mut meta.annotations);
    empty_string(&mut meta.generate_name);
}

fn drop_from_pod_spec(spec: &mut PodSpec) {
    for flag in [&mut spec.host_network, &mut spec.host_pid, &mut spec.host_ipc] {
        false_bool(flag);
    }
    for text in [
        &mut spec.node_name,
        &mut spec.service_account_name,
        &mut spec.service_account,
        &mut spec.hostname,
        &mut spec.subdomain,
        &mut spec.priority_class_name,
    ] {
        empty_string(text);
    }
    empty_map(&mut spec.node_selector);
    empty_map(&mut spec.overhead);
    empty_vec(&mut spec.tolerations);
    empty_vec(&mut spec.volumes);
    empty_vec(&mut spec.image_pull_secrets);
    empty_vec(&mut spec.host_aliases);
    empty_vec(&mut spec.readiness_gates);
    empty_vec(&mut spec.topology_spread_constraints);
    empty_vec(&mut spec.scheduling_gates);
    empty_vec(&mut spec.init_containers);
    empty_vec(&mut spec.ephemeral_containers);
    for container in spec.containers.iter_mut().chain(spec.init_containers.iter_mut().flatten()) {
        drop_from_container(container);
    }
}

fn drop_from_container(c: &mut Container) {
    for flag in [&mut c.stdin, &mut c.stdin_once, &mut c.tty] {
        false_bool(flag);
    }
    empty_string(&mut c.working_dir);
    empty_vec(&mut c.command);
    empty_vec(&mut c.args);
    empty_vec(&mut c.env);
    empty_vec(&mut c.env_from);
    empty_vec(&mut c.ports);
    empty_vec(&mut c.volume_mounts);
    empty_vec(&mut c.volume_devices);
    empty_vec(&mut c.resize_policy);
    for port in c.ports.iter_mut().flatten() {
        zero_int(&mut port.host_port);
        empty_string(&mut port.host_ip);
        empty_string(&mut port.name);
    }
    for mount in c.volume_mounts.iter_mut().flatten() {
        false_bool(&mut mount.read_only);
        empty_string(&mut mount.sub_path);
        empty_string(&mut mount.sub_path_expr);
    }
    if let Some(resources) = c.resources.as_mut() {
        empty_map(&mut resources.limits);
        empty_map(&mut resources.requests);
        empty_vec(&mut resources.claims);
    }
}

fn false_bool(field: &mut Option<bool>) {
    if *field == Some(false) {
        *field = None;
    }
}

fn zero_int(field: &mut Option<i32>) {
    if *field == Some(0) {
        *field = None;
    }
}

fn empty_string(field: &mut Option<String>) {
    if field.as_deref() == Some("") {
        *field = None;
    }
}

fn empty_vec<T>(field: &mut Option<Vec<T>>) {
    if field.as_ref().is_some_and(Vec::is_empty) {
        *field = None;
    }
}

fn empty_map<V>(field: &mut Option<BTreeMap<String, V>>) {
    if field.as_ref().is_some_and(BTreeMap::is_empty) {
        *field = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::core::v1::{ContainerPort, VolumeMount};

    fn daemonset(spec: PodSpec, min_ready_seconds: Option<i32>) -> DaemonSet {
        let mut ds = DaemonSet::default();
        let ds_spec = ds.spec.get_or_insert_with(Default::default);
        ds_spec.min_ready_seconds = min_ready_seconds;
        ds_spec.template.spec = Some(spec);
        ds
    }

    #[test]
    fn zero_values_of_value_fields_are_no_values() {
        let container = Container {
            name: "agent".into(),
            tty: Some(false),
            args: Some(vec![]),
            ports: Some(vec![ContainerPort { container_port: 80, host_port: Some(0), ..Default::default() }]),
            volume_mounts: Some(vec![VolumeMount { name: "logs".into(), mount_path: "/logs".into(), read_only: Some(false), ..Default::default() }]),
            ..Default::default()
        };
        let spec = PodSpec {
            containers: vec![container],
            host_network: Some(false),
            node_selector: Some(BTreeMap::new()),
            tolerations: Some(vec![]),
            // A pointer field: false means "do not mount the token", and stays.
            automount_service_account_token: Some(false),
            ..Default::default()
        };
        let mut written = daemonset(spec, Some(0));
        drop_from_daemonset(&mut written);

        let container = Container {
            name: "agent".into(),
            ports: Some(vec![ContainerPort { container_port: 80, ..Default::default() }]),
            volume_mounts: Some(vec![VolumeMount { name: "logs".into(), mount_path: "/logs".into(), ..Default::default() }]),
            ..Default::default()
        };
        let plain = PodSpec { containers: vec![container], automount_service_account_token: Some(false), ..Default::default() };
        assert_eq!(written, daemonset(plain, None));
    }

    #[test]
    fn values_that_are_not_zero_stay() {
        let spec = PodSpec { host_network: Some(true), node_name: Some("node-01".into()), ..Default::default() };
        let mut ds = daemonset(spec.clone(), Some(5));
        drop_from_daemonset(&mut ds);
        assert_eq!(ds, daemonset(spec, Some(5)));
    }
}
