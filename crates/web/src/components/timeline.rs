//! Moving through the timeline: play, pause, step, speed, a scrubber over every
//! frame, and the scenario's steps as jump targets. Stepping back is a cursor
//! move; the engine already recorded every frame.


use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::console::{has_printed, printed};
use super::icon::{Icon, IconKind};
use super::step_chips::{chip_items, chip_window, chips_of, is_query, place_of, use_session_memo, ChipPlace};
use dsplay_engine::simulation::{Marker, StepOutcome};
use super::rollout_chart::marker_text;
use crate::i18n::narrate;
use crate::session::Session;
use crate::sim_time::format_sim_time;
use crate::state::{Action, Playground, Speed};

#[function_component(Timeline)]
pub fn timeline() -> Html {
    let section = use_node_ref();
    let playground = use_context::<Playground>();
    // The chips are worked out once per session and console length, not at every frame
    // of playback (each console entry's command is parsed).
    let session = playground.as_ref().and_then(|p| p.session.clone());
    let chips = use_session_memo(session.clone(), chips_of);
    // Where the cursor stands among the chips. The chip list scrolls inside the timeline
    // to keep the current chip in sight, and to its top before the first step (a story
    // just loaded), not where the story shown before had scrolled.
    let place = playground.as_ref().and_then(|p| place_of(&chips, p.cursor));
    let current_chip = match place {
        Some(ChipPlace::At(index)) => Some(index),
        _ => None,
    };
    {
        let section = section.clone();
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
    // Whether playback has run since the page opened: until then the status says nothing.
    let playing = playground.as_ref().is_some_and(|p| p.playing);
    let has_played = use_mut_ref(|| false);
    if playing {
        *has_played.borrow_mut() = true;
    }
    let has_played = *has_played.borrow();
    // On a phone the step chips fold away behind one button (styles.css shows it there
    // only), so the sticky controls keep to a quarter of the screen.
    let steps_open = use_state(|| false);
    let Some(playground) = playground else {
        return Html::default();
    };
    let strings = playground.lang.strings();
    // A chip reached by Tab scrolls into the step list's sight, as the current one does.
    let reveal_focused_step = Callback::from(|event: FocusEvent| {
        let Some(chip) = event.target().and_then(|target| target.dyn_into::<web_sys::HtmlElement>().ok()) else { return };
        if let Some(list) = chip.closest(".steps").ok().flatten() {
            bring_row_into_sight(&list, &chip);
        }
    });
    let count = playground.frame_count();
    let cursor = playground.cursor;
    let last = count.saturating_sub(1);
    let dispatch = |action: fn() -> Action| {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(action()))
    };
    let to_start = {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(Action::Seek(0)))
    };
    let to_end = {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(Action::Seek(usize::MAX)))
    };
    let on_scrub = {
        let playground = playground.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            if let Ok(frame) = input.value().parse::<usize>() {
                playground.dispatch(Action::Seek(frame));
            }
        })
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
    let at_start = if cursor == 0 { "true" } else { "false" };
    let at_end = if cursor >= last { "true" } else { "false" };
    let window = chip_window(chips.len(), place);
    let seek = {
        let playground = playground.clone();
        Callback::from(move |frame: usize| playground.dispatch(Action::Seek(frame)))
    };
    // The frame's narration stands in the sticky timeline, so it stays on screen beside
    // a selected node's explanation, however far the page has scrolled.
    // While the steps still play: how far the engine got, and a Stop that keeps it.
    let progress = session.as_ref().filter(|session| session.is_working()).map(|session| {
        let time = session.frame(session.last_frame()).map_or(0, |frame| frame.time_ms);
        let stop = {
            let (playground, session) = (playground.clone(), session.clone());
            Callback::from(move |_: MouseEvent| {
                session.stop();
                playground.dispatch(Action::Worked);
            })
        };
        html! {
            <p class="sim-progress" role="status">
                <span>{ (strings.simulating)(&format_sim_time(time), count) }</span>
                <button type="button" class="btn" data-action="stop" onclick={stop}>{ strings.stop }</button>
            </p>
        }
    });
    let caption = session.as_ref().and_then(|session| session.frame(cursor)).map(|frame| {
        // A sync that replaced pods says what rollingUpdate decided, and within what budget.
        let mut cause = narrate(&frame, playground.lang).into_owned();
        for batch in frame.markers.iter().filter(|marker| matches!(marker, Marker::RolloutBatch { .. })) {
            cause.push_str(playground.lang.panels().colon);
            cause.push_str(&marker_text(batch, playground.lang.panels()));
        }
        html! {
            <p class="frame-caption" aria-live={if playground.playing { "off" } else { "polite" }}>
                <span class="frame-time">{ (strings.at_time)(&format_sim_time(frame.time_ms)) }</span>
                <span class="frame-cause" title={cause.clone()}>{ cause }</span>
            </p>
        }
    });

    html! {
        <section class={classes!("timeline", (*steps_open).then_some("steps-open"))} aria-labelledby="timeline-heading" ref={section}>
            <h3 id="timeline-heading" class="visually-hidden">{ strings.timeline_heading }</h3>
            <div class="transport" role="group" aria-label={strings.timeline_heading}>
                <button type="button" class="btn icon" aria-label={strings.to_start} title={strings.to_start}
                    aria-disabled={at_start} onclick={to_start}><Icon kind={IconKind::ToStart} /></button>
                <button type="button" class="btn icon" aria-label={strings.step_back} title={strings.step_back}
                    aria-disabled={at_start} onclick={dispatch(|| Action::StepBack)} data-action="step-back"><Icon kind={IconKind::StepBack} /></button>
                // With no frames (nothing loaded) there is nothing to play.
                <button type="button" class="btn icon primary" aria-label={play_label} title={play_label}
                    aria-disabled={if count == 0 { "true" } else { "false" }}
                    onclick={dispatch(play_action)} data-action="play"><Icon kind={play_icon} /></button>
                <button type="button" class="btn icon" aria-label={strings.step_forward} title={strings.step_forward}
                    aria-disabled={at_end} onclick={dispatch(|| Action::StepForward)} data-action="step-forward"><Icon kind={IconKind::StepForward} /></button>
                <button type="button" class="btn icon" aria-label={strings.to_end} title={strings.to_end}
                    aria-disabled={at_end} onclick={to_end}><Icon kind={IconKind::ToEnd} /></button>
                <label class="speed" title={strings.speed_hint}>
                    <span>{ strings.speed }</span>
                    <select onchange={on_speed}>
                        { for Speed::ALL.iter().map(|speed| html! {
                            <option value={speed.label()} selected={*speed == playground.speed}>{ speed.label() }</option>
                        }) }
                    </select>
                </label>
                // Announced when a person moves it, not at every frame of playback.
                <span class="frame-counter" aria-live={if playground.playing { "off" } else { "polite" }} data-frame={cursor.to_string()}>
                    { (strings.frame_of)((cursor + 1).min(count), count) }
                </span>
                // Play and pause said once each (the counter is silent while playing, and
                // pausing changes nothing it shows); empty until playback first starts.
                <span class="visually-hidden playback-status" role="status">
                    { match (has_played, playground.playing) {
                        (false, _) => "",
                        (true, true) => strings.playing_now,
                        (true, false) => strings.paused_now,
                    } }
                </span>
                if !chips.is_empty() {
                    <button type="button" class="btn steps-toggle" aria-controls="timeline-steps" aria-expanded={steps_open.to_string()}
                        onclick={let steps_open = steps_open.clone(); Callback::from(move |_: MouseEvent| steps_open.set(!*steps_open))}>
                        { if *steps_open { playground.lang.present().hide_steps.to_owned() } else { (playground.lang.present().show_steps)(chips.len()) } }
                    </button>
                }
            </div>
            <input type="range" class="scrubber" min="0" max={last.to_string()} step="1"
                value={cursor.to_string()} aria-label={strings.scrubber}
                aria-valuetext={(strings.frame_of)((cursor + 1).min(count), count)}
                oninput={on_scrub} />
            <super::bookmark_list::BookmarkTicks />
            <super::rollout_chart::ScrubberMarkers />
            // One node each, shown or not: an `Option` would add or drop a child, and Yew
            // would then build the controls above anew (and lose the focus on Play).
            { progress.unwrap_or_default() }
            { caption.unwrap_or_default() }
            if !chips.is_empty() {
                // The chips number themselves with a CSS counter: a window that does not
                // start at the first step starts its count where it begins.
                <ol class="steps" id="timeline-steps" aria-label={strings.steps_heading} onfocusin={reveal_focused_step}
                    style={(window.start > 0).then(|| format!("counter-reset: step {}", window.start))}>
                    if window.start > 0 {
                        <li class="steps-more">{ (strings.steps_hidden_before)(window.start) }</li>
                    }
                    if let Some(session) = &session {
                        { chip_items(session, &chips, window.clone(), current_chip, playground.lang, &seek) }
                    }
                    if window.end < chips.len() {
                        <li class="steps-more">{ (strings.steps_hidden_after)(chips.len() - window.end) }</li>
                    }
                </ol>
            }
        </section>
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

/// What the latest step up to the cursor printed (kubectl's tables, `rollout status`,
/// an error), in the console's terminal style and numbered as its step, so stepping
/// through a scenario shows it. It stays until a later step prints, so it can be read
/// while the rollout plays on; a console command or an Apply that changed the cluster
/// after the steps takes its place from its frame on. It stands below the timeline, in
/// a box of one height, so neither the timeline nor what follows moves as playback
/// passes a step. The clock commands are left out: "settled at 18s" under a frame at
/// 6.4s would only confuse; so are questions asked in the console, answered there.
#[function_component(StepOutput)]
pub fn step_output() -> Html {
    let playground = use_context::<Playground>();
    let session = playground.as_ref().and_then(|p| p.session.clone());
    // Which outcomes are worth the box is worked out once per session and console
    // length, not at every frame of playback (it parses every command).
    let candidates = use_session_memo(session.clone(), worth_showing);
    let (Some(playground), Some(session)) = (playground, session) else {
        return Html::default();
    };
    let strings = playground.lang.strings();
    // The latest up to the cursor; console commands run after every step, so on the
    // same frame the command is the later.
    let latest = candidates.iter().filter(|c| c.first_frame <= playground.cursor).max_by_key(|c| (c.first_frame, c.typed, c.index));
    let Some(latest) = latest else {
        // Nothing printed yet: the box is kept, empty, when a later step prints, so the
        // cluster below does not jump when it first fills.
        if candidates.iter().any(|c| !c.typed) {
            return html! { <div class="terminal step-output step-output-empty"><p>{ strings.step_output_later }</p></div> };
        }
        return Html::default();
    };
    let console = session.console();
    let (label, number, outcome) = if latest.typed {
        (strings.console_command_output.to_string(), None, &console[latest.index])
    } else {
        ((strings.step_output)(latest.index + 1), Some(latest.index + 1), &session.steps()[latest.index])
    };
    html! {
        <div class="terminal step-output" role="region" tabindex="0" aria-label={label}
            data-step={number.map(|n| n.to_string())}>
            // An expect step is no command: no prompt before it.
            <p class="terminal-command" lang="en"><code>
                { number.map(|n| format!("{n}. ")).unwrap_or_default() }{ if outcome.is_expect { "" } else { "$ " } }{ &outcome.command }
            </code></p>
            { printed(outcome, playground.lang) }
            { for outcome.failures.iter().map(|f| html! { <pre class="console-error">{ (strings.expectation_failed)(&f.field, &f.expected, &f.actual) }</pre> }) }
        </div>
    }
}

/// A step or console command the box below the timeline can show.
#[derive(PartialEq)]
struct Candidate {
    first_frame: usize,
    /// Typed in the console (or an Apply), rather than one of the scenario's steps.
    typed: bool,
    /// In the steps, or in the console.
    index: usize,
}

/// What the box can show: the steps that printed (or whose expectations failed), and
/// the console's commands that changed the cluster; not the clock commands, nor the
/// questions asked in the console, which the console answers.
fn worth_showing(session: &Session) -> Vec<Candidate> {
    let telling = |outcome: &StepOutcome| (has_printed(outcome) || !outcome.failures.is_empty()) && !moves_the_clock(outcome);
    let steps = session.steps();
    let steps = steps.iter().enumerate().filter(|(_, step)| telling(step)).map(|(index, step)| Candidate {
        first_frame: step.first_frame,
        typed: false,
        index,
    });
    let console = session.console();
    let typed = console.iter().enumerate().filter(|(_, entry)| telling(entry) && !is_query(entry)).map(|(index, entry)| Candidate {
        first_frame: entry.first_frame,
        typed: true,
        index,
    });
    steps.chain(typed).collect()
}

fn moves_the_clock(step: &StepOutcome) -> bool {
    step.error.is_none() && step.parsed.as_ref().is_some_and(|command| command.moves_the_clock())
}
