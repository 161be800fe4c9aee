//! The scenario editor: a plain `<textarea>` (so the browser's undo, selection,
//! IME and Tab-to-leave all work) over a highlighted copy of the same text, with
//! line numbers beside it and the apply error under it.

mod auto_indent;
mod highlight;

pub use highlight::{highlight_text, Token};

use web_sys::{Element, HtmlTextAreaElement};
use yew::prelude::*;

use crate::i18n::load_error_text;
use dsplay_engine::simulation::LoadError;
use crate::state::{Action, Playground};
use crate::view_model::manifest::{line_top, ApplyState, ErrorLayout};

/// Types a line break and the indentation the new line takes, through the browser's
/// own editing (`insertText`), so native undo takes it back in one step. False where the
/// browser would not do it: Enter then does its plain default.
fn insert_indented_newline(event: &KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    let Some(field) = event.target().and_then(|t| t.dyn_into::<HtmlTextAreaElement>().ok()) else { return false };
    let caret = field.selection_start().ok().flatten().unwrap_or(0) as usize;
    let text = field.value();
    // selectionStart counts UTF-16 code units.
    let before: String = char::decode_utf16(text.encode_utf16().take(caret)).map(|c| c.unwrap_or('\u{fffd}')).collect();
    let inserted = format!("\n{}", auto_indent::newline_indent(&before));
    let document = gloo::utils::document().dyn_into::<web_sys::HtmlDocument>().ok();
    document.is_some_and(|d| d.exec_command_with_show_ui_and_value("insertText", false, &inserted).unwrap_or(false))
}

#[derive(Properties, PartialEq)]
struct EditorTextProps {
    text: AttrValue,
    /// 1-based lines the apply error is about.
    error_lines: Vec<usize>,
}

/// The gutter's numbers, and the highlighted copy of the text below: components of
/// their own, drawn again only when the text or the error's lines change, not on
/// every frame that playback shows.
#[function_component(LineNumbers)]
fn line_numbers(props: &EditorTextProps) -> Html {
    let count = props.text.split('\n').count();
    html! {
        { for (1..=count).map(|number| html! {
            <span class={classes!("ln", props.error_lines.contains(&number).then_some("ln-error"))}>{ number }</span>
        }) }
    }
}

#[function_component(HighlightedCode)]
fn highlighted_code(props: &EditorTextProps) -> Html {
    html! {
        { for highlight_text(&props.text).into_iter().enumerate().map(|(index, pieces)| {
            let tokens = pieces.into_iter().map(|(token, text)| html! { <span class={token.class()}>{ text }</span> });
            html! {
                <span class={classes!("line", props.error_lines.contains(&(index + 1)).then_some("line-error"))}>
                    { for tokens }{ "\n" }
                </span>
            }
        }) }
    }
}

