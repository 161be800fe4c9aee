//! A node joins: what its kubelet registers (`scenario::registered`: hostname, os and
//! arch labels, capacity, its conditions, node info; its addresses), the taints the
//! node lifecycle controller derives from its conditions, and its pod CIDR.

use k8s_openapi::api::core::v1::Node;

use super::Simulation;
use crate::api::ApiError;
use crate::kubelet::stamp_first_post;
use crate::node_lifecycle::reconcile_condition_taints;
use crate::scenario::registered;

impl Simulation {
    pub(super) fn register_node(&mut self, node: Node) -> Result<(), ApiError> {
        let now = self.api.now();
        let mut node = reconcile_condition_taints(registered(node));
        stamp_first_post(&mut node, now);
        self.network.address_node(&mut node);
        self.api.create_node(node).map(drop)
    }
}
