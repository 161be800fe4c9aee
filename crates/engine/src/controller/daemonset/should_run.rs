//! `NodeShouldRunDaemonPod`: whether a node should run the DaemonSet's pod, and
//! whether a pod already there may stay. Only nodeName, node selector / required
//! affinity and taints are looked at; capacity, ports and cordoning are left to the
//! scheduler.

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{Node, Pod, Toleration};

use dsplay_model::node_affinity::RequiredNodeAffinity;
use dsplay_model::tolerations::find_matching_untolerated_taint;

use super::util::add_daemon_tolerations;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeVerdict {
    /// Create a pod here if none exists.
    pub should_run: bool,
    /// Keep a pod that is already here.
    pub should_continue_running: bool,
}

/// The DaemonSet side of the decision, prepared once (the pod `NewPod` would build:
/// its required affinity, its tolerations with the daemon ones added) and then asked
/// for node after node.
#[derive(Clone, Debug)]
pub struct NodeShouldRun {
    template_node_name: Option<String>,
    affinity: RequiredNodeAffinity,
    tolerations: Vec<Toleration>,
}

impl NodeShouldRun {
    pub fn for_daemonset(ds: &DaemonSet) -> Self {
        let pod = new_pod(ds, "");
        let spec = pod.spec.unwrap_or_default();
        let template_node_name = ds
            .spec
            .as_ref()
            .and_then(|s| s.template.spec.as_ref()?.node_name.clone())
            .filter(|n| !n.is_empty());
        NodeShouldRun {
            template_node_name,
            affinity: RequiredNodeAffinity::new(&spec),
            tolerations: spec.tolerations.unwrap_or_default(),
        }
    }

    pub fn verdict(&self, node: &Node) -> NodeVerdict {
        const NO: NodeVerdict = NodeVerdict { should_run: false, should_continue_running: false };
        let node_name = node.metadata.name.as_deref().unwrap_or("");
        if self.template_node_name.as_deref().is_some_and(|n| n != node_name) {
            return NO;
        }
        if !self.affinity.matches(node) {
            return NO;
        }
        let taints = node.spec.as_ref().and_then(|s| s.taints.as_deref()).unwrap_or(&[]);
        let untolerated = find_matching_untolerated_taint(taints, &self.tolerations, |t| {
            t.effect == "NoSchedule" || t.effect == "NoExecute"
        });
        let untolerated_no_execute =
            untolerated.is_some() && find_matching_untolerated_taint(taints, &self.tolerations, |t| t.effect == "NoExecute").is_some();
        NodeVerdict { should_run: untolerated.is_none(), should_continue_running: !untolerated_no_execute }
    }
}

/// The decision for one node and one DaemonSet.
pub fn node_should_run_daemon_pod(node: &Node, ds: &DaemonSet) -> NodeVerdict {
    NodeShouldRun::for_daemonset(ds).verdict(node)
}

/// `NewPod`: the pod judged by NodeShouldRunDaemonPod, the template spec bound to the
/// node with the daemon tolerations.
pub fn new_pod(ds: &DaemonSet, node_name: &str) -> Pod {
    let mut spec = ds.spec.as_ref().and_then(|s| s.template.spec.clone()).unwrap_or_default();
    spec.node_name = Some(node_name.into());
    add_daemon_tolerations(&mut spec);
    Pod {
        metadata: ds.spec.as_ref().and_then(|s| s.template.metadata.clone()).unwrap_or_default(),
        spec: Some(spec),
        status: None,
    }
}
