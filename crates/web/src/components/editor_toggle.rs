//! The header's "Cluster only" switch: it hides the scenario's description and the
//! editor, so that the cluster has the whole page; on a projector the room looks at the
//! nodes, not the YAML. A toggle button (`aria-pressed`), one label in both states.

use yew::prelude::*;

use crate::state::Playground;

#[derive(Properties, PartialEq)]
pub struct EditorToggleProps {
    /// Whether the description and the editor are hidden now.
    pub hidden: bool,
    pub ontoggle: Callback<MouseEvent>,
}

#[function_component(EditorToggle)]
pub fn editor_toggle(props: &EditorToggleProps) -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    html! {
        <button type="button" class="btn" data-action="hide-editor" aria-pressed={props.hidden.to_string()}
            onclick={props.ontoggle.clone()}>
            { playground.lang.panels().hide_editor }
        </button>
    }
}
