//! The rollout over the timeline: a small SVG chart of desired, available and
//! up-to-date pods per frame, the engine's markers (steps, update applied,
//! rollout complete) and the blocked stretches, each a seek target. Series
//! differ by dash pattern as well as colour.

use std::rc::Rc;

use dsplay_engine::clock::clock_reading;
use dsplay_engine::simulation::Marker;
use yew::prelude::*;

use crate::cluster_view::rollout::{Counts, RolloutSeries, RolloutTimeline};
use crate::cluster_view::scrubber::{marker_class, marker_targets, Mark};
use crate::i18n::PanelStrings;
use crate::state::{Action, Playground};

const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 110.0;
const PAD: f64 = 6.0;

/// The timeline model, recomputed only when the session or its length changes; none
/// while the steps still play (it reads every frame: once per slice would be quadratic).
#[hook]
pub fn use_rollout_timeline(playground: &Playground) -> Option<Rc<RolloutTimeline>> {
    let session = playground.session.clone().filter(|session| !session.is_working());
    let key = (session.as_ref().map(|s| Rc::as_ptr(s) as usize), playground.frame_count());
    let timeline = use_memo(key, move |_| {
        session.map(|session| {
            let frames: Vec<_> = (0..session.frame_count()).filter_map(|i| session.frame(i).map(|f| f.clone())).collect();
            Rc::new(RolloutTimeline::of(frames.iter()))
        })
    });
    (*timeline).clone()
}

/// Where the chart's lines go, in SVG coordinates.
struct Scale {
    last_frame: f64,
    max_count: f64,
}

impl Scale {
    fn of(timeline: &RolloutTimeline) -> Scale {
        Scale { last_frame: timeline.frames.saturating_sub(1).max(1) as f64, max_count: timeline.max_count().max(1) as f64 }
    }

    fn x(&self, frame: usize) -> f64 {
        PAD + frame as f64 / self.last_frame * (WIDTH - 2.0 * PAD)
    }

    fn y(&self, count: i32) -> f64 {
        HEIGHT - PAD - f64::from(count) / self.max_count * (HEIGHT - 2.0 * PAD)
    }
}

/// One DaemonSet's lines, blocked stretches and marker positions: they change only
/// with the timeline, so they are drawn once per timeline rather than on every frame
/// of playback (formatting thousands of coordinates per frame cost more than the rest
/// of the page's rendering at 1,000 nodes).
struct SeriesGeometry {
    desired: AttrValue,
    available: AttrValue,
    updated: AttrValue,
    blocked_x: Vec<AttrValue>,
    markers: Vec<(AttrValue, &'static str)>,
}

impl SeriesGeometry {
    fn of(timeline: &RolloutTimeline, series: &RolloutSeries, scale: &Scale) -> SeriesGeometry {
        let line = |pick: fn(&Counts) -> i32| -> AttrValue {
            let points: Vec<String> = series
                .counts
                .iter()
                .enumerate()
                .filter_map(|(i, c)| c.as_ref().map(|c| format!("{:.1},{:.1}", scale.x(i), scale.y(pick(c)))))
                .collect();
            points.join(" ").into()
        };
        SeriesGeometry {
            desired: line(|c| c.desired),
            available: line(|c| c.available),
            updated: line(|c| c.updated),
            blocked_x: series.blocked.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| format!("{:.1}", scale.x(i) - 1.5).into()).collect(),
            markers: timeline
                .markers
                .iter()
                // The chart's own steps show each batch; a line per batch would hide them.
                .filter(|(_, m)| !matches!(m, Marker::Step(_) | Marker::Command(_) | Marker::RolloutBatch { .. }))
                .map(|(i, m)| (format!("{:.1}", scale.x(*i)).into(), marker_class(m)))
                .collect(),
        }
    }
}

pub(crate) fn marker_text(marker: &Marker, text: &PanelStrings) -> String {
    match marker {
        Marker::Step(index) => format!("{} {}", text.marker_step, index + 1),
        Marker::Command(line) => (text.marker_command)(line),
        Marker::UpdateApplied(ds) => (text.marker_update)(ds),
        Marker::RolloutComplete(ds) => (text.marker_complete)(ds),
        Marker::RolloutBatch { daemonset, number, deleted, created, budget } => {
            (text.marker_batch)(daemonset, *number, *deleted, *created, budget)
        }
        Marker::Stopped(churn) => (text.marker_stopped)(&churn.daemonset, &churn.node),
    }
}

/// A mark's name, in its target's label.
fn mark_label(mark: Mark, text: &PanelStrings) -> String {
    match mark {
        Mark::Engine(marker) => marker_text(marker, text),
        Mark::Blocked => text.marker_blocked.to_owned(),
    }
}

