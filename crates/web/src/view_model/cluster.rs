//! How the cluster pane lays out a frame: squares or cards, and where the why panel
//! stands.

use crate::cluster_view::{ClusterView, DENSE_THRESHOLD};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Too many nodes for cards: a grid of squares.
    pub dense: bool,
    /// The why panel opens under the row of the card it explains (a trainer shows both
    /// at once); the dense view, or a node gone at this frame, keeps it on the side.
    pub panel_by_card: bool,
}

impl Layout {
    pub fn of(view: &ClusterView, selected: Option<&str>) -> Layout {
        let dense = view.pools.iter().map(|pool| pool.nodes.len()).sum::<usize>() > DENSE_THRESHOLD;
        let shown = |name: &str| view.pools.iter().any(|pool| pool.nodes.iter().any(|node| node.name == name));
        Layout { dense, panel_by_card: !dense && selected.is_some_and(shown) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsplay_engine::simulation::Simulation;

    #[test]
    fn the_why_panel_stands_by_a_card_that_is_shown() {
        let text = crate::gallery::GALLERY[0].text;
        let simulation = Simulation::load(text).expect("loads");
        let state = &simulation.frames().last().expect("a frame").state;
        let view = ClusterView::of(state);
        let node = view.pools[0].nodes[0].name.clone();
        assert_eq!(Layout::of(&view, Some(&node)), Layout { dense: false, panel_by_card: true });
        assert_eq!(Layout::of(&view, Some("gone-01")), Layout { dense: false, panel_by_card: false });
        assert_eq!(Layout::of(&view, None), Layout { dense: false, panel_by_card: false });
    }
}
