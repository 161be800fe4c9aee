//! The playground's one reducer: the scenario text, the loaded timeline, where
//! the cursor is on it, and how the user views it. Components dispatch
//! [`Action`]s; only the engine (through [`Session`]) changes the cluster.

use std::rc::Rc;

use yew::prelude::*;

use crate::bookmarks::{self, Bookmark};
use crate::i18n::Lang;
use crate::session::{RunOn, Session};
use dsplay_engine::simulation::LoadError;
use crate::session_record::SessionRecord;
pub use crate::request::{Answer, RequestId};
pub use crate::speed::Speed;

/// The scenario shown on first load.
pub const EXAMPLE_SCENARIO: &str = include_str!("../scenarios/getting-started.yaml");

#[derive(Clone)]
pub struct State {
    pub lang: Lang,
    /// What the editor holds, applied or not.
    pub text: String,
    /// The text the current session was loaded from.
    pub applied_text: String,
    /// Changes whenever the editor's content is replaced from outside (reset), so
    /// the editor remounts with the new text; typing never replaces it, which
    /// keeps the browser's own undo history.
    pub editor_generation: u32,
    /// The last scenario that loaded; it stays when an edit fails to apply.
    pub session: Option<Rc<Session>>,
    pub error: Option<LoadError>,
    /// Index into the session's frames.
    pub cursor: usize,
    pub playing: bool,
    pub speed: Speed,
    /// Whether the cluster goes on after a console command.
    pub run_on: RunOn,
    /// Counts console commands: the session grew although its `Rc` is the same.
    pub console_revision: u32,
    /// Counts slices of steps played ([`Action::Worked`]), for the same reason.
    pub work_revision: u32,
    /// Scenarios load with their steps played a slice at a time (the page), not at once
    /// (tests, which look at the result at once).
    pub slicing: bool,
    /// A frame asked for (a link's `f=`) that the steps have not reached yet.
    pub seek_when_ready: Option<usize>,
    /// The node the user picked; share links and saved work carry it.
    pub selected_node: Option<String>,
    /// What the last gallery load or Reset replaced, until restored or dismissed.
    pub displaced: Option<Rc<Displaced>>,
    /// The shipped scenario the work began from (the example, or the gallery entry
    /// loaded last): what Reset brings back.
    pub origin: &'static str,
    /// Presenter mode: the cluster alone, sized for a room (`?present=1`).
    pub present: bool,
    /// A presenter blanked the screen (B), as a slide deck does; frames still move.
    pub blanked: bool,
    /// Frames a trainer named, in frame order; links and saved work carry them.
    pub bookmarks: Vec<Bookmark>,
    /// The answer to the last [`Action::Request`]: its sender finds it by its id.
    pub answer: Option<Answer>,
    /// A console command the engine still runs beside the view.
    pub command_under_way: Option<CommandUnderWay>,
}

/// A console command begun but not done: it takes simulated time, which the engine
/// runs a slice at a time ([`Action::Worked`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandUnderWay {
    /// Who waits for the answer, if anyone.
    pub request: Option<RequestId>,
    /// The timeline's length when it began: its frames are those from here on.
    pub frames_before: usize,
}

/// The user's work as a replacement found it: the editor's text and what was done in
/// the session, enough to bring both back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Displaced {
    pub text: String,
    pub record: Option<SessionRecord>,
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.lang == other.lang
            && self.text == other.text
            && self.applied_text == other.applied_text
            && self.editor_generation == other.editor_generation
            && match (&self.session, &other.session) {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            }
            && self.error == other.error
            && self.work_revision == other.work_revision
            && self.seek_when_ready == other.seek_when_ready
            && self.cursor == other.cursor
            && self.playing == other.playing
            && self.speed == other.speed
            && self.run_on == other.run_on
            && self.console_revision == other.console_revision
            && self.selected_node == other.selected_node
            && self.displaced == other.displaced
            && std::ptr::eq(self.origin, other.origin)
            && self.present == other.present
            && self.blanked == other.blanked
            && self.bookmarks == other.bookmarks
            && self.answer == other.answer
            && self.command_under_way == other.command_under_way
    }
}

