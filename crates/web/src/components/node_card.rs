//! A node: its name, readiness, scheduling state and taints, and the daemon
//! pods on it.

use yew::prelude::*;

use super::pod_chip::PodChip;
use crate::cluster_view::{NodeReadiness, NodeView};
use crate::i18n::Lang;

#[derive(Properties, PartialEq)]
pub struct NodeCardProps {
    pub node: NodeView,
    pub lang: Lang,
}

#[function_component(NodeCard)]
pub fn node_card(props: &NodeCardProps) -> Html {
    let strings = props.lang.strings();
    let node = &props.node;
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
    );
    html! {
        <li class={class} aria-labelledby={heading_id.clone()} data-node={node.name.clone()}>
            <div class="node-head">
                <span class="node-icon" aria-hidden="true">{ "▣" }</span>
                <h4 class="node-name" id={heading_id}>{ &node.name }</h4>
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
            if !node.taints.is_empty() {
                <details class="taints">
                    <summary>{ (strings.taints)(node.taints.len()) }</summary>
                    <ul>{ for node.taints.iter().map(|taint| html! { <li><code>{ taint }</code></li> }) }</ul>
                </details>
            }
            <ul class="pods" aria-label={(strings.pods_on_node)(node.pods.len())}>
                if node.pods.is_empty() {
                    <li class="no-pod">{ strings.no_daemon_pod }</li>
                } else {
                    { for node.pods.iter().map(|pod| html! { <PodChip pod={pod.clone()} lang={props.lang} /> }) }
                }
            </ul>
        </li>
    }
}
