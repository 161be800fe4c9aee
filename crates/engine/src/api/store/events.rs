//! Events: recorded through the client-side correlator, each with the uid and the node
//! of the object it is about, even once that object is gone.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

use super::Api;
use crate::controller::daemonset::util::target_node_name;
use crate::kubelet;
use crate::scheduler::DEFAULT_SCHEDULER;
use crate::state::{Event, Stored};

impl Api {
    /// Every event is written, none dropped by the spam filter: upstream's unit tests
    /// record through a FakeRecorder, and their mirror here counts every event.
    pub fn record_every_event(&mut self) {
        self.events.without_spam_filter();
    }

    /// Records an event about `object` (`Kind/namespace/name`, or `Kind/name` for a
    /// cluster-scoped object: see [`Event::object`]) with the node it concerns; a repeat
    /// of the last event for the same object, reason and message is counted, as the
    /// client-side event correlator does.
    pub fn record_event(&mut self, object: &str, event_type: &str, reason: &str, source: &str, message: String) {
        self.record(object, None, event_type, reason, source, message);
    }

    /// An event about one container of a pod, which the kubelet records with the
    /// container's field path (`spec.containers{agent}`) rather than its name in the message.
    pub fn record_container_event(&mut self, object: &str, container: &str, event_type: &str, reason: &str, source: &str, message: String) {
        // The field path names the list the container is in.
        let pod = object.strip_prefix("Pod/").and_then(|pod_key| self.state.pods.get(pod_key));
        let init = pod.is_some_and(|pod| pod.spec.iter().flat_map(|s| s.init_containers.iter().flatten()).any(|c| c.name == container));
        let list = if init { "initContainers" } else { "containers" };
        self.record(object, Some(format!("spec.{list}{{{container}}}")), event_type, reason, source, message);
    }

    /// An event as the recorder's correlator passes it on: a repeat counts on the first,
    /// and many similar ones on one combined event ([`EventCorrelator`]).
    pub(super) fn record(&mut self, object: &str, field_path: Option<String>, event_type: &str, reason: &str, source: &str, message: String) {
        debug_assert!(object.split('/').all(|part| !part.is_empty()), "an event object with an empty part: {object:?}");
        let now = self.now_ms;
        let (identity, message) = self.events.correlate(object, field_path.as_deref(), event_type, reason, source, message, now);
        let uid = self.uid_of_event_object(object, source);
        // The scheduler records through events.k8s.io, whose recorder has no spam filter.
        let filtered = source != DEFAULT_SCHEDULER;
        let Some(written) = self.events.spam_filter(&identity, source, uid.as_deref(), filtered, now) else { return };
        if let Some(existing) = self.event_index.get(&identity).and_then(|&i| self.state.events.get_mut(i)) {
            let existing = existing.make_mut();
            existing.count += written.count;
            existing.time_ms = now;
            // A combined event shows the latest of the messages it stands for.
            existing.message = message;
            return;
        }
        self.event_index.insert(identity, self.state.events.len());
        self.state.events.push_back(Stored::new(Event {
            time_ms: now,
            first_time_ms: written.first_ms,
            event_type: event_type.into(),
            reason: reason.into(),
            node: self.node_of_event_object(object),
            uid,
            object: object.to_owned(),
            field_path,
            source: source.into(),
            message,
            count: written.count,
        }));
    }

    /// The uid an event about `object` refers to (see [`Event::uid`]).
    pub(super) fn uid_of_event_object(&self, object: &str, source: &str) -> Option<String> {
        let stored = if let Some(name) = object.strip_prefix("Node/") {
            if source == kubelet::SOURCE {
                return Some(name.to_string());
            }
            self.state.nodes.get(name).map(|node| &node.metadata)
        } else if let Some(pod_key) = object.strip_prefix("Pod/") {
            self.state.pods.get(pod_key).map(|pod| &pod.metadata)
        } else {
            object.strip_prefix("DaemonSet/").and_then(|ds_key| self.state.daemonsets.get(ds_key)).map(|ds| &ds.metadata)
        };
        match stored {
            Some(meta) => meta.uid.clone(),
            None => self.gone_uids.get(object).cloned(),
        }
    }

    pub(super) fn remember_uid(&mut self, object: String, meta: &ObjectMeta) {
        if let Some(uid) = &meta.uid {
            self.gone_uids.insert(object, uid.clone());
        }
    }

    /// The node an event about `object` concerns: a Node's own name, or the node of the
    /// pod, looked up in the store or, for a pod already gone, where it was last.
    pub(super) fn node_of_event_object(&self, object: &str) -> Option<String> {
        if let Some(name) = object.strip_prefix("Node/") {
            return Some(name.to_string());
        }
        let pod_key = object.strip_prefix("Pod/")?;
        match self.state.pods.get(pod_key) {
            Some(pod) => target_node_name(pod).map(str::to_string),
            None => self.gone_pod_nodes.get(pod_key).cloned(),
        }
    }
}
