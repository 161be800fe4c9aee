//! The address bar holds the link to what is shown.

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use wasm_bindgen::JsValue;
use yew::prelude::*;

use super::{check_link_size, from_fragment, to_fragment, view_of, with_progress, SharedView};
use crate::state::{Playground, State};

/// The full URL of a link to `view`: this page without its query, plus the fragment.
pub fn url_of(view: &SharedView, query: &str) -> String {
    let location = web_sys::window().map(|w| w.location());
    let origin = location.as_ref().and_then(|l| l.origin().ok()).unwrap_or_default();
    let path = location.as_ref().and_then(|l| l.pathname().ok()).unwrap_or_else(|| "/".into());
    format!("{origin}{path}{query}#{}", to_fragment(view))
}

/// Puts `view` in the address bar without a history entry or a reload.
pub fn replace_address(view: &SharedView) {
    let Some(window) = web_sys::window() else { return };
    let search = window.location().search().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url_of(view, &search)));
    }
}

/// The address bar holds the link to `state`, or none when no link could open it (more
/// nodes than a link carries): a reload then reads the saved work rather than refuse
/// its own link.
pub fn keep_address(state: &State) {
    let view = with_progress(view_of(state));
    if check_link_size(&view).is_ok() {
        return replace_address(&view);
    }
    let Some(window) = web_sys::window() else { return };
    let location = window.location();
    let bare = format!("{}{}", location.pathname().unwrap_or_default(), location.search().unwrap_or_default());
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&bare));
    }
}

/// How long the address bar waits after the last change.
const ADDRESS_DEBOUNCE_MS: u32 = 1_000;

/// The address bar follows the text, the frame, the node and the language, once they
/// have been still for a second: `replaceState` on every keystroke would be slow on a
/// long scenario and would flood the browser's own throttling.
#[hook]
pub fn use_address_bar(playground: &Playground, enabled: bool) {
    let state = (**playground).clone();
    let key = (state.text.clone(), state.console_revision, state.cursor, state.selected_node.clone(), state.lang, state.bookmarks.clone());
    use_effect_with(key, move |_| {
        let timeout = enabled.then(|| Timeout::new(ADDRESS_DEBOUNCE_MS, move || keep_address(&state)));
        move || drop(timeout)
    });
    // A link pasted into the address bar of an open playground changes only the
    // fragment: reload, so it opens as any link does (and keeps the work aside).
    // Our own replaceState fires no hashchange.
    use_effect_with(enabled, |&enabled| {
        let listener = web_sys::window().filter(|_| enabled).map(|window| {
            EventListener::new(&window, "hashchange", |_| {
                let location = web_sys::window().map(|w| w.location());
                let hash = location.as_ref().and_then(|l| l.hash().ok()).unwrap_or_default();
                if let (Some(location), Some(_)) = (location, from_fragment(&hash)) {
                    let _ = location.reload();
                }
            })
        });
        move || drop(listener)
    });
}
