//! Effects that connect the reducer to the browser.

mod playback;
mod preferences;
mod presenting;
mod shortcuts;
mod simulation;
mod subject_in_view;

pub use playback::use_playback;
pub use preferences::{initial_lang, use_lang_preference};
pub use presenting::use_presenting;
pub use shortcuts::use_keyboard_shortcuts;
pub use simulation::use_simulation;
pub use subject_in_view::{card_named, use_subject_in_view, NODES};
