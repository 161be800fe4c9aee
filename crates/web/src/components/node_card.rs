//! A node: its name, readiness, scheduling state, labels and taints as badges, what
//! its pods request of it, and the daemon pods on it.

use std::rc::Rc;

use yew::prelude::*;

use super::pod_chip::PodChip;
use crate::cluster_view::{NodeReadiness, NodeUsage, NodeView};
use crate::i18n::Lang;
use crate::state::{Action, Playground};

#[derive(Properties, PartialEq)]
pub struct NodeCardProps {
    pub node: Rc<NodeView>,
    pub lang: Lang,
}

#[function_component(NodeCard)]
pub fn node_card(props: &NodeCardProps) -> Html {
    let strings = props.lang.strings();
    let node = &props.node;
    // Selecting a card opens the why / why not panel; outside the app (no
    // context) the card is display only.
    let playground = use_context::<Playground>();
    let selected = playground.as_ref().is_some_and(|p| p.selected_node.as_deref() == Some(node.name.as_str()));
    // In presenter mode the selection is a highlight the room follows (no why panel):
    // a second click on the highlighted node takes it away.
    let select = playground.map(|playground| {
        let name = node.name.clone();
        Callback::from(move |event: MouseEvent| {
            // Once: the name's button is inside the clickable card.
            event.stop_propagation();
            let again = playground.present && playground.selected_node.as_deref() == Some(name.as_str());
            playground.dispatch(Action::SelectNode((!again).then(|| name.clone())))
        })
    });
    let (readiness_class, readiness) = match node.readiness {
        NodeReadiness::Ready => ("badge badge-ok", strings.node_ready),
        NodeReadiness::NotReady => ("badge badge-bad", strings.node_not_ready),
        NodeReadiness::Unknown => ("badge badge-warn", strings.node_unknown),
    };
    let heading_id = format!("node-{}", node.name);
    let class = classes!(
        "node-card",
        (node.readiness != NodeReadiness::Ready).then_some("is-not-ready"),
        node.unschedulable.then_some("is-cordoned"),
        selected.then_some("is-selected"),
    );
    html! {
        <li class={class} aria-labelledby={heading_id.clone()} data-node={node.name.clone()} onclick={select.clone()}>
            <div class="node-head">
                <span class="node-icon" aria-hidden="true">{ "▣" }</span>
                if let Some(onclick) = select {
                    <h4 class="node-name-heading">
                        <button type="button" class="node-name node-select" id={heading_id} aria-pressed={selected.to_string()}
                            title={(props.lang.panels().select_node)(&node.name)} {onclick}>{ &node.name }</button>
                    </h4>
                } else {
                    <h4 class="node-name" id={heading_id}>{ &node.name }</h4>
                }
                <span class={readiness_class}>{ readiness }</span>
            </div>
            if node.unschedulable || node.control_plane {
                <div class="node-flags">
                    if node.unschedulable {
                        <span class="badge badge-warn">{ strings.node_cordoned }</span>
                    }
                    if node.control_plane {
                        <span class="badge">{ strings.node_control_plane }</span>
                    }
                </div>
            }
            if !node.labels.is_empty() {
                <ul class="node-badges node-labels" aria-label={(strings.labels)(node.labels.len())}>
                    { for node.labels.iter().map(|label| html! { <li class="badge badge-label">{ breakable(label) }</li> }) }
                </ul>
            }
            if !node.taints.is_empty() {
                <ul class="node-badges node-taints" aria-label={(strings.taints)(node.taints.len())}>
                    { for node.taints.iter().map(|taint| html! {
                        <li class="badge badge-taint"><span aria-hidden="true">{ "⊘ " }</span>{ breakable(taint) }</li>
                    }) }
                </ul>
            }
            if let Some(usage) = &node.usage {
                <NodeUsageList usage={usage.clone()} lang={props.lang} />
            }
            <ul class="pods" aria-label={(strings.pods_on_node)(node.pods.len())}>
                if node.pods.is_empty() {
                    <li class="no-pod">{ strings.no_daemon_pod }</li>
                } else {
                    // Keyed by name: a pod keeps its element, so only a new pod grows in.
                    { for node.pods.iter().map(|pod| html! { <PodChip key={pod.name.clone()} pod={pod.clone()} lang={props.lang} /> }) }
                }
            </ul>
            // Ordinary pods: what eviction and drain take away while the daemon pod stays.
            if !node.other_pods.is_empty() {
                <p class="other-pods-heading" aria-hidden="true">{ strings.other_pods }</p>
                <ul class="pods other-pods" aria-label={strings.other_pods}>
                    { for node.other_pods.iter().map(|pod| html! { <PodChip key={pod.name.clone()} pod={pod.clone()} lang={props.lang} /> }) }
                </ul>
            }
        </li>
    }
}

#[derive(Properties, PartialEq)]
struct NodeUsageProps {
    usage: NodeUsage,
    lang: Lang,
}

/// What the node's pods request of it, as `kubectl describe node` prints it under
/// "Allocated resources", each with a bar: a styled span rather than a native `<meter>`
/// (there are three per card, hundreds on screen), hidden from screen readers since the
/// text beside it says the same.
#[function_component(NodeUsageList)]
fn node_usage_list(props: &NodeUsageProps) -> Html {
    let strings = props.lang.strings();
    let usage = &props.usage;
    let row = |name: &str, percent: f64, text: String| {
        html! {
            <div class="usage-row">
                <dt>{ name.to_owned() }</dt>
                <dd>
                    <span class="usage-bar" aria-hidden="true">
                        <span style={format!("width: {:.0}%", percent.clamp(0.0, 100.0))}></span>
                    </span>
                    <span class="usage-text">{ text }</span>
                </dd>
            </div>
        }
    };
    let resources = usage.resources.iter().map(|resource| {
        let name = if resource.resource == "cpu" { strings.usage_cpu } else { strings.usage_memory };
        let percent = resource.requests_percent.unwrap_or(0);
        row(name, percent as f64, format!("{} ({percent}%)", resource.requests))
    });
    let allocatable_pods = usage.pods_allocatable.as_deref().and_then(|pods| pods.parse::<f64>().ok()).filter(|&n| n > 0.0);
    let pods_percent = allocatable_pods.map_or(0.0, |max| 100.0 * usage.pods as f64 / max);
    let pods_text = format!("{} / {}", usage.pods, usage.pods_allocatable.as_deref().unwrap_or("?"));
    html! {
        <dl class="node-usage" aria-label={strings.usage_heading} title={strings.usage_heading}>
            { for resources }
            { row(strings.usage_pods, pods_percent, pods_text) }
        </dl>
    }
}

/// A label or taint with line-break opportunities after its `/`, `=` and `:`, so a
/// narrow card wraps `node.kubernetes.io/unreachable:NoSchedule` between its parts
/// rather than inside a word.
fn breakable(text: &str) -> Html {
    let mut pieces = Vec::new();
    let mut start = 0;
    for (index, c) in text.char_indices() {
        if matches!(c, '/' | '=' | ':') {
            pieces.push(html! { <>{ text[start..=index].to_string() }<wbr /></> });
            start = index + 1;
        }
    }
    pieces.push(html! { { text[start..].to_string() } });
    pieces.into_iter().collect()
}
