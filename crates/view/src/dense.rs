//! The dense view of a large cluster: above [`crate::DENSE_THRESHOLD`] nodes each node
//! is one square, whose state is the worst of its node and daemon pods. The app's
//! squares (crates/web/src/components/dense_cluster.rs) and the posters use it.

use crate::{NodeReadiness, NodeView, PodPhase};

/// What a square shows, worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DenseState {
    NotReady,
    Cordoned,
    Progress,
    NoPod,
    /// Every daemon pod ready, one at least of an old template: a rollout has yet to
    /// reach the node.
    OkOld,
    Ok,
}

impl DenseState {
    pub const ALL: [DenseState; 6] =
        [DenseState::Ok, DenseState::OkOld, DenseState::Progress, DenseState::NoPod, DenseState::Cordoned, DenseState::NotReady];

    pub fn of(node: &NodeView) -> DenseState {
        if node.readiness != NodeReadiness::Ready {
            DenseState::NotReady
        } else if node.unschedulable {
            DenseState::Cordoned
        } else if node.pods.is_empty() {
            DenseState::NoPod
        } else if node.pods.iter().all(|pod| pod.ready && pod.phase == PodPhase::Running && !pod.terminating) {
            match node.pods.iter().any(|pod| pod.current == Some(false)) {
                true => DenseState::OkOld,
                false => DenseState::Ok,
            }
        } else {
            DenseState::Progress
        }
    }

    /// Its name in class names (`dense-ok-old`) and in a poster's `data-state`.
    pub fn name(self) -> &'static str {
        match self {
            DenseState::NotReady => "bad",
            DenseState::Cordoned => "cordoned",
            DenseState::Progress => "progress",
            DenseState::NoPod => "none",
            DenseState::OkOld => "ok-old",
            DenseState::Ok => "ok",
        }
    }
}
