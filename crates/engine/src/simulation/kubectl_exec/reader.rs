//! kubectl's reads (`get`, `describe`, `rollout status`, `rollout history`) and its
//! name resolution, over one state of the cluster at one instant: the live one, or a
//! frame's, so that a read never touches the cluster it reads.

use super::messages::{not_found_ds, split_key};
use super::PlaygroundNote;
use crate::api::{key, name_of, ApiError};
use crate::controller::daemonset::{is_daemon_pod, rollout_status, target_node_name};
use crate::kubectl::command::{Kubectl, ObjRef, PodRef, Resource};
use crate::kubectl::printers::{self, LabelColumns};
use crate::kubectl::selection::ListQuery;
use crate::pod_readiness::is_terminating;
use crate::state::ClusterState;

/// What kubectl printed, or the error it printed instead.
pub(crate) type Outcome = Result<String, String>;

/// The namespaces a command looks in: one (`None`: the default for the name), or all (`-A`).
#[derive(Clone, Copy)]
enum Scope<'a> {
    Namespace(Option<&'a str>),
    All,
}

/// What `kubectl get` was asked to list, and how.
#[derive(Clone, Copy)]
struct Listing<'a> {
    resource: Resource,
    name: Option<&'a str>,
    namespace: Option<&'a str>,
    all: bool,
    wide: bool,
    output: Option<&'a str>,
    query: &'a ListQuery,
    columns: &'a LabelColumns,
}

/// The cluster kubectl reads: a state and the instant it is read at (the ages it prints).
pub(crate) struct Reader<'a> {
    pub state: &'a ClusterState,
    pub now: u64,
}

