//! TaintToleration plugin (`plugins/tainttoleration/taint_toleration.go`): an
//! untolerated `NoSchedule`/`NoExecute` taint rejects the node. Since v1.35 the
//! status no longer names the taint (upstream only logs it), so nodes tainted
//! differently share one FailedScheduling bucket.

use dsplay_model::tolerations::{find_matching_untolerated_taint, is_do_not_schedule_taint};
use k8s_openapi::api::core::v1::PodSpec;

use super::{Code, NodeInfo, Status};

pub const NAME: &str = "TaintToleration";
const UNTOLERATED: &str = "node(s) had untolerated taint(s)";

pub fn filter(spec: &PodSpec, node: &NodeInfo) -> Result<(), Status> {
    let taints = node.node.spec.as_ref().and_then(|s| s.taints.as_deref()).unwrap_or_default();
    let tolerations = spec.tolerations.as_deref().unwrap_or_default();
    match find_matching_untolerated_taint(taints, tolerations, is_do_not_schedule_taint) {
        None => Ok(()),
        Some(_) => Err(Status::new(Code::UnschedulableAndUnresolvable, UNTOLERATED)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::test_objects::{node_with_taints, pod_spec, taint, toleration};

    fn run(tolerations: Vec<k8s_openapi::api::core::v1::Toleration>, taints: Vec<k8s_openapi::api::core::v1::Taint>) -> Result<(), Status> {
        let mut spec = pod_spec();
        spec.tolerations = Some(tolerations);
        let n = node_with_taints("n", taints);
        filter(&spec, &NodeInfo { node: &n, pods: vec![] })
    }

    fn untolerated() -> Result<(), Status> {
        Err(Status::new(Code::UnschedulableAndUnresolvable, UNTOLERATED))
    }

    #[test]
    fn upstream_taint_toleration_filter_table() {
        // TestTaintTolerationFilter (taint_toleration_test.go).
        assert_eq!(run(vec![], vec![taint("dedicated", "user1", "NoSchedule")]), untolerated(), "pod without tolerations, tainted node");
        assert_eq!(run(vec![toleration("dedicated", "Equal", "user1", "NoSchedule")], vec![taint("dedicated", "user1", "NoSchedule")]), Ok(()), "tolerated");
        assert_eq!(run(vec![toleration("dedicated", "Equal", "user2", "NoSchedule")], vec![taint("dedicated", "user1", "NoSchedule")]), untolerated(), "value differs");
        assert_eq!(run(vec![toleration("foo", "Exists", "", "NoSchedule")], vec![taint("foo", "bar", "NoSchedule")]), Ok(()), "Exists");
        assert_eq!(
            run(vec![toleration("dedicated", "Equal", "user2", "NoSchedule"), toleration("foo", "Exists", "", "NoSchedule")], vec![taint("foo", "bar", "NoSchedule")]),
            Ok(()),
            "one of several tolerations"
        );
        assert_eq!(run(vec![toleration("foo", "Equal", "bar", "PreferNoSchedule")], vec![taint("foo", "bar", "NoSchedule")]), untolerated(), "effect differs");
        assert_eq!(run(vec![toleration("foo", "Equal", "bar", "NoSchedule")], vec![taint("foo", "bar", "PreferNoSchedule")]), Ok(()), "PreferNoSchedule is ignored");
        assert_eq!(run(vec![], vec![taint("foo", "bar", "PreferNoSchedule")]), Ok(()), "PreferNoSchedule without toleration");
        assert_eq!(run(vec![], vec![taint("gone", "", "NoExecute")]), untolerated(), "NoExecute counts, empty value");
    }
}
