//! Large clusters: one small square per node instead of a card, so 1,000 nodes
//! animate smoothly and 5,000 stay usable. A square's state is shown by colour
//! AND pattern (and spelled out in its label); hover or focus shows the details,
//! Enter or a click explains the node in the why panel.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::cluster_view::{ClusterView, DenseState, NodeView};
use crate::i18n::Lang;
use crate::state::{Action, Playground};

/// A square's class: `dense-ok`, `dense-ok-old`, ... (www/ui-panels.css).
fn class(state: DenseState) -> String {
    format!("dense-{}", state.name())
}

fn label(state: DenseState, lang: Lang) -> &'static str {
    let text = lang.panels();
    match state {
        DenseState::NotReady => text.dense_bad,
        DenseState::Cordoned => text.dense_cordoned,
        DenseState::Progress => text.dense_progress,
        DenseState::NoPod => text.dense_none,
        DenseState::OkOld => text.dense_ok_old,
        DenseState::Ok => text.dense_ok,
    }
}

#[derive(Properties, PartialEq)]
struct DenseSquareProps {
    node: Rc<NodeView>,
    selected: bool,
    /// The square Tab lands on (the selected one, else the first): the squares are one
    /// Tab stop, and the arrow keys move between them (`move_focus`).
    tab_stop: bool,
    lang: Lang,
}

/// One node's square. A component of its own so that, frame to frame, only the
/// squares whose node changed are drawn again; in a rollout that is a few of them.
#[function_component(DenseSquare)]
fn dense_square(props: &DenseSquareProps) -> Html {
    let node = &props.node;
    let state = DenseState::of(node);
    let pods = node
        .pods
        .iter()
        .map(|pod| {
            let old = if pod.current == Some(false) { format!(" {}", props.lang.strings().pod_old) } else { String::new() };
            format!("{} {}{}{old}", pod.name, pod.status, pod.revision.as_deref().map(|r| format!(" r{r}")).unwrap_or_default())
        })
        .collect::<Vec<_>>()
        .join(", ");
    let colon = props.lang.panels().colon;
    let label = format!("{}{colon}{}{}{}", node.name, label(state, props.lang), if pods.is_empty() { "" } else { " · " }, pods);
    html! {
        <li>
            <button type="button" class={classes!("dense-node", class(state), props.selected.then_some("is-selected"))}
                data-node={node.name.clone()} title={label.clone()} aria-label={label}
                aria-pressed={props.selected.to_string()} tabindex={if props.tab_stop { "0" } else { "-1" }}></button>
        </li>
    }
}

#[derive(Properties, PartialEq)]
pub struct DenseClusterProps {
    pub view: ClusterView,
    pub lang: Lang,
}

#[function_component(DenseCluster)]
pub fn dense_cluster(props: &DenseClusterProps) -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let lang = props.lang;
    let text = lang.panels();
    let strings = lang.strings();
    let total: usize = props.view.pools.iter().map(|pool| pool.nodes.len()).sum();
    let selected = playground.selected_node.clone();
    // One delegated handler for every square: thousands of closures would cost
    // more than the squares themselves.
    let onclick = {
        let playground = playground.clone();
        Callback::from(move |event: MouseEvent| {
            let target: Option<web_sys::Element> = event.target_dyn_into();
            if let Some(node) = target.and_then(|element| element.get_attribute("data-node")) {
                playground.dispatch(Action::SelectNode(Some(node)));
            }
        })
    };
    // Arrow keys walk the squares: one Tab stop instead of thousands.
    let onkeydown = Callback::from(|event: KeyboardEvent| {
        let target: Option<web_sys::HtmlElement> = event.target_dyn_into();
        if let Some(square) = target.filter(|element| element.has_attribute("data-node")) {
            if move_focus(&square, &event.key()) {
                event.prevent_default();
            }
        }
    });
    // After a selection changes, one square keeps the Tab stop (the arrows move it by
    // hand, out of Yew's sight): the selected one, else the one focus is on (Escape
    // closing the panel returns there), else the first stop found.
    use_effect_with(selected.clone(), |selected| {
        let document = gloo::utils::document();
        let focused = document.active_element().filter(|e| e.matches(".dense-node[data-node]").unwrap_or(false));
        let keep = selected.clone().or_else(|| focused.and_then(|e| e.get_attribute("data-node")));
        let Ok(stops) = document.query_selector_all(".dense-node[data-node][tabindex=\"0\"]") else { return };
        let mut kept = false;
        for i in 0..stops.length() {
            let Some(stop) = stops.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) else { continue };
            let is_kept = match &keep {
                Some(name) => stop.get_attribute("data-node").as_deref() == Some(name.as_str()),
                None => !kept,
            };
            if is_kept && !kept {
                kept = true;
            } else {
                let _ = stop.set_attribute("tabindex", "-1");
            }
        }
        if let (false, Some(name)) = (kept, keep) {
            if let Ok(Some(square)) = document.query_selector(&format!(".dense-node[data-node=\"{name}\"]")) {
                let _ = square.set_attribute("tabindex", "0");
            }
        }
    });
    let first = props.view.pools.iter().find_map(|pool| pool.nodes.first()).map(|node| node.name.clone());
    let tab_stop = selected.clone().or(first);
    let legend = [DenseState::Ok, DenseState::OkOld, DenseState::Progress, DenseState::NoPod, DenseState::Cordoned, DenseState::NotReady];
    html! {
        <section class="dense-cluster" aria-label={(text.dense_heading)(total)}>
            <h3>{ (text.dense_heading)(total) }</h3>
            <p class="console-hint">{ text.dense_hint }</p>
            <ul class="dense-legend">
                { for legend.iter().map(|state| html! {
                    <li><span class={classes!("dense-node", class(*state))} aria-hidden="true"></span>{ label(*state, lang) }</li>
                }) }
            </ul>
            <div {onclick} {onkeydown}>
            { for props.view.pools.iter().map(|pool| html! {
                <section class="dense-pool" key={pool.name.clone()}>
                    <h4 class="pool-name">{ (strings.pool_heading)(&pool.name, pool.nodes.len()) }</h4>
                    <ul class="dense-nodes">
                        { for pool.nodes.iter().map(|node| html! {
                            <DenseSquare key={node.name.clone()} node={node.clone()}
                                selected={selected.as_deref() == Some(node.name.as_str())}
                                tab_stop={tab_stop.as_deref() == Some(node.name.as_str())} {lang} />
                        }) }
                    </ul>
                </section>
            }) }
            </div>
        </section>
    }
}