#[function_component(ManifestEditor)]
pub fn manifest_editor() -> Html {
    let textarea = use_node_ref();
    let overlay = use_node_ref();
    let gutter = use_node_ref();
    let playground = use_context::<Playground>();
    let first_error_line = playground.as_ref().and_then(|p| p.error.as_ref()).and_then(|e| e.marked_lines().first().copied());
    use_error_line_in_sight(textarea.clone(), first_error_line);
    let Some(playground) = playground else {
        return Html::default();
    };
    let strings = playground.lang.strings();
    let oninput = {
        let playground = playground.clone();
        Callback::from(move |event: InputEvent| {
            let textarea: HtmlTextAreaElement = event.target_unchecked_into();
            playground.dispatch(Action::Edit(textarea.value()));
        })
    };
    // The overlay and the gutter follow the textarea, which is what scrolls.
    let onscroll = {
        let (textarea, overlay, gutter) = (textarea.clone(), overlay.clone(), gutter.clone());
        Callback::from(move |_: Event| {
            if let (Some(source), Some(overlay), Some(gutter)) =
                (textarea.cast::<HtmlTextAreaElement>(), overlay.cast::<Element>(), gutter.cast::<Element>())
            {
                overlay.set_scroll_top(source.scroll_top());
                overlay.set_scroll_left(source.scroll_left());
                gutter.set_scroll_top(source.scroll_top());
            }
        })
    };
    let onkeydown = editor_keys(&playground);
    let error_lines = playground.error.as_ref().map(LoadError::marked_lines).unwrap_or_default();
    let text = AttrValue::from(playground.text.clone());
    html! {
        <section class="pane editor-pane" aria-labelledby="editor-heading">
            <EditorHead />
            <DisplacedNotice />
            <div class="editor">
                <div class="gutter" ref={gutter} aria-hidden="true"><LineNumbers text={text.clone()} error_lines={error_lines.clone()} /></div>
                <div class="code">
                    <pre class="highlight" ref={overlay} aria-hidden="true"><code><HighlightedCode text={text.clone()} {error_lines} /></code></pre>
                    <textarea
                        key={playground.editor_generation.to_string()}
                        ref={textarea.clone()}
                        id="manifest"
                        lang="en"
                        class="source"
                        spellcheck="false"
                        autocapitalize="off"
                        autocomplete="off"
                        wrap="off"
                        aria-label={strings.manifest_label}
                        aria-invalid={if playground.error.is_some() { "true" } else { "false" }}
                        aria-describedby="manifest-error"
                        defaultvalue={playground.text.clone()}
                        {oninput}
                        {onscroll}
                        {onkeydown}
                    />
                </div>
            </div>
            <div id="manifest-error" class="editor-error" role="alert" hidden={playground.error.is_none()}><EditorError {textarea} /></div>
            <p class="editor-foot">{ (strings.lines)(text.split('\n').count()) }<span class="keyboard-only">{ " · " }{ strings.apply_hint }</span></p>
        </section>
    }
}

/// An error's line out of sight (Ctrl+Enter from the top of a long scenario) is
/// scrolled into view, the caret and the focus left where they are.
#[hook]
fn use_error_line_in_sight(textarea: NodeRef, first_error_line: Option<usize>) {
    use_effect_with(first_error_line, move |line| {
        if let (Some(line), Some(source)) = (*line, textarea.cast::<HtmlTextAreaElement>()) {
            let top = line_top(line, 0, LINE_HEIGHT_PX) as i32;
            let visible = source.scroll_top()..source.scroll_top() + source.client_height() - LINE_HEIGHT_PX as i32;
            if !visible.contains(&top) {
                source.set_scroll_top(line_top(line, 3, LINE_HEIGHT_PX) as _);
            }
        }
    });
}

/// Ctrl+Enter (Cmd+Enter) applies; Enter keeps the indentation. Tab is left alone:
/// it moves focus out.
fn editor_keys(playground: &Playground) -> Callback<KeyboardEvent> {
    let playground = playground.clone();
    Callback::from(move |event: KeyboardEvent| {
        if event.key() != "Enter" || event.is_composing() {
            return;
        }
        if event.ctrl_key() || event.meta_key() {
            event.prevent_default();
            playground.dispatch(Action::Apply);
        } else if !(event.shift_key() || event.alt_key()) && insert_indented_newline(&event) {
            event.prevent_default();
        }
    })
}

