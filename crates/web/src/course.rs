//! The course: the gallery's exercises in their order, and which of them the learner
//! has done, kept in the browser and carried in links (`done=1.2.6`), so a learner can
//! go on on another machine. A trainer's `?exercise=6` opens the course at a task.

use std::collections::BTreeSet;

use dsplay_engine::scenario::{parse_scenario, Scenario};

use crate::gallery::{GalleryEntry, GALLERY};
use crate::storage;

const PROGRESS_KEY: &str = "dsplay.course";

/// The exercises, in the gallery's order.
pub fn exercises() -> impl Iterator<Item = &'static GalleryEntry> {
    GALLERY.iter().filter(|entry| entry.category == "exercises")
}

/// The exercise numbered `number` (from 1).
pub fn exercise(number: usize) -> Option<&'static GalleryEntry> {
    exercises().nth(number.checked_sub(1)?)
}

/// The number (from 1) of the exercise whose shipped text is `origin`.
pub fn number_of(origin: &str) -> Option<usize> {
    exercises().position(|entry| entry.text == origin).map(|index| index + 1)
}

/// The scenario of `text` when it carries a task.
pub fn task_scenario(text: &str) -> Option<Scenario> {
    parse_scenario(text).ok().filter(|scenario| scenario.task.is_some())
}

/// `?exercise=N` of a page address: the exercise a trainer's link opens.
pub fn from_query(search: &str) -> Option<&'static GalleryEntry> {
    let value = search.trim_start_matches('?').split('&').find_map(|part| part.strip_prefix("exercise="))?;
    exercise(value.parse().ok()?)
}

/// The numbers of the exercises done.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress(pub BTreeSet<usize>);

impl Progress {
    /// `1.2.6`: the numbers done, as a link carries them; a part that is no exercise's
    /// number is dropped.
    pub fn from_param(value: &str) -> Progress {
        let count = exercises().count();
        Progress(value.split('.').filter_map(|n| n.parse().ok()).filter(|&n| (1..=count).contains(&n)).collect())
    }

    pub fn to_param(&self) -> String {
        self.0.iter().map(usize::to_string).collect::<Vec<_>>().join(".")
    }

    /// What this browser keeps.
    pub fn load() -> Progress {
        storage::load_text(PROGRESS_KEY).map(|text| Progress::from_param(&text)).unwrap_or_default()
    }

    /// Adds `other`'s and keeps the union in this browser.
    pub fn merge_and_save(other: &Progress) -> Progress {
        let mut progress = Progress::load();
        progress.0.extend(other.0.iter().copied());
        if !other.0.is_empty() {
            storage::save_text(PROGRESS_KEY, &progress.to_param());
        }
        progress
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_course_is_the_gallerys_exercises_each_with_a_task() {
        let count = exercises().count();
        assert!(count >= 12, "{count} exercises");
        for (index, entry) in exercises().enumerate() {
            assert!(task_scenario(entry.text).is_some(), "{} has a task", entry.file);
            assert_eq!(number_of(entry.text), Some(index + 1));
        }
        assert_eq!(from_query("?exercise=6").map(|e| e.file), exercise(6).map(|e| e.file));
        assert!(from_query("?exercise=0").is_none() && from_query("?exercise=x").is_none());
    }

    #[test]
    fn progress_travels_as_numbers_and_drops_what_is_no_exercise() {
        let progress = Progress::from_param("6.1.2.99.x.2");
        assert_eq!(progress.to_param(), "1.2.6");
        assert_eq!(Progress::from_param(""), Progress::default());
    }
}
