//! The cluster at the timeline's cursor: status line, node pools, rollout chart,
//! console and events.

use std::collections::BTreeMap;

use yew::prelude::*;

use super::bookmark_list::BookmarkList;
use super::bound_notice::BoundNotice;
use super::console::Console;
use super::present_stage::PresentStage;
use super::dense_cluster::DenseCluster;
use super::event_filter::{EventFrame, FilteredEvents};
use super::rollout_chart::RolloutChart;
use super::pool_editor::PoolEditor;
use super::why_panel::WhyPanel;
use super::node_card::NodeCard;
use super::status_line::{StatusFrame, StatusLine};
use super::step_output::StepOutput;
use super::timeline::Timeline;
use crate::cluster_view::why::RolloutWhy;
use crate::cluster_view::{ClusterView, NodeViewCache};
use crate::i18n::narrate;
use crate::sim_time::format_sim_time;
use crate::i18n::Lang;
use crate::state::Playground;
use crate::view_model::cluster::Layout;
use dsplay_engine::simulation::Frame;

#[function_component(ClusterPane)]
pub fn cluster_pane() -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let lang = playground.lang;
    let strings = lang.strings();
    let session = playground.session.clone();
    // The previous frame's node views, reused where nothing changed.
    let node_views = use_mut_ref(NodeViewCache::default);
    let frame = session.as_ref().and_then(|session| session.frame(playground.cursor));
    let rollout_hover = rollout_hover(&playground);
    // How to ask the why panel, in the heading's row rather than a box of its own: on a
    // laptop's short window every row above the nodes pushes them below the fold.
    let select_hint = (playground.selected_node.is_none() && frame.as_ref().is_some_and(|frame| !frame.state.nodes.is_empty()))
        .then(|| html! { <p class="why-hint">{ lang.panels().select_hint }</p> });
    // What a trainer points at comes first: the counts, then the nodes and their pods;
    // the chart, the console and the events follow.
    let (body, events) = match frame {
        // A scenario that did not load is said above the pane (`LoadProblem`).
        None if playground.error.is_some() => (Html::default(), Html::default()),
        None => (html! { <p class="empty">{ strings.no_nodes }</p> }, Html::default()),
        Some(frame) => {
            let pool_order = session.as_ref().map(|session| session.pool_names()).unwrap_or_default();
            let pools = session.as_ref().map(|session| session.pools_by_node());
            let view = ClusterView::of_cached(&frame.state, pools.as_deref().unwrap_or(&BTreeMap::new()), &mut node_views.borrow_mut())
                .in_pool_order(&pool_order);
            drop(pools);
            let layout = Layout::of(&view, playground.selected_node.as_deref());
            if playground.present {
                return presenting(&playground, view, &frame);
            }
            let body = html! {
                <>
                    <StatusLine frame={StatusFrame(frame.state.clone())} now_ms={frame.time_ms} {lang} />
                    <BoundNotice />
                    if view.pools.is_empty() {
                        <p class="empty">{ strings.no_nodes }</p>
                    }
                    // The side (pool editor, and the why panel where it is not under a
                    // card) comes first, where it stands on screen and in the Tab order; a
                    // very wide window moves a side why panel right.
                    <div class="cluster-body">
                        <aside class="cluster-side">
                            if !layout.panel_by_card { <WhyPanel /> }
                            <PoolEditor />
                        </aside>
                        <div class="cluster-nodes" onmouseover={rollout_hover}>
                            if layout.dense {
                                <DenseCluster view={view.clone()} {lang} />
                            } else {
                                { node_pools(&view, playground.selected_node.as_deref(), layout.panel_by_card, lang) }
                            }
                        </div>
                    </div>
                    <RolloutChart />
                </>
            };
            (body, html! { <FilteredEvents frame={EventFrame(frame.state.clone())} now_ms={frame.time_ms} {lang} /> })
        }
    };
    html! {
        <section class="pane cluster-pane" id="cluster" aria-labelledby="cluster-heading" tabindex="-1">
            <div class="pane-head">
                <h2 id="cluster-heading">{ strings.cluster_heading }</h2>
                { select_hint }
                <BookmarkList />
            </div>
            <Timeline />
            <StepOutput />
            { body }
            <Console />
            { events }
        </section>
    }
}

