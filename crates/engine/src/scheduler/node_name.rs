//! NodeName plugin (`plugins/nodename/node_name.go`): `spec.nodeName`, when set, must be this node.

use k8s_openapi::api::core::v1::PodSpec;

use super::{Code, NodeInfo, Status};

pub const NAME: &str = "NodeName";
pub const ERR_REASON: &str = "node(s) didn't match the requested node name";

/// `Fits`: an empty nodeName fits every node.
pub fn filter(spec: &PodSpec, node: &NodeInfo) -> Result<(), Status> {
    match spec.node_name.as_deref() {
        None | Some("") => Ok(()),
        Some(name) if name == node.name() => Ok(()),
        Some(_) => Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_REASON)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::test_objects::{node, pod_spec};

    #[test]
    fn upstream_node_name_table() {
        // TestNodeName (node_name_test.go).
        let n = node("foo");
        let info = NodeInfo { node: &n, pods: vec![] };
        let mut spec = pod_spec();
        assert_eq!(filter(&spec, &info), Ok(()), "no host specified");
        spec.node_name = Some("foo".into());
        assert_eq!(filter(&spec, &info), Ok(()), "host matches");
        spec.node_name = Some("bar".into());
        assert_eq!(filter(&spec, &info), Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_REASON)));
    }
}
