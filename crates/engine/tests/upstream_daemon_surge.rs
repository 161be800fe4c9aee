//! Ports of pkg/controller/daemon/daemon_controller_test.go (Kubernetes v1.36), tests
//! 59–64 of KUBERNETES-DS-TESTS.md §1: `manage` with maxSurge (B4). The DaemonSet
//! uses `newUpdateSurge(1)`: RollingUpdate, maxSurge 1, maxUnavailable 0. "Old" pods
//! are pods without the current hash label.
//!
//! In each upstream test, `manage` writes, and with upstream's fake pod control the
//! same sync's `rollingUpdate` then finds nothing more to do. Here `rollingUpdate` is
//! skipped in that sync; each test also runs the next sync and checks it writes
//! nothing, so the totals are the same.

mod common;

use common::*;
use dsplay_engine::clock;
use k8s_openapi::api::apps::v1::DaemonSet;
use k8s_openapi::api::core::v1::{PodCondition, PodStatus};

const SECOND: u64 = 1_000;

fn surge_cluster(min_ready_seconds: i32) -> (Cluster, DaemonSet) {
    let mut c = Cluster::new();
    c.add_nodes(0, 5, None);
    let mut ds = new_daemon_set("foo");
    set_strategy(&mut ds, rolling_update(int(0), int(1)));
    ds.spec.get_or_insert_with(Default::default).min_ready_seconds = Some(min_ready_seconds);
    let ds = c.create_ds(ds);
    (c, ds)
}

/// A pod of `ds` on `node` created at `created` seconds; `current` keeps the hash
/// label; `ready` is the Ready condition (status, transition time in seconds).
fn pod_at(
    c: &mut Cluster,
    ds: &DaemonSet,
    prefix: &str,
    node: &str,
    created: u64,
    current: bool,
    ready: Option<(&str, Option<u64>)>,
) -> String {
    let mut pod = c.new_pod(prefix, node, simple_daemon_set_label(), Some(ds));
    pod.metadata.creation_timestamp = Some(clock::timestamp(created * SECOND));
    if !current {
        if let Some(l) = pod.metadata.labels.as_mut() {
            l.remove("controller-revision-hash");
        }
    }
    if let Some((status, since)) = ready {
        pod.status = Some(PodStatus {
            conditions: Some(vec![PodCondition {
                type_: "Ready".into(),
                status: status.into(),
                last_transition_time: since.map(|s| clock::timestamp(s * SECOND)),
                ..Default::default()
            }]),
            ..Default::default()
        });
    }
    c.put_pod(pod)
}

fn created_nodes(c: &Cluster, counts: &SyncCounts) -> Vec<String> {
    let mut nodes: Vec<_> = counts.created.iter().filter_map(|k| c.api.state.pods.get(k.as_str()).and_then(|p| node_of(p))).collect();
    nodes.sort();
    nodes
}

/// 59 TestSurgeDealsWithExistingPods: the setup of 20 with surge: 2 creates, 5 deletes.
#[test]
fn surge_deals_with_existing_pods() {
    let (mut c, ds) = surge_cluster(0);
    c.add_pods("node-1", simple_daemon_set_label(), Some(&ds), 1);
    c.add_pods("node-2", simple_daemon_set_label(), Some(&ds), 2);
    c.add_pods("node-3", simple_daemon_set_label(), Some(&ds), 5);
    c.add_pods("node-4", simple_daemon_set_label2(), Some(&ds), 2);
    let counts = c.expect_sync("foo", 2, 5, 0);
    assert_eq!(created_nodes(&c, &counts), ["node-0", "node-4"]);
    c.expect_sync("foo", 0, 0, 0);
}

/// 60 TestSurgePreservesReadyOldPods: node-1 keeps its current pod (t=100, not Ready)
/// and its oldest Ready old pod (t=50); the t=60 old pod is the one deleted. Nodes 0, 3
/// and 4 get pods.
#[test]
fn surge_preserves_ready_old_pods() {
    let (mut c, ds) = surge_cluster(0);
    pod_at(&mut c, &ds, "node-1-", "node-1", 100, true, None);
    pod_at(&mut c, &ds, "node-1-old-", "node-1", 50, false, Some(("True", None)));
    let excess = pod_at(&mut c, &ds, "node-1-delete-", "node-1", 60, false, Some(("True", None)));
    c.add_pods("node-2", simple_daemon_set_label(), Some(&ds), 1);
    let counts = c.expect_sync("foo", 3, 1, 0);
    assert_eq!(counts.deleted, [excess]);
    assert_eq!(created_nodes(&c, &counts), ["node-0", "node-3", "node-4"]);
    c.expect_sync("foo", 0, 0, 0);
}

