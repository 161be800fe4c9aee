//! Drives the engine beside the view: while a scenario's steps still play, one slice of
//! them per task (a few milliseconds), then the page draws and answers before the next.
//! The view plays the frames already made, as a video plays while it downloads.

use dsplay_engine::simulation::Budget;
use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::state::{Action, Playground};

/// The engine's share of one task: well under a frame at 60 Hz, so a click waits for
/// at most this long.
const SLICE_MS: f64 = 12.0;
/// Due actions between two looks at the clock (one action is tens of microseconds at
/// 5,000 nodes).
const ACTIONS_PER_LOOK: usize = 16;

#[hook]
pub fn use_simulation(playground: &Playground) {
    let session = playground.session.clone();
    let working = session.as_ref().is_some_and(|session| session.is_working());
    let key = (session.as_ref().map(|s| std::rc::Rc::as_ptr(s) as usize), playground.work_revision, working);
    let playground = playground.clone();
    use_effect_with(key, move |_| {
        let timeout = working.then(|| {
            Timeout::new(0, move || {
                if let Some(session) = &playground.session {
                    let started = js_sys::Date::now();
                    while !session.work(Budget::actions(ACTIONS_PER_LOOK)) && js_sys::Date::now() - started < SLICE_MS {}
                }
                playground.dispatch(Action::Worked);
            })
        });
        move || drop(timeout)
    });
}