impl Reader<'_> {
    /// A read-only command's answer and note; `None` for a command that writes.
    pub(crate) fn answer(&self, command: &Kubectl) -> Option<(Outcome, Option<PlaygroundNote>)> {
        let outcome = self.read(command)?;
        let note = self.namespace_note(command);
        let outcome = outcome.map(|output| match &note {
            Some(note) => note.after(output),
            None => output,
        });
        // A refused command printed no note, so it has none to translate either.
        let note = note.filter(|_| outcome.is_ok());
        Some((outcome, note))
    }

    fn read(&self, command: &Kubectl) -> Option<Outcome> {
        command.is_read_only().then(|| self.read_only(command))
    }

    fn read_only(&self, command: &Kubectl) -> Outcome {
        match command {
            Kubectl::RolloutStatus { ds } => {
                let ds_key = self.resolve_daemonset(ds)?;
                let ds = self.state.daemonsets.get(&ds_key).ok_or_else(|| not_found_ds(&ds_key))?;
                rollout_status(ds).map(|(line, _)| line).map_err(|e| format!("error: {e}"))
            }
            Kubectl::RolloutHistory { ds, revision, output } => {
                let ds_key = self.resolve_daemonset(ds)?;
                let (namespace, name) = split_key(&ds_key);
                match output {
                    Some(format) => printers::rollout_history_objects(self.state, namespace, name, *revision, format),
                    None => printers::rollout_history(self.state, namespace, name, *revision),
                }
            }
            Kubectl::Get { resource, also, name, namespace, all_namespaces, wide, output, query, columns } => {
                let listing = Listing {
                    resource: *resource,
                    name: name.as_deref(),
                    namespace: namespace.as_deref(),
                    all: *all_namespaces,
                    wide: *wide,
                    output: output.as_deref(),
                    query,
                    columns,
                };
                if also.is_empty() {
                    return self.get(listing);
                }
                self.get_several(listing, also)
            }
            Kubectl::Describe { resource, name, namespace, query, prefix, all_namespaces } => {
                let namespace = if *all_namespaces { Scope::All } else { Scope::Namespace(namespace.as_deref()) };
                self.describe(*resource, name.as_deref(), namespace, query, *prefix)
            }
            // Every command that writes (see `Kubectl::is_read_only`) goes to the API.
            _ => Ok(String::new()),
        }
    }

    fn get(&self, listing: Listing) -> Outcome {
        let Listing { resource, name, namespace, all, wide, output, query, columns } = listing;
        if let Some(pod_key) = self.pod_at_node(resource, name).transpose()? {
            let (pod_namespace, pod_name) = split_key(&pod_key);
            return self.get(Listing { name: Some(pod_name), namespace: Some(pod_namespace), all: false, ..listing });
        }
        let mut selected = query.select(self.state, resource)?;
        let now = self.now;
        if resource == Resource::Event {
            // What the API server let go after its TTL is listed in no format.
            selected.events = selected.events.iter().filter(|e| !e.is_expired(now)).cloned().collect();
        }
        let state = &selected;
        let default = self.default_namespace(resource, name);
        let namespace = if all { None } else { Some(namespace.unwrap_or(&default)) };
        if let Some(format) = output.filter(|f| *f != "wide") {
            return match name {
                Some(name) => printers::object_output(state, resource, namespace, name, format, now),
                None => printers::list_output(state, resource, namespace, format, now),
            };
        }
        match resource {
            Resource::Pod => printers::get_pods(state, namespace, name, wide, columns, now),
            Resource::DaemonSet => printers::get_daemonsets(state, namespace, name, wide, columns, now),
            Resource::Node => printers::get_nodes(state, name, wide, columns, now),
            Resource::ControllerRevision => printers::get_revisions(state, namespace, name, columns, now),
            Resource::Event => Ok(printers::get_events(state, namespace, wide, columns.no_headers, now)),
        }
    }

    /// Without `-n`, the namespace the named object lives in (or, for describe's
    /// prefixes, the first object whose name begins so), else `default`: the playground
    /// spares users the `-n kube-system` they would need on a real cluster.
    fn default_namespace(&self, resource: Resource, name: Option<&str>) -> String {
        let keys = self.namespaced_keys(resource);
        let found = name.and_then(|name| {
            let exact = keys.iter().find(|k| name_of(k) == name);
            exact.or_else(|| keys.iter().find(|k| name_of(k).starts_with(name))).copied()
        });
        found.map_or_else(|| "default".to_string(), |k| split_key(k).0.to_string())
    }

    /// `@node-02` for a pod, as `delete pod` takes it: the key of the daemon pod on that
    /// node. `None` for any other name.
    fn pod_at_node(&self, resource: Resource, name: Option<&str>) -> Option<Result<String, String>> {
        let node = name?.strip_prefix('@').filter(|_| resource == Resource::Pod)?;
        Some(self.resolve_pod(&PodRef::OnNode(node.to_string())))
    }

    /// `get ds,pods`: a table per type that has objects, each name after its kind
    /// (`daemonset.apps/agent`), a blank line between; "No resources found" when none has.
    fn get_several(&self, first: Listing, also: &[Resource]) -> Outcome {
        let mut tables = Vec::new();
        let mut none = String::new();
        for resource in std::iter::once(first.resource).chain(also.iter().copied()) {
            let columns = LabelColumns { name_prefix: Some(format!("{}/", resource.qualified_singular())), ..first.columns.clone() };
            let table = self.get(Listing { resource, columns: &columns, ..first })?;
            if table.starts_with("No resources found") {
                none = table;
            } else {
                tables.push(table);
            }
        }
        Ok(if tables.is_empty() { none } else { tables.join("\n") })
    }

    fn describe(&self, resource: Resource, name: Option<&str>, scope: Scope, query: &ListQuery, prefix: bool) -> Outcome {
        let selected = query.select(self.state, resource)?;
        let state = &selected;
        let now = self.now;
        if let Some(pod_key) = self.pod_at_node(resource, name).transpose()? {
            let (pod_namespace, pod_name) = split_key(&pod_key);
            return printers::describe_pod(state, pod_namespace, pod_name, now);
        }
        let default = self.default_namespace(resource, name);
        // One namespace's objects go by name; with -A every namespace's, by key
        // (`namespace/name`), and "No resources found" names no namespace.
        let namespace = match scope {
            Scope::All => None,
            Scope::Namespace(namespace) => Some(namespace.unwrap_or(&default)),
        };
        fn listed<'k>(namespace: Option<&str>, key: &'k str) -> Option<&'k str> {
            match namespace {
                None => Some(key),
                Some(ns) => (split_key(key).0 == ns).then(|| name_of(key)),
            }
        }
        /// The namespace and name of an object [`listed`] as `listed`.
        fn scoped<'k>(namespace: Option<&'k str>, listed: &'k str) -> (&'k str, &'k str) {
            namespace.map_or_else(|| split_key(listed), |ns| (ns, listed))
        }
        match resource {
            Resource::Node => {
                let names: Vec<&str> = state.nodes.keys().map(String::as_str).collect();
                let shown = namespace.map(|_| "default");
                printers::describe_selection(&names, name, prefix, shown, &|n| printers::describe_node(state, n, now))
            }
            Resource::Pod => {
                let names: Vec<&str> = state.pods.keys().filter_map(|k| listed(namespace, k)).collect();
                printers::describe_selection(&names, name, prefix, namespace, &|n| {
                    let (ns, pod) = scoped(namespace, n);
                    printers::describe_pod(state, ns, pod, now)
                })
            }
            Resource::DaemonSet => {
                let names: Vec<&str> = state.daemonsets.keys().filter_map(|k| listed(namespace, k)).collect();
                printers::describe_selection(&names, name, prefix, namespace, &|n| {
                    let (ns, ds) = scoped(namespace, n);
                    printers::describe_daemonset(state, ns, ds, now)
                })
            }
            other => Err(format!("error: describe is not available for {} in the playground", other.plural())),
        }
    }

    /// Where the playground is kinder than kubectl (a name without `-n` found in another
    /// namespace), it says so after the answer, so that no one learns to leave `-n` out.
    pub(super) fn namespace_note(&self, command: &Kubectl) -> Option<PlaygroundNote> {
        let (kind, found) = match command {
            Kubectl::SetImage { ds, .. }
            | Kubectl::Patch { ds, .. }
            | Kubectl::RolloutUndo { ds, .. }
            | Kubectl::RolloutRestart { ds }
            | Kubectl::RolloutPause { ds, .. }
            | Kubectl::RolloutStatus { ds }
            | Kubectl::RolloutHistory { ds, .. }
            | Kubectl::DeleteDaemonSet { ds, .. }
                if ds.namespace.is_none() =>
            {
                ("daemonset", self.resolve_daemonset(ds).ok()?)
            }
            Kubectl::DeletePod { pod: pod @ PodRef::Name(ObjRef { namespace: None, .. }), .. }
            | Kubectl::PatchPodStatus { pod: pod @ PodRef::Name(ObjRef { namespace: None, .. }), .. } => {
                ("pod", self.resolve_pod(pod).ok()?)
            }
            Kubectl::Get { resource, name: Some(name), namespace: None, all_namespaces: false, .. }
            | Kubectl::Describe { resource, name: Some(name), namespace: None, all_namespaces: false, .. }
                if resource.is_namespaced() && !name.starts_with('@') =>
            {
                let namespace = self.default_namespace(*resource, Some(name));
                let kind = resource.qualified_singular().split('.').next().unwrap_or_default();
                (kind, key(Some(&namespace), name))
            }
            Kubectl::Get { resource, name: None, namespace: None, all_namespaces: false, also, .. } if also.is_empty() && resource.is_namespaced() => {
                return self.elsewhere_note(*resource);
            }
            _ => return None,
            };
        let (namespace, name) = split_key(&found);
        (namespace != "default").then(|| PlaygroundNote::FoundElsewhere {
            kind: kind.to_owned(),
            name: name.to_owned(),
            namespace: namespace.to_owned(),
        })
    }

    /// The `namespace/name` keys of the resource's objects; none for nodes and events.
    fn namespaced_keys(&self, resource: Resource) -> Vec<&str> {
        let state = &self.state;
        match resource {
            Resource::DaemonSet => state.daemonsets.keys().map(String::as_str).collect(),
            Resource::Pod => state.pods.keys().map(|k| &**k).collect(),
            Resource::ControllerRevision => state.revisions.keys().map(String::as_str).collect(),
            Resource::Node | Resource::Event => Vec::new(),
        }
    }

    /// A list of `default` that is empty while other namespaces hold objects of the kind:
    /// where they are, and how kubectl lists them.
    fn elsewhere_note(&self, resource: Resource) -> Option<PlaygroundNote> {
        let keys = self.namespaced_keys(resource);
        let namespaces: std::collections::BTreeSet<&str> = keys.iter().map(|k| split_key(k).0).collect();
        if namespaces.is_empty() || namespaces.contains("default") {
            return None;
        }
        let namespaces = namespaces.into_iter().map(str::to_owned).collect();
        Some(PlaygroundNote::ListedElsewhere { plural: resource.plural().to_owned(), namespaces })
    }

    // ----- name resolution: the playground finds a DaemonSet by name in any namespace -----

    pub(super) fn resolve_daemonset(&self, ds: &ObjRef) -> Result<String, String> {
        if let Some(namespace) = &ds.namespace {
            let ds_key = key(Some(namespace), &ds.name);
            return if self.state.daemonsets.contains_key(&ds_key) { Ok(ds_key) } else { Err(not_found_ds(&ds_key)) };
        }
        let matches: Vec<&String> = self.state.daemonsets.keys().filter(|k| name_of(k) == ds.name).collect();
        match matches.as_slice() {
            [only] => Ok((*only).clone()),
            [] => Err(not_found_ds(&key(None, &ds.name))),
            several => Ok(several.iter().find(|k| k.starts_with("default/")).unwrap_or(&several[0]).to_string()),
        }
    }

    pub(super) fn resolve_pod(&self, pod: &PodRef) -> Result<String, String> {
        match pod {
            PodRef::Name(reference) => {
                let candidates: Vec<&str> = match &reference.namespace {
                    Some(namespace) => self.state.pods.keys().map(|k| k.as_ref()).filter(|k| *k == key(Some(namespace), &reference.name)).collect(),
                    None => self.state.pods.keys().map(|k| k.as_ref()).filter(|k| name_of(k) == reference.name).collect(),
                };
                candidates.first().map(|k| k.to_string()).ok_or_else(|| {
                    ApiError::NotFound { resource: "pods".into(), name: reference.name.clone() }.to_string()
                })
            }
            PodRef::OnNode(node) => self
                .state
                .pods
                .iter()
                .find(|(_, p)| target_node_name(p) == Some(node) && !is_terminating(p) && is_daemon_pod(p))
                .map(|(k, _)| k.to_string())
                .ok_or_else(|| format!("error: no daemon pod on node \"{node}\"")),
        }
    }
}
