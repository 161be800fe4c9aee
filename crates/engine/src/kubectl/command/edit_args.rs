//! The subcommands that change objects: `apply`, `label`, `taint`, `set image`, `patch`.

use super::kubectl_flags::{flags, list_query, one_daemonset, pod_ref, NO_NAME, SELECTORS};
use super::resource::{parse_labels, parse_taints, resource_args, ResourceArgs};
use super::words::{boolean, value};
use super::{CommandError, Kubectl, NodeTargets, PatchType, Refusal, Resource};
use crate::kubectl::selection::ListQuery;

pub(super) fn apply(words: &[String]) -> Result<Kubectl, CommandError> {
    let p = flags(words, &[value("filename", Some('f')), value("dry-run", None)], "kubectl apply")?;
    let dry_run = match p.value("dry-run") {
        None | Some("none") => None,
        Some(mode @ ("client" | "server")) => Some(mode.to_owned()),
        Some(other) => {
            return Err(CommandError::new(format!("error: Invalid dry-run value ({other}). Must be \"none\", \"server\", or \"client\".")))
        }
    };
    match (p.value("filename"), p.args.as_slice()) {
        (None, _) => Err(CommandError::new("error: must specify one of -f and -k")),
        (Some(name), []) => Ok(Kubectl::Apply { name: name.to_owned(), dry_run }),
        (Some(_), [extra, ..]) => Err(CommandError::usage(
            format!("Unexpected args: [{extra}]"),
            "kubectl apply",
        )),
    }
}

/// `GetResourcesAndPairs`: resources come first, then the pairs (`k=v`, `k-`, `k:E`).
pub(super) fn split_pairs(args: &[String], is_pair: impl Fn(&str) -> bool, what: &str) -> Result<(Vec<String>, Vec<String>), CommandError> {
    let mut resources = Vec::new();
    let mut pairs = Vec::new();
    for arg in args {
        if is_pair(arg) {
            pairs.push(arg.clone());
        } else if pairs.is_empty() {
            resources.push(arg.clone());
        } else {
            return Err(CommandError::new(format!("error: all resources must be specified before {what} changes: {arg}")));
        }
    }
    Ok((resources, pairs))
}

/// `LabelOptions`: Complete parses the pairs, Validate wants a resource and an update,
/// and only then are the resources looked up, so `kubectl label node n1 bad label`
/// (no `=`: two more resource names) says no update was given.
pub(super) fn label(words: &[String]) -> Result<Kubectl, CommandError> {
    let [selector, field_selector] = SELECTORS;
    let p = flags(words, &[boolean("overwrite", None), selector, field_selector, boolean("all", None)], "kubectl label")?;
    let (resources, pairs) = split_pairs(&p.args, |a| a.contains('=') || a.ends_with('-'), "label")?;
    let (set, remove) = parse_labels(&pairs)?;
    let (all, query) = (p.bool("all", "kubectl label")?, list_query(&p));
    if all && query.labels.is_some() {
        return Err(CommandError::new("error: cannot set --all and --selector at the same time"));
    }
    if all && query.fields.is_some() {
        return Err(CommandError::new("error: cannot set --all and --field-selector at the same time"));
    }
    if resources.is_empty() {
        return Err(CommandError::new("error: one or more resources must be specified as <resource> <name> or <resource>/<name>"));
    }
    if set.is_empty() && remove.is_empty() {
        return Err(CommandError::new("error: at least one label update is required"));
    }
    let nodes = match resource_args(&resources)? {
        Some(ResourceArgs { resource: Resource::Node, names }) if all || !query.is_empty() => {
            if !names.is_empty() {
                return Err(CommandError::new("error: name cannot be provided when a selector is specified"));
            }
            NodeTargets::Selected(query)
        }
        Some(ResourceArgs { resource: Resource::Node, names }) if names.is_empty() => return Err(CommandError::new(NO_NAME)),
        Some(ResourceArgs { resource: Resource::Node, names }) => NodeTargets::Named(names),
        Some(ResourceArgs { resource, .. }) => {
            return Err(Refusal::LabelsNodesOnly { resource: resource.to_string() }.into())
        }
        None => return Err(CommandError::new("error: one or more resources must be specified as <resource> <name> or <resource>/<name>")),
    };
    Ok(Kubectl::Label { nodes, set, remove, overwrite: p.bool("overwrite", "kubectl label")? })
}

