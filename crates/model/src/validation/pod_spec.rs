//! `ValidatePodSpec` and `ValidatePodTemplateSpec`, in upstream's order.

use k8s_openapi::api::core::v1::{PodSpec, PodTemplateSpec};

use super::affinity::validate_affinity;
use super::container::{validate_containers, validate_init_containers};
use super::security_context::validate_pod_security_context;
use super::bad_value::quote;
use super::meta::{validate_annotations, validate_labels};
use super::tolerations::validate_tolerations;
use super::volumes::validate_volumes;
use super::{field, names, FieldError};
use crate::field_path::FieldPath;

const MAX_INT32: i64 = i32::MAX as i64;

/// `validatePodHostNetworkDeps`: with hostNetwork, a hostPort must equal its containerPort
/// (a pod template may leave it 0, since the pod's defaulting fills it in).
fn validate_host_network_deps(spec: &PodSpec, path: &FieldPath, resource_is_pod: bool) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if !spec.host_network.unwrap_or(false) {
        return errs;
    }
    let containers_path = path.child("containers");
    for (i, c) in spec.containers.iter().enumerate() {
        for (j, port) in c.ports.iter().flatten().enumerate() {
            let hp = port.host_port.unwrap_or(0);
            if (resource_is_pod || hp != 0) && hp != port.container_port {
                errs.push(field::invalid(
                    &containers_path.index(i).child("ports").index(j).child("hostPort"),
                    hp.to_string(),
                    "must match `containerPort` when `hostNetwork` is true",
                ));
            }
        }
    }
    errs
}

fn validate_name_with(value: Option<&str>, check: fn(&str) -> Vec<String>, path: &FieldPath) -> Vec<FieldError> {
    match value.filter(|v| !v.is_empty()) {
        Some(v) => check(v).into_iter().map(|msg| field::invalid(path, quote(v), &msg)).collect(),
        None => Vec::new(),
    }
}

