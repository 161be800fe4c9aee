//! kubectl commands against the simulated API server, printing what kubectl prints.

use crate::kubectl::printers::LabelColumns;
use crate::kubectl::selection::ListQuery;
use std::collections::BTreeMap;

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{Node, Pod, Taint};
use serde_json::Value;

use dsplay_model::aggregate::aggregate_text;
use dsplay_model::strict_decoder::from_json_value;
use dsplay_model::validation::go_quote;

use super::drain::DrainFlags;
use super::{PlaygroundNote, Simulation};
use crate::api::{controller_of, key, name_of, patch, ApiError};
use crate::clock;
use crate::controller::daemonset::{is_daemon_pod, revision_data, rollout_status, target_node_name};
use crate::kubectl::apply;
use crate::kubectl::command::{DeleteFlags, Kubectl, NodeTargets, ObjRef, PatchType, PodRef, Resource};
use crate::kubectl::printers;
use crate::pod_readiness::is_terminating;
use crate::scenario::ManifestObject;

type Outcome = Result<String, String>;

/// Why a node command failed on one node: kubectl's own line, or the parts of an
/// aggregate (`utilerrors.Aggregate`: every clashing label, every taint not found).
enum NodeError {
    Said(String),
    Several(Vec<String>),
}

impl From<String> for NodeError {
    fn from(said: String) -> Self {
        NodeError::Said(said)
    }
}

/// The namespaces a command looks in: one (`None`: the default for the name), or all (`-A`).
#[derive(Clone, Copy)]
enum Scope<'a> {
    Namespace(Option<&'a str>),
    All,
}

/// What `kubectl get` was asked to list, and how.
#[derive(Clone, Copy)]
struct Listing<'a> {
    resource: Resource,
    name: Option<&'a str>,
    namespace: Option<&'a str>,
    all: bool,
    wide: bool,
    output: Option<&'a str>,
    query: &'a ListQuery,
    columns: &'a LabelColumns,
}

const RESTARTED_AT: &str = "kubectl.kubernetes.io/restartedAt";

/// `kubectl delete --force` with a grace period of 0 (`DeleteOptions.Validate`).
const IMMEDIATE_DELETION_WARNING: &str = "Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.";

impl Simulation {
    /// Runs a kubectl command; the API server's warnings for its requests come first,
    /// as kubectl prints them (`Warning: ...`).
    pub(super) fn kubectl(&mut self, command: &Kubectl) -> (Outcome, Option<PlaygroundNote>) {
        self.api.take_warnings();
        let note = self.namespace_note(command);
        let outcome = self.kubectl_request(command);
        let outcome = self.with_warnings(outcome).map(|output| match &note {
            Some(note) => note.after(output),
            None => output,
        });
        // kubectl warns before it deletes anything, whatever the deletions' outcome.
        let outcome = match command.delete_flags().filter(|flags| flags.force) {
            Some(_) => {
                let first = |text: String| [IMMEDIATE_DELETION_WARNING.to_owned(), text].join("\n").trim_end().to_owned();
                outcome.map(first).map_err(first)
            }
            None => outcome,
        };
        // A refused command printed no note, so it has none to translate either.
        let note = note.filter(|_| outcome.is_ok());
        (outcome, note)
    }

    /// Where the playground is kinder than kubectl (a name without `-n` found in another
    /// namespace), it says so after the answer, so that no one learns to leave `-n` out.
    fn namespace_note(&self, command: &Kubectl) -> Option<PlaygroundNote> {
        let (kind, found) = match command {
            Kubectl::SetImage { ds, .. }
            | Kubectl::Patch { ds, .. }
            | Kubectl::RolloutUndo { ds, .. }
            | Kubectl::RolloutRestart { ds }
            | Kubectl::RolloutPause { ds, .. }
            | Kubectl::RolloutStatus { ds }
            | Kubectl::RolloutHistory { ds, .. }
            | Kubectl::DeleteDaemonSet { ds, .. }
                if ds.namespace.is_none() =>
            {
                ("daemonset", self.resolve_daemonset(ds).ok()?)
            }
            Kubectl::DeletePod { pod: pod @ PodRef::Name(ObjRef { namespace: None, .. }), .. }
            | Kubectl::PatchPodStatus { pod: pod @ PodRef::Name(ObjRef { namespace: None, .. }), .. } => {
                ("pod", self.resolve_pod(pod).ok()?)
            }
            Kubectl::Get { resource, name: Some(name), namespace: None, all_namespaces: false, .. }
            | Kubectl::Describe { resource, name: Some(name), namespace: None, all_namespaces: false, .. }
                if resource.is_namespaced() && !name.starts_with('@') =>
            {
                let namespace = self.default_namespace(*resource, Some(name));
                let kind = resource.qualified_singular().split('.').next().unwrap_or_default();
                (kind, key(Some(&namespace), name))
            }
            Kubectl::Get { resource, name: None, namespace: None, all_namespaces: false, also, .. } if also.is_empty() && resource.is_namespaced() => {
                return self.elsewhere_note(*resource);
            }
            _ => return None,
        };
        let (namespace, name) = split_key(&found);
        (namespace != "default").then(|| PlaygroundNote::FoundElsewhere {
            kind: kind.to_owned(),
            name: name.to_owned(),
            namespace: namespace.to_owned(),
        })
    }

