//! Moving through the timeline: play, pause, step, speed, a scrubber over every
//! frame, and the scenario's steps as jump targets. Stepping back is a cursor
//! move; the engine already recorded every frame.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::icon::{Icon, IconKind};
use super::step_chips::{chip_items, chip_window, chips_of, place_of, use_session_memo, Chip, ChipPlace};
use crate::sim_time::format_sim_time;
use crate::state::{Action, Playground, Speed};
use crate::view_model::timeline::{aria, frame_cause, live, PlaybackStatus, Transport};

#[function_component(Timeline)]
pub fn timeline() -> Html {
    let section = use_node_ref();
    let playground = use_context::<Playground>();
    // The chips are worked out once per session and console length, not at every frame
    // of playback (each console entry's command is parsed).
    let session = playground.as_ref().and_then(|p| p.session.clone());
    let chips = use_session_memo(session, chips_of);
    let place = playground.as_ref().and_then(|p| place_of(&chips, p.cursor));
    use_current_chip_in_sight(section.clone(), place);
    let has_played = use_has_played(playground.as_ref().is_some_and(|p| p.playing));
    // On a phone the step chips fold away behind one button (styles.css shows it there
    // only), so the sticky controls keep to a quarter of the screen.
    let steps_open = use_state(|| false);
    let Some(playground) = playground else {
        return Html::default();
    };
    let strings = playground.lang.strings();
    let on_scrub = {
        let playground = playground.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            if let Ok(frame) = input.value().parse::<usize>() {
                playground.dispatch(Action::Seek(frame));
            }
        })
    };
    let toggle_steps = {
        let steps_open = steps_open.clone();
        Callback::from(move |()| steps_open.set(!*steps_open))
    };
    let at = Transport::at(playground.cursor, playground.frame_count(), playground.playing, has_played);
    html! {
        <section class={classes!("timeline", (*steps_open).then_some("steps-open"))} aria-labelledby="timeline-heading" ref={section}>
            <h3 id="timeline-heading" class="visually-hidden">{ strings.timeline_heading }</h3>
            <TransportControls {at} steps={chips.len()} steps_open={*steps_open} {toggle_steps} />
            <input type="range" class="scrubber" min="0" max={at.count.saturating_sub(1).to_string()} step="1"
                value={playground.cursor.to_string()} aria-label={strings.scrubber}
                aria-valuetext={(strings.frame_of)(at.shown, at.count)}
                oninput={on_scrub} />
            <super::bookmark_list::BookmarkTicks />
            <super::rollout_chart::ScrubberMarkers />
            // One component each, drawing nothing or something: an `Option` would add or
            // drop a child, and Yew would then build the controls above anew (and lose
            // the focus on Play).
            <SimProgress />
            <FrameCaption />
            <StepList {chips} {place} />
        </section>
    }
}

/// The current chip stays in the step list's sight; before the first step (a story
/// just loaded) the list scrolls to its top, not where the story shown before had.
#[hook]
fn use_current_chip_in_sight(section: NodeRef, place: Option<ChipPlace>) {
    use_effect_with(place, move |place| {
        // Only the step list scrolls: play, the scrubber and the counter stay in view.
        let Some(timeline) = section.cast::<web_sys::Element>() else { return };
        let Ok(Some(list)) = timeline.query_selector(".steps") else { return };
        if *place == Some(ChipPlace::BeforeFirst) {
            list.set_scroll_top(0);
            return;
        }
        let Ok(Some(chip)) = list.query_selector(".step[aria-current=\"step\"]") else { return };
        let Ok(chip) = chip.dyn_into::<web_sys::HtmlElement>() else { return };
        bring_row_into_sight(&list, &chip);
    });
}

/// Whether playback has run since the page opened: until then the status says nothing.
#[hook]
fn use_has_played(playing: bool) -> bool {
    let has_played = use_mut_ref(|| false);
    if playing {
        *has_played.borrow_mut() = true;
    }
    let has_played = *has_played.borrow();
    has_played
}

