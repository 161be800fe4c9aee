//! The node lifecycle controller (pkg/controller/nodelifecycle): a node whose kubelet
//! stops posting status becomes Ready=Unknown after the grace period, its pods are
//! marked not Ready, NoSchedule taints follow conditions at once (pressure, network,
//! cordon, not-ready / unreachable), and NoExecute taints come at the zone's rate
//! (`no_execute_tainting`).

mod no_execute_tainting;
mod node_condition;

pub use no_execute_tainting::TAINTING_PASS_MS;
use no_execute_tainting::NoExecuteTainting;
use node_condition::condition;
pub use node_condition::ready_status;

use std::collections::{BTreeMap, BTreeSet};

use k8s_openapi::api::core::v1::{Node, NodeCondition, Pod, Taint};

use crate::api::Api;
use crate::clock;
use crate::kubelet::{self, KUBELET_CONDITIONS};

const SOURCE: &str = "node-controller";
/// `nodeMonitorPeriod`: how often the controller looks at every node's health.
const NODE_MONITOR_PERIOD_MS: u64 = 5 * clock::SECOND;

/// When the controller first finds a node unheard from: at its first look (every 5 s)
/// after the grace period has run from the lease's last renewal
/// (`now > probeTimestamp + gracePeriod` in `tryUpdateNodeHealth`).
pub fn found_silent_at(last_renewal_ms: u64, grace_ms: u64) -> u64 {
    next_monitor_pass(last_renewal_ms + grace_ms)
}

/// The monitor's first pass (every 5 s since the controller started) after `now_ms`.
pub fn next_monitor_pass(now_ms: u64) -> u64 {
    (now_ms / NODE_MONITOR_PERIOD_MS + 1) * NODE_MONITOR_PERIOD_MS
}
const MANAGED_PREFIX: &str = "node.kubernetes.io/";
const MANAGED_KEYS: [&str; 7] =
    ["not-ready", "unreachable", "unschedulable", "memory-pressure", "disk-pressure", "pid-pressure", "network-unavailable"];

/// The NoSchedule taints that follow a node's conditions (`doNoScheduleTaintingPass`),
/// as (key, effect).
fn desired_condition_taints(node: &Node) -> Vec<(String, &'static str)> {
    let mut taints = Vec::new();
    let mut add = |name: &str, effect: &'static str| taints.push((format!("{MANAGED_PREFIX}{name}"), effect));
    match ready_status(node) {
        Some("False") => add("not-ready", "NoSchedule"),
        Some("Unknown") => add("unreachable", "NoSchedule"),
        _ => {}
    }
    for (type_, name) in [
        ("MemoryPressure", "memory-pressure"),
        ("DiskPressure", "disk-pressure"),
        ("PIDPressure", "pid-pressure"),
        ("NetworkUnavailable", "network-unavailable"),
    ] {
        if condition(node, type_).is_some_and(|c| c.status == "True") {
            add(name, "NoSchedule");
        }
    }
    if node.spec.as_ref().and_then(|s| s.unschedulable) == Some(true) {
        add("unschedulable", "NoSchedule");
    }
    taints
}

/// The NoExecute not-ready / unreachable taints are the tainting queue's, not these.
fn is_managed(taint: &Taint) -> bool {
    taint.effect == "NoSchedule" && taint.key.strip_prefix(MANAGED_PREFIX).is_some_and(|k| MANAGED_KEYS.contains(&k))
}

/// Condition taints follow conditions: adds the missing ones, stamped with `now_ms` as
/// `SwapNodeControllerTaint` stamps every taint it adds, removes those with no
/// condition behind them, keeps every other taint as it is.
pub fn reconcile_condition_taints(mut node: Node, now_ms: u64) -> Node {
    let desired = desired_condition_taints(&node);
    let spec = node.spec.get_or_insert_with(Default::default);
    let mut taints = spec.taints.take().unwrap_or_default();
    taints.retain(|t| !is_managed(t) || desired.iter().any(|(k, e)| *k == t.key && *e == t.effect));
    for (key, effect) in desired {
        if !taints.iter().any(|t| t.key == key && t.effect == effect) {
            taints.push(Taint { key, effect: effect.into(), value: None, time_added: Some(clock::timestamp(now_ms)) });
        }
    }
    spec.taints = (!taints.is_empty()).then_some(taints);
    node
}

/// The TaintNodesByCondition admission plugin on a node's create: the node starts
/// not-ready:NoSchedule (with no time added), and the controller takes the taint off
/// once it sees the node Ready, so nothing is scheduled there before.
pub fn admit_new_node(mut node: Node) -> Node {
    let key = format!("{MANAGED_PREFIX}not-ready");
    let taints = node.spec.get_or_insert_with(Default::default).taints.get_or_insert_with(Vec::new);
    if !taints.iter().any(|t| t.key == key && t.effect == "NoSchedule") {
        taints.push(Taint { key, effect: "NoSchedule".into(), value: None, time_added: None });
    }
    node
}

