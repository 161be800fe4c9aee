//! Sharing and keeping work, under the header: Copy link, Embed (an iframe snippet
//! showing a poster of the frame until a click loads the playground), Save picture
//! (that poster as an SVG file), the offer to restore work that a link displaced, and why a link was refused.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsValue;
use web_sys::HtmlTextAreaElement;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use dsplay_view::poster::{Lang as PosterLang, Options as PosterOptions, Theme};

use crate::i18n::Lang;
use crate::share_link::{check_link_size, keep_address, shared_view_of, to_fragment, url_of, LinkError, SharedView};
use crate::state::{Action, Playground};
use crate::storage::{self, SavedWork};
use crate::view_model::share::{caveat, iframe_snippet, Caveat, Open};

#[derive(Properties, PartialEq)]
pub struct ShareBarProps {
    /// A link in the address that could not be opened.
    #[prop_or_default]
    pub refused: Option<LinkError>,
}

#[function_component(ShareBar)]
pub fn share_bar(props: &ShareBarProps) -> Html {
    let open = use_state(|| Open::None);
    let copied = use_state(|| false);
    let refused = use_state(|| props.refused.clone());
    // The work a link displaced, read once: restoring or dismissing clears it.
    let previous = use_state(|| storage::load(storage::PREVIOUS_KEY));
    let bar = use_node_ref();
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let strings = playground.lang.share();
    let toggle = |which: Open| {
        let (open, copied, playground) = (open.clone(), copied.clone(), playground.clone());
        Callback::from(move |_: MouseEvent| {
            if open.toggled(which) == Open::None {
                open.set(Open::None);
                return;
            }
            if which == Open::Link {
                keep_address(&playground);
            }
            copied.set(shared_text(which, &playground).is_ok_and(|text| copy_to_clipboard(&text)));
            open.set(which);
        })
    };
    let save_picture = {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some((name, svg)) = poster_of(&playground, false) {
                download(&format!("{name}.svg"), &svg);
            }
        })
    };
    let dismiss_refused = {
        let refused = refused.clone();
        Callback::from(move |()| refused.set(None))
    };
    html! {
        <div class="share-bar" ref={bar.clone()} onkeydown={close_on_escape(open.clone())} onfocusout={close_on_focus_out(open.clone(), bar)}>
            <div class="share-actions">
                <button type="button" class="btn" data-action="copy-link" aria-expanded={(*open == Open::Link).to_string()}
                    onclick={toggle(Open::Link)}>{ strings.copy_link }</button>
                <button type="button" class="btn" data-action="embed" aria-expanded={(*open == Open::Embed).to_string()}
                    onclick={toggle(Open::Embed)}>{ strings.embed }</button>
                <button type="button" class="btn" data-action="save-picture" title={strings.save_picture_hint}
                    disabled={playground.session.is_none()} onclick={save_picture}>{ strings.save_picture }</button>
            </div>
            // What opens under the buttons floats over the page instead of pushing it down.
            if *open != Open::None || refused.is_some() || previous.is_some() {
                <div class="share-popover">
                    <SharedText open={*open} copied={*copied} />
                    if let Some(error) = (*refused).clone() {
                        <p class="share-notice bad" role="alert">
                            { (strings.link_refused)(&strings.reason(&error)) }
                            <button type="button" class="btn" onclick={dismiss_refused.reform(|_: MouseEvent| ())}>{ strings.dismiss }</button>
                        </p>
                    }
                    if previous.is_some() {
                        <p class="share-notice" role="status">
                            { strings.previous_kept }
                            <button type="button" class="btn primary" data-action="restore-previous" onclick={restore(previous.clone(), &playground)}>
                                { strings.restore_previous }
                            </button>
                            <button type="button" class="btn" onclick={dismiss(previous)}>{ strings.dismiss }</button>
                        </p>
                    }
                </div>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct SharedTextProps {
    open: Open,
    /// The browser took the text onto the clipboard.
    copied: bool,
}

/// The link or the snippet, selected on focus for copying by hand, and what it does
/// not carry; or why there is none.
#[function_component(SharedText)]
fn shared_text_box(props: &SharedTextProps) -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    if props.open == Open::None {
        return Html::default();
    }
    let strings = playground.lang.share();
    // The link is made only when shown or copied: it deflates the scenario and the
    // console log, and the bar renders on every frame of playback.
    let text = match shared_text(props.open, &playground) {
        Ok(text) => text,
        Err(error) => return html! { <p class="share-notice bad" role="alert">{ (strings.not_shareable)(&strings.reason(&error)) }</p> },
    };
    let link = props.open == Open::Link;
    let select_all = Callback::from(|event: FocusEvent| {
        let field: HtmlTextAreaElement = event.target_unchecked_into();
        field.select();
    });
    html! {
        <>
            <label class="share-output">
                <span>
                    { if link { strings.link_label } else { strings.embed_label } }
                    // Told inside the box, so the buttons above never move.
                    if props.copied {
                        <span class="share-status" role="status">{ if link { strings.link_copied } else { strings.snippet_copied } }</span>
                    }
                </span>
                <textarea readonly=true rows={props.open.rows()} class="share-text" spellcheck="false" onfocus={select_all} value={text} />
            </label>
            { match caveat(playground.session.is_some(), playground.is_applied()) {
                Some(Caveat::Broken) => html! { <p class="share-caveat">{ strings.broken_shared }</p> },
                Some(Caveat::EditsNotShared) => html! { <p class="share-caveat">{ strings.edits_not_shared }</p> },
                None => Html::default(),
            } }
        </>
    }
}

/// Brings back the work a link displaced, at its frame.
fn restore(previous: UseStateHandle<Option<SavedWork>>, playground: &Playground) -> Callback<MouseEvent> {
    let playground = playground.clone();
    Callback::from(move |_: MouseEvent| {
        if let Some(SavedWork { text, frame, session, .. }) = (*previous).clone() {
            playground.dispatch(Action::Resume { text, record: session });
            playground.dispatch(Action::Seek(frame));
        }
        storage::remove(storage::PREVIOUS_KEY);
        previous.set(None);
    })
}

fn dismiss(previous: UseStateHandle<Option<SavedWork>>) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| {
        storage::remove(storage::PREVIOUS_KEY);
        previous.set(None);
    })
}

