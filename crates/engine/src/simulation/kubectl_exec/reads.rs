//! Reads: `get` and `describe`, printed as kubectl prints them.

use super::*;

impl Simulation {
    pub(super) fn get(&self, listing: Listing) -> Outcome {
        let Listing { resource, name, namespace, all, wide, output, query, columns } = listing;
        if let Some(pod_key) = self.pod_at_node(resource, name).transpose()? {
            let (pod_namespace, pod_name) = split_key(&pod_key);
            return self.get(Listing { name: Some(pod_name), namespace: Some(pod_namespace), all: false, ..listing });
        }
        let mut selected = query.select(&self.api.state, resource)?;
        let now = self.api.now();
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
    pub(super) fn default_namespace(&self, resource: Resource, name: Option<&str>) -> String {
        let keys = self.namespaced_keys(resource);
        let found = name.and_then(|name| {
            let exact = keys.iter().find(|k| name_of(k) == name);
            exact.or_else(|| keys.iter().find(|k| name_of(k).starts_with(name))).copied()
        });
        found.map_or_else(|| "default".to_string(), |k| split_key(k).0.to_string())
    }

    /// `@node-02` for a pod, as `delete pod` takes it: the key of the daemon pod on that
    /// node. `None` for any other name.
    pub(super) fn pod_at_node(&self, resource: Resource, name: Option<&str>) -> Option<Result<String, String>> {
        let node = name?.strip_prefix('@').filter(|_| resource == Resource::Pod)?;
        Some(self.resolve_pod(&PodRef::OnNode(node.to_string())))
    }

    /// `get ds,pods`: a table per type that has objects, each name after its kind
    /// (`daemonset.apps/agent`), a blank line between; "No resources found" when none has.
    pub(super) fn get_several(&self, first: Listing, also: &[Resource]) -> Outcome {
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

    pub(super) fn describe(&self, resource: Resource, name: Option<&str>, scope: Scope, query: &ListQuery, prefix: bool) -> Outcome {
        let selected = query.select(&self.api.state, resource)?;
        let state = &selected;
        let now = self.api.now();
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
}
