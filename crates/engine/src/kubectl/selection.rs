//! Which objects a list keeps under `-l` and `--field-selector`: the API server's
//! label and field selection, with the fields each resource supports and its
//! BadRequest for any other.

use dsplay_model::selector_string::{labels_match, parse_field_selector, parse_label_selector, FieldRequirement};
use k8s_openapi::api::apps::v1::{ControllerRevision, DaemonSet};
use k8s_openapi::api::core::v1::{Node, Pod};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;
use k8s_openapi::Metadata;

use super::command::Resource;
use super::printers::{event_name, InvolvedObject};
use crate::state::{ClusterState, Event, Stored};
use imbl::OrdMap;

/// `-l` and `--field-selector` as given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListQuery {
    pub labels: Option<String>,
    pub fields: Option<String>,
}

impl ListQuery {
    pub fn is_empty(&self) -> bool {
        self.labels.is_none() && self.fields.is_none()
    }

    /// `state` with only the objects of `resource` the selectors keep; other kinds as
    /// they are. The error is the API server's BadRequest: a selector it cannot read,
    /// or a field the resource does not select on. Events carry no labels of the
    /// playground's making, so only an empty label selector keeps them.
    pub fn select(&self, state: &ClusterState, resource: Resource) -> Result<ClusterState, String> {
        if self.is_empty() {
            return Ok(state.clone());
        }
        // kubectl hands both selectors to the API server as written; what it cannot
        // read comes back as a BadRequest that kubectl names the list in.
        let bad_request = |problem: String| {
            format!(
                "Error from server (BadRequest): Unable to find \"{}\" that match label selector \"{}\", field selector \"{}\": {problem}",
                group_version_resource(resource),
                self.labels.as_deref().unwrap_or(""),
                self.fields.as_deref().unwrap_or(""),
            )
        };
        let labels = parse_label_selector(self.labels.as_deref().unwrap_or("")).map_err(bad_request)?;
        let fields = parse_field_selector(self.fields.as_deref().unwrap_or("")).map_err(bad_request)?;
        if let Some(unsupported) = fields.iter().find(|f| field_value(resource, Selected::None, &f.field).is_none()) {
            return Err(bad_request(format!("field label not supported: {}", unsupported.field)));
        }
        let keeps = |selected: Selected, meta: Option<&ObjectMeta>| {
            let labels_hold = labels_match(&labels, meta.and_then(|m| m.labels.as_ref()).unwrap_or(&Default::default()));
            labels_hold && fields.iter().all(|f| holds(f, field_value(resource, selected, &f.field).flatten().as_deref()))
        };
        let mut selected = state.clone();
        match resource {
            Resource::Pod => selected.pods = kept(&state.pods, |p| keeps(Selected::Pod(p), Some(p.metadata()))),
            Resource::Node => selected.nodes = kept(&state.nodes, |n| keeps(Selected::Node(n), Some(n.metadata()))),
            Resource::DaemonSet => selected.daemonsets = kept(&state.daemonsets, |d| keeps(Selected::DaemonSet(d), Some(d.metadata()))),
            Resource::ControllerRevision => {
                selected.revisions = kept(&state.revisions, |r| keeps(Selected::Revision(r), Some(r.metadata())));
            }
            Resource::Event => {
                let events = state.events.iter().enumerate().filter(|(recorded, e)| keeps(Selected::Event(Stored::object(e), *recorded), None));
                selected.events = events.map(|(_, e)| e.clone()).collect();
            }
        }
        Ok(selected)
    }
}

/// The entries of `map` whose objects `keep` holds for.
fn kept<K: Ord + Clone, T>(map: &OrdMap<K, Stored<T>>, keep: impl Fn(&T) -> bool) -> OrdMap<K, Stored<T>> {
    map.iter().filter(|(_, stored)| keep(Stored::object(stored))).map(|(k, v)| (k.clone(), v.clone())).collect()
}

fn holds(requirement: &FieldRequirement, value: Option<&str>) -> bool {
    (value.unwrap_or("") == requirement.value) == requirement.equal
}

