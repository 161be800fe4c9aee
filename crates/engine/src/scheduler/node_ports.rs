//! NodePorts plugin (`plugins/nodeports/node_ports.go`) with `HostPortInfo`
//! (`pkg/scheduler/framework/types.go`): a wanted hostPort conflicts with a used one of
//! the same protocol and port when the IPs are equal or either is 0.0.0.0.

use std::collections::{BTreeMap, BTreeSet};

use k8s_openapi::api::core::v1::{ContainerPort, PodSpec};

use super::{Code, NodeInfo, Status};

pub const NAME: &str = "NodePorts";
pub const ERR_REASON: &str = "node(s) didn't have free ports for the requested pod ports";
const BIND_ALL_HOST_IP: &str = "0.0.0.0";

/// `schedutil.GetHostPorts`: ports with a hostPort of regular containers and of
/// restartable (sidecar) init containers.
pub fn host_ports(spec: &PodSpec) -> Vec<&ContainerPort> {
    let sidecars = spec.init_containers.iter().flatten().filter(|c| c.restart_policy.as_deref() == Some("Always"));
    sidecars
        .chain(spec.containers.iter())
        .flat_map(|c| c.ports.iter().flatten())
        .filter(|p| p.host_port.unwrap_or(0) > 0)
        .collect()
}

/// `HostPortInfo`: host IP -> (protocol, port).
#[derive(Debug, Default, Clone)]
pub struct HostPortInfo(BTreeMap<String, BTreeSet<(String, i32)>>);

/// `HostPortInfo.sanitize`: an empty IP binds all, an empty protocol is TCP.
fn sanitize(port: &ContainerPort) -> (String, String, i32) {
    let ip = port.host_ip.as_deref().filter(|s| !s.is_empty()).unwrap_or(BIND_ALL_HOST_IP).to_string();
    let protocol = port.protocol.as_deref().filter(|s| !s.is_empty()).unwrap_or("TCP").to_string();
    (ip, protocol, port.host_port.unwrap_or(0))
}

impl HostPortInfo {
    pub fn add(&mut self, port: &ContainerPort) {
        let (ip, protocol, port) = sanitize(port);
        if port > 0 {
            self.0.entry(ip).or_default().insert((protocol, port));
        }
    }

    /// `HostPortInfo.CheckConflict`.
    pub fn check_conflict(&self, port: &ContainerPort) -> bool {
        let (ip, protocol, port) = sanitize(port);
        if port <= 0 {
            return false;
        }
        let key = (protocol, port);
        if ip == BIND_ALL_HOST_IP {
            return self.0.values().any(|used| used.contains(&key));
        }
        [BIND_ALL_HOST_IP, ip.as_str()].iter().any(|ip| self.0.get(*ip).is_some_and(|used| used.contains(&key)))
    }
}

/// The ports used by the pods already on the node (`NodeInfo.UsedPorts`).
pub fn used_ports(node: &NodeInfo) -> HostPortInfo {
    let mut used = HostPortInfo::default();
    for pod in &node.pods {
        if let Some(spec) = &pod.spec {
            for p in host_ports(spec) {
                used.add(p);
            }
        }
    }
    used
}

pub fn filter(spec: &PodSpec, node: &NodeInfo) -> Result<(), Status> {
    let wanted = host_ports(spec);
    if wanted.is_empty() {
        return Ok(());
    }
    let used = used_ports(node);
    if wanted.iter().any(|p| used.check_conflict(p)) {
        return Err(Status::new(Code::Unschedulable, ERR_REASON));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::test_objects::{node, pod_spec, pod_with_ports};

    fn spec_with(ports: &[&str]) -> PodSpec {
        pod_with_ports(ports).spec.unwrap_or_else(pod_spec)
    }

    fn fits(wanted: &[&str], existing: &[&str]) -> bool {
        let n = node("m1");
        let existing_pod = pod_with_ports(existing);
        let info = NodeInfo { node: &n, pods: vec![&existing_pod] };
        filter(&spec_with(wanted), &info).is_ok()
    }

    #[test]
    fn upstream_node_ports_table() {
        // TestNodePorts (node_ports_test.go); ports written "proto/ip/port".
        assert!(fits(&[], &[]), "nothing running");
        assert!(fits(&["UDP/127.0.0.1/8080"], &["UDP/127.0.0.1/9090"]), "other port");
        assert!(!fits(&["UDP/127.0.0.1/8080"], &["UDP/127.0.0.1/8080"]), "same udp port");
        assert!(!fits(&["TCP/127.0.0.1/8080"], &["TCP/127.0.0.1/8080"]), "same tcp port");
        assert!(fits(&["TCP/127.0.0.1/8080"], &["TCP/127.0.0.2/8080"]), "different host ip");
        assert!(fits(&["UDP/127.0.0.1/8080"], &["TCP/127.0.0.1/8080"]), "different protocol");
        assert!(!fits(&["UDP/127.0.0.1/8000", "UDP/127.0.0.1/8080"], &["UDP/127.0.0.1/8080"]), "second udp port conflict");
        assert!(!fits(&["TCP/127.0.0.1/8001", "UDP/127.0.0.1/8080"], &["TCP/127.0.0.1/8001", "UDP/127.0.0.1/8081"]), "first tcp port conflict");
        assert!(!fits(&["TCP/0.0.0.0/8001"], &["TCP/127.0.0.1/8001"]), "first tcp port conflict due to 0.0.0.0 hostIP");
        assert!(!fits(&["TCP/10.0.10.10/8001", "TCP/0.0.0.0/8001"], &["TCP/127.0.0.1/8001"]), "TCP hostPort conflict due to 0.0.0.0 hostIP");
        assert!(!fits(&["TCP/127.0.0.1/8001"], &["TCP/0.0.0.0/8001"]), "second tcp port conflict to 0.0.0.0 hostIP");
        assert!(fits(&["UDP/127.0.0.1/8001"], &["TCP/0.0.0.0/8001"]), "second different protocol");
        assert!(!fits(&["UDP/127.0.0.1/8001"], &["TCP/0.0.0.0/8001", "UDP/0.0.0.0/8001"]), "UDP hostPort conflict due to 0.0.0.0 hostIP");
        assert!(!fits(&["//8001"], &["TCP/0.0.0.0/8001"]), "empty ip and protocol default to 0.0.0.0 and TCP");
    }

    #[test]
    fn reason_text() {
        let n = node("m1");
        let existing = pod_with_ports(&["TCP/0.0.0.0/80"]);
        let info = NodeInfo { node: &n, pods: vec![&existing] };
        assert_eq!(filter(&spec_with(&["TCP//80"]), &info), Err(Status::new(Code::Unschedulable, ERR_REASON)));
    }
}
