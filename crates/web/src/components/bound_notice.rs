//! Under the status line, at a frame where a command stopped at a bound (an hour of
//! simulated time, a churn): that it stopped, why, and what was left undone, so a grid
//! that looks finished is not taken for a finished rollout.


use dsplay_engine::simulation::Bound;
use yew::prelude::*;

use super::step_chips::{bound_text, chips_of, use_session_memo, ChipOf};
use crate::cluster_view::rollout::unfinished;
use crate::state::Playground;

#[function_component(BoundNotice)]
pub fn bound_notice() -> Html {
    let playground = use_context::<Playground>();
    let session = playground.as_ref().and_then(|p| p.session.clone());
    let chips = use_session_memo(session.clone(), chips_of);
    let (Some(playground), Some(session)) = (playground, session) else {
        return Html::default();
    };
    // The latest chip begun at the frame shown, once the cursor has reached its end.
    let Some(chip) = chips.iter().rev().find(|chip| chip.first_frame <= playground.cursor) else {
        return Html::default();
    };
    if playground.cursor < chip.last_frame {
        return Html::default();
    }
    let console = session.console();
    let outcome = match chip.of {
        ChipOf::Step(index) => &session.steps()[index],
        ChipOf::Typed(index) => &console[index],
    };
    let Some(bound) = outcome.bound.as_ref() else {
        return Html::default();
    };
    let Some(frame) = session.frame(playground.cursor) else {
        return Html::default();
    };
    let lang = playground.lang;
    let texts = lang.panels();
    let left = unfinished(&frame.state);
    let kind = match bound {
        Bound::HourPassed => "hour",
        Bound::Churned(_) => "churn",
        Bound::Stopped => "stopped",
    };
    html! {
        <div class="bound-notice" role="note" data-bound={kind}>
            <p><strong>{ (texts.bound_stopped)(&outcome.command) }</strong>{ " " }{ bound_text(bound, lang) }</p>
            if !left.is_empty() {
                <ul>
                    { for left.iter().map(|u| html! { <li data-daemonset={u.daemonset.clone()}>{ (texts.bound_left)(u) }</li> }) }
                </ul>
            }
        </div>
    }
}