    /// The `namespace/name` keys of the resource's objects; none for nodes and events.
    fn namespaced_keys(&self, resource: Resource) -> Vec<&str> {
        let state = &self.api.state;
        match resource {
            Resource::DaemonSet => state.daemonsets.keys().map(String::as_str).collect(),
            Resource::Pod => state.pods.keys().map(|k| &**k).collect(),
            Resource::ControllerRevision => state.revisions.keys().map(String::as_str).collect(),
            Resource::Node | Resource::Event => Vec::new(),
        }
    }

    /// A list of `default` that is empty while other namespaces hold objects of the kind:
    /// where they are, and how kubectl lists them.
    fn elsewhere_note(&self, resource: Resource) -> Option<PlaygroundNote> {
        let keys = self.namespaced_keys(resource);
        let namespaces: std::collections::BTreeSet<&str> = keys.iter().map(|k| split_key(k).0).collect();
        if namespaces.is_empty() || namespaces.contains("default") {
            return None;
        }
        let namespaces = namespaces.into_iter().map(str::to_owned).collect();
        Some(PlaygroundNote::ListedElsewhere { plural: resource.plural().to_owned(), namespaces })
    }

    /// A successful answer with the warnings the API server gave since they were last
    /// taken before it.
    pub(super) fn with_warnings(&mut self, outcome: Outcome) -> Outcome {
        let warnings = self.api.take_warnings().into_iter().map(|w| format!("Warning: {w}"));
        outcome.map(|output| warnings.chain((!output.is_empty()).then_some(output)).collect::<Vec<_>>().join("\n"))
    }

    fn kubectl_request(&mut self, command: &Kubectl) -> Outcome {
        match command {
            Kubectl::Apply { name, dry_run } => self.apply(name, dry_run.as_deref()),
            Kubectl::Label { nodes, set, remove, overwrite } => {
                self.each_node(nodes, |sim, node, printed| sim.label(node, set, remove, *overwrite, printed))
            }
            Kubectl::Taint { nodes, add, remove, overwrite } => {
                self.each_node(nodes, |sim, node, printed| sim.taint(node, add, remove, *overwrite).map(|line| printed.push(line)))
            }
            Kubectl::Cordon(nodes) => self.cordon_nodes(&self.target_nodes(nodes)?, true).map(|lines| lines.join("\n")),
            Kubectl::Uncordon(nodes) => self.cordon_nodes(&self.target_nodes(nodes)?, false).map(|lines| lines.join("\n")),
            Kubectl::Drain { nodes, ignore_daemonsets, delete_emptydir_data, force } => {
                let flags = DrainFlags { ignore_daemonsets: *ignore_daemonsets, delete_emptydir_data: *delete_emptydir_data, force: *force };
                // What it prints is written once its evictions were awaited (`DrainReport`).
                self.drain(&self.target_nodes(nodes)?, flags).map(|()| String::new())
            }
            Kubectl::DeletePod { pod, flags } => {
                let Some(pod_key) = forgiven(self.resolve_pod(pod), flags)? else { return Ok(String::new()) };
                self.api.delete_pod(&pod_key, flags.grace_seconds).map_err(|e| e.to_string())?;
                let deleted = deleted_message("pod", &pod_key, flags);
                if flags.wait {
                    self.awaiting_deletion.push(pod_key);
                }
                Ok(deleted)
            }
            Kubectl::DeletePods { names, query, namespace, flags } => self.delete_pods(names, query.as_ref(), namespace.as_deref(), flags),
            Kubectl::DeleteNode { name, flags } => {
                if forgiven(self.api.delete_node(name).map_err(|e| e.to_string()), flags)?.is_none() {
                    return Ok(String::new());
                }
                Ok(format!("node \"{name}\" {}", flags.verb()))
            }
            Kubectl::DeleteDaemonSet { ds, flags } => {
                let Some(ds_key) = forgiven(self.resolve_daemonset(ds), flags)? else { return Ok(String::new()) };
                self.api.delete_daemonset(&ds_key).map_err(|e| e.to_string())?;
                Ok(deleted_message("daemonset.apps", &ds_key, flags))
            }
            Kubectl::SetImage { ds, container, image } => self.set_image(ds, container, image),
            Kubectl::Patch { ds, patch, patch_type } => self.patch(ds, patch, *patch_type),
            Kubectl::PatchPodStatus { pod, patch, patch_type } => self.patch_pod_status(pod, patch, *patch_type),
            Kubectl::RolloutUndo { ds, to_revision } => self.rollout_undo(ds, *to_revision),
            Kubectl::RolloutRestart { ds } => self.rollout_restart(ds),
            Kubectl::RolloutRestartMany { names, query, namespace } => self.rollout_restart_many(names, query, namespace.as_deref()),
            Kubectl::RolloutPause { ds, resume } => {
                let (ds_key, _) = self.daemonset(ds)?;
                let verb = if *resume { "resuming" } else { "pausing" };
                Err(format!("error: daemonsets.apps {:?} {verb} is not supported", name_of(&ds_key)))
            }
            Kubectl::RolloutStatus { ds } => {
                let ds_key = self.resolve_daemonset(ds)?;
                let ds = self.api.state.daemonsets.get(&ds_key).ok_or_else(|| not_found_ds(&ds_key))?;
                rollout_status(ds).map(|(line, _)| line).map_err(|e| format!("error: {e}"))
            }
            Kubectl::RolloutHistory { ds, revision, output } => {
                let ds_key = self.resolve_daemonset(ds)?;
                let (namespace, name) = split_key(&ds_key);
                match output {
                    Some(format) => printers::rollout_history_objects(&self.api.state, namespace, name, *revision, format),
                    None => printers::rollout_history(&self.api.state, namespace, name, *revision),
                }
            }
            Kubectl::Get { resource, also, name, namespace, all_namespaces, wide, output, query, columns } => {
                let listing = Listing {
                    resource: *resource,
                    name: name.as_deref(),
                    namespace: namespace.as_deref(),
                    all: *all_namespaces,
                    wide: *wide,
                    output: output.as_deref(),
                    query,
                    columns,
                };
                if also.is_empty() {
                    return self.get(listing);
                }
                self.get_several(listing, also)
            }
            Kubectl::Describe { resource, name, namespace, query, prefix, all_namespaces } => {
                let namespace = if *all_namespaces { Scope::All } else { Scope::Namespace(namespace.as_deref()) };
                self.describe(*resource, name.as_deref(), namespace, query, *prefix)
            }
        }
    }

