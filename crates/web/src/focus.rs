//! Moving keyboard focus to what a change brought into view.

use wasm_bindgen::JsCast;

/// Focuses the first element matching `selector`; focusing also scrolls it into view.
pub fn focus_first(selector: &str) {
    let found = gloo::utils::document().query_selector(selector).ok().flatten();
    if let Some(element) = found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}
