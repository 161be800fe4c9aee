//! `kubectl <subcommand> ...`: each subcommand's flags and arguments, with the checks and
//! messages that kubectl itself makes before it talks to the API server.

use super::resource::{parse_labels, parse_taints, resource_args, ResourceArgs};
use super::words::{boolean, not_served, parse_flags, value, FlagSpec, Parsed, NAMESPACE};
use crate::kubectl::printers::{CustomColumns, LabelColumns};
use crate::kubectl::selection::ListQuery;
use super::{CommandError, DeleteFlags, Kubectl, NodeTargets, ObjRef, PatchType, PodRef, Refusal, Resource};

/// The builder's answer to a type without a name (`visitorResult` in cli-runtime).
const NO_NAME: &str = "error: resource(s) were provided, but no name was specified";

/// The builder's answer to no resource at all (`missingResourceError`).
const MISSING_RESOURCE: &str = "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/// Commands of the real kubectl that the playground does not serve: saying so beats
/// kubectl's "unknown command", which would deny they exist.
const NOT_SERVED: [&str; 24] = [
    "annotate", "api-resources", "attach", "auth", "autoscale", "certificate", "cluster-info", "config", "cp", "create",
    "debug", "diff", "edit", "events", "exec", "explain", "expose", "logs", "port-forward", "proxy", "replace", "run",
    "scale", "top",
];