/// 61 TestSurgeCreatesNewPodWhenAtMaxSurgeAndOldPodDeleted: node-0's surge uses the
/// whole budget, yet node-4, whose only pod is terminating, gets a new pod (with
/// surge, a terminating pod does not hold the node).
#[test]
fn surge_creates_new_pod_when_at_max_surge_and_old_pod_deleted() {
    let (mut c, ds) = surge_cluster(0);
    pod_at(&mut c, &ds, "node-0-", "node-0", 100, true, Some(("False", None)));
    pod_at(&mut c, &ds, "node-0-old-ready-", "node-0", 50, false, Some(("True", None)));
    for i in 1..5 {
        let node = format!("node-{i}");
        let old = pod_at(&mut c, &ds, &format!("{node}-preserve-"), &node, 1, false, Some(("True", None)));
        if i == 4 {
            if let Some(pod) = c.api.state.pods.get_mut(old.as_str()).map(dsplay_engine::state::Stored::make_mut) {
                pod.metadata.deletion_grace_period_seconds = Some(30);
                pod.metadata.deletion_timestamp = Some(clock::timestamp(31 * SECOND));
            }
        }
    }
    let counts = c.expect_sync("foo", 1, 0, 0);
    assert_eq!(created_nodes(&c, &counts), ["node-4"]);
    c.expect_sync("foo", 0, 0, 0);
}

/// 62 TestSurgeDeletesUnreadyOldPods: the oldest old pod on node-1 is not Ready, so it
/// goes even though the new pod is not available; the other old pod is excess.
#[test]
fn surge_deletes_unready_old_pods() {
    let (mut c, ds) = surge_cluster(0);
    pod_at(&mut c, &ds, "node-1-", "node-1", 100, true, None);
    let unready = pod_at(&mut c, &ds, "node-1-old-unready-", "node-1", 50, false, Some(("False", None)));
    let excess = pod_at(&mut c, &ds, "node-1-delete-", "node-1", 60, false, Some(("True", None)));
    c.add_pods("node-2", simple_daemon_set_label(), Some(&ds), 1);
    let mut counts = c.expect_sync("foo", 3, 2, 0);
    counts.deleted.sort();
    let mut expected = vec![excess, unready];
    expected.sort();
    assert_eq!(counts.deleted, expected);
    c.expect_sync("foo", 0, 0, 0);
}

/// 63 TestSurgePreservesOldReadyWithUnsatisfiedMinReady: minReadySeconds 15, clock at
/// t=60, node-1's new pod Ready since t=50 (10 s, not available): the Ready old pod
/// stays; only the excess one goes.
#[test]
fn surge_preserves_old_ready_with_unsatisfied_min_ready() {
    let (mut c, ds) = surge_cluster(15);
    c.api.set_now(60 * SECOND);
    pod_at(&mut c, &ds, "node-1-", "node-1", 100, true, Some(("True", Some(50))));
    pod_at(&mut c, &ds, "node-1-old-ready-", "node-1", 50, false, Some(("True", None)));
    let excess = pod_at(&mut c, &ds, "node-1-delete-", "node-1", 60, false, Some(("True", None)));
    c.add_pods("node-2", simple_daemon_set_label(), Some(&ds), 1);
    let counts = c.expect_sync("foo", 3, 1, 0);
    assert_eq!(counts.deleted, [excess]);
    c.expect_sync("foo", 0, 0, 0);
}

/// 64 TestSurgeDeletesOldReadyWithUnsatisfiedMinReady: the same at t=70 (20 s ≥ 15,
/// so the new pod is available): both old pods go. (The upstream name is misleading.)
#[test]
fn surge_deletes_old_ready_with_unsatisfied_min_ready() {
    let (mut c, ds) = surge_cluster(15);
    c.api.set_now(70 * SECOND);
    pod_at(&mut c, &ds, "node-1-", "node-1", 100, true, Some(("True", Some(50))));
    let old = pod_at(&mut c, &ds, "node-1-old-ready-", "node-1", 50, false, Some(("True", None)));
    let excess = pod_at(&mut c, &ds, "node-1-delete-", "node-1", 60, false, Some(("True", None)));
    c.add_pods("node-2", simple_daemon_set_label(), Some(&ds), 1);
    let mut counts = c.expect_sync("foo", 3, 2, 0);
    counts.deleted.sort();
    let mut expected = vec![excess, old];
    expected.sort();
    assert_eq!(counts.deleted, expected);
    c.expect_sync("foo", 0, 0, 0);
}
