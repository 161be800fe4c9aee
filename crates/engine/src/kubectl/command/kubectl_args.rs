//! `kubectl <subcommand> ...`: which subcommand a line names, and the commands of the
//! real kubectl that the playground does not serve.

use super::edit_args::{apply, label, patch, set, taint};
use super::node_args::{cordon, delete, drain};
use super::read_args::{describe, get, rollout};
use super::{CommandError, Kubectl, Refusal};

/// Commands of the real kubectl that the playground does not serve: saying so beats
/// kubectl's "unknown command", which would deny they exist.
const NOT_SERVED: [&str; 24] = [
    "annotate", "api-resources", "attach", "auth", "autoscale", "certificate", "cluster-info", "config", "cp", "create",
    "debug", "diff", "edit", "events", "exec", "explain", "expose", "logs", "port-forward", "proxy", "replace", "run",
    "scale", "top",
];

/// Flags every kubectl command takes, also before the subcommand (`kubectl -n kube-system
/// get pods`): moved after it, where the subcommand reads them.
fn subcommand_first(words: &[String]) -> Vec<String> {
    let mut leading = Vec::new();
    let mut rest = words.iter();
    while let Some(word) = rest.next() {
        let namespace_flag = word == "-n" || word == "--namespace";
        let with_value = word.starts_with("--namespace=") || (word.starts_with("-n") && !namespace_flag && !word.starts_with("--"));
        if namespace_flag {
            leading.push(word.clone());
            leading.extend(rest.next().cloned());
        } else if with_value {
            leading.push(word.clone());
        } else {
            return std::iter::once(word.clone()).chain(rest.cloned()).chain(leading).collect();
        }
    }
    leading
}

pub fn parse(words: &[String]) -> Result<Kubectl, CommandError> {
    let words = subcommand_first(words);
    let Some((sub, rest)) = words.split_first() else {
        return Err(Refusal::KubectlAlone.into());
    };
    match sub.as_str() {
        "apply" => apply(rest),
        "label" => label(rest),
        "taint" => taint(rest),
        "cordon" | "uncordon" => cordon(sub, rest),
        "drain" => drain(rest),
        "delete" => delete(rest),
        "set" => set(rest),
        "patch" => patch(rest),
        "rollout" => rollout(rest),
        "get" => get(rest),
        "describe" => describe(rest),
        other if other.starts_with('-') => Err(CommandError::flag_usage(format!("unknown flag: {other}"), "kubectl")),
        other if NOT_SERVED.contains(&other) => Err(Refusal::NotServed { subcommand: other.to_owned() }.into()),
        other => Err(CommandError::new(format!("error: unknown command \"{other}\" for \"kubectl\""))),
    }
}
