//! While playing, advance the cursor one frame per tick at the chosen speed.

use gloo::timers::callback::Interval;
use yew::prelude::*;

use crate::state::{Action, Playground};

#[hook]
pub fn use_playback(playground: &Playground) {
    let dispatcher = playground.dispatcher();
    use_effect_with((playground.playing, playground.speed), move |&(playing, speed)| {
        // Dropping the interval (when playback stops or the speed changes) cancels it.
        let interval = playing.then(|| Interval::new(speed.frame_interval_ms(), move || dispatcher.dispatch(Action::Tick)));
        move || drop(interval)
    });
}
