//! Moving on the timeline: speeds, steps, markers, Play, bookmarks.

use super::tests::example;
use super::*;

#[test]
fn speeds_run_from_a_quarter_to_a_hundred_times() {
    let labels: Vec<&str> = Speed::ALL.iter().map(|s| s.label()).collect();
    assert_eq!(labels, ["0.25×", "0.5×", "1×", "2×", "4×", "10×", "20×", "50×", "100×"]);
    let intervals: Vec<u32> = Speed::ALL.iter().map(|s| s.frame_interval_ms()).collect();
    assert_eq!(intervals, [2800, 1400, 700, 350, 175, 70, 35, 28, 35]);
    // Frames per second of playing, as the multiple of 1× (one frame per 700 ms) each label says.
    for speed in Speed::ALL {
        let multiple = 700.0 * speed.frames_per_tick() as f64 / f64::from(speed.frame_interval_ms());
        assert_eq!(format!("{multiple}×"), speed.label(), "{speed:?}");
    }
    // 100× moves five frames a tick, and stops at the last.
    let mut state = example().reduce(Action::SetSpeed(Speed::Hundred)).reduce(Action::Seek(0)).reduce(Action::Play);
    state = state.reduce(Action::Tick);
    assert_eq!(state.cursor, 5.min(state.frame_count() - 1));
    for _ in 0..state.frame_count() {
        state = state.reduce(Action::Tick);
    }
    assert_eq!((state.cursor, state.playing), (state.frame_count() - 1, false));
}

#[test]
fn stepping_is_clamped_to_the_timeline() {
    let state = example().reduce(Action::Seek(usize::MAX));
    let last = state.cursor;
    let state = state.reduce(Action::StepForward);
    assert_eq!(state.cursor, last);
    let state = state.reduce(Action::Seek(0)).reduce(Action::StepBack);
    assert_eq!(state.cursor, 0);
    let state = state.reduce(Action::StepForward).reduce(Action::StepForward).reduce(Action::StepBack);
    assert_eq!(state.cursor, 1);
    assert_eq!(state.reduce(Action::Seek(usize::MAX)).cursor, last);
}

#[test]
fn shift_arrows_jump_from_marker_to_marker() {
    let state = example().reduce(Action::Seek(0));
    let session = state.session.clone().expect("loaded");
    let marked: Vec<usize> =
        (1..session.frame_count()).filter(|&i| session.frame(i).is_some_and(|f| !f.markers.is_empty())).collect();
    assert!(marked.len() >= 8, "steps, the update, five batches, completions: {marked:?}");
    let mut state = state;
    for &frame in &marked {
        state = state.reduce(Action::NextMarker);
        assert_eq!(state.cursor, frame);
    }
    state = state.reduce(Action::NextMarker);
    assert_eq!(state.cursor, session.last_frame(), "past the last marker: the end");
    state = state.reduce(Action::Seek(marked[3])).reduce(Action::PreviousMarker);
    assert_eq!(state.cursor, marked[2]);
    state = state.reduce(Action::Seek(marked[0])).reduce(Action::PreviousMarker);
    let first_marked = (0..=marked[0]).find(|&i| session.frame(i).is_some_and(|f| !f.markers.is_empty()) && i < marked[0]);
    assert_eq!(state.cursor, first_marked.unwrap_or(0));
}

#[test]
fn play_from_the_end_restarts_and_stops_at_the_last_frame() {
    let state = example().reduce(Action::Seek(usize::MAX)).reduce(Action::Play);
    assert!(state.playing);
    assert_eq!(state.cursor, 0);
    let mut state = state;
    for _ in 0..state.frame_count() + 5 {
        state = state.reduce(Action::Tick);
    }
    assert!(!state.playing);
    assert_eq!(state.cursor, state.frame_count() - 1);
    // After a console command, Play at the end plays the command again, from the
    // frame before it.
    let commanded = state.clone().reduce(Action::Execute("kubectl cordon node-02".into()));
    let first = commanded.session.as_ref().expect("loaded").console()[0].first_frame;
    let replay = commanded.reduce(Action::Seek(usize::MAX)).reduce(Action::Play);
    assert_eq!((replay.cursor, replay.playing), (first - 1, true));
    // A seek while playing pauses.
    let state = state.reduce(Action::Play).reduce(Action::Tick).reduce(Action::Seek(2));
    assert!(!state.playing);
}

#[test]
fn bookmarks_are_stops_for_the_marker_keys_and_a_new_scenario_drops_them() {
    let state = example().reduce(Action::Seek(0));
    let session = state.session.clone().expect("loaded");
    let unmarked = (1..session.frame_count()).find(|&i| session.frame(i).is_some_and(|f| f.markers.is_empty())).expect("a plain frame");
    let state = state.reduce(Action::Bookmark { frame: unmarked, name: "look here".into() });
    assert_eq!(state.bookmarks, [crate::bookmarks::Bookmark { frame: unmarked, name: "look here".into() }]);
    let from_before = state.clone().reduce(Action::Seek(unmarked - 1)).reduce(Action::NextMarker);
    assert_eq!(from_before.cursor, unmarked, "the next stop is the bookmark");
    let back = state.clone().reduce(Action::Seek(unmarked + 1)).reduce(Action::PreviousMarker);
    assert_eq!(back.cursor, unmarked);
    assert!(state.clone().reduce(Action::RemoveBookmark(unmarked)).bookmarks.is_empty());
    assert!(state.clone().reduce(Action::Reset).bookmarks.is_empty());
    // Blanking is for presenter mode only, and leaving it shows the screen again.
    assert!(!state.clone().reduce(Action::SetBlank(true)).blanked);
    let blank = state.reduce(Action::SetPresent(true)).reduce(Action::SetBlank(true));
    assert!(blank.blanked);
    assert!(!blank.reduce(Action::SetPresent(false)).blanked);
}

#[test]
fn unchanged_state_is_the_same_rc() {
    let state = example();
    let again = state.clone().reduce(Action::Pause);
    assert!(Rc::ptr_eq(&state, &again), "no re-render for a no-op");
}