    // ----- name resolution: the playground finds a DaemonSet by name in any namespace -----

    fn resolve_daemonset(&self, ds: &ObjRef) -> Result<String, String> {
        if let Some(namespace) = &ds.namespace {
            let ds_key = key(Some(namespace), &ds.name);
            return if self.api.state.daemonsets.contains_key(&ds_key) { Ok(ds_key) } else { Err(not_found_ds(&ds_key)) };
        }
        let matches: Vec<&String> = self.api.state.daemonsets.keys().filter(|k| name_of(k) == ds.name).collect();
        match matches.as_slice() {
            [only] => Ok((*only).clone()),
            [] => Err(not_found_ds(&key(None, &ds.name))),
            several => Ok(several.iter().find(|k| k.starts_with("default/")).unwrap_or(&several[0]).to_string()),
        }
    }

    fn resolve_pod(&self, pod: &PodRef) -> Result<String, String> {
        match pod {
            PodRef::Name(reference) => {
                let candidates: Vec<&str> = match &reference.namespace {
                    Some(namespace) => self.api.state.pods.keys().map(|k| k.as_ref()).filter(|k| *k == key(Some(namespace), &reference.name)).collect(),
                    None => self.api.state.pods.keys().map(|k| k.as_ref()).filter(|k| name_of(k) == reference.name).collect(),
                };
                candidates.first().map(|k| k.to_string()).ok_or_else(|| {
                    ApiError::NotFound { resource: "pods".into(), name: reference.name.clone() }.to_string()
                })
            }
            PodRef::OnNode(node) => self
                .api
                .state
                .pods
                .iter()
                .find(|(_, p)| target_node_name(p) == Some(node) && !is_terminating(p) && is_daemon_pod(p))
                .map(|(k, _)| k.to_string())
                .ok_or_else(|| format!("error: no daemon pod on node \"{node}\"")),
        }
    }

    // ----- writes -----