/// Escape closes the link or snippet that is open, and gives the focus back to the
/// button that opened it, since the text it held goes away.
fn close_on_escape(open: UseStateHandle<Open>) -> Callback<KeyboardEvent> {
    Callback::from(move |event: KeyboardEvent| {
        if event.key() == "Escape" && *open != Open::None {
            event.prevent_default();
            let button = open.opener();
            open.set(Open::None);
            crate::focus::focus_first(button);
        }
    })
}

/// Focus going elsewhere (a click anywhere on the page) closes the link or snippet.
fn close_on_focus_out(open: UseStateHandle<Open>, bar: NodeRef) -> Callback<FocusEvent> {
    Callback::from(move |event: FocusEvent| {
        let inside = event
            .related_target()
            .and_then(|target| target.dyn_into::<web_sys::Node>().ok())
            .is_some_and(|target| bar.cast::<web_sys::Node>().is_some_and(|bar| bar.contains(Some(&target))));
        if !inside && *open != Open::None {
            open.set(Open::None);
        }
    })
}

/// What Copy link or Embed shows and copies for the current state; no link for a
/// cluster larger than a link may open.
fn shared_text(which: Open, playground: &Playground) -> Result<String, LinkError> {
    let view = crate::share_link::with_progress(shared_view_of(playground));
    check_link_size(&view)?;
    Ok(match which {
        Open::Embed => match poster_of(playground, true) {
            Some((_, poster)) => {
                let theme = if page_is_dark() { Theme::Dark } else { Theme::Light };
                dsplay_view::poster::embed_snippet(&poster, &embed_url(&view), playground.lang.strings().title, poster_lang(playground.lang), theme)
            }
            None => embed_snippet(&view, playground.lang.strings().title),
        },
        Open::Link | Open::None => url_of(&view, ""),
    })
}

