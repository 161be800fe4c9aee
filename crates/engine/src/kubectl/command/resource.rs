//! Resource types and names as kubectl reads them (`ds/agent`, `daemonsets agent`), and the
//! label and taint arguments of `kubectl label` / `kubectl taint`.

use dsplay_model::labels::{label_value_errors, qualified_name_errors};
use super::{CommandError, Refusal};
use k8s_openapi::api::core::v1::Taint;
use std::fmt;

/// The resource types the playground serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resource {
    DaemonSet,
    Pod,
    Node,
    ControllerRevision,
    Event,
}

impl Resource {
    /// Reads a resource type the way kubectl's RESTMapper does: plural, singular, short name,
    /// with or without the group.
    pub fn parse(text: &str) -> Result<Resource, CommandError> {
        let lower = text.to_ascii_lowercase();
        Ok(match lower.as_str() {
            "ds" | "daemonset" | "daemonsets" | "daemonset.apps" | "daemonsets.apps" => Resource::DaemonSet,
            "po" | "pod" | "pods" => Resource::Pod,
            "no" | "node" | "nodes" => Resource::Node,
            "controllerrevision" | "controllerrevisions" | "controllerrevision.apps" | "controllerrevisions.apps" => {
                Resource::ControllerRevision
            }
            "ev" | "event" | "events" | "event.events.k8s.io" | "events.events.k8s.io" => Resource::Event,
            "all" => {
                return Err(Refusal::AllIsACategory.into())
            }
            // Several types at once (`ds,pods`): `get` lists them; other commands take one.
            _ if text.contains(',') => {
                return Err(Refusal::OneTypeAtATimeHere { text: text.to_owned() }.into())
            }
            _ if served_by_a_real_cluster(&lower) => return Err(Refusal::TypeNotSimulated { text: text.to_owned() }.into()),
            _ => {
                return Err(CommandError::new(format!("error: the server doesn't have a resource type \"{text}\"")))
            }
        })
    }

    /// The plural name kubectl prints in `kind.group/name` (`daemonset.apps`).
    pub fn qualified_singular(self) -> &'static str {
        match self {
            Resource::DaemonSet => "daemonset.apps",
            Resource::Pod => "pod",
            Resource::Node => "node",
            Resource::ControllerRevision => "controllerrevision.apps",
            Resource::Event => "event",
        }
    }

    pub fn plural(self) -> &'static str {
        match self {
            Resource::DaemonSet => "daemonsets",
            Resource::Pod => "pods",
            Resource::Node => "nodes",
            Resource::ControllerRevision => "controllerrevisions",
            Resource::Event => "events",
        }
    }

    pub fn is_namespaced(self) -> bool {
        !matches!(self, Resource::Node)
    }
}

/// The built-in types every cluster's API server serves (plural, singular and short
/// names, with or without their group) that the playground does not simulate: kubectl
/// on a real cluster would find the type, so "the server doesn't have a resource type"
/// would be false.
const BUILT_IN_TYPES: &[&[&str]] = &[
    &["deployments", "deployment", "deploy"],
    &["replicasets", "replicaset", "rs"],
    &["statefulsets", "statefulset", "sts"],
    &["replicationcontrollers", "replicationcontroller", "rc"],
    &["jobs", "job"],
    &["cronjobs", "cronjob", "cj"],
    &["services", "service", "svc"],
    &["endpoints", "ep"],
    &["endpointslices", "endpointslice"],
    &["ingresses", "ingress", "ing"],
    &["networkpolicies", "networkpolicy", "netpol"],
    &["configmaps", "configmap", "cm"],
    &["secrets", "secret"],
    &["namespaces", "namespace", "ns"],
    &["serviceaccounts", "serviceaccount", "sa"],
    &["persistentvolumes", "persistentvolume", "pv"],
    &["persistentvolumeclaims", "persistentvolumeclaim", "pvc"],
    &["storageclasses", "storageclass", "sc"],
    &["leases", "lease"],
    &["priorityclasses", "priorityclass", "pc"],
    &["runtimeclasses", "runtimeclass"],
    &["poddisruptionbudgets", "poddisruptionbudget", "pdb"],
    &["horizontalpodautoscalers", "horizontalpodautoscaler", "hpa"],
    &["limitranges", "limitrange", "limits"],
    &["resourcequotas", "resourcequota", "quota"],
    &["roles", "role"],
    &["rolebindings", "rolebinding"],
    &["clusterroles", "clusterrole"],
    &["clusterrolebindings", "clusterrolebinding"],
    &["customresourcedefinitions", "customresourcedefinition", "crd", "crds"],
    &["podtemplates", "podtemplate"],
];

fn served_by_a_real_cluster(lower: &str) -> bool {
    let name = lower.split('.').next().unwrap_or(lower);
    BUILT_IN_TYPES.iter().any(|names| names.contains(&name))
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.plural())
    }
}

