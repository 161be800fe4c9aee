//! Required node affinity and nodeSelector matching, as
//! `nodeaffinity.GetRequiredNodeAffinity(pod).Match(node)` in
//! `staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go`,
//! plus an explanation of each rule for the UI's "why / why not" panel.
//!
//! Upstream semantics kept: every nodeSelector pair must equal a node label; at least
//! one non-empty `nodeSelectorTerm` must match (empty terms are dropped, so no terms
//! match nothing); a term with a parse error never matches but the other terms still
//! count; `matchFields` knows only `metadata.name` and is ignored for a node without a
//! name; preferred terms are ignored.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::{Node, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodSpec};

use crate::labels::{Operator, Requirement, Selector};

/// `metav1.ObjectNameField`, the only field `matchFields` can select on.
pub const OBJECT_NAME_FIELD: &str = "metadata.name";

/// One `matchFields` requirement: `fields.OneTermEqualSelector` / `OneTermNotEqualSelector`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct FieldRequirement {
    key: String,
    equal: bool,
    value: String,
}

impl FieldRequirement {
    fn matches(&self, node_name: &str) -> bool {
        // fields.Set only holds metadata.name; any other key reads as "".
        let have = if self.key == OBJECT_NAME_FIELD { node_name } else { "" };
        (have == self.value) == self.equal
    }
}

fn node_selector_operator(op: &str) -> Option<Operator> {
    Some(match op {
        "In" => Operator::In,
        "NotIn" => Operator::NotIn,
        "Exists" => Operator::Exists,
        "DoesNotExist" => Operator::DoesNotExist,
        "Gt" => Operator::GreaterThan,
        "Lt" => Operator::LessThan,
        _ => return None,
    })
}

/// One expression of `nodeSelectorRequirementsAsSelector`, with its error text.
fn parse_label_requirement(expr: &NodeSelectorRequirement, path: &str) -> Result<Requirement, String> {
    let op = node_selector_operator(&expr.operator)
        .ok_or_else(|| format!("{path}.operator: Unsupported value: {:?}", expr.operator))?;
    Requirement::new(&expr.key, op, expr.values.clone().unwrap_or_default(), path)
}

/// One expression of `nodeSelectorRequirementsAsFieldSelector`, with its error text.
fn parse_field_requirement(expr: &NodeSelectorRequirement, path: &str) -> Result<FieldRequirement, String> {
    let equal = match expr.operator.as_str() {
        "In" => true,
        "NotIn" => false,
        other => {
            return Err(format!("{path}.operator: Unsupported value: {other:?}: supported values: \"In\", \"NotIn\""))
        }
    };
    match expr.values.as_deref() {
        Some([value]) => Ok(FieldRequirement { key: expr.key.clone(), equal, value: value.clone() }),
        values => {
            let quoted: Vec<String> = values.unwrap_or_default().iter().map(|v| format!("{v:?}")).collect();
            Err(format!("{path}.values: Invalid value: []string{{{}}}: must have one element", quoted.join(", ")))
        }
    }
}

/// A parsed non-empty `nodeSelectorTerm` (`nodeSelectorTerm` in nodeaffinity.go).
#[derive(Debug, Clone)]
struct ParsedTerm {
    labels: Option<Selector>,
    fields: Option<Vec<FieldRequirement>>,
    parse_errors: Vec<String>,
}

fn is_empty_term(term: &NodeSelectorTerm) -> bool {
    term.match_expressions.as_ref().is_none_or(Vec::is_empty) && term.match_fields.as_ref().is_none_or(Vec::is_empty)
}

fn parse_term(term: &NodeSelectorTerm, index: usize) -> ParsedTerm {
    let path = format!("nodeSelectorTerms[{index}]");
    let mut parse_errors = Vec::new();
    let mut labels = None;
    if let Some(exprs) = term.match_expressions.as_ref().filter(|e| !e.is_empty()) {
        let mut reqs = Vec::new();
        for (j, e) in exprs.iter().enumerate() {
            match parse_label_requirement(e, &format!("{path}.matchExpressions[{j}]")) {
                Ok(r) => reqs.push(r),
                Err(err) => parse_errors.push(err),
            }
        }
        labels = Some(Selector::from_requirements(reqs));
    }
    let mut fields = None;
    if let Some(exprs) = term.match_fields.as_ref().filter(|e| !e.is_empty()) {
        let mut reqs = Vec::new();
        for (j, e) in exprs.iter().enumerate() {
            match parse_field_requirement(e, &format!("{path}.matchFields[{j}]")) {
                Ok(r) => reqs.push(r),
                Err(err) => parse_errors.push(err),
            }
        }
        fields = Some(reqs);
    }
    ParsedTerm { labels, fields, parse_errors }
}

