//! kubectl commands against the simulated API server, printing what kubectl prints:
//! the dispatch and name resolution here, each kind of request in its own file.

mod daemonsets;
mod nodes;
mod messages;
mod pods;
mod reads;

use messages::{deleted_message, forgiven, not_found_ds, not_found_pod, split_key};

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

}
