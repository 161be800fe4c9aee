//! The trainer's bookmarks: name the frame shown, jump to a named one, remove one. A
//! disclosure (`<details>`), so it costs one small button in the cluster pane's head
//! and in the presenter bar until it is opened; the open list floats over what is
//! below rather than pushing the nodes down.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::state::{Action, Playground};

#[function_component(BookmarkList)]
pub fn bookmark_list() -> Html {
    let name_ref = use_node_ref();
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    if playground.session.is_none() {
        return Html::default();
    }
    let text = playground.lang.present();
    let cursor = playground.cursor;
    // Frames are counted from 1 on screen, as the frame counter does.
    let shown = cursor + 1;
    let onsubmit = {
        let (playground, name_ref) = (playground.clone(), name_ref.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let Some(input) = name_ref.cast::<HtmlInputElement>() else { return };
            let typed = input.value();
            let name = if typed.trim().is_empty() { (playground.lang.present().default_bookmark)(playground.cursor + 1) } else { typed };
            playground.dispatch(Action::Bookmark { frame: playground.cursor, name });
            input.set_value("");
        })
    };
    let current = playground.bookmarks.iter().any(|b| b.frame == cursor);
    html! {
        <details class="bookmarks">
            <summary class="btn" data-action="bookmarks">
                <span aria-hidden="true">{ if current { "★ " } else { "☆ " } }</span>
                { (text.bookmarks)(playground.bookmarks.len()) }
            </summary>
            <div class="bookmarks-body">
                <form class="bookmark-form" {onsubmit}>
                    <input ref={name_ref} type="text" class="bookmark-name" aria-label={text.bookmark_name}
                        maxlength={crate::bookmarks::MAX_NAME_CHARS.to_string()}
                        placeholder={(text.default_bookmark)(shown)} />
                    <button type="submit" class="btn" data-action="add-bookmark">{ (text.add_bookmark)(shown) }</button>
                </form>
                if playground.bookmarks.is_empty() {
                    <p class="bookmarks-empty">{ text.no_bookmarks }</p>
                } else {
                    <ol class="bookmark-items">
                        { for playground.bookmarks.iter().map(|bookmark| {
                            let frame = bookmark.frame;
                            let jump = {
                                let playground = playground.clone();
                                Callback::from(move |_: MouseEvent| playground.dispatch(Action::Seek(frame)))
                            };
                            let remove = {
                                let playground = playground.clone();
                                Callback::from(move |_: MouseEvent| playground.dispatch(Action::RemoveBookmark(frame)))
                            };
                            html! {
                                <li key={frame} class={classes!((frame == cursor).then_some("is-current"))}>
                                    <button type="button" class="bookmark-jump" data-frame={frame.to_string()} onclick={jump}
                                        aria-current={if frame == cursor { "true" } else { "false" }}>
                                        { (text.bookmark_at)(&bookmark.name, frame + 1) }
                                    </button>
                                    <button type="button" class="btn icon bookmark-remove" onclick={remove}
                                        aria-label={(text.remove_bookmark)(&bookmark.name)} title={(text.remove_bookmark)(&bookmark.name)}>
                                        { "×" }
                                    </button>
                                </li>
                            }
                        }) }
                    </ol>
                }
            </div>
        </details>
    }
}

/// Where a bookmark's tick stands on the scrubber, as a fraction of its track.
pub fn tick_fraction(frame: usize, frames: usize) -> f64 {
    match frames {
        0 | 1 => 0.0,
        n => frame.min(n - 1) as f64 / (n - 1) as f64,
    }
}

/// The bookmarks drawn as small stars over the scrubber's track, so a trainer sees where
/// the lesson stops; decoration only (the list and PageDown reach them), taking no
/// height of its own in the sticky timeline.
#[function_component(BookmarkTicks)]
pub fn bookmark_ticks() -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    if playground.bookmarks.is_empty() {
        return Html::default();
    }
    let frames = playground.frame_count();
    html! {
        <div class="bookmark-ticks" aria-hidden="true">
            { for playground.bookmarks.iter().map(|bookmark| html! {
                <span class="bookmark-tick" title={bookmark.name.clone()} data-frame={bookmark.frame.to_string()}
                    style={format!("left: {:.3}%", 100.0 * tick_fraction(bookmark.frame, frames))}>{ "★" }</span>
            }) }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::tick_fraction;

    #[test]
    fn ticks_stand_where_their_frame_is_on_the_track() {
        assert_eq!(tick_fraction(0, 11), 0.0);
        assert_eq!(tick_fraction(5, 11), 0.5);
        assert_eq!(tick_fraction(10, 11), 1.0);
        assert_eq!(tick_fraction(99, 11), 1.0, "a bookmark past the end (a shorter replay) sits at the end");
        assert_eq!(tick_fraction(3, 1), 0.0);
    }
}