#[derive(Clone, Debug)]
pub enum Action {
    /// The user typed in the editor.
    Edit(String),
    /// Load the editor's text; on error keep the current session and show where.
    Apply,
    /// Put the shipped scenario the work began from back in the editor and load it.
    Reset,
    Seek(usize),
    StepForward,
    StepBack,
    /// To the nearest marked frame after / before the cursor (or the end / start).
    NextMarker,
    PreviousMarker,
    Play,
    Pause,
    /// The playback timer fired.
    Tick,
    /// The engine played more of the steps, or stopped.
    Worked,
    SetSpeed(Speed),
    SetRunOn(RunOn),
    SetLang(Lang),
    /// A console command, run at the end of the timeline.
    Execute(String),
    /// A console command whose sender waits for its answer: [`State::answer`] names
    /// `id` once it ran (a blank line runs nothing and is not answered).
    Request { id: RequestId, line: String },
    /// Replace the editor's text from outside (a link, restored work, an embedding
    /// page) and load it.
    LoadText(String),
    /// Rewrite the editor's text (the pool form does) and Apply it, as Apply of the same
    /// edit by hand would: nothing to restore, console work carried over a reload, and
    /// a refused text changes nothing.
    EditAndApply(String),
    /// A scenario an embedding page sent was refused before loading (over a link's
    /// limits): the cluster stays, and the page says why.
    RefuseSent(LoadError),
    /// Replace the editor's text and replay the session a link or saved work recorded.
    Resume { text: String, record: Option<SessionRecord> },
    /// Bring back the work the last gallery load or Reset replaced.
    RestoreDisplaced,
    /// Forget it.
    DismissDisplaced,
    SelectNode(Option<String>),
    /// Enter or leave presenter mode (leaving also takes the blank away).
    SetPresent(bool),
    /// Blank the presenter's screen, or show it again.
    SetBlank(bool),
    /// Name a frame (renames a frame already named).
    Bookmark { frame: usize, name: String },
    RemoveBookmark(usize),
}

impl State {
    pub fn new(lang: Lang, text: &str) -> State {
        State::resume(lang, text, None)
    }

    /// `text` in the editor and, when a `record` comes along (a link, saved work), the
    /// session it replays; else, or when it no longer replays, the session of `text`.
    pub fn resume(lang: Lang, text: &str, record: Option<&SessionRecord>) -> State {
        State::resume_sliced(lang, text, record, false)
    }

    /// As [`State::resume`], the steps of a scenario loaded from a text (not a record)
    /// played a slice at a time when `slicing` (the page's own state).
    pub fn resume_sliced(lang: Lang, text: &str, record: Option<&SessionRecord>, slicing: bool) -> State {
        let mut state = State {
            lang,
            text: text.to_string(),
            applied_text: String::new(),
            editor_generation: 0,
            session: None,
            error: None,
            cursor: 0,
            playing: false,
            speed: Speed::default(),
            run_on: RunOn::default(),
            console_revision: 0,
            work_revision: 0,
            slicing,
            seek_when_ready: None,
            selected_node: None,
            displaced: None,
            // Work that is a shipped scenario (a link to one, say) resets to it.
            origin: crate::gallery::shipped_text(text).unwrap_or(EXAMPLE_SCENARIO),
            present: false,
            blanked: false,
            bookmarks: Vec::new(),
            answer: None,
            command_under_way: None,
        };
        state.restore(record);
        state
    }

    /// What a link or saved work must carry to replay this session: its record, when
    /// anything was done after the scenario's steps, or when the editor holds a draft
    /// (perhaps broken) that is not what the cluster runs: the draft alone would
    /// bring back no cluster.
    pub fn record(&self) -> Option<SessionRecord> {
        let session = self.session.as_ref()?;
        let record = session.record();
        let draft = self.text != record.applied_text();
        (draft || !record.entries.is_empty()).then(|| record.clone())
    }

    /// Whether the engine still works beside the view: the steps, or a console command.
    pub fn is_working(&self) -> bool {
        self.session.as_ref().is_some_and(|session| session.is_working())
    }

    pub fn frame_count(&self) -> usize {
        self.session.as_ref().map_or(0, |session| session.frame_count())
    }

    /// The first frame of `frames` that carries a marker or a bookmark: a trainer's
    /// stops are marked frames too, so PageDown and Shift+→ stop at them.
    fn marked_frame(&self, mut frames: impl Iterator<Item = usize>) -> Option<usize> {
        let session = self.session.as_ref()?;
        let bookmarked = |index: usize| self.bookmarks.iter().any(|b| b.frame == index);
        frames.find(|&index| bookmarked(index) || session.frame(index).is_some_and(|frame| !frame.markers.is_empty()))
    }

    fn last_frame(&self) -> usize {
        self.frame_count().saturating_sub(1)
    }

    /// Where Play at the end starts again: just before the last console command (or
    /// Apply) that changed the cluster, so what was just done plays again; with none,
    /// at the start.
    fn replay_start(&self) -> usize {
        let last = self.last_frame();
        let session = self.session.as_ref();
        let last_command = session.and_then(|s| s.console().iter().rev().map(|o| o.first_frame).find(|&first| first > 0 && first <= last));
        last_command.map_or(0, |first| first - 1)
    }

