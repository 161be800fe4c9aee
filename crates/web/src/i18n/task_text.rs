//! The exercise panel's words. Goal keys and values are the scenario format's own
//! (`podsPerNode.node-02: 1`) in every language; the sentences around them, the
//! constraints and what broke them, are said in the page's language from the values.

use dsplay_engine::exercise::{Constraint, ConstraintSeen, ConstraintState, EditedPart, GoalLineState, State};

use super::Lang;

pub struct TaskStrings {
    /// "Exercise 6 of 12".
    pub number: fn(usize, usize) -> String,
    pub task_heading: &'static str,
    pub goal_heading: &'static str,
    pub constraints_heading: &'static str,
    pub done: &'static str,
    pub not_done: &'static str,
    /// "Show a hint (1 of 3)".
    pub show_hint: fn(usize, usize) -> String,
    pub hint: fn(usize) -> String,
    pub show_solution: &'static str,
    pub hide_solution: &'static str,
    pub solution_manifest: &'static str,
    pub solution_steps: &'static str,
    pub start_again: &'static str,
    /// "3 of 12 exercises done".
    pub progress: fn(usize, usize) -> String,
    pub previous: &'static str,
    pub next: &'static str,
    /// "see frame 18" on a broken constraint: a jump to where it broke.
    pub see_frame: fn(usize) -> String,
}

static EN: TaskStrings = TaskStrings {
    number: |n, of| format!("Exercise {n} of {of}"),
    task_heading: "Your task",
    goal_heading: "Goal (checked after every Apply and command)",
    constraints_heading: "On the way",
    done: "✓ Done: every goal line holds and no rule was broken.",
    not_done: "Not done yet.",
    show_hint: |n, of| format!("Show a hint ({n} of {of})"),
    hint: |n| format!("Hint {n}"),
    show_solution: "Show the solution",
    hide_solution: "Hide the solution",
    solution_manifest: "The DaemonSet, edited:",
    solution_steps: "Then in the console:",
    start_again: "Start the exercise again",
    progress: |done, of| format!("{done} of {of} exercises done"),
    previous: "Previous exercise",
    next: "Next exercise",
    see_frame: |frame| format!("see frame {}", frame + 1),
};

static ZH_HANS: TaskStrings = TaskStrings {
    number: |n, of| format!("练习 {n} / {of}"),
    task_heading: "你的任务",
    goal_heading: "目标（每次应用和执行命令后检查）",
    constraints_heading: "过程要求",
    done: "✓ 完成：所有目标均已达成，且没有违反任何要求。",
    not_done: "尚未完成。",
    show_hint: |n, of| format!("显示提示（{n} / {of}）"),
    hint: |n| format!("提示 {n}"),
    show_solution: "显示参考答案",
    hide_solution: "隐藏参考答案",
    solution_manifest: "修改后的 DaemonSet：",
    solution_steps: "然后在控制台中执行：",
    start_again: "重新开始本练习",
    progress: |done, of| format!("已完成 {done} / {of} 个练习"),
    previous: "上一个练习",
    next: "下一个练习",
    see_frame: |frame| format!("见第 {} 帧", frame + 1),
};

impl Lang {
    pub fn task(self) -> &'static TaskStrings {
        match self {
            Lang::En => &EN,
            Lang::ZhHans => &ZH_HANS,
        }
    }
}

/// `data-state` of a line: `held`, `not-yet` or `broken`.
pub fn state_name(state: State) -> &'static str {
    match state {
        State::Held => "held",
        State::NotYet => "not-yet",
        State::Broken => "broken",
    }
}

/// A goal line: `podsPerNode.cp-01: 1`, and what is seen while it does not hold.
pub fn goal_line(line: &GoalLineState, lang: Lang) -> String {
    let checked = &line.line;
    match (line.state, lang) {
        (State::Held, _) => format!("{}: {}", checked.key, checked.wanted),
        (_, Lang::En) => format!("{}: {} wanted, {} seen", checked.key, checked.wanted, checked.seen),
        (_, Lang::ZhHans) => format!("{}：期望 {}，实际 {}", checked.key, checked.wanted, checked.seen),
    }
}

/// A constraint, and what was seen against it; frames numbered as the frame counter
/// shows them (from 1).
pub fn constraint_line(state: &ConstraintState, lang: Lang) -> String {
    let en = lang == Lang::En;
    let rule = match (&state.constraint, en) {
        (constraint, true) => constraint.to_string(),
        (Constraint::MaxUnavailable(n), false) => format!("任何时刻最多 {n} 个节点没有可用的 DaemonSet Pod"),
        (Constraint::MinAvailable(n), false) => format!("任何时刻至少 {n} 个节点有可用的 DaemonSet Pod"),
        (Constraint::ForbiddenCommand(kind), false) => format!("不使用 `{kind}`"),
        (Constraint::OnlyDaemonSetChanges, false) => "只修改 DaemonSet".to_owned(),
    };
    let seen = match (&state.seen, en) {
        (seen, true) => seen.to_string(),
        (ConstraintSeen::Count(Some(n)), false) => n.to_string(),
        (ConstraintSeen::Count(None), false) => "尚无 DaemonSet".to_owned(),
        (ConstraintSeen::Command(text), false) => format!("`{text}`"),
        (ConstraintSeen::Edited(EditedPart::NodePools), false) => "修改了节点池".to_owned(),
        (ConstraintSeen::Edited(EditedPart::Timing), false) => "修改了时间设置".to_owned(),
        (ConstraintSeen::Edited(EditedPart::Steps), false) => "修改了步骤".to_owned(),
        (ConstraintSeen::Edited(EditedPart::Manifest { kind, name }), false) => format!("修改了 {kind} \"{name}\""),
        (ConstraintSeen::Nothing, false) => String::new(),
    };
    let extreme = match (state.constraint, en) {
        (Constraint::MaxUnavailable(_), true) => "most seen: ",
        (Constraint::MinAvailable(_), true) => "fewest seen: ",
        (_, true) => "seen: ",
        (Constraint::MaxUnavailable(_), false) => "最多时 ",
        (Constraint::MinAvailable(_), false) => "最少时 ",
        (_, false) => "",
    };
    match (state.broken_at, &state.seen, en) {
        (Some(frame), ConstraintSeen::Count(_), true) => format!("{rule}: broken at frame {} ({seen} seen)", frame + 1),
        (Some(frame), _, true) => format!("{rule}: broken at frame {} by {seen}", frame + 1),
        (Some(frame), ConstraintSeen::Count(_), false) => format!("{rule}：在第 {} 帧被违反（{seen}）", frame + 1),
        (Some(frame), _, false) => format!("{rule}：在第 {} 帧被 {seen} 违反", frame + 1),
        (None, ConstraintSeen::Nothing, _) => rule,
        (None, _, true) => format!("{rule} ({extreme}{seen})"),
        (None, _, false) => format!("{rule}（{extreme}{seen}）"),
    }
}
