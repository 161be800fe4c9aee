//! The subcommands that take nodes or objects away: `cordon`, `uncordon`, `drain`,
//! `delete`.

use super::kubectl_flags::{flags, list_query, pod_ref, MISSING_RESOURCE, NO_NAME, SELECTORS};
use super::resource::{resource_args, ResourceArgs};
use super::words::{boolean, value, Parsed};
use super::{CommandError, DeleteFlags, Kubectl, NodeTargets, ObjRef, Refusal, Resource};
use crate::kubectl::selection::ListQuery;

/// A node argument of cordon, uncordon and drain, which take `NAME` or `node/NAME`
/// (`ResourceNames("nodes", ...)`).
pub(super) fn node_name_arg(arg: &str, command: &str) -> Result<String, CommandError> {
    match arg.split_once('/') {
        None => Ok(arg.to_owned()),
        Some((kind, name)) if Resource::parse(kind).ok() == Some(Resource::Node) && !name.is_empty() => Ok(name.to_owned()),
        Some(_) => Err(Refusal::TakesNodes { command: command.to_owned(), arg: arg.to_owned() }.into()),
    }
}

/// The nodes of cordon, uncordon and drain (`DrainCmdOptions.Complete`): names, or `-l`.
pub(super) fn drained_nodes(p: &Parsed, command: &str) -> Result<NodeTargets, CommandError> {
    let selector = p.value("selector");
    match (p.args.as_slice(), selector) {
        ([], None) => Err(CommandError::usage(format!("USAGE: {} NODE [flags]", command.trim_start_matches("kubectl ")), command)),
        ([_, ..], Some(_)) => Err(CommandError::usage("cannot specify both a node name and a --selector option", command)),
        ([], Some("")) => Err(CommandError::new(NO_NAME)),
        ([], Some(labels)) => Ok(NodeTargets::Selected(ListQuery { labels: Some(labels.to_owned()), fields: None })),
        (names, None) => Ok(NodeTargets::Named(names.iter().map(|n| node_name_arg(n, command)).collect::<Result<_, _>>()?)),
    }
}

pub(super) fn cordon(sub: &str, words: &[String]) -> Result<Kubectl, CommandError> {
    let command = format!("kubectl {sub}");
    let p = flags(words, &[value("selector", Some('l'))], &command)?;
    let nodes = drained_nodes(&p, &command)?;
    Ok(if sub == "cordon" { Kubectl::Cordon(nodes) } else { Kubectl::Uncordon(nodes) })
}

pub(super) fn drain(words: &[String]) -> Result<Kubectl, CommandError> {
    let specs = [
        boolean("ignore-daemonsets", None),
        boolean("delete-emptydir-data", None),
        boolean("delete-local-data", None),
        boolean("force", None),
        value("selector", Some('l')),
    ];
    let p = flags(words, &specs, "kubectl drain")?;
    Ok(Kubectl::Drain {
        nodes: drained_nodes(&p, "kubectl drain")?,
        ignore_daemonsets: p.bool("ignore-daemonsets", "kubectl drain")?,
        delete_emptydir_data: p.bool("delete-emptydir-data", "kubectl drain")?
            || p.bool("delete-local-data", "kubectl drain")?,
        force: p.bool("force", "kubectl drain")?,
    })
}

/// `DeleteFlags.ToOptions`, `Complete` and `Validate`: the grace period after `--now`
/// and `--force`, and the combinations kubectl refuses.
pub(super) fn delete_flags(p: &Parsed, selects: bool) -> Result<DeleteFlags, CommandError> {
    const COMMAND: &str = "kubectl delete";
    let force = p.bool("force", COMMAND)?;
    let mut grace = p.int("grace-period", COMMAND)?.unwrap_or(-1);
    if p.bool("now", COMMAND)? {
        if grace != -1 {
            return Err(CommandError::new("error: --now and --grace-period cannot be specified together"));
        }
        grace = 1;
    }
    if grace == 0 && !force {
        grace = 1;
    }
    if force && grace < 0 {
        grace = 0;
    }
    if force && grace > 0 {
        return Err(CommandError::new("error: --force and --grace-period greater than 0 cannot be specified together"));
    }
    Ok(DeleteFlags {
        grace_seconds: (grace >= 0).then_some(grace),
        force,
        wait: p.bool_or("wait", true, COMMAND)?,
        ignore_not_found: p.bool_or("ignore-not-found", selects, COMMAND)?,
    })
}

pub(super) fn delete(words: &[String]) -> Result<Kubectl, CommandError> {
    let [selector, field_selector] = SELECTORS;
    let specs = [
        selector,
        field_selector,
        boolean("all", None),
        boolean("wait", None),
        boolean("force", None),
        boolean("now", None),
        boolean("ignore-not-found", None),
        value("grace-period", None),
        // Accepted: the playground's deletions end within the simulated wait.
        value("timeout", None),
    ];
    let p = flags(words, &specs, "kubectl delete")?;
    let Some(ResourceArgs { resource, names }) = resource_args(&p.args)? else {
        return Err(CommandError::new(MISSING_RESOURCE));
    };
    let query = list_query(&p);
    let all = p.bool("all", "kubectl delete")?;
    let selects = all || !query.is_empty();
    let delete_flags = delete_flags(&p, selects)?;
    if selects && !names.is_empty() {
        return Err(CommandError::new("error: name cannot be provided when a selector is specified"));
    }
    if resource == Resource::Pod && (selects || names.len() > 1) {
        let query = selects.then_some(query);
        return Ok(Kubectl::DeletePods { names, query, namespace: p.namespace(), flags: delete_flags });
    }
    if selects {
        return Err(Refusal::DeletesPodsBySelectorOnly { resource: resource.to_string() }.into());
    }
    let name = match names.as_slice() {
        [name] => name.clone(),
        [] => return Err(CommandError::new(NO_NAME)),
        _ => return Err(Refusal::DeletesOneNameAtATime.into()),
    };
    let namespace = p.namespace();
    match resource {
        Resource::Pod => Ok(Kubectl::DeletePod { pod: pod_ref(name, namespace), flags: delete_flags }),
        Resource::Node => Ok(Kubectl::DeleteNode { name, flags: delete_flags }),
        Resource::DaemonSet => Ok(Kubectl::DeleteDaemonSet { ds: ObjRef { name, namespace }, flags: delete_flags }),
        other => Err(Refusal::DeletesOnly { resource: other.to_string() }.into()),
    }
}
