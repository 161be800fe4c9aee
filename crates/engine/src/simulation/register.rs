//! A node joins: what its kubelet registers (`scenario::registered`: hostname, os and
//! arch labels, capacity, its conditions, node info; its addresses), the taints the
//! node lifecycle controller derives from its conditions, and its pod CIDR.

use k8s_openapi::api::core::v1::Node;

use super::Simulation;
use crate::api::ApiError;
use crate::kubelet::{self, stamp_first_post, start_up_events, NodeLease};
use crate::node_lifecycle::reconcile_condition_taints;
use crate::scenario::registered;

impl Simulation {
    pub(super) fn register_node(&mut self, node: Node) -> Result<(), ApiError> {
        let now = self.api.now();
        let mut node = reconcile_condition_taints(registered(node), now);
        stamp_first_post(&mut node, now);
        self.network.address_node(&mut node);
        let name = self.api.create_node(node)?;
        self.api.write_lease(&name, NodeLease::renewing(now));
        Ok(())
    }

    /// A node that joins the running cluster (`node add`, a Node applied): registered,
    /// with the events its kubelet records as it starts. The scenario's own nodes stand
    /// for a cluster already running, whose start-up is long past.
    pub(super) fn join_node(&mut self, node: Node) -> Result<(), ApiError> {
        let name = node.metadata.name.clone().unwrap_or_default();
        self.register_node(node)?;
        let events = self.api.state.nodes.get(&name).map(|node| start_up_events(node)).unwrap_or_default();
        for (reason, message) in events {
            self.api.record_event(&format!("Node/{name}"), "Normal", reason, kubelet::SOURCE, message);
        }
        Ok(())
    }
}
