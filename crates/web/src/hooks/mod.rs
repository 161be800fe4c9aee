//! Effects that connect the reducer to the browser.

mod playback;
mod preferences;
mod shortcuts;

pub use playback::use_playback;
pub use preferences::{initial_lang, use_lang_preference};
pub use shortcuts::use_keyboard_shortcuts;
