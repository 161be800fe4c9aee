use super::*;

pub(super) fn example() -> Rc<State> {
    Rc::new(State::new(Lang::En, EXAMPLE_SCENARIO))
}

/// What the page's simulation hook does: a slice of four due actions, then `Worked`,
/// until the engine is done; the state then, and how many slices it took.
fn work_in_slices(mut state: Rc<State>, session: &Session) -> (Rc<State>, usize) {
    let mut slices = 0;
    while !session.work(dsplay_engine::simulation::Budget::actions(4)) {
        state = state.reduce(Action::Worked);
        slices += 1;
    }
    (state.reduce(Action::Worked), slices)
}

/// With "run on" off a console command runs as a step does: `node down` leaves the
/// node Ready until the clock is moved, so the grace period can be shown; the record
/// says so, and a replay gives the same timeline.
#[test]
fn without_run_on_a_command_leaves_the_clock_where_it_was() {
    let paused = example().reduce(Action::SetRunOn(RunOn::No)).reduce(Action::Execute("node down node-03".into()));
    let session = paused.session.as_ref().expect("a session");
    let down = session.console().last().cloned().expect("the command ran");
    assert_eq!(down.error, None);
    let end = session.frame(session.last_frame()).expect("a frame");
    let ready = dsplay_engine::node_lifecycle::ready_status(end.state.nodes.get("node-03").expect("node-03"));
    assert_eq!(ready, Some("True"), "no time passed, so the node is not yet NotReady");
    drop(end);
    let record = session.record().clone();
    assert_eq!(record.entries.last(), Some(&crate::session_record::Entry::Step("node down node-03".into())));
    let replayed = Session::replay(&record).expect("replays");
    assert_eq!(replayed.frame_count(), session.frame_count());

    let running = example().reduce(Action::Execute("node down node-03".into()));
    let session = running.session.as_ref().expect("a session");
    let end = session.frame(session.last_frame()).expect("a frame");
    let ready = dsplay_engine::node_lifecycle::ready_status(end.state.nodes.get("node-03").expect("node-03"));
    assert_eq!(ready, Some("Unknown"), "the cluster ran on past the grace period");
}

#[test]
fn a_sliced_load_shows_frames_as_they_come_and_reaches_a_named_frame() {
    let state = Rc::new(State::resume_sliced(Lang::En, EXAMPLE_SCENARIO, None, true));
    assert!(state.is_working(), "the steps play a slice at a time");
    assert_eq!(state.frame_count(), 1, "nothing played yet");
    assert!(Rc::clone(&state).reduce(Action::Play).playing, "Play before a second frame plays the frames to come");
    let mut state = state.reduce(Action::Seek(40));
    assert_eq!((state.cursor, state.seek_when_ready), (state.last_frame(), Some(40)), "the frame is not made yet");
    let session = state.session.clone().expect("a session");
    let slices;
    (state, slices) = work_in_slices(state, &session);
    assert!(slices > 10, "{slices} slices");
    assert_eq!((state.cursor, state.seek_when_ready), (40, None), "there once made");
    let whole = Session::load(EXAMPLE_SCENARIO).expect("loads");
    assert_eq!(session.frame_count(), whole.frame_count());
    assert_eq!(session.steps().len(), whole.steps().len());
}

#[test]
fn the_example_loads_and_every_step_holds() {
    let state = example();
    assert_eq!(state.error, None);
    let session = state.session.as_ref().expect("the example scenario loads");
    assert!(session.frame_count() > 3, "a rollout takes several frames");
    assert_eq!((state.cursor, state.playing), (0, false), "the story opens at its first frame, for Play to tell");
    for step in session.steps().iter() {
        assert_eq!(step.error, None, "step {} was rejected", step.command);
        assert!(step.failures.is_empty(), "step {} failed: {:?}", step.command, step.failures);
    }
    assert!(state.is_applied());
}

#[test]
fn a_broken_edit_keeps_the_last_good_session_and_says_where() {
    let state = example();
    let before = state.session.clone().expect("loaded");
    let broken = EXAMPLE_SCENARIO.replacen("    count: 3", "\tcount: 3", 1);
    let line = broken.lines().position(|l| l == "\tcount: 3").map(|i| i + 1);
    let state = state.reduce(Action::Edit(broken)).reduce(Action::Apply);
    let error = state.error.clone().expect("tabs are not YAML indentation");
    assert_eq!(error.line, line);
    assert!(Rc::ptr_eq(state.session.as_ref().expect("kept"), &before));
    assert!(!state.is_applied());
}

