//! A pod's effective requests and limits (`resourcehelper.PodRequestsAndLimits`, kubectl
//! `pkg/util/resource`) and its QoS class (`qos.GetPodQOS`), as `describe` prints them.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Container, Pod, ResourceRequirements};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;

use super::quantity_text::Amount;

pub type ResourceAmounts = BTreeMap<String, Amount>;

fn amounts(list: Option<&BTreeMap<String, Quantity>>) -> ResourceAmounts {
    list.into_iter().flatten().map(|(name, q)| (name.clone(), Amount::parse(&q.0))).collect()
}

fn add_into(total: &mut ResourceAmounts, more: &ResourceAmounts) {
    for (name, amount) in more {
        let sum = match total.get(name) {
            Some(existing) => existing.add(*amount),
            None => *amount,
        };
        total.insert(name.clone(), sum);
    }
}

fn max_into(total: &mut ResourceAmounts, other: &ResourceAmounts) {
    for (name, amount) in other {
        let bigger = match total.get(name) {
            Some(existing) if existing.nano >= amount.nano => *existing,
            _ => *amount,
        };
        total.insert(name.clone(), bigger);
    }
}

fn is_sidecar(container: &Container) -> bool {
    container.restart_policy.as_deref() == Some("Always")
}

/// Containers add up; sidecars (restartable init containers) run beside them and add up
/// too; each other init container runs alone with the sidecars started before it, and the
/// pod needs the largest of those; pod overhead comes on top.
fn effective(pod: &Pod, pick: fn(&ResourceRequirements) -> Option<&BTreeMap<String, Quantity>>) -> ResourceAmounts {
    let Some(spec) = pod.spec.as_ref() else { return ResourceAmounts::new() };
    if let Some(pod_level) = spec.resources.as_ref().and_then(pick).filter(|l| !l.is_empty()) {
        return amounts(Some(pod_level));
    }
    let of = |c: &Container| amounts(c.resources.as_ref().and_then(pick));
    let mut total = ResourceAmounts::new();
    for container in &spec.containers {
        add_into(&mut total, &of(container));
    }
    let mut sidecars = ResourceAmounts::new();
    let mut init_peak = ResourceAmounts::new();
    for init in spec.init_containers.iter().flatten() {
        let own = of(init);
        if is_sidecar(init) {
            add_into(&mut sidecars, &own);
            max_into(&mut init_peak, &sidecars);
        } else {
            let mut running = sidecars.clone();
            add_into(&mut running, &own);
            max_into(&mut init_peak, &running);
        }
    }
    add_into(&mut total, &sidecars);
    max_into(&mut total, &init_peak);
    add_into(&mut total, &amounts(spec.overhead.as_ref()));
    total
}

/// `PodRequestsAndLimits`: (requests, limits) by resource name.
pub fn pod_requests_and_limits(pod: &Pod) -> (ResourceAmounts, ResourceAmounts) {
    (effective(pod, |r| r.requests.as_ref()), effective(pod, |r| r.limits.as_ref()))
}

/// `qos.GetPodQOS`: the class the kubelet reported, or the one computed from cpu and
/// memory requests and limits of every container.
pub fn pod_qos(pod: &Pod) -> String {
    if let Some(class) = pod.status.as_ref().and_then(|s| s.qos_class.as_deref()).filter(|c| !c.is_empty()) {
        return class.to_string();
    }
    let Some(spec) = pod.spec.as_ref() else { return "BestEffort".to_string() };
    let compute = ["cpu", "memory"];
    let mut any_set = false;
    let mut guaranteed = true;
    for container in spec.containers.iter().chain(spec.init_containers.iter().flatten()) {
        let requests = amounts(container.resources.as_ref().and_then(|r| r.requests.as_ref()));
        let limits = amounts(container.resources.as_ref().and_then(|r| r.limits.as_ref()));
        for name in compute {
            let request = requests.get(name).filter(|a| a.nano != 0);
            let limit = limits.get(name).filter(|a| a.nano != 0);
            if request.is_some() || limit.is_some() {
                any_set = true;
            }
            match (request, limit) {
                (Some(r), Some(l)) if r.nano == l.nano => {}
                (None, Some(_)) => {}
                _ => guaranteed = false,
            }
        }
    }
    if !any_set {
        "BestEffort".to_string()
    } else if guaranteed {
        "Guaranteed".to_string()
    } else {
        "Burstable".to_string()
    }
}
