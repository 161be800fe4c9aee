//! What the subcommands share: their flags (with those of the real commands that the
//! playground refuses by name), the builder's answers, and the argument forms several
//! of them take.

use super::resource::{resource_args, ResourceArgs};
use super::words::{not_served, parse_flags, value, FlagSpec, Parsed, NAMESPACE};
use super::{CommandError, ObjRef, PodRef, Refusal, Resource};
use crate::kubectl::selection::ListQuery;

/// The builder's answer to a type without a name (`visitorResult` in cli-runtime).
pub(super) const NO_NAME: &str = "error: resource(s) were provided, but no name was specified";

/// The builder's answer to no resource at all (`missingResourceError`).
pub(super) const MISSING_RESOURCE: &str = "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

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

pub(super) fn flags(words: &[String], specs: &[FlagSpec], command: &str) -> Result<Parsed, CommandError> {
    let mut all = specs.to_vec();
    all.push(NAMESPACE);
    let not_served = NOT_SERVED_FLAGS.iter().filter(|(of, _)| *of == command).flat_map(|(_, flags)| flags.iter());
    // A flag served here is not refused even where the real command has it too.
    let not_served: Vec<FlagSpec> = not_served.filter(|flag| !specs.iter().any(|spec| spec.long == flag.long)).copied().collect();
    all.extend(not_served);
    parse_flags(words, &all, command)
}

/// `-l` / `--selector` and `--field-selector`.
pub(super) const SELECTORS: [FlagSpec; 2] = [value("selector", Some('l')), value("field-selector", None)];

pub(super) fn list_query(p: &Parsed) -> ListQuery {
    ListQuery { labels: p.value("selector").map(str::to_owned), fields: p.value("field-selector").map(str::to_owned) }
}

/// A pod by name, or `@node` for the daemon pod on that node.
pub(super) fn pod_ref(name: String, namespace: Option<String>) -> PodRef {
    match name.strip_prefix('@') {
        Some(node) => PodRef::OnNode(node.to_owned()),
        None => PodRef::Name(ObjRef { name, namespace }),
    }
}

/// One DaemonSet from `ds/NAME`, `daemonset NAME` ... arguments.
pub(super) fn one_daemonset(args: &[String], namespace: Option<String>, command: &str) -> Result<ObjRef, CommandError> {
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
