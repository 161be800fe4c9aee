//! Presenter mode's arithmetic: whether a link asks for it (`?present=1`), and how a
//! cluster's node cards fill the screen. Pure, tested natively; the component measures
//! the space and applies the answer.

/// Whether the query string (with or without `?`) asks for presenter mode.
pub fn asks_for_present(search: &str) -> bool {
    search.trim_start_matches('?').split('&').any(|part| match part.split_once('=') {
        Some(("present", value)) => matches!(value, "1" | "true" | "yes" | ""),
        None => part == "present",
        _ => false,
    })
}

/// The query string with `present=1` put in or taken out, the other options kept in
/// their order: the address bar of a page in presenter mode is the link a trainer
/// copies, and reloading it opens presenter mode again.
pub fn search_with_present(search: &str, on: bool) -> String {
    let mut parts: Vec<&str> =
        search.trim_start_matches('?').split('&').filter(|part| !part.is_empty() && part.split('=').next() != Some("present")).collect();
    if on {
        parts.push("present=1");
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("?{}", parts.join("&"))
    }
}

/// How the node cards fill the presenter's stage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    pub columns: usize,
    pub rows: usize,
    /// The size of a pod's name, in CSS pixels; everything on a card is drawn relative
    /// to it (the node's name as large, the badges smaller).
    pub font_px: f64,
    /// Cards would be too small to read: draw the dense view's squares instead.
    pub dense: bool,
}

/// A card's size in units of its font size (`em`): wide enough for a pod's name of
/// about 20 characters in the monospace face beside its icon, and as tall as its head
/// row, a row of badges and one pod chip (two lines) per pod on the node.
const CARD_EM_WIDTH: f64 = 14.5;
const CARD_EM_HEAD: f64 = 5.2;
const CARD_EM_PER_POD: f64 = 3.0;
/// Between cards, in `em`.
const GAP_EM: f64 = 0.5;
/// Below this a pod's name cannot be read from a room's back rows, and a card has no
/// room worth drawing: the dense view takes over.
pub const MIN_FONT_PX: f64 = 11.0;
/// Above this a card only grows emptier.
pub const MAX_FONT_PX: f64 = 34.0;

/// The columns, rows and font size that make `nodes` cards, each with up to `pods`
/// pods, as large as they can be inside `width` × `height` CSS pixels.
pub fn fit(nodes: usize, pods: usize, width: f64, height: f64) -> Fit {
    if nodes == 0 || width <= 0.0 || height <= 0.0 {
        return Fit { columns: 1, rows: 1, font_px: MAX_FONT_PX, dense: false };
    }
    let card_h = CARD_EM_HEAD + CARD_EM_PER_POD * pods.max(1) as f64;
    let best = (1..=nodes)
        .map(|columns| {
            let rows = nodes.div_ceil(columns);
            let by_width = width / (columns as f64 * (CARD_EM_WIDTH + GAP_EM));
            let by_height = height / (rows as f64 * (card_h + GAP_EM));
            (columns, rows, by_width.min(by_height))
        })
        // The largest font; among equals, fewer columns (wider cards, names never cut).
        .fold(None::<(usize, usize, f64)>, |best, candidate| match best {
            Some(best) if best.2 >= candidate.2 => Some(best),
            _ => Some(candidate),
        })
        .expect("at least one column");
    let (columns, rows, font) = best;
    Fit { columns, rows, font_px: font.min(MAX_FONT_PX).floor(), dense: font < MIN_FONT_PX }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_asks_for_presenter_mode_with_present_1() {
        assert!(asks_for_present("?present=1"));
        assert!(asks_for_present("?lang=zh&present=true"));
        assert!(asks_for_present("present"));
        assert!(!asks_for_present("?present=0"));
        assert!(!asks_for_present("?presenter=1&embed=1"));
        assert!(!asks_for_present(""));
    }

    #[test]
    fn the_address_gains_and_loses_present_keeping_the_rest() {
        assert_eq!(search_with_present("", true), "?present=1");
        assert_eq!(search_with_present("?lang=zh", true), "?lang=zh&present=1");
        assert_eq!(search_with_present("?present=1&lang=zh", false), "?lang=zh");
        assert_eq!(search_with_present("?present=1", false), "");
        assert_eq!(search_with_present("?present=1", true), "?present=1", "once");
    }

    /// The stage left under the narration and the status line (about 200 px of 1080 and
    /// 170 of 720) holds ten nodes of a rollout, pod names at 20 px or more at 1080p.
    #[test]
    fn ten_nodes_fill_a_projector_at_readable_sizes() {
        let full_hd = fit(10, 1, 1872.0, 860.0);
        assert!(!full_hd.dense);
        assert!(full_hd.font_px >= 24.0, "{full_hd:?}");
        assert!(full_hd.columns * full_hd.rows >= 10);
        // A surge pair on a node: two chips, still readable.
        let surge = fit(10, 2, 1872.0, 860.0);
        assert!(surge.font_px >= 20.0, "{surge:?}");
        let hd = fit(10, 1, 1248.0, 540.0);
        assert!(hd.font_px >= 16.0 && !hd.dense, "{hd:?}");
        // Each card fits its cell.
        for f in [full_hd, surge, hd] {
            assert!(f.columns as f64 * (CARD_EM_WIDTH + GAP_EM) * f.font_px <= 1872.0);
        }
    }

    #[test]
    fn too_many_nodes_for_readable_cards_go_dense() {
        assert!(fit(400, 1, 1248.0, 540.0).dense);
        assert!(!fit(40, 1, 1872.0, 860.0).dense);
        assert_eq!(fit(1, 1, 1872.0, 860.0).font_px, MAX_FONT_PX, "one node is not drawn as a poster");
        assert_eq!(fit(0, 0, 0.0, 0.0).columns, 1);
    }
}
