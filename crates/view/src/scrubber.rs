//! The marks under the timeline's scrubber: the engine's markers and the first blocked
//! frame, merged into targets far enough apart to be pressed one at a time.

use dsplay_engine::simulation::Marker;

/// The smallest distance between two marker targets, in pixels (WCAG 2.5.8's 24 px).
pub const MARKER_TARGET_PX: f64 = 24.0;

/// A marker's class, in the chart and under the scrubber.
pub fn marker_class(marker: &Marker) -> &'static str {
    match marker {
        Marker::Step(_) | Marker::Command(_) => "marker-step",
        Marker::UpdateApplied(_) => "marker-update",
        Marker::RolloutComplete(_) => "marker-complete",
        Marker::RolloutBatch { .. } => "marker-batch",
        Marker::Stopped(_) => "marker-stopped",
    }
}

/// What a scrubber target can stand for: an engine marker, or the first blocked frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mark<'a> {
    Engine(&'a Marker),
    Blocked,
}

impl Mark<'_> {
    /// Which mark a shared target shows and seeks to: a template change, then what the
    /// user did (a console command), a blocked rollout, a rollout's end, a step, a batch.
    pub fn rank(self) -> u8 {
        match self {
            Mark::Engine(Marker::UpdateApplied(_)) => 0,
            Mark::Engine(Marker::Command(_)) => 1,
            Mark::Blocked | Mark::Engine(Marker::Stopped(_)) => 2,
            Mark::Engine(Marker::RolloutComplete(_)) => 3,
            Mark::Engine(Marker::Step(_)) => 4,
            Mark::Engine(Marker::RolloutBatch { .. }) => 5,
        }
    }

    pub fn class(self) -> &'static str {
        match self {
            Mark::Engine(marker) => marker_class(marker),
            Mark::Blocked => "marker-blocked",
        }
    }
}

/// Marks close enough to overlap under the scrubber, as one target: it stands at, and
/// seeks to, its lead mark, and names every mark in it.
#[derive(Debug, PartialEq)]
pub struct MarkerTarget<'a> {
    /// (frame, mark), in frame order.
    pub marks: Vec<(usize, Mark<'a>)>,
}

impl<'a> MarkerTarget<'a> {
    /// The mark with the lowest rank, the earliest among equals.
    pub fn lead(&self) -> (usize, Mark<'a>) {
        self.marks.iter().copied().min_by_key(|(frame, mark)| (mark.rank(), *frame)).unwrap_or((0, Mark::Blocked))
    }
}

/// One target per mark, then neighbours whose buttons (at their lead marks) would stand
/// closer than [`MARKER_TARGET_PX`] on a scrubber `width_px` wide merged, until none do.
pub fn marker_targets<'a>(mut marks: Vec<(usize, Mark<'a>)>, last_frame: f64, width_px: f64) -> Vec<MarkerTarget<'a>> {
    dsplay_model::sorting::sort_by_key(&mut marks, |(frame, mark)| (*frame, mark.rank()));
    let x = |frame: usize| frame as f64 / last_frame * width_px;
    // One pass from the left: a mark joins the target whose lead is too close to it,
    // else leads a target of its own (leads never move, so no earlier pair can come
    // closer later). Linear, for a timeline of 20,000 steps.
    let mut targets: Vec<MarkerTarget> = Vec::new();
    for mark in marks {
        match targets.last_mut() {
            Some(target) if x(mark.0) - x(target.lead().0) < MARKER_TARGET_PX => target.marks.push(mark),
            _ => targets.push(MarkerTarget { marks: vec![mark] }),
        }
    }
    targets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_whose_buttons_would_overlap_share_one_at_the_lead_mark() {
        let markers = [
            (20, Marker::Step(2)),
            (20, Marker::UpdateApplied("default/agent".into())),
            (21, Marker::Step(3)),
            (60, Marker::RolloutComplete("default/agent".into())),
            (61, Marker::Command("kubectl cordon node-01".into())),
            (100, Marker::Step(4)),
        ];
        let mut marks: Vec<(usize, Mark)> = markers.iter().map(|(f, m)| (*f, Mark::Engine(m))).collect();
        marks.push((22, Mark::Blocked));
        // 100 frames over 300 px: 3 px a frame.
        let targets = marker_targets(marks.clone(), 100.0, 300.0);
        let leads: Vec<(usize, &str, usize)> = targets.iter().map(|t| (t.lead().0, t.lead().1.class(), t.marks.len())).collect();
        // The console command leads its group over the rollout's end; the blocked frame
        // joins the template change's group instead of covering it.
        assert_eq!(leads, [(20, "marker-update", 4), (61, "marker-step", 2), (100, "marker-step", 1)]);
        // Wide enough, every frame its own target, one frame never two.
        let wide = marker_targets(marks, 100.0, 3000.0);
        assert_eq!(wide.iter().map(|t| t.lead().0).collect::<Vec<_>>(), [20, 21, 22, 60, 61, 100]);
    }
}
