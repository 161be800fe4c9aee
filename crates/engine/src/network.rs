//! The cluster's addresses: each node an InternalIP on the node network (kind's
//! 172.18.0.0/16, in the order nodes join), a pod CIDR from the node IPAM controller's
//! range allocator (a /24 per node as kind gives, but out of 10.64.0.0/10: kind's
//! 10.244.0.0/16 holds only 256 nodes), and each pod on it the next address of that
//! CIDR from the CNI's host-local IPAM (from .2, the bridge holding .1, wrapping
//! after .254).
//! A hostNetwork pod has its node's address.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Node, NodeAddress};

/// The /24s of 10.64.0.0/10.
const POD_CIDRS: u32 = 1 << 14;

/// What the node IPAM controller and the nodes' CNI plugins have handed out.
#[derive(Clone, Debug, Default)]
pub struct Network {
    nodes_joined: u32,
    /// The last host number given on each node's CIDR.
    last_host: BTreeMap<String, u8>,
}

impl Network {
    /// A joining node's InternalIP and Hostname (what its kubelet reports) and its pod
    /// CIDR, where the node's document gave none.
    pub fn address_node(&mut self, node: &mut Node) {
        let index = self.nodes_joined;
        self.nodes_joined += 1;
        let name = node.metadata.name.clone().unwrap_or_default();
        let status = node.status.get_or_insert_with(Default::default);
        if status.addresses.as_ref().is_none_or(Vec::is_empty) {
            let host = index + 2;
            status.addresses = Some(vec![
                NodeAddress { type_: "InternalIP".into(), address: format!("172.18.{}.{}", host / 256, host % 256) },
                NodeAddress { type_: "Hostname".into(), address: name },
            ]);
        }
        let spec = node.spec.get_or_insert_with(Default::default);
        if spec.pod_cidr.is_none() && index < POD_CIDRS {
            let cidr = format!("10.{}.{}.0/24", 64 + index / 256, index % 256);
            spec.pod_cidrs = Some(vec![cidr.clone()]);
            spec.pod_cidr = Some(cidr);
        }
    }

    /// The next pod address on `node`; `None` for a node without a pod CIDR.
    pub fn next_pod_ip(&mut self, node: &Node) -> Option<String> {
        let cidr = node.spec.as_ref()?.pod_cidr.as_deref()?;
        let prefix = cidr.strip_suffix(".0/24")?;
        let name = node.metadata.name.clone().unwrap_or_default();
        let last = self.last_host.entry(name).or_insert(1);
        *last = if *last >= 254 { 2 } else { *last + 1 };
        Some(format!("{prefix}.{last}"))
    }
}

/// Where a pod is reached: its node's address, and its own (the node's too for a
/// hostNetwork pod; none for a pod admission refused).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PodAddresses {
    pub host_ip: Option<String>,
    pub pod_ip: Option<String>,
}

/// The node's InternalIP, as its pods' hostIP.
pub fn internal_ip(node: &Node) -> Option<&str> {
    let addresses = node.status.as_ref()?.addresses.as_ref()?;
    addresses.iter().find(|a| a.type_ == "InternalIP").map(|a| a.address.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(name: &str) -> Node {
        Node { metadata: k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta { name: Some(name.into()), ..Default::default() }, ..Default::default() }
    }

    #[test]
    fn nodes_get_addresses_and_pod_cidrs_in_the_order_they_join() {
        let mut network = Network::default();
        let (mut first, mut second) = (node("node-01"), node("node-02"));
        network.address_node(&mut first);
        network.address_node(&mut second);
        assert_eq!(internal_ip(&first), Some("172.18.0.2"));
        assert_eq!(internal_ip(&second), Some("172.18.0.3"));
        assert_eq!(second.spec.as_ref().and_then(|s| s.pod_cidr.as_deref()), Some("10.64.1.0/24"));
        let mut many = Network { nodes_joined: 300, ..Default::default() };
        let mut late = node("node-301");
        many.address_node(&mut late);
        assert_eq!(internal_ip(&late), Some("172.18.1.46"));
        assert_eq!(late.spec.as_ref().and_then(|s| s.pod_cidr.as_deref()), Some("10.65.44.0/24"));
    }

    #[test]
    fn pods_get_the_next_address_of_their_node_and_wrap_after_254() {
        let mut network = Network::default();
        let mut n = node("node-01");
        network.address_node(&mut n);
        assert_eq!(network.next_pod_ip(&n).as_deref(), Some("10.64.0.2"));
        assert_eq!(network.next_pod_ip(&n).as_deref(), Some("10.64.0.3"));
        for _ in 4..=254 {
            network.next_pod_ip(&n);
        }
        assert_eq!(network.next_pod_ip(&n).as_deref(), Some("10.64.0.2"));
    }
}
