//! The scenario gallery's panel ([`crate::gallery`]): pick a scenario and it
//! replaces the editor's text and loads. Its button sits in the toolbar beside the
//! share buttons; the panel opens below the toolbar. Unapplied edits are not lost
//! silently: the picker asks first, and the editor offers the replaced work back.

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::focus::focus_first;
use crate::gallery::GALLERY;
use crate::state::{Action, Playground};
use crate::view_model::gallery::{inline_code, sections};

/// The panel's element id, which its toolbar button controls.
const PANEL_ID: &str = "gallery";

#[derive(Properties, PartialEq)]
pub struct GalleryToggleProps {
    pub open: bool,
    pub ontoggle: Callback<()>,
}

/// The toolbar button that shows or hides the gallery.
#[function_component(GalleryToggle)]
pub fn gallery_toggle(props: &GalleryToggleProps) -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let text = playground.lang.panels();
    html! {
        <button type="button" class="btn" data-action="gallery" aria-controls={PANEL_ID}
            aria-expanded={props.open.to_string()} onclick={props.ontoggle.reform(|_: MouseEvent| ())}>
            { (text.gallery_open)(GALLERY.len()) }
        </button>
    }
}

/// Why the gallery closed, which decides where the focus goes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closed {
    /// A story was loaded: it is to be played.
    Loaded,
    /// Escape or Close.
    Dismissed,
}

#[derive(Properties, PartialEq)]
pub struct GalleryPickerProps {
    pub open: bool,
    /// The panel is done with (a scenario was loaded, or Escape): the page closes it,
    /// so the loaded scenario is what the user sees next.
    #[prop_or_default]
    pub onclose: Callback<Closed>,
}

#[function_component(GalleryPicker)]
pub fn gallery_picker(props: &GalleryPickerProps) -> Html {
    // The entry waiting for confirmation before it replaces unapplied edits.
    let confirming = use_state(|| None::<usize>);
    use_focus_on_question(*confirming);
    use_focus_and_escape_while_open(props.open, props.onclose.clone());
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let text = playground.lang.panels();
    let load = {
        let (playground, confirming, onclose) = (playground.clone(), confirming.clone(), props.onclose.clone());
        Callback::from(move |index: usize| {
            if let Some(entry) = GALLERY.get(index) {
                confirming.set(None);
                playground.dispatch(Action::LoadText(entry.text.to_string()));
                // A new story starts from its top, at its first frame (its end would tell
                // the story before it is played), with no node picked from the last one.
                playground.dispatch(Action::Seek(0));
                playground.dispatch(Action::SelectNode(None));
                if let Some(pane) = gloo::utils::document().get_element_by_id("cluster") {
                    pane.set_scroll_top(0);
                }
                onclose.emit(Closed::Loaded);
            }
        })
    };
    let pick = {
        let (load, confirming, unsaved) = (load.clone(), confirming.clone(), !playground.is_applied());
        Callback::from(move |index: usize| if unsaved { confirming.set(Some(index)) } else { load.emit(index) })
    };
    // Cancel (or Escape) drops the question and gives focus back to the entry's Load.
    let cancel = {
        let confirming = confirming.clone();
        Callback::from(move |()| {
            if let Some(entry) = confirming.and_then(|index| GALLERY.get(index)) {
                confirming.set(None);
                focus_first(&format!(".gallery-entry[data-gallery-file=\"{}\"] > .btn", entry.file));
            }
        })
    };
    let onkeydown = {
        let (cancel, asking) = (cancel.clone(), confirming.is_some());
        Callback::from(move |event: KeyboardEvent| {
            if asking && event.key() == "Escape" {
                event.prevent_default();
                cancel.emit(());
            }
        })
    };
    html! {
        <section id={PANEL_ID} class="gallery-picker" hidden={!props.open} aria-labelledby="gallery-heading" {onkeydown}>
            <div class="gallery-body">
                <div class="gallery-head">
                    <h2 id="gallery-heading" tabindex="-1">{ text.gallery_heading }</h2>
                    <button type="button" class="btn" onclick={props.onclose.reform(|_: MouseEvent| Closed::Dismissed)}>{ text.close }</button>
                </div>
                { for sections().into_iter().map(|(category, entries)| html! {
                    <section class="gallery-category">
                        <h3>{ (text.gallery_category)(category) }</h3>
                        <ul>
                            { for entries.into_iter().map(|(index, _)| html! {
                                <GalleryItem {index} asking={*confirming == Some(index)} pick={pick.clone()} replace={load.clone()} cancel={cancel.clone()} />
                            }) }
                        </ul>
                    </section>
                }) }
            </div>
        </section>
    }
}

