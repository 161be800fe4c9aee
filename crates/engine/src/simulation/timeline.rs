//! Which frames the timeline records: one per command that changed the cluster (or
//! per step), one per change the cluster made on its own, and one when the clock moved
//! on with nothing happening.

use super::{Frame, FrameCause, Marker, Simulation};

impl Simulation {
    /// The frame a command starts: marked with its step, or for a console command
    /// with its text when it changed the cluster (a `get` leaves no frame).
    pub(super) fn record_command_frame(&mut self, text: &str, step: Option<usize>) {
        match step {
            Some(index) => self.record_frame(FrameCause::Command(text.to_string()), Some(Marker::Step(index))),
            None if self.changed_since_last_frame() => {
                self.push_frame(FrameCause::Command(text.to_string()), Some(Marker::Command(text.to_string())));
            }
            None => {}
        }
    }

    /// Whether the cluster differs from the last frame's (a shared snapshot does not).
    pub(super) fn changed_since_last_frame(&self) -> bool {
        self.frames.last().is_none_or(|last| !last.state.is_same_snapshot(&self.api.state))
    }

    /// Appends a frame if anything changed since the last one (or always, for a
    /// marked frame such as a step).
    pub(super) fn record_frame(&mut self, cause: FrameCause, marker: Option<Marker>) {
        if self.changed_since_last_frame() || marker.is_some() {
            self.push_frame(cause, marker);
        }
    }

    /// The clock moved past the last frame with nothing happening (an `advance` to a
    /// quiet time): one frame at the new time, so the view's clock and the ages kubectl
    /// prints agree.
    pub(super) fn record_clock_frame(&mut self, cause: FrameCause) {
        if self.frames.last().is_some_and(|last| last.time_ms < self.api.now()) {
            self.push_frame(cause, None);
        }
    }

    pub(super) fn push_frame(&mut self, cause: FrameCause, marker: Option<Marker>) {
        let now = self.api.now();
        let completions = self.rollouts.observe(&self.api.state, now);
        let markers = marker
            .into_iter()
            .chain(self.pending_markers.drain(..))
            .chain(completions.into_iter().map(Marker::RolloutComplete))
            .collect();
        self.frames.push(Frame { time_ms: now, cause, state: self.api.state.clone(), markers });
    }
}
