//! Large clusters: one small square per node instead of a card, so 1,000 nodes
//! animate smoothly and 5,000 stay usable. A square's state is shown by colour
//! AND pattern (and spelled out in its label); hover or focus shows the details,
//! Enter or a click explains the node in the why panel.

use std::rc::Rc;

use yew::prelude::*;

use crate::cluster_view::{ClusterView, NodeReadiness, NodeView, PodPhase};
use crate::i18n::Lang;
use crate::state::{Action, Playground};

/// What a square shows, worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DenseState {
    NotReady,
    Cordoned,
    Progress,
    NoPod,
    Ok,
}

impl DenseState {
    pub fn of(node: &NodeView) -> DenseState {
        if node.readiness != NodeReadiness::Ready {
            DenseState::NotReady
        } else if node.unschedulable {
            DenseState::Cordoned
        } else if node.pods.is_empty() {
            DenseState::NoPod
        } else if node.pods.iter().all(|pod| pod.ready && pod.phase == PodPhase::Running && !pod.terminating) {
            DenseState::Ok
        } else {
            DenseState::Progress
        }
    }

    fn class(self) -> &'static str {
        match self {
            DenseState::NotReady => "dense-bad",
            DenseState::Cordoned => "dense-cordoned",
            DenseState::Progress => "dense-progress",
            DenseState::NoPod => "dense-none",
            DenseState::Ok => "dense-ok",
        }
    }

    fn label(self, lang: Lang) -> &'static str {
        let text = lang.panels();
        match self {
            DenseState::NotReady => text.dense_bad,
            DenseState::Cordoned => text.dense_cordoned,
            DenseState::Progress => text.dense_progress,
            DenseState::NoPod => text.dense_none,
            DenseState::Ok => text.dense_ok,
        }
    }
}

#[derive(Properties, PartialEq)]
struct DenseSquareProps {
    node: Rc<NodeView>,
    selected: bool,
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
    let label = format!("{}: {}{}{}", node.name, state.label(props.lang), if pods.is_empty() { "" } else { " · " }, pods);
    html! {
        <li>
            <button type="button" class={classes!("dense-node", state.class(), props.selected.then_some("is-selected"))}
                data-node={node.name.clone()} title={label.clone()} aria-label={label}
                aria-pressed={props.selected.to_string()}></button>
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
    let legend = [DenseState::Ok, DenseState::Progress, DenseState::NoPod, DenseState::Cordoned, DenseState::NotReady];
    html! {
        <section class="dense-cluster" aria-label={(text.dense_heading)(total)}>
            <h3>{ (text.dense_heading)(total) }</h3>
            <p class="console-hint">{ text.dense_hint }</p>
            <ul class="dense-legend">
                { for legend.iter().map(|state| html! {
                    <li><span class={classes!("dense-node", state.class())} aria-hidden="true"></span>{ state.label(lang) }</li>
                }) }
            </ul>
            <div {onclick}>
            { for props.view.pools.iter().map(|pool| html! {
                <section class="dense-pool" key={pool.name.clone()}>
                    <h4 class="pool-name">{ (strings.pool_heading)(&pool.name, pool.nodes.len()) }</h4>
                    <ul class="dense-nodes">
                        { for pool.nodes.iter().map(|node| html! {
                            <DenseSquare key={node.name.clone()} node={node.clone()}
                                selected={selected.as_deref() == Some(node.name.as_str())} {lang} />
                        }) }
                    </ul>
                </section>
            }) }
            </div>
        </section>
    }
}
