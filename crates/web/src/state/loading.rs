//! How the reducer's actions reach the engine: a text loaded, a record replayed, an
//! edit applied, a console line run, each through the [`Session`].

use std::rc::Rc;

use super::{Displaced, State};
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
        match session.apply_edit(&self.text) {
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
                    self.playing = first < session.last_frame();
                    self.console_revision = self.console_revision.wrapping_add(1);
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

    /// Runs a console `line`: its outcome's index in the console, unless the line was blank.
    pub(super) fn execute(&mut self, line: &str) -> Option<usize> {
        let session = self.session.as_ref().filter(|_| !line.trim().is_empty())?;
        // Show what the command led to: played from its first frame when the cluster
        // went on reacting, as after Apply.
        let frames_before = session.frame_count();
        let outcome = session.execute_at(line, self.cursor, self.run_on);
        // A query or a refused command adds no frame: the view, playing or not, stays
        // where it is.
        if session.frame_count() > frames_before {
            self.playing = outcome.last_frame > outcome.first_frame;
            self.cursor = if self.playing { outcome.first_frame } else { outcome.last_frame };
        }
        self.console_revision = self.console_revision.wrapping_add(1);
        Some(session.console().len() - 1)
    }
}
