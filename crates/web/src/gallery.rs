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
    /// The scenario's own `spec.description`, which an edit of its manifests keeps.
    pub description: &'static str,
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

    /// The index's explanation in `lang`, else in English, else (the conformance
    /// scenarios, which the index only titles) the scenario's own description up to
    /// its sources.
    pub fn explanation(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::ZhHans if !self.explanation_zh.is_empty() => self.explanation_zh,
            _ if !self.explanation_en.is_empty() => self.explanation_en,
            _ => description_summary(self.description),
        }
    }
}

/// A description's opening, up to a blank line or its `Source:` line.
fn description_summary(description: &'static str) -> &'static str {
    let end = [description.find("\n\n"), description.find("Source:")].into_iter().flatten().min().unwrap_or(description.len());
    description[..end].trim()
}

/// The explanation in `lang` of a scenario the app ships, found by its description
/// (`spec.description`, which stays when the user edits its manifests), when `lang` is
/// not the language the description is written in.
pub fn shipped_explanation(description: &str, lang: Lang) -> Option<&'static str> {
    match lang {
        Lang::En => None,
        Lang::ZhHans => GALLERY
            .iter()
            .find(|entry| !entry.description.trim().is_empty() && entry.description.trim() == description.trim())
            .map(|entry| entry.explanation_zh)
            .filter(|e| !e.is_empty()),
    }
}

/// The shipped copy of `text` when it is a scenario the app ships, unedited.
pub fn shipped_text(text: &str) -> Option<&'static str> {
    if text == crate::state::EXAMPLE_SCENARIO {
        return Some(crate::state::EXAMPLE_SCENARIO);
    }
    GALLERY.iter().find(|entry| entry.text == text).map(|entry| entry.text)
}

/// The gallery entry a Reset origin is; `None` for the example (when the gallery does
/// not list it).
pub fn origin_entry(origin: &str) -> Option<&'static GalleryEntry> {
    GALLERY.iter().find(|entry| entry.text == origin)
}

/// The origin saved as `file` (its [`origin_entry`]'s); the example when no entry has it.
pub fn origin_of_file(file: Option<&str>) -> &'static str {
    file.and_then(|file| GALLERY.iter().find(|entry| entry.file == file)).map_or(crate::state::EXAMPLE_SCENARIO, |entry| entry.text)
}

/// Whether `text` is a scenario the app ships (a gallery entry or the example): the
/// user can always load it again, so replacing it loses nothing.
pub fn is_shipped(text: &str) -> bool {
    shipped_text(text).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edited_gallery_scenario_keeps_its_chinese_explanation() {
        let entry = GALLERY.iter().find(|e| !e.explanation_zh.is_empty() && !e.description.is_empty()).expect("an explained entry");
        let edited = entry.text.replacen("image:", "image: ", 1);
        assert_ne!(edited, entry.text);
        let description = dsplay_engine::scenario::parse_scenario(&edited).map(|s| s.description).unwrap_or_default();
        assert_eq!(shipped_explanation(&description, Lang::ZhHans), Some(entry.explanation_zh));
        assert_eq!(shipped_explanation(&description, Lang::En), None);
        assert_eq!(shipped_explanation("a description of my own", Lang::ZhHans), None);
    }

    #[test]
    fn every_entry_explains_itself_and_a_description_stops_at_its_sources() {
        for entry in GALLERY {
            assert!(!entry.explanation(Lang::En).is_empty(), "{} has nothing to say", entry.file);
        }
        assert_eq!(description_summary("One pod per node.\nSource: upstream tests."), "One pod per node.");
        assert_eq!(description_summary("First.\n\nSecond."), "First.");
    }

    #[test]
    fn no_two_entries_share_a_title_in_either_language() {
        for title in [|e: &GalleryEntry| e.title_en, |e: &GalleryEntry| e.title_zh] {
            let mut seen = std::collections::BTreeSet::new();
            for entry in GALLERY {
                assert!(seen.insert(title(entry)), "{} repeats the title {:?}", entry.file, title(entry));
            }
        }
    }

    #[test]
    fn an_origin_is_kept_as_its_gallery_file() {
        let entry = GALLERY.last().expect("a gallery");
        assert_eq!(origin_entry(entry.text).map(|e| e.file), Some(entry.file));
        assert_eq!(origin_of_file(Some(entry.file)), entry.text);
        // A file no longer in the gallery, or none, falls back to the example.
        assert_eq!(origin_entry("my own scenario").map(|e| e.file), None);
        assert_eq!(origin_of_file(Some("gallery/gone.yaml")), crate::state::EXAMPLE_SCENARIO);
        assert_eq!(origin_of_file(None), crate::state::EXAMPLE_SCENARIO);
    }
}
