//! What the scheduler's filter plugins say of the pod on the node: for a bound pod,
//! judged as the controller pinned it; for one that is not there, as it would be.

use dsplay_engine::scheduler::{self, FilterVerdict, NodeInfo, FILTER_PLUGINS};
use dsplay_engine::state::ClusterState;
use dsplay_model::k8s_openapi::api::core::v1::{Node, Pod, PodSpec};

use super::{is_bound, PluginCheck, SchedulerCheck};

/// The pod the controller would create differs from the template in its node
/// affinity: one `metadata.name In [node]` term replaces the user's (upstream
/// `ReplaceDaemonSetPodNodeNameNodeAffinity`). The user's affinity already
/// matched, or shouldRun would be false, so pinning by `nodeName` gives the same
/// filter verdicts without re-building the controller's term here.
pub(super) fn pinned(mut spec: PodSpec, node_name: &str) -> PodSpec {
    spec.affinity = spec.affinity.map(|mut affinity| {
        affinity.node_affinity = None;
        affinity
    });
    spec.node_selector = None;
    if spec.node_name.as_deref().is_none_or(str::is_empty) {
        spec.node_name = Some(node_name.to_string());
    }
    spec
}

pub(super) fn scheduler_check(state: &ClusterState, node: &Node, pod: &Pod, hypothetical: bool) -> SchedulerCheck {
    let node_name = node.metadata.name.as_deref().unwrap_or_default();
    let others: Vec<&Pod> = state
        .pods
        .values()
        .map(|other| other.as_ref())
        .filter(|other| {
            other.metadata.name != pod.metadata.name || other.metadata.namespace != pod.metadata.namespace || hypothetical
        })
        .filter(|other| other.spec.as_ref().and_then(|spec| spec.node_name.as_deref()) == Some(node_name))
        .filter(|other| {
            let phase = other.status.as_ref().and_then(|status| status.phase.as_deref());
            !matches!(phase, Some("Succeeded" | "Failed"))
        })
        .collect();
    // A bound pod's own nodeName makes NodeName pass; the bound check is made on
    // an unbound copy pinned like the controller pins it.
    let mut judged = pod.clone();
    if let Some(spec) = judged.spec.as_mut().filter(|_| !hypothetical) {
        spec.node_name = None;
        *spec = pinned(spec.clone(), node_name);
    }
    let verdicts = scheduler::filter(&judged, &NodeInfo { node, pods: others });
    let plugins = FILTER_PLUGINS
        .iter()
        .zip(verdicts)
        .map(|((plugin, _), verdict)| PluginCheck {
            plugin,
            unfit: match verdict {
                FilterVerdict::Fit => None,
                FilterVerdict::Unfit { reason, .. } => Some(reason),
            },
        })
        .collect();
    let failed_scheduling = pod
        .status
        .as_ref()
        .and_then(|status| status.conditions.as_ref())
        .and_then(|conditions| conditions.iter().find(|c| c.type_ == "PodScheduled" && c.status == "False"))
        .and_then(|condition| condition.message.clone());
    SchedulerCheck { hypothetical, bound: !hypothetical && is_bound(pod), plugins, failed_scheduling }
}