/// The confirmation appears beside its entry, far down a long list: focus moves to it
/// so that it is seen and answered from the keyboard.
#[hook]
fn use_focus_on_question(confirming: Option<usize>) {
    use_effect_with(confirming, |confirming| {
        if confirming.is_some() {
            focus_first("#gallery-confirm-replace");
        }
    });
}

/// Opened, the panel takes focus at its heading, so Tab walks its entries next rather
/// than the header's buttons; and Escape closes it wherever focus is (the question
/// beside an entry answers Escape itself, with Cancel).
/// Keyed on `open` alone: the page makes a new `onclose` at each render, and the
/// effect must not run again (and take focus back) while the panel stays open.
#[hook]
fn use_focus_and_escape_while_open(open: bool, onclose: Callback<Closed>) {
    use_effect_with(open, move |open| {
        let listener = open.then(|| {
            focus_first("#gallery-heading");
            // Not passive (gloo's default), so that it may prevent Escape's default. Typing
            // in the editor or the console keeps its Escape (and its focus).
            let options = EventListenerOptions::enable_prevent_default();
            EventListener::new_with_options(&gloo::utils::document(), "keydown", options, move |event| {
                let event = event.unchecked_ref::<KeyboardEvent>();
                let typing = event
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .is_some_and(|e| e.matches("textarea, input").unwrap_or(false));
                if event.key() == "Escape" && !event.default_prevented() && !typing {
                    event.prevent_default();
                    onclose.emit(Closed::Dismissed);
                }
            })
        });
        move || drop(listener)
    });
}

#[derive(Properties, PartialEq)]
struct GalleryItemProps {
    /// In the index.
    index: usize,
    /// Asking before its scenario replaces unapplied edits.
    asking: bool,
    pick: Callback<usize>,
    replace: Callback<usize>,
    cancel: Callback<()>,
}

/// One scenario: its title, what it shows, Load, and the question Load may ask.
#[function_component(GalleryItem)]
fn gallery_item(props: &GalleryItemProps) -> Html {
    let (Some(playground), Some(entry)) = (use_context::<Playground>(), GALLERY.get(props.index)) else {
        return Html::default();
    };
    let (lang, text, index) = (playground.lang, playground.lang.panels(), props.index);
    let explanation: Html = inline_code(entry.explanation(lang))
        .map(|(code, part)| if code { html! { <code>{ part }</code> } } else { html! { { part } } })
        .collect();
    html! {
        <li class="gallery-entry" data-gallery-file={entry.file}>
            <div>
                <strong>{ entry.title(lang) }</strong>
                <p>{ explanation }</p>
            </div>
            <button type="button" class="btn" onclick={props.pick.reform(move |_: MouseEvent| index)}
                aria-label={format!("{} {}", text.gallery_load, entry.title(lang))}>{ text.gallery_load }</button>
            if props.asking {
                <div class="gallery-confirm" role="alertdialog" aria-labelledby="gallery-confirm-text">
                    <p id="gallery-confirm-text">{ text.gallery_confirm }</p>
                    <button type="button" class="btn primary" id="gallery-confirm-replace" onclick={props.replace.reform(move |_: MouseEvent| index)}
                        data-gallery-confirm="replace">{ text.gallery_replace }</button>
                    <button type="button" class="btn" onclick={props.cancel.reform(|_: MouseEvent| ())}>{ text.gallery_cancel }</button>
                </div>
            }
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_gallery_scenario_is_embedded_and_loads() {
        assert!(GALLERY.len() >= 30, "the index lists the gallery and the conformance scenarios");
        for entry in GALLERY {
            assert!(!entry.title_en.is_empty() && !entry.title_zh.is_empty(), "{} has both titles", entry.file);
            assert!(dsplay_engine::simulation::Simulation::load(entry.text).is_ok(), "{} loads", entry.file);
        }
        assert!(GALLERY.iter().any(|e| e.file.starts_with("../shared/conformance/")));
    }
}
