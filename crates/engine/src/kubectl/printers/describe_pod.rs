//! `kubectl describe pod` (`describePod` in kubectl `pkg/describe/describe.go`).

use crate::state::ClusterState;

use super::age::{rfc1123z, translate_timestamp_since};
use super::describe_containers::describe_containers;
use super::describe_events::{describe_events, events_for};
use super::describe_text::{annotations_multiline, labels_multiline, seccomp_profile, tolerations_multiline, topology_spread_constraints};
use super::describe_volumes::describe_volumes;
use crate::api::controller_of;
use super::pod_resources::pod_qos;
use super::table::TabWriter;
use super::{not_found, object_namespace};

pub fn describe_pod(state: &ClusterState, namespace: &str, name: &str, now_ms: u64) -> Result<String, String> {
    let pod = state.pods.get(format!("{namespace}/{name}").as_str()).ok_or_else(|| not_found("pods", name))?;
    let spec = pod.spec.clone().unwrap_or_default();
    let status = pod.status.clone().unwrap_or_default();
    let meta = &pod.metadata;
    let phase = status.phase.clone().unwrap_or_default();

    let mut w = TabWriter::for_describe();
    w.write(&format!("Name:\t{name}\n"));
    w.write(&format!("Namespace:\t{}\n", object_namespace(meta)));
    if let Some(priority) = spec.priority {
        w.write(&format!("Priority:\t{priority}\n"));
    }
    if let Some(class) = spec.priority_class_name.as_deref().filter(|c| !c.is_empty()) {
        w.write(&format!("Priority Class Name:\t{class}\n"));
    }
    if let Some(class) = spec.runtime_class_name.as_deref().filter(|c| !c.is_empty()) {
        w.write(&format!("Runtime Class Name:\t{class}\n"));
    }
    if let Some(account) = spec.service_account_name.as_deref().filter(|a| !a.is_empty()) {
        w.write(&format!("Service Account:\t{account}\n"));
    }
    match spec.node_name.as_deref().filter(|n| !n.is_empty()) {
        None => w.write("Node:\t<none>\n"),
        Some(node) => w.write(&format!("Node:\t{node}/{}\n", status.host_ip.as_deref().unwrap_or(""))),
    }
    if let Some(start) = &status.start_time {
        w.write(&format!("Start Time:\t{}\n", rfc1123z(start)));
    }
    labels_multiline(&mut w, "Labels", meta.labels.as_ref());
    annotations_multiline(&mut w, "Annotations", meta.annotations.as_ref());
    match &meta.deletion_timestamp {
        Some(deleted) if phase != "Failed" && phase != "Succeeded" => {
            w.write(&format!("Status:\tTerminating (lasts {})\n", translate_timestamp_since(Some(deleted), now_ms)));
            w.write(&format!("Termination Grace Period:\t{}s\n", meta.deletion_grace_period_seconds.unwrap_or(0)));
        }
        _ => w.write(&format!("Status:\t{phase}\n")),
    }
    if let Some(reason) = status.reason.as_deref().filter(|r| !r.is_empty()) {
        w.write(&format!("Reason:\t{reason}\n"));
    }
    if let Some(message) = status.message.as_deref().filter(|m| !m.is_empty()) {
        w.write(&format!("Message:\t{message}\n"));
    }
    seccomp_profile(&mut w, spec.security_context.as_ref().and_then(|s| s.seccomp_profile.as_ref()), "", "");
    w.write(&format!("IP:\t{}\n", status.pod_ip.as_deref().unwrap_or("")));
    match status.pod_ips.as_ref().filter(|ips| !ips.is_empty()) {
        None => w.write("IPs:\t<none>\n"),
        Some(ips) => {
            w.write("IPs:\n");
            for ip in ips {
                w.write(&format!("  IP:\t{}\n", ip.ip));
            }
        }
    }
    if let Some(owner) = controller_of(meta) {
        w.write(&format!("Controlled By:\t{}/{}\n", owner.kind, owner.name));
    }
    if let Some(nominated) = status.nominated_node_name.as_deref().filter(|n| !n.is_empty()) {
        w.write(&format!("NominatedNodeName:\t{nominated}\n"));
    }
    if let Some(init) = spec.init_containers.as_ref().filter(|c| !c.is_empty()) {
        describe_containers(&mut w, "Init Containers", init, Some(status.init_container_statuses.as_deref().unwrap_or_default()), Some(pod), "");
    }
    let statuses = status.container_statuses.as_deref().unwrap_or_default();
    describe_containers(&mut w, "Containers", &spec.containers, Some(statuses), Some(pod), "");
    if let Some(gates) = spec.readiness_gates.as_ref().filter(|g| !g.is_empty()) {
        w.write("Readiness Gates:\n  Type\tStatus\n");
        for gate in gates {
            let value = status
                .conditions
                .iter()
                .flatten()
                .find(|c| c.type_ == gate.condition_type)
                .map_or("<none>", |c| c.status.as_str());
            w.write(&format!("  {} \t{value} \n", gate.condition_type));
        }
    }
    if let Some(conditions) = status.conditions.as_ref().filter(|c| !c.is_empty()) {
        w.write("Conditions:\n  Type\tStatus\n");
        for c in conditions {
            w.write(&format!("  {} \t{} \n", c.type_, c.status));
        }
    }
    describe_volumes(&mut w, spec.volumes.as_ref(), "");
    w.write(&format!("QoS Class:\t{}\n", pod_qos(pod)));
    labels_multiline(&mut w, "Node-Selectors", spec.node_selector.as_ref());
    tolerations_multiline(&mut w, "Tolerations", spec.tolerations.as_ref());
    topology_spread_constraints(&mut w, spec.topology_spread_constraints.as_ref(), "");
    describe_events(&mut w, &events_for(state, "Pod", namespace, name, &[pod.metadata.uid.as_deref().unwrap_or_default()], now_ms), now_ms);
    Ok(w.finish())
}