    /// `kubectl apply -f <name>`: the document the scenario's steps would apply by that name.
    /// `--dry-run` goes through the same answer and then leaves the cluster as it was
    /// (the API server's own copy put back), naming it after what kubectl prints.
    fn apply(&mut self, name: &str, dry_run: Option<&str>) -> Outcome {
        let manifest = self
            .scenario
            .manifest_to_apply(name)
            .cloned()
            .ok_or_else(|| format!("error: the path \"{name}\" does not exist"))?;
        let Some(mode) = dry_run else {
            return self.apply_object(manifest.object).map_err(|e| e.to_string());
        };
        let before = self.api.clone();
        let outcome = self.apply_object(manifest.object).map_err(|e| e.to_string());
        self.api.restore(before);
        let suffix = if mode == "server" { "(server dry run)" } else { "(dry run)" };
        outcome.map(|line| format!("{line} {suffix}"))
    }

    /// What `kubectl apply` does with one object: create it, or replace the spec, labels
    /// and annotations of the live one (keeping the server's own annotations).
    pub(super) fn apply_object(&mut self, object: ManifestObject) -> Result<String, ApiError> {
        match object {
            ManifestObject::DaemonSet(ds) => {
                let ds = apply::annotated(ds, true);
                let ds_key = key(ds.metadata.namespace.as_deref(), ds.metadata.name.as_deref().unwrap_or(""));
                let display = format!("daemonset.apps/{}", name_of(&ds_key));
                match self.api.state.daemonsets.get(&ds_key).map(|o| DaemonSet::clone(o)) {
                    None => {
                        self.api.create_daemonset(ds)?;
                        Ok(format!("{display} created"))
                    }
                    Some(existing) => {
                        let Some(updated) = apply::merged(&existing, &ds).map_err(ApiError::BadRequest)? else {
                            return Ok(format!("{display} unchanged"));
                        };
                        let before = existing.metadata.resource_version.clone();
                        self.api.update_daemonset(updated)?;
                        let after = self.api.state.daemonsets.get(&ds_key).and_then(|d| d.metadata.resource_version.clone());
                        Ok(format!("{display} {}", if before == after { "unchanged" } else { "configured" }))
                    }
                }
            }
            ManifestObject::Node(node) => {
                let node = apply::annotated(node, false);
                let node_name = node.metadata.name.clone().unwrap_or_default();
                match self.api.state.nodes.get(&node_name).map(|o| Node::clone(o)) {
                    None => {
                        self.join_node(node)?;
                        Ok(format!("node/{node_name} created"))
                    }
                    Some(existing) => match apply::merged(&existing, &node).map_err(ApiError::BadRequest)? {
                        None => Ok(format!("node/{node_name} unchanged")),
                        Some(updated) => {
                            self.api.update_node(updated)?;
                            Ok(format!("node/{node_name} configured"))
                        }
                    },
                }
            }
            ManifestObject::Pod(pod) => {
                let pod = apply::annotated(pod, true);
                let pod_key = key(pod.metadata.namespace.as_deref(), pod.metadata.name.as_deref().unwrap_or(""));
                match self.api.state.pods.get(pod_key.as_str()).map(|o| Pod::clone(o)) {
                    None => {
                        let pod_key = self.api.create_pod(pod)?;
                        Ok(format!("pod/{} created", name_of(&pod_key)))
                    }
                    // A pod's spec is all but immutable: the playground applies one only as it is.
                    Some(existing) if apply::merged(&existing, &pod).is_ok_and(|merged| merged.is_none()) => {
                        Ok(format!("pod/{} unchanged", name_of(&pod_key)))
                    }
                    Some(_) => Err(ApiError::BadRequest(format!(
                        "the playground does not change a running pod by kubectl apply: delete pod {} and apply it again",
                        name_of(&pod_key)
                    ))),
                }
            }
            ManifestObject::Undecodable { message, .. } => Err(ApiError::BadRequest(message)),
        }
    }

    /// The nodes a command names, or those its selector keeps, by name as the API
    /// server lists them.
    fn target_nodes(&self, targets: &NodeTargets) -> Result<Vec<String>, String> {
        match targets {
            NodeTargets::Named(names) => Ok(names.clone()),
            NodeTargets::Selected(query) => Ok(query.select(&self.api.state, Resource::Node)?.nodes.keys().cloned().collect()),
        }
    }