/// The condition taints are not yet what the conditions ask for (`doNoScheduleTaintingPass`
/// has work to do).
pub fn condition_taints_stale(node: &Node) -> bool {
    let taints = |n: &Node| n.spec.as_ref().and_then(|s| s.taints.clone()).unwrap_or_default();
    let keys = |taints: Vec<Taint>| -> Vec<(String, String)> { taints.into_iter().map(|t| (t.key, t.effect)).collect() };
    keys(taints(node)) != keys(taints(&reconcile_condition_taints(node.clone(), 0)))
}

/// `tryUpdateNodeHealth` for a node whose kubelet went silent: every condition the
/// kubelet posts turns Unknown. The last heartbeat stays what it was: it is the
/// kubelet's, and the kubelet said nothing more.
fn mark_status_unknown(node: &mut Node, now_ms: u64) {
    let conditions = node.status.get_or_insert_with(Default::default).conditions.get_or_insert_with(Vec::new);
    for kubelet_condition in &KUBELET_CONDITIONS {
        let condition = match conditions.iter_mut().position(|c| c.type_ == kubelet_condition.type_) {
            Some(index) => &mut conditions[index],
            None => {
                conditions.push(NodeCondition { type_: kubelet_condition.type_.into(), ..Default::default() });
                conditions.last_mut().expect("just pushed")
            }
        };
        if condition.status != "Unknown" {
            condition.status = "Unknown".into();
            condition.reason = Some("NodeStatusUnknown".into());
            condition.message = Some("Kubelet stopped posting node status.".into());
            condition.last_transition_time = Some(clock::timestamp(now_ms));
        }
    }
}

/// The kubelet posts its conditions again, as it last observed them (`observed`, kept
/// when it went silent: a node under disk pressure is still under it), else healthy.
/// Returns the events its condition setters record, one per status that changed.
fn post_status_again(node: &mut Node, observed: &[NodeCondition], now_ms: u64) -> Vec<&'static str> {
    let mut events = Vec::new();
    let conditions = node.status.get_or_insert_with(Default::default).conditions.get_or_insert_with(Vec::new);
    let time = Some(clock::timestamp(now_ms));
    for kubelet_condition in &KUBELET_CONDITIONS {
        let healthy = kubelet_condition.condition();
        let posted = match observed.iter().find(|c| c.type_ == kubelet_condition.type_) {
            // A condition written without its reason (a scenario's Node document) gets the
            // kubelet's own words when it is the healthy status.
            Some(seen) if seen.status == healthy.status && seen.reason.is_none() => healthy,
            Some(seen) => seen.clone(),
            None => healthy,
        };
        match conditions.iter_mut().find(|c| c.type_ == posted.type_) {
            Some(condition) => {
                if condition.status != posted.status {
                    condition.last_transition_time = time.clone();
                    let healthy = posted.status == kubelet_condition.status;
                    events.push(if healthy { kubelet_condition.healthy_event } else { kubelet_condition.unhealthy_event });
                }
                condition.status = posted.status;
                condition.reason = posted.reason;
                condition.message = posted.message;
                condition.last_heartbeat_time = time.clone();
            }
            None => conditions.push(NodeCondition { last_heartbeat_time: time.clone(), last_transition_time: time.clone(), ..posted }),
        }
    }
    events
}

#[derive(Clone, Debug, Default)]
pub struct NodeLifecycle {
    /// Nodes whose kubelet has stopped posting status, with the conditions it had
    /// posted last (what it still observes when it comes back).
    silent: BTreeMap<String, Vec<NodeCondition>>,
    tainting: NoExecuteTainting,
    /// The nodes the controller has seen (`knownNodeSet`).
    known: BTreeSet<String>,
}

impl NodeLifecycle {
    /// Nodes the controller knows without having seen them join (the scenario's own).
    pub fn knows(&mut self, nodes: impl IntoIterator<Item = String>) {
        self.known.extend(nodes);
    }

    /// Whether `classifyNodes` would find something at its next pass: a node it does not
    /// know yet, or one it knows that is gone.
    pub fn has_news(&self, api: &Api, name: &str) -> bool {
        self.known.contains(name) != api.state.nodes.contains_key(name)
    }

    /// `classifyNodes`, at a pass of the monitor: a node it did not know is
    /// RegisteredNode, a node it knew that is gone is RemovingNode. A node added and
    /// deleted between two passes is never seen.
    pub fn classify_nodes(&mut self, api: &mut Api) {
        let added: Vec<String> = api.state.nodes.keys().filter(|name| !self.known.contains(*name)).cloned().collect();
        let deleted: Vec<String> = self.known.iter().filter(|name| !api.state.nodes.contains_key(*name)).cloned().collect();
        for name in added {
            api.record_event(&format!("Node/{name}"), "Normal", "RegisteredNode", SOURCE, format!("Node {name} event: Registered Node {name} in Controller"));
            self.known.insert(name);
        }
        for name in deleted {
            api.record_event(&format!("Node/{name}"), "Normal", "RemovingNode", SOURCE, format!("Node {name} event: Removing Node {name} from Controller"));
            self.known.remove(&name);
        }
    }

    pub fn is_silent(&self, node: &str) -> bool {
        self.silent.contains_key(node)
    }

