//! NodeAffinity plugin (`plugins/nodeaffinity/node_affinity.go`): PreFilter narrows the
//! candidates to the nodes named by `matchFields metadata.name In [...]` (every daemon
//! pod has exactly one), Filter applies nodeSelector plus required node affinity.

use std::collections::BTreeSet;

use dsplay_model::node_affinity::{required_node_selector, RequiredNodeAffinity, OBJECT_NAME_FIELD};
use k8s_openapi::api::core::v1::PodSpec;

use super::{Code, NodeInfo, Status};

pub const NAME: &str = "NodeAffinity";
pub const ERR_REASON_POD: &str = "node(s) didn't match Pod's node affinity/selector";
pub const ERR_REASON_CONFLICT: &str = "pod affinity terms conflict";

/// What `PreFilter` returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PreFilterResult {
    /// No nodeSelector and no required affinity: Filter is skipped.
    Skip,
    /// Every node is a candidate.
    AllNodes,
    /// Only these nodes are filtered; the others are rejected without running filters.
    NodeNames(BTreeSet<String>),
    /// Every term names nodes, but their intersections are empty.
    Conflict,
}

/// `NodeAffinity.PreFilter`.
pub fn pre_filter(spec: &PodSpec) -> PreFilterResult {
    let required = required_node_selector(spec);
    if required.is_none() && spec.node_selector.is_none() {
        return PreFilterResult::Skip;
    }
    let Some(required) = required.filter(|r| !r.node_selector_terms.is_empty()) else {
        return PreFilterResult::AllNodes;
    };
    let mut node_names: BTreeSet<String> = BTreeSet::new();
    for term in &required.node_selector_terms {
        let mut term_names: Option<BTreeSet<String>> = None;
        for req in term.match_fields.iter().flatten() {
            if req.key == OBJECT_NAME_FIELD && req.operator == "In" {
                let set: BTreeSet<String> = req.values.iter().flatten().cloned().collect();
                term_names = Some(match term_names {
                    None => set,
                    Some(prev) => prev.intersection(&set).cloned().collect(),
                });
            }
        }
        // A term without a node-name field admits every node: terms are ORed.
        let Some(term_names) = term_names else {
            return PreFilterResult::AllNodes;
        };
        node_names.extend(term_names);
    }
    if node_names.is_empty() {
        PreFilterResult::Conflict
    } else {
        PreFilterResult::NodeNames(node_names)
    }
}

/// The status the framework gives the nodes left out by a PreFilter node-name
/// restriction (`findNodesThatFitPod`): "node(s) didn't satisfy plugin(s) [NodeAffinity]".
pub fn absent_nodes_reason() -> String {
    format!("node(s) didn't satisfy plugin(s) [{NAME}]")
}

/// `NodeAffinity.Filter`; parse errors count as no match.
pub fn filter(spec: &PodSpec, node: &NodeInfo) -> Result<(), Status> {
    if RequiredNodeAffinity::new(spec).matches(node.node) {
        Ok(())
    } else {
        Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_REASON_POD))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::test_objects::{daemon_affinity, node, pod_spec};
    use k8s_openapi::api::core::v1::{Affinity, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm};

    fn names(n: &[&str]) -> PreFilterResult {
        PreFilterResult::NodeNames(n.iter().map(|s| s.to_string()).collect())
    }

    fn field_term(values: &[&[&str]]) -> NodeSelectorTerm {
        NodeSelectorTerm {
            match_fields: Some(
                values
                    .iter()
                    .map(|v| NodeSelectorRequirement {
                        key: OBJECT_NAME_FIELD.into(),
                        operator: "In".into(),
                        values: Some(v.iter().map(|s| s.to_string()).collect()),
                    })
                    .collect(),
            ),
            match_expressions: None,
        }
    }

    fn with_terms(terms: Vec<NodeSelectorTerm>) -> PodSpec {
        let mut spec = pod_spec();
        spec.affinity = Some(Affinity {
            node_affinity: Some(NodeAffinity {
                required_during_scheduling_ignored_during_execution: Some(NodeSelector { node_selector_terms: terms }),
                ..Default::default()
            }),
            ..Default::default()
        });
        spec
    }

    #[test]
    fn upstream_pre_filter_node_names() {
        // The PreFilterResult cases of TestNodeAffinity.
        assert_eq!(pre_filter(&pod_spec()), PreFilterResult::Skip);
        let mut selector_only = pod_spec();
        selector_only.node_selector = Some([("a".to_string(), "b".to_string())].into());
        assert_eq!(pre_filter(&selector_only), PreFilterResult::AllNodes);
        assert_eq!(pre_filter(&with_terms(vec![])), PreFilterResult::AllNodes);
        assert_eq!(pre_filter(&with_terms(vec![field_term(&[&["node1"]])])), names(&["node1"]));
        assert_eq!(pre_filter(&with_terms(vec![field_term(&[&["node1", "node2"], &["node2", "node3"]])])), names(&["node2"]));
        assert_eq!(pre_filter(&with_terms(vec![field_term(&[&["node1"]]), field_term(&[&["node2"]])])), names(&["node1", "node2"]));
        assert_eq!(pre_filter(&with_terms(vec![field_term(&[&["node1"], &["node2"]])])), PreFilterResult::Conflict);
        let expr_term = NodeSelectorTerm { match_expressions: Some(vec![]), match_fields: None };
        assert_eq!(pre_filter(&with_terms(vec![field_term(&[&["node1"]]), expr_term])), PreFilterResult::AllNodes);
    }

    #[test]
    fn daemon_pod_matches_only_its_node() {
        let spec = daemon_affinity(pod_spec(), "node-1");
        assert_eq!(pre_filter(&spec), names(&["node-1"]));
        let n1 = node("node-1");
        let n2 = node("node-2");
        assert_eq!(filter(&spec, &NodeInfo { node: &n1, pods: vec![] }), Ok(()));
        assert_eq!(
            filter(&spec, &NodeInfo { node: &n2, pods: vec![] }),
            Err(Status::new(Code::UnschedulableAndUnresolvable, ERR_REASON_POD))
        );
        assert_eq!(absent_nodes_reason(), "node(s) didn't satisfy plugin(s) [NodeAffinity]");
    }
}