/// The stage that presenting shows instead of the pane's panels.
fn presenting(playground: &Playground, view: ClusterView, frame: &Frame) -> Html {
    let (lang, strings) = (playground.lang, playground.lang.strings());
    let cause = narrate(frame, lang).into_owned();
    let time = (strings.at_time)(&format_sim_time(frame.time_ms));
    html! {
        <section class="pane cluster-pane is-presenting" id="cluster" aria-labelledby="cluster-heading" tabindex="-1">
            // The header, and its heading, are off screen while presenting.
            <h1 class="visually-hidden">{ strings.title }</h1>
            <h2 id="cluster-heading" class="visually-hidden">{ strings.cluster_heading }</h2>
            <PresentStage view={view} status={StatusFrame(frame.state.clone())} now_ms={frame.time_ms}
                time={time} cause={cause} {lang} />
        </section>
    }
}

/// The node pools as cards, the why panel under the selected node's card when it
/// stands there.
fn node_pools(view: &ClusterView, selected: Option<&str>, panel_by_card: bool, lang: Lang) -> Html {
    let strings = lang.strings();
    html! {
        // Keyed, so a node added before the selected one leaves its why panel (and what
        // its buttons answered) in place.
        { for view.pools.iter().map(|pool| html! {
            <section class="pool" key={pool.name.clone()} aria-label={(strings.pool_heading)(&pool.name, pool.nodes.len())}>
                <h3 class="pool-name">{ (strings.pool_heading)(&pool.name, pool.nodes.len()) }</h3>
                <ul class="nodes">
                    { for pool.nodes.iter().map(|node| html! {
                        <key={node.name.clone()}>
                            <NodeCard node={node.clone()} {lang} />
                            if panel_by_card && selected == Some(node.name.as_str()) {
                                <li class="why-slot"><WhyPanel /></li>
                            }
                        </>
                    }) }
                </ul>
            </section>
        }) }
    }
}

/// A pointer resting on a node's card or square gets, in its title, where that node
/// stands in each rollout at the frame shown. Worked out on hover, for the one node: a
/// rollout's explanation is a sync's worth of work, too much for every node at every
/// frame of a 5,000-node view.
fn rollout_hover(playground: &Playground) -> Callback<MouseEvent> {
    let playground = playground.clone();
    Callback::from(move |event: MouseEvent| {
        use wasm_bindgen::JsCast;
        let Some(target) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        // On the card (a pod chip or a button inside keeps its own title) or the square.
        let Some(node) = target.closest("li.node-card, .dense-node").ok().flatten() else { return };
        let Some(name) = node.get_attribute("data-node") else { return };
        let Some(session) = playground.session.as_ref() else { return };
        let Some(frame) = session.frame(playground.cursor) else { return };
        let title = node.get_attribute("aria-label").filter(|_| node.class_list().contains("dense-node")).unwrap_or_else(|| name.clone());
        let text = hover_text(&frame.state, &name, frame.time_ms, &title, playground.lang);
        let _ = node.set_attribute("title", &text);
    })
}

/// What a pointer resting on `node` (its card, its square) is told: its title, then a
/// line per rollout it takes part in at this frame.
pub fn hover_text(state: &dsplay_engine::state::ClusterState, node: &str, now_ms: u64, title: &str, lang: crate::i18n::Lang) -> String {
    let mut text = title.to_owned();
    for why in RolloutWhy::of(state, node, now_ms) {
        text.push('\n');
        text.push_str(&(lang.panels().rollout_line)(&why));
    }
    text
}
