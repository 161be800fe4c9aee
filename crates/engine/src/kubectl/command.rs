//! The console and step command language: kubectl commands with kubectl's own syntax and
//! error wording, and the simulation commands (`advance`, `settle`, `node`, `image`).
//!
//! Parsing only: a command is checked for form here (kubectl's client-side checks), and for
//! effect by the engine's API server.

#[path = "command/completion.rs"]
mod completion;
#[path = "command/kubectl_args.rs"]
mod kubectl_args;
#[path = "command/resource.rs"]
mod resource;
#[path = "command/words.rs"]
mod words;

pub use completion::completions;
pub use crate::kubelet::ImageBehaviour;
use crate::refusal::Refusal;
pub use resource::{ObjRef, PodRef, Resource};
pub use words::{parse_duration, split_words};

use crate::kubectl::printers::LabelColumns;
use crate::kubectl::selection::ListQuery;
use k8s_openapi::api::core::v1::Taint;
use std::fmt;

/// One line typed in the console or written as a step.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Kubectl(Kubectl),
    /// `advance 30s`: move simulated time forward.
    Advance { ms: u64 },
    /// `settle`: run until nothing more happens without outside action (at most 1 h).
    Settle,
    /// `node add <name> [--pool <pool>]`.
    NodeAdd { name: String, pool: Option<String> },
    /// `node down <node>`: its kubelet stops heartbeats.
    NodeDown(String),
    /// `node up <node>`: heartbeats resume.
    NodeUp(String),
    /// `image <ref> crash|complete|oom|unready|pull-error|ok`.
    Image { reference: String, behaviour: ImageBehaviour },
}

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

impl Command {
    /// `advance` and `settle`, which move the clock themselves.
    pub fn moves_the_clock(&self) -> bool {
        matches!(self, Command::Advance { .. } | Command::Settle)
    }

    /// A read-only kubectl command, which can be answered at any frame.
    pub fn is_query(&self) -> bool {
        matches!(self, Command::Kubectl(kubectl) if kubectl.is_read_only())
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

/// A command that could not be read or run: kubectl's own message for kubectl commands
/// (`error: ...`), or the playground's refusal, kept as a value to be said in the
/// page's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError {
    pub message: String,
    pub refusal: Option<Refusal>,
}

impl CommandError {
    pub fn new(message: impl Into<String>) -> Self {
        Self { message: message.into(), refusal: None }
    }

    /// cobra's `UsageErrorf`: the message, then where to find help.
    pub fn usage(message: impl fmt::Display, command: &str) -> Self {
        Self::new(format!("error: {message}\nSee '{command} -h' for help and examples"))
    }

    /// pflag's errors, which cobra follows with `--help`.
    pub fn flag_usage(message: impl fmt::Display, command: &str) -> Self {
        Self::new(format!("error: {message}\nSee '{command} --help' for usage."))
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CommandError {}

impl From<Refusal> for CommandError {
    fn from(refusal: Refusal) -> Self {
        Self { message: refusal.to_string(), refusal: Some(refusal) }
    }
}

impl From<String> for CommandError {
    fn from(message: String) -> Self {
        Self::new(message)
    }
}

/// A week: longer than any lesson, and short enough that timestamps stay readable.
const MAX_ADVANCE_MS: u64 = 7 * 24 * 3_600_000;

/// Reads one command line.
pub fn parse_command(line: &str) -> Result<Command, CommandError> {
    let words = split_words(line)?;
    let Some((first, rest)) = words.split_first() else {
        return Err(Refusal::EmptyCommand.into());
    };
    match first.as_str() {
        "kubectl" | "k" => kubectl_args::parse(rest).map(Command::Kubectl),
        "advance" => match rest {
            [duration] => match parse_duration(duration) {
                Some(ms) if ms <= MAX_ADVANCE_MS => Ok(Command::Advance { ms }),
                Some(_) => Err(Refusal::AdvanceTooFar { max_hours: MAX_ADVANCE_MS / 3_600_000 }.into()),
                None => Err(Refusal::InvalidDuration { text: duration.clone() }.into()),
            },
            _ => Err(Refusal::AdvanceUsage.into()),
        },
        "settle" if rest.is_empty() => Ok(Command::Settle),
        "settle" => Err(Refusal::SettleUsage.into()),
        "node" => parse_node(rest),
        "image" => match rest {
            [reference, behaviour] => ImageBehaviour::parse(behaviour)
                .map(|behaviour| Command::Image { reference: reference.clone(), behaviour })
                .ok_or_else(|| Refusal::UnknownImageBehaviour { behaviour: behaviour.clone() }.into()),
            _ => Err(Refusal::ImageUsage.into()),
        },
        other => Err(Refusal::UnknownCommand { word: other.to_owned() }.into()),
    }
}

fn parse_node(rest: &[String]) -> Result<Command, CommandError> {
    let usage = || CommandError::from(Refusal::NodeUsage { flag_error: None });
    match rest.split_first() {
        Some((verb, args)) if verb == "add" => {
            let parsed = words::parse_flags(args, &[words::value("pool", None)], "node add")
                .map_err(|e| Refusal::NodeUsage { flag_error: e.message.lines().next().map(str::to_owned) })?;
            match parsed.args.as_slice() {
                [name] => Ok(Command::NodeAdd { name: name.clone(), pool: parsed.value("pool").map(str::to_owned) }),
                _ => Err(usage()),
            }
        }
        Some((verb, [node])) if verb == "down" => Ok(Command::NodeDown(node.clone())),
        Some((verb, [node])) if verb == "up" => Ok(Command::NodeUp(node.clone())),
        _ => Err(usage()),
    }
}

#[cfg(test)]
#[path = "command/tests.rs"]
mod tests;