/// Moves focus (and the Tab stop) from `square` for an arrow, Home or End key: left and
/// right go to the previous and next square, up and down to the square above or below
/// as laid out, across pools. False for any other key.
fn move_focus(square: &web_sys::HtmlElement, key: &str) -> bool {
    let Some(container) = square.closest(".dense-cluster").ok().flatten() else { return false };
    let Ok(list) = container.query_selector_all(".dense-node[data-node]") else { return false };
    let squares: Vec<web_sys::HtmlElement> =
        (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.dyn_into().ok()).collect();
    let Some(at) = squares.iter().position(|s| s == square) else { return false };
    let (left, top) = (square.offset_left(), square.offset_top());
    // The nearest square in the next (or previous) row, by horizontal distance.
    let by_row = |candidates: &mut dyn Iterator<Item = &web_sys::HtmlElement>| {
        let mut candidates = candidates.skip_while(|s| s.offset_top() == top).peekable();
        let row = candidates.peek().map(|s| s.offset_top())?;
        candidates.take_while(|s| s.offset_top() == row).min_by_key(|s| (s.offset_left() - left).abs()).cloned()
    };
    let next = match key {
        "ArrowRight" => squares.get(at + 1).cloned(),
        "ArrowLeft" => at.checked_sub(1).and_then(|i| squares.get(i)).cloned(),
        "ArrowDown" => by_row(&mut squares[at + 1..].iter()),
        "ArrowUp" => by_row(&mut squares[..at].iter().rev()),
        "Home" => squares.first().cloned(),
        "End" => squares.last().cloned(),
        _ => return false,
    };
    if let Some(next) = next {
        let _ = square.set_attribute("tabindex", "-1");
        let _ = next.set_attribute("tabindex", "0");
        let _ = next.focus();
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mid-rollout, a square tells a node still on the old template from an updated
    /// one, so the progress of a large rollout shows; at the end every square is updated.
    #[test]
    fn squares_tell_old_from_updated_during_a_rollout() {
        let entry = crate::gallery::GALLERY.iter().find(|e| e.file == "gallery/node-exporter-rollout.yaml").expect("in the gallery");
        let session = crate::session::Session::load(entry.text).expect("it loads");
        let states = |index: usize| {
            let frame = session.frame(index).expect("a frame");
            let view = ClusterView::of(&frame.state);
            view.pools.iter().flat_map(|pool| pool.nodes.iter().map(|node| DenseState::of(node))).collect::<Vec<_>>()
        };
        let mixed = (0..session.frame_count()).any(|index| {
            let states = states(index);
            states.contains(&DenseState::Ok) && states.contains(&DenseState::OkOld)
        });
        assert!(mixed, "some frame shows updated and old nodes side by side");
        assert!(states(session.last_frame()).iter().all(|state| *state == DenseState::Ok));
    }
}
