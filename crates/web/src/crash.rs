//! What a panic leaves behind. Bad input gets an error, never a panic; a panic is a bug,
//! and with `panic = "abort"` it ends the wasm instance: Yew renders nothing more and the
//! page would silently stop answering. The hook saves the editor's text (read from the
//! DOM, since the app's state may be mid-update) and says, in the page's language, what
//! happened and that a reload goes on from there.

use std::panic::PanicHookInfo;

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::{Document, HtmlTextAreaElement};

use crate::embed::EmbedOptions;
use crate::i18n::Lang;
use crate::storage::{self, Layout, SavedWork};

/// The notice's id: one notice, however many panics follow.
pub const NOTICE_ID: &str = "crash-notice";

/// Installs the hook through Yew, which otherwise replaces any hook with its own (the
/// console log alone) when the app renders.
pub fn install_panic_hook() {
    yew::set_custom_panic_hook(Box::new(|info: &PanicHookInfo<'_>| {
        // The message and a stack trace in the console, as Yew's own hook writes them.
        console_error_panic_hook::hook(info);
        after_panic(&info.to_string());
    }));
}

/// What the hook does after logging: keep the work and say so.
pub fn after_panic(message: &str) {
    save_editor_text();
    show_notice(message);
}

/// Keeps the editor's text in the saved work, beside what autosave kept of the rest.
/// An embed keeps nothing, as it never does.
fn save_editor_text() {
    let Some(window) = web_sys::window() else { return };
    let search = window.location().search().unwrap_or_default();
    if EmbedOptions::from_query(&search).embed {
        return;
    }
    let editor = window.document().and_then(|d| d.get_element_by_id("manifest"));
    let Some(editor) = editor.and_then(|e| e.dyn_into::<HtmlTextAreaElement>().ok()) else { return };
    let text = editor.value();
    let work = match storage::load(storage::WORK_KEY) {
        // The session record replays on the scenario it names, whatever the editor holds.
        Some(saved) => SavedWork { text, ..saved },
        None => SavedWork::new(text, 0, Layout::default()),
    };
    storage::save(storage::WORK_KEY, &work);
}

/// Puts the notice at the top of the page (once), in the language the page shows.
fn show_notice(details: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if document.get_element_by_id(NOTICE_ID).is_some() {
        return;
    }
    let _ = build_notice(&document, details);
}

fn build_notice(document: &Document, details: &str) -> Option<()> {
    let lang = document.document_element().and_then(|root| root.get_attribute("lang"));
    let strings = lang.as_deref().and_then(Lang::from_tag).unwrap_or_default().strings();
    let notice = document.create_element("div").ok()?;
    notice.set_id(NOTICE_ID);
    notice.set_attribute("role", "alert").ok()?;
    let heading = document.create_element("p").ok()?;
    heading.set_text_content(Some(&format!("{} {}", strings.crashed, strings.crash_work_saved)));
    let code = document.create_element("code").ok()?;
    code.set_text_content(Some(details));
    let reload = document.create_element("button").ok()?;
    reload.set_attribute("type", "button").ok()?;
    reload.set_class_name("btn primary");
    reload.set_text_content(Some(strings.reload));
    // The listener lives as long as the page: the instance will not drop anything again.
    EventListener::new(&reload, "click", |_| {
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    })
    .forget();
    notice.append_child(&heading).ok()?;
    notice.append_child(&code).ok()?;
    notice.append_child(&reload).ok()?;
    document.body()?.prepend_with_node_1(&notice).ok()?;
    let _ = reload.dyn_into::<web_sys::HtmlElement>().map(|button| button.focus());
    Some(())
}
