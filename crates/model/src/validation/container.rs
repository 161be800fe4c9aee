//! Containers: `validateContainers`, `validateInitContainers`, `validateContainerCommon`,
//! `validateContainerPorts`, `ValidateEnv`, `ValidateVolumeMounts`, `validatePullPolicy`,
//! `checkHostPortConflicts`.

use std::collections::{BTreeMap, BTreeSet};

use k8s_openapi::api::core::v1::{Container, ContainerPort, EnvFromSource, EnvVar, VolumeMount};

use super::bad_value::quote;
use super::downward_api::{validate_env_field_ref, validate_env_resource_field_ref};
use super::probes::{validate_lifecycle, validate_probe_of, ProbeKind};
use super::resources::validate_container_resources;
use super::security_context::validate_security_context;
use super::volumes::validate_local_descending_path;
use super::{field, names, FieldError};
use crate::field_path::FieldPath;

/// The volumes that validated, by name (from `validate_volumes`).
pub type VolumeNames = BTreeMap<String, usize>;

fn validate_ports(ports: &[ContainerPort], path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut names_seen = BTreeSet::new();
    for (i, port) in ports.iter().enumerate() {
        let idx = path.index(i);
        if let Some(name) = port.name.as_deref().filter(|n| !n.is_empty()) {
            let msgs = names::is_valid_port_name(name);
            if !msgs.is_empty() {
                for msg in msgs {
                    errs.push(field::invalid(&idx.child("name"), quote(name), &msg));
                }
            } else if !names_seen.insert(name) {
                errs.push(field::duplicate(&idx.child("name"), quote(name)));
            }
        }
        if port.container_port == 0 {
            errs.push(field::required(&idx.child("containerPort"), ""));
        } else {
            for msg in names::is_valid_port_num(i64::from(port.container_port)) {
                errs.push(field::invalid(&idx.child("containerPort"), port.container_port.to_string(), &msg));
            }
        }
        let host_port = port.host_port.unwrap_or(0);
        if host_port != 0 {
            for msg in names::is_valid_port_num(i64::from(host_port)) {
                errs.push(field::invalid(&idx.child("hostPort"), host_port.to_string(), &msg));
            }
        }
        match port.protocol.as_deref().unwrap_or("") {
            "" => errs.push(field::required(&idx.child("protocol"), "")),
            "TCP" | "UDP" | "SCTP" => {}
            other => errs.push(field::not_supported(&idx.child("protocol"), quote(other), &["SCTP", "TCP", "UDP"])),
        }
    }
    errs
}

/// `ValidateEnv` (with relaxed names) and the shape of `valueFrom`.
fn validate_env(vars: &[EnvVar], path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (i, var) in vars.iter().enumerate() {
        let idx = path.index(i);
        if var.name.is_empty() {
            errs.push(field::required(&idx.child("name"), ""));
        } else {
            for msg in names::is_relaxed_env_var_name(&var.name) {
                errs.push(field::invalid(&idx.child("name"), quote(&var.name), &msg));
            }
        }
        let Some(from) = &var.value_from else { continue };
        let from_path = idx.child("valueFrom");
        let sources = [
            from.field_ref.is_some(),
            from.resource_field_ref.is_some(),
            from.config_map_key_ref.is_some(),
            from.secret_key_ref.is_some(),
            from.file_key_ref.is_some(),
        ]
        .iter()
        .filter(|s| **s)
        .count();
        if let Some(field_ref) = &from.field_ref {
            errs.extend(validate_env_field_ref(field_ref, &from_path.child("fieldRef")));
        }
        if let Some(resource_ref) = &from.resource_field_ref {
            errs.extend(validate_env_resource_field_ref(resource_ref, &from_path.child("resourceFieldRef")));
        }
        if let Some(selector) = &from.config_map_key_ref {
            errs.extend(validate_key_selector(&selector.name, &selector.key, &from_path.child("configMapKeyRef")));
        }
        if let Some(selector) = &from.secret_key_ref {
            errs.extend(validate_key_selector(&selector.name, &selector.key, &from_path.child("secretKeyRef")));
        }
        if sources == 0 {
            errs.push(field::invalid(
                &from_path,
                quote(""),
                "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`",
            ));
        } else if !var.value.as_deref().unwrap_or("").is_empty() {
            errs.push(field::invalid(&from_path, quote(""), "may not be specified when `value` is not empty"));
        } else if sources > 1 {
            errs.push(field::invalid(&from_path, quote(""), "may not have more than one field specified at a time"));
        }
    }
    errs
}

