//! Checking an `expect` step against the cluster as it is now.

use std::fmt;

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Pod;

use crate::api::name_of;
use super::Simulation;
use crate::controller::daemonset::{rollout_status, target_node_name, TEMPLATE_GENERATION_LABEL};
use crate::pod_readiness::{is_terminating, label, node_name, phase};
use crate::scenario::Expectation;

/// One thing that differed: `podsPerNode.node-02: expected 1, got 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectationFailure {
    pub field: String,
    pub expected: String,
    pub actual: String,
}

impl fmt::Display for ExpectationFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: expected {}, got {}", self.field, self.expected, self.actual)
    }
}

fn failure(field: String, expected: impl fmt::Display, actual: impl fmt::Display) -> ExpectationFailure {
    ExpectationFailure { field, expected: expected.to_string(), actual: actual.to_string() }
}

fn status_field(ds: &DaemonSet, field: &str) -> Option<i64> {
    let status = ds.status.clone().unwrap_or_default();
    Some(match field {
        "desiredNumberScheduled" => status.desired_number_scheduled.into(),
        "currentNumberScheduled" => status.current_number_scheduled.into(),
        "numberMisscheduled" => status.number_misscheduled.into(),
        "numberReady" => status.number_ready.into(),
        "numberAvailable" => status.number_available.unwrap_or(0).into(),
        "numberUnavailable" => status.number_unavailable.unwrap_or(0).into(),
        "updatedNumberScheduled" => status.updated_number_scheduled.unwrap_or(0).into(),
        "observedGeneration" => status.observed_generation.unwrap_or(0),
        "collisionCount" => status.collision_count.unwrap_or(0).into(),
        _ => return None,
    })
}

impl Simulation {
    fn expected_daemonset(&self, name: Option<&str>) -> Result<(String, DaemonSet), ExpectationFailure> {
        let daemonsets = &self.api.state.daemonsets;
        let found: Vec<_> = daemonsets.iter().filter(|(k, _)| name.is_none_or(|n| name_of(k) == n)).collect();
        match (found.as_slice(), name) {
            ([(k, ds)], _) => Ok(((*k).clone(), DaemonSet::clone(ds))),
            ([], Some(n)) => Err(failure("daemonset".into(), format!("a DaemonSet named {n:?}"), "none")),
            ([], None) => Err(failure("daemonset".into(), "a DaemonSet", "none in the cluster")),
            (_, _) => Err(failure("daemonset".into(), "one DaemonSet (name it with `daemonset:`)", found.len())),
        }
    }

    /// The DaemonSet's pods on a node that are not terminating, oldest first.
    fn pods_on(&self, ds: &DaemonSet, node: &str) -> Vec<Pod> {
        let mut pods: Vec<Pod> = self
            .api
            .state
            .pods
            .values()
            .filter(|p| p.metadata.owner_references.iter().flatten().any(|o| Some(&o.uid) == ds.metadata.uid.as_ref()))
            .filter(|p| target_node_name(p) == Some(node) && !is_terminating(p))
            .map(|p| (**p).clone())
            .collect();
        pods.sort_by(|a, b| a.metadata.creation_timestamp.cmp(&b.metadata.creation_timestamp));
        pods
    }

