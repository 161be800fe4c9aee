//! The timeline's chips: one per scenario step, then one per console command or Apply
//! that ran after the steps, each a jump to the frame where it ended. A chip says what
//! went wrong in it (a rejected command, an expectation that did not hold) and where it
//! stopped at a bound with work left undone.

use std::rc::Rc;

use dsplay_engine::simulation::{Bound, PlaygroundNote, StepOutcome};
use yew::prelude::*;

use crate::i18n::{Lang, Strings};
use crate::session::Session;

/// Where a chip's outcome is kept: among the scenario's steps or the console's entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChipOf {
    Step(usize),
    /// A console command or a command of an Apply, typed after the steps.
    Typed(usize),
}

/// One chip: whose outcome, and the frames it made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chip {
    pub of: ChipOf,
    pub first_frame: usize,
    pub last_frame: usize,
}

/// The chips of `session`: its steps, then the console's commands that changed the
/// cluster or its clock (a question asked in the console is answered there, at the
/// frame shown, and is no place on the timeline).
pub fn chips_of(session: &Session) -> Vec<Chip> {
    let steps = session.steps();
    let steps = steps.iter().enumerate().map(|(index, step)| Chip {
        of: ChipOf::Step(index),
        first_frame: step.first_frame,
        last_frame: step.last_frame,
    });
    let console = session.console();
    let typed = console.iter().enumerate().filter(|(_, entry)| !is_query(entry)).map(|(index, entry)| Chip {
        of: ChipOf::Typed(index),
        first_frame: entry.first_frame,
        last_frame: entry.last_frame,
    });
    steps.chain(typed).collect()
}

/// What `derive` makes of the session, worked out again only when the session grows
/// (a step played, a console command run), not at every frame of playback.
#[hook]
pub fn use_session_memo<T: Default + 'static>(session: Option<Rc<Session>>, derive: fn(&Session) -> T) -> Rc<T> {
    let identity = session.as_ref().map(|s| (Rc::as_ptr(s) as usize, s.revision()));
    use_memo(identity, move |_| session.map(|s| derive(&s)).unwrap_or_default())
}

/// Where the cursor stands among the chips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChipPlace {
    BeforeFirst,
    /// At the last chip begun by the cursor's frame (where an `expect` meets its
    /// `settle` at one frame, the `expect`, so one chip at a time is current).
    At(usize),
    /// Past the last chip's frames.
    Past,
}

pub fn place_of(chips: &[Chip], cursor: usize) -> Option<ChipPlace> {
    let end = chips.iter().map(|chip| chip.last_frame).max()?;
    Some(match chips.iter().rposition(|chip| chip.first_frame <= cursor) {
        None => ChipPlace::BeforeFirst,
        Some(_) if cursor > end => ChipPlace::Past,
        Some(index) => ChipPlace::At(index),
    })
}

/// At most this many chips are drawn, around the current one: a link of 20,000 steps
/// would otherwise build some 160,000 elements in one task and freeze the page.
pub const CHIP_WINDOW: usize = 200;

/// The chips drawn: all of them, or a window of [`CHIP_WINDOW`] around the one the
/// cursor stands at (the first ones before it, the last ones past them).
pub fn chip_window(count: usize, place: Option<ChipPlace>) -> std::ops::Range<usize> {
    if count <= CHIP_WINDOW {
        return 0..count;
    }
    let center = match place {
        Some(ChipPlace::At(index)) => index,
        Some(ChipPlace::Past) => count,
        Some(ChipPlace::BeforeFirst) | None => 0,
    };
    let start = center.saturating_sub(CHIP_WINDOW / 2).min(count - CHIP_WINDOW);
    start..start + CHIP_WINDOW
}

/// What a command that stopped at a bound left undone, in `lang`.
pub fn bound_text(bound: &Bound, lang: Lang) -> String {
    match bound {
        Bound::Churned(churn) => crate::i18n::console_text::note(&PlaygroundNote::Churned(churn.clone()), lang),
        Bound::HourPassed => crate::i18n::console_text::still_changing(lang).to_owned(),
        Bound::Stopped => lang.strings().stopped_by_you.to_owned(),
    }
}

/// The chips of `window`, `current` marked, each seeking to its last frame on a click.
pub fn chip_items(session: &Session, chips: &[Chip], window: std::ops::Range<usize>, current: Option<usize>, lang: Lang, seek: &Callback<usize>) -> Html {
    let strings = lang.strings();
    let console = session.console();
    html! {
        { for chips.iter().enumerate().skip(window.start).take(window.len()).map(|(index, chip)| {
            let outcome = match chip.of {
                ChipOf::Step(step) => &session.steps()[step],
                ChipOf::Typed(entry) => &console[entry],
            };
            chip_item(outcome, chip, Some(index) == current, lang, strings, seek)
        }) }
    }
}

