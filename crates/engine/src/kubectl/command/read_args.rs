//! The subcommands that read, and `rollout`: `get`, `describe`, `rollout status`,
//! `history`, `undo`, `restart`, `pause`, `resume`.

use super::kubectl_flags::{flags, list_query, one_daemonset, SELECTORS};
use super::resource::{resource_args, ResourceArgs};
use super::words::{boolean, value, Parsed};
use super::{CommandError, Kubectl, Refusal, Resource};
use crate::kubectl::printers::{CustomColumns, LabelColumns};
use crate::kubectl::selection::ListQuery;

/// `--revision` of `rollout status` and `history`, which their Validate wants not negative.
pub(super) fn revision_flag(p: &Parsed, command: &str) -> Result<Option<i64>, CommandError> {
    match p.int("revision", command)? {
        Some(negative) if negative < 0 => Err(CommandError::new(format!("error: revision must be a positive integer: {negative}"))),
        revision => Ok(revision),
    }
}

pub(super) fn rollout(words: &[String]) -> Result<Kubectl, CommandError> {
    let Some((verb, rest)) = words.split_first() else {
        return Err(Refusal::RolloutServes.into());
    };
    let command = format!("kubectl rollout {verb}");
    match verb.as_str() {
        "undo" => {
            if rest.iter().any(|w| w.starts_with("--dry-run")) {
                return Err(Refusal::UndoWithoutDryRun.into());
            }
            let p = flags(rest, &[value("to-revision", None)], &command)?;
            let ds = one_daemonset(&p.args, p.namespace(), &command)?;
            Ok(Kubectl::RolloutUndo { ds, to_revision: p.int("to-revision", &command)?.unwrap_or(0) })
        }
        "status" => {
            // The playground's status never waits, so --watch and --timeout change
            // nothing; --revision is ignored for a DaemonSet, as DaemonSetStatusViewer does.
            let p = flags(rest, &[boolean("watch", Some('w')), value("timeout", None), value("revision", None)], &command)?;
            let ds = one_daemonset(&p.args, p.namespace(), &command)?;
            revision_flag(&p, &command)?;
            Ok(Kubectl::RolloutStatus { ds })
        }
        "history" => {
            let p = flags(rest, &[value("revision", None), value("output", Some('o'))], &command)?;
            let ds = one_daemonset(&p.args, p.namespace(), &command)?;
            let revision = revision_flag(&p, &command)?;
            let output = match p.value("output") {
                None => None,
                Some(format @ ("yaml" | "json" | "name")) => Some(format.to_owned()),
                Some(format) if format.starts_with("jsonpath=") => Some(format.to_owned()),
                Some(other) => {
                    return Err(CommandError::new(format!(
                        "error: unable to match a printer suitable for the output format \"{other}\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml"
                    )))
                }
            };
            Ok(Kubectl::RolloutHistory { ds, revision: revision.filter(|r| *r != 0), output })
        }
        "restart" => {
            let [selector, _] = SELECTORS;
            let p = flags(rest, &[selector], &command)?;
            let query = list_query(&p);
            // The builder takes a bare type (every DaemonSet), several names or a selector.
            match resource_args(&p.args)? {
                Some(ResourceArgs { resource: Resource::DaemonSet, names }) if names.len() != 1 || query.labels.is_some() => {
                    name_or_selector(&names.first().cloned(), &query)?;
                    Ok(Kubectl::RolloutRestartMany { names, query, namespace: p.namespace() })
                }
                _ => Ok(Kubectl::RolloutRestart { ds: one_daemonset(&p.args, p.namespace(), &command)? }),
            }
        }
        "pause" | "resume" => {
            let p = flags(rest, &[], &command)?;
            Ok(Kubectl::RolloutPause { ds: one_daemonset(&p.args, p.namespace(), &command)?, resume: verb == "resume" })
        }
        other => Err(CommandError::new(format!("error: unknown command \"{other}\" for \"kubectl rollout\""))),
    }
}

pub(super) const OUTPUT_FORMATS: &str = "custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml";

/// A name and a selector together are refused before anything is asked of the server.
pub(super) fn name_or_selector(name: &Option<String>, query: &ListQuery) -> Result<(), CommandError> {
    if name.is_some() && query.labels.is_some() {
        return Err(CommandError::new("error: name cannot be provided when a selector is specified"));
    }
    Ok(())
}

