//! The panic hook's work, in a real DOM: the editor's text kept in local storage and a
//! notice in the page's language, once.
#![cfg(target_arch = "wasm32")]

use dsplay_web::crash::{after_panic, NOTICE_ID};
use dsplay_web::storage::{self, WORK_KEY};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlTextAreaElement;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn a_panic_keeps_the_editor_text_and_says_so_once() {
    let document = gloo::utils::document();
    document.document_element().expect("<html>").set_attribute("lang", "zh-Hans").expect("lang");
    let editor: HtmlTextAreaElement = document.create_element("textarea").expect("textarea").unchecked_into();
    editor.set_id("manifest");
    editor.set_value("kind: Scenario # typed just before the crash\n");
    gloo::utils::body().append_child(&editor).expect("attach");
    storage::remove(WORK_KEY);

    after_panic("panicked at crates/engine/src/x.rs:1:1: a bug");

    let saved = storage::load(WORK_KEY).expect("the work is saved");
    assert_eq!(saved.text, "kind: Scenario # typed just before the crash\n");
    let notice = document.get_element_by_id(NOTICE_ID).expect("a notice");
    assert_eq!(notice.get_attribute("role").as_deref(), Some("alert"));
    let text = notice.text_content().unwrap_or_default();
    assert!(text.contains("演练场因内部错误停止运行"), "{text}");
    assert!(text.contains("a bug"), "the details, for a bug report: {text}");
    assert_eq!(notice.query_selector("button").ok().flatten().and_then(|b| b.text_content()).as_deref(), Some("刷新"));

    after_panic("a second panic");
    assert_eq!(document.query_selector_all(&format!("#{NOTICE_ID}")).map(|list| list.length()).ok(), Some(1));
    storage::remove(WORK_KEY);
}
