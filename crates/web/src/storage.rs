//! The user's work, kept in local storage between visits: a versioned record with a
//! migration from every older shape, as the Rust Playground's `local_storage.ts` does.
//!
//! [`migrate`] is pure (tested natively); [`load`], [`save`] and the previous-work slot
//! are the browser side.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::session_record::SessionRecord;
use crate::state::Playground;

/// The current schema.
pub const VERSION: u32 = 1;

/// Where the work is kept.
pub const WORK_KEY: &str = "dsplay.work";
/// The work a share link displaced, kept until the user restores or dismisses it.
pub const PREVIOUS_KEY: &str = "dsplay.work.previous";
/// What the last share link opened (its text and session): saved work that is still
/// exactly that is the link's, not the user's, and displaces nothing.
pub const LINK_KEY: &str = "dsplay.work.link";

/// What a reload brings back.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedWork {
    pub version: u32,
    /// The editor's text, applied or not.
    pub text: String,
    /// Index into the timeline's frames.
    #[serde(default)]
    pub frame: usize,
    #[serde(default)]
    pub layout: Layout,
    /// The session to replay, when console commands or in-place applies followed the
    /// scenario's steps (absent in records written before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<SessionRecord>,
}

/// How the page was arranged. Every field is optional: a field added later reads as
/// its default from older records.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    /// The playback speed's label (`1×`, `2×`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<String>,
    /// The selected node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// The gallery file the work began from (what Reset loads); absent for the example.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    /// The trainer's named frames, `frame<TAB>name` lines (`bookmarks::to_lines`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bookmarks: Option<String>,
}

/// Why a stored record was not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// Not JSON, or JSON of no shape this build knows.
    Unreadable(String),
    /// Written by a newer playground: left untouched rather than overwritten with less.
    Newer(u32),
}

impl SavedWork {
    pub fn new(text: String, frame: usize, layout: Layout) -> SavedWork {
        SavedWork { version: VERSION, text, frame, layout, session: None }
    }

    pub fn with_session(self, session: Option<SessionRecord>) -> SavedWork {
        SavedWork { session, ..self }
    }
}

/// Brings a stored record to the current schema. Shapes read:
/// - version 0, before records were versioned: a bare JSON string (the text), or
///   `{"text": ..., "cursor": N}`;
/// - version 1: `{"version": 1, "text", "frame", "layout": {...}}`.
pub fn migrate(stored: &str) -> Result<SavedWork, StorageError> {
    let value: Value = serde_json::from_str(stored).map_err(|e| StorageError::Unreadable(e.to_string()))?;
    let version = match &value {
        Value::Object(map) => match map.get("version") {
            None => 0,
            Some(v) => v
                .as_u64()
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| StorageError::Unreadable(format!("version {v} is not a number")))?,
        },
        _ => 0,
    };
    match version {
        0 => from_unversioned(value),
        1 => serde_json::from_value(value).map_err(|e| StorageError::Unreadable(e.to_string())),
        newer => Err(StorageError::Newer(newer)),
    }
}

fn from_unversioned(value: Value) -> Result<SavedWork, StorageError> {
    match value {
        Value::String(text) => Ok(SavedWork::new(text, 0, Layout::default())),
        Value::Object(map) => {
            let text = map
                .get("text")
                .and_then(Value::as_str)
                .ok_or_else(|| StorageError::Unreadable("no text in the stored work".into()))?
                .to_owned();
            let frame = map.get("cursor").and_then(Value::as_u64).and_then(|c| usize::try_from(c).ok()).unwrap_or(0);
            Ok(SavedWork::new(text, frame, Layout::default()))
        }
        other => Err(StorageError::Unreadable(format!("unexpected stored value {other}"))),
    }
}

pub fn to_json(work: &SavedWork) -> String {
    // Serializing plain strings and numbers cannot fail.
    serde_json::to_string(work).unwrap_or_default()
}

/// The saved work under `key`, migrated; `None` when there is none or it is unusable.
/// Storage can be missing (private mode, a sandboxed iframe): then nothing is kept.
pub fn load(key: &str) -> Option<SavedWork> {
    let stored = local_storage()?.get_item(key).ok()??;
    migrate(&stored).ok()
}

/// Writes `work` under `key`, unless a newer playground wrote there.
pub fn save(key: &str, work: &SavedWork) {
    let Some(storage) = local_storage() else { return };
    if let Ok(Some(stored)) = storage.get_item(key) {
        if matches!(migrate(&stored), Err(StorageError::Newer(_))) {
            return;
        }
    }
    // Quota errors leave the previous record; the page keeps working.
    let _ = storage.set_item(key, &to_json(work));
}

/// A plain text kept under `key` (the course's progress); `None` when there is none.
pub fn load_text(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok()?
}

