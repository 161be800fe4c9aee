//! The timeline's transport and the box below it, as values.

use dsplay_engine::simulation::{Frame, Marker};

use crate::components::marker_text;
use crate::i18n::{narrate, Lang};

/// The transport's state at a frame: which ends are reached, what the counter says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transport {
    pub at_start: bool,
    pub at_end: bool,
    /// With no frames (nothing loaded) there is nothing to play.
    pub playable: bool,
    /// The counter's "frame N of M": the 1-based frame shown, never past the count.
    pub shown: usize,
    pub count: usize,
    pub status: PlaybackStatus,
}

/// What the hidden status says of playback: nothing until it first starts, then each
/// start and stop once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaybackStatus {
    Silent,
    Playing,
    Paused,
}

impl Transport {
    pub fn at(cursor: usize, count: usize, playing: bool, has_played: bool) -> Transport {
        let status = match (has_played, playing) {
            (false, _) => PlaybackStatus::Silent,
            (true, true) => PlaybackStatus::Playing,
            (true, false) => PlaybackStatus::Paused,
        };
        Transport {
            at_start: cursor == 0,
            at_end: cursor >= count.saturating_sub(1),
            playable: count > 0,
            shown: (cursor + 1).min(count),
            count,
            status,
        }
    }
}

/// An ARIA boolean attribute's value.
pub fn aria(value: bool) -> &'static str {
    if value {
        "true"
    } else {
        "false"
    }
}

/// A live region is silent while playback runs, so it speaks when a person moves.
pub fn live(playing: bool) -> &'static str {
    if playing {
        "off"
    } else {
        "polite"
    }
}

/// The frame's cause in words; a sync that replaced pods adds what rollingUpdate
/// decided, and within what budget.
pub fn frame_cause(frame: &Frame, lang: Lang) -> String {
    let mut cause = narrate(frame, lang).into_owned();
    for batch in frame.markers.iter().filter(|marker| matches!(marker, Marker::RolloutBatch { .. })) {
        cause.push_str(lang.panels().colon);
        cause.push_str(&marker_text(batch, lang.panels()));
    }
    cause
}

/// A step or console command the box below the timeline can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub first_frame: usize,
    /// Typed in the console (or an Apply), rather than one of the scenario's steps.
    pub typed: bool,
    /// In the steps, or in the console.
    pub index: usize,
}

/// What the box below the timeline shows at `cursor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepOutputAt {
    /// Nothing to show, now or later.
    None,
    /// Nothing printed yet, but a later step prints: the box is kept, empty, so the
    /// cluster below does not jump when it first fills.
    Later,
    Show(Candidate),
}

/// The latest candidate up to the cursor; console commands run after every step, so
/// on the same frame the command is the later.
pub fn step_output_at(candidates: &[Candidate], cursor: usize) -> StepOutputAt {
    let latest = candidates.iter().filter(|c| c.first_frame <= cursor).max_by_key(|c| (c.first_frame, c.typed, c.index));
    match latest {
        Some(latest) => StepOutputAt::Show(*latest),
        None if candidates.iter().any(|c| !c.typed) => StepOutputAt::Later,
        None => StepOutputAt::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transport_at_the_ends_and_between() {
        let start = Transport::at(0, 10, false, false);
        assert_eq!((start.at_start, start.at_end, start.playable, start.shown, start.status), (true, false, true, 1, PlaybackStatus::Silent));
        let middle = Transport::at(4, 10, true, true);
        assert_eq!((middle.at_start, middle.at_end, middle.shown, middle.status), (false, false, 5, PlaybackStatus::Playing));
        let end = Transport::at(9, 10, false, true);
        assert_eq!((end.at_end, end.shown, end.status), (true, 10, PlaybackStatus::Paused));
        // Nothing loaded: both ends at once, nothing to play, "frame 0 of 0".
        let empty = Transport::at(0, 0, false, false);
        assert_eq!((empty.at_start, empty.at_end, empty.playable, empty.shown, empty.count), (true, true, false, 0, 0));
        assert_eq!((aria(true), aria(false), live(true), live(false)), ("true", "false", "off", "polite"));
    }

    #[test]
    fn the_box_shows_the_latest_output_up_to_the_cursor() {
        let step = |first_frame, index| Candidate { first_frame, typed: false, index };
        let typed = |first_frame, index| Candidate { first_frame, typed: true, index };
        let candidates = [step(3, 0), step(8, 2), typed(8, 0), typed(12, 1)];
        assert_eq!(step_output_at(&candidates, 0), StepOutputAt::Later);
        assert_eq!(step_output_at(&candidates, 3), StepOutputAt::Show(step(3, 0)));
        assert_eq!(step_output_at(&candidates, 7), StepOutputAt::Show(step(3, 0)));
        assert_eq!(step_output_at(&candidates, 8), StepOutputAt::Show(typed(8, 0)), "the command runs after the step on its frame");
        assert_eq!(step_output_at(&candidates, 99), StepOutputAt::Show(typed(12, 1)));
        // Only console commands, none reached: no box at all.
        assert_eq!(step_output_at(&[typed(5, 0)], 2), StepOutputAt::None);
        assert_eq!(step_output_at(&[], 2), StepOutputAt::None);
    }

    #[test]
    fn a_batch_frame_says_what_rolling_update_decided() {
        let entry = crate::gallery::GALLERY.iter().find(|e| e.text.contains("rollout")).expect("a rollout in the gallery");
        let mut simulation = dsplay_engine::simulation::Simulation::load(entry.text).expect("loads");
        simulation.run_steps();
        let frames = simulation.frames();
        let batch = frames.iter().find(|f| f.markers.iter().any(|m| matches!(m, Marker::RolloutBatch { .. }))).expect("a batch");
        let cause = frame_cause(batch, Lang::En);
        let (said, decided) = cause.split_once(": ").expect("the batch after a colon");
        assert_eq!(said, narrate(batch, Lang::En));
        assert!(decided.contains(": batch 1, ") && decided.contains(" deleted") && decided.contains("maxUnavailable"), "{decided}");
        let plain = frames.iter().find(|f| f.markers.is_empty()).expect("a frame without markers");
        assert_eq!(frame_cause(plain, Lang::En), narrate(plain, Lang::En));
    }
}