/// `validateConfigMapKeySelector` and `validateSecretKeySelector`, which are alike: the
/// object's name a DNS subdomain (an empty one included), the key a config key.
fn validate_key_selector(name: &str, key: &str, path: &FieldPath) -> Vec<FieldError> {
    let mut errs: Vec<FieldError> =
        names::name_is_dns_subdomain(name).into_iter().map(|msg| field::invalid(&path.child("name"), quote(name), &msg)).collect();
    if key.is_empty() {
        errs.push(field::required(&path.child("key"), ""));
    } else {
        errs.extend(names::is_config_map_key(key).into_iter().map(|msg| field::invalid(&path.child("key"), quote(key), &msg)));
    }
    errs
}

/// `ValidateEnvFrom`: each source a config map or a secret named as one may be named
/// (a trailing dash allowed, as for a prefix), and a prefix that is an env var name.
/// Upstream reports a missing or doubled source at the list's path, not the item's.
fn validate_env_from(sources: &[EnvFromSource], path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (i, source) in sources.iter().enumerate() {
        let idx = path.index(i);
        let prefix = source.prefix.as_deref().unwrap_or("");
        if !prefix.is_empty() {
            for msg in names::is_relaxed_env_var_name(prefix) {
                errs.push(field::invalid(&idx.child("prefix"), quote(prefix), &msg));
            }
        }
        let refs = [("configMapRef", source.config_map_ref.as_ref().map(|r| r.name.as_str())), ("secretRef", source.secret_ref.as_ref().map(|r| r.name.as_str()))];
        for (child, name) in refs {
            let Some(name) = name else { continue };
            let name_path = idx.child(child).child("name");
            if name.is_empty() {
                errs.push(field::required(&name_path, ""));
            } else {
                for msg in names::generate_name_is_dns_subdomain(name) {
                    errs.push(field::invalid(&name_path, quote(name), &msg));
                }
            }
        }
        match refs.iter().filter(|(_, name)| name.is_some()).count() {
            0 => errs.push(field::invalid(path, quote(""), "must specify one of: `configMapRef` or `secretRef`")),
            1 => {}
            _ => errs.push(field::invalid(path, quote(""), "may not have more than one field specified at a time")),
        }
    }
    errs
}

/// `ValidateVolumeMounts`.
fn validate_volume_mounts(mounts: &[VolumeMount], volumes: &VolumeNames, privileged: bool, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut mount_points = BTreeSet::new();
    for (i, mount) in mounts.iter().enumerate() {
        let idx = path.index(i);
        if mount.name.is_empty() {
            errs.push(field::required(&idx.child("name"), ""));
        }
        if !volumes.contains_key(&mount.name) {
            errs.push(field::not_found(&idx.child("name"), quote(&mount.name)));
        }
        if mount.mount_path.is_empty() {
            errs.push(field::required(&idx.child("mountPath"), ""));
        }
        if !mount_points.insert(mount.mount_path.as_str()) {
            errs.push(field::invalid(&idx.child("mountPath"), quote(&mount.mount_path), "must be unique"));
        }
        let sub_path = mount.sub_path.as_deref().unwrap_or("");
        if !sub_path.is_empty() {
            // Upstream reports these at the list's path, not the element's.
            errs.extend(validate_local_descending_path(sub_path, &path.child("subPath")));
        }
        let sub_path_expr = mount.sub_path_expr.as_deref().unwrap_or("");
        if !sub_path_expr.is_empty() {
            if !sub_path.is_empty() {
                errs.push(field::invalid(&idx.child("subPathExpr"), quote(sub_path_expr), "subPathExpr and subPath are mutually exclusive"));
            }
            errs.extend(validate_local_descending_path(sub_path_expr, &path.child("subPathExpr")));
        }
        if let Some(propagation) = mount.mount_propagation.as_deref() {
            let prop_path = path.child("mountPropagation");
            match propagation {
                "Bidirectional" if !privileged => errs.push(field::forbidden(
                    &prop_path,
                    "Bidirectional mount propagation is available only to privileged containers",
                )),
                "Bidirectional" | "HostToContainer" | "None" => {}
                other => errs.push(field::not_supported(&prop_path, quote(other), &["Bidirectional", "HostToContainer", "None"])),
            }
        }
    }
    errs
}

