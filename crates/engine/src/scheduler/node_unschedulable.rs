//! NodeUnschedulable plugin (`plugins/nodeunschedulable/node_unschedulable.go`):
//! a cordoned node (`spec.unschedulable`) only takes pods that tolerate the
//! `node.kubernetes.io/unschedulable:NoSchedule` taint.

use dsplay_model::tolerations::tolerations_tolerate_taint;
use k8s_openapi::api::core::v1::{PodSpec, Taint};

use super::{Code, NodeInfo, Status};

pub const NAME: &str = "NodeUnschedulable";
pub const ERR_REASON_UNSCHEDULABLE: &str = "node(s) were unschedulable";
pub const TAINT_NODE_UNSCHEDULABLE: &str = "node.kubernetes.io/unschedulable";

pub fn filter(spec: &PodSpec, node: &NodeInfo) -> Result<(), Status> {
    let cordoned = node.node.spec.as_ref().and_then(|s| s.unschedulable).unwrap_or(false);
    if !cordoned {
        return Ok(());
    }
    let taint = Taint { key: TAINT_NODE_UNSCHEDULABLE.to_string(), effect: "NoSchedule".to_string(), ..Default::default() };
    if tolerations_tolerate_taint(spec.tolerations.as_deref().unwrap_or_default(), &taint) {
        return Ok(());
    }
    Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_REASON_UNSCHEDULABLE))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::test_objects::{node, pod_spec, toleration};

    #[test]
    fn upstream_node_unschedulable_table() {
        // TestNodeUnschedulable (node_unschedulable_test.go).
        let mut cordoned = node("n");
        cordoned.spec.get_or_insert_with(Default::default).unschedulable = Some(true);
        let mut schedulable = node("n");
        schedulable.spec.get_or_insert_with(Default::default).unschedulable = Some(false);
        let plain = pod_spec();
        let mut tolerant = pod_spec();
        tolerant.tolerations = Some(vec![toleration(TAINT_NODE_UNSCHEDULABLE, "Exists", "", "NoSchedule")]);
        let unfit = Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_REASON_UNSCHEDULABLE));
        assert_eq!(filter(&plain, &NodeInfo { node: &cordoned, pods: vec![] }), unfit);
        assert_eq!(filter(&plain, &NodeInfo { node: &schedulable, pods: vec![] }), Ok(()));
        assert_eq!(filter(&plain, &NodeInfo { node: &node("n"), pods: vec![] }), Ok(()));
        assert_eq!(filter(&tolerant, &NodeInfo { node: &cordoned, pods: vec![] }), Ok(()));
        let mut wildcard = pod_spec();
        wildcard.tolerations = Some(vec![toleration("", "Exists", "", "")]);
        assert_eq!(filter(&wildcard, &NodeInfo { node: &cordoned, pods: vec![] }), Ok(()));
    }
}