pub(super) fn get(words: &[String]) -> Result<Kubectl, CommandError> {
    let [selector, field_selector] = SELECTORS;
    let specs = [
        boolean("all-namespaces", Some('A')),
        value("output", Some('o')),
        selector,
        field_selector,
        boolean("show-labels", None),
        value("label-columns", Some('L')),
        boolean("watch", Some('w')),
        boolean("no-headers", None),
    ];
    let mut p = flags(words, &specs, "kubectl get")?;
    // `get ds,pods`: several types, each its own table.
    let mut also = Vec::new();
    if let Some(types) = p.args.first().filter(|first| first.contains(',') && !first.contains('/')).cloned() {
        if p.args.len() > 1 {
            return Err(Refusal::SeveralTypesWithoutNames.into());
        }
        let mut kinds = types.split(',').filter(|t| !t.is_empty()).map(Resource::parse).collect::<Result<Vec<_>, _>>()?.into_iter();
        p.args = kinds.next().map(|first| vec![first.plural().to_owned()]).unwrap_or_default();
        also = kinds.collect();
    }
    if p.bool("watch", "kubectl get")? {
        return Err(Refusal::NoWatch.into());
    }
    let Some(ResourceArgs { resource, names }) = resource_args(&p.args)? else {
        return Err(CommandError::new(
            "You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse \"kubectl explain <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).\nSee 'kubectl get -h' for help and examples",
        ));
    };
    let name = single_name(names, "kubectl get")?;
    let (wide, output) = match p.value("output") {
        None => (false, None),
        Some("wide") => (true, None),
        Some(format @ ("yaml" | "json" | "name")) => (false, Some(format.to_owned())),
        Some(format) if format.starts_with("jsonpath=") => (false, Some(format.to_owned())),
        // The spec is read before anything is asked of the server, as kubectl's printer flags do.
        Some(format) if format == "custom-columns" || format.starts_with("custom-columns=") => {
            let spec = format.strip_prefix("custom-columns=").unwrap_or("");
            CustomColumns::parse(spec).map_err(CommandError::new)?;
            (false, Some(format!("custom-columns={spec}")))
        }
        // Real formats the playground has no printer for.
        Some(other) if ["jsonpath", "custom-columns", "go-template", "template"].iter().any(|f| other.starts_with(f)) => {
            return Err(Refusal::OutputFormatNotPrinted { format: other.to_owned() }.into())
        }
        Some(other) => {
            return Err(CommandError::new(format!(
                "error: unable to match a printer suitable for the output format \"{other}\", allowed formats are: {OUTPUT_FORMATS}"
            )))
        }
    };
    let query = list_query(&p);
    name_or_selector(&name, &query)?;
    // Every -L counts, each a key or a comma-separated list of them.
    let keys = p.flags.iter().filter(|(flag, _)| *flag == "label-columns").flat_map(|(_, v)| v.split(',')).map(|k| k.trim().to_owned());
    let columns = LabelColumns {
        keys: keys.filter(|k| !k.is_empty()).collect(),
        show_labels: p.bool("show-labels", "kubectl get")?,
        name_prefix: None,
        no_headers: p.bool("no-headers", "kubectl get")?,
    };
    Ok(Kubectl::Get {
        resource,
        also,
        name,
        namespace: p.namespace(),
        all_namespaces: p.bool("all-namespaces", "kubectl get")?,
        wide,
        output,
        query,
        columns,
    })
}

pub(super) fn describe(words: &[String]) -> Result<Kubectl, CommandError> {
    let [selector, field_selector] = SELECTORS;
    let p = flags(words, &[selector, field_selector, boolean("all-namespaces", Some('A'))], "kubectl describe")?;
    let Some(ResourceArgs { resource, names }) = resource_args(&p.args)? else {
        return Err(CommandError::new(
            "You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.\n\nerror: Required resource not specified.\nSee 'kubectl describe -h' for help and examples",
        ));
    };
    // `DescribeMatchingResources` runs only for the two-argument form, TYPE NAME.
    let prefix = p.args.len() == 2 && !p.args[0].contains('/');
    let (name, query) = (single_name(names, "kubectl describe")?, list_query(&p));
    name_or_selector(&name, &query)?;
    if !matches!(resource, Resource::Node | Resource::Pod | Resource::DaemonSet) {
        return Err(Refusal::DescribeNotAvailable { plural: resource.plural().to_owned() }.into());
    }
    let all_namespaces = p.bool("all-namespaces", "kubectl describe")?;
    Ok(Kubectl::Describe { resource, name, namespace: p.namespace(), query, prefix, all_namespaces })
}

pub(super) fn single_name(names: Vec<String>, command: &str) -> Result<Option<String>, CommandError> {
    let mut names = names.into_iter();
    let first = names.next();
    if names.next().is_some() {
        return Err(Refusal::AtMostOneName { command: command.to_owned() }.into());
    }
    Ok(first)
}
