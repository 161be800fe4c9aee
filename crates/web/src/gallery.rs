//! The scenario gallery: `gallery/index.yaml`, embedded at build time by build.rs,
//! each entry with its scenario text and its titles and explanations in both
//! languages.

use crate::i18n::Lang;

/// One gallery scenario, with its titles and explanations in both languages.
#[derive(Debug)]
pub struct GalleryEntry {
    /// Path relative to the repository root, as the index names it.
    pub file: &'static str,
    pub category: &'static str,
    pub title_en: &'static str,
    pub title_zh: &'static str,
    pub explanation_en: &'static str,
    pub explanation_zh: &'static str,
    pub text: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/gallery.rs"));

impl GalleryEntry {
    pub fn title(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::ZhHans if !self.title_zh.is_empty() => self.title_zh,
            _ => self.title_en,
        }
    }

    pub fn explanation(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::ZhHans if !self.explanation_zh.is_empty() => self.explanation_zh,
            _ => self.explanation_en,
        }
    }
}

/// The explanation in `lang` of a scenario the app ships (a gallery entry or the
/// example), when `text` is one and `lang` is not the language its description is
/// written in (English).
pub fn shipped_explanation(text: &str, lang: Lang) -> Option<&'static str> {
    match lang {
        Lang::En => None,
        Lang::ZhHans => GALLERY.iter().find(|entry| entry.text == text).map(|entry| entry.explanation_zh).filter(|e| !e.is_empty()),
    }
}

/// Whether `text` is a scenario the app ships (a gallery entry or the example): the
/// user can always load it again, so replacing it loses nothing.
pub fn is_shipped(text: &str) -> bool {
    text == crate::state::EXAMPLE_SCENARIO || GALLERY.iter().any(|entry| entry.text == text)
}
