//! `framework.FitError` and its `Error()` text, the FailedScheduling event message:
//! `0/N nodes are available: <PreFilterMsg>. <counted reasons>. <PostFilterMsg>`.

use std::collections::BTreeMap;
use std::fmt;

use super::framework::Nominating;
use super::Status;

/// The event text when the cluster has no node at all (`ErrNoNodesAvailable`).
pub const ERR_NO_NODES_AVAILABLE: &str = "no nodes available to schedule pods";

/// Why one node was rejected, and by which plugin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeStatus {
    pub node: String,
    pub plugin: &'static str,
    pub status: Status,
}

/// `framework.FitError` with its `Diagnosis`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FitError {
    pub num_all_nodes: usize,
    /// A PreFilter rejection of every node; when set, node statuses are not counted.
    pub pre_filter_msg: String,
    /// Nodes whose filters ran and failed (`NodeToStatus` explicit entries), in node order.
    pub node_statuses: Vec<NodeStatus>,
    /// The status of every node not in `node_statuses` (`AbsentNodesStatus`).
    pub absent_status: Option<Status>,
    /// The PostFilter plugins' message (preemption), empty when preemption found a node.
    pub post_filter_msg: String,
    /// What preemption decided for the pod's nominated node (and the victims there).
    pub nominating: Nominating,
}

impl FitError {
    /// The plugins that rejected a node (`Diagnosis.UnschedulablePlugins`), NodeAffinity
    /// for the nodes its PreFilter left out; none known when a PreFilter rejected them all.
    pub fn unschedulable_plugins(&self) -> Vec<&'static str> {
        let mut plugins: Vec<&'static str> = self.node_statuses.iter().map(|ns| ns.plugin).collect();
        if self.absent_status.is_some() {
            plugins.push(super::node_affinity::NAME);
        }
        dsplay_model::sorting::sort(&mut plugins);
        plugins.dedup();
        plugins
    }

    /// The status the diagnosis holds for `node` (`NodeToStatus.Get`): its own, or the
    /// status of the nodes that were never filtered.
    pub fn status_of(&self, node: &str) -> Option<&Status> {
        match self.node_statuses.iter().find(|ns| ns.node == node) {
            Some(ns) => Some(&ns.status),
            None => self.absent_status.as_ref(),
        }
    }

    /// The counted reasons, `"<count> <reason>"` sorted as strings (`sortReasonsHistogram`).
    pub fn reason_histogram(&self) -> Vec<String> {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for ns in &self.node_statuses {
            for r in &ns.status.reasons {
                *counts.entry(r.as_str()).or_insert(0) += 1;
            }
        }
        if self.node_statuses.len() < self.num_all_nodes {
            let absent = self.num_all_nodes - self.node_statuses.len();
            for r in self.absent_status.iter().flat_map(|s| s.reasons.iter()) {
                *counts.entry(r.as_str()).or_insert(0) += absent;
            }
        }
        let mut out: Vec<String> = counts.into_iter().map(|(r, n)| format!("{n} {r}")).collect();
        dsplay_model::sorting::sort(&mut out);
        out
    }
}

impl fmt::Display for FitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.num_all_nodes == 0 {
            return f.write_str(ERR_NO_NODES_AVAILABLE);
        }
        write!(f, "0/{} nodes are available:", self.num_all_nodes)?;
        if !self.pre_filter_msg.is_empty() {
            write!(f, " {}.", self.pre_filter_msg)?;
        } else {
            let reasons = self.reason_histogram();
            if !reasons.is_empty() {
                write!(f, " {}.", reasons.join(", "))?;
            }
        }
        if !self.post_filter_msg.is_empty() {
            write!(f, " {}", self.post_filter_msg)?;
        }
        Ok(())
    }
}

impl std::error::Error for FitError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::Code;

    fn ns(node: &str, reason: &str) -> NodeStatus {
        NodeStatus { node: node.into(), plugin: "P", status: Status::new(Code::Unschedulable, reason) }
    }

    #[test]
    fn histogram_sorts_count_prefixed_strings() {
        // Sorting is on the "<count> <reason>" strings, so "10 ..." sorts before "2 ...".
        let mut statuses: Vec<NodeStatus> = (0..10).map(|i| ns(&format!("a{i}"), "node(s) were unschedulable")).collect();
        statuses.push(ns("b1", "Insufficient cpu"));
        statuses.push(ns("b2", "Insufficient cpu"));
        let e = FitError { num_all_nodes: 12, node_statuses: statuses, ..Default::default() };
        assert_eq!(e.to_string(), "0/12 nodes are available: 10 node(s) were unschedulable, 2 Insufficient cpu.");
    }

    #[test]
    fn pre_filter_message_replaces_the_histogram() {
        let e = FitError {
            num_all_nodes: 3,
            pre_filter_msg: "pod affinity terms conflict".into(),
            absent_status: Some(Status::new(Code::UnschedulableAndUnresolvable, "pod affinity terms conflict")),
            ..Default::default()
        };
        assert_eq!(e.to_string(), "0/3 nodes are available: pod affinity terms conflict.");
        assert_eq!(FitError::default().to_string(), ERR_NO_NODES_AVAILABLE);
    }
}
