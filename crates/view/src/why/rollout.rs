//! Where a node stands in each DaemonSet's rollout at one frame: the engine's own
//! decision (`explain_rollout`, the computation `rollingUpdate` makes in a sync) for
//! this node, with the budget, how much of it is in use and which nodes' pods use it.
//! Pure data, so it is tested natively; the panel says it in either language.

use dsplay_engine::controller::daemonset::{explain_rollout, NodeRollout, RolloutExplanation, RolloutStrategy};
use dsplay_engine::state::ClusterState;

use crate::pod::status_column;

/// A node whose pod uses the budget, as the panel names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    pub node: String,
    /// Its pod's name and kubectl STATUS; `None` while the controller has yet to
    /// create it.
    pub pod: Option<(String, String)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RolloutWhy {
    /// `namespace/name`.
    pub daemonset: String,
    pub strategy: RolloutStrategy,
    pub desired: i32,
    /// numUnavailable (replace) or numSurge (surge) before the decision.
    pub used: i32,
    pub verdict: NodeRollout,
    pub holders: Vec<Holder>,
    /// The nodes this decision replaces within the budget (next in line), node order.
    pub next_in_line: Vec<String>,
    /// `manage` has pods to create or delete first, and rollingUpdate acts only in a
    /// sync where it has none.
    pub manage_first: bool,
}

impl RolloutWhy {
    /// The rollouts in progress that `node` takes part in, in DaemonSet key order.
    pub fn of(state: &ClusterState, node: &str, now_ms: u64) -> Vec<RolloutWhy> {
        state
            .daemonsets
            .keys()
            .filter_map(|key| explain_rollout(state, key, now_ms).map(|explanation| (key, explanation)))
            .filter(|(_, explanation)| explanation.in_progress() && explanation.node(node) != NodeRollout::NotCounted)
            .map(|(key, explanation)| RolloutWhy::from_explanation(state, key, node, &explanation))
            .collect()
    }

    fn from_explanation(state: &ClusterState, key: &str, node: &str, explanation: &RolloutExplanation) -> RolloutWhy {
        let holders = explanation
            .holders
            .iter()
            .map(|holder| Holder {
                node: holder.node.clone(),
                pod: holder.pod.as_ref().and_then(|pod_key| state.pods.get(pod_key.as_str())).map(|pod| {
                    (pod.metadata.name.clone().unwrap_or_default(), status_column(pod))
                }),
            })
            .collect();
        RolloutWhy {
            daemonset: key.to_owned(),
            strategy: explanation.strategy,
            desired: explanation.desired,
            used: explanation.used,
            verdict: explanation.node(node),
            holders,
            next_in_line: explanation.nodes.iter().filter(|(_, v)| **v == NodeRollout::Replacing).map(|(n, _)| n.clone()).collect(),
            manage_first: !explanation.manage_first.is_empty(),
        }
    }

    /// The verdict's name, for `data-rollout`.
    pub fn verdict_name(&self) -> &'static str {
        match self.verdict {
            NodeRollout::Updated => "updated",
            NodeRollout::Starting { holds_budget: true } => "starting-in-budget",
            NodeRollout::Starting { holds_budget: false } => "starting",
            NodeRollout::Replacing => "replacing",
            NodeRollout::ReplacedRegardless => "replaced-regardless",
            NodeRollout::OldPodGoes => "old-pod-goes",
            NodeRollout::Waiting => "waiting",
            NodeRollout::WaitsForDelete => "waits-for-delete",
            NodeRollout::NotCounted => "not-counted",
        }
    }

    /// The budget's name and size as the spec says it: `maxUnavailable 1`.
    pub fn budget(&self) -> Option<(&'static str, i32)> {
        match self.strategy {
            RolloutStrategy::Replace { max_unavailable } => Some(("maxUnavailable", max_unavailable)),
            RolloutStrategy::Surge { max_surge } => Some(("maxSurge", max_surge)),
            RolloutStrategy::OnDelete => None,
        }
    }
}
