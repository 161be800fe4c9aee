//! Moving keyboard focus to what a change brought into view.

use wasm_bindgen::JsCast;

/// Focuses the first element matching `selector`; focusing also scrolls it into view.
pub fn focus_first(selector: &str) {
    let found = gloo::utils::document().query_selector(selector).ok().flatten();
    if let Some(element) = found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}

/// Focuses the first element matching `selector` where it stands, without scrolling to
/// it: what the page opens with, so a phone still shows the top of the page.
pub fn focus_in_place(selector: &str) {
    let found = gloo::utils::document().query_selector(selector).ok().flatten();
    if let Some(element) = found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = element.focus_with_options(&options);
    }
}

/// Scrolls the first element matching `selector` to the top of its scrolling boxes
/// (minus its `scroll-margin-top`), without moving focus.
pub fn scroll_to_top(selector: &str) {
    if let Some(element) = gloo::utils::document().query_selector(selector).ok().flatten() {
        scroll_element_to_top(&element);
    }
}

fn scroll_element_to_top(element: &web_sys::Element) {
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Start);
    element.scroll_into_view_with_scroll_into_view_options(&options);
}

/// Scrolls `element` just enough to be in view (the least movement), without moving focus.
pub fn bring_into_view(element: &web_sys::Element) {
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Nearest);
    element.scroll_into_view_with_scroll_into_view_options(&options);
}

/// Whether a person sees `element`: the point near its top middle is inside the window
/// and not covered by something else (a sticky timeline, a docked console).
pub fn is_seen(element: &web_sys::Element) -> bool {
    let rect = element.get_bounding_client_rect();
    let (x, y) = (rect.left() + rect.width() / 2.0, rect.top() + (rect.height() / 2.0).min(16.0));
    let hit = gloo::utils::document().element_from_point(x as f32, y as f32);
    hit.is_some_and(|hit| element.contains(Some(&hit)))
}

/// Unless one of the elements matching `selector` is seen, scrolls the first of them
/// to the top of its scrolling boxes.
pub fn keep_one_in_sight(selector: &str) {
    let Ok(found) = gloo::utils::document().query_selector_all(selector) else { return };
    let elements: Vec<web_sys::Element> = (0..found.length()).filter_map(|i| found.item(i)?.dyn_into().ok()).collect();
    if !elements.iter().any(is_seen) {
        if let Some(first) = elements.first() {
            scroll_element_to_top(first);
        }
    }
}
