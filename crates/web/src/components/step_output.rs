//! What the latest step up to the cursor printed (kubectl's tables, `rollout status`,
//! an error), in the console's terminal style and numbered as its step, so stepping
//! through a scenario shows it. It stays until a later step prints, so it can be read
//! while the rollout plays on; a console command or an Apply that changed the cluster
//! after the steps takes its place from its frame on. It stands below the timeline, in
//! a box of one height, so neither the timeline nor what follows moves as playback
//! passes a step. The clock commands are left out: "settled at 18s" under a frame at
//! 6.4s would only confuse; so are questions asked in the console, answered there.

use dsplay_engine::simulation::StepOutcome;
use yew::prelude::*;

use super::console::{has_printed, printed};
use super::step_chips::{is_query, use_session_memo};
use crate::session::Session;
use crate::state::Playground;
use crate::view_model::timeline::{step_output_at, Candidate, StepOutputAt};

#[function_component(StepOutput)]
pub fn step_output() -> Html {
    let playground = use_context::<Playground>();
    // Which outcomes are worth the box is worked out once per session and console
    // length, not at every frame of playback (it parses every command).
    let candidates = use_session_memo(playground.as_ref().and_then(|p| p.session.clone()), worth_showing);
    let Some((session, playground)) = playground.and_then(|p| Some((p.session.clone()?, p))) else {
        return Html::default();
    };
    let strings = playground.lang.strings();
    let latest = match step_output_at(&candidates, playground.cursor) {
        StepOutputAt::None => return Html::default(),
        StepOutputAt::Later => {
            return html! { <div class="terminal step-output step-output-empty"><p>{ strings.step_output_later }</p></div> };
        }
        StepOutputAt::Show(latest) => latest,
    };
    let console = session.console();
    let (label, number, outcome) = if latest.typed {
        (strings.console_command_output.to_string(), None, &console[latest.index])
    } else {
        ((strings.step_output)(latest.index + 1), Some(latest.index + 1), &session.steps()[latest.index])
    };
    html! {
        <div class="terminal step-output" role="region" tabindex="0" aria-label={label}
            data-step={number.map(|n| n.to_string())}>
            // An expect step is no command: no prompt before it.
            <p class="terminal-command" lang="en"><code>
                { number.map(|n| format!("{n}. ")).unwrap_or_default() }{ if outcome.is_expect { "" } else { "$ " } }{ &outcome.command }
            </code></p>
            { printed(outcome, playground.lang) }
            { for outcome.failures.iter().map(|f| html! { <pre class="console-error">{ (strings.expectation_failed)(&f.field, &f.expected, &f.actual) }</pre> }) }
        </div>
    }
}

/// What the box can show: the steps that printed (or whose expectations failed), and
/// the console's commands that changed the cluster; not the clock commands, nor the
/// questions asked in the console, which the console answers.
fn worth_showing(session: &Session) -> Vec<Candidate> {
    let telling = |outcome: &StepOutcome| (has_printed(outcome) || !outcome.failures.is_empty()) && !moves_the_clock(outcome);
    let steps = session.steps();
    let steps = steps.iter().enumerate().filter(|(_, step)| telling(step)).map(|(index, step)| Candidate {
        first_frame: step.first_frame,
        typed: false,
        index,
    });
    let console = session.console();
    let typed = console.iter().enumerate().filter(|(_, entry)| telling(entry) && !is_query(entry)).map(|(index, entry)| Candidate {
        first_frame: entry.first_frame,
        typed: true,
        index,
    });
    steps.chain(typed).collect()
}

fn moves_the_clock(step: &StepOutcome) -> bool {
    step.error.is_none() && step.parsed.as_ref().is_some_and(|command| command.moves_the_clock())
}