#[test]
fn apply_of_a_new_image_rolls_out_on_the_running_timeline() {
    let state = example();
    let before = state.session.clone().expect("loaded");
    let frames_before = before.frame_count();
    let edited = EXAMPLE_SCENARIO.replace("image: nginx:1.24", "image: nginx:1.26");
    assert_ne!(edited, EXAMPLE_SCENARIO, "the example's image is nginx:1.24");
    let state = state.reduce(Action::Edit(edited)).reduce(Action::Apply);
    assert_eq!(state.error, None);
    assert!(state.is_applied());
    let session = state.session.as_ref().expect("kept");
    assert!(Rc::ptr_eq(session, &before), "the same timeline, extended");
    assert_eq!(state.cursor, frames_before, "the view jumps to the apply");
    assert!(state.playing, "and plays the rollout");
    let commands: Vec<String> = session.console().iter().map(|o| o.command.clone()).collect();
    assert_eq!(commands, ["kubectl apply -f node-logger", "settle"]);
    let last = session.frame(session.last_frame()).expect("a last frame");
    let images: Vec<Option<String>> =
        last.state.pods.values().map(|p| p.spec.as_ref().and_then(|s| s.containers[0].image.clone())).collect();
    assert_eq!(images.len(), 5);
    assert!(images.iter().all(|image| image.as_deref() == Some("nginx:1.26")), "{images:?}");
}

#[test]
fn apply_of_a_changed_pool_loads_the_scenario_anew() {
    let state = example();
    let before = state.session.clone().expect("loaded");
    let edited = EXAMPLE_SCENARIO.replacen("count: 3", "count: 4", 1);
    let state = state.reduce(Action::Edit(edited)).reduce(Action::Apply);
    assert!(state.is_applied());
    let session = state.session.as_ref().expect("loaded");
    assert!(!Rc::ptr_eq(session, &before));
    assert_eq!((state.cursor, state.playing), (0, true), "the scenario starts again and plays");
    assert!(session.console().is_empty());
}

#[test]
fn apply_of_an_immutable_field_is_refused_where_it_stands() {
    let state = example();
    let edited = EXAMPLE_SCENARIO.replace("{app: node-logger}", "{app: node-logger, tier: x}");
    // The API server names spec.selector: the line of its key.
    let line = edited.lines().position(|l| l == "  selector:").map(|i| i + 1);
    let state = state.reduce(Action::Edit(edited)).reduce(Action::Apply);
    let error = state.error.clone().expect("the selector is immutable");
    assert!(error.to_string().contains("field is immutable"), "{error}");
    assert_eq!(error.line, line);
    assert!(!state.is_applied());
}

#[test]
fn a_refused_apply_leaves_the_view_on_its_frame() {
    let state = example().reduce(Action::Seek(3));
    let edited = EXAMPLE_SCENARIO.replace("{app: node-logger}", "{app: node-logger, tier: x}");
    let state = state.reduce(Action::Edit(edited)).reduce(Action::Apply);
    assert!(state.error.is_some());
    assert_eq!((state.cursor, state.playing), (3, false));
}

#[test]
fn reset_replaces_the_editor_text_and_remounts_it() {
    let state = example().reduce(Action::Edit("garbage".into()));
    let generation = state.editor_generation;
    let state = state.reduce(Action::Reset);
    assert_eq!(state.text, EXAMPLE_SCENARIO);
    assert_ne!(state.editor_generation, generation);
    assert!(state.is_applied());
}

#[test]
fn a_console_command_extends_the_timeline_and_plays_what_it_led_to() {
    let state = example();
    let frames = state.frame_count();
    let state = state.reduce(Action::Seek(0)).reduce(Action::Execute("kubectl cordon node-02".into()));
    assert!(state.frame_count() > frames);
    let session = state.session.clone().expect("loaded");
    let console = session.console();
    assert_eq!(console.len(), 1);
    assert_eq!(console[0].output, "node/node-02 cordoned");
    assert_eq!(console[0].error, None);
    assert_eq!((state.cursor, state.playing), (console[0].first_frame, true), "played from the command on");
    assert_eq!(console[0].last_frame, state.frame_count() - 1, "up to where the cluster is quiet again");
    drop(console);

    let state = state.reduce(Action::Execute("kubectl frobnicate".into()));
    assert!(session.console()[1].error.is_some(), "an unknown command is an error, not a panic");
    // A blank line does nothing.
    let again = state.clone().reduce(Action::Execute("  ".into()));
    assert!(Rc::ptr_eq(&state, &again));
}

