//! The header's "Present" button: presenter mode, for a training room (every node on
//! one screen, large type, a clicker's keys). Leaving it is the presenter bar's Exit or
//! Escape; the header is not on screen while presenting.

use yew::prelude::*;

use crate::focus::focus_first;
use crate::state::{Action, Playground};

#[function_component(PresentToggle)]
pub fn present_toggle() -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let text = playground.lang.present();
    let onclick = {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| {
            playground.dispatch(Action::SetPresent(true));
            // The bar's Play, so that Space and Enter drive the show at once.
            gloo::timers::callback::Timeout::new(0, || focus_first(".present-bar [data-action=\"play\"]")).forget();
        })
    };
    html! {
        <button type="button" class="btn" data-action="present" title={text.present_hint} {onclick}>
            { text.present }
        </button>
    }
}
