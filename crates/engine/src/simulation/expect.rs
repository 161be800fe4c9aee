//! Checking an expectation against the cluster as it is now: every line as a
//! [`CheckedLine`], for an `expect` step (its failures) and a task's goal (every line).

use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::Pod;

use super::goal_line::{CheckedLine, ExpectationFailure, GoalKey, LineValue, RolloutField};
use super::Simulation;
use crate::api::name_of;
use crate::controller::daemonset::{rollout_status, target_node_name, TEMPLATE_GENERATION_LABEL};
use crate::pod_readiness::{is_terminating, label, node_name, phase};
use crate::scenario::Expectation;

/// Which events an `events` line looks among.
#[derive(Clone, Copy, Debug)]
pub enum EventsSince {
    /// From this index of the event list (an `expect`: since the previous one).
    Index(usize),
    /// Recorded at or after this time (a goal: since the attempt began).
    Time(u64),
}

fn line(key: GoalKey, wanted: LineValue, seen: LineValue, held: bool) -> CheckedLine {
    CheckedLine { key, wanted, seen, held }
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
    fn expected_daemonset(&self, name: Option<&str>) -> Result<(String, DaemonSet), CheckedLine> {
        let daemonsets = &self.api.state.daemonsets;
        let found: Vec<_> = daemonsets.iter().filter(|(k, _)| name.is_none_or(|n| name_of(k) == n)).collect();
        let wanted = LineValue::DaemonSetNamed(name.map(str::to_owned));
        match found.as_slice() {
            [(k, ds)] => Ok(((*k).clone(), DaemonSet::clone(ds))),
            [] => Err(line(GoalKey::DaemonSet, wanted, LineValue::NoDaemonSet { named: name.is_some() }, false)),
            _ => Err(line(GoalKey::DaemonSet, LineValue::OneOfSeveral, LineValue::DaemonSets(found.len()), false)),
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
        dsplay_model::sorting::sort_by(&mut pods, |a, b| a.metadata.creation_timestamp.cmp(&b.metadata.creation_timestamp));
        pods
    }

    /// An `expect` step: what differed. Its `events` look since the previous `expect`.
    pub(super) fn check(&mut self, expectation: &Expectation) -> Vec<ExpectationFailure> {
        let lines = self.checked_lines(expectation, EventsSince::Index(self.events_checked));
        self.events_checked = self.api.state.events.len();
        lines.iter().filter(|l| !l.held).map(ExpectationFailure::from).collect()
    }

    /// Every line of `expectation`, held or not, against the cluster now and the last
    /// command's answer.
    pub fn checked_lines(&self, expectation: &Expectation, events_since: EventsSince) -> Vec<CheckedLine> {
        let mut lines = Vec::new();
        let needs_ds = !expectation.status.is_empty()
            || !expectation.pods_per_node.is_empty()
            || !expectation.phases.is_empty()
            || !expectation.generation.is_empty()
            || !expectation.images.is_empty()
            || !expectation.pending.is_empty()
            || expectation.rollout.is_some();
        if needs_ds {
            match self.expected_daemonset(expectation.daemonset.as_deref()) {
                Ok((ds_key, ds)) => self.check_daemonset(expectation, &ds_key, &ds, &mut lines),
                Err(missing) => lines.push(missing),
            }
        }
        let last = &self.last_command;
        if let Some(text) = &expectation.error {
            let wanted = LineValue::Quoted(text.clone());
            lines.push(match &last.error {
                Some(error) => line(GoalKey::Error, wanted, LineValue::Quoted(error.clone()), error.contains(text.as_str())),
                None => line(GoalKey::Error, wanted, LineValue::NoErrorFrom(last.command.clone()), false),
            });
        }
        if let Some(text) = &expectation.output {
            let printed = last.error.clone().unwrap_or_else(|| last.output.clone());
            let held = last.output.contains(text.as_str());
            lines.push(line(GoalKey::Output, LineValue::Quoted(text.clone()), LineValue::Quoted(printed), held));
        }
        let all = &self.api.state.events;
        let events: Vec<_> = match events_since {
            EventsSince::Index(from) => all.iter().skip(from).collect(),
            EventsSince::Time(from) => all.iter().filter(|e| e.time_ms >= from).collect(),
        };
        for (i, wanted) in expectation.events.iter().enumerate() {
            let found = events.iter().any(|e| {
                wanted.reason.as_ref().is_none_or(|r| e.reason.contains(r.as_str()))
                    && wanted.message.as_ref().is_none_or(|m| e.message.contains(m.as_str()))
            });
            let seen: Vec<String> = events.iter().map(|e| format!("{}: {}", e.reason, e.message)).collect();
            let wanted = LineValue::Event { reason: wanted.reason.clone(), message: wanted.message.clone() };
            lines.push(line(GoalKey::Event(i), wanted, LineValue::Events(seen), found));
        }
        lines
    }

    fn check_daemonset(&self, expectation: &Expectation, ds_key: &str, ds: &DaemonSet, lines: &mut Vec<CheckedLine>) {
        let number = |n: i64| LineValue::Number(n);
        for (field, expected) in &expectation.status {
            let key = GoalKey::Status(field.clone());
            lines.push(match status_field(ds, field) {
                Some(actual) => line(key, number(*expected), number(actual), actual == *expected),
                None => line(key, number(*expected), LineValue::NoSuchStatusField, false),
            });
        }
        for (node, expected) in &expectation.pods_per_node {
            let actual = self.pods_on(ds, node).len() as i64;
            lines.push(line(GoalKey::PodsPerNode(node.clone()), number(i64::from(*expected)), number(actual), actual == i64::from(*expected)));
        }
        for (node, expected) in &expectation.phases {
            let pods = self.pods_on(ds, node);
            let seen = pods.first().map_or(LineValue::NoPod, |p| LineValue::Word(phase(p).to_string()));
            let held = seen == LineValue::Word(expected.clone());
            lines.push(line(GoalKey::Phase(node.clone()), LineValue::Word(expected.clone()), seen, held));
        }
        for (node, expected) in &expectation.generation {
            let pods = self.pods_on(ds, node);
            let seen = pods.first().and_then(|p| label(p, TEMPLATE_GENERATION_LABEL)).map_or(LineValue::NoLabel, |l| LineValue::Word(l.to_string()));
            let held = seen == LineValue::Word(expected.to_string());
            lines.push(line(GoalKey::Generation(node.clone()), number(*expected), seen, held));
        }
        for (node, expected) in &expectation.images {
            let pods = self.pods_on(ds, node);
            let image = pods.first().and_then(|p| p.spec.as_ref()?.containers.first()?.image.clone());
            let seen = image.map_or(LineValue::NoPod, LineValue::Word);
            let held = seen == LineValue::Word(expected.clone());
            lines.push(line(GoalKey::Image(node.clone()), LineValue::Word(expected.clone()), seen, held));
        }
        for (node, text) in &expectation.pending {
            let pods = self.pods_on(ds, node);
            let reason = pods.first().filter(|p| node_name(p).is_none()).and_then(|p| {
                p.status.as_ref()?.conditions.as_ref()?.iter().find(|c| c.type_ == "PodScheduled")?.message.clone()
            });
            let key = GoalKey::Pending(node.clone());
            lines.push(match reason {
                Some(message) => {
                    let held = message.contains(text.as_str());
                    line(key, LineValue::Quoted(text.clone()), LineValue::Quoted(message), held)
                }
                None => line(key, LineValue::UnscheduledPod(text.clone()), LineValue::NoUnscheduledPod, false),
            });
        }
        if let Some(rollout) = &expectation.rollout {
            let record = self.rollouts.record(ds_key).cloned().unwrap_or_default();
            let checks = [
                (RolloutField::MaxUnavailableSeen, rollout.max_unavailable_seen, record.max_unavailable_seen),
                (RolloutField::MaxPodsPerNodeSeen, rollout.max_pods_per_node_seen, record.max_pods_per_node_seen),
                (RolloutField::MaxSurgeSeen, rollout.max_surge_seen, record.max_surge_seen),
            ];
            for (field, expected, actual) in checks {
                if let Some(expected) = expected {
                    lines.push(line(GoalKey::Rollout(field), number(expected.into()), number(actual.into()), expected == actual));
                }
            }
            if let Some(expected) = rollout.complete {
                let actual = matches!(rollout_status(ds), Ok((_, true)));
                lines.push(line(GoalKey::Rollout(RolloutField::Complete), LineValue::Flag(expected), LineValue::Flag(actual), actual == expected));
            }
        }
    }
}