#[test]
fn a_pool_form_write_applies_like_an_edit_and_a_refused_one_changes_nothing() {
    let state = example().reduce(Action::Execute("kubectl cordon node-02".into()));
    let nodes = |state: &State| state.session.as_ref().and_then(|s| s.frame(s.last_frame()).map(|f| f.state.nodes.len()));
    let before = nodes(&state);
    let written = state.reduce(Action::EditAndApply(EXAMPLE_SCENARIO.replace("count: 3", "count: 4")));
    assert_eq!((written.error.as_ref(), written.displaced.as_ref()), (None, None), "nothing to restore");
    assert!(written.is_applied());
    assert_eq!(nodes(&written), before.map(|n| n + 1));
    let commands: Vec<String> = written.session.as_ref().expect("loaded").console().iter().map(|o| o.command.clone()).collect();
    assert_eq!(commands, ["kubectl cordon node-02"], "the console work carries over the reload");
    let session = written.session.clone().expect("loaded");
    let refused = written.reduce(Action::EditAndApply(EXAMPLE_SCENARIO.replace("count: 3", "count: 3\n    labels: {-bad: x}")));
    assert!(refused.error.is_some(), "the API server refuses the label");
    assert!(Rc::ptr_eq(refused.session.as_ref().expect("kept"), &session), "the cluster stays as it was");
    assert_eq!(refused.displaced, None);
    assert!(!refused.is_applied());
}

#[test]
fn reset_and_gallery_loads_keep_the_work_they_replace_until_restored() {
    let edited = EXAMPLE_SCENARIO.replace("count: 3", "count: 4");
    let state = example().reduce(Action::Execute("kubectl cordon node-02".into())).reduce(Action::Edit(edited.clone()));
    let state = state.reduce(Action::Reset);
    assert_eq!(state.text, EXAMPLE_SCENARIO);
    assert!(state.record().is_none(), "the reset session has no console work");
    let displaced = state.displaced.clone().expect("the edit and the cordon are kept");
    assert_eq!(displaced.text, edited);
    let state = state.reduce(Action::RestoreDisplaced);
    assert_eq!(state.text, edited);
    assert_eq!(state.displaced, None);
    let commands: Vec<String> = state.session.as_ref().expect("loaded").console().iter().map(|o| o.command.clone()).collect();
    assert_eq!(commands, ["kubectl cordon node-02"], "the console session is replayed");
    // Nothing to keep: the same text with nothing done.
    let unchanged = example().reduce(Action::Reset);
    assert_eq!(unchanged.displaced, None);
    let dismissed = state.reduce(Action::LoadText(EXAMPLE_SCENARIO.into())).reduce(Action::DismissDisplaced);
    assert_eq!(dismissed.displaced, None);
}

#[test]
fn reset_brings_back_the_gallery_scenario_the_work_began_from() {
    let entry = &crate::gallery::GALLERY[0];
    let state = example().reduce(Action::LoadText(entry.text.into()));
    let state = state.reduce(Action::Edit(entry.text.replacen("image:", "image: ", 1))).reduce(Action::Apply);
    let state = state.reduce(Action::Reset);
    assert_eq!(state.text, entry.text, "the entry, not the example");
    let state = state.reduce(Action::LoadText("my own scenario".into())).reduce(Action::Reset);
    assert_eq!(state.text, entry.text, "work of one's own does not become the origin");
}

#[test]
fn a_new_image_set_from_the_console_rolls_out_without_an_advance() {
    let state = example().reduce(Action::Execute("kubectl set image ds/node-logger logger=nginx:1.27".into()));
    let session = state.session.clone().expect("loaded");
    let last = session.frame(session.last_frame()).expect("a last frame");
    let images: Vec<Option<String>> =
        last.state.pods.values().map(|p| p.spec.as_ref().and_then(|s| s.containers[0].image.clone())).collect();
    assert_eq!(images.len(), 5);
    assert!(images.iter().all(|image| image.as_deref() == Some("nginx:1.27")), "{images:?}");
    drop(last);
    let playing = state.reduce(Action::Seek(3)).reduce(Action::Play);
    let read_only = playing.clone().reduce(Action::Execute("kubectl rollout status ds/node-logger".into()));
    assert!(read_only.playing, "a query does not stop the playback");
    assert_eq!(read_only.cursor, playing.cursor, "nor move the view");
    let session = read_only.session.clone().expect("loaded");
    let answer = session.console().last().cloned().expect("answered");
    assert_eq!((answer.first_frame, answer.last_frame), (playing.cursor, playing.cursor), "answered at the frame shown");
}

