//! The page: the reducer, its context, and the layout.

use yew::prelude::*;

use crate::components::{ClusterPane, Header, ManifestEditor};
use crate::hooks::{initial_lang, use_lang_preference, use_playback};
use crate::state::{Playground, State, EXAMPLE_SCENARIO};

#[function_component(App)]
pub fn app() -> Html {
    let playground = use_reducer(|| State::new(initial_lang(), EXAMPLE_SCENARIO));
    use_playback(&playground);
    use_lang_preference(playground.lang);
    html! {
        <ContextProvider<Playground> context={playground}>
            <Header />
            <main class="workspace">
                <ManifestEditor />
                <ClusterPane />
            </main>
        </ContextProvider<Playground>>
    }
}