/// An object being selected, or none when only asking whether a field is supported.
#[derive(Clone, Copy)]
enum Selected<'a> {
    None,
    Pod(&'a Pod),
    Node(&'a Node),
    DaemonSet(&'a DaemonSet),
    Revision(&'a ControllerRevision),
    /// With its place in the record, which its name is made of.
    Event(&'a Event, usize),
}

/// The value of a selectable field: `None` when the resource does not select on it,
/// `Some(None)` when it does but there is no object (or the object has no value).
fn field_value(resource: Resource, selected: Selected<'_>, field: &str) -> Option<Option<String>> {
    let meta = match selected {
        Selected::Pod(p) => Some(&p.metadata),
        Selected::Node(n) => Some(&n.metadata),
        Selected::DaemonSet(d) => Some(&d.metadata),
        Selected::Revision(r) => Some(&r.metadata),
        Selected::None | Selected::Event(..) => None,
    };
    let namespace = || meta.map(|m| m.namespace.clone().unwrap_or_else(|| "default".into()));
    match (resource, field) {
        (_, "metadata.name") if resource != Resource::Event => Some(meta.and_then(|m| m.name.clone())),
        (Resource::Pod | Resource::DaemonSet | Resource::ControllerRevision, "metadata.namespace") => Some(namespace()),
        (Resource::Pod, _) => {
            let pod = match selected {
                Selected::Pod(p) => Some(p),
                _ => None,
            };
            let spec = pod.and_then(|p| p.spec.as_ref());
            let status = pod.and_then(|p| p.status.as_ref());
            match field {
                "spec.nodeName" => Some(spec.and_then(|s| s.node_name.clone())),
                "spec.restartPolicy" => Some(spec.and_then(|s| s.restart_policy.clone())),
                "spec.schedulerName" => Some(spec.and_then(|s| s.scheduler_name.clone())),
                "spec.serviceAccountName" => Some(spec.and_then(|s| s.service_account_name.clone())),
                "spec.hostNetwork" => Some(spec.map(|s| s.host_network.unwrap_or(false).to_string())),
                "status.phase" => Some(status.and_then(|s| s.phase.clone())),
                "status.podIP" => Some(status.and_then(|s| s.pod_ip.clone())),
                "status.nominatedNodeName" => Some(status.and_then(|s| s.nominated_node_name.clone())),
                _ => None,
            }
        }
        (Resource::Node, "spec.unschedulable") => Some(match selected {
            Selected::Node(n) => Some(n.spec.as_ref().and_then(|s| s.unschedulable).unwrap_or(false).to_string()),
            _ => None,
        }),
        (Resource::Event, _) => {
            let (event, recorded) = match selected {
                Selected::Event(e, recorded) => (Some(e), recorded),
                _ => (None, 0),
            };
            let object = event.map(InvolvedObject::of);
            let value = |pick: &dyn Fn(&Event, &InvolvedObject) -> String| event.zip(object.as_ref()).map(|(e, o)| pick(e, o));
            match field {
                "involvedObject.kind" => Some(value(&|_, o| o.kind.to_string())),
                "involvedObject.namespace" => Some(value(&|_, o| o.namespace.to_string())),
                "involvedObject.name" => Some(value(&|_, o| o.name.to_string())),
                "involvedObject.fieldPath" => Some(value(&|e, _| e.field_path.clone().unwrap_or_default())),
                "involvedObject.apiVersion" => Some(value(&|_, o| api_version(o.kind).to_string())),
                // Neither is kept on the playground's events: accepted, matching none.
                "involvedObject.uid" | "involvedObject.resourceVersion" => Some(None),
                "reason" => Some(value(&|e, _| e.reason.clone())),
                "type" => Some(value(&|e, _| e.event_type.clone())),
                "source" | "reportingComponent" => Some(value(&|e, _| e.source.clone())),
                "metadata.namespace" => Some(value(&|_, o| o.event_namespace().to_string())),
                "metadata.name" => Some(value(&|e, o| event_name(o.name, e.first_time_ms, recorded))),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The group/version of an event's object kind.
fn api_version(kind: &str) -> &'static str {
    match kind {
        "DaemonSet" | "ControllerRevision" => "apps/v1",
        _ => "v1",
    }
}

/// How the API server names the resource in a BadRequest.
fn group_version_resource(resource: Resource) -> &'static str {
    match resource {
        Resource::Pod => "/v1, Resource=pods",
        Resource::Node => "/v1, Resource=nodes",
        Resource::Event => "/v1, Resource=events",
        Resource::DaemonSet => "apps/v1, Resource=daemonsets",
        Resource::ControllerRevision => "apps/v1, Resource=controllerrevisions",
    }
}