/// `validateContainerCommon`.
fn validate_container_common(c: &Container, volumes: &VolumeNames, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let name_path = path.child("name");
    if c.name.is_empty() {
        errs.push(field::required(&name_path, ""));
    } else {
        for msg in names::is_dns1123_label(&c.name) {
            errs.push(field::invalid(&name_path, quote(&c.name), &msg));
        }
    }
    if c.image.as_deref().unwrap_or("").is_empty() {
        errs.push(field::required(&path.child("image"), ""));
    }
    match c.termination_message_policy.as_deref().unwrap_or("") {
        "File" | "FallbackToLogsOnError" => {}
        "" => errs.push(field::required(&path.child("terminationMessagePolicy"), "")),
        other => errs.push(field::not_supported(
            &path.child("terminationMessagePolicy"),
            quote(other),
            &["File", "FallbackToLogsOnError"],
        )),
    }
    errs.extend(validate_ports(c.ports.as_deref().unwrap_or(&[]), &path.child("ports")));
    errs.extend(validate_env(c.env.as_deref().unwrap_or(&[]), &path.child("env")));
    errs.extend(validate_env_from(c.env_from.as_deref().unwrap_or(&[]), &path.child("envFrom")));
    let privileged = c.security_context.as_ref().and_then(|s| s.privileged).unwrap_or(false);
    errs.extend(validate_volume_mounts(c.volume_mounts.as_deref().unwrap_or(&[]), volumes, privileged, &path.child("volumeMounts")));
    match c.image_pull_policy.as_deref().unwrap_or("") {
        "Always" | "IfNotPresent" | "Never" => {}
        "" => errs.push(field::required(&path.child("imagePullPolicy"), "")),
        other => errs.push(field::not_supported(&path.child("imagePullPolicy"), quote(other), &["Always", "IfNotPresent", "Never"])),
    }
    errs.extend(validate_container_resources(c.resources.as_ref(), &path.child("resources")));
    errs.extend(validate_security_context(c.security_context.as_ref(), &path.child("securityContext")));
    errs
}

/// `AccumulateUniqueHostPorts`: a host port may be used once per protocol and host IP.
fn check_host_port_conflicts(containers: &[&Container], path: &FieldPath, seen: &mut BTreeSet<String>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (ci, c) in containers.iter().enumerate() {
        for (pi, port) in c.ports.iter().flatten().enumerate() {
            let host_port = port.host_port.unwrap_or(0);
            if host_port == 0 {
                continue;
            }
            let key = format!(
                "{}/{}/{}",
                port.protocol.as_deref().unwrap_or(""),
                port.host_ip.as_deref().unwrap_or(""),
                host_port
            );
            if !seen.insert(key.clone()) {
                errs.push(field::duplicate(&path.index(ci).child("ports").index(pi).child("hostPort"), quote(&key)));
            }
        }
    }
    errs
}