#[derive(Properties, PartialEq)]
struct TransportProps {
    at: Transport,
    /// How many step chips there are: none, no button to show them.
    steps: usize,
    steps_open: bool,
    toggle_steps: Callback<()>,
}

#[function_component(TransportControls)]
fn transport_controls(props: &TransportProps) -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let (strings, at) = (playground.lang.strings(), props.at);
    let dispatch = |action: fn() -> Action| {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(action()))
    };
    let on_speed = {
        let playground = playground.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            if let Some(speed) = Speed::ALL.into_iter().find(|speed| speed.label() == select.value()) {
                playground.dispatch(Action::SetSpeed(speed));
            }
        })
    };
    let (play_label, play_icon, play_action): (&str, IconKind, fn() -> Action) = if playground.playing {
        (strings.pause, IconKind::Pause, || Action::Pause)
    } else {
        (strings.play, IconKind::Play, || Action::Play)
    };
    let present = playground.lang.present();
    html! {
        <div class="transport" role="group" aria-label={strings.timeline_heading}>
            <button type="button" class="btn icon" aria-label={strings.to_start} title={strings.to_start}
                aria-disabled={aria(at.at_start)} onclick={dispatch(|| Action::Seek(0))}><Icon kind={IconKind::ToStart} /></button>
            <button type="button" class="btn icon" aria-label={strings.step_back} title={strings.step_back}
                aria-disabled={aria(at.at_start)} onclick={dispatch(|| Action::StepBack)} data-action="step-back"><Icon kind={IconKind::StepBack} /></button>
            <button type="button" class="btn icon primary" aria-label={play_label} title={play_label}
                aria-disabled={aria(!at.playable)} onclick={dispatch(play_action)} data-action="play"><Icon kind={play_icon} /></button>
            <button type="button" class="btn icon" aria-label={strings.step_forward} title={strings.step_forward}
                aria-disabled={aria(at.at_end)} onclick={dispatch(|| Action::StepForward)} data-action="step-forward"><Icon kind={IconKind::StepForward} /></button>
            <button type="button" class="btn icon" aria-label={strings.to_end} title={strings.to_end}
                aria-disabled={aria(at.at_end)} onclick={dispatch(|| Action::Seek(usize::MAX))}><Icon kind={IconKind::ToEnd} /></button>
            <label class="speed" title={strings.speed_hint}>
                <span>{ strings.speed }</span>
                <select onchange={on_speed}>
                    { for Speed::ALL.iter().map(|speed| html! {
                        <option value={speed.label()} selected={*speed == playground.speed}>{ speed.label() }</option>
                    }) }
                </select>
            </label>
            // Announced when a person moves it, not at every frame of playback.
            <span class="frame-counter" aria-live={live(playground.playing)} data-frame={playground.cursor.to_string()}>
                { (strings.frame_of)(at.shown, at.count) }
            </span>
            // Play and pause said once each (the counter is silent while playing, and
            // pausing changes nothing it shows); empty until playback first starts.
            <span class="visually-hidden playback-status" role="status">
                { match at.status {
                    PlaybackStatus::Silent => "",
                    PlaybackStatus::Playing => strings.playing_now,
                    PlaybackStatus::Paused => strings.paused_now,
                } }
            </span>
            if props.steps > 0 {
                <button type="button" class="btn steps-toggle" aria-controls="timeline-steps" aria-expanded={props.steps_open.to_string()}
                    onclick={props.toggle_steps.reform(|_: MouseEvent| ())}>
                    { if props.steps_open { present.hide_steps.to_owned() } else { (present.show_steps)(props.steps) } }
                </button>
            }
        </div>
    }
}

