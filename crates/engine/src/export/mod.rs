//! A scenario for a real cluster: the manifests `kubectl apply` takes (node pools as kwok
//! fake Nodes, the DaemonSets and Pods as written plus what kwok needs) and a bash script
//! of the timeline. See the README section "Replaying a scenario on kind + kwok".

mod kwok;
mod script;

pub use kwok::{
    kwok_taint, Additions, KWOK_NODE_ANNOTATION, KWOK_NODE_VALUE, KWOK_TAINT_KEY, KWOK_TYPE_LABEL, KWOK_TYPE_VALUE,
    NODE_SELECTOR_COMMENT, TOLERATION_COMMENT, TTL_ANNOTATION,
};
pub use script::HEREDOC;

use crate::scenario::{Manifest, ManifestObject, NodePool, Scenario};
use dsplay_model::document::to_yaml;
use k8s_openapi::api::core::v1::Namespace;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use serde::Serialize;
use std::collections::BTreeSet;

/// What `dsplay export` writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportBundle {
    /// Multi-document YAML for `kubectl apply -f`: namespaces, kwok nodes, the time-0 objects.
    pub manifests: String,
    /// Bash: applies the manifests, then replays the steps.
    pub script: String,
}

/// The file names the bundle is written under: `<scenario>.yaml` and `<scenario>.sh` (the
/// script refers to the first by that name).
pub fn file_names(scenario: &Scenario) -> (String, String) {
    (format!("{}.yaml", scenario.name), format!("{}.sh", scenario.name))
}

/// Namespaces a real cluster has from the start; the simulation has every namespace.
const BUILT_IN_NAMESPACES: &[&str] = &["default", "kube-system", "kube-public", "kube-node-lease"];

pub fn export_for_cluster(scenario: &Scenario) -> ExportBundle {
    let (manifests_file, _) = file_names(scenario);
    let mut docs: Vec<String> = Vec::new();
    docs.push(format!("# Scenario \"{}\", exported by dsplay for a cluster with kwok.", scenario.name));
    for namespace in namespaces(scenario) {
        let ns = Namespace { metadata: ObjectMeta { name: Some(namespace), ..Default::default() }, ..Default::default() };
        docs.push(yaml(&ns));
    }
    for pool in &scenario.node_pools {
        for node in pool_nodes(pool) {
            docs.push(yaml(&node));
        }
    }
    for manifest in scenario.manifests.iter().filter(|m| !m.apply_later) {
        docs.push(manifest_yaml(manifest));
    }
    let later_yaml = |name: &str| -> Option<String> {
        scenario.manifests.iter().find(|m| m.apply_later && m.name == name).map(manifest_yaml)
    };
    let node_yaml = |name: &str, pool: Option<&str>| -> Option<String> {
        let shape = match pool {
            Some(p) => scenario.pool(p),
            // As the simulation does: the pool the name starts with, else the first pool.
            None => scenario.node_pools.iter().find(|p| name.starts_with(&format!("{}-", p.name))).or(scenario.node_pools.first()),
        }?;
        Some(yaml(&kwok::pool_node(shape, name)))
    };
    let ctx = script::ScriptContext {
        scenario,
        manifests_file: &manifests_file,
        daemonsets: daemonsets(scenario),
        later_yaml: &later_yaml,
        node_yaml: &node_yaml,
    };
    ExportBundle { manifests: join_documents(&docs), script: script::script(&ctx) }
}

fn pool_nodes(pool: &NodePool) -> Vec<k8s_openapi::api::core::v1::Node> {
    (1..=pool.count).map(|i| kwok::pool_node(pool, &pool.node_name(i))).collect()
}

/// `---`-separated documents; the first entry is a leading comment.
fn join_documents(docs: &[String]) -> String {
    let mut out = String::new();
    for (i, doc) in docs.iter().enumerate() {
        if i > 1 {
            out.push_str("---\n");
        }
        out.push_str(doc);
        if !doc.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

fn yaml<T: Serialize>(object: &T) -> String {
    // Serializing API types to YAML cannot fail (no non-string map keys); an error would be
    // a bug worth seeing in the output rather than a silent gap.
    to_yaml(object).unwrap_or_else(|e| format!("# dsplay export could not write this object: {e}\n"))
}

/// A manifest as kwok needs it, with a comment above each line the export added.
fn manifest_yaml(manifest: &Manifest) -> String {
    match &manifest.object {
        ManifestObject::DaemonSet(ds) => {
            let (ds, added) = kwok::kwok_daemonset(ds.clone());
            explain(&yaml(&ds), added)
        }
        ManifestObject::Pod(pod) => {
            let (pod, added) = kwok::kwok_pod(pod.clone());
            explain(&yaml(&pod), added)
        }
        ManifestObject::Node(node) => yaml(&kwok::kwok_node(node.clone())),
        // A real cluster would refuse it too; it stays out, with the server's answer.
        ManifestObject::Undecodable { message, .. } => {
            format!("# {} is left out: the API server rejects it:\n# {message}\n", manifest.name)
        }
    }
}

/// Puts the reason for each addition on a comment line above it. The YAML writer sorts
/// keys, so the added toleration is the sequence item whose `key:` line names the kwok taint.
fn explain(text: &str, added: Additions) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    if added.toleration {
        let key_line = format!("key: {KWOK_TAINT_KEY}");
        if let Some(i) = lines.iter().position(|l| l.trim_start().trim_start_matches("- ") == key_line) {
            // The item starts at the nearest line above (or at) `i` that opens with "- ".
            let start = (0..=i).rev().find(|&j| lines[j].trim_start().starts_with("- ")).unwrap_or(i);
            let indent = lines[start].len() - lines[start].trim_start().len();
            lines.insert(start, format!("{}# {TOLERATION_COMMENT}", " ".repeat(indent)));
        }
    }
    if added.node_selector {
        if let Some(selector) = lines.iter().position(|l| l.trim_end().ends_with("nodeSelector:")) {
            let wanted = format!("{KWOK_TYPE_LABEL}: {KWOK_TYPE_VALUE}");
            if let Some(offset) = lines[selector..].iter().position(|l| l.trim() == wanted) {
                let i = selector + offset;
                let indent = lines[i].len() - lines[i].trim_start().len();
                lines.insert(i, format!("{}# {NODE_SELECTOR_COMMENT}", " ".repeat(indent)));
            }
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// Namespaces the scenario's objects name that a new cluster lacks, sorted.
fn namespaces(scenario: &Scenario) -> BTreeSet<String> {
    scenario
        .manifests
        .iter()
        .filter_map(|m| match &m.object {
            ManifestObject::DaemonSet(ds) => ds.metadata.namespace.clone(),
            ManifestObject::Pod(pod) => pod.metadata.namespace.clone(),
            ManifestObject::Node(_) | ManifestObject::Undecodable { .. } => None,
        })
        .filter(|ns| !BUILT_IN_NAMESPACES.contains(&ns.as_str()))
        .collect()
}

/// `(namespace, name)` of every DaemonSet of the file, once each, in file order.
fn daemonsets(scenario: &Scenario) -> Vec<(String, String)> {
    let mut seen = BTreeSet::new();
    scenario
        .manifests
        .iter()
        .filter_map(|m| match &m.object {
            ManifestObject::DaemonSet(ds) => Some((ds.metadata.namespace.clone().unwrap_or_else(|| "default".to_owned()), m.name.clone())),
            _ => None,
        })
        .filter(|key| seen.insert(key.clone()))
        .collect()
}

#[cfg(test)]
mod tests;