pub fn save_text(key: &str, text: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(key, text);
    }
}

pub fn remove(key: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.remove_item(key);
    }
}

/// How long autosave waits after the last change.
const SAVE_DEBOUNCE_MS: u32 = 400;

/// Keeps the work in local storage as it changes (after a short pause, so typing does
/// not serialize the text on every key).
#[hook]
pub fn use_autosave(playground: &Playground, enabled: bool) {
    let state = (**playground).clone();
    let key = (state.text.clone(), state.console_revision, state.cursor, state.selected_node.clone(), state.speed, state.origin, state.bookmarks.clone());
    use_effect_with(key, move |_| {
        let timeout = enabled.then(|| Timeout::new(SAVE_DEBOUNCE_MS, move || save_work(&state)));
        move || drop(timeout)
    });
    // Leaving the page (a reload, a closed tab) does not wait for the pauses: the work
    // and the address bar are written at once, so that a reload finds the last edit
    // and its own link.
    // The reducer's handle, not a copy of the state: a render (every playback frame)
    // then costs an `Rc` clone, not a copy of the scenario's text.
    let latest = use_mut_ref(|| playground.clone());
    *latest.borrow_mut() = playground.clone();
    use_effect_with(enabled, move |&enabled| {
        let listener = web_sys::window().filter(|_| enabled).map(|window| {
            gloo::events::EventListener::new(&window, "pagehide", move |_| {
                let state = latest.borrow();
                save_work(&state);
                crate::share_link::keep_address(&state);
            })
        });
        move || drop(listener)
    });
}

/// Saves the state as the work a reload or a later visit brings back.
fn save_work(state: &crate::state::State) {
    let layout = Layout {
        speed: Some(state.speed.label().to_owned()),
        node: state.selected_node.clone(),
        origin: crate::gallery::origin_entry(state.origin).map(|entry| entry.file.to_owned()),
        bookmarks: (!state.bookmarks.is_empty()).then(|| crate::bookmarks::to_lines(&state.bookmarks)),
    };
    let work = SavedWork::new(state.text.clone(), state.cursor, layout).with_session(state.record());
    save(WORK_KEY, &work);
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_current_record_round_trips() {
        let work = SavedWork::new(
            "kind: Scenario\n".into(),
            4,
            Layout {
                speed: Some("2×".into()),
                node: Some("node-02".into()),
                origin: Some("gallery/cordon-and-drain.yaml".into()),
                bookmarks: Some("3\tbefore the drain".into()),
            },
        );
        let json = to_json(&work);
        assert!(json.contains("\"version\":1"), "{json}");
        assert!(!json.contains("session"), "no session record when nothing followed the steps: {json}");
        assert_eq!(migrate(&json), Ok(work.clone()));

        let record = SessionRecord {
            scenario: "kind: Scenario\n".into(),
            entries: vec![crate::session_record::Entry::Run("kubectl cordon node-02".into())],
        };
        let with_session = work.with_session(Some(record));
        let json = to_json(&with_session);
        assert!(json.contains(r#""session":{"scenario":"kind: Scenario\n","entries":[{"run":"kubectl cordon node-02"}]}"#), "{json}");
        assert_eq!(migrate(&json), Ok(with_session));
    }

    #[test]
    fn unversioned_records_migrate() {
        // The oldest shape: only the text, as a JSON string.
        assert_eq!(migrate("\"kind: Scenario\\n\""), Ok(SavedWork::new("kind: Scenario\n".into(), 0, Layout::default())));
        // An object with the cursor under its old name.
        let old = r#"{"text": "a: 1", "cursor": 9, "lang": "zh-Hans"}"#;
        assert_eq!(migrate(old), Ok(SavedWork::new("a: 1".into(), 9, Layout::default())));
        let migrated = migrate(old).expect("migrates");
        assert_eq!(migrated.version, VERSION);
        // A version-1 record without its optional fields.
        assert_eq!(migrate(r#"{"version": 1, "text": "b"}"#), Ok(SavedWork::new("b".into(), 0, Layout::default())));
    }

    #[test]
    fn unusable_records_are_errors_not_panics() {
        assert!(matches!(migrate("not json"), Err(StorageError::Unreadable(_))));
        assert!(matches!(migrate("42"), Err(StorageError::Unreadable(_))));
        assert!(matches!(migrate(r#"{"cursor": 3}"#), Err(StorageError::Unreadable(_))));
        assert!(matches!(migrate(r#"{"version": "one", "text": ""}"#), Err(StorageError::Unreadable(_))));
        assert!(matches!(migrate(r#"{"version": 1, "text": 5}"#), Err(StorageError::Unreadable(_))));
        assert_eq!(migrate(r#"{"version": 2, "text": "x", "tabs": []}"#), Err(StorageError::Newer(2)));
    }
}