fn chip_item(outcome: &StepOutcome, chip: &Chip, current: bool, lang: Lang, strings: &Strings, seek: &Callback<usize>) -> Html {
    let target = chip.last_frame;
    let onclick = seek.reform(move |_: MouseEvent| target);
    // A rejected command or an expect that did not hold is marked here; what went wrong
    // is told below the timeline (StepOutput), where it does not push the later chips
    // out of sight, and in the chip's title.
    let mut problems = problems_of(outcome, strings);
    let stopped = outcome.bound.is_some();
    if let Some(bound) = &outcome.bound {
        problems.push(bound_text(bound, lang));
    }
    let typed = matches!(chip.of, ChipOf::Typed(_));
    let is_expect = outcome.is_expect;
    let mut title = if typed { format!("{}\n{}", outcome.command, strings.typed_chip) } else { outcome.command.clone() };
    for problem in &problems {
        title.push('\n');
        title.push_str(problem);
    }
    let classes = classes!(
        typed.then_some("is-typed"),
        current.then_some("is-current"),
        (!problems.is_empty() && !stopped).then_some("is-failed"),
        stopped.then_some("is-stopped"),
    );
    html! {
        <li class={classes}>
            <button type="button" class="step" {onclick} {title} aria-current={if current { "step" } else { "false" }}>
                <code>{ &outcome.command }</code>
                if stopped {
                    <span class="badge badge-warn">{ strings.step_stopped }</span>
                } else if !problems.is_empty() {
                    <span class="badge badge-bad">{ strings.step_failed }</span>
                } else if is_expect {
                    <span class="badge badge-ok">{ strings.expect_held }</span>
                }
            </button>
        </li>
    }
}

/// What went wrong in a step or command: a rejected command's error, or each
/// expectation that did not hold.
fn problems_of(outcome: &StepOutcome, strings: &Strings) -> Vec<String> {
    let failures = outcome.failures.iter().map(|f| (strings.expectation_failed)(&f.field, &f.expected, &f.actual));
    outcome.error.iter().cloned().chain(failures).collect()
}

pub fn is_query(outcome: &StepOutcome) -> bool {
    outcome.parsed.as_ref().is_some_and(|command| command.is_query())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::RunOn;

    const SCENARIO: &str = "apiVersion: dsplay/v1
kind: Scenario
metadata: {name: chips}
spec:
  nodePools: [{name: node, count: 2}]
  steps:
  - settle
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: \"example/agent:1.0\"}]
";

    #[test]
    fn console_commands_and_applies_get_chips_after_the_steps_and_questions_do_not() {
        let session = Session::load(SCENARIO).unwrap_or_else(|e| panic!("{e}"));
        session.execute("kubectl get pods", RunOn::UntilQuiet);
        session.execute("kubectl cordon node-1", RunOn::UntilQuiet);
        let _ = session.apply_edit(&SCENARIO.replace("agent:1.0", "agent:2.0"));
        let chips = chips_of(&session);
        let commands: Vec<String> = chips
            .iter()
            .map(|chip| match chip.of {
                ChipOf::Step(index) => session.steps()[index].command.clone(),
                ChipOf::Typed(index) => session.console()[index].command.clone(),
            })
            .collect();
        assert_eq!(commands, ["settle", "kubectl cordon node-1", "kubectl apply -f agent", "settle"]);
        assert!(chips.iter().skip(1).all(|chip| matches!(chip.of, ChipOf::Typed(_))));
        // The cursor on the Apply's frames makes its chip the current one.
        let apply = chips[2];
        assert_eq!(place_of(&chips, apply.first_frame), Some(ChipPlace::At(2)));
        assert_eq!(place_of(&chips, chips[0].first_frame), Some(ChipPlace::At(0)));
    }

    #[test]
    fn a_long_list_draws_a_window_around_the_current_chip() {
        assert_eq!(chip_window(12, Some(ChipPlace::At(5))), 0..12);
        assert_eq!(chip_window(20_000, Some(ChipPlace::BeforeFirst)), 0..CHIP_WINDOW);
        assert_eq!(chip_window(20_000, Some(ChipPlace::At(50))), 0..CHIP_WINDOW);
        assert_eq!(chip_window(20_000, Some(ChipPlace::At(10_000))), 9_900..10_100);
        assert_eq!(chip_window(20_000, Some(ChipPlace::At(19_999))), 19_800..20_000);
        assert_eq!(chip_window(20_000, Some(ChipPlace::Past)), 19_800..20_000);
    }
}