/// `TaintOptions`: with `-l` or `--all` the names are not looked at.
pub(super) fn taint(words: &[String]) -> Result<Kubectl, CommandError> {
    let p = flags(words, &[boolean("overwrite", None), value("selector", Some('l')), boolean("all", None)], "kubectl taint")?;
    let (resources, specs) =
        split_pairs(&p.args, |a| a.contains('=') || a.contains(':') || a.ends_with('-'), "taint")?;
    if resources.is_empty() {
        return Err(CommandError::new("error: one or more resources must be specified as <resource> <name>"));
    }
    if specs.is_empty() {
        return Err(CommandError::new("error: at least one taint update is required"));
    }
    let (add, remove) = parse_taints(&specs)?;
    let selector = p.value("selector").filter(|s| !s.is_empty()).map(str::to_owned);
    let all = p.bool("all", "kubectl taint")?;
    let names = match resource_args(&resources)? {
        Some(ResourceArgs { resource: Resource::Node, names }) => names,
        Some(ResourceArgs { .. }) | None => {
            let kind = resources.first().map(|r| r.split('/').next().unwrap_or(r)).unwrap_or_default();
            return Err(CommandError::new(format!("error: invalid resource type {kind}, only node types are supported")));
        }
    };
    let nodes = match (all, selector) {
        (true, Some(_)) => return Err(CommandError::new("error: setting 'all' parameter with a non empty selector is prohibited")),
        (true, None) => NodeTargets::Selected(ListQuery::default()),
        (false, Some(labels)) => NodeTargets::Selected(ListQuery { labels: Some(labels), fields: None }),
        (false, None) if names.is_empty() => {
            return Err(CommandError::new("error: at least one resource name must be specified since 'all' parameter is not set"))
        }
        (false, None) => NodeTargets::Named(names),
    };
    Ok(Kubectl::Taint { nodes, add, remove, overwrite: p.bool("overwrite", "kubectl taint")? })
}

pub(super) fn set(words: &[String]) -> Result<Kubectl, CommandError> {
    match words.split_first() {
        Some((what, rest)) if what == "image" => {
            let p = flags(rest, &[], "kubectl set image")?;
            let (resources, pairs) = split_pairs(&p.args, |a| a.contains('='), "image")?;
            let ds = one_daemonset(&resources, p.namespace(), "kubectl set image")?;
            match pairs.as_slice() {
                [pair] => {
                    let (container, image) = pair.split_once('=').unwrap_or((pair, ""));
                    if container.is_empty() || image.is_empty() {
                        return Err(CommandError::usage(format!("invalid image spec: {pair}"), "kubectl set image"));
                    }
                    Ok(Kubectl::SetImage { ds, container: container.to_owned(), image: image.to_owned() })
                }
                [] => Err(CommandError::usage("at least one image update is required", "kubectl set image")),
                _ => Err(Refusal::SetImageOnePair.into()),
            }
        }
        Some((other, _)) => Err(CommandError::new(format!("error: unknown command \"{other}\" for \"kubectl set\""))),
        None => Err(Refusal::SetServesImageOnly.into()),
    }
}

pub(super) fn patch(words: &[String]) -> Result<Kubectl, CommandError> {
    let p = flags(words, &[value("patch", Some('p')), value("type", None), value("subresource", None)], "kubectl patch")?;
    let pod = match resource_args(&p.args)? {
        Some(ResourceArgs { resource: Resource::Pod, names }) => match (names.as_slice(), p.value("subresource")) {
            ([name], Some("status")) => Some(pod_ref(name.clone(), p.namespace())),
            ([_], _) => return Err(Refusal::PatchesPodStatusOnly.into()),
            _ => return Err(Refusal::PatchesOnePodAtATime.into()),
        },
        _ => None,
    };
    if pod.is_none() && p.value("subresource").is_some() {
        return Err(Refusal::PatchesStatusOfPodsOnly.into());
    }
    let patch_type = match p.value("type").unwrap_or("strategic") {
        "strategic" => PatchType::Strategic,
        "merge" => PatchType::Merge,
        "json" => PatchType::Json,
        other => {
            return Err(CommandError::new(format!(
                "error: --type must be one of [json merge strategic], not \"{other}\""
            )))
        }
    };
    let Some(text) = p.value("patch") else {
        return Err(CommandError::new("error: must specify --patch or --patch-file containing the contents of the patch"));
    };
    // kubectl reads the patch as YAML (a superset of JSON) and sends it as JSON.
    let patch = dsplay_model::document::yaml_to_json(text)
        .map_err(|e| CommandError::new(format!("error: unable to parse \"{text}\": {e}")))?;
    match pod {
        Some(pod) => Ok(Kubectl::PatchPodStatus { pod, patch, patch_type }),
        None => Ok(Kubectl::Patch { ds: one_daemonset(&p.args, p.namespace(), "kubectl patch")?, patch, patch_type }),
    }
}