#[test]
fn an_apply_that_reloads_the_scenario_types_the_console_commands_again() {
    let state = example().reduce(Action::Execute("kubectl cordon node-02".into()));
    let edited = EXAMPLE_SCENARIO.replace("count: 3", "count: 4");
    let state = state.reduce(Action::Edit(edited)).reduce(Action::Apply);
    assert_eq!(state.error, None);
    let session = state.session.as_ref().expect("reloaded");
    let console = session.console();
    assert_eq!(console.iter().map(|o| o.command.as_str()).collect::<Vec<_>>(), ["kubectl cordon node-02"]);
    let last = session.frame(session.last_frame()).expect("a last frame");
    let node = last.state.nodes.get("node-02").expect("node-02 is still there");
    assert_eq!(node.spec.as_ref().and_then(|s| s.unschedulable), Some(true), "and cordoned again");
    assert!(last.state.nodes.contains_key("node-04"), "the new pool size took effect");
}

/// What a viewer sees of a state: each frame's cause and state, and the console.
fn timeline(state: &State) -> (Vec<String>, Vec<String>) {
    let session = state.session.as_ref().expect("loaded");
    let frames = (0..session.frame_count())
        .map(|i| session.frame(i).map(|f| format!("{} {} {:?}", f.time_ms, f.cause, f.state.pods)).unwrap_or_default())
        .collect();
    let console = session.console().iter().map(|o| format!("{} -> {} {:?}", o.command, o.output, o.error)).collect();
    (frames, console)
}

#[test]
fn the_record_replays_console_commands_and_applies_to_the_same_timeline() {
    let edited = EXAMPLE_SCENARIO.replace("image: nginx:1.24", "image: nginx:1.26");
    let state = example()
        .reduce(Action::Execute("kubectl cordon node-02".into()))
        .reduce(Action::Execute("kubectl frobnicate".into()))
        .reduce(Action::Edit(edited.clone()))
        .reduce(Action::Apply)
        .reduce(Action::Execute("node down node-03".into()))
        .reduce(Action::Execute("advance 2m".into()))
        .reduce(Action::Edit(format!("{edited}# not applied yet\n")));
    let record = state.record().expect("commands were run");
    assert_eq!(record.scenario, EXAMPLE_SCENARIO);
    assert_eq!(record.entries.len(), 5);
    assert_eq!(record.applied_text(), edited);

    let resumed = State::resume(Lang::En, &state.text, Some(&record));
    assert_eq!(timeline(&resumed), timeline(&state), "the same frames and console, in the same order");
    assert_eq!(resumed.cursor, state.frame_count() - 1);
    assert_eq!(resumed.text, state.text, "the editor keeps its unapplied edit");
    assert!(!resumed.is_applied());
    assert_eq!(resumed.record(), Some(record));
}

#[test]
fn an_apply_that_no_longer_loads_is_skipped_and_the_rest_replays() {
    let record = SessionRecord {
        scenario: EXAMPLE_SCENARIO.into(),
        entries: vec![
            crate::session_record::Entry::Apply("kind: Scenario\nspec: [broken\n".into()),
            crate::session_record::Entry::Run("kubectl cordon node-02".into()),
        ],
    };
    let state = State::resume(Lang::En, EXAMPLE_SCENARIO, Some(&record));
    let session = state.session.as_ref().expect("replayed");
    let console = session.console();
    assert_eq!(console.len(), 1, "the broken apply ran nothing");
    assert_eq!(console[0].output, "node/node-02 cordoned");
}

/// A reload (or the address bar's link) with a typo not yet applied brings back
/// the cluster the user was looking at, and the draft in the editor, not applied.
#[test]
fn a_broken_draft_is_kept_with_the_cluster_it_edits() {
    let draft = format!("broken: [\n{EXAMPLE_SCENARIO}");
    let state = example().reduce(Action::Edit(draft.clone()));
    let record = state.record().expect("the draft is not what the cluster runs");
    assert!(record.entries.is_empty());
    let resumed = State::resume(Lang::En, &draft, Some(&record));
    assert_eq!(timeline(&resumed), timeline(&state));
    assert_eq!((resumed.text.as_str(), resumed.error.as_ref()), (draft.as_str(), None));
    assert!(!resumed.is_applied());
    // Without the record, the draft alone loads nothing.
    assert_eq!(State::resume(Lang::En, &draft, None).frame_count(), 0);
}

