//! The whole app mounted in headless Chromium, with the real engine in wasm:
//! the example scenario loads at its first frame, and the timeline buttons move the cursor.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use dsplay_web::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

async fn settle() {
    yew::platform::time::sleep(Duration::from_millis(20)).await;
}

fn all(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).map(|list| list.length()).unwrap_or(0)
}

fn find(root: &Element, selector: &str) -> Element {
    root.query_selector(selector).ok().flatten().unwrap_or_else(|| panic!("no element matches {selector}"))
}

fn click(root: &Element, selector: &str) {
    find(root, selector).dyn_into::<HtmlElement>().expect("an HTML element").click();
}

fn frame(root: &Element) -> String {
    find(root, ".frame-counter").get_attribute("data-frame").unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_example_runs_and_the_cursor_moves() {
    let root = gloo::utils::document().create_element("div").expect("create a root element");
    gloo::utils::body().append_child(&root).expect("attach the root");
    yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;

    assert_eq!(find(&root, "h1").text_content().as_deref(), Some("DaemonSet Playground"));
    assert_eq!(all(&root, ".node-card"), 5);
    // The story opens at its first frame while its steps play beside the view; the
    // last frame, once made, shows a pod on every node.
    assert_eq!(frame(&root), "0");
    for _ in 0..500 {
        if all(&root, ".sim-progress") == 0 {
            break;
        }
        settle().await;
    }
    assert_eq!(all(&root, ".sim-progress"), 0, "the steps were played");
    click(&root, "[aria-label=\"Go to the last frame\"]");
    settle().await;
    assert_eq!(all(&root, ".node-card .pod-chip"), 5);
    let last: usize = frame(&root).parse().expect("a frame number");
    assert!(last > 2);

    click(&root, "[data-action=step-back]");
    settle().await;
    assert_eq!(frame(&root), (last - 1).to_string());
    click(&root, "[data-action=step-forward]");
    settle().await;
    assert_eq!(frame(&root), last.to_string());
}
