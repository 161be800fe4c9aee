//! The kubectl commands the playground serves, as read from a command line.

use k8s_openapi::api::core::v1::Taint;

use super::{ObjRef, PodRef, Resource};
use crate::kubectl::printers::LabelColumns;
use crate::kubectl::selection::ListQuery;

/// `kubectl patch --type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PatchType {
    Strategic,
    Merge,
    Json,
}

/// `kubectl delete`'s flags as its `Complete` leaves them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeleteFlags {
    /// The grace period sent: `None` for the object's own; `--now` sends 1, and so does
    /// `--grace-period=0` without `--force`; `--force` sends 0.
    pub grace_seconds: Option<i64>,
    /// `--force` with a grace period of 0: kubectl warns that it does not wait.
    pub force: bool,
    /// kubectl returns only once the objects are gone (`--wait`, on by default).
    pub wait: bool,
    /// `--ignore-not-found`: a name that is not there is no error (on by default with a
    /// selector or `--all`).
    pub ignore_not_found: bool,
}

impl Default for DeleteFlags {
    fn default() -> DeleteFlags {
        DeleteFlags { grace_seconds: None, force: false, wait: true, ignore_not_found: false }
    }
}

impl DeleteFlags {
    /// What kubectl says it did (`DeleteOptions.PrintObj`).
    pub fn verb(&self) -> &'static str {
        if self.grace_seconds == Some(0) {
            "force deleted"
        } else {
            "deleted"
        }
    }

    /// The flags as a user types them, for a replay script (` --force --grace-period=0`).
    pub fn as_typed(&self) -> String {
        let mut typed = String::new();
        match (self.force, self.grace_seconds) {
            (true, _) => typed.push_str(" --force --grace-period=0"),
            (false, Some(seconds)) => typed.push_str(&format!(" --grace-period={seconds}")),
            (false, None) => {}
        }
        if self.ignore_not_found {
            typed.push_str(" --ignore-not-found");
        }
        if !self.wait {
            typed.push_str(" --wait=false");
        }
        typed
    }
}

/// The kubectl commands the playground serves.
#[derive(Clone, Debug, PartialEq)]
pub enum Kubectl {
    /// `kubectl apply -f <name>`: the manifest document with that `metadata.name`;
    /// `dry_run` is `client` or `server` for `--dry-run`, which changes nothing.
    Apply { name: String, dry_run: Option<String> },
    /// Each of `nodes` in turn, as kubectl visits them.
    Label { nodes: NodeTargets, set: Vec<(String, String)>, remove: Vec<String>, overwrite: bool },
    /// `remove` holds `(key, effect)`; no effect removes every taint with the key.
    Taint { nodes: NodeTargets, add: Vec<Taint>, remove: Vec<(String, Option<String>)>, overwrite: bool },
    Cordon(NodeTargets),
    Uncordon(NodeTargets),
    Drain { nodes: NodeTargets, ignore_daemonsets: bool, delete_emptydir_data: bool, force: bool },
    DeletePod { pod: PodRef, flags: DeleteFlags },
    /// `kubectl delete pods a b`, `-l app=agent`, `--all`: the named pods, or those the
    /// selector (all with `--all`, an empty one) keeps, in the namespace.
    DeletePods { names: Vec<String>, query: Option<ListQuery>, namespace: Option<String>, flags: DeleteFlags },
    DeleteNode { name: String, flags: DeleteFlags },
    DeleteDaemonSet { ds: ObjRef, flags: DeleteFlags },
    SetImage { ds: ObjRef, container: String, image: String },
    Patch { ds: ObjRef, patch: serde_json::Value, patch_type: PatchType },
    /// `kubectl patch pod <pod> --subresource=status`.
    PatchPodStatus { pod: PodRef, patch: serde_json::Value, patch_type: PatchType },
    /// `to_revision` 0 means the previous revision, as kubectl's default.
    RolloutUndo { ds: ObjRef, to_revision: i64 },
    /// `kubectl rollout restart`: a new template annotation, so a new revision.
    RolloutRestart { ds: ObjRef },
    /// `kubectl rollout restart ds a b`, `ds -l app=agent`, or a bare `ds` (every
    /// DaemonSet of the namespace): each restarted in turn.
    RolloutRestartMany { names: Vec<String>, query: ListQuery, namespace: Option<String> },
    /// `kubectl rollout pause` / `resume`, which kubectl refuses for a DaemonSet.
    RolloutPause { ds: ObjRef, resume: bool },
    RolloutStatus { ds: ObjRef },
    /// `output`: `-o yaml|json|name|jsonpath=...`, which prints the revisions themselves.
    RolloutHistory { ds: ObjRef, revision: Option<i64>, output: Option<String> },
    /// `-o wide` sets `wide`; `output` holds any other format (`yaml`, `json`, `name`).
    Get {
        resource: Resource,
        /// The further types of `get ds,pods`, listed after `resource`'s table.
        also: Vec<Resource>,
        name: Option<String>,
        namespace: Option<String>,
        all_namespaces: bool,
        wide: bool,
        output: Option<String>,
        query: ListQuery,
        columns: LabelColumns,
    },
    /// `prefix`: the name came as its own argument (`describe pods agent`), so objects
    /// whose names begin with it are described when none has it (`describe pod/agent` does not).
    Describe { resource: Resource, name: Option<String>, namespace: Option<String>, query: ListQuery, prefix: bool, all_namespaces: bool },
}

/// The nodes a node command changes: those named, or those a selector keeps (`-l`,
/// `--field-selector`; `--all` is the empty selector), in the API server's list order.
#[derive(Clone, Debug, PartialEq)]
pub enum NodeTargets {
    Named(Vec<String>),
    Selected(ListQuery),
}

impl NodeTargets {
    pub fn named(name: &str) -> Self {
        Self::Named(vec![name.to_owned()])
    }
}

impl Kubectl {
    /// The flags of a `kubectl delete`.
    pub fn delete_flags(&self) -> Option<&DeleteFlags> {
        match self {
            Kubectl::DeletePod { flags, .. }
            | Kubectl::DeletePods { flags, .. }
            | Kubectl::DeleteNode { flags, .. }
            | Kubectl::DeleteDaemonSet { flags, .. } => Some(flags),
            _ => None,
        }
    }

    /// Commands that only read the cluster (`get`, `describe`, `rollout status` and
    /// `history`): they can be answered at any frame of the timeline.
    pub fn is_read_only(&self) -> bool {
        matches!(self, Kubectl::Get { .. } | Kubectl::Describe { .. } | Kubectl::RolloutStatus { .. } | Kubectl::RolloutHistory { .. })
    }
}