#[test]
fn a_record_that_no_longer_loads_falls_back_to_the_text() {
    let record = SessionRecord { scenario: "not: [a scenario".into(), entries: vec![] };
    let state = State::resume(Lang::En, EXAMPLE_SCENARIO, Some(&record));
    assert_eq!(state.error, None);
    assert!(state.is_applied());
    assert_eq!(state.record(), None, "nothing was done after the steps");
}

/// On the page a console command that takes simulated time runs a slice at a time, as
/// the steps do: its frames show as they come, the answer names the request once it is
/// done, and the timeline is the one the command makes at once. A query is answered at
/// once; Stop keeps what was made and answers too.
#[test]
fn a_sliced_command_plays_as_it_runs_and_is_answered_when_done() {
    use dsplay_engine::simulation::{Bound, Budget};
    const SET_IMAGE: &str = "kubectl set image ds/node-logger logger=nginx:1.26";
    let mut state = Rc::new(State::resume_sliced(Lang::En, EXAMPLE_SCENARIO, None, true));
    let session = state.session.clone().expect("a session");
    session.finish();
    state = state.reduce(Action::Worked);
    let frames_before = state.frame_count();

    let id = RequestId::fresh();
    state = state.reduce(Action::Request { id, line: SET_IMAGE.into() });
    assert!(state.is_working() && state.playing && state.answer.is_none(), "begun, played as it comes, not answered yet");
    let slices;
    (state, slices) = work_in_slices(state, &session);
    assert!(slices > 3, "{slices} slices");
    let answer = state.answer.expect("answered once done");
    assert_eq!((answer.id, session.console()[answer.entry].command.as_str()), (id, SET_IMAGE));
    assert_eq!((state.command_under_way, state.seek_when_ready), (None, None));
    assert!(state.cursor >= frames_before, "the view went to the command's frames");
    let at_once = example().reduce(Action::Execute(SET_IMAGE.into()));
    let whole = at_once.session.as_ref().expect("a session");
    assert_eq!(whole.frame_count(), session.frame_count(), "the same timeline");
    assert_eq!(whole.console()[0].last_frame, session.console()[answer.entry].last_frame);

    let query = RequestId::fresh();
    state = state.reduce(Action::Request { id: query, line: "kubectl get ds".into() });
    assert_eq!((state.answer.map(|answer| answer.id), state.is_working()), (Some(query), false), "a query at once");

    let long = RequestId::fresh();
    state = state.reduce(Action::Request { id: long, line: "kubectl set image ds/node-logger logger=nginx:1.27".into() });
    assert!(state.is_working());
    session.work(Budget::actions(4));
    session.stop();
    state = state.reduce(Action::Worked);
    let answer = state.answer.expect("a stopped command is answered");
    assert_eq!(answer.id, long);
    assert_eq!(session.console()[answer.entry].bound, Some(Bound::Stopped));
    assert_eq!(session.record().entries.len(), 3, "each command is in the record");
}

/// An Apply in place on the page: the objects are applied at once, and the cluster's
/// settling (a rollout) runs a slice at a time, played as it comes, to the timeline an
/// Apply makes at once.
#[test]
fn a_sliced_apply_in_place_settles_as_it_plays() {
    let edited = EXAMPLE_SCENARIO.replacen("image: nginx:1.24", "image: nginx:1.27", 1);
    assert_ne!(edited, EXAMPLE_SCENARIO, "the example has an image to change");
    let mut state = Rc::new(State::resume_sliced(Lang::En, EXAMPLE_SCENARIO, None, true));
    let session = state.session.clone().expect("a session");
    session.finish();
    state = state.reduce(Action::Worked).reduce(Action::Edit(edited.clone())).reduce(Action::Apply);
    assert!(Rc::ptr_eq(state.session.as_ref().expect("kept"), &session), "applied in place");
    assert!(state.is_working() && state.playing, "settling, played as it comes");
    let slices;
    (state, slices) = work_in_slices(state, &session);
    assert!(slices > 3, "{slices} slices");
    assert_eq!((state.command_under_way, state.is_working(), state.error.clone()), (None, false, None));
    let at_once = example().reduce(Action::Edit(edited)).reduce(Action::Apply);
    let whole = at_once.session.as_ref().expect("a session");
    assert_eq!(whole.frame_count(), session.frame_count(), "the same timeline");
    let commands = |session: &Session| session.console().iter().map(|outcome| (outcome.command.clone(), outcome.last_frame)).collect::<Vec<_>>();
    assert_eq!(commands(whole), commands(&session));
    assert_eq!(session.record().entries, whole.record().entries);
}
