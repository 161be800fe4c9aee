//! The interface language: remembered in local storage, first guessed from the
//! browser, and mirrored in `<html lang>` for screen readers and fonts.

use gloo::storage::{LocalStorage, Storage};
use yew::prelude::*;

use crate::i18n::Lang;

const LANG_KEY: &str = "dsplay.lang.v1";

pub fn initial_lang() -> Lang {
    if let Some(lang) = LocalStorage::get::<String>(LANG_KEY).ok().and_then(|tag| Lang::from_tag(&tag)) {
        return lang;
    }
    let languages: Vec<String> = web_sys::window()
        .map(|window| window.navigator().languages().iter().filter_map(|value| value.as_string()).collect())
        .unwrap_or_default();
    Lang::negotiate(languages.iter().map(String::as_str))
}

/// `remember`: false in an embed, whose `lang` is the host page's choice for that
/// frame, not the reader's for the playground.
#[hook]
pub fn use_lang_preference(lang: Lang, remember: bool) {
    use_effect_with(lang, move |&lang| {
        if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = root.set_attribute("lang", lang.tag());
        }
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            document.set_title(lang.strings().title);
        }
        // Storage can be unavailable (private mode, quota); the choice then lasts
        // for this page only, which is fine.
        if remember {
            let _ = LocalStorage::set(LANG_KEY, lang.tag());
        }
    });
}
