//! Goal evaluation over timelines: held at the end, not yet, broken midway by a
//! constraint (the rollout maximum, a forbidden command, an edit besides the DaemonSet).

use super::*;
use crate::scenario::CommandKind;
use crate::test_fixtures::AGENT_SCENARIO;

/// Four nodes; the task: roll agent out to busybox:1.37 with at most one node without
/// an available pod, and no `kubectl delete pod`.
fn exercise(max_unavailable: u32) -> String {
    let task = format!(
        "  task:
    statement: {{en: Roll out busybox 1.37., zh: 滚动更新到 busybox 1.37。}}
    goal:
      status: {{numberAvailable: 4}}
      generation: {{node-01: 2, node-04: 2}}
      rollout: {{complete: true}}
    constraints:
      maxUnavailable: {max_unavailable}
      forbiddenCommands: [kubectl delete pod]
      onlyDaemonSetChanges: true
    solution:
      steps: ['kubectl set image ds/agent agent=busybox:1.37']
"
    );
    AGENT_SCENARIO.replace("count: 3}", "count: 4}").replace("  - settle\n", &format!("  - settle\n{task}"))
}

fn attempt(text: &str, lines: &[&str]) -> (Scenario, Evaluation) {
    let (mut simulation, start) = start(text).unwrap_or_else(|e| panic!("{e}"));
    for line in lines {
        assert_eq!(simulation.execute_interactively(line).error, None, "{line}");
    }
    let exercise = simulation.scenario().clone();
    let evaluation = evaluate(&exercise, &simulation, start).unwrap_or_else(|| panic!("a task"));
    (exercise, evaluation)
}

fn states(evaluation: &Evaluation) -> Vec<(String, State)> {
    evaluation.goal.iter().map(|l| (l.line.key.to_string(), l.state)).collect()
}

#[test]
fn nothing_done_yet_is_not_yet_with_the_value_seen() {
    let (_, evaluation) = attempt(&exercise(1), &[]);
    assert!(!evaluation.done);
    let updated = evaluation.goal.iter().find(|l| l.line.key == crate::simulation::GoalKey::Generation("node-04".into()));
    let updated = updated.unwrap_or_else(|| panic!("{evaluation}"));
    assert_eq!((updated.state, &updated.line.seen), (State::NotYet, &crate::simulation::LineValue::Word("1".into())), "{evaluation}");
    assert!(evaluation.constraints.iter().all(|c| c.state == State::Held), "{evaluation}");
}

#[test]
fn a_rollout_within_the_budget_holds_at_the_end() {
    let (_, evaluation) = attempt(&exercise(1), &["kubectl set image ds/agent agent=busybox:1.37"]);
    assert!(evaluation.done, "{evaluation}");
    let max = &evaluation.constraints[0];
    assert_eq!((max.constraint, max.state, &max.seen), (Constraint::MaxUnavailable(1), State::Held, &ConstraintSeen::Count(Some(1))));
    assert_eq!(states(&evaluation).len(), 4);
}

#[test]
fn a_rollout_over_the_maximum_breaks_the_constraint_midway_though_the_goal_holds() {
    let text = exercise(1).replace("  template:\n", "  updateStrategy:\n    rollingUpdate: {maxUnavailable: 2}\n  template:\n");
    let (_, evaluation) = attempt(&text, &["kubectl set image ds/agent agent=busybox:1.37"]);
    assert!(states(&evaluation).iter().all(|(_, s)| *s == State::Held), "the goal holds: {evaluation}");
    let max = &evaluation.constraints[0];
    assert_eq!((max.state, &max.seen), (State::Broken, &ConstraintSeen::Count(Some(2))), "{evaluation}");
    assert!(max.broken_at.is_some_and(|frame| frame > 0), "{evaluation}");
    assert!(!evaluation.done);
}

#[test]
fn a_forbidden_command_breaks_at_its_frame_and_stays_broken() {
    let lines = ["kubectl delete pod @node-01", "kubectl set image ds/agent agent=busybox:1.37"];
    let (_, evaluation) = attempt(&exercise(4), &lines);
    let forbidden = &evaluation.constraints[1];
    assert_eq!(forbidden.constraint, Constraint::ForbiddenCommand(CommandKind::DeletePod));
    assert_eq!((forbidden.state, &forbidden.seen), (State::Broken, &ConstraintSeen::Command(lines[0].into())));
    assert!(!evaluation.done, "{evaluation}");
}

#[test]
fn a_node_command_or_an_edit_of_a_pool_breaks_only_the_daemonset_may_change() {
    let (_, evaluation) = attempt(&exercise(4), &["kubectl cordon node-01", "kubectl set image ds/agent agent=busybox:1.37"]);
    assert_eq!(evaluation.constraints[2].state, State::Broken, "{evaluation}");
    let original = crate::scenario::parse_scenario(&exercise(4)).unwrap_or_else(|e| panic!("{e}"));
    let edited = exercise(4).replace("count: 4}", "count: 5}");
    let (mut simulation, start) = super::start(&edited).unwrap_or_else(|e| panic!("{e}"));
    simulation.execute_interactively("kubectl set image ds/agent agent=busybox:1.37");
    let evaluation = evaluate(&original, &simulation, start).unwrap_or_else(|| panic!("a task"));
    let only = &evaluation.constraints[2];
    assert_eq!((only.state, &only.seen, only.broken_at), (State::Broken, &ConstraintSeen::Edited(EditedPart::NodePools), Some(0)));
}

#[test]
fn a_task_is_parsed_with_its_errors_located() {
    let text = exercise(1).replace("[kubectl delete pod]", "[kubectl remove pod]");
    let error = crate::scenario::parse_scenario(&text).err().unwrap_or_else(|| panic!("an unknown command kind"));
    assert_eq!(error.path.as_deref(), Some("spec.task.constraints.forbiddenCommands[0]"), "{error}");
    assert_eq!(error.line, crate::test_fixtures::line_of(&text, "kubectl remove pod"), "{error}");
    let text = exercise(1).replace("zh: 滚动更新到 busybox 1.37。", "zh: ''");
    let error = crate::scenario::parse_scenario(&text).err().unwrap_or_else(|| panic!("no Chinese statement"));
    assert_eq!(error.path.as_deref(), Some("spec.task.statement.zh"), "{error}");
}
