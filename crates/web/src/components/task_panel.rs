//! An exercise's panel: the task, each goal line and constraint with its live state as
//! the engine grades the session (after every Apply and console command), the moment it
//! is done, hints one at a time, the solution on request, and the course around it.

use std::rc::Rc;

use dsplay_engine::exercise::{ConstraintState, Evaluation, GoalLineState, State};
use dsplay_engine::scenario::{Scenario, Solution};
use yew::prelude::*;

use crate::course::{self, Progress};
use crate::i18n::task_text::{constraint_line, goal_line, state_name, TaskStrings};
use crate::i18n::Lang;
use crate::markdown::render;
use crate::state::{Action, Playground};

#[function_component(TaskPanel)]
pub fn task_panel() -> Html {
    let playground = use_context::<Playground>();
    let origin = playground.as_ref().map_or("", |p| p.origin);
    let (exercise, evaluation) = use_graded_exercise(playground.as_ref());
    let number = course::number_of(origin);
    let (hints_shown, solution_open) = use_hidden_help(origin);
    let progress = use_progress(evaluation.as_ref().as_ref().is_some_and(|e| e.done), number);
    let (Some(playground), Some(exercise), Some(evaluation)) = (playground, (*exercise).clone(), (*evaluation).clone()) else {
        return Html::default();
    };
    let Some(task) = exercise.task.as_ref() else { return Html::default() };
    let lang = playground.lang;
    let text = lang.task();
    let statement = match lang {
        Lang::En => &task.statement.en,
        Lang::ZhHans => &task.statement.zh,
    };
    let seek = {
        let playground = playground.clone();
        Callback::from(move |frame: usize| playground.dispatch(Action::Seek(frame)))
    };
    let show_hint = {
        let hints_shown = hints_shown.clone();
        let count = task.hints.len();
        Callback::from(move |_: MouseEvent| hints_shown.set((*hints_shown + 1).min(count)))
    };
    let toggle_solution = {
        let solution_open = solution_open.clone();
        Callback::from(move |_: MouseEvent| solution_open.set(!*solution_open))
    };
    let start_again = {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(Action::Reset))
    };
    html! {
        <section class={classes!("task-panel", evaluation.done.then_some("is-done"))} aria-labelledby="task-heading" data-done={evaluation.done.to_string()}>
            <h2 id="task-heading">{ number.map(|n| (text.number)(n, course::exercises().count())).unwrap_or_else(|| text.task_heading.to_owned()) }</h2>
            <div class="task-statement">{ render(statement) }</div>
            <h3>{ text.goal_heading }</h3>
            <ul class="task-goal">
                { for evaluation.goal.iter().map(|line| goal_item(line, lang)) }
            </ul>
            if !evaluation.constraints.is_empty() {
                <h3>{ text.constraints_heading }</h3>
                <ul class="task-constraints">
                    { for evaluation.constraints.iter().map(|constraint| constraint_item(constraint, lang, text, &seek)) }
                </ul>
            }
            <p class="task-verdict" role="status">{ if evaluation.done { text.done } else { text.not_done } }</p>
            if *hints_shown > 0 {
                <ol class="task-hints">
                    { for task.hints.iter().take(*hints_shown).enumerate().map(|(index, hint)| html! {
                        <li aria-label={(text.hint)(index + 1)}>{ render(if lang == Lang::En { &hint.en } else { &hint.zh }) }</li>
                    }) }
                </ol>
            }
            <div class="task-actions">
                if *hints_shown < task.hints.len() {
                    <button type="button" class="btn" data-action="hint" onclick={show_hint}>{ (text.show_hint)(*hints_shown + 1, task.hints.len()) }</button>
                }
                <button type="button" class="btn" data-action="solution" aria-expanded={solution_open.to_string()} onclick={toggle_solution}>
                    { if *solution_open { text.hide_solution } else { text.show_solution } }
                </button>
                <button type="button" class="btn" data-action="start-again" onclick={start_again}>{ text.start_again }</button>
            </div>
            if *solution_open {
                { solution(&task.solution, text) }
            }
            { course_nav(&playground, number, &progress, text) }
        </section>
    }
}