    pub fn is_applied(&self) -> bool {
        self.error.is_none() && self.text == self.applied_text
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Edit(text) => next.text = text,
            Action::Apply => next.apply_edit(),
            Action::EditAndApply(text) => {
                next.text = text;
                next.editor_generation = next.editor_generation.wrapping_add(1);
                next.apply_edit();
            }
            Action::Reset => {
                next.bookmarks.clear();
                next.displace(next.origin);
                next.text = next.origin.to_string();
                next.editor_generation = next.editor_generation.wrapping_add(1);
                next.apply();
            }
            Action::LoadText(text) => {
                if let Some(shipped) = crate::gallery::shipped_text(&text) {
                    next.origin = shipped;
                }
                next.displace(&text);
                // Another scenario's frames: the bookmarks would point anywhere.
                next.bookmarks.clear();
                next.text = text;
                next.editor_generation = next.editor_generation.wrapping_add(1);
                next.apply();
            }
            Action::RefuseSent(error) => {
                next.error = Some(error);
                next.playing = false;
            }
            Action::Resume { text, record } => {
                next.text = text;
                next.editor_generation = next.editor_generation.wrapping_add(1);
                next.restore(record.as_ref());
            }
            Action::RestoreDisplaced => {
                if let Some(work) = next.displaced.take() {
                    next.text = work.text.clone();
                    next.editor_generation = next.editor_generation.wrapping_add(1);
                    next.restore(work.record.as_ref());
                }
            }
            Action::DismissDisplaced => next.displaced = None,
            Action::SelectNode(node) => next.selected_node = node,
            Action::SetPresent(on) => {
                next.present = on;
                next.blanked &= on;
            }
            Action::SetBlank(on) => next.blanked = on && next.present,
            Action::Bookmark { frame, name } => {
                next.bookmarks = bookmarks::with_bookmark(&next.bookmarks, frame.min(next.last_frame()), &name);
            }
            Action::RemoveBookmark(frame) => next.bookmarks = bookmarks::without_bookmark(&next.bookmarks, frame),
            Action::Seek(frame) => {
                next.cursor = frame.min(next.last_frame());
                // Past the frames made so far, while more are coming: go there once made.
                next.seek_when_ready = (frame > next.last_frame() && next.is_working()).then_some(frame);
                next.playing = false;
            }
            Action::StepForward => {
                next.cursor = (next.cursor + 1).min(next.last_frame());
                next.playing = false;
            }
            Action::StepBack => {
                next.cursor = next.cursor.saturating_sub(1);
                next.playing = false;
            }
            Action::NextMarker => {
                next.cursor = next.marked_frame((next.cursor + 1)..=next.last_frame()).unwrap_or(next.last_frame());
                next.playing = false;
            }
            Action::PreviousMarker => {
                next.cursor = next.marked_frame((0..next.cursor).rev()).unwrap_or(0);
                next.playing = false;
            }
            Action::Play => {
                if next.cursor >= next.last_frame() && !next.is_working() {
                    next.cursor = next.replay_start();
                }
                // Pressed before the engine made a second frame, it plays what comes.
                next.playing = next.frame_count() > 1 || next.is_working();
            }
            Action::Pause => next.playing = false,
            Action::Tick => {
                if next.playing {
                    next.cursor = (next.cursor + next.speed.frames_per_tick()).min(next.last_frame());
                    // While the steps still play, the frames to come are waited for.
                    next.playing = next.cursor < next.last_frame() || next.is_working();
                }
            }
            // A slice of the steps was played (`hooks::use_simulation`): more frames to show.
            Action::Worked => {
                next.work_revision = next.work_revision.wrapping_add(1);
                next.command_finished();
                if let Some(frame) = next.seek_when_ready.filter(|&frame| frame <= next.last_frame() || !next.is_working()) {
                    next.cursor = frame.min(next.last_frame());
                    next.seek_when_ready = None;
                }
                next.playing &= next.cursor < next.last_frame() || next.is_working();
            }
            Action::SetSpeed(speed) => next.speed = speed,
            Action::SetRunOn(run_on) => next.run_on = run_on,
            Action::SetLang(lang) => next.lang = lang,
            Action::Execute(line) => next.execute(&line, None),
            Action::Request { id, line } => next.execute(&line, Some(id)),
        }
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

/// What components get from the context.
pub type Playground = UseReducerHandle<State>;

mod loading;
#[cfg(test)]
mod playback_tests;
#[cfg(test)]
mod tests;