    pub(super) fn check(&mut self, expectation: &Expectation) -> Vec<ExpectationFailure> {
        let mut failures = Vec::new();
        let needs_ds = !expectation.status.is_empty()
            || !expectation.pods_per_node.is_empty()
            || !expectation.phases.is_empty()
            || !expectation.generation.is_empty()
            || !expectation.pending.is_empty()
            || expectation.rollout.is_some();
        if needs_ds {
            match self.expected_daemonset(expectation.daemonset.as_deref()) {
                Ok((ds_key, ds)) => self.check_daemonset(expectation, &ds_key, &ds, &mut failures),
                Err(f) => failures.push(f),
            }
        }
        let last = &self.last_command;
        if let Some(text) = &expectation.error {
            match &last.error {
                Some(error) if error.contains(text.as_str()) => {}
                Some(error) => failures.push(failure("error".into(), format!("{text:?}"), format!("{error:?}"))),
                None => failures.push(failure("error".into(), format!("{text:?}"), format!("no error from `{}`", last.command))),
            }
        }
        if let Some(text) = &expectation.output {
            let printed = last.error.clone().unwrap_or_else(|| last.output.clone());
            if !last.output.contains(text.as_str()) {
                failures.push(failure("output".into(), format!("{text:?}"), format!("{printed:?}")));
            }
        }
        let events: Vec<_> = self.api.state.events.iter().skip(self.events_checked).cloned().collect();
        for (i, wanted) in expectation.events.iter().enumerate() {
            let found = events.iter().any(|e| {
                wanted.reason.as_ref().is_none_or(|r| e.reason.contains(r.as_str()))
                    && wanted.message.as_ref().is_none_or(|m| e.message.contains(m.as_str()))
            });
            if !found {
                let seen: Vec<String> = events.iter().map(|e| format!("{}: {}", e.reason, e.message)).collect();
                failures.push(failure(format!("events[{i}]"), format!("{wanted:?}"), format!("{seen:?}")));
            }
        }
        self.events_checked = self.api.state.events.len();
        failures
    }

    fn check_daemonset(&self, expectation: &Expectation, ds_key: &str, ds: &DaemonSet, failures: &mut Vec<ExpectationFailure>) {
        for (field, expected) in &expectation.status {
            match status_field(ds, field) {
                Some(actual) if actual == *expected => {}
                Some(actual) => failures.push(failure(format!("status.{field}"), expected, actual)),
                None => failures.push(failure(format!("status.{field}"), expected, "no such status field")),
            }
        }
        for (node, expected) in &expectation.pods_per_node {
            let actual = self.pods_on(ds, node).len() as u32;
            if actual != *expected {
                failures.push(failure(format!("podsPerNode.{node}"), expected, actual));
            }
        }
        for (node, expected) in &expectation.phases {
            let pods = self.pods_on(ds, node);
            let actual = pods.first().map_or("no pod".to_string(), |p| phase(p).to_string());
            if actual != *expected {
                failures.push(failure(format!("phases.{node}"), expected, actual));
            }
        }
        for (node, expected) in &expectation.generation {
            let pods = self.pods_on(ds, node);
            let actual = pods.first().and_then(|p| label(p, TEMPLATE_GENERATION_LABEL)).unwrap_or("none").to_string();
            if actual != expected.to_string() {
                failures.push(failure(format!("generation.{node}"), expected, actual));
            }
        }
        for (node, text) in &expectation.pending {
            let pods = self.pods_on(ds, node);
            let reason = pods.first().filter(|p| node_name(p).is_none()).and_then(|p| {
                p.status.as_ref()?.conditions.as_ref()?.iter().find(|c| c.type_ == "PodScheduled")?.message.clone()
            });
            match reason {
                Some(message) if message.contains(text.as_str()) => {}
                Some(message) => failures.push(failure(format!("pending.{node}"), format!("{text:?}"), format!("{message:?}"))),
                None => failures.push(failure(format!("pending.{node}"), format!("an unscheduled pod ({text:?})"), "none")),
            }
        }
        if let Some(rollout) = &expectation.rollout {
            let record = self.rollouts.record(ds_key).cloned().unwrap_or_default();
            let checks = [
                ("maxUnavailableSeen", rollout.max_unavailable_seen, record.max_unavailable_seen),
                ("maxPodsPerNodeSeen", rollout.max_pods_per_node_seen, record.max_pods_per_node_seen),
                ("maxSurgeSeen", rollout.max_surge_seen, record.max_surge_seen),
            ];
            for (field, expected, actual) in checks {
                if let Some(expected) = expected.filter(|e| *e != actual) {
                    failures.push(failure(format!("rollout.{field}"), expected, actual));
                }
            }
            if let Some(expected) = rollout.complete {
                let actual = matches!(rollout_status(ds), Ok((_, true)));
                if actual != expected {
                    failures.push(failure("rollout.complete".into(), expected, actual));
                }
            }
        }
    }
}
