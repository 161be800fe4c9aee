//! The console and step command language: kubectl commands with kubectl's own syntax and
//! error wording, and the simulation commands (`advance`, `settle`, `node`, `image`).
//!
//! Parsing only: a command is checked for form here (kubectl's client-side checks), and for
//! effect by the engine's API server.

#[path = "command/completion.rs"]
mod completion;
#[path = "command/edit_args.rs"]
mod edit_args;
#[path = "command/error.rs"]
mod error;
#[path = "command/kubectl.rs"]
mod kubectl;
#[path = "command/kubectl_args.rs"]
mod kubectl_args;
#[path = "command/kubectl_flags.rs"]
mod kubectl_flags;
#[path = "command/node_args.rs"]
mod node_args;
#[path = "command/read_args.rs"]
mod read_args;
#[path = "command/resource.rs"]
mod resource;
#[path = "command/words.rs"]
mod words;

pub use completion::completions;
pub use error::CommandError;
pub use kubectl::{DeleteFlags, Kubectl, NodeTargets, PatchType};
pub use crate::kubelet::ImageBehaviour;
use crate::refusal::Refusal;
pub use resource::{ObjRef, PodRef, Resource};
pub use words::{parse_duration, split_words};

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