/// The exercise the work is graded against, and the session's grade. Graded against
/// the exercise as shipped, when the work began from one; else against the task the
/// running scenario carries (a link to edited work).
#[hook]
fn use_graded_exercise(playground: Option<&Playground>) -> (Rc<Option<Rc<Scenario>>>, Rc<Option<Evaluation>>) {
    let origin = playground.map_or("", |p| p.origin);
    let applied = playground.map(|p| p.applied_text.clone()).unwrap_or_default();
    let exercise = use_memo((origin.as_ptr() as usize, applied.clone()), move |_| {
        course::task_scenario(origin).or_else(|| course::task_scenario(&applied)).map(Rc::new)
    });
    let session = playground.and_then(|p| p.session.clone());
    let identity = session.as_ref().map(|s| (Rc::as_ptr(s) as usize, s.revision()));
    let evaluation = {
        let (session, exercise) = (session.clone(), (*exercise).clone());
        use_memo(identity, move |_| session.zip(exercise).and_then(|(session, exercise)| session.evaluate(&exercise)))
    };
    (exercise, evaluation)
}

/// How many hints are shown, and whether the solution is: another exercise starts
/// with both hidden.
#[hook]
fn use_hidden_help(origin: &'static str) -> (UseStateHandle<usize>, UseStateHandle<bool>) {
    let hints_shown = use_state(|| 0usize);
    let solution_open = use_state(|| false);
    {
        let (hints_shown, solution_open) = (hints_shown.clone(), solution_open.clone());
        use_effect_with(origin.as_ptr() as usize, move |_| {
            hints_shown.set(0);
            solution_open.set(false);
        });
    }
    (hints_shown, solution_open)
}

/// The course's progress, saved with exercise `number` once it is done.
#[hook]
fn use_progress(done: bool, number: Option<usize>) -> UseStateHandle<Progress> {
    let progress = use_state(Progress::load);
    {
        let progress = progress.clone();
        use_effect_with((done, number), move |&(done, number)| {
            if let (true, Some(number)) = (done, number) {
                progress.set(Progress::merge_and_save(&Progress([number].into())));
            }
        });
    }
    progress
}

fn mark(state: State) -> &'static str {
    match state {
        State::Held => "✓",
        State::NotYet => "○",
        State::Broken => "✗",
    }
}

fn goal_item(line: &GoalLineState, lang: Lang) -> Html {
    html! {
        <li data-state={state_name(line.state)}>
            <span class="task-mark" aria-hidden="true">{ mark(line.state) }</span>
            <code>{ goal_line(line, lang) }</code>
        </li>
    }
}

fn constraint_item(constraint: &ConstraintState, lang: Lang, text: &TaskStrings, seek: &Callback<usize>) -> Html {
    let broken_at = constraint.broken_at.filter(|_| constraint.state == State::Broken);
    html! {
        <li data-state={state_name(constraint.state)}>
            <span class="task-mark" aria-hidden="true">{ mark(constraint.state) }</span>
            <span>{ constraint_line(constraint, lang) }</span>
            if let Some(frame) = broken_at {
                { " " }
                <button type="button" class="btn" data-action="see-frame" onclick={seek.reform(move |_: MouseEvent| frame)}>{ (text.see_frame)(frame) }</button>
            }
        </li>
    }
}

fn solution(solution: &Solution, text: &TaskStrings) -> Html {
    html! {
        <div class="task-solution">
            if let Some(manifest) = &solution.manifest {
                <p>{ text.solution_manifest }</p>
                <pre lang="en"><code>{ manifest }</code></pre>
            }
            if !solution.steps.is_empty() {
                <p>{ text.solution_steps }</p>
                <pre lang="en"><code>{ solution.steps.iter().map(|step| format!("$ {step}")).collect::<Vec<_>>().join("\n") }</code></pre>
            }
        </div>
    }
}

/// Previous and next exercise, and how many are done.
fn course_nav(playground: &Playground, number: Option<usize>, progress: &Progress, text: &TaskStrings) -> Html {
    let Some(number) = number else { return Html::default() };
    let count = course::exercises().count();
    let go = |target: Option<usize>| {
        let entry = target.and_then(course::exercise);
        let playground = playground.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            if let Some(entry) = entry {
                playground.dispatch(Action::LoadText(entry.text.to_owned()));
            }
        });
        (entry.is_none(), onclick)
    };
    let (no_previous, previous) = go(number.checked_sub(1));
    let (no_next, next) = go(Some(number + 1));
    html! {
        <nav class="task-course" aria-label={(text.number)(number, count)}>
            <button type="button" class="btn" disabled={no_previous} onclick={previous}>{ text.previous }</button>
            <span class="task-progress" data-done={progress.to_param()}>{ (text.progress)(progress.0.len(), count) }</span>
            <button type="button" class="btn" disabled={no_next} onclick={next}>{ text.next }</button>
        </nav>
    }
}
