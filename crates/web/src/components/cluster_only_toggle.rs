//! The header's "Cluster only" switch: it hides the scenario's description and the
//! editor, so that the cluster has the whole page; on a projector the room looks at the
//! nodes, not the YAML. A toggle button (`aria-pressed`), one label in both states.

use yew::prelude::*;

use crate::state::Playground;

#[derive(Properties, PartialEq)]
pub struct ClusterOnlyToggleProps {
    /// Whether the description and the editor are hidden now.
    pub on: bool,
    pub ontoggle: Callback<MouseEvent>,
}

#[function_component(ClusterOnlyToggle)]
pub fn cluster_only_toggle(props: &ClusterOnlyToggleProps) -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    html! {
        <button type="button" class="btn" data-action="cluster-only" aria-pressed={props.on.to_string()}
            onclick={props.ontoggle.clone()}>
            { playground.lang.panels().cluster_only }
        </button>
    }
}
