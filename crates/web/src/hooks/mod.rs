//! Effects that connect the reducer to the browser.

mod playback;
mod preferences;

pub use playback::use_playback;
pub use preferences::{initial_lang, use_lang_preference};
