//! A task's constraints, checked against every frame of an attempt since its start:
//! how many nodes were without an available daemon pod, which commands changed the
//! cluster, what the learner edited in the file.

use super::grade::{Constraint, ConstraintSeen, ConstraintState, EditedPart, State};
use crate::api::name_of;
use crate::kubectl::command::{parse_command, Command, Kubectl};
use crate::scenario::{CommandKind, ManifestObject, Scenario, Task};
use crate::simulation::{Marker, RolloutWatch, Simulation};

pub(super) fn check(exercise: &Scenario, task: &Task, attempt: &Simulation, start: usize) -> Vec<ConstraintState> {
    let c = &task.constraints;
    let mut states = Vec::new();
    if c.max_unavailable.is_some() || c.min_available.is_some() {
        let (worst_unavailable, fewest_available) = availability(task, attempt, start);
        if let Some(max) = c.max_unavailable {
            let broken = worst_unavailable.iter().find(|(_, n)| *n > max).map(|(frame, _)| *frame);
            let worst = worst_unavailable.iter().map(|(_, n)| *n).max();
            states.push(counted(Constraint::MaxUnavailable(max), worst, broken));
        }
        if let Some(min) = c.min_available {
            let broken = fewest_available.iter().find(|(_, n)| *n < min).map(|(frame, _)| *frame);
            let fewest = fewest_available.iter().map(|(_, n)| *n).min();
            states.push(counted(Constraint::MinAvailable(min), fewest, broken));
        }
    }
    let commands = commands_since(attempt, start);
    for kind in &c.forbidden_commands {
        let found = commands.iter().find(|(_, _, command)| CommandKind::of(command) == *kind);
        states.push(by_command(Constraint::ForbiddenCommand(*kind), found));
    }
    if c.only_daemonset_changes {
        let state = match edited_part(exercise, attempt.scenario()) {
            Some(part) => ConstraintState {
                constraint: Constraint::OnlyDaemonSetChanges,
                state: State::Broken,
                seen: ConstraintSeen::Edited(part),
                broken_at: Some(0),
            },
            None => {
                let found = commands.iter().find(|(_, _, command)| !changes_only_daemonsets(attempt.scenario(), command));
                by_command(Constraint::OnlyDaemonSetChanges, found)
            }
        };
        states.push(state);
    }
    states
}

fn counted(constraint: Constraint, seen: Option<u32>, broken_at: Option<usize>) -> ConstraintState {
    let state = if broken_at.is_some() { State::Broken } else { State::Held };
    ConstraintState { constraint, state, seen: ConstraintSeen::Count(seen), broken_at }
}

fn by_command(constraint: Constraint, found: Option<&(usize, String, Command)>) -> ConstraintState {
    match found {
        Some((frame, text, _)) => {
            ConstraintState { constraint, state: State::Broken, seen: ConstraintSeen::Command(text.clone()), broken_at: Some(*frame) }
        }
        None => ConstraintState { constraint, state: State::Held, seen: ConstraintSeen::Nothing, broken_at: None },
    }
}

/// Per frame since `start`: desired nodes without an available daemon pod, and with
/// one, summed over the goal's DaemonSet (every DaemonSet when the goal names none).
/// Counted from pods by the same watch as an `expect`'s rollout maxima.
fn availability(task: &Task, attempt: &Simulation, start: usize) -> (Vec<(usize, u32)>, Vec<(usize, u32)>) {
    let wanted = task.goal.daemonset.as_deref();
    let mut watch = RolloutWatch::default();
    let mut watched: Vec<String> = Vec::new();
    let (mut unavailable, mut available) = (Vec::new(), Vec::new());
    for (index, frame) in attempt.frames().iter().enumerate().skip(start) {
        for key in frame.state.daemonsets.keys() {
            if wanted.is_none_or(|name| name_of(key) == name) && !watched.contains(key) {
                watch.template_changed(key);
                watched.push(key.clone());
            }
        }
        watch.observe(&frame.state, frame.time_ms);
        let counts: Vec<_> = watched.iter().filter_map(|key| watch.current(key)).collect();
        if !counts.is_empty() {
            unavailable.push((index, counts.iter().map(|c| c.unavailable).sum()));
            available.push((index, counts.iter().map(|c| c.available()).sum()));
        }
    }
    (unavailable, available)
}

/// The console commands that changed the cluster since `start`: their frame, text and
/// parsed command. (One that changed nothing left no frame, and counts for nothing.)
fn commands_since(attempt: &Simulation, start: usize) -> Vec<(usize, String, Command)> {
    let frames = attempt.frames().iter().enumerate().skip(start + 1);
    let marked = frames.flat_map(|(i, f)| f.markers.iter().map(move |m| (i, m)));
    marked
        .filter_map(|(i, marker)| match marker {
            Marker::Command(text) => parse_command(text).ok().map(|command| (i, text.clone(), command)),
            _ => None,
        })
        .collect()
}

fn changes_only_daemonsets(scenario: &Scenario, command: &Command) -> bool {
    match command {
        Command::Kubectl(Kubectl::Apply { name, .. }) => {
            scenario.manifest_to_apply(name).is_some_and(|m| matches!(m.object, ManifestObject::DaemonSet(_)))
        }
        other => CommandKind::of(other).changes_only_daemonsets(),
    }
}

/// The first part of `attempt` besides its DaemonSets that differs from `exercise`.
fn edited_part(exercise: &Scenario, attempt: &Scenario) -> Option<EditedPart> {
    if exercise.node_pools != attempt.node_pools {
        return Some(EditedPart::NodePools);
    }
    if exercise.timing != attempt.timing {
        return Some(EditedPart::Timing);
    }
    let actions = |s: &Scenario| s.steps.iter().map(|step| step.action.clone()).collect::<Vec<_>>();
    if actions(exercise) != actions(attempt) {
        return Some(EditedPart::Steps);
    }
    let others = |s: &Scenario| {
        let kept = s.manifests.iter().filter(|m| !matches!(m.object, ManifestObject::DaemonSet(_)));
        kept.map(|m| (m.object.kind().to_owned(), m.name.clone(), m.apply_later, m.object.clone())).collect::<Vec<_>>()
    };
    let (before, after) = (others(exercise), others(attempt));
    let differs = |a: &[(String, String, bool, ManifestObject)], b: &[(String, String, bool, ManifestObject)]| {
        a.iter().find(|m| !b.contains(m)).map(|(kind, name, _, _)| EditedPart::Manifest { kind: kind.clone(), name: name.clone() })
    };
    differs(&before, &after).or_else(|| differs(&after, &before))
}