/// A namespaced object by name; `namespace` is `None` when `-n` was not given (the default
/// namespace of the context, `default`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjRef {
    pub name: String,
    pub namespace: Option<String>,
}

/// A pod by name, or `@node-03`: the daemon pod on that node, since daemon pod names end in a
/// generated suffix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PodRef {
    Name(ObjRef),
    OnNode(String),
}

/// Resource arguments: `TYPE NAME...` or `TYPE/NAME...`, as the resource builder reads them.
#[derive(Debug, PartialEq, Eq)]
pub struct ResourceArgs {
    pub resource: Resource,
    pub names: Vec<String>,
}

/// Reads `args` as `TYPE [NAME...]` or `TYPE/NAME [TYPE/NAME...]` (one type only).
pub fn resource_args(args: &[String]) -> Result<Option<ResourceArgs>, CommandError> {
    let Some(first) = args.first() else { return Ok(None) };
    if first.contains('/') {
        let mut resource = None;
        let mut names = Vec::new();
        for arg in args {
            let Some((kind, name)) = arg.split_once('/') else {
                return Err(CommandError::new(
                    "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'",
                ));
            };
            let kind = Resource::parse(kind)?;
            if name.is_empty() {
                return Err(CommandError::new("error: arguments in resource/name form must have a single resource and name"));
            }
            if resource.is_some_and(|r| r != kind) {
                return Err(Refusal::OneTypePerCommand.into());
            }
            resource = Some(kind);
            names.push(name.to_owned());
        }
        return Ok(resource.map(|resource| ResourceArgs { resource, names }));
    }
    let resource = Resource::parse(first)?;
    let names = args[1..].to_vec();
    if let Some(slashed) = names.iter().find(|n| n.contains('/')) {
        return Err(CommandError::new(format!(
            "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource {slashed}'"
        )));
    }
    Ok(Some(ResourceArgs { resource, names }))
}

/// Labels to set and label keys to remove.
pub type LabelChanges = (Vec<(String, String)>, Vec<String>);

/// Taints to add, and `(key, effect)` of taints to remove.
pub type TaintChanges = (Vec<Taint>, Vec<(String, Option<String>)>);

/// `kubectl label` arguments after the resources (`parseLabels` in kubectl's label command).
pub fn parse_labels(specs: &[String]) -> Result<LabelChanges, CommandError> {
    let mut set: Vec<(String, String)> = Vec::new();
    let mut remove = Vec::new();
    for spec in specs {
        if spec.contains('=') {
            let parts: Vec<&str> = spec.split('=').collect();
            let [key, value] = parts.as_slice() else {
                return Err(CommandError::new(format!("error: invalid label spec: {spec}")));
            };
            let errors = label_value_errors(value);
            if !errors.is_empty() {
                return Err(CommandError::new(format!("error: invalid label value: {spec:?}: {}", errors.join(";"))));
            }
            set.retain(|(k, _)| k != key);
            set.push(((*key).to_owned(), (*value).to_owned()));
        } else if let Some(key) = spec.strip_suffix('-') {
            remove.push(key.to_owned());
        } else {
            return Err(CommandError::new(format!("error: unknown label spec: {spec}")));
        }
    }
    if remove.iter().any(|r| set.iter().any(|(k, _)| k == r)) {
        return Err(CommandError::new("error: can not both modify and remove a label in the same command"));
    }
    Ok((set, remove))
}

/// Taints to add and to remove (`parseTaints` in kubectl's taint command): `k=v:Effect`,
/// `k:Effect` add; `k:Effect-` and `k-` remove.
pub fn parse_taints(specs: &[String]) -> Result<TaintChanges, CommandError> {
    let mut add: Vec<Taint> = Vec::new();
    let mut remove = Vec::new();
    for spec in specs {
        if let Some(removal) = spec.strip_suffix('-') {
            let taint = parse_taint(removal)?;
            remove.push((taint.key, (!taint.effect.is_empty()).then_some(taint.effect)));
        } else {
            let taint = parse_taint(spec)?;
            if taint.effect.is_empty() {
                return Err(CommandError::usage(format!("invalid taint spec: {spec}"), "kubectl taint"));
            }
            if add.iter().any(|t| t.key == taint.key && t.effect == taint.effect) {
                return Err(CommandError::usage(
                    format!("duplicated taints with the same key and effect: {}", go_taint(&taint)),
                    "kubectl taint",
                ));
            }
            add.push(taint);
        }
    }
    // TaintOptions.Validate: a taint may not be added and removed at once.
    let conflicts: Vec<String> = remove
        .iter()
        .filter(|(key, effect)| add.iter().any(|t| &t.key == key && effect.as_ref().is_none_or(|e| e == &t.effect)))
        .map(|(key, effect)| format!("{{\"{key}\":\"{}\"}}", effect.as_deref().unwrap_or("")))
        .collect();
    if !conflicts.is_empty() {
        return Err(CommandError::new(format!(
            "error: can not both modify and remove the following taint(s) in the same command: {}",
            conflicts.join(", ")
        )));
    }
    Ok((add, remove))
}

