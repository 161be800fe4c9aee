//! The page's first state: a link, the saved work, or the example; and the view of a
//! state that a link carries.

use std::rc::Rc;

use yew::Reducible;

use super::{from_fragment, LinkError, SharedView};
use crate::bookmarks;
use crate::course::Progress;
use crate::embed::EmbedOptions;
use crate::hooks::initial_lang;
use crate::i18n::Lang;
use crate::session_record::SessionRecord;
use crate::state::{Action, Speed, State, EXAMPLE_SCENARIO};
use crate::storage::{self, SavedWork};

/// What the page starts with: the state, how it is embedded, and what to tell the user.
#[derive(Clone)]
pub struct Opening {
    pub state: State,
    pub embed: EmbedOptions,
    /// A link that could not be opened.
    pub refused: Option<LinkError>,
}

/// Builds the first state from, in order: a share link in the fragment, the saved
/// work, the example. A link never overwrites unsaved work: that is moved to the
/// previous-work slot, which the share bar offers back. In an embed nothing is read
/// from or written to storage.
pub fn open_page() -> Opening {
    let location = web_sys::window().map(|w| w.location());
    let search = location.as_ref().and_then(|l| l.search().ok()).unwrap_or_default();
    let hash = location.as_ref().and_then(|l| l.hash().ok()).unwrap_or_default();
    let embed = EmbedOptions::from_query(&search);
    let saved = if embed.embed { None } else { storage::load(storage::WORK_KEY) };
    let lang = embed.lang.unwrap_or_else(initial_lang);
    let mut refused = None;
    let state = match from_fragment(&hash) {
        Some(Ok(view)) => {
            // The playback speed is the viewer's own, not the link's.
            let speed = saved.as_ref().and_then(|saved| saved.layout.speed.clone());
            let opened = SavedWork::new(view.text.clone(), 0, Default::default()).with_session(view.record.clone());
            // The page's own link after a reload is the saved work: it began where that did.
            let origin = saved.as_ref().filter(|saved| same_work(saved, &opened)).and_then(|saved| saved.layout.origin.clone());
            if !embed.embed {
                let last_link = storage::load(storage::LINK_KEY);
                if let Some(saved) = saved.filter(|saved| is_users_own(saved, &opened, last_link.as_ref())) {
                    storage::save(storage::PREVIOUS_KEY, &saved);
                }
                storage::save(storage::LINK_KEY, &opened);
                Progress::merge_and_save(&view.done);
            }
            let lang = embed.lang.or(view.lang).unwrap_or(lang);
            let mut state = start(lang, &view.text, view.record.as_ref(), embed.step.or(view.frame), view.node, speed, origin.as_deref());
            state.bookmarks = view.bookmarks;
            state
        }
        link => {
            refused = link.and_then(Result::err);
            // A trainer's `?exercise=N` opens the course at that task; the work it
            // replaces is kept aside, as a link does.
            if let Some(entry) = crate::course::from_query(&search).filter(|_| refused.is_none()) {
                let speed = saved.as_ref().and_then(|saved| saved.layout.speed.clone());
                if let Some(saved) = saved.filter(|saved| !embed.embed && saved.text != EXAMPLE_SCENARIO && saved.text != entry.text) {
                    storage::save(storage::PREVIOUS_KEY, &saved);
                }
                let mut state = start(lang, entry.text, None, embed.step, None, speed, Some(entry.file));
                state.present = !embed.embed && crate::present::asks_for_present(&search);
                return Opening { state, embed, refused };
            }
            match saved {
                Some(saved) => {
                    let (speed, origin) = (saved.layout.speed.clone(), saved.layout.origin.as_deref());
                    let frame = embed.step.or(Some(saved.frame));
                    let mut state = start(lang, &saved.text, saved.session.as_ref(), frame, saved.layout.node.clone(), speed, origin);
                    state.bookmarks = saved.layout.bookmarks.as_deref().map(bookmarks::from_lines).unwrap_or_default();
                    state
                }
                None => start(lang, EXAMPLE_SCENARIO, None, embed.step, None, None, None),
            }
        }
    };
    // A trainer's prepared link opens straight into presenter mode; an embed keeps its
    // own minimal chrome.
    let mut state = state;
    state.present = !embed.embed && crate::present::asks_for_present(&search);
    Opening { state, embed, refused }
}

/// The same text and session: what a link carries.
fn same_work(a: &SavedWork, b: &SavedWork) -> bool {
    a.text == b.text && a.session == b.session
}

/// Saved work a link about to open would displace, and that must be kept for the user
/// to restore: not the link's own work (a reload), not the example, and not what an
/// earlier link opened, untouched (opening two links in a row keeps the user's work
/// from before the first, not the first link's).
pub(super) fn is_users_own(saved: &SavedWork, opened: &SavedWork, last_link: Option<&SavedWork>) -> bool {
    !same_work(saved, opened) && saved.text != EXAMPLE_SCENARIO && !last_link.is_some_and(|link| same_work(saved, link))
}

fn start(
    lang: Lang,
    text: &str,
    record: Option<&SessionRecord>,
    frame: Option<usize>,
    node: Option<String>,
    speed: Option<String>,
    origin_file: Option<&str>,
) -> State {
    let mut resumed = State::resume_sliced(lang, text, record, true);
    if origin_file.is_some() {
        resumed.origin = crate::gallery::origin_of_file(origin_file);
    }
    let mut state = Rc::new(resumed);
    if let Some(frame) = frame {
        state = state.reduce(Action::Seek(frame));
    }
    if let Some(speed) = speed.and_then(|label| Speed::ALL.into_iter().find(|s| s.label() == label)) {
        state = state.reduce(Action::SetSpeed(speed));
    }
    state = state.reduce(Action::SelectNode(node));
    Rc::try_unwrap(state).unwrap_or_else(|shared| (*shared).clone())
}

/// The view of the current state, as a link carries it.
pub fn view_of(state: &State) -> SharedView {
    SharedView {
        text: state.text.clone(),
        record: state.record(),
        frame: Some(state.cursor),
        node: state.selected_node.clone(),
        lang: Some(state.lang),
        bookmarks: state.bookmarks.clone(),
        done: Progress::default(),
    }
}

/// `view` with the course's progress this browser keeps, for the links it writes.
pub fn with_progress(view: SharedView) -> SharedView {
    SharedView { done: Progress::load(), ..view }
}

/// What Copy link and Embed share: the view, with the scenario as last applied when
/// the editor holds edits not applied (perhaps not valid), so that whoever opens the
/// link sees the cluster the sender sees.
pub fn shared_view_of(state: &State) -> SharedView {
    let mut view = view_of(state);
    if !state.is_applied() && !state.applied_text.is_empty() {
        view.text = state.applied_text.clone();
    }
    view
}
