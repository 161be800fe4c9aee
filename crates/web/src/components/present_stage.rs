//! Presenter mode's stage: what a room reads from a projector. The frame's narration as
//! one large line, the DaemonSets' status line, and every node of the cluster on the
//! one screen, the cards as large as the space allows (`present::fit`), or the dense
//! view's squares when cards would be too small to read. A small bar of controls (a
//! clicker does the rest), the highlighted node's line when one is picked, and a blank
//! screen on B. Nothing else: the timeline, the console, the chart and the events are
//! the normal view's.

use std::rc::Rc;

use gloo::events::EventListener;
use yew::prelude::*;

use super::bookmark_list::BookmarkList;
use super::dense_cluster::DenseCluster;
use super::icon::{Icon, IconKind};
use super::node_card::NodeCard;
use super::pod_chip::pod_summary;
use super::status_line::{StatusFrame, StatusLine};
use crate::cluster_view::{ClusterView, NodeReadiness, NodeView};
use crate::i18n::{Lang, Strings};
use crate::present::fit;
use crate::state::{Action, Playground};
use crate::view_model::timeline::{live, Transport};

#[derive(Properties, PartialEq)]
pub struct PresentStageProps {
    pub view: ClusterView,
    pub status: StatusFrame,
    pub now_ms: u64,
    /// The frame's time, as the normal caption writes it.
    pub time: AttrValue,
    /// The frame's narration.
    pub cause: AttrValue,
    pub lang: Lang,
}

#[function_component(PresentStage)]
pub fn present_stage(props: &PresentStageProps) -> Html {
    let stage = use_node_ref();
    let (width, height) = use_element_size(stage.clone());
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let lang = props.lang;
    let text = lang.present();
    let nodes: Vec<Rc<NodeView>> = props.view.pools.iter().flat_map(|pool| pool.nodes.iter().cloned()).collect();
    let most_pods = nodes.iter().map(|node| node.pods.len()).max().unwrap_or(1);
    let layout = fit(nodes.len(), most_pods, width, height);
    let highlighted = playground.selected_node.as_deref().and_then(|name| nodes.iter().find(|node| node.name == name));
    let grid_style = format!(
        "--present-font: {}px; grid-template-columns: repeat({}, minmax(0, 1fr)); grid-template-rows: repeat({}, minmax(0, 1fr));",
        layout.font_px, layout.columns, layout.rows
    );
    html! {
        <div class={classes!("present-stage", playground.blanked.then_some("is-blanked"))}>
            <PresentBar />
            <p class="frame-caption present-caption" aria-live={live(playground.playing)}>
                <span class="frame-time">{ props.time.clone() }</span>
                <span class="frame-cause" title={props.cause.clone()}>{ props.cause.clone() }</span>
            </p>
            if let Some(node) = highlighted {
                <HighlightLine node={node.clone()} {lang} />
            }
            <StatusLine frame={props.status.clone()} now_ms={props.now_ms} {lang} />
            <div class="present-nodes cluster-nodes" ref={stage}>
                <h3 class="visually-hidden">{ (text.all_nodes)(nodes.len()) }</h3>
                if layout.dense {
                    <DenseCluster view={props.view.clone()} {lang} />
                } else {
                    // One grid for every pool: the pools' names would take a row each,
                    // which a screen holding every node cannot spare.
                    <ul class="nodes present-grid" style={grid_style} data-columns={layout.columns.to_string()}>
                        { for nodes.iter().map(|node| html! { <NodeCard key={node.name.clone()} node={node.clone()} {lang} /> }) }
                    </ul>
                }
            </div>
            if playground.blanked {
                <div class="present-blank" role="status">
                    <span class="visually-hidden">{ text.blanked }</span>
                </div>
            }
        </div>
    }
}

/// The element's size in CSS pixels, measured after each render and on resize: the
/// space the narration and the status line leave depends on the window and the fonts.
#[hook]
fn use_element_size(element: NodeRef) -> (f64, f64) {
    let size = use_state(|| (0.0_f64, 0.0_f64));
    {
        let size = size.clone();
        use_effect(move || {
            let measure = move || {
                let Some(element) = element.cast::<web_sys::Element>() else { return };
                let measured = (f64::from(element.client_width()), f64::from(element.client_height()));
                if measured != *size {
                    size.set(measured);
                }
            };
            measure();
            let listener = EventListener::new(&gloo::utils::window(), "resize", move |_| measure());
            move || drop(listener)
        });
    }
    *size
}