/// The playground in embed mode at `view`: this page's address with `?embed=1`.
fn embed_url(view: &SharedView) -> String {
    let location = web_sys::window().map(|w| w.location());
    let origin = location.as_ref().and_then(|l| l.origin().ok()).unwrap_or_default();
    let path = location.as_ref().and_then(|l| l.pathname().ok()).unwrap_or_else(|| "/".into());
    format!("{origin}{path}?embed=1#{}", to_fragment(view))
}

/// The `<iframe>` for `view` in embed mode, without a poster (a scenario that did not
/// load has no frame to draw). The view's language and frame come along; attribute
/// values are escaped, and the fragment is base64url (nothing to escape).
pub fn embed_snippet(view: &SharedView, title: &str) -> String {
    iframe_snippet(&embed_url(view), title)
}

fn poster_lang(lang: Lang) -> PosterLang {
    match lang {
        Lang::En => PosterLang::En,
        Lang::ZhHans => PosterLang::Zh,
    }
}

/// The page's palette, as index.html set it (`?theme=`, else the system's).
fn page_is_dark() -> bool {
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element());
    root.and_then(|root| root.get_attribute("data-theme")).as_deref() == Some("dark")
}

/// The poster of the frame shown (`dsplay_view::poster`), in the page's language and
/// palette, with a file name for it: `<scenario>-frame-<n>`. For an embed (`play`) it
/// scales to the iframe and carries the Play button.
fn poster_of(playground: &Playground, play: bool) -> Option<(String, String)> {
    let session = playground.session.as_ref()?;
    let frame = session.frame(playground.cursor)?;
    let name = session.scenario().name.clone();
    let options = PosterOptions {
        lang: poster_lang(playground.lang),
        theme: if page_is_dark() { Theme::Dark } else { Theme::Light },
        title: format!("{name} · {}", crate::sim_time::format_sim_time(frame.time_ms)),
        fluid: play,
        play,
    };
    let pools = session.pools_by_node();
    let svg = dsplay_view::poster::of_state(&frame.state, frame.time_ms, &pools, &session.pool_names(), &options);
    let file = if name.is_empty() { "dsplay".to_string() } else { name };
    Some((format!("{file}-frame-{}", playground.cursor), svg))
}

/// Downloads `text` as an SVG file named `name`: a Blob, its object URL, and a
/// temporary `<a download>` clicked once.
fn download(name: &str, text: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("image/svg+xml");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    if let Ok(link) = document.create_element("a").map(|e| e.unchecked_into::<web_sys::HtmlAnchorElement>()) {
        link.set_href(&url);
        link.set_download(name);
        if let Some(body) = document.body() {
            let _ = body.append_child(&link);
            link.click();
            link.remove();
        }
    }
    // The download has its bytes once it started; the URL goes a moment later.
    gloo::timers::callback::Timeout::new(10_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
}

/// Asks the browser to copy `text`; false when there is no clipboard (an insecure
/// origin). The text is also shown, selected on focus, for copying by hand.
fn copy_to_clipboard(text: &str) -> bool {
    let Some(window) = web_sys::window() else { return false };
    let clipboard = window.navigator().clipboard();
    if JsValue::from(clipboard.clone()).is_undefined() {
        return false;
    }
    // A refused permission rejects the promise: swallow it rather than leave an
    // unhandled rejection; the visible text is the fallback.
    let ignore = Closure::once(|_: JsValue| {});
    let _ = clipboard.write_text(text).catch(&ignore);
    ignore.forget();
    true
}