    pub fn kubelet_stops(&mut self, api: &Api, node: &str) {
        let observed = api.state.nodes.get(node).and_then(|n| n.status.as_ref()).and_then(|s| s.conditions.clone()).unwrap_or_default();
        self.silent.entry(node.to_string()).or_insert(observed);
    }

    /// The kubelet posts status again (its conditions as before it went silent), and
    /// its pods report Ready again.
    pub fn kubelet_resumes(&mut self, api: &mut Api, name: &str) {
        let observed = self.silent.remove(name).unwrap_or_default();
        let now = api.now();
        if let Some(mut node) = api.state.nodes.get(name).map(|o| Node::clone(o)) {
            let events = post_status_again(&mut node, &observed, now);
            let _ = api.update_node(reconcile_condition_taints(node, now));
            for (reason, message) in events.into_iter().map(|event| kubelet::status_is_now(name, event)) {
                api.record_event(&format!("Node/{name}"), "Normal", reason, kubelet::SOURCE, message);
            }
        }
    }

    /// One pass of the monitor over a node (`pods`: the keys of those bound to it):
    /// heartbeat timeout, condition taints, and the NoExecute tainting queue. Returns
    /// when a tainting pass is due, if one is newly needed.
    pub fn monitor(&mut self, api: &mut Api, name: &str, pods: &[String]) -> Option<u64> {
        let now = api.now();
        let mut node = api.state.nodes.get(name).map(|o| Node::clone(o))?;
        let ready_status = ready_status(&node).map(str::to_string);
        if self.silent.contains_key(name) && ready_status.as_deref() != Some("Unknown") {
            mark_status_unknown(&mut node, now);
            api.record_event(&format!("Node/{name}"), "Normal", "NodeNotReady", SOURCE, format!("Node {name} status is now: NodeNotReady"));
            // MarkPodsNotReady: each pod whose Ready turns False hears why.
            for pod_key in pods {
                let Some(pod) = api.state.pods.get(pod_key.as_str()).map(|p| Pod::clone(p)) else { continue };
                let marked = kubelet::set_not_ready(pod.clone(), now);
                if marked != pod {
                    api.update_pod(marked);
                    api.record_event(&format!("Pod/{pod_key}"), "Warning", "NodeNotReady", SOURCE, "Node is not ready".into());
                }
            }
        }
        let _ = api.update_node(reconcile_condition_taints(node, now));
        self.tainting.node_observed(api, name)
    }

    /// The NoExecute tainting pass; returns when the next one is due, if nodes wait.
    pub fn tainting_pass(&mut self, api: &mut Api) -> Option<u64> {
        self.tainting.pass(api)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use k8s_openapi::api::core::v1::{NodeSpec, NodeStatus};

    fn node_with(conditions: Vec<(&str, &str)>, unschedulable: bool, taints: Vec<Taint>) -> Node {
        Node {
            spec: Some(NodeSpec { unschedulable: Some(unschedulable), taints: Some(taints), ..Default::default() }),
            status: Some(NodeStatus {
                conditions: Some(
                    conditions
                        .into_iter()
                        .map(|(t, s)| NodeCondition { type_: t.into(), status: s.into(), ..Default::default() })
                        .collect(),
                ),
                ..Default::default()
            }),
            ..Default::default()
        }
    }

    fn keys(node: &Node) -> Vec<String> {
        node.spec.as_ref().and_then(|s| s.taints.as_ref()).map_or(vec![], |t| {
            t.iter().map(|t| format!("{}:{}", t.key, t.effect)).collect()
        })
    }

    #[test]
    fn cordon_and_conditions_bring_their_taints() {
        let node = node_with(vec![("Ready", "True"), ("NetworkUnavailable", "True")], true, vec![]);
        let node = reconcile_condition_taints(node, 0);
        assert_eq!(keys(&node), vec!["node.kubernetes.io/network-unavailable:NoSchedule", "node.kubernetes.io/unschedulable:NoSchedule"]);
    }

    #[test]
    fn taints_without_a_condition_are_removed_and_user_taints_kept() {
        let stale = Taint { key: "node.kubernetes.io/unreachable".into(), effect: "NoSchedule".into(), ..Default::default() };
        let user = Taint { key: "dedicated".into(), effect: "NoSchedule".into(), value: Some("db".into()), time_added: None };
        let node = reconcile_condition_taints(node_with(vec![("Ready", "True")], false, vec![stale, user]), 0);
        assert_eq!(keys(&node), vec!["dedicated:NoSchedule"]);
    }

    #[test]
    fn unknown_ready_gives_the_unreachable_no_schedule_taint_and_leaves_no_execute_to_the_queue() {
        let queued = Taint { key: "node.kubernetes.io/unreachable".into(), effect: "NoExecute".into(), ..Default::default() };
        let node = reconcile_condition_taints(node_with(vec![("Ready", "Unknown")], false, vec![queued]), 0);
        assert_eq!(keys(&node), vec!["node.kubernetes.io/unreachable:NoExecute", "node.kubernetes.io/unreachable:NoSchedule"]);
    }
}
