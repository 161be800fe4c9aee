//! `NodeShouldRunDaemonPod`: whether a node should run the DaemonSet's pod, and
//! whether a pod already there may stay. Only nodeName, node selector / required
//! affinity and taints are looked at; capacity, ports and cordoning are left to the
//! scheduler.

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Node;

use dsplay_model::node_affinity::RequiredNodeAffinity;
use dsplay_model::tolerations::find_matching_untolerated_taint;

use super::pod_template::new_pod;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeVerdict {
    /// Create a pod here if none exists.
    pub should_run: bool,
    /// Keep a pod that is already here.
    pub should_continue_running: bool,
}

impl NodeVerdict {
    const NO: NodeVerdict = NodeVerdict { should_run: false, should_continue_running: false };
}

pub fn node_should_run_daemon_pod(node: &Node, ds: &DaemonSet) -> NodeVerdict {
    let node_name = node.metadata.name.as_deref().unwrap_or("");
    let pod = new_pod(ds, node_name);
    let Some(spec) = pod.spec.as_ref() else { return NodeVerdict::NO };
    let template_node_name = ds.spec.as_ref().and_then(|s| s.template.spec.as_ref()?.node_name.as_deref());
    if template_node_name.is_some_and(|n| !n.is_empty() && n != node_name) {
        return NodeVerdict::NO;
    }
    if !RequiredNodeAffinity::new(spec).matches(node) {
        return NodeVerdict::NO;
    }
    let taints = node.spec.as_ref().and_then(|s| s.taints.as_deref()).unwrap_or(&[]);
    let tolerations = spec.tolerations.as_deref().unwrap_or(&[]);
    let untolerated = find_matching_untolerated_taint(taints, tolerations, |t| {
        t.effect == "NoSchedule" || t.effect == "NoExecute"
    });
    let untolerated_no_execute =
        find_matching_untolerated_taint(taints, tolerations, |t| t.effect == "NoExecute").is_some();
    NodeVerdict { should_run: untolerated.is_none(), should_continue_running: !untolerated_no_execute }
}