impl ParsedTerm {
    /// `nodeSelectorTerm.match`.
    fn matches(&self, labels: &BTreeMap<String, String>, node_name: &str) -> Result<bool, Vec<String>> {
        if !self.parse_errors.is_empty() {
            return Err(self.parse_errors.clone());
        }
        if self.labels.as_ref().is_some_and(|s| !s.matches(labels)) {
            return Ok(false);
        }
        if let Some(fields) = &self.fields {
            if !node_name.is_empty() && !fields.iter().all(|f| f.matches(node_name)) {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// `nodeaffinity.LazyErrorNodeSelector`: a parsed `NodeSelector`.
#[derive(Debug, Clone)]
pub struct LazyErrorNodeSelector {
    terms: Vec<ParsedTerm>,
}

impl LazyErrorNodeSelector {
    pub fn new(ns: &NodeSelector) -> Self {
        let terms = ns
            .node_selector_terms
            .iter()
            .enumerate()
            .filter(|(_, t)| !is_empty_term(t))
            .map(|(i, t)| parse_term(t, i))
            .collect();
        LazyErrorNodeSelector { terms }
    }

    /// `LazyErrorNodeSelector.Match`: true as soon as one term matches; otherwise the
    /// parse errors met on the way (empty when every term simply did not match).
    pub fn match_node(&self, node: &Node) -> Result<bool, Vec<String>> {
        let labels = node_labels(node);
        let name = node_name(node);
        let mut errs = Vec::new();
        for term in &self.terms {
            match term.matches(labels, name) {
                Ok(true) => return Ok(true),
                Ok(false) => {}
                Err(e) => errs.extend(e),
            }
        }
        if errs.is_empty() {
            Ok(false)
        } else {
            Err(errs)
        }
    }
}

pub(crate) fn node_labels(node: &Node) -> &BTreeMap<String, String> {
    static EMPTY: BTreeMap<String, String> = BTreeMap::new();
    node.metadata.labels.as_ref().unwrap_or(&EMPTY)
}

pub(crate) fn node_name(node: &Node) -> &str {
    node.metadata.name.as_deref().unwrap_or("")
}

/// `nodeaffinity.RequiredNodeAffinity`: the pod's nodeSelector plus its required node affinity.
#[derive(Debug, Clone)]
pub struct RequiredNodeAffinity {
    node_selector: Option<BTreeMap<String, String>>,
    required: Option<LazyErrorNodeSelector>,
}

/// `requiredDuringSchedulingIgnoredDuringExecution` of the pod, if set.
pub fn required_node_selector(spec: &PodSpec) -> Option<&NodeSelector> {
    spec.affinity.as_ref()?.node_affinity.as_ref()?.required_during_scheduling_ignored_during_execution.as_ref()
}

impl RequiredNodeAffinity {
    /// `GetRequiredNodeAffinity`.
    pub fn new(spec: &PodSpec) -> Self {
        let node_selector = spec.node_selector.clone().filter(|m| !m.is_empty());
        let required = required_node_selector(spec).map(LazyErrorNodeSelector::new);
        RequiredNodeAffinity { node_selector, required }
    }

    /// `RequiredNodeAffinity.Match`, keeping the parse errors.
    pub fn match_node(&self, node: &Node) -> Result<bool, Vec<String>> {
        if let Some(sel) = &self.node_selector {
            let labels = node_labels(node);
            if !sel.iter().all(|(k, v)| labels.get(k) == Some(v)) {
                return Ok(false);
            }
        }
        match &self.required {
            Some(ns) => ns.match_node(node),
            None => Ok(true),
        }
    }

    /// Whether the node matches; a parse error counts as no match, as the scheduler's
    /// NodeAffinity filter and the DaemonSet controller both ignore the error.
    pub fn matches(&self, node: &Node) -> bool {
        self.match_node(node).unwrap_or(false)
    }
}

/// What one line of the explanation is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AffinityCheckKind {
    /// One `spec.nodeSelector` pair.
    NodeSelector,
    /// One whole `nodeSelectorTerm` (terms are ORed).
    Term,
    /// One `matchExpressions` entry of a term (ANDed within the term).
    MatchExpression,
    /// One `matchFields` entry of a term.
    MatchField,
}

/// One line of the "why / why not" panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AffinityCheck {
    pub kind: AffinityCheckKind,
    /// Index of the `nodeSelectorTerm`, for term, expression and field lines.
    pub term: Option<usize>,
    /// The rule as the user wrote it: `disk-type=ssd`, `node-type In [gpu, high-memory]`.
    pub rule: String,
    pub matched: bool,
    /// A short reason in terms of the node: `node has disk-type=hdd`.
    pub reason: String,
}

mod explain;
pub use explain::explain;
