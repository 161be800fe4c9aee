//! The gallery panel's sections and the code marked in its explanations.

use crate::gallery::{GalleryEntry, GALLERY};

/// The index's entries under their categories, both in the index's order; each entry
/// with its place in the index.
pub fn sections() -> Vec<(&'static str, Vec<(usize, &'static GalleryEntry)>)> {
    let mut sections: Vec<(&'static str, Vec<(usize, &'static GalleryEntry)>)> = Vec::new();
    for (index, entry) in GALLERY.iter().enumerate() {
        match sections.iter_mut().find(|(category, _)| *category == entry.category) {
            Some((_, entries)) => entries.push((index, entry)),
            None => sections.push((entry.category, vec![(index, entry)])),
        }
    }
    sections
}

/// The index's explanations mark names (`operator: Exists`) with backticks, as
/// Markdown does: the parts, each marked as code or not.
pub fn inline_code(text: &str) -> impl Iterator<Item = (bool, &str)> {
    text.split('`').enumerate().map(|(i, part)| (i % 2 == 1, part))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_once_under_its_category_in_the_index_order() {
        let sections = sections();
        let places: Vec<usize> = sections.iter().flat_map(|(_, entries)| entries.iter().map(|(index, _)| *index)).collect();
        let mut sorted = places.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..GALLERY.len()).collect::<Vec<_>>());
        for (category, entries) in &sections {
            assert!(entries.iter().all(|(index, entry)| entry.category == *category && std::ptr::eq(&GALLERY[*index], *entry)));
            assert!(entries.windows(2).all(|pair| pair[0].0 < pair[1].0));
        }
        let first_seen: Vec<&str> = GALLERY.iter().map(|e| e.category).fold(Vec::new(), |mut seen, c| {
            if !seen.contains(&c) {
                seen.push(c);
            }
            seen
        });
        assert_eq!(sections.iter().map(|(category, _)| *category).collect::<Vec<_>>(), first_seen);
    }

    #[test]
    fn backticks_mark_code() {
        let parts: Vec<_> = inline_code("a toleration `operator: Exists` of `NoSchedule`.").collect();
        assert_eq!(parts, [(false, "a toleration "), (true, "operator: Exists"), (false, " of "), (true, "NoSchedule"), (false, ".")]);
        assert_eq!(inline_code("plain").collect::<Vec<_>>(), [(false, "plain")]);
    }
}
