//! NodeResourcesFit plugin (`plugins/noderesources/fit.go`, `fitsRequest`): the pod's
//! requests against the node's allocatable minus what its pods already request; a
//! pod also takes one of the node's `pods` slots.

use k8s_openapi::api::core::v1::PodSpec;

use super::pod_requests::Resource;
use super::{Code, NodeInfo, Status};

pub const NAME: &str = "NodeResourcesFit";

/// `NodeInfo.Requested`: the sum of the requests of the pods bound to the node.
pub fn requested(node: &NodeInfo) -> Resource {
    let mut total = Resource::default();
    for pod in &node.pods {
        if let Some(spec) = &pod.spec {
            let r = Resource::of_pod(spec);
            total.milli_cpu += r.milli_cpu;
            total.memory += r.memory;
            total.ephemeral_storage += r.ephemeral_storage;
            for (k, v) in r.scalar {
                *total.scalar.entry(k).or_insert(0) += v;
            }
        }
    }
    total
}

/// `fitsRequest`: every insufficient resource, in upstream's order (pods, cpu, memory,
/// ephemeral-storage, then scalar resources by name).
pub fn insufficient_resources(spec: &PodSpec, node: &NodeInfo) -> Vec<String> {
    let want = Resource::of_pod(spec);
    let alloc = Resource::allocatable(node.node);
    let used = requested(node);
    let mut out = Vec::new();
    if node.pods.len() as i128 + 1 > alloc.allowed_pod_number {
        out.push("Too many pods".to_string());
    }
    if want.milli_cpu == 0 && want.memory == 0 && want.ephemeral_storage == 0 && want.scalar.is_empty() {
        return out;
    }
    if want.milli_cpu > 0 && want.milli_cpu > alloc.milli_cpu - used.milli_cpu {
        out.push("Insufficient cpu".to_string());
    }
    if want.memory > 0 && want.memory > alloc.memory - used.memory {
        out.push("Insufficient memory".to_string());
    }
    if want.ephemeral_storage > 0 && want.ephemeral_storage > alloc.ephemeral_storage - used.ephemeral_storage {
        out.push("Insufficient ephemeral-storage".to_string());
    }
    for (name, q) in want.scalar.iter().filter(|(_, q)| **q != 0) {
        let free = alloc.scalar.get(name).copied().unwrap_or(0) - used.scalar.get(name).copied().unwrap_or(0);
        if *q > free {
            out.push(format!("Insufficient {name}"));
        }
    }
    out
}

pub fn filter(spec: &PodSpec, node: &NodeInfo) -> Result<(), Status> {
    let reasons = insufficient_resources(spec, node);
    if reasons.is_empty() {
        Ok(())
    } else {
        Err(Status { code: Code::Unschedulable, reasons })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::test_objects::{node_with_allocatable, pod_requesting};

    /// TestEnoughRequests (fit_test.go): node allocatable cpu 10, memory 20, pods 32,
    /// example.com/aaa 5; the existing pod's requests are given as (cpu milli, memory).
    fn check(want: &[(&str, &str)], existing: &[(&str, &str)]) -> Vec<String> {
        let n = node_with_allocatable("machine1", &[("cpu", "10m"), ("memory", "20"), ("pods", "32"), ("example.com/aaa", "5")]);
        let existing = pod_requesting(existing);
        let pod = pod_requesting(want);
        let info = NodeInfo { node: &n, pods: vec![&existing] };
        insufficient_resources(pod.spec.as_ref().unwrap_or(&Default::default()), &info)
    }

    #[test]
    fn upstream_enough_requests_table() {
        let none: Vec<String> = vec![];
        assert_eq!(check(&[], &[("cpu", "10m"), ("memory", "20")]), none, "no resources requested always fits");
        assert_eq!(check(&[("cpu", "1m"), ("memory", "1")], &[("cpu", "5m"), ("memory", "5")]), none, "fits");
        assert_eq!(check(&[("cpu", "1m"), ("memory", "1")], &[("cpu", "10m"), ("memory", "20")]), vec!["Insufficient cpu", "Insufficient memory"], "too many resources fails");
        assert_eq!(check(&[("cpu", "1m"), ("memory", "1")], &[("cpu", "9m"), ("memory", "5")]), none, "equal edge case");
        assert_eq!(check(&[("cpu", "2m"), ("memory", "1")], &[("cpu", "9m"), ("memory", "5")]), vec!["Insufficient cpu"]);
        assert_eq!(check(&[("cpu", "1m"), ("memory", "2")], &[("cpu", "5m"), ("memory", "19")]), vec!["Insufficient memory"]);
        assert_eq!(check(&[("example.com/aaa", "6")], &[]), vec!["Insufficient example.com/aaa"], "extended resource");
        assert_eq!(check(&[("example.com/aaa", "2")], &[("example.com/aaa", "3")]), none);
        assert_eq!(check(&[("example.com/aaa", "3")], &[("example.com/aaa", "3")]), vec!["Insufficient example.com/aaa"]);
        assert_eq!(check(&[("example.com/bbb", "1")], &[]), vec!["Insufficient example.com/bbb"], "unknown extended resource");
        assert_eq!(check(&[("ephemeral-storage", "1")], &[]), vec!["Insufficient ephemeral-storage"]);
    }

    #[test]
    fn pods_slot_counts_even_without_requests() {
        let n = node_with_allocatable("m", &[("cpu", "1"), ("pods", "1")]);
        let existing = pod_requesting(&[]);
        let pod = pod_requesting(&[]);
        let info = NodeInfo { node: &n, pods: vec![&existing] };
        assert_eq!(
            filter(pod.spec.as_ref().unwrap_or(&Default::default()), &info),
            Err(Status { code: Code::Unschedulable, reasons: vec!["Too many pods".into()] })
        );
        let empty = NodeInfo { node: &n, pods: vec![] };
        assert_eq!(filter(pod.spec.as_ref().unwrap_or(&Default::default()), &empty), Ok(()));
    }
}