    /// `label` and `taint` over several nodes: kubectl's builder continues on error,
    /// so every node is visited, and the errors come after what was printed; several
    /// errors print one a line, without kubectl's `error: ` (`MultipleErrors`).
    fn each_node(
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

    fn node(&self, name: &str) -> Result<Node, String> {
        self.api
            .state
            .nodes
            .get(name)
            .map(|n| Node::clone(n))
            .ok_or_else(|| ApiError::NotFound { resource: "nodes".into(), name: name.into() }.to_string())
    }

    /// Labels one node, printing to `printed` what kubectl prints for it.
    fn label(&mut self, name: &str, set: &[(String, String)], remove: &[String], overwrite: bool, printed: &mut Vec<String>) -> Result<(), NodeError> {
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

    fn taint(&mut self, name: &str, add: &[Taint], remove: &[(String, Option<String>)], overwrite: bool) -> Result<String, NodeError> {
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
    pub(super) fn cordon_nodes(&mut self, nodes: &[String], cordon: bool) -> Result<Vec<String>, String> {
        for name in nodes {
            self.node(name)?;
        }
        nodes.iter().map(|name| self.cordon(name, cordon)).collect()
    }

    fn cordon(&mut self, name: &str, cordon: bool) -> Outcome {
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

    /// Several pods: by name (each found or NotFound, in order), or all those a selector
    /// keeps in the namespace (none: "No resources found").
    /// Deletes each pod; with `wait`, and when every deletion was accepted, kubectl then
    /// waits for them all to be gone.
    fn delete_pods(&mut self, names: &[String], query: Option<&ListQuery>, namespace: Option<&str>, flags: &DeleteFlags) -> Outcome {
        let keys: Vec<Result<String, String>> = match query {
            Some(query) => {
                let namespace = namespace.unwrap_or("default");
                let selected = query.select(&self.api.state, Resource::Pod)?;
                let keys: Vec<Result<String, String>> =
                    selected.pods.keys().filter(|k| split_key(k).0 == namespace).map(|k| Ok(k.to_string())).collect();
                // delete's own words (`DeleteResult`), without get's namespace.
                if keys.is_empty() {
                    return Ok("No resources found".to_string());
                }
                keys
            }
            None => names.iter().map(|name| self.resolve_pod(&PodRef::Name(ObjRef { name: name.clone(), namespace: namespace.map(str::to_owned) }))).collect(),
        };
        let mut lines = Vec::new();
        let mut deleted = Vec::new();
        let mut errors = Vec::new();
        for key in keys {
            let result = key.and_then(|key| self.api.delete_pod(&key, flags.grace_seconds).map(|_| key).map_err(|e| e.to_string()));
            match forgiven(result, flags) {
                Ok(Some(key)) => {
                    lines.push(deleted_message("pod", &key, flags));
                    deleted.push(key);
                }
                Ok(None) => {}
                Err(error) => errors.push(error),
            }
        }
        match errors.is_empty() {
            true => {
                if flags.wait {
                    self.awaiting_deletion.extend(deleted);
                }
                Ok(lines.join("\n"))
            }
            false => Err(lines.into_iter().chain(errors).collect::<Vec<_>>().join("\n")),
        }
    }

    fn daemonset(&self, reference: &ObjRef) -> Result<(String, DaemonSet), String> {
        let ds_key = self.resolve_daemonset(reference)?;
        let ds = self.api.state.daemonsets.get(&ds_key).map(|o| DaemonSet::clone(o)).ok_or_else(|| not_found_ds(&ds_key))?;
        Ok((ds_key, ds))
    }

    fn write_daemonset(&mut self, ds_key: &str, updated: DaemonSet, verb: &str) -> Outcome {
        let before = self.api.state.daemonsets.get(ds_key).and_then(|d| d.metadata.resource_version.clone());
        self.api.update_daemonset(updated).map_err(|e| e.to_string())?;
        let after = self.api.state.daemonsets.get(ds_key).and_then(|d| d.metadata.resource_version.clone());
        let suffix = if before == after && verb == "patched" { " (no change)" } else { "" };
        Ok(format!("daemonset.apps/{} {verb}{suffix}", name_of(ds_key)))
    }

    fn set_image(&mut self, reference: &ObjRef, container: &str, image: &str) -> Outcome {
        let (ds_key, mut ds) = self.daemonset(reference)?;
        let spec = ds.spec.as_mut().and_then(|s| s.template.spec.as_mut()).ok_or("error: the DaemonSet has no pod template")?;
        let (mut found, mut changed) = (false, false);
        for c in spec.containers.iter_mut().chain(spec.init_containers.iter_mut().flatten()) {
            if container == "*" || c.name == container {
                changed |= c.image.as_deref() != Some(image);
                c.image = Some(image.to_string());
                found = true;
            }
        }
        if !found {
            return Err(format!("error: unable to find container named \"{container}\""));
        }
        // The image it already has makes an empty patch, which kubectl skips in silence.
        if !changed {
            return Ok(String::new());
        }
        self.write_daemonset(&ds_key, ds, "image updated")
    }

    fn patch(&mut self, reference: &ObjRef, patch_value: &Value, patch_type: PatchType) -> Outcome {
        let (ds_key, ds) = self.daemonset(reference)?;
        let original = serde_json::to_value(&ds).map_err(|e| e.to_string())?;
        let patched = apply_patch(&original, patch_value, patch_type)?;
        // A patched object that will not decode is a 422 about the patch, with neither kind
        // nor name, which kubectl words as "the request": it quotes the patch as a Go map
        // (strategic, `applyPatchToObject`) or the patched object's JSON (merge and json
        // patches, `jsonPatcher`).
        let updated: DaemonSet = from_json_value(&patched).map_err(|e| {
            let quoted = match patch_type {
                PatchType::Strategic => patch::go_map_text(patch_value),
                PatchType::Merge | PatchType::Json => patched.to_string(),
            };
            format!("The request is invalid: patch: Invalid value: {}: {e}", go_quote(&quoted))
        })?;
        self.write_daemonset(&ds_key, updated, "patched")
    }

    /// `kubectl patch pod --subresource=status`: what a controller does to satisfy a
    /// readiness gate. Only `.status` changes, as the status subresource allows.
    fn patch_pod_status(&mut self, reference: &PodRef, patch_value: &Value, patch_type: PatchType) -> Outcome {
        let pod_key = self.resolve_pod(reference)?;
        let pod = self.api.state.pods.get(pod_key.as_str()).map(|p| Pod::clone(p)).ok_or_else(|| not_found_pod(&pod_key))?;
        let original = serde_json::to_value(&pod).map_err(|e| e.to_string())?;
        let patched = apply_patch(&original, patch_value, patch_type)?;
        let patched: Pod = from_json_value(&patched)
            .map_err(|e| format!("Error from server (BadRequest): the patch does not give a valid Pod: {e}"))?;
        let before = pod.metadata.resource_version.clone();
        self.api.update_pod(Pod { status: patched.status, ..pod });
        let after = self.api.state.pods.get(pod_key.as_str()).and_then(|p| p.metadata.resource_version.clone());
        let suffix = if before == after { " (no change)" } else { "" };
        Ok(format!("pod/{} patched{suffix}", name_of(&pod_key)))
    }

    /// `DaemonSetRollbacker`: patch the DaemonSet with an older revision's template.
    fn rollout_undo(&mut self, reference: &ObjRef, to_revision: i64) -> Outcome {
        let (ds_key, ds) = self.daemonset(reference)?;
        let uid = ds.metadata.uid.clone().unwrap_or_default();
        let mut history: Vec<_> = self
            .api
            .state
            .revisions
            .values()
            .filter(|r| controller_of(&r.metadata).is_some_and(|o| o.uid == uid))
            .cloned()
            .collect();
        history.sort_by_key(|r| r.revision);
        let target = if to_revision == 0 {
            if history.len() < 2 {
                // DaemonSetRollbacker.Rollback, before it looks for a revision.
                return Err("error: no last revision to roll back to".to_string());
            }
            history.get(history.len() - 2).cloned()
        } else {
            history.iter().find(|r| r.revision == to_revision).cloned()
        };
        let target = target.ok_or_else(|| format!("error: unable to find specified revision {to_revision} in history"))?;
        let data = target.data.as_ref().map(|d| d.0.clone()).unwrap_or(Value::Null);
        if data == revision_data(&ds) {
            return Ok(format!(
                "daemonset.apps/{} skipped rollback (current template already matches revision {})",
                name_of(&ds_key),
                // DaemonSetRollbacker prints the revision it was asked for: 0 for "the previous".
                to_revision
            ));
        }
        let original = serde_json::to_value(&ds).map_err(|e| e.to_string())?;
        let patched = patch::strategic_merge(&original, &data);
        let updated: DaemonSet = from_json_value(&patched).map_err(|e| format!("error: {e}"))?;
        self.write_daemonset(&ds_key, updated, "rolled back")
    }

    /// `defaultObjectRestarter`: the template gets `kubectl.kubernetes.io/restartedAt`
    /// (the time to the second), which the controller rolls out like any template change.
    fn rollout_restart(&mut self, reference: &ObjRef) -> Outcome {
        let (ds_key, mut ds) = self.daemonset(reference)?;
        let now = clock::timestamp(self.api.now()).0.strftime("%Y-%m-%dT%H:%M:%SZ").to_string();
        let template = &mut ds.spec.get_or_insert_with(Default::default).template;
        let annotations = template.metadata.get_or_insert_with(Default::default).annotations.get_or_insert_with(Default::default);
        if annotations.get(RESTARTED_AT).is_some_and(|at| *at == now) {
            return Err(format!(
                "error: failed to create patch for {}: if restart has already been triggered within the past second, please wait before attempting to trigger another",
                name_of(&ds_key)
            ));
        }
        annotations.insert(RESTARTED_AT.to_string(), now);
        self.write_daemonset(&ds_key, ds, "restarted")
    }

    /// Each DaemonSet named, or each one of the namespace the selector keeps (all for a
    /// bare type), restarted in turn; those that fail are listed after the rest.
    fn rollout_restart_many(&mut self, names: &[String], query: &ListQuery, namespace: Option<&str>) -> Outcome {
        let references: Vec<ObjRef> = if names.is_empty() {
            let in_namespace = namespace.unwrap_or("default");
            let selected = query.select(&self.api.state, Resource::DaemonSet)?;
            let keys = selected.daemonsets.keys().filter(|k| split_key(k).0 == in_namespace);
            let references: Vec<ObjRef> =
                keys.map(|k| ObjRef { name: name_of(k).to_owned(), namespace: Some(in_namespace.to_owned()) }).collect();
            if references.is_empty() {
                return Ok(format!("No resources found in {in_namespace} namespace."));
            }
            references
        } else {
            names.iter().map(|name| ObjRef { name: name.clone(), namespace: namespace.map(str::to_owned) }).collect()
        };
        let (mut lines, mut errors) = (Vec::new(), Vec::new());
        for reference in &references {
            match self.rollout_restart(reference) {
                Ok(line) => lines.push(line),
                Err(error) => errors.push(error),
            }
        }
        if errors.is_empty() { Ok(lines.join("\n")) } else { Err(lines.into_iter().chain(errors).collect::<Vec<_>>().join("\n")) }
    }

    // ----- reads -----

    fn get(&self, listing: Listing) -> Outcome {
        let Listing { resource, name, namespace, all, wide, output, query, columns } = listing;
        if let Some(pod_key) = self.pod_at_node(resource, name).transpose()? {
            let (pod_namespace, pod_name) = split_key(&pod_key);
            return self.get(Listing { name: Some(pod_name), namespace: Some(pod_namespace), all: false, ..listing });
        }
        let mut selected = query.select(&self.api.state, resource)?;
        let now = self.api.now();
        if resource == Resource::Event {
            // What the API server let go after its TTL is listed in no format.
            selected.events = selected.events.iter().filter(|e| !e.is_expired(now)).cloned().collect();
        }
        let state = &selected;
        let default = self.default_namespace(resource, name);
        let namespace = if all { None } else { Some(namespace.unwrap_or(&default)) };
        if let Some(format) = output.filter(|f| *f != "wide") {
            return match name {
                Some(name) => printers::object_output(state, resource, namespace, name, format, now),
                None => printers::list_output(state, resource, namespace, format, now),
            };
        }
        match resource {
            Resource::Pod => printers::get_pods(state, namespace, name, wide, columns, now),
            Resource::DaemonSet => printers::get_daemonsets(state, namespace, name, wide, columns, now),
            Resource::Node => printers::get_nodes(state, name, wide, columns, now),
            Resource::ControllerRevision => printers::get_revisions(state, namespace, name, columns, now),
            Resource::Event => Ok(printers::get_events(state, namespace, wide, columns.no_headers, now)),
        }
    }

    /// Without `-n`, the namespace the named object lives in (or, for describe's
    /// prefixes, the first object whose name begins so), else `default`: the playground
    /// spares users the `-n kube-system` they would need on a real cluster.
    fn default_namespace(&self, resource: Resource, name: Option<&str>) -> String {
        let keys = self.namespaced_keys(resource);
        let found = name.and_then(|name| {
            let exact = keys.iter().find(|k| name_of(k) == name);
            exact.or_else(|| keys.iter().find(|k| name_of(k).starts_with(name))).copied()
        });
        found.map_or_else(|| "default".to_string(), |k| split_key(k).0.to_string())
    }

    /// `@node-02` for a pod, as `delete pod` takes it: the key of the daemon pod on that
    /// node. `None` for any other name.
    fn pod_at_node(&self, resource: Resource, name: Option<&str>) -> Option<Result<String, String>> {
        let node = name?.strip_prefix('@').filter(|_| resource == Resource::Pod)?;
        Some(self.resolve_pod(&PodRef::OnNode(node.to_string())))
    }

    /// `get ds,pods`: a table per type that has objects, each name after its kind
    /// (`daemonset.apps/agent`), a blank line between; "No resources found" when none has.
    fn get_several(&self, first: Listing, also: &[Resource]) -> Outcome {
        let mut tables = Vec::new();
        let mut none = String::new();
        for resource in std::iter::once(first.resource).chain(also.iter().copied()) {
            let columns = LabelColumns { name_prefix: Some(format!("{}/", resource.qualified_singular())), ..first.columns.clone() };
            let table = self.get(Listing { resource, columns: &columns, ..first })?;
            if table.starts_with("No resources found") {
                none = table;
            } else {
                tables.push(table);
            }
        }
        Ok(if tables.is_empty() { none } else { tables.join("\n") })
    }

    fn describe(&self, resource: Resource, name: Option<&str>, scope: Scope, query: &ListQuery, prefix: bool) -> Outcome {
        let selected = query.select(&self.api.state, resource)?;
        let state = &selected;
        let now = self.api.now();
        if let Some(pod_key) = self.pod_at_node(resource, name).transpose()? {
            let (pod_namespace, pod_name) = split_key(&pod_key);
            return printers::describe_pod(state, pod_namespace, pod_name, now);
        }
        let default = self.default_namespace(resource, name);
        // One namespace's objects go by name; with -A every namespace's, by key
        // (`namespace/name`), and "No resources found" names no namespace.
        let namespace = match scope {
            Scope::All => None,
            Scope::Namespace(namespace) => Some(namespace.unwrap_or(&default)),
        };
        fn listed<'k>(namespace: Option<&str>, key: &'k str) -> Option<&'k str> {
            match namespace {
                None => Some(key),
                Some(ns) => (split_key(key).0 == ns).then(|| name_of(key)),
            }
        }
        /// The namespace and name of an object [`listed`] as `listed`.
        fn scoped<'k>(namespace: Option<&'k str>, listed: &'k str) -> (&'k str, &'k str) {
            namespace.map_or_else(|| split_key(listed), |ns| (ns, listed))
        }
        match resource {
            Resource::Node => {
                let names: Vec<&str> = state.nodes.keys().map(String::as_str).collect();
                let shown = namespace.map(|_| "default");
                printers::describe_selection(&names, name, prefix, shown, &|n| printers::describe_node(state, n, now))
            }
            Resource::Pod => {
                let names: Vec<&str> = state.pods.keys().filter_map(|k| listed(namespace, k)).collect();
                printers::describe_selection(&names, name, prefix, namespace, &|n| {
                    let (ns, pod) = scoped(namespace, n);
                    printers::describe_pod(state, ns, pod, now)
                })
            }
            Resource::DaemonSet => {
                let names: Vec<&str> = state.daemonsets.keys().filter_map(|k| listed(namespace, k)).collect();
                printers::describe_selection(&names, name, prefix, namespace, &|n| {
                    let (ns, ds) = scoped(namespace, n);
                    printers::describe_daemonset(state, ns, ds, now)
                })
            }
            other => Err(format!("error: describe is not available for {} in the playground", other.plural())),
        }
    }
}

fn apply_patch(original: &Value, patch_value: &Value, patch_type: PatchType) -> Result<Value, String> {
    Ok(match patch_type {
        PatchType::Strategic => patch::strategic_merge(original, patch_value),
        PatchType::Merge => patch::json_merge(original, patch_value),
        PatchType::Json => patch::json_patch(original, patch_value).map_err(|e| format!("error: {e}"))?,
    })
}

fn not_found_pod(pod_key: &str) -> String {
    ApiError::NotFound { resource: "pods".into(), name: name_of(pod_key).into() }.to_string()
}

/// kubectl delete's line: since kubectl 1.34 it names the namespace of a namespaced object.
fn deleted_message(resource: &str, key: &str, flags: &DeleteFlags) -> String {
    let (namespace, name) = split_key(key);
    format!("{resource} \"{name}\" {} from {namespace} namespace", flags.verb())
}

/// `None` for a NotFound that `--ignore-not-found` forgives.
fn forgiven<T>(result: Result<T, String>, flags: &DeleteFlags) -> Result<Option<T>, String> {
    match result {
        Ok(found) => Ok(Some(found)),
        Err(error) if flags.ignore_not_found && error.starts_with("Error from server (NotFound)") => Ok(None),
        Err(error) => Err(error),
    }
}

/// kubectl label's verb from the labels before and after (`updateDataChangeMsg`):
/// "label(s) changed" when the one command both added or changed and removed.
fn label_change(before: &BTreeMap<String, String>, after: &BTreeMap<String, String>) -> &'static str {
    let removed = before.keys().any(|k| !after.contains_key(k));
    let set = after.iter().any(|(k, v)| before.get(k) != Some(v));
    match (set, removed) {
        (true, true) => "label(s) changed",
        (true, false) => "labeled",
        (false, true) => "unlabeled",
        (false, false) => "not labeled",
    }
}

fn with_time_added(taint: &Taint, now_ms: u64) -> Taint {
    let mut taint = taint.clone();
    if taint.effect == "NoExecute" {
        taint.time_added = Some(crate::clock::timestamp(now_ms));
    }
    taint
}

fn split_key(object_key: &str) -> (&str, &str) {
    object_key.split_once('/').unwrap_or(("default", object_key))
}

fn not_found_ds(ds_key: &str) -> String {
    ApiError::NotFound { resource: "daemonsets.apps".into(), name: name_of(ds_key).into() }.to_string()
}