/// A small bar of controls: a clicker does the rest.
#[function_component(PresentBar)]
fn present_bar() -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let (strings, text) = (playground.lang.strings(), playground.lang.present());
    let dispatch = |action: fn() -> Action| {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(action()))
    };
    let (play_label, play_icon, play_action): (&str, IconKind, fn() -> Action) = if playground.playing {
        (strings.pause, IconKind::Pause, || Action::Pause)
    } else {
        (strings.play, IconKind::Play, || Action::Play)
    };
    let at = Transport::at(playground.cursor, playground.frame_count(), playground.playing, false);
    html! {
        <div class="present-bar" role="group" aria-label={text.bar_label}>
            <button type="button" class="btn icon" aria-label={text.previous_stop} title={text.previous_stop}
                onclick={dispatch(|| Action::PreviousMarker)}><Icon kind={IconKind::StepBack} /></button>
            <button type="button" class="btn icon primary" aria-label={play_label} title={play_label}
                onclick={dispatch(play_action)} data-action="play"><Icon kind={play_icon} /></button>
            <button type="button" class="btn icon" aria-label={text.next_stop} title={text.next_stop}
                onclick={dispatch(|| Action::NextMarker)} data-action="next-stop"><Icon kind={IconKind::StepForward} /></button>
            <span class="frame-counter" data-frame={playground.cursor.to_string()}>{ (strings.frame_of)(at.shown, at.count) }</span>
            <BookmarkList />
            <button type="button" class="btn" data-action="exit-present" title={text.exit_hint}
                onclick={dispatch(|| Action::SetPresent(false))}>{ text.exit }</button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct HighlightLineProps {
    node: Rc<NodeView>,
    lang: Lang,
}

/// What the highlighted node holds at this frame, in words, so the class follows the
/// one node the trainer points at while the frames play.
#[function_component(HighlightLine)]
fn highlight_line(props: &HighlightLineProps) -> Html {
    let strings = props.lang.strings();
    let text = props.lang.present();
    let node = &props.node;
    let parts = highlight_parts(node, strings);
    let unhighlight = use_context::<Playground>().map(|playground| {
        Callback::from(move |_: MouseEvent| playground.dispatch(Action::SelectNode(None)))
    });
    html! {
        <p class="present-highlight" data-node={node.name.clone()}>
            <strong>{ (text.watching)(&node.name) }</strong>
            <span class="present-highlight-state">{ parts.join(" · ") }</span>
            <button type="button" class="btn" onclick={unhighlight}>{ text.unhighlight }</button>
        </p>
    }
}

/// What the highlight line says of a node: its readiness, whether it is cordoned, and
/// each daemon pod as the pod chip's title says it (or that it has none).
pub fn highlight_parts(node: &NodeView, strings: &Strings) -> Vec<String> {
    let readiness = match node.readiness {
        NodeReadiness::Ready => strings.node_ready,
        NodeReadiness::NotReady => strings.node_not_ready,
        NodeReadiness::Unknown => strings.node_unknown,
    };
    let mut parts = vec![readiness.to_owned()];
    if node.unschedulable {
        parts.push(strings.node_cordoned.to_owned());
    }
    if node.pods.is_empty() {
        parts.push(strings.no_daemon_pod.to_owned());
    }
    parts.extend(node.pods.iter().map(|pod| pod_summary(pod, strings)));
    parts
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::state::{Action, State, EXAMPLE_SCENARIO};

    fn node_at_end(state: &State, name: &str) -> NodeView {
        let session = state.session.as_ref().expect("loaded");
        let frame = session.frame(session.last_frame()).expect("a frame");
        let view = ClusterView::of(&frame.state);
        let node = view.pools.iter().flat_map(|pool| pool.nodes.iter()).find(|node| node.name == name).expect("the node");
        (**node).clone()
    }

    #[test]
    fn the_highlight_line_says_the_nodes_state_and_each_daemon_pod() {
        let state = Rc::new(State::new(Lang::En, EXAMPLE_SCENARIO));
        let strings = Lang::En.strings();
        let ready = highlight_parts(&node_at_end(&state, "node-02"), strings);
        assert_eq!(ready[0], strings.node_ready);
        assert!(ready[1..].iter().any(|part| part.contains("node-logger")), "{ready:?}");
        let cordoned = state.reduce(Action::Execute("kubectl cordon node-02".into()));
        let parts = highlight_parts(&node_at_end(&cordoned, "node-02"), strings);
        assert_eq!(parts[..2], [strings.node_ready.to_owned(), strings.node_cordoned.to_owned()]);
    }
}