/// `ValidatePodSpec`. `resource_is_pod` is upstream's `PodValidationOptions.ResourceIsPod`.
pub fn validate_pod_spec(spec: &PodSpec, path: &FieldPath, resource_is_pod: bool) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let grace = spec.termination_grace_period_seconds;
    if grace.is_none() {
        errs.push(field::required(&path.child("terminationGracePeriodSeconds"), ""));
    }
    let (volumes, volume_errs) = validate_volumes(spec.volumes.as_deref().unwrap_or(&[]), &path.child("volumes"));
    errs.extend(volume_errs);
    errs.extend(validate_containers(&spec.containers, &volumes, grace, &path.child("containers")));
    errs.extend(validate_init_containers(
        spec.init_containers.as_deref().unwrap_or(&[]),
        &spec.containers,
        &volumes,
        grace,
        &path.child("initContainers"),
    ));
    errs.extend(validate_host_network_deps(spec, path, resource_is_pod));
    match spec.restart_policy.as_deref().unwrap_or("") {
        "Always" | "OnFailure" | "Never" => {}
        "" => errs.push(field::required(&path.child("restartPolicy"), "")),
        other => errs.push(field::not_supported(&path.child("restartPolicy"), quote(other), &["Always", "OnFailure", "Never"])),
    }
    let dns_policy = spec.dns_policy.as_deref().unwrap_or("");
    match dns_policy {
        "ClusterFirstWithHostNet" | "ClusterFirst" | "Default" | "None" => {}
        "" => errs.push(field::required(&path.child("dnsPolicy"), "")),
        other => errs.push(field::not_supported(
            &path.child("dnsPolicy"),
            quote(other),
            &["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"],
        )),
    }
    errs.extend(validate_labels(spec.node_selector.as_ref(), &path.child("nodeSelector")));
    errs.extend(validate_pod_security_context(spec.security_context.as_ref(), &path.child("securityContext")));
    errs.extend(validate_affinity(spec.affinity.as_ref(), &path.child("affinity")));
    // validatePodDNSConfig: dnsPolicy None needs at least one nameserver.
    if dns_policy == "None" {
        match &spec.dns_config {
            None => errs.push(field::required(&path.child("dnsConfig"), "must provide `dnsConfig` when `dnsPolicy` is None")),
            Some(config) if config.nameservers.as_ref().is_none_or(Vec::is_empty) => errs.push(field::required(
                &path.child("dnsConfig").child("nameservers"),
                "must provide at least one DNS nameserver when `dnsPolicy` is None",
            )),
            Some(_) => {}
        }
    }
    for (i, gate) in spec.readiness_gates.iter().flatten().enumerate() {
        let gate_path = path.child("readinessGates").index(i).child("conditionType");
        for msg in names::is_qualified_name(&gate.condition_type) {
            errs.push(field::invalid(&gate_path, quote(&gate.condition_type), &msg));
        }
    }
    if spec.host_users == Some(false) && spec.host_network.unwrap_or(false) {
        errs.push(field::forbidden(&path.child("hostNetwork"), "when `pod.Spec.HostUsers` is false"));
    }
    errs.extend(validate_name_with(spec.service_account_name.as_deref(), names::name_is_dns_subdomain, &path.child("serviceAccountName")));
    errs.extend(validate_name_with(spec.node_name.as_deref(), names::name_is_dns_subdomain, &path.child("nodeName")));
    if let Some(seconds) = spec.active_deadline_seconds {
        if !(1..=MAX_INT32).contains(&seconds) {
            errs.push(field::invalid(
                &path.child("activeDeadlineSeconds"),
                seconds.to_string(),
                &names::inclusive_range_error(1, MAX_INT32),
            ));
        }
    }
    errs.extend(validate_name_with(spec.hostname.as_deref(), names::is_dns1123_label, &path.child("hostname")));
    errs.extend(validate_name_with(spec.subdomain.as_deref(), names::is_dns1123_label, &path.child("subdomain")));
    if let Some(tolerations) = spec.tolerations.as_deref().filter(|t| !t.is_empty()) {
        errs.extend(validate_tolerations(tolerations, &path.child("tolerations")));
    }
    errs.extend(validate_name_with(spec.priority_class_name.as_deref(), names::name_is_dns_subdomain, &path.child("priorityClassName")));
    if let Some(runtime_class) = spec.runtime_class_name.as_deref() {
        for msg in names::name_is_dns_subdomain(runtime_class) {
            errs.push(field::invalid(&path.child("runtimeClassName"), quote(runtime_class), &msg));
        }
    }
    if let Some(policy) = spec.preemption_policy.as_deref() {
        match policy {
            "PreemptLowerPriority" | "Never" => {}
            "" => errs.push(field::required(&path.child("preemptionPolicy"), "")),
            other => errs.push(field::not_supported(&path.child("preemptionPolicy"), quote(other), &["PreemptLowerPriority", "Never"])),
        }
    }
    // `validateOS`: an empty name is required at `os.name`; an unknown one is refused at `os`.
    if let Some(os) = &spec.os {
        if os.name.is_empty() {
            errs.push(field::required(&path.child("os").child("name"), "cannot be empty"));
        } else if os.name != "linux" && os.name != "windows" {
            errs.push(field::not_supported(&path.child("os"), quote(&os.name), &["linux", "windows"]));
        }
    }
    errs
}

/// `ValidatePodTemplateSpec`: template labels and annotations, then the pod spec.
pub fn validate_pod_template_spec(template: &PodTemplateSpec, path: &FieldPath) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let meta = template.metadata.as_ref();
    errs.extend(validate_labels(meta.and_then(|m| m.labels.as_ref()), &path.child("labels")));
    errs.extend(validate_annotations(meta.and_then(|m| m.annotations.as_ref()), &path.child("annotations")));
    let default_spec = PodSpec::default();
    let spec = template.spec.as_ref().unwrap_or(&default_spec);
    errs.extend(validate_pod_spec(spec, &path.child("spec"), false));
    if spec.ephemeral_containers.as_ref().is_some_and(|e| !e.is_empty()) {
        errs.push(field::forbidden(&path.child("spec").child("ephemeralContainers"), "ephemeral containers not allowed in pod template"));
    }
    errs
}