/// Markers under the scrubber, placed at their frame's position; markers too close to
/// tell apart at the scrubber's width share one target.
#[function_component(ScrubberMarkers)]
pub fn scrubber_markers() -> Html {
    let list = use_node_ref();
    let width = use_state(|| 600.0_f64);
    {
        // The width decides which markers share a target: read it after each layout
        // change that can move it (a render, a window resize).
        let (list, width) = (list.clone(), width.clone());
        use_effect(move || {
            let measure = move || {
                if let Some(element) = list.cast::<web_sys::Element>() {
                    let measured = f64::from(element.client_width());
                    if measured > 0.0 && (measured - *width).abs() >= 1.0 {
                        width.set(measured);
                    }
                }
            };
            measure();
            let window = gloo::utils::window();
            let listener = gloo::events::EventListener::new(&window, "resize", move |_| measure());
            move || drop(listener)
        });
    }
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let timeline = use_rollout_timeline(&playground);
    let Some(timeline) = timeline else { return Html::default() };
    let text = playground.lang.panels();
    let last = timeline.frames.saturating_sub(1).max(1) as f64;
    let first_blocked = (0..timeline.frames).find(|i| timeline.series.iter().any(|s| s.blocked.get(*i) == Some(&true)));
    let seek = |frame: usize| {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(Action::Seek(frame)))
    };
    let mut marks: Vec<(usize, Mark)> = timeline.markers.iter().map(|(frame, marker)| (*frame, Mark::Engine(marker))).collect();
    marks.extend(first_blocked.map(|frame| (frame, Mark::Blocked)));
    html! {
        <ol class="scrubber-markers" aria-label={text.chart_heading} ref={list}>
            { for marker_targets(marks, last, *width).iter().map(|target| {
                let (frame, lead) = target.lead();
                let label = target.marks.iter().map(|(_, mark)| mark_label(*mark, text)).collect::<Vec<_>>().join(text.marker_separator);
                // A blocked rollout alone says what "blocked" means.
                let title = if target.marks.len() == 1 && lead == Mark::Blocked { text.blocked_definition.to_owned() } else { label.clone() };
                html! {
                    <li style={format!("left: {:.3}%", frame as f64 / last * 100.0)}>
                        <button type="button" class={classes!("scrubber-marker", lead.class(), (target.marks.len() > 1).then_some("is-group"))}
                            {title} aria-label={label} data-marker-frame={frame.to_string()} onclick={seek(frame)}></button>
                    </li>
                }
            }) }
        </ol>
    }
}

/// A series' geometry, compared by identity: it is drawn once per timeline.
#[derive(Clone)]
struct SharedGeometry(Rc<SeriesGeometry>);

impl PartialEq for SharedGeometry {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

#[derive(Properties, PartialEq)]
struct SeriesDrawingProps {
    drawn: SharedGeometry,
}

/// The lines, blocked stretches and markers of one series: a component of its own so
/// that playback, which only moves the cursor, leaves its hundreds of elements alone.
#[function_component(SeriesDrawing)]
fn series_drawing(props: &SeriesDrawingProps) -> Html {
    let drawn = &props.drawn.0;
    html! {
        <g class="series-drawing">
            { for drawn.blocked_x.iter().map(|x| html! {
                <rect class="blocked" x={x.clone()} y="0" width="3" height={HEIGHT.to_string()} fill="url(#blocked-hatch)" />
            }) }
            { for drawn.markers.iter().map(|(x, class)| html! {
                <line class={classes!("marker", *class)} x1={x.clone()} x2={x.clone()} y1="0" y2={HEIGHT.to_string()} />
            }) }
            <polyline class="series desired" points={drawn.desired.clone()} />
            <polyline class="series available" points={drawn.available.clone()} />
            <polyline class="series updated" points={drawn.updated.clone()} />
        </g>
    }
}

#[function_component(RolloutChart)]
pub fn rollout_chart() -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let timeline = use_rollout_timeline(&playground);
    let geometry = use_memo(timeline.as_ref().map(|t| Rc::as_ptr(t) as usize), {
        let timeline = timeline.clone();
        move |_| {
            timeline.map_or_else(Vec::new, |timeline| {
                let scale = Scale::of(&timeline);
                timeline.series.iter().take(3).map(|series| Rc::new(SeriesGeometry::of(&timeline, series, &scale))).collect::<Vec<_>>()
            })
        }
    });
    let text = playground.lang.panels();
    let Some(timeline) = timeline.filter(|t| !t.series.is_empty() && t.frames > 1) else {
        return Html::default();
    };
    let cursor = Scale::of(&timeline).x(playground.cursor.min(timeline.frames - 1));
    // The axes: pods from 0 to the most any series reaches, and simulated time from the
    // first frame to the last.
    let time_of = |index: usize| playground.session.as_ref().and_then(|s| s.frame(index).map(|f| f.time_ms)).unwrap_or(0);
    let (start, end) = (clock_reading(time_of(0)), clock_reading(time_of(timeline.frames - 1)));
    let max_count = timeline.max_count().max(1);
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
            { for timeline.series.iter().zip(geometry.iter()).map(|(series, drawn)| {
                let now = series.counts.get(playground.cursor).copied().flatten().unwrap_or_default();
                let summary = (text.chart_summary)(&series.daemonset, now.desired, now.available, now.updated);
                html! {
                    <figure class="chart" data-daemonset={series.daemonset.clone()}>
                        <div class="chart-axes">
                        <div class="chart-y" aria-hidden="true">
                            <span>{ max_count }</span><span class="axis-title">{ text.chart_axis_pods }</span><span>{ 0 }</span>
                        </div>
                        <div class="chart-plot">
                        <svg viewBox={format!("0 0 {WIDTH} {HEIGHT}")} preserveAspectRatio="none" role="img"
                            aria-label={(text.chart_label)(&series.daemonset, timeline.frames)} onclick={onclick.clone()}>
                            <defs>
                                <pattern id="blocked-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                                    <rect width="3" height="6" class="hatch" />
                                </pattern>
                            </defs>
                            <SeriesDrawing drawn={SharedGeometry(drawn.clone())} />
                        </svg>
                        // The cursor is not part of the drawing: moved by a transform on a layer
                        // of its own, it leaves the thousands of drawn points alone, where a line
                        // inside the SVG had the whole chart painted again on every frame.
                        <div class="chart-cursor" aria-hidden="true"
                            style={format!("transform: translateX({:.3}%)", cursor / WIDTH * 100.0)}></div>
                        </div>
                        <div class="chart-x" aria-hidden="true">
                            <span>{ start.clone() }</span><span class="axis-title">{ text.chart_axis_time }</span><span>{ end.clone() }</span>
                        </div>
                        </div>
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
            <p class="console-hint keyboard-only">{ text.keyboard_hint }</p>
        </section>
    }
}