/// `validateContainers`: at least one, names unique, probes, host ports.
pub fn validate_containers(containers: &[Container], volumes: &VolumeNames, grace: Option<i64>, path: &FieldPath) -> Vec<FieldError> {
    if containers.is_empty() {
        return vec![field::required(path, "")];
    }
    let mut errs = Vec::new();
    let mut all_names = BTreeSet::new();
    for (i, c) in containers.iter().enumerate() {
        let idx = path.index(i);
        errs.extend(validate_container_common(c, volumes, &idx));
        if !all_names.insert(c.name.as_str()) {
            errs.push(field::duplicate(&idx.child("name"), quote(&c.name)));
        }
        if let Some(lifecycle) = &c.lifecycle {
            errs.extend(validate_lifecycle(lifecycle, grace, &idx.child("lifecycle")));
        }
        errs.extend(validate_probe_of(ProbeKind::Liveness, c.liveness_probe.as_ref(), grace, &idx.child("livenessProbe")));
        errs.extend(validate_probe_of(ProbeKind::Readiness, c.readiness_probe.as_ref(), grace, &idx.child("readinessProbe")));
        errs.extend(validate_probe_of(ProbeKind::Startup, c.startup_probe.as_ref(), grace, &idx.child("startupProbe")));
        if c.restart_policy.is_some() {
            errs.push(field::forbidden(&idx.child("restartPolicy"), "may not be set for non-init containers"));
        }
    }
    let all: Vec<&Container> = containers.iter().collect();
    errs.extend(check_host_port_conflicts(&all, path, &mut BTreeSet::new()));
    errs
}

/// `validateInitContainers`.
pub fn validate_init_containers(
    init: &[Container],
    regular: &[Container],
    volumes: &VolumeNames,
    grace: Option<i64>,
    path: &FieldPath,
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut all_names: BTreeSet<&str> = regular.iter().map(|c| c.name.as_str()).collect();
    for (i, c) in init.iter().enumerate() {
        let idx = path.index(i);
        errs.extend(validate_container_common(c, volumes, &idx));
        let mut restart_always = false;
        if let Some(policy) = c.restart_policy.as_deref() {
            if policy == "Always" {
                restart_always = true;
            } else {
                errs.push(field::not_supported(&idx.child("restartPolicy"), quote(policy), &["Always"]));
            }
        }
        if all_names.contains(c.name.as_str()) {
            errs.push(field::duplicate(&idx.child("name"), quote(&c.name)));
        } else if !c.name.is_empty() {
            all_names.insert(c.name.as_str());
        }
        errs.extend(check_host_port_conflicts(&[c], path, &mut BTreeSet::new()));
        if restart_always {
            if let Some(lifecycle) = &c.lifecycle {
                errs.extend(validate_lifecycle(lifecycle, grace, &idx.child("lifecycle")));
            }
            errs.extend(validate_probe_of(ProbeKind::Liveness, c.liveness_probe.as_ref(), grace, &idx.child("livenessProbe")));
            errs.extend(validate_probe_of(ProbeKind::Readiness, c.readiness_probe.as_ref(), grace, &idx.child("readinessProbe")));
            errs.extend(validate_probe_of(ProbeKind::Startup, c.startup_probe.as_ref(), grace, &idx.child("startupProbe")));
        } else {
            let msg = "may not be set for init containers without restartPolicy=Always";
            for (set, name) in [
                (c.lifecycle.is_some(), "lifecycle"),
                (c.liveness_probe.is_some(), "livenessProbe"),
                (c.readiness_probe.is_some(), "readinessProbe"),
                (c.startup_probe.is_some(), "startupProbe"),
            ] {
                if set {
                    errs.push(field::forbidden(&idx.child(name), msg));
                }
            }
        }
    }
    errs
}

/// `validateContainersOnlyForPod`: a pod's images may not have surrounding whitespace.
pub fn validate_containers_only_for_pod(containers: &[Container], path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (i, c) in containers.iter().enumerate() {
        let image = c.image.as_deref().unwrap_or("");
        if image.len() != image.trim().len() {
            errs.push(field::invalid(&path.index(i).child("image"), quote(image), "must not have leading or trailing whitespace"));
        }
    }
    errs
}
