//! v1 Pod: `ValidatePodCreate` (`validatePodMetadataAndSpec` and the create-only rules).

use k8s_openapi::api::core::v1::{Pod, PodSpec};

use super::container::validate_containers_only_for_pod;
use super::meta::{validate_object_meta, NameRule};
use super::pod_spec::validate_pod_spec;
use super::{field, FieldError};
use crate::field_path::FieldPath;

/// `ValidatePodCreate`, with `ResourceIsPod` set.
pub fn validate_pod(pod: &Pod) -> Vec<FieldError> {
    let spec_path = FieldPath::root().child("spec");
    let mut errs = validate_object_meta(&pod.metadata, true, NameRule::DnsSubdomain, &FieldPath::root().child("metadata"));
    let default_spec = PodSpec::default();
    let spec = pod.spec.as_ref().unwrap_or(&default_spec);
    errs.extend(validate_pod_spec(spec, &spec_path, true));
    errs.extend(validate_containers_only_for_pod(&spec.containers, &spec_path.child("containers")));
    errs.extend(validate_containers_only_for_pod(
        spec.init_containers.as_deref().unwrap_or(&[]),
        &spec_path.child("initContainers"),
    ));
    if spec.ephemeral_containers.as_ref().is_some_and(|e| !e.is_empty()) {
        errs.push(field::forbidden(&spec_path.child("ephemeralContainers"), "cannot be set on create"));
    }
    let has_node = spec.node_name.as_deref().is_some_and(|n| !n.is_empty());
    if has_node && spec.scheduling_gates.as_ref().is_some_and(|g| !g.is_empty()) {
        errs.push(field::forbidden(&spec_path.child("nodeName"), "cannot be set until all schedulingGates have been cleared"));
    }
    errs
}
