//! The RuntimeClass admission plugin (`plugin/pkg/admission/runtimeclass`) on pod
//! create. The simulated cluster has no RuntimeClass (a scenario cannot declare one),
//! so a pod naming one is refused while admission mutates it, and a pod that states
//! its own overhead is refused while admission validates it (the overhead belongs to
//! a RuntimeClass, which this admission alone copies in).

use k8s_openapi::api::core::v1::PodSpec;

/// `prepareObjects`: the reason a pod naming a RuntimeClass is Forbidden.
pub fn admit_pod(spec: &PodSpec) -> Result<(), String> {
    match spec.runtime_class_name.as_deref() {
        Some(name) => Err(format!("pod rejected: RuntimeClass {name:?} not found")),
        None => Ok(()),
    }
}

/// `validateOverhead` without a RuntimeClass: the reason a pod with an overhead is Forbidden.
pub fn validate_pod(spec: &PodSpec) -> Result<(), String> {
    match spec.overhead {
        Some(_) => Err("pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead".to_owned()),
        None => Ok(()),
    }
}
