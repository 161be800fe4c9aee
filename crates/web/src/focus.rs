//! Moving keyboard focus to what a change brought into view.

use wasm_bindgen::JsCast;

/// Focuses the first element matching `selector`; focusing also scrolls it into view.
pub fn focus_first(selector: &str) {
    let found = gloo::utils::document().query_selector(selector).ok().flatten();
    if let Some(element) = found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}

/// Scrolls the first element matching `selector` to the top of its scrolling boxes
/// (minus its `scroll-margin-top`), without moving focus.
pub fn scroll_to_top(selector: &str) {
    if let Some(element) = gloo::utils::document().query_selector(selector).ok().flatten() {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Start);
        element.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

/// Scrolls `element` just enough to be in view (the least movement), without moving focus.
pub fn bring_into_view(element: &web_sys::Element) {
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Nearest);
    element.scroll_into_view_with_scroll_into_view_options(&options);
}
