//! `kubectl describe node` (`describeNode` and `describeNodeResource` in kubectl
//! `pkg/describe/describe.go`).

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Node, Pod};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;

use crate::clock::timestamp;
use crate::kubelet::{node_as_reported, NodeLease};
use crate::pod_readiness::is_terminal;
use crate::state::{ClusterState, Event};

use super::age::{rfc1123z, rfc1123z_or_zero, translate_timestamp_since};
use super::describe_events::{describe_events, events_for};
use super::describe_text::{annotations_multiline, labels_multiline, taints_multiline};
use super::get_nodes::node_roles;
use super::pod_resources::{pod_requests_and_limits, ResourceAmounts};
use super::quantity_text::{amount_string, canonical, Amount};
use super::table::TabWriter;
use super::{not_found, object_namespace};

pub fn describe_node(state: &ClusterState, name: &str, now_ms: u64) -> Result<String, String> {
    let lease = state.leases.get(name);
    let node = &node_as_reported(state.nodes.get(name).ok_or_else(|| not_found("nodes", name))?, lease, now_ms);
    let status = node.status.clone().unwrap_or_default();
    let spec = node.spec.clone().unwrap_or_default();
    let mut w = TabWriter::for_describe();
    w.write(&format!("Name:\t{name}\n"));
    let roles = node_roles(node);
    w.write(&format!("Roles:\t{}\n", if roles.is_empty() { "<none>".to_string() } else { roles.join(",") }));
    labels_multiline(&mut w, "Labels", node.metadata.labels.as_ref());
    annotations_multiline(&mut w, "Annotations", node.metadata.annotations.as_ref());
    w.write(&format!("CreationTimestamp:\t{}\n", rfc1123z_or_zero(node.metadata.creation_timestamp.as_ref())));
    taints_multiline(&mut w, "Taints", spec.taints.as_ref());
    w.write(&format!("Unschedulable:\t{}\n", spec.unschedulable.unwrap_or(false)));
    describe_lease(&mut w, node, lease, name, now_ms);
    if let Some(conditions) = status.conditions.as_ref().filter(|c| !c.is_empty()) {
        w.write("Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n");
        w.write("  ----\t------\t-----------------\t------------------\t------\t-------\n");
        for c in conditions {
            w.write(&format!(
                "  {} \t{} \t{} \t{} \t{} \t{}\n",
                c.type_,
                c.status,
                rfc1123z_or_zero(c.last_heartbeat_time.as_ref()),
                rfc1123z_or_zero(c.last_transition_time.as_ref()),
                c.reason.as_deref().unwrap_or(""),
                c.message.as_deref().unwrap_or("")
            ));
        }
    }
    w.write("Addresses:\n");
    for address in status.addresses.iter().flatten() {
        w.write(&format!("  {}:\t{}\n", address.type_, address.address));
    }
    for (title, list) in [("Capacity", &status.capacity), ("Allocatable", &status.allocatable)] {
        if let Some(list) = list.as_ref().filter(|l| !l.is_empty()) {
            w.write(&format!("{title}:\n"));
            for (resource, value) in list {
                w.write(&format!("  {resource}:\t{}\n", canonical(&value.0)));
            }
        }
    }
    let info = status.node_info.clone().unwrap_or_default();
    w.write("System Info:\n");
    for (label, value) in [
        ("Machine ID", &info.machine_id),
        ("System UUID", &info.system_uuid),
        ("Boot ID", &info.boot_id),
        ("Kernel Version", &info.kernel_version),
        ("OS Image", &info.os_image),
        ("Operating System", &info.operating_system),
        ("Architecture", &info.architecture),
        ("Container Runtime Version", &info.container_runtime_version),
        ("Kubelet Version", &info.kubelet_version),
        ("Kube-Proxy Version", &info.kube_proxy_version),
    ] {
        w.write(&format!("  {label}:\t{value}\n"));
    }
    if let Some(cidr) = spec.pod_cidr.as_deref().filter(|c| !c.is_empty()) {
        w.write(&format!("PodCIDR:\t{cidr}\n"));
    }
    if let Some(cidrs) = spec.pod_cidrs.as_ref().filter(|c| !c.is_empty()) {
        w.write(&format!("PodCIDRs:\t{}\n", cidrs.join(",")));
    }
    if let Some(provider) = spec.provider_id.as_deref().filter(|p| !p.is_empty()) {
        w.write(&format!("ProviderID:\t{provider}\n"));
    }
    let pods: Vec<&Pod> = state
        .pods
        .values()
        .map(|p| p.as_ref())
        .filter(|p| p.spec.as_ref().and_then(|s| s.node_name.as_deref()) == Some(name))
        .filter(|p| !is_terminal(p))
        .collect();
    describe_node_resource(&mut w, &pods, node, now_ms);
    // Node events are recorded against the node's uid by controllers and its name by the
    // kubelet; kubectl merges both searches.
    let events: Vec<&Event> = events_for(state, "Node", "", name, &[node.metadata.uid.as_deref().unwrap_or_default(), name], now_ms);
    describe_events(&mut w, &events, now_ms);
    Ok(w.finish())
}

/// The kubelet's lease in `kube-node-lease`; a node without one (no kubelet has
/// registered it) shows the Ready condition's last heartbeat.
fn describe_lease(w: &mut TabWriter, node: &Node, lease: Option<&NodeLease>, name: &str, now_ms: u64) {
    let heartbeat = || {
        node.status
            .as_ref()
            .and_then(|s| s.conditions.as_ref())
            .and_then(|c| c.iter().find(|c| c.type_ == "Ready"))
            .and_then(|c| c.last_heartbeat_time.clone())
    };
    let renew = lease.map(|l| timestamp(l.renew_time(now_ms))).or_else(heartbeat);
    w.write("Lease:\n");
    w.write(&format!("  HolderIdentity:\t{name}\n"));
    w.write("  AcquireTime:\t<unset>\n");
    let renew = renew.as_ref().map_or_else(|| "<unset>".to_string(), rfc1123z);
    w.write(&format!("  RenewTime:\t{renew}\n"));
}

