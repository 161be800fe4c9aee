//! Why no cluster runs, or why the one shown is not the scenario last sent: said above
//! the cluster, where a reader looks, even when the editor (which marks the error at
//! its line) is hidden in an embed.

use yew::prelude::*;

use crate::i18n::load_error_text;
use crate::share_link::LinkError;
use crate::state::Playground;

#[derive(Properties, PartialEq)]
pub struct LoadProblemProps {
    /// A link the page could not open, when no share bar says so (an embed).
    pub refused: Option<LinkError>,
    /// The editor is on the page (it marks an error at its line)...
    pub editor_shown: bool,
    /// ...and the reader may change the text there and Apply it.
    pub editable: bool,
}

#[function_component(LoadProblem)]
pub fn load_problem(props: &LoadProblemProps) -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let lang = playground.lang;
    let strings = lang.strings();
    let refused = props.refused.as_ref().map(|error| (lang.share().link_refused)(&lang.share().reason(error)));
    let error = playground.error.as_ref().filter(|_| playground.session.is_none() || !props.editor_shown);
    let problem = error.map(|error| {
        let said = load_error_text::said(&error.place, &error.text, error.refusal.as_ref(), lang);
        let why = match error.line {
            Some(line) => format!("{}{}{said}", (strings.error_line)(line), lang.panels().colon),
            None => said,
        };
        match (playground.session.is_some(), props.editable) {
            (true, _) => (strings.last_loaded_kept)(&why),
            (false, true) => (strings.not_loaded)(&why),
            (false, false) => (strings.not_loaded_no_editor)(&why),
        }
    });
    html! {
        <>
            { for refused.into_iter().chain(problem).map(|text| html! { <p class="load-problem" role="alert">{ text }</p> }) }
        </>
    }
}
