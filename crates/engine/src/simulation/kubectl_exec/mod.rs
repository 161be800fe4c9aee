//! kubectl commands against the simulated API server, printing what kubectl prints:
//! the dispatch here, the reads and name resolution in `reader.rs` (over any state,
//! so a frame can be read as it was), each kind of write in its own file.

mod daemonsets;
mod nodes;
mod messages;
mod pods;
mod reader;

pub(super) use reader::{Outcome, Reader};
use messages::{deleted_message, forgiven, not_found_ds, not_found_pod, split_key};

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
use crate::controller::daemonset::{revision_data};
use crate::kubectl::apply;
use crate::kubectl::command::{DeleteFlags, Kubectl, NodeTargets, ObjRef, PatchType, PodRef, Resource};
use crate::scenario::ManifestObject;


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

const RESTARTED_AT: &str = "kubectl.kubernetes.io/restartedAt";

/// `kubectl delete --force` with a grace period of 0 (`DeleteOptions.Validate`).
const IMMEDIATE_DELETION_WARNING: &str = "Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.";

impl Simulation {
    /// Runs a kubectl command; the API server's warnings for its requests come first,
    /// as kubectl prints them (`Warning: ...`).
    pub(super) fn kubectl(&mut self, command: &Kubectl) -> (Outcome, Option<PlaygroundNote>) {
        self.api.take_warnings();
        if let Some(answer) = self.reader().answer(command) {
            return answer;
        }
        let note = self.reader().namespace_note(command);
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

    /// A successful answer with the warnings the API server gave since they were last
    /// taken before it.
    pub(super) fn with_warnings(&mut self, outcome: Outcome) -> Outcome {
        let warnings = self.api.take_warnings().into_iter().map(|w| format!("Warning: {w}"));
        outcome.map(|output| warnings.chain((!output.is_empty()).then_some(output)).collect::<Vec<_>>().join("\n"))
    }

    /// kubectl's reads of the live cluster, now.
    pub(super) fn reader(&self) -> Reader<'_> {
        Reader { state: &self.api.state, now: self.api.now() }
    }

    fn kubectl_request(&mut self, command: &Kubectl) -> Outcome {
        match command {
            // Answered by the reader before any request is made.
            Kubectl::Get { .. } | Kubectl::Describe { .. } | Kubectl::RolloutStatus { .. } | Kubectl::RolloutHistory { .. } => {
                Ok(String::new())
            }
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
                let Some(pod_key) = forgiven(self.reader().resolve_pod(pod), flags)? else { return Ok(String::new()) };
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
                let Some(ds_key) = forgiven(self.reader().resolve_daemonset(ds), flags)? else { return Ok(String::new()) };
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
        }
    }


}
