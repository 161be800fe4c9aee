//! The kubelet's heartbeats: its Lease in `kube-node-lease`, renewed every 10 s, and its
//! node status, posted when something changed and otherwise every 5 minutes.
//!
//! Neither is written as it happens: a write every 10 s per node would make a frame of
//! every heartbeat. The lease keeps when the kubelet began renewing and when it stopped,
//! and the times a reader sees are worked out from those and the instant read.

use k8s_openapi::api::core::v1::Node;

use crate::clock::{self, MINUTE, SECOND};

/// `renewInterval`: a quarter of the 40 s lease duration.
const RENEW_INTERVAL_MS: u64 = 10 * SECOND;
/// `nodeStatusReportFrequency`: how often an unchanged status is posted again.
const STATUS_REPORT_MS: u64 = 5 * MINUTE;
/// `nodeStatusUpdateFrequency`: how often the kubelet works its node status out (and
/// records what its setters saw change), posted or not.
const STATUS_UPDATE_MS: u64 = 10 * SECOND;

/// One node's lease, as its kubelet keeps it renewed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeLease {
    renewing_since: u64,
    /// When the kubelet stopped renewing (`node down`), if it has.
    stopped_at: Option<u64>,
}

impl NodeLease {
    /// A kubelet that starts (or resumes) renewing at `now_ms`.
    pub fn renewing(now_ms: u64) -> Self {
        NodeLease { renewing_since: now_ms, stopped_at: None }
    }

    /// The kubelet stops renewing at `now_ms`; its last renewal stays.
    pub fn stopped(self, now_ms: u64) -> Self {
        NodeLease { stopped_at: Some(self.stopped_at.unwrap_or(now_ms)), ..self }
    }

    /// The kubelet renews again from `now_ms`, if it had stopped.
    pub fn resumed(self, now_ms: u64) -> Self {
        if self.stopped_at.is_some() { Self::renewing(now_ms) } else { self }
    }

    /// The lease's `renewTime` as read at `now_ms`.
    pub fn renew_time(&self, now_ms: u64) -> u64 {
        last_tick(self.renewing_since, self.until(now_ms), RENEW_INTERVAL_MS)
    }

    /// The last time the kubelet posted an unchanged status, as read at `now_ms`, for a
    /// status last posted with changes at `posted_ms`.
    pub fn last_status_report(&self, posted_ms: u64, now_ms: u64) -> u64 {
        last_tick(posted_ms, self.until(now_ms), STATUS_REPORT_MS)
    }

    /// The kubelet's next node status sync after `now_ms`; none while it is stopped.
    pub fn next_status_sync(&self, now_ms: u64) -> Option<u64> {
        self.stopped_at.is_none().then(|| last_tick(self.renewing_since, now_ms, STATUS_UPDATE_MS) + STATUS_UPDATE_MS)
    }

    fn until(&self, now_ms: u64) -> u64 {
        self.stopped_at.map_or(now_ms, |stopped| stopped.min(now_ms))
    }
}

/// The last of `start`, `start + every`, ... that is not after `end`.
fn last_tick(start: u64, end: u64, every: u64) -> u64 {
    start + end.saturating_sub(start) / every * every
}

/// The node as a reader sees it at `now_ms`: each condition's `lastHeartbeatTime` is
/// the kubelet's latest status report since it was written.
pub fn node_as_reported(node: &Node, lease: Option<&NodeLease>, now_ms: u64) -> Node {
    let mut node = node.clone();
    let Some(lease) = lease else { return node };
    let conditions = node.status.as_mut().and_then(|s| s.conditions.as_mut());
    for condition in conditions.into_iter().flatten() {
        if let Some(posted) = condition.last_heartbeat_time.as_ref().map(clock::millis) {
            condition.last_heartbeat_time = Some(clock::timestamp(lease.last_status_report(posted, now_ms)));
        }
    }
    node
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renewals_every_ten_seconds_until_the_kubelet_stops() {
        let lease = NodeLease::renewing(5 * SECOND);
        assert_eq!(lease.renew_time(5 * SECOND), 5 * SECOND);
        assert_eq!(lease.renew_time(44 * SECOND), 35 * SECOND);
        let stopped = lease.stopped(52 * SECOND);
        assert_eq!(stopped.renew_time(10 * MINUTE), 45 * SECOND);
        // Stopping again keeps the first stop.
        assert_eq!(stopped.stopped(9 * MINUTE).renew_time(10 * MINUTE), 45 * SECOND);
        assert_eq!(NodeLease::renewing(10 * MINUTE).renew_time(10 * MINUTE + 25 * SECOND), 10 * MINUTE + 20 * SECOND);
    }

    #[test]
    fn unchanged_status_is_reported_every_five_minutes() {
        let lease = NodeLease::renewing(0);
        assert_eq!(lease.last_status_report(30 * SECOND, 4 * MINUTE), 30 * SECOND);
        assert_eq!(lease.last_status_report(30 * SECOND, 11 * MINUTE), 10 * MINUTE + 30 * SECOND);
        assert_eq!(lease.stopped(7 * MINUTE).last_status_report(30 * SECOND, 20 * MINUTE), 5 * MINUTE + 30 * SECOND);
    }
}
