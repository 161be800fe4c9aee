//! A node joins: what its kubelet registers (`scenario::registered`: hostname, os and
//! arch labels, capacity, its conditions, node info; its addresses), the taints the
//! node lifecycle controller derives from its conditions, and its pod CIDR.

use k8s_openapi::api::core::v1::Node;

use super::Simulation;
use crate::api::ApiError;
use crate::kubelet::{self, stamp_first_post, start_up_events, NodeLease};
use crate::node_lifecycle::{admit_new_node, reconcile_condition_taints};
use crate::scenario::registered;

impl Simulation {
    /// A node of the cluster as the scenario starts: registered long ago, its
    /// condition taints already what its conditions ask for.
    pub(super) fn register_node(&mut self, node: Node) -> Result<(), ApiError> {
        let node = reconcile_condition_taints(registered(node), self.api.now());
        // Its kubelet synced its status long ago: a cordon it starts with is old news.
        let _ = self.kubelet.sync_node_status(&node);
        self.create_registered_node(node)
    }

    fn create_registered_node(&mut self, mut node: Node) -> Result<(), ApiError> {
        let now = self.api.now();
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
        // The API server's admission taints it not-ready; the node lifecycle
        // controller, which hears of the new node, takes the taint off (`NodeAdded`).
        self.create_registered_node(admit_new_node(registered(node)))?;
        let events = self.api.state.nodes.get(&name).map(|node| start_up_events(node)).unwrap_or_default();
        let schedulable = self.api.state.nodes.get(&name).and_then(|node| self.kubelet.sync_node_status(node));
        for (reason, message) in events.into_iter().chain(schedulable) {
            self.api.record_event(&format!("Node/{name}"), "Normal", reason, kubelet::SOURCE, message);
        }
        Ok(())
    }
}
