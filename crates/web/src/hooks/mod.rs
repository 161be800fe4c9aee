//! Effects that connect the reducer to the browser.

mod playback;
mod preferences;
mod timeline_keys;

pub use playback::use_playback;
pub use preferences::{initial_lang, use_lang_preference};
pub use timeline_keys::use_timeline_keys;
