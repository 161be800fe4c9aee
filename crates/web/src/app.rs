//! The page: the reducer, its context, and the layout.

use yew::prelude::*;

use crate::components::{Closed, ClusterPane, ClusterOnlyToggle, GalleryPicker, GalleryToggle, Header, LoadProblem, ManifestEditor, PresentToggle, ShareBar};
use crate::focus::focus_first;
use crate::embed::use_embed;
use crate::hooks::{use_keyboard_shortcuts, use_lang_preference, use_playback, use_presenting, use_simulation, use_subject_in_view};
use crate::markdown::ScenarioDescription;
use crate::share_link::{open_page, use_address_bar};
use crate::state::Playground;
use crate::storage::use_autosave;

#[function_component(App)]
pub fn app() -> Html {
    // A share link, the saved work or the example; and the embed options.
    let opening = use_memo((), |_| open_page());
    let playground = use_reducer(|| opening.state.clone());
    use_simulation(&playground);
    use_playback(&playground);
    use_keyboard_shortcuts(&playground);
    let embed = &opening.embed;
    use_lang_preference(playground.lang, !embed.embed);
    use_address_bar(&playground, !embed.embed);
    use_autosave(&playground, !embed.embed);
    use_embed(&playground, embed);
    use_presenting(&playground, !embed.embed);
    let presenting = playground.present;
    use_subject_in_view(&playground);
    // A story opens at its first frame with Play focused: Space or Enter tells it. Not in
    // an embed, whose focus would pull the host page to it, nor in presenter mode,
    // which focuses its own Play.
    {
        let opens_at_start = !embed.embed && !presenting && playground.cursor == 0 && (playground.frame_count() > 1 || playground.is_working());
        use_effect_with((), move |_| {
            if opens_at_start {
                crate::focus::focus_in_place(".timeline [data-action=\"play\"]");
            }
        });
    }
    let gallery_open = use_state(|| false);
    // "Cluster only": the page given to the cluster, for a projector. The description
    // and the editor are only hidden (the editor's text, and the browser's undo, stay).
    let cluster_only = use_state(|| false);
    let toggle_cluster_only = {
        let cluster_only = cluster_only.clone();
        Callback::from(move |_: MouseEvent| cluster_only.set(!*cluster_only))
    };
    let toggle_gallery = {
        let gallery_open = gallery_open.clone();
        Callback::from(move |()| gallery_open.set(!*gallery_open))
    };
    let close_gallery = {
        let gallery_open = gallery_open.clone();
        Callback::from(move |closed: Closed| {
            gallery_open.set(false);
            match closed {
                // On Play, so that Space (or Enter) plays the story just loaded; the
                // gallery's button would open the gallery again.
                // After the render the load causes, which may draw the timeline anew.
                Closed::Loaded => {
                    gloo::timers::callback::Timeout::new(0, || focus_first(".timeline [data-action=\"play\"]")).forget();
                }
                // Back to the button that opened it.
                Closed::Dismissed => focus_first("[data-action=\"gallery\"]"),
            }
        })
    };
    html! {
        <ContextProvider<Playground> context={playground}>
            if !embed.embed {
                <Header>
                    <GalleryToggle open={*gallery_open} ontoggle={toggle_gallery} />
                    <ClusterOnlyToggle on={*cluster_only} ontoggle={toggle_cluster_only} />
                    <PresentToggle />
                    <ShareBar refused={opening.refused.clone()} />
                </Header>
                <GalleryPicker open={*gallery_open} onclose={close_gallery} />
            }
            <main class={classes!("workspace", (!embed.shows_editor()).then_some("no-editor"), (*cluster_only).then_some("cluster-only"), presenting.then_some("presenting"))}>
                // What the scenario shows, the cluster, then the text: the order of a
                // phone's single column, and the Tab order everywhere. A wide window puts
                // the description above the editor on the left and gives the cluster the
                // whole height of the right (the grid areas in styles.css): above the
                // cluster, the description pushed a laptop's nodes below the fold.
                <ScenarioDescription />
                <div class="cluster-column">
                    // The share bar says why a link did not open; an embed has none.
                    <LoadProblem refused={opening.refused.clone().filter(|_| embed.embed)} editor_shown={embed.shows_editor()} editable={embed.shows_editor() && !embed.readonly} />
                    <ClusterPane />
                </div>
                if embed.shows_editor() {
                    <ManifestEditor />
                }
            </main>
        </ContextProvider<Playground>>
    }
}
