//! The rollout over the timeline: a small SVG chart of desired, available and
//! up-to-date pods per frame, the engine's markers (steps, update applied,
//! rollout complete) and the blocked stretches, each a seek target. Series
//! differ by dash pattern as well as colour.

use std::rc::Rc;

use dsplay_engine::simulation::Marker;
use yew::prelude::*;

use crate::cluster_view::rollout::RolloutTimeline;
use crate::i18n::PanelStrings;
use crate::state::{Action, Playground};

const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 110.0;
const PAD: f64 = 6.0;

/// The timeline model, recomputed only when the session or its length changes.
#[hook]
pub fn use_rollout_timeline(playground: &Playground) -> Option<Rc<RolloutTimeline>> {
    let session = playground.session.clone();
    let key = (session.as_ref().map(|s| Rc::as_ptr(s) as usize), playground.frame_count());
    let timeline = use_memo(key, move |_| {
        session.map(|session| {
            let frames: Vec<_> = (0..session.frame_count()).filter_map(|i| session.frame(i).map(|f| f.clone())).collect();
            RolloutTimeline::of(frames.iter())
        })
    });
    (*timeline).clone().map(Rc::new)
}

fn marker_text(marker: &Marker, text: &PanelStrings) -> String {
    match marker {
        Marker::Step(index) => format!("{} {}", text.marker_step, index + 1),
        Marker::UpdateApplied(ds) => (text.marker_update)(ds),
        Marker::RolloutComplete(ds) => (text.marker_complete)(ds),
    }
}

fn marker_class(marker: &Marker) -> &'static str {
    match marker {
        Marker::Step(_) => "marker-step",
        Marker::UpdateApplied(_) => "marker-update",
        Marker::RolloutComplete(_) => "marker-complete",
    }
}

/// Markers under the scrubber, placed at their frame's position.
#[function_component(ScrubberMarkers)]
pub fn scrubber_markers() -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let timeline = use_rollout_timeline(&playground);
    let Some(timeline) = timeline else { return Html::default() };
    let text = playground.lang.panels();
    let last = timeline.frames.saturating_sub(1).max(1) as f64;
    let blocked: Vec<usize> = (0..timeline.frames).filter(|i| timeline.series.iter().any(|s| s.blocked.get(*i) == Some(&true))).collect();
    let seek = |frame: usize| {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(Action::Seek(frame)))
    };
    html! {
        <ol class="scrubber-markers" aria-label={text.chart_heading}>
            { for timeline.markers.iter().map(|(frame, marker)| {
                let label = marker_text(marker, text);
                html! {
                    <li style={format!("left: {:.3}%", *frame as f64 / last * 100.0)}>
                        <button type="button" class={classes!("scrubber-marker", marker_class(marker))} title={label.clone()}
                            aria-label={label} data-marker-frame={frame.to_string()} onclick={seek(*frame)}></button>
                    </li>
                }
            }) }
            { for blocked.first().map(|frame| html! {
                <li style={format!("left: {:.3}%", *frame as f64 / last * 100.0)}>
                    <button type="button" class="scrubber-marker marker-blocked" title={text.blocked_definition}
                        aria-label={text.marker_blocked} onclick={seek(*frame)}></button>
                </li>
            }) }
        </ol>
    }
}

#[function_component(RolloutChart)]
pub fn rollout_chart() -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let timeline = use_rollout_timeline(&playground);
    let text = playground.lang.panels();
    let Some(timeline) = timeline.filter(|t| !t.series.is_empty() && t.frames > 1) else {
        return Html::default();
    };
    let last = (timeline.frames - 1) as f64;
    let max = timeline.max_count().max(1) as f64;
    let x = |frame: usize| PAD + frame as f64 / last * (WIDTH - 2.0 * PAD);
    let y = |count: i32| HEIGHT - PAD - f64::from(count) / max * (HEIGHT - 2.0 * PAD);
    let cursor = x(playground.cursor.min(timeline.frames - 1));
    let onclick = {
        let playground = playground.clone();
        let frames = timeline.frames;
        Callback::from(move |event: MouseEvent| {
            let target: Option<web_sys::Element> = event.current_target().and_then(|t| wasm_bindgen::JsCast::dyn_into(t).ok());
            if let Some(svg) = target {
                let width = f64::from(svg.client_width()).max(1.0);
                let fraction = (f64::from(event.offset_x()) / width).clamp(0.0, 1.0);
                playground.dispatch(Action::Seek((fraction * (frames - 1) as f64).round() as usize));
            }
        })
    };
    html! {
        <section class="rollout-chart" aria-labelledby="rollout-heading">
            <h3 id="rollout-heading">{ text.chart_heading }</h3>
            { for timeline.series.iter().take(3).map(|series| {
                let line = |pick: fn(&crate::cluster_view::rollout::Counts) -> i32| {
                    series.counts.iter().enumerate()
                        .filter_map(|(i, c)| c.as_ref().map(|c| format!("{:.1},{:.1}", x(i), y(pick(c)))))
                        .collect::<Vec<_>>().join(" ")
                };
                let blocked = series.blocked.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| i).collect::<Vec<_>>();
                let now = series.counts.get(playground.cursor).copied().flatten().unwrap_or_default();
                let summary = format!("{}: {} {}, {} {}, {} {}", series.daemonset,
                    text.series_desired, now.desired, text.series_available, now.available, text.series_updated, now.updated);
                html! {
                    <figure class="chart" data-daemonset={series.daemonset.clone()}>
                        <svg viewBox={format!("0 0 {WIDTH} {HEIGHT}")} preserveAspectRatio="none" role="img"
                            aria-label={(text.chart_label)(&series.daemonset, timeline.frames)} onclick={onclick.clone()}>
                            <defs>
                                <pattern id="blocked-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                                    <rect width="3" height="6" class="hatch" />
                                </pattern>
                            </defs>
                            { for blocked.iter().map(|i| html! {
                                <rect class="blocked" x={format!("{:.1}", x(*i) - 1.5)} y="0" width="3" height={HEIGHT.to_string()} fill="url(#blocked-hatch)" />
                            }) }
                            { for timeline.markers.iter().filter(|(_, m)| !matches!(m, Marker::Step(_))).map(|(i, m)| html! {
                                <line class={classes!("marker", marker_class(m))} x1={format!("{:.1}", x(*i))} x2={format!("{:.1}", x(*i))} y1="0" y2={HEIGHT.to_string()} />
                            }) }
                            <polyline class="series desired" points={line(|c| c.desired)} />
                            <polyline class="series available" points={line(|c| c.available)} />
                            <polyline class="series updated" points={line(|c| c.updated)} />
                            <line class="cursor" x1={format!("{cursor:.1}")} x2={format!("{cursor:.1}")} y1="0" y2={HEIGHT.to_string()} />
                        </svg>
                        <figcaption>
                            <span class="chart-now">{ summary }</span>
                            <span class="legend-item desired">{ text.series_desired }</span>
                            <span class="legend-item available">{ text.series_available }</span>
                            <span class="legend-item updated">{ text.series_updated }</span>
                            <span class="legend-item blocked" title={text.blocked_definition}>{ text.marker_blocked }</span>
                        </figcaption>
                    </figure>
                }
            }) }
            <p class="console-hint">{ text.keyboard_hint }</p>
        </section>
    }
}