/// Go's `%v` of a Taint struct, as kubectl prints it in its duplicate message.
fn go_taint(t: &Taint) -> String {
    format!("{{{} {} {} <nil>}}", t.key, t.value.as_deref().unwrap_or(""), t.effect)
}

/// `parseTaint`: the effect first, then the value (a label value) and the key (a
/// qualified name), each refused with the spec and the validation's words.
fn parse_taint(spec: &str) -> Result<Taint, CommandError> {
    let invalid = || CommandError::usage(format!("invalid taint spec: {spec}"), "kubectl taint");
    let invalid_because = |errors: Vec<String>| CommandError::usage(format!("invalid taint spec: {spec}, {}", errors.join("; ")), "kubectl taint");
    let parts: Vec<&str> = spec.split(':').collect();
    let (key, value, effect) = match parts.as_slice() {
        [key] => ((*key).to_owned(), None, String::new()),
        [key_value, effect] => {
            if !matches!(*effect, "NoSchedule" | "PreferNoSchedule" | "NoExecute") {
                return Err(CommandError::usage(
                    format!("invalid taint effect: {effect}, unsupported taint effect"),
                    "kubectl taint",
                ));
            }
            let kv: Vec<&str> = key_value.split('=').collect();
            match kv.as_slice() {
                [key] => ((*key).to_owned(), None, (*effect).to_owned()),
                [key, value] => {
                    let errors = label_value_errors(value);
                    if !errors.is_empty() {
                        return Err(invalid_because(errors));
                    }
                    ((*key).to_owned(), Some((*value).to_owned()), (*effect).to_owned())
                }
                _ => return Err(invalid()),
            }
        }
        _ => return Err(invalid()),
    };
    let errors = qualified_name_errors(&key);
    if !errors.is_empty() {
        return Err(invalid_because(errors));
    }
    Ok(Taint { key, value: value.filter(|v| !v.is_empty()), effect, time_added: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn resource_forms() {
        for form in ["ds agent", "daemonset agent", "daemonsets agent", "ds/agent", "daemonset.apps/agent"] {
            let parsed = resource_args(&words(form)).unwrap().unwrap();
            assert_eq!(parsed, ResourceArgs { resource: Resource::DaemonSet, names: vec!["agent".into()] }, "{form}");
        }
        assert_eq!(Resource::parse("ev").unwrap(), Resource::Event);
        assert_eq!(Resource::parse("controllerrevisions").unwrap(), Resource::ControllerRevision);
        assert_eq!(
            Resource::parse("widgets").unwrap_err().to_string(),
            "error: the server doesn't have a resource type \"widgets\""
        );
        // A real cluster serves deployments: the playground says it does not simulate them.
        for text in ["deploy", "deployments.apps", "svc", "ns"] {
            let refusal = Resource::parse(text).unwrap_err().to_string();
            assert!(refusal.contains("does not simulate"), "{text}: {refusal}");
        }
        assert!(resource_args(&words("ds ds/agent")).is_err());
    }

    #[test]
    fn taints() {
        let (add, remove) = parse_taints(&words("dedicated=db:NoSchedule gpu:NoExecute a- b:NoSchedule-")).unwrap();
        assert_eq!(add[0].key, "dedicated");
        assert_eq!(add[0].value.as_deref(), Some("db"));
        assert_eq!(add[1].value, None);
        assert_eq!(add[1].effect, "NoExecute");
        assert_eq!(remove, vec![("a".into(), None), ("b".into(), Some("NoSchedule".into()))]);
        let err = parse_taints(&words("a=b:Foo")).unwrap_err().to_string();
        assert!(err.starts_with("error: invalid taint effect: Foo, unsupported taint effect\n"), "{err}");
        assert!(parse_taints(&words("a=b")).unwrap_err().to_string().starts_with("error: invalid taint spec: a=b"));
        assert!(parse_taints(&words("a=b=c:NoSchedule")).is_err());
        let err = parse_taints(&words("a:NoSchedule a-")).unwrap_err().to_string();
        assert_eq!(err, "error: can not both modify and remove the following taint(s) in the same command: {\"a\":\"\"}");
    }

    #[test]
    fn labels() {
        let (set, remove) = parse_labels(&words("a=1 b= c-")).unwrap();
        assert_eq!(set, vec![("a".into(), "1".into()), ("b".into(), "".into())]);
        assert_eq!(remove, vec!["c".to_owned()]);
        assert_eq!(parse_labels(&words("a=1=2")).unwrap_err().to_string(), "error: invalid label spec: a=1=2");
        assert!(parse_labels(&words("a=1 a-")).is_err());
    }
}
