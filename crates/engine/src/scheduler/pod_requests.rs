//! What a pod asks of a node: `resource.PodRequests` (component-helpers
//! `resource/helpers.go`) and the scheduler's `framework.Resource` view of it and of a
//! node's allocatable.
//!
//! Sums are exact (nano units) and converted once per pod, like upstream which adds
//! Quantities and calls `MilliValue()` / `Value()` per pod. An unparseable quantity,
//! which the API server would have rejected, counts as absent.

use std::collections::BTreeMap;

use dsplay_model::labels::qualified_name_errors;
use dsplay_model::quantity::parse_quantity;
use k8s_openapi::api::core::v1::{Node, PodSpec};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;

/// Resource name -> amount in nano units.
pub type ResourceList = BTreeMap<String, i128>;

fn to_list(map: Option<&BTreeMap<String, Quantity>>) -> ResourceList {
    map.into_iter()
        .flatten()
        .filter_map(|(k, q)| parse_quantity(&q.0).ok().map(|p| (k.clone(), p.nano_value())))
        .collect()
}

fn add(into: &mut ResourceList, from: &ResourceList) {
    for (k, v) in from {
        *into.entry(k.clone()).or_insert(0) += v;
    }
}

fn max_into(into: &mut ResourceList, from: &ResourceList) {
    for (k, v) in from {
        let e = into.entry(k.clone()).or_insert(*v);
        *e = (*e).max(*v);
    }
}

fn is_supported_pod_level_resource(name: &str) -> bool {
    name == "cpu" || name == "memory" || name.starts_with("hugepages-")
}

/// `resource.PodRequests`: containers are summed; each init container must fit alone
/// next to the sidecars started before it; sidecars (restartable init containers) also
/// run alongside the containers; pod-level requests replace the aggregate for the
/// resources they name; overhead is added.
pub fn pod_requests(spec: &PodSpec) -> ResourceList {
    let requests = |c: &k8s_openapi::api::core::v1::Container| to_list(c.resources.as_ref().and_then(|r| r.requests.as_ref()));
    let mut reqs = ResourceList::new();
    for c in &spec.containers {
        add(&mut reqs, &requests(c));
    }
    let mut sidecars = ResourceList::new();
    let mut init_max = ResourceList::new();
    for c in spec.init_containers.iter().flatten() {
        let own = requests(c);
        let in_use = if c.restart_policy.as_deref() == Some("Always") {
            add(&mut reqs, &own);
            add(&mut sidecars, &own);
            sidecars.clone()
        } else {
            let mut total = own;
            add(&mut total, &sidecars);
            total
        };
        max_into(&mut init_max, &in_use);
    }
    max_into(&mut reqs, &init_max);
    let pod_level = to_list(spec.resources.as_ref().and_then(|r| r.requests.as_ref()));
    for (name, v) in pod_level.into_iter().filter(|(n, _)| is_supported_pod_level_resource(n)) {
        reqs.insert(name, v);
    }
    add(&mut reqs, &to_list(spec.overhead.as_ref()));
    reqs
}

/// `v1helper.IsExtendedResourceName`: a domain-prefixed name outside `kubernetes.io/`.
pub fn is_extended_resource_name(name: &str) -> bool {
    let native = !name.contains('/') || name.contains("kubernetes.io/");
    !native && !name.starts_with("requests.") && qualified_name_errors(&format!("requests.{name}")).is_empty()
}

/// `schedutil.IsScalarResourceName`: extended, hugepages, prefixed native, attachable volumes.
pub fn is_scalar_resource_name(name: &str) -> bool {
    is_extended_resource_name(name)
        || name.starts_with("hugepages-")
        || name.contains("kubernetes.io/")
        || name.starts_with("attachable-volumes-")
}

/// `framework.Resource`: cpu in millicores, everything else in units (rounded up).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Resource {
    pub milli_cpu: i128,
    pub memory: i128,
    pub ephemeral_storage: i128,
    pub allowed_pod_number: i128,
    pub scalar: BTreeMap<String, i128>,
}

