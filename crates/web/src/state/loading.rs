//! How the reducer's actions reach the engine: a text loaded, a record replayed, an
//! edit applied, a console line run, each through the [`Session`].

use std::rc::Rc;

use super::{Answer, CommandUnderWay, Displaced, RequestId, State};
use crate::session::{Applied, Session};
use crate::session_record::SessionRecord;

impl State {
    /// Keeps the current work before `new_text` replaces it, unless nothing would be
    /// lost: nothing done since it loaded, and a text that is the new one or one the
    /// app ships (the example, a gallery scenario), which can be loaded again.
    pub(super) fn displace(&mut self, new_text: &str) {
        let record = self.record();
        let own_text = self.text != new_text && !crate::gallery::is_shipped(&self.text);
        if own_text || record.is_some() {
            self.displaced = Some(Rc::new(Displaced { text: self.text.clone(), record }));
        }
    }

    pub(super) fn apply(&mut self) {
        let loaded = if self.slicing { Session::open(&self.text) } else { Session::load(&self.text) };
        match loaded {
            Ok(session) => self.show(session),
            Err(error) => self.error = Some(error),
        }
        self.playing = false;
    }

    pub(super) fn restore(&mut self, record: Option<&SessionRecord>) {
        match record.map(Session::replay) {
            Some(Ok(session)) => {
                let applied = session.record().applied_text().to_owned();
                let worked_on = !session.record().entries.is_empty();
                self.show(session);
                self.applied_text = applied;
                // Work done after the steps (console commands, Applies) is shown done.
                if worked_on {
                    self.cursor = self.last_frame();
                }
            }
            _ => self.apply(),
        }
    }

    /// A new session of the editor's text, shown at its first frame: the story is told
    /// by Play, not already over (a link that names a frame seeks to it afterwards).
    pub(super) fn show(&mut self, session: Session) {
        self.cursor = 0;
        self.command_under_way = None;
        self.session = Some(Rc::new(session));
        self.applied_text = self.text.clone();
        self.error = None;
        self.playing = false;
    }

    /// Apply in the editor: `kubectl apply -f` of the edited text on the running
    /// simulation when only manifests changed, and the rollout it starts plays from its
    /// first frame; a new session when the scenario itself changed.
    pub(super) fn apply_edit(&mut self) {
        let Some(session) = self.session.clone() else {
            return self.apply();
        };
        self.finish_command();
        let frames_before = session.frame_count();
        let applied = if self.slicing { session.begin_apply_edit(&self.text) } else { session.apply_edit(&self.text) };
        match applied {
            // The scenario starts again, and plays, as an Apply in place plays its rollout.
            Ok(Applied::Reloaded(session)) => {
                if !self.slicing {
                    session.finish();
                }
                self.show(*session);
                self.playing = self.last_frame() > 0 || self.is_working();
            }
            Ok(Applied::InPlace { first_frame, refused }) => {
                if let Some(first) = first_frame {
                    self.cursor = first;
                    self.playing = first < session.last_frame() || session.is_working();
                    self.console_revision = self.console_revision.wrapping_add(1);
                }
                // The cluster settles a slice at a time, as after a console command.
                if session.is_working() {
                    self.command_under_way = Some(CommandUnderWay { request: None, frames_before });
                }
                // A refused object is not live: the text is not what the cluster runs.
                if refused.is_none() {
                    self.applied_text = self.text.clone();
                }
                self.error = refused;
            }
            Err(error) => {
                self.error = Some(error);
                self.playing = false;
            }
        }
    }

    /// Runs a console `line` (a blank one runs nothing), answered (`answer`) to
    /// `request` once it ran: at once, or, when it takes simulated time and the page
    /// plays a slice at a time, when the engine is done with it ([`Action::Worked`]),
    /// its frames shown as they come.
    pub(super) fn execute(&mut self, line: &str, request: Option<RequestId>) {
        let Some(session) = self.session.clone().filter(|_| !line.trim().is_empty()) else { return };
        // One command at a time: one still running is done first, and answered first.
        self.finish_command();
        let frames_before = session.frame_count();
        self.console_revision = self.console_revision.wrapping_add(1);
        let done = if self.slicing {
            session.begin_at(line, self.cursor, self.run_on)
        } else {
            session.execute_at(line, self.cursor, self.run_on);
            true
        };
        if !done {
            self.command_under_way = Some(CommandUnderWay { request, frames_before });
            self.seek_when_ready = Some(frames_before);
            self.playing = true;
            return;
        }
        // Show what the command led to: played from its first frame when the cluster
        // went on reacting, as after Apply. A query or a refused command adds no frame:
        // the view, playing or not, stays where it is.
        let entry = session.console().len() - 1;
        let (first, last) = session.console().get(entry).map_or((0, 0), |outcome| (outcome.first_frame, outcome.last_frame));
        if session.frame_count() > frames_before {
            self.playing = last > first;
            self.cursor = if self.playing { first } else { last };
        }
        if let Some(id) = request {
            self.answer = Some(Answer { id, entry });
        }
    }

    /// The command under way, if the engine finished it (or was stopped): answered, and
    /// when it made no frame, the view stays where it was.
    pub(super) fn command_finished(&mut self) {
        let Some(session) = self.session.clone() else { return };
        let Some(entry) = session.take_finished_command() else { return };
        let Some(under_way) = self.command_under_way.take() else { return };
        self.console_revision = self.console_revision.wrapping_add(1);
        if session.frame_count() == under_way.frames_before {
            self.seek_when_ready = None;
        }
        if let Some(id) = under_way.request {
            self.answer = Some(Answer { id, entry });
        }
    }

    /// Finishes the command under way at once, before anything else changes the session.
    pub(super) fn finish_command(&mut self) {
        if let Some(session) = self.session.clone().filter(|_| self.command_under_way.is_some()) {
            session.finish();
            self.command_finished();
        }
    }
}
