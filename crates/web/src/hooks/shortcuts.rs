//! The playground's keyboard shortcuts. The timeline: Space plays or pauses, ← and →
//! step one frame, Shift+← and Shift+→ jump to the previous or next marked frame (a
//! step, an update, a batch, a completion). `/` goes to the console's prompt, as it
//! goes to the search field on many sites. Keys typed into the editor, the console or
//! any other field are left alone, and so are keys with Ctrl, Meta or Alt.
//!
//! In presenter mode the keys a presentation clicker sends drive it as well: PageDown
//! and PageUp go to the next / previous stop (a marked or bookmarked frame), Home and
//! End to the first and last frame, B (or `.`, which some clickers send for "black
//! screen") blanks the screen and shows it again, and Escape takes the blank away or
//! leaves presenter mode. Outside it those keys keep scrolling the page.

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::components::focus_prompt;
use crate::state::{Action, Playground};

/// Whether the key belongs to what has focus: text fields and selects take every
/// key, buttons take Space (it presses them), a scroll region wider than its box
/// takes ← and →. The timeline's own controls leave
/// Space and Shift+arrows to it: after a click on the scrubber, a marker or a step,
/// Space plays from there and Shift+→ goes on to the next marker (and, but on the
/// scrubber, → steps on).
fn belongs_to_focus(target: Option<web_sys::EventTarget>, key: &str, shift: bool) -> bool {
    let Some(element) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    let in_timeline = element.closest(".scrubber, .scrubber-markers, .steps").ok().flatten().is_some();
    if in_timeline {
        // The scrubber keeps plain arrows, Home, End and Page keys, as a slider does.
        // Its markers and the step chips are buttons with no use for arrows: after a
        // click on one, ← and → step on from its frame.
        let slider = element.matches("input.scrubber").unwrap_or(false);
        return slider && !(key == " " || shift);
    }
    // The dense view's squares are one Tab stop walked with the plain arrows.
    if !shift && key != " " && element.closest(".dense-nodes").ok().flatten().is_some() {
        return true;
    }
    // A focused table or terminal wider than its box scrolls sideways with the arrows.
    let scrolls_sideways = !shift && matches!(key, "ArrowLeft" | "ArrowRight") && element.scroll_width() > element.client_width();
    let tag = element.tag_name().to_ascii_uppercase();
    scrolls_sideways
        || matches!(tag.as_str(), "INPUT" | "TEXTAREA" | "SELECT")
        || (key == " " && matches!(tag.as_str(), "BUTTON" | "SUMMARY" | "A"))
        || element.closest("[contenteditable=''], [contenteditable='true'], .manifest-editor").ok().flatten().is_some()
}

/// What a key does in presenter mode, beyond the timeline's keys: what presentation
/// clickers send (PageDown / PageUp, and `b` or `.` for a black screen), and Home, End
/// and Escape.
pub fn clicker_action(key: &str, blanked: bool) -> Option<Action> {
    match key {
        "PageDown" => Some(Action::NextMarker),
        "PageUp" => Some(Action::PreviousMarker),
        "Home" => Some(Action::Seek(0)),
        "End" => Some(Action::Seek(usize::MAX)),
        "b" | "B" | "." => Some(Action::SetBlank(!blanked)),
        "Escape" if blanked => Some(Action::SetBlank(false)),
        "Escape" => Some(Action::SetPresent(false)),
        _ => None,
    }
}

#[hook]
pub fn use_keyboard_shortcuts(playground: &Playground) {
    let playground = playground.clone();
    let playing = playground.playing;
    let (present, blanked) = (playground.present, playground.blanked);
    use_effect_with((playing, present, blanked), move |_| {
        let listener = web_sys::window().and_then(|w| w.document()).map(|document| {
            // Not passive (gloo's default): Space must not also scroll the page.
            EventListener::new_with_options(&document, "keydown", EventListenerOptions::enable_prevent_default(), move |event| {
                let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
                if event.ctrl_key() || event.meta_key() || event.alt_key() || belongs_to_focus(event.target(), &event.key(), event.shift_key()) {
                    return;
                }
                // Some layouts need Shift for "/": the key is what counts.
                if event.key() == "/" {
                    event.prevent_default();
                    focus_prompt();
                    return;
                }
                if let Some(action) = present.then(|| clicker_action(&event.key(), blanked)).flatten() {
                    event.prevent_default();
                    playground.dispatch(action);
                    return;
                }
                let action = match (event.key().as_str(), event.shift_key()) {
                    (" ", _) => Some(if playing { Action::Pause } else { Action::Play }),
                    ("ArrowLeft", false) => Some(Action::StepBack),
                    ("ArrowRight", false) => Some(Action::StepForward),
                    ("ArrowLeft", true) => Some(Action::PreviousMarker),
                    ("ArrowRight", true) => Some(Action::NextMarker),
                    _ => None,
                };
                if let Some(action) = action {
                    event.prevent_default();
                    playground.dispatch(action);
                }
            })
        });
        move || drop(listener)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clickers_keys_in_presenter_mode() {
        let key = |k: &str, blanked: bool| format!("{:?}", clicker_action(k, blanked));
        assert_eq!(key("PageDown", false), "Some(NextMarker)");
        assert_eq!(key("PageUp", false), "Some(PreviousMarker)");
        assert_eq!(key("Home", false), "Some(Seek(0))");
        assert_eq!(key("End", false), format!("Some(Seek({}))", usize::MAX));
        assert_eq!((key("b", false), key("B", true), key(".", false)), ("Some(SetBlank(true))".into(), "Some(SetBlank(false))".into(), "Some(SetBlank(true))".into()));
        assert_eq!(key("Escape", true), "Some(SetBlank(false))", "Escape first takes the blank away");
        assert_eq!(key("Escape", false), "Some(SetPresent(false))");
        assert_eq!(key("ArrowRight", false), "None", "the timeline's own keys are handled as ever");
    }
}
