//! The page header: the product name, the tools given as its children (the gallery's
//! button and the share bar) and the language switch, in one row on a wide window.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::state::{Action, Playground};

#[derive(Properties, PartialEq)]
pub struct HeaderProps {
    #[prop_or_default]
    pub children: Html,
}

#[function_component(Header)]
pub fn header(props: &HeaderProps) -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let strings = playground.lang.strings();
    let onchange = {
        let playground = playground.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            if let Some(lang) = Lang::from_tag(&select.value()) {
                playground.dispatch(Action::SetLang(lang));
            }
        })
    };
    html! {
        <header class="app-header">
            <a class="skip-link" href="#cluster">{ strings.skip_to_cluster }</a>
            <div class="brand">
                <svg class="logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
                    <rect x="2" y="2" width="12" height="12" rx="2" />
                    <rect x="18" y="2" width="12" height="12" rx="2" />
                    <rect x="2" y="18" width="12" height="12" rx="2" />
                    <rect x="18" y="18" width="12" height="12" rx="2" />
                    <circle cx="8" cy="8" r="3" class="dot" />
                    <circle cx="24" cy="8" r="3" class="dot" />
                    <circle cx="8" cy="24" r="3" class="dot" />
                    <circle cx="24" cy="24" r="3" class="dot" />
                </svg>
                <div>
                    <h1>{ strings.title }</h1>
                    <p class="tagline">{ strings.tagline }</p>
                </div>
            </div>
            <div class="toolbar">{ props.children.clone() }</div>
            <label class="lang-switch">
                <span>{ strings.language_label }</span>
                <select {onchange} aria-label={strings.language_label}>
                    { for Lang::ALL.iter().map(|lang| html! {
                        <option value={lang.tag()} lang={lang.tag()} selected={*lang == playground.lang}>
                            { lang.native_name() }
                        </option>
                    }) }
                </select>
            </label>
        </header>
    }
}
