//! Named bookmarks on frames: where a lesson stops ("before the rollout", "node-03
//! down"). A trainer sets them once; the share link (`bm=`) and the saved work carry
//! them, PageDown / PageUp stop at them as at the engine's markers, and a list jumps to
//! each. Pure list operations, tested natively; the components only dispatch them.

use dsplay_engine::share;

/// A frame a trainer named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bookmark {
    pub frame: usize,
    pub name: String,
}

/// A name longer than this is cut: it is a label in a list and on a projector, not a note.
pub const MAX_NAME_CHARS: usize = 80;
/// A link or saved work carries at most this many (a lesson has a handful; a crafted
/// link must not make a page draw thousands of buttons).
pub const MAX_BOOKMARKS: usize = 100;

/// A name as it is kept: one line, trimmed, at most [`MAX_NAME_CHARS`] characters.
pub fn clean_name(name: &str) -> String {
    let one_line: String = name.split_whitespace().collect::<Vec<_>>().join(" ");
    one_line.chars().take(MAX_NAME_CHARS).collect()
}

/// `list` with a bookmark named `name` on `frame`: one bookmark per frame (naming a
/// marked frame again renames it), kept in frame order, so the list reads as the lesson
/// goes. An empty name, or a full list, leaves it as it was.
pub fn with_bookmark(list: &[Bookmark], frame: usize, name: &str) -> Vec<Bookmark> {
    let name = clean_name(name);
    let mut out: Vec<Bookmark> = list.to_vec();
    if name.is_empty() {
        return out;
    }
    let full = out.len() >= MAX_BOOKMARKS;
    match out.iter_mut().find(|b| b.frame == frame) {
        Some(existing) => existing.name = name,
        None if !full => out.push(Bookmark { frame, name }),
        None => {}
    }
    dsplay_model::sorting::sort_by_key(&mut out, |b| b.frame);
    out
}

/// `list` without the bookmark on `frame`.
pub fn without_bookmark(list: &[Bookmark], frame: usize) -> Vec<Bookmark> {
    list.iter().filter(|b| b.frame != frame).cloned().collect()
}

/// The bookmarks as one link part's value: `frame<TAB>name` lines through the share
/// codec (deflate, base64url), so any name, in any script, survives the address bar.
pub fn to_link_value(list: &[Bookmark]) -> String {
    share::encode_text(&to_lines(list))
}

/// The bookmarks a link part carries. What does not read is dropped, line by line: the
/// scenario is what a link is for, and a damaged bookmark must not refuse it.
pub fn from_link_value(value: &str) -> Vec<Bookmark> {
    let Ok(text) = share::decode_text(value) else { return Vec::new() };
    from_lines(&text)
}

/// `frame<TAB>name` lines, as the link and the saved work keep them.
pub fn to_lines(list: &[Bookmark]) -> String {
    list.iter().map(|b| format!("{}\t{}", b.frame, b.name)).collect::<Vec<_>>().join("\n")
}

pub fn from_lines(text: &str) -> Vec<Bookmark> {
    text.lines()
        .filter_map(|line| {
            let (frame, name) = line.split_once('\t')?;
            Some((frame.trim().parse::<usize>().ok()?, name))
        })
        .fold(Vec::new(), |list, (frame, name)| with_bookmark(&list, frame, name))
}

/// The nearest bookmarked frame after / before `cursor`.
pub fn next_after(list: &[Bookmark], cursor: usize) -> Option<usize> {
    list.iter().map(|b| b.frame).filter(|&f| f > cursor).min()
}

pub fn previous_before(list: &[Bookmark], cursor: usize) -> Option<usize> {
    list.iter().map(|b| b.frame).filter(|&f| f < cursor).max()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(pairs: &[(usize, &str)]) -> Vec<Bookmark> {
        pairs.iter().map(|&(frame, name)| Bookmark { frame, name: name.into() }).collect()
    }

    #[test]
    fn bookmarks_stay_in_frame_order_one_per_frame() {
        let list = with_bookmark(&[], 30, "rollout done");
        let list = with_bookmark(&list, 4, "  before\nthe   update ");
        assert_eq!(list, marks(&[(4, "before the update"), (30, "rollout done")]));
        let list = with_bookmark(&list, 30, "all new");
        assert_eq!(list, marks(&[(4, "before the update"), (30, "all new")]), "a second name renames");
        assert_eq!(with_bookmark(&list, 9, "   "), list, "no empty names");
        assert_eq!(without_bookmark(&list, 4), marks(&[(30, "all new")]));
        assert_eq!(clean_name(&"x".repeat(200)).chars().count(), MAX_NAME_CHARS);
        let full: Vec<Bookmark> = (0..MAX_BOOKMARKS).map(|f| Bookmark { frame: f, name: "b".into() }).collect();
        assert_eq!(with_bookmark(&full, 500, "one more").len(), MAX_BOOKMARKS);
    }

    #[test]
    fn a_link_value_round_trips_any_name_and_drops_what_does_not_read() {
        let list = marks(&[(0, "开始"), (12, "node-03 & down = 50%"), (40, "a #hash, ?q=1")]);
        let value = to_link_value(&list);
        assert!(value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{value}");
        assert_eq!(from_link_value(&value), list);
        assert_eq!(from_link_value("%%%not base64"), []);
        let damaged = share::encode_text("3\tok\nnot a frame\tx\n\n7 no tab\n5\tfive");
        assert_eq!(from_link_value(&damaged), marks(&[(3, "ok"), (5, "five")]));
        assert_eq!(from_lines(&to_lines(&list)), list);
    }

    #[test]
    fn next_and_previous_bookmarks() {
        let list = marks(&[(4, "a"), (10, "b")]);
        assert_eq!((next_after(&list, 0), next_after(&list, 4), next_after(&list, 10)), (Some(4), Some(10), None));
        assert_eq!((previous_before(&list, 11), previous_before(&list, 10), previous_before(&list, 4)), (Some(10), Some(4), None));
    }
}
