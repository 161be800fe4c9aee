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
    // An error's line out of sight (Ctrl+Enter from the top of a long scenario) is
    // scrolled into view, the caret and the focus left where they are.
    let first_error_line = playground.as_ref().and_then(|p| p.error.as_ref()).and_then(|e| e.marked_lines().first().copied());
    {
        let textarea = textarea.clone();
        use_effect_with(first_error_line, move |line| {
            if let (Some(line), Some(source)) = (*line, textarea.cast::<HtmlTextAreaElement>()) {
                let top = (line.saturating_sub(1) * LINE_HEIGHT_PX) as i32;
                let visible = source.scroll_top()..source.scroll_top() + source.client_height() - LINE_HEIGHT_PX as i32;
                if !visible.contains(&top) {
                    source.set_scroll_top((line.saturating_sub(4) * LINE_HEIGHT_PX) as _);
                }
            }
        });
    }
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
    // Ctrl+Enter (Cmd+Enter) applies; Enter keeps the indentation. Tab is left alone:
    // it moves focus out.
    let onkeydown = {
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
    };
    let apply = {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(Action::Apply))
    };
    let reset = {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(Action::Reset))
    };
    let restore_displaced = {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(Action::RestoreDisplaced))
    };
    let dismiss_displaced = {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(Action::DismissDisplaced))
    };
    let panels = playground.lang.panels();

    let error_lines = playground.error.as_ref().map(LoadError::marked_lines).unwrap_or_default();
    let text = AttrValue::from(playground.text.clone());
    let (state_class, state_text) = if playground.error.is_some() {
        ("apply-state error", strings.apply_refused)
    } else if playground.is_applied() {
        ("apply-state applied", strings.applied)
    } else {
        ("apply-state edited", strings.unapplied_changes)
    };
    // A line named in the error is a button that selects that line in the editor.
    let line_button = |line: usize| {
        let (textarea, text) = (textarea.clone(), playground.text.clone());
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
    let lang = playground.lang;
    let colon = panels.colon;
    let error = match playground.error.as_ref() {
        None => Html::default(),
        // Several field errors: the answer's first line, then each error at its line.
        Some(error) if error.details.len() > 1 => {
            let first_line = error.text.lines().next().unwrap_or_default().trim_end();
            html! {
                <>
                    { load_error_text::said(&error.place, first_line, None, lang) }
                    <ul class="error-details">
                        { for error.details.iter().map(|detail| html! {
                            <li>{ for detail.line.map(&line_button) }{ if detail.line.is_some() { colon } else { "" } }{ &detail.text }</li>
                        }) }
                    </ul>
                </>
            }
        }
        Some(error) => html! {
            <>
                if let Some(line) = error.line {
                    { line_button(line) }{ colon }
                }
                { load_error_text::said(&error.place, &error.text, error.refusal.as_ref(), lang) }
            </>
        },
    };

    // What Reset loads: the gallery entry the work began from, or the example.
    let reset_target = crate::gallery::origin_entry(playground.origin).map_or(strings.the_example, |entry| entry.title(playground.lang));
    html! {
        <section class="pane editor-pane" aria-labelledby="editor-heading">
            <div class="pane-head">
                <h2 id="editor-heading">{ strings.manifest_heading }</h2>
                // The state sits in a slot that shrinks (wide) or takes a row of its own
                // (narrow), so a longer state never moves Apply from under the pointer.
                <span class="apply-state-slot"><span class={state_class} aria-live="polite" title={state_text}>{ state_text }</span></span>
                <span class="spacer"></span>
                <button type="button" class="btn" onclick={reset} title={(strings.reset_hint)(reset_target)}>{ strings.reset }</button>
                <button type="button" class="btn primary" onclick={apply}
                    aria-keyshortcuts="Control+Enter" title={strings.apply_hint}>
                    { strings.apply }
                </button>
            </div>
            if playground.displaced.is_some() {
                <p class="displaced-notice" role="status">
                    { panels.displaced_notice }
                    <button type="button" class="btn" onclick={restore_displaced} data-restore-work="">{ panels.restore_work }</button>
                    <button type="button" class="btn" onclick={dismiss_displaced}>{ panels.dismiss_restore }</button>
                </p>
            }
            <div class="editor">
                <div class="gutter" ref={gutter} aria-hidden="true"><LineNumbers text={text.clone()} error_lines={error_lines.clone()} /></div>
                <div class="code">
                    <pre class="highlight" ref={overlay} aria-hidden="true"><code><HighlightedCode text={text.clone()} {error_lines} /></code></pre>
                    <textarea
                        key={playground.editor_generation.to_string()}
                        ref={textarea}
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
            <div id="manifest-error" class="editor-error" role="alert" hidden={playground.error.is_none()}>{ error }</div>
            <p class="editor-foot">{ (strings.lines)(text.split('\n').count()) }<span class="keyboard-only">{ " · " }{ strings.apply_hint }</span></p>
        </section>
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
            source.set_scroll_top((line.saturating_sub(4) * LINE_HEIGHT_PX) as _);
            return;
        }
        start += length + 1;
    }
}

/// `--code-line` in www/styles.css.
const LINE_HEIGHT_PX: usize = 20;
