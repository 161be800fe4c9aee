//! The bound on one command's work: a controller that makes the same object again and
//! again. A faithful cluster can churn for ever (a DaemonSet with maxSurge on a node
//! whose kubelet rejects every pod creates a new pod at each sync, as upstream's
//! `podsShouldBeOnNode` does while the failed one waits out its back-off), so a
//! command stops once one DaemonSet has made [`CHURN_LIMIT`] pods for one node, and
//! says so, instead of running through its hour of simulated time.

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::Pod;

/// Pods one DaemonSet may make for one node within one command. A crash loop or a
/// failed pod deleted with back-off makes a few dozen in a simulated hour; a churn
/// makes this many in seconds.
pub const CHURN_LIMIT: u32 = 100;

/// What kept happening when a command stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Churn {
    /// `namespace/name` of the DaemonSet.
    pub daemonset: String,
    pub node: String,
    pub created: u32,
    /// Why the pods before the last one did not last: the newest one's phase and
    /// status reason (`Failed (Evicted)`), when it has ended.
    pub fate: Option<String>,
}

/// Counts, over one command, the pods each DaemonSet makes for each node.
#[derive(Default)]
pub struct ChurnWatch {
    created: BTreeMap<(String, String), u32>,
    tripped: Option<(String, String)>,
}

impl ChurnWatch {
    /// A new command starts with no count.
    pub fn start_command(&mut self) {
        self.created.clear();
        self.tripped = None;
    }

    /// `daemonset` made a pod for `node`.
    pub fn pod_created(&mut self, daemonset: &str, node: &str) {
        let key = (daemonset.to_owned(), node.to_owned());
        let count = self.created.entry(key.clone()).or_insert(0);
        *count = count.saturating_add(1);
        if *count >= CHURN_LIMIT && self.tripped.is_none() {
            self.tripped = Some(key);
        }
    }

    pub fn is_tripped(&self) -> bool {
        self.tripped.is_some()
    }

    /// The churn that stopped the command, with the fate of the pods it made, read from
    /// the pods of that DaemonSet on that node.
    pub fn churn<'a>(&self, pods_on_node: impl Iterator<Item = &'a Pod>) -> Option<Churn> {
        let (daemonset, node) = self.tripped.clone()?;
        let created = self.created.get(&(daemonset.clone(), node.clone())).copied().unwrap_or(0);
        let ended = pods_on_node.filter(|pod| pod_phase(pod).is_some_and(|phase| phase == "Failed" || phase == "Succeeded"));
        let newest = ended.max_by_key(|pod| pod.metadata.resource_version.as_deref().and_then(|v| v.parse::<u64>().ok()));
        let fate = newest.map(|pod| {
            let phase = pod_phase(pod).unwrap_or_default();
            match pod.status.as_ref().and_then(|s| s.reason.as_deref()) {
                Some(reason) => format!("{phase} ({reason})"),
                None => phase.to_owned(),
            }
        });
        Some(Churn { daemonset, node, created, fate })
    }
}

fn pod_phase(pod: &Pod) -> Option<&str> {
    pod.status.as_ref().and_then(|s| s.phase.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trips_at_the_limit_for_one_daemonset_and_node_and_resets_per_command() {
        let mut watch = ChurnWatch::default();
        for _ in 0..CHURN_LIMIT - 1 {
            watch.pod_created("default/agent", "disk-full");
            watch.pod_created("default/agent", "node-01");
        }
        assert!(!watch.is_tripped());
        watch.pod_created("default/agent", "disk-full");
        assert!(watch.is_tripped());
        let churn = watch.churn(std::iter::empty()).expect("tripped");
        assert_eq!((churn.daemonset.as_str(), churn.node.as_str(), churn.created), ("default/agent", "disk-full", CHURN_LIMIT));
        watch.start_command();
        assert!(!watch.is_tripped());
    }
}