/// While the steps still play: how far the engine got, and a Stop that keeps it.
#[function_component(SimProgress)]
fn sim_progress() -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let Some(session) = playground.session.clone().filter(|session| session.is_working()) else {
        return Html::default();
    };
    let strings = playground.lang.strings();
    let time = session.frame(session.last_frame()).map_or(0, |frame| frame.time_ms);
    let count = playground.frame_count();
    let stop = Callback::from(move |_: MouseEvent| {
        session.stop();
        playground.dispatch(Action::Worked);
    });
    html! {
        <p class="sim-progress" role="status">
            <span>{ (strings.simulating)(&format_sim_time(time), count) }</span>
            <button type="button" class="btn" data-action="stop" onclick={stop}>{ strings.stop }</button>
        </p>
    }
}

/// The frame's narration stands in the sticky timeline, so it stays on screen beside
/// a selected node's explanation, however far the page has scrolled.
#[function_component(FrameCaption)]
fn frame_caption() -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let Some(frame) = playground.session.as_ref().and_then(|session| session.frame(playground.cursor)) else {
        return Html::default();
    };
    let cause = frame_cause(&frame, playground.lang);
    html! {
        <p class="frame-caption" aria-live={live(playground.playing)}>
            <span class="frame-time">{ (playground.lang.strings().at_time)(&format_sim_time(frame.time_ms)) }</span>
            <span class="frame-cause" title={cause.clone()}>{ cause }</span>
        </p>
    }
}

#[derive(Properties, PartialEq)]
struct StepListProps {
    chips: Rc<Vec<Chip>>,
    place: Option<ChipPlace>,
}

/// The scenario's steps, then the console's commands, as chips that seek.
#[function_component(StepList)]
fn step_list(props: &StepListProps) -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let chips = &props.chips;
    if chips.is_empty() {
        return Html::default();
    }
    let strings = playground.lang.strings();
    let window = chip_window(chips.len(), props.place);
    let current = match props.place {
        Some(ChipPlace::At(index)) => Some(index),
        _ => None,
    };
    let seek = {
        let playground = playground.clone();
        Callback::from(move |frame: usize| playground.dispatch(Action::Seek(frame)))
    };
    // A chip reached by Tab scrolls into the step list's sight, as the current one does.
    let reveal_focused_step = Callback::from(|event: FocusEvent| {
        let Some(chip) = event.target().and_then(|target| target.dyn_into::<web_sys::HtmlElement>().ok()) else { return };
        if let Some(list) = chip.closest(".steps").ok().flatten() {
            bring_row_into_sight(&list, &chip);
        }
    });
    html! {
        // The chips number themselves with a CSS counter: a window that does not start
        // at the first step starts its count where it begins.
        <ol class="steps" id="timeline-steps" aria-label={strings.steps_heading} onfocusin={reveal_focused_step}
            style={(window.start > 0).then(|| format!("counter-reset: step {}", window.start))}>
            if window.start > 0 {
                <li class="steps-more">{ (strings.steps_hidden_before)(window.start) }</li>
            }
            if let Some(session) = &playground.session {
                { chip_items(session, chips, window.clone(), current, playground.lang, &seek) }
            }
            if window.end < chips.len() {
                <li class="steps-more">{ (strings.steps_hidden_after)(chips.len() - window.end) }</li>
            }
        </ol>
    }
}

/// Out of the step list's sight (even in part), a chip's row goes to the top of the
/// list (below its padding), whole, with the steps after it under it: the rows the
/// list snaps to, so a partial scroll would snap back and leave the chip cut.
fn bring_row_into_sight(list: &web_sys::Element, chip: &web_sys::HtmlElement) {
    // The list is positioned, so a chip's offset is measured from the list's top.
    let (top, bottom) = (chip.offset_top(), chip.offset_top() + chip.offset_height());
    let (seen_top, seen_bottom) = (list.scroll_top(), list.scroll_top() + list.client_height());
    if top < seen_top || bottom > seen_bottom {
        list.set_scroll_top((top - 5).max(0));
    }
}
