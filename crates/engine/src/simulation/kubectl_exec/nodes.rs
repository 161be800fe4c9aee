//! Node commands: label, taint, cordon and uncordon, one node or a selection.

use super::*;

impl Simulation {
    /// The nodes a command names, or those its selector keeps, by name as the API
    /// server lists them.
    pub(super) fn target_nodes(&self, targets: &NodeTargets) -> Result<Vec<String>, String> {
        match targets {
            NodeTargets::Named(names) => Ok(names.clone()),
            NodeTargets::Selected(query) => Ok(query.select(&self.api.state, Resource::Node)?.nodes.keys().cloned().collect()),
        }
    }

    /// `label` and `taint` over several nodes: kubectl's builder continues on error,
    /// so every node is visited, and the errors come after what was printed; several
    /// errors print one a line, without kubectl's `error: ` (`MultipleErrors`).
    pub(super) fn each_node(
        &mut self,
        targets: &NodeTargets,
        mut change: impl FnMut(&mut Self, &str, &mut Vec<String>) -> Result<(), NodeError>,
    ) -> Outcome {
        let mut printed = Vec::new();
        let mut errors = Vec::new();
        for node in self.target_nodes(targets)? {
            if let Err(error) = change(self, &node, &mut printed) {
                errors.push(error);
            }
        }
        // checkErr: an aggregate of one is unwrapped, a larger one printed a line each;
        // among several nodes' errors, a node's aggregate is one line in brackets.
        match errors.as_slice() {
            [] => return Ok(printed.join("\n")),
            [NodeError::Said(one)] => printed.push(one.clone()),
            [NodeError::Several(parts)] if parts.len() == 1 => printed.push(format!("error: {}", parts[0])),
            [NodeError::Several(parts)] => printed.extend(parts.iter().cloned()),
            several => printed.extend(several.iter().map(|error| match error {
                NodeError::Said(said) => said.strip_prefix("error: ").unwrap_or(said).to_owned(),
                NodeError::Several(parts) => aggregate_text(parts),
            })),
        }
        Err(printed.join("\n"))
    }

    pub(super) fn node(&self, name: &str) -> Result<Node, String> {
        self.api
            .state
            .nodes
            .get(name)
            .map(|n| Node::clone(n))
            .ok_or_else(|| ApiError::NotFound { resource: "nodes".into(), name: name.into() }.to_string())
    }

    /// Labels one node, printing to `printed` what kubectl prints for it.
    pub(super) fn label(&mut self, name: &str, set: &[(String, String)], remove: &[String], overwrite: bool, printed: &mut Vec<String>) -> Result<(), NodeError> {
        let mut node = self.node(name)?;
        let labels = node.metadata.labels.get_or_insert_with(Default::default);
        // Labels to remove that are not there are told first; then validateNoOverwrites
        // refuses every key that has another value, all together.
        printed.extend(remove.iter().filter(|k| !labels.contains_key(*k)).map(|k| format!("label \"{k}\" not found.")));
        if !overwrite {
            let clashes: Vec<String> = set
                .iter()
                .filter_map(|(k, v)| labels.get(k).filter(|existing| *existing != v).map(|existing| (k, existing)))
                .map(|(k, existing)| format!("'{k}' already has a value ({existing}), and --overwrite is false"))
                .collect();
            if !clashes.is_empty() {
                return Err(NodeError::Several(clashes));
            }
        }
        for (k, v) in set {
            labels.insert(k.clone(), v.clone());
        }
        for k in remove {
            labels.remove(k);
        }
        let before = self.api.state.nodes.get(name).and_then(|n| n.metadata.labels.clone()).unwrap_or_default();
        let verb = label_change(&before, labels);
        self.api.update_node(node).map_err(|e| e.to_string())?;
        printed.push(format!("node/{name} {verb}"));
        Ok(())
    }