fn ceil_div(n: i128, d: i128) -> i128 {
    let q = n / d;
    if n % d == 0 {
        q
    } else if n > 0 {
        q + 1
    } else {
        q - 1
    }
}

impl Resource {
    /// `Resource.Add` of a resource list (nano units).
    pub fn add_list(&mut self, list: &ResourceList) {
        for (name, nano) in list {
            let units = ceil_div(*nano, 1_000_000_000);
            match name.as_str() {
                "cpu" => self.milli_cpu += ceil_div(*nano, 1_000_000),
                "memory" => self.memory += units,
                "pods" => self.allowed_pod_number += units,
                "ephemeral-storage" => self.ephemeral_storage += units,
                n if is_scalar_resource_name(n) => *self.scalar.entry(n.to_string()).or_insert(0) += units,
                _ => {}
            }
        }
    }

    /// The scheduler's view of the pod's requests (`computePodResourceRequest`).
    pub fn of_pod(spec: &PodSpec) -> Self {
        let mut r = Resource::default();
        r.add_list(&pod_requests(spec));
        r.allowed_pod_number = 0;
        r
    }

    /// `NodeInfo.Allocatable`.
    pub fn allocatable(node: &Node) -> Self {
        let mut r = Resource::default();
        r.add_list(&to_list(node.status.as_ref().and_then(|s| s.allocatable.as_ref())));
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::test_objects::{container, pod_spec};

    #[test]
    fn init_containers_take_the_max_and_containers_sum() {
        // The computePodResourceRequest example: IC1 2cpu/1G, IC2 2cpu/3G, C1 2cpu/1G, C2 1cpu/1G.
        let mut spec = pod_spec();
        spec.init_containers = Some(vec![container(&[("cpu", "2"), ("memory", "1G")]), container(&[("cpu", "2"), ("memory", "3G")])]);
        spec.containers = vec![container(&[("cpu", "2"), ("memory", "1G")]), container(&[("cpu", "1"), ("memory", "1G")])];
        let r = Resource::of_pod(&spec);
        assert_eq!((r.milli_cpu, r.memory), (3000, 3_000_000_000));
    }

    #[test]
    fn sidecars_run_next_to_containers_and_later_init_containers() {
        let mut spec = pod_spec();
        let mut sidecar = container(&[("cpu", "500m")]);
        sidecar.restart_policy = Some("Always".into());
        spec.init_containers = Some(vec![sidecar, container(&[("cpu", "1")])]);
        spec.containers = vec![container(&[("cpu", "100m")])];
        // max(containers 100m + sidecar 500m, init 1 + sidecar 500m)
        assert_eq!(Resource::of_pod(&spec).milli_cpu, 1500);
    }

    #[test]
    fn overhead_pod_level_and_extended_resources() {
        let mut spec = pod_spec();
        spec.containers = vec![container(&[("cpu", "100m"), ("example.com/gpu", "1"), ("memory", "0.5")]), container(&[("memory", "0.5")])];
        spec.overhead = Some([("cpu".to_string(), Quantity("10m".into()))].into());
        let r = Resource::of_pod(&spec);
        assert_eq!(r.milli_cpu, 110);
        assert_eq!(r.memory, 1, "summed exactly before rounding");
        assert_eq!(r.scalar.get("example.com/gpu"), Some(&1));
        spec.resources = Some(k8s_openapi::api::core::v1::ResourceRequirements {
            requests: Some([("cpu".to_string(), Quantity("2".into()))].into()),
            ..Default::default()
        });
        assert_eq!(Resource::of_pod(&spec).milli_cpu, 2010, "pod-level cpu replaces the sum, overhead still added");
    }

    #[test]
    fn scalar_resource_names() {
        assert!(is_extended_resource_name("example.com/gpu"));
        assert!(!is_extended_resource_name("cpu"));
        assert!(!is_extended_resource_name("kubernetes.io/foo"));
        assert!(is_scalar_resource_name("hugepages-2Mi"));
        assert!(is_scalar_resource_name("attachable-volumes-aws-ebs"));
        assert!(!is_scalar_resource_name("bogus"));
    }
}