fn get(list: &ResourceAmounts, name: &str) -> Amount {
    list.get(name).copied().unwrap_or(Amount::ZERO)
}

fn allocatable_amount(list: &BTreeMap<String, Quantity>, name: &str) -> Amount {
    list.get(name).map_or(Amount::ZERO, |q| Amount::parse(&q.0))
}

/// Percent of allocatable, truncated like Go's `int64(float64)`.
fn percent(used: i128, available: i128) -> i64 {
    if available == 0 {
        return 0;
    }
    (used as f64 / available as f64 * 100.0) as i64
}

/// The node's allocatable, or its capacity when it reports no allocatable, as
/// `describe node` reads it.
pub fn allocatable_of(node: &Node) -> BTreeMap<String, Quantity> {
    let status = node.status.clone().unwrap_or_default();
    match status.allocatable.filter(|a| !a.is_empty()) {
        Some(a) => a,
        None => status.capacity.unwrap_or_default(),
    }
}

/// One line of "Allocated resources": what the node's non-terminated pods request and
/// limit, against its allocatable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllocatedResource {
    pub resource: String,
    pub requests: String,
    /// Percent of allocatable, truncated; `None` for an extended resource, which
    /// kubectl prints without one.
    pub requests_percent: Option<i64>,
    pub limits: String,
    pub limits_percent: Option<i64>,
}

/// "Allocated resources" of `node` with the non-terminated `pods` bound to it
/// (`describeNodeResource`): cpu, memory, ephemeral-storage, hugepages, then extended
/// resources.
pub fn allocated_resources(pods: &[&Pod], node: &Node) -> Vec<AllocatedResource> {
    let allocatable = allocatable_of(node);
    let mut requests = ResourceAmounts::new();
    let mut limits = ResourceAmounts::new();
    for pod in pods {
        let (req, lim) = pod_requests_and_limits(pod);
        for (total, own) in [(&mut requests, req), (&mut limits, lim)] {
            for (resource, amount) in own {
                let sum = total.get(&resource).map_or(amount, |t| t.add(amount));
                total.insert(resource, sum);
            }
        }
    }
    let row = |resource: &str, milli: bool| {
        let (req, lim) = (get(&requests, resource), get(&limits, resource));
        let available = allocatable_amount(&allocatable, resource);
        let scale = |a: &Amount| if milli { a.milli_value() } else { a.value() };
        AllocatedResource {
            resource: resource.to_owned(),
            requests: amount_string(&req),
            requests_percent: Some(percent(scale(&req), scale(&available))),
            limits: amount_string(&lim),
            limits_percent: Some(percent(scale(&lim), scale(&available))),
        }
    };
    let mut rows = vec![row("cpu", true), row("memory", false), row("ephemeral-storage", false)];
    let standard = ["cpu", "memory", "ephemeral-storage", "pods"];
    let (huge_pages, extended): (Vec<&String>, Vec<&String>) = allocatable
        .keys()
        .filter(|r| !standard.contains(&r.as_str()))
        .partition(|r| r.starts_with("hugepages-"));
    rows.extend(huge_pages.into_iter().map(|resource| row(resource, false)));
    rows.extend(extended.into_iter().map(|resource| AllocatedResource {
        requests_percent: None,
        limits_percent: None,
        ..row(resource, false)
    }));
    rows
}

fn describe_node_resource(w: &mut TabWriter, pods: &[&Pod], node: &Node, now_ms: u64) {
    let allocatable = allocatable_of(node);
    let cpu_alloc = allocatable_amount(&allocatable, "cpu");
    let mem_alloc = allocatable_amount(&allocatable, "memory");

    w.write(&format!("Non-terminated Pods:\t({} in total)\n", pods.len()));
    w.write("  Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n");
    w.write("  ---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n");
    for pod in pods {
        let (req, lim) = pod_requests_and_limits(pod);
        let (cpu_req, cpu_lim) = (get(&req, "cpu"), get(&lim, "cpu"));
        let (mem_req, mem_lim) = (get(&req, "memory"), get(&lim, "memory"));
        w.write(&format!(
            "  {}\t{}\t\t{} ({}%)\t{} ({}%)\t{} ({}%)\t{} ({}%)\t{}\n",
            object_namespace(&pod.metadata),
            pod.metadata.name.as_deref().unwrap_or(""),
            amount_string(&cpu_req),
            percent(cpu_req.milli_value(), cpu_alloc.milli_value()),
            amount_string(&cpu_lim),
            percent(cpu_lim.milli_value(), cpu_alloc.milli_value()),
            amount_string(&mem_req),
            percent(mem_req.value(), mem_alloc.value()),
            amount_string(&mem_lim),
            percent(mem_lim.value(), mem_alloc.value()),
            translate_timestamp_since(pod.metadata.creation_timestamp.as_ref(), now_ms)
        ));
    }
    w.write("Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n");
    w.write("  Resource\tRequests\tLimits\n");
    w.write("  --------\t--------\t------\n");
    for row in allocated_resources(pods, node) {
        match (row.requests_percent, row.limits_percent) {
            (Some(req), Some(lim)) => {
                w.write(&format!("  {}\t{} ({req}%)\t{} ({lim}%)\n", row.resource, row.requests, row.limits))
            }
            _ => w.write(&format!("  {}\t{}\t{}\n", row.resource, row.requests, row.limits)),
        }
    }
}