    pub(super) fn taint(&mut self, name: &str, add: &[Taint], remove: &[(String, Option<String>)], overwrite: bool) -> Result<String, NodeError> {
        let mut node = self.node(name)?;
        let taints = node.spec.get_or_insert_with(Default::default).taints.get_or_insert_with(Vec::new);
        // deleteTaints: every removal is tried, the misses reported together.
        let mut missing = Vec::new();
        for (k, effect) in remove {
            let before = taints.len();
            taints.retain(|t| !(t.key == *k && effect.as_ref().is_none_or(|e| *e == t.effect)));
            if taints.len() == before {
                let shown = effect.as_ref().map_or(k.clone(), |e| format!("{k}:{e}"));
                missing.push(format!("taint {shown:?} not found"));
            }
        }
        if !missing.is_empty() {
            return Err(NodeError::Several(missing));
        }
        let same = |a: &Taint, b: &Taint| a.key == b.key && a.effect == b.effect;
        if !overwrite {
            let clashing: Vec<&str> =
                add.iter().filter(|new| taints.iter().any(|old| same(old, new))).map(|t| t.key.as_str()).collect();
            if !clashing.is_empty() {
                return Err(NodeError::Said(format!(
                    "error: node {name} already has {} taint(s) with same effect(s) and --overwrite is false",
                    clashing.join(",")
                )));
            }
        }
        // kubectl's reorganizeTaints: the given taints first, then the node's others.
        let kept: Vec<Taint> = taints.iter().filter(|old| !add.iter().any(|new| same(old, new))).cloned().collect();
        let removed = !remove.is_empty();
        let grew = !add.is_empty() && kept.len() + add.len() != taints.len();
        let now = self.api.now();
        *taints = add.iter().map(|t| with_time_added(t, now)).chain(kept).collect();
        if taints.is_empty() {
            node.spec.get_or_insert_with(Default::default).taints = None;
        }
        self.api.update_node(node).map_err(|e| e.to_string())?;
        let verb = match (grew, removed) {
            _ if overwrite => "modified",
            (true, true) => "modified",
            (true, false) => "tainted",
            (false, _) => "untainted",
        };
        Ok(format!("node/{name} {verb}"))
    }

    /// cordon and uncordon: kubectl finds every node before it changes any.
    pub(in crate::simulation) fn cordon_nodes(&mut self, nodes: &[String], cordon: bool) -> Result<Vec<String>, String> {
        for name in nodes {
            self.node(name)?;
        }
        nodes.iter().map(|name| self.cordon(name, cordon)).collect()
    }

    pub(super) fn cordon(&mut self, name: &str, cordon: bool) -> Outcome {
        let mut node = self.node(name)?;
        let spec = node.spec.get_or_insert_with(Default::default);
        let verb = if cordon { "cordoned" } else { "uncordoned" };
        if spec.unschedulable.unwrap_or(false) == cordon {
            return Ok(format!("node/{name} already {verb}"));
        }
        spec.unschedulable = cordon.then_some(true);
        self.api.update_node(node).map_err(|e| e.to_string())?;
        Ok(format!("node/{name} {verb}"))
    }
}

/// kubectl label's verb from the labels before and after (`updateDataChangeMsg`):
/// "label(s) changed" when the one command both added or changed and removed.
pub(super) fn label_change(before: &BTreeMap<String, String>, after: &BTreeMap<String, String>) -> &'static str {
    let removed = before.keys().any(|k| !after.contains_key(k));
    let set = after.iter().any(|(k, v)| before.get(k) != Some(v));
    match (set, removed) {
        (true, true) => "label(s) changed",
        (true, false) => "labeled",
        (false, true) => "unlabeled",
        (false, false) => "not labeled",
    }
}

pub(super) fn with_time_added(taint: &Taint, now_ms: u64) -> Taint {
    let mut taint = taint.clone();
    if taint.effect == "NoExecute" {
        taint.time_added = Some(crate::clock::timestamp(now_ms));
    }
    taint
}