/// Flags of the real commands that the playground does not serve, refused by name.
const NOT_SERVED_FLAGS: &[(&str, &[FlagSpec])] = &[
    ("kubectl get", &[
        not_served("sort-by", None), not_served("chunk-size", None), not_served("show-kind", None),
        not_served("ignore-not-found", None), not_served("output-watch-events", None), not_served("watch-only", None),
        not_served("raw", None), not_served("server-print", None), not_served("template", None),
        not_served("subresource", None), not_served("show-managed-fields", None), not_served("filename", Some('f')),
        not_served("recursive", Some('R')), not_served("kustomize", Some('k')),
    ]),
    ("kubectl describe", &[
        not_served("show-events", None), not_served("chunk-size", None), not_served("filename", Some('f')),
        not_served("recursive", Some('R')), not_served("kustomize", Some('k')),
    ]),
    ("kubectl delete", &[
        not_served("cascade", None), not_served("raw", None), not_served("interactive", Some('i')),
        not_served("dry-run", None), not_served("output", Some('o')), not_served("filename", Some('f')),
        not_served("recursive", Some('R')), not_served("kustomize", Some('k')),
    ]),
    ("kubectl drain", &[
        not_served("grace-period", None), not_served("timeout", None), not_served("disable-eviction", None),
        not_served("skip-wait-for-delete-timeout", None), not_served("pod-selector", None), not_served("dry-run", None),
        not_served("chunk-size", None),
    ]),
    ("kubectl cordon", &[not_served("dry-run", None)]),
    ("kubectl uncordon", &[not_served("dry-run", None)]),
    ("kubectl label", &[
        not_served("dry-run", None), not_served("resource-version", None), not_served("list", None),
        not_served("local", None), not_served("output", Some('o')), not_served("field-manager", None),
        not_served("filename", Some('f')), not_served("recursive", Some('R')),
    ]),
    ("kubectl taint", &[
        not_served("dry-run", None), not_served("validate", None), not_served("output", Some('o')),
        not_served("field-manager", None),
    ]),
    ("kubectl apply", &[
        not_served("server-side", None), not_served("force-conflicts", None), not_served("prune", None),
        not_served("field-manager", None), not_served("validate", None), not_served("wait", None),
        not_served("force", None), not_served("grace-period", None), not_served("overwrite", None),
        not_served("recursive", Some('R')), not_served("selector", Some('l')), not_served("output", Some('o')),
        not_served("kustomize", Some('k')), not_served("timeout", None),
    ]),
    ("kubectl set image", &[
        not_served("all", None), not_served("selector", Some('l')), not_served("dry-run", None),
        not_served("local", None), not_served("output", Some('o')), not_served("filename", Some('f')),
    ]),
    ("kubectl patch", &[
        not_served("dry-run", None), not_served("output", Some('o')), not_served("local", None),
        not_served("filename", Some('f')), not_served("field-manager", None),
    ]),
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

fn flags(words: &[String], specs: &[FlagSpec], command: &str) -> Result<Parsed, CommandError> {
    let mut all = specs.to_vec();
    all.push(NAMESPACE);
    let not_served = NOT_SERVED_FLAGS.iter().filter(|(of, _)| *of == command).flat_map(|(_, flags)| flags.iter());
    // A flag served here is not refused even where the real command has it too.
    let not_served: Vec<FlagSpec> = not_served.filter(|flag| !specs.iter().any(|spec| spec.long == flag.long)).copied().collect();
    all.extend(not_served);
    parse_flags(words, &all, command)
}

fn apply(words: &[String]) -> Result<Kubectl, CommandError> {
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
fn split_pairs(args: &[String], is_pair: impl Fn(&str) -> bool, what: &str) -> Result<(Vec<String>, Vec<String>), CommandError> {
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
fn label(words: &[String]) -> Result<Kubectl, CommandError> {
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
fn taint(words: &[String]) -> Result<Kubectl, CommandError> {
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

/// A node argument of cordon, uncordon and drain, which take `NAME` or `node/NAME`
/// (`ResourceNames("nodes", ...)`).
fn node_name_arg(arg: &str, command: &str) -> Result<String, CommandError> {
    match arg.split_once('/') {
        None => Ok(arg.to_owned()),
        Some((kind, name)) if Resource::parse(kind).ok() == Some(Resource::Node) && !name.is_empty() => Ok(name.to_owned()),
        Some(_) => Err(Refusal::TakesNodes { command: command.to_owned(), arg: arg.to_owned() }.into()),
    }
}

/// The nodes of cordon, uncordon and drain (`DrainCmdOptions.Complete`): names, or `-l`.
fn drained_nodes(p: &Parsed, command: &str) -> Result<NodeTargets, CommandError> {
    let selector = p.value("selector");
    match (p.args.as_slice(), selector) {
        ([], None) => Err(CommandError::usage(format!("USAGE: {} NODE [flags]", command.trim_start_matches("kubectl ")), command)),
        ([_, ..], Some(_)) => Err(CommandError::usage("cannot specify both a node name and a --selector option", command)),
        ([], Some("")) => Err(CommandError::new(NO_NAME)),
        ([], Some(labels)) => Ok(NodeTargets::Selected(ListQuery { labels: Some(labels.to_owned()), fields: None })),
        (names, None) => Ok(NodeTargets::Named(names.iter().map(|n| node_name_arg(n, command)).collect::<Result<_, _>>()?)),
    }
}

fn cordon(sub: &str, words: &[String]) -> Result<Kubectl, CommandError> {
    let command = format!("kubectl {sub}");
    let p = flags(words, &[value("selector", Some('l'))], &command)?;
    let nodes = drained_nodes(&p, &command)?;
    Ok(if sub == "cordon" { Kubectl::Cordon(nodes) } else { Kubectl::Uncordon(nodes) })
}

fn drain(words: &[String]) -> Result<Kubectl, CommandError> {
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
fn delete_flags(p: &Parsed, selects: bool) -> Result<DeleteFlags, CommandError> {
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

fn delete(words: &[String]) -> Result<Kubectl, CommandError> {
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

/// A pod by name, or `@node` for the daemon pod on that node.
fn pod_ref(name: String, namespace: Option<String>) -> PodRef {
    match name.strip_prefix('@') {
        Some(node) => PodRef::OnNode(node.to_owned()),
        None => PodRef::Name(ObjRef { name, namespace }),
    }
}

/// One DaemonSet from `ds/NAME`, `daemonset NAME` ... arguments.
fn one_daemonset(args: &[String], namespace: Option<String>, command: &str) -> Result<ObjRef, CommandError> {
    match resource_args(args)? {
        Some(ResourceArgs { resource: Resource::DaemonSet, names }) => match names.as_slice() {
            [name] => Ok(ObjRef { name: name.clone(), namespace }),
            [] => Err(CommandError::new(NO_NAME)),
            _ => Err(Refusal::OneDaemonSetAtATime { command: command.to_owned() }.into()),
        },
        Some(ResourceArgs { resource, .. }) => {
            Err(Refusal::DaemonSetsOnly { command: command.to_owned(), resource: resource.to_string() }.into())
        }
        // `set image` and `patch` ask the builder before they validate; the rollout
        // commands validate first.
        None if command.starts_with("kubectl rollout") => Err(CommandError::new("error: required resource not specified")),
        None => Err(CommandError::new(MISSING_RESOURCE)),
    }
}

fn set(words: &[String]) -> Result<Kubectl, CommandError> {
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

fn patch(words: &[String]) -> Result<Kubectl, CommandError> {
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

/// `--revision` of `rollout status` and `history`, which their Validate wants not negative.
fn revision_flag(p: &Parsed, command: &str) -> Result<Option<i64>, CommandError> {
    match p.int("revision", command)? {
        Some(negative) if negative < 0 => Err(CommandError::new(format!("error: revision must be a positive integer: {negative}"))),
        revision => Ok(revision),
    }
}

fn rollout(words: &[String]) -> Result<Kubectl, CommandError> {
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

const OUTPUT_FORMATS: &str = "custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml";

/// `-l` / `--selector` and `--field-selector`.
const SELECTORS: [FlagSpec; 2] = [value("selector", Some('l')), value("field-selector", None)];

fn list_query(p: &Parsed) -> ListQuery {
    ListQuery { labels: p.value("selector").map(str::to_owned), fields: p.value("field-selector").map(str::to_owned) }
}

/// A name and a selector together are refused before anything is asked of the server.
fn name_or_selector(name: &Option<String>, query: &ListQuery) -> Result<(), CommandError> {
    if name.is_some() && query.labels.is_some() {
        return Err(CommandError::new("error: name cannot be provided when a selector is specified"));
    }
    Ok(())
}

fn get(words: &[String]) -> Result<Kubectl, CommandError> {
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

fn describe(words: &[String]) -> Result<Kubectl, CommandError> {
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

fn single_name(names: Vec<String>, command: &str) -> Result<Option<String>, CommandError> {
    let mut names = names.into_iter();
    let first = names.next();
    if names.next().is_some() {
        return Err(Refusal::AtMostOneName { command: command.to_owned() }.into());
    }
    Ok(first)
}
