//! The rollout over the whole timeline: per DaemonSet, its desired, available
//! and up-to-date counts at every frame (from the frame's `.status`), the
//! frames the engine marked, and the frames where the rollout is blocked.
//!
//! "Blocked" is defined simply: a rollout is in progress (up-to-date or
//! available below desired) and neither count has changed for
//! [`BLOCKED_AFTER_MS`] of simulated time. That is what a used-up
//! maxUnavailable budget looks like from outside: pods that never become
//! available hold the budget, and the controller takes no further node down.

use dsplay_engine::simulation::{Frame, Marker};
use dsplay_engine::state::ClusterState;

/// How long unchanged counts during a rollout count as blocked.
pub const BLOCKED_AFTER_MS: u64 = 60_000;

/// Batch markers beyond this many would be a solid bar on the scrubber (a 1,000-node
/// rollout with maxUnavailable 1 has 1,000): then none are marked, and
/// [`RolloutTimeline::batches`] still counts them.
pub const MAX_MARKED_BATCHES: usize = 40;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub desired: i32,
    pub available: i32,
    pub updated: i32,
}

impl Counts {
    fn in_progress(self) -> bool {
        self.updated < self.desired || self.available < self.desired
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RolloutSeries {
    /// `namespace/name`.
    pub daemonset: String,
    /// One entry per frame; None where the DaemonSet does not exist.
    pub counts: Vec<Option<Counts>>,
    /// Frames where this DaemonSet's rollout is blocked.
    pub blocked: Vec<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RolloutTimeline {
    pub frames: usize,
    pub series: Vec<RolloutSeries>,
    /// (frame, marker) for every marked frame (batches only up to [`MAX_MARKED_BATCHES`]).
    pub markers: Vec<(usize, Marker)>,
    /// Rollout batches over the whole timeline, marked or not.
    pub batches: usize,
    pub time_ms: Vec<u64>,
}

impl RolloutTimeline {
    pub fn of<'a>(frames: impl IntoIterator<Item = &'a Frame>) -> RolloutTimeline {
        let mut timeline = RolloutTimeline { frames: 0, series: Vec::new(), markers: Vec::new(), batches: 0, time_ms: Vec::new() };
        for (index, frame) in frames.into_iter().enumerate() {
            timeline.push(index, frame);
        }
        let is_batch = |marker: &Marker| matches!(marker, Marker::RolloutBatch { .. });
        timeline.batches = timeline.markers.iter().filter(|(_, marker)| is_batch(marker)).count();
        if timeline.batches > MAX_MARKED_BATCHES {
            timeline.markers.retain(|(_, marker)| !is_batch(marker));
        }
        timeline.mark_blocked();
        timeline
    }

    fn push(&mut self, index: usize, frame: &Frame) {
        self.frames = index + 1;
        self.time_ms.push(frame.time_ms);
        self.markers.extend(frame.markers.iter().map(|marker| (index, marker.clone())));
        for series in &mut self.series {
            series.counts.push(None);
        }
        for (key, ds) in frame.state.daemonsets.iter() {
            let status = ds.status.clone().unwrap_or_default();
            let counts = Counts {
                desired: status.desired_number_scheduled,
                available: status.number_available.unwrap_or(0),
                updated: status.updated_number_scheduled.unwrap_or(0),
            };
            let series = match self.series.iter().position(|s| &s.daemonset == key) {
                Some(i) => &mut self.series[i],
                None => {
                    self.series.push(RolloutSeries { daemonset: key.clone(), counts: vec![None; index + 1], blocked: Vec::new() });
                    let last = self.series.len() - 1;
                    &mut self.series[last]
                }
            };
            if let Some(slot) = series.counts.last_mut() {
                *slot = Some(counts);
            }
        }
    }

    fn mark_blocked(&mut self) {
        for series in &mut self.series {
            let mut since = 0usize;
            series.blocked = (0..series.counts.len())
                .map(|i| {
                    let (now, before) = (series.counts[i], i.checked_sub(1).and_then(|j| series.counts[j]));
                    let same = |c: Option<Counts>| c.map(|c| (c.available, c.updated, c.desired));
                    if i == 0 || same(now) != same(before) {
                        since = i;
                    }
                    now.is_some_and(Counts::in_progress)
                        && self.time_ms.get(i).zip(self.time_ms.get(since)).is_some_and(|(t, s)| t - s >= BLOCKED_AFTER_MS)
                })
                .collect();
        }
    }

    /// The highest count of any series, for the chart's scale.
    pub fn max_count(&self) -> i32 {
        self.series.iter().flat_map(|s| s.counts.iter().flatten()).map(|c| c.desired.max(c.available).max(c.updated)).max().unwrap_or(0)
    }
}

/// A DaemonSet whose rollout was not over where the command stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfinished {
    /// `namespace/name`.
    pub daemonset: String,
    pub desired: i32,
    pub updated: i32,
    pub available: i32,
}

/// The DaemonSets of `state` whose status is short of desired: not all updated or not
/// all available.
pub fn unfinished(state: &ClusterState) -> Vec<Unfinished> {
    state
        .daemonsets
        .iter()
        .filter_map(|(key, ds)| {
            let status = ds.status.as_ref()?;
            let (desired, updated, available) =
                (status.desired_number_scheduled, status.updated_number_scheduled.unwrap_or(0), status.number_available.unwrap_or(0));
            (updated < desired || available < desired).then(|| Unfinished { daemonset: key.clone(), desired, updated, available })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsplay_model::k8s_openapi::api::apps::v1::{DaemonSet, DaemonSetStatus};

    #[test]
    fn a_daemonset_short_of_desired_is_unfinished() {
        let mut state = ClusterState::default();
        let with = |desired, updated, available| DaemonSet {
            status: Some(DaemonSetStatus {
                desired_number_scheduled: desired,
                updated_number_scheduled: Some(updated),
                number_available: Some(available),
                ..Default::default()
            }),
            ..Default::default()
        };
        state.daemonsets.insert("default/rolling".into(), with(5_000, 1_143, 4_999).into());
        state.daemonsets.insert("default/done".into(), with(3, 3, 3).into());
        assert_eq!(
            unfinished(&state),
            [Unfinished { daemonset: "default/rolling".into(), desired: 5_000, updated: 1_143, available: 4_999 }]
        );
    }

    use dsplay_engine::simulation::Simulation;

    fn timeline(scenario: &str) -> RolloutTimeline {
        let mut simulation = Simulation::load(scenario).unwrap_or_else(|e| panic!("loads: {e}"));
        simulation.run_steps();
        RolloutTimeline::of(simulation.frames())
    }

    #[test]
    fn the_example_rollout_has_markers_and_ends_up_to_date() {
        let t = timeline(crate::EXAMPLE_SCENARIO);
        assert_eq!(t.series.len(), 1);
        let series = &t.series[0];
        assert_eq!(series.counts.len(), t.frames);
        assert_eq!(series.counts.last().copied().flatten(), Some(Counts { desired: 5, available: 5, updated: 5 }));
        assert!(t.markers.iter().any(|(_, m)| matches!(m, Marker::UpdateApplied(_))), "{:?}", t.markers);
        assert!(t.markers.iter().any(|(_, m)| matches!(m, Marker::RolloutComplete(_))), "{:?}", t.markers);
        assert!(series.blocked.iter().all(|b| !b), "a healthy rollout is never blocked");
        assert_eq!(t.max_count(), 5);
        // maxUnavailable 1 on five nodes: five batches of one old pod each, after the
        // update and before completion.
        let batches: Vec<(usize, u32, usize, usize)> = t
            .markers
            .iter()
            .filter_map(|(frame, m)| match m {
                Marker::RolloutBatch { daemonset, number, deleted, created, .. } => {
                    assert_eq!(daemonset, "default/node-logger");
                    Some((*frame, *number, *deleted, *created))
                }
                _ => None,
            })
            .collect();
        assert_eq!(batches.iter().map(|b| (b.1, b.2, b.3)).collect::<Vec<_>>(), [(1, 1, 0), (2, 1, 0), (3, 1, 0), (4, 1, 0), (5, 1, 0)]);
        assert_eq!(t.batches, 5);
        let update = t.markers.iter().find(|(_, m)| matches!(m, Marker::UpdateApplied(_))).map(|(f, _)| *f);
        // The first completion is the DaemonSet's creation; the last, the update's.
        let complete = t.markers.iter().rev().find(|(_, m)| matches!(m, Marker::RolloutComplete(_))).map(|(f, _)| *f);
        assert!(batches.iter().all(|b| Some(b.0) > update && Some(b.0) <= complete), "{batches:?} between {update:?} and {complete:?}");
    }

    #[test]
    fn a_surge_batch_creates_before_it_deletes_and_many_batches_are_counted_not_marked() {
        let surge = crate::EXAMPLE_SCENARIO.replace(
            "  selector:\n",
            "  updateStrategy:\n    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}\n  selector:\n",
        );
        let t = timeline(&surge);
        let first = t.markers.iter().find_map(|(_, m)| match m {
            Marker::RolloutBatch { number: 1, deleted, created, .. } => Some((*deleted, *created)),
            _ => None,
        });
        assert_eq!(first, Some((0, 1)), "the first surge batch only creates");

        let big = crate::EXAMPLE_SCENARIO.replace("count: 3", "count: 60");
        let t = timeline(&big);
        assert_eq!(t.batches, 62);
        assert!(!t.markers.iter().any(|(_, m)| matches!(m, Marker::RolloutBatch { .. })), "62 batches are not marked one by one");
    }

    #[test]
    fn a_crash_looping_image_blocks_the_rollout() {
        let scenario = crate::EXAMPLE_SCENARIO
            .replace("  - kubectl set image ds/node-logger logger=nginx:1.25\n", "  - image nginx:1.25 crash\n  - kubectl set image ds/node-logger logger=nginx:1.25\n  - advance 5m\n");
        let t = timeline(&scenario);
        assert!(t.series[0].blocked.iter().any(|b| *b), "stuck on a pod that never becomes available");
        let first = t.series[0].blocked.iter().position(|b| *b).unwrap_or_default();
        assert!(t.time_ms[first] >= BLOCKED_AFTER_MS);
    }
}
