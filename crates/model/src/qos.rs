//! A pod's quality-of-service class (`ComputePodQOS`, pkg/apis/core/v1/helper/qos),
//! which the API server writes into `status.qosClass` when the pod is created.
//!
//! Only cpu and memory count. Guaranteed: every container limits both, and the summed
//! requests equal the summed limits; BestEffort: no positive request or limit at all;
//! otherwise Burstable. With pod-level `spec.resources` (PodLevelResources, on by
//! default in v1.36) those decide instead of the containers'.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::PodSpec;
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;

use crate::quantity::parse_quantity;

pub const GUARANTEED: &str = "Guaranteed";
pub const BURSTABLE: &str = "Burstable";
pub const BEST_EFFORT: &str = "BestEffort";

const QOS_RESOURCES: [&str; 2] = ["cpu", "memory"];

/// Adds the positive cpu and memory amounts of `list` to `sums` (in nano units) and
/// returns which of the two it had.
fn add_positive(sums: &mut BTreeMap<String, i128>, list: Option<&BTreeMap<String, Quantity>>) -> usize {
    let mut found = 0;
    for (name, quantity) in list.into_iter().flatten() {
        if !QOS_RESOURCES.contains(&name.as_str()) {
            continue;
        }
        let nano = parse_quantity(&quantity.0).map(|q| q.nano_value()).unwrap_or(0);
        if nano > 0 {
            *sums.entry(name.clone()).or_insert(0) += nano;
            found += 1;
        }
    }
    found
}

/// `ComputePodQOS`.
pub fn pod_qos_class(spec: &PodSpec) -> &'static str {
    let mut requests = BTreeMap::new();
    let mut limits = BTreeMap::new();
    let mut guaranteed = true;
    if let Some(pod_level) = &spec.resources {
        add_positive(&mut requests, pod_level.requests.as_ref());
        let limited = add_positive(&mut limits, pod_level.limits.as_ref());
        guaranteed = limited == QOS_RESOURCES.len();
    } else {
        for container in spec.containers.iter().chain(spec.init_containers.iter().flatten()) {
            let resources = container.resources.as_ref();
            add_positive(&mut requests, resources.and_then(|r| r.requests.as_ref()));
            let limited = add_positive(&mut limits, resources.and_then(|r| r.limits.as_ref()));
            guaranteed &= limited == QOS_RESOURCES.len();
        }
    }
    if requests.is_empty() && limits.is_empty() {
        return BEST_EFFORT;
    }
    guaranteed &= requests.iter().all(|(name, amount)| limits.get(name) == Some(amount));
    if guaranteed && requests.len() == limits.len() {
        GUARANTEED
    } else {
        BURSTABLE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::core::v1::{Container, ResourceRequirements};

    fn list(pairs: &[(&str, &str)]) -> Option<BTreeMap<String, Quantity>> {
        (!pairs.is_empty()).then(|| pairs.iter().map(|(k, v)| (k.to_string(), Quantity(v.to_string()))).collect())
    }

    fn container(requests: &[(&str, &str)], limits: &[(&str, &str)]) -> Container {
        Container {
            name: "c".into(),
            resources: Some(ResourceRequirements { requests: list(requests), limits: list(limits), ..Default::default() }),
            ..Default::default()
        }
    }

    fn spec(containers: Vec<Container>) -> PodSpec {
        PodSpec { containers, ..Default::default() }
    }

    #[test]
    fn nothing_requested_is_best_effort_and_other_resources_do_not_count() {
        assert_eq!(pod_qos_class(&spec(vec![container(&[], &[])])), BEST_EFFORT);
        assert_eq!(pod_qos_class(&spec(vec![container(&[("ephemeral-storage", "1Gi")], &[])])), BEST_EFFORT);
        assert_eq!(pod_qos_class(&spec(vec![container(&[("cpu", "0")], &[])])), BEST_EFFORT);
    }

    #[test]
    fn equal_cpu_and_memory_limits_and_requests_in_every_container_are_guaranteed() {
        let full = || container(&[("cpu", "500m"), ("memory", "64Mi")], &[("cpu", "0.5"), ("memory", "64Mi")]);
        assert_eq!(pod_qos_class(&spec(vec![full(), full()])), GUARANTEED);
    }

    #[test]
    fn anything_less_is_burstable() {
        assert_eq!(pod_qos_class(&spec(vec![container(&[("cpu", "100m")], &[])])), BURSTABLE);
        // Only cpu limited.
        assert_eq!(pod_qos_class(&spec(vec![container(&[("cpu", "1")], &[("cpu", "1")])])), BURSTABLE);
        // Requests below limits.
        let below = container(&[("cpu", "1"), ("memory", "1Gi")], &[("cpu", "2"), ("memory", "1Gi")]);
        assert_eq!(pod_qos_class(&spec(vec![below])), BURSTABLE);
        // A second container without limits.
        let full = container(&[("cpu", "1"), ("memory", "1Gi")], &[("cpu", "1"), ("memory", "1Gi")]);
        assert_eq!(pod_qos_class(&spec(vec![full, container(&[], &[])])), BURSTABLE);
    }

    #[test]
    fn pod_level_resources_decide_when_present() {
        let mut pod = spec(vec![container(&[], &[])]);
        pod.resources = Some(ResourceRequirements {
            requests: list(&[("cpu", "1"), ("memory", "1Gi")]),
            limits: list(&[("cpu", "1"), ("memory", "1Gi")]),
            ..Default::default()
        });
        assert_eq!(pod_qos_class(&pod), GUARANTEED);
    }
}