/// The heading, the state of the text, Reset and Apply.
#[function_component(EditorHead)]
fn editor_head() -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let strings = playground.lang.strings();
    let dispatch = |action: fn() -> Action| {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(action()))
    };
    let state = ApplyState::of(playground.error.is_some(), playground.is_applied());
    let state_text = match state {
        ApplyState::Refused => strings.apply_refused,
        ApplyState::Applied => strings.applied,
        ApplyState::Edited => strings.unapplied_changes,
    };
    // What Reset loads: the gallery entry the work began from, or the example.
    let reset_target = crate::gallery::origin_entry(playground.origin).map_or(strings.the_example, |entry| entry.title(playground.lang));
    html! {
        <div class="pane-head">
            <h2 id="editor-heading">{ strings.manifest_heading }</h2>
            // The state sits in a slot that shrinks (wide) or takes a row of its own
            // (narrow), so a longer state never moves Apply from under the pointer.
            <span class="apply-state-slot"><span class={state.class()} aria-live="polite" title={state_text}>{ state_text }</span></span>
            <span class="spacer"></span>
            <button type="button" class="btn" onclick={dispatch(|| Action::Reset)} title={(strings.reset_hint)(reset_target)}>{ strings.reset }</button>
            <button type="button" class="btn primary" onclick={dispatch(|| Action::Apply)}
                aria-keyshortcuts="Control+Enter" title={strings.apply_hint}>
                { strings.apply }
            </button>
        </div>
    }
}

/// The offer to bring back the work a gallery pick or a link replaced.
#[function_component(DisplacedNotice)]
fn displaced_notice() -> Html {
    let Some(playground) = use_context::<Playground>().filter(|p| p.displaced.is_some()) else {
        return Html::default();
    };
    let panels = playground.lang.panels();
    let dispatch = |action: fn() -> Action| {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(action()))
    };
    html! {
        <p class="displaced-notice" role="status">
            { panels.displaced_notice }
            <button type="button" class="btn" onclick={dispatch(|| Action::RestoreDisplaced)} data-restore-work="">{ panels.restore_work }</button>
            <button type="button" class="btn" onclick={dispatch(|| Action::DismissDisplaced)}>{ panels.dismiss_restore }</button>
        </p>
    }
}

#[derive(Properties, PartialEq)]
struct EditorErrorProps {
    /// The editor, where a line button selects its line.
    textarea: NodeRef,
}

/// Why the last Apply was refused; a line it names is a button that selects that line.
#[function_component(EditorError)]
fn editor_error(props: &EditorErrorProps) -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let Some(error) = playground.error.as_ref() else {
        return Html::default();
    };
    let (lang, strings) = (playground.lang, playground.lang.strings());
    let colon = lang.panels().colon;
    let line_button = |line: usize| {
        let (textarea, text) = (props.textarea.clone(), playground.text.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            if let Some(source) = textarea.cast::<HtmlTextAreaElement>() {
                select_line(&source, &text, line);
            }
        });
        html! {
            <button type="button" class="error-line" {onclick} aria-label={(strings.select_line)(line)}>
                { (strings.error_line)(line) }
            </button>
        }
    };
    match ErrorLayout::of(error) {
        ErrorLayout::Details { first_line, details } => html! {
            <>
                { load_error_text::said(&error.place, first_line, None, lang) }
                <ul class="error-details">
                    { for details.into_iter().map(|(line, text)| html! {
                        <li>{ for line.map(&line_button) }{ if line.is_some() { colon } else { "" } }{ text }</li>
                    }) }
                </ul>
            </>
        },
        ErrorLayout::Single { line } => html! {
            <>
                if let Some(line) = line {
                    { line_button(line) }{ colon }
                }
                { load_error_text::said(&error.place, &error.text, error.refusal.as_ref(), lang) }
            </>
        },
    }
}

/// Focuses the editor with `line` (1-based) selected and scrolled into view.
/// Selection offsets are UTF-16 code units, as the DOM counts them.
fn select_line(source: &HtmlTextAreaElement, text: &str, line: usize) {
    let mut start = 0u32;
    for (index, content) in text.split('\n').enumerate() {
        let length = content.encode_utf16().count() as u32;
        if index + 1 == line {
            let _ = source.focus();
            let _ = source.set_selection_range(start, start + length);
            // Three lines of context above; the scroll event moves the overlay too.
            source.set_scroll_top(line_top(line, 3, LINE_HEIGHT_PX) as _);
            return;
        }
        start += length + 1;
    }
}

/// `--code-line` in www/styles.css.
const LINE_HEIGHT_PX: usize = 20;
