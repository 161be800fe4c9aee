//! Ports of pkg/controller/daemon/update_test.go (Kubernetes v1.36), tests 77 and 78
//! of KUBERNETES-DS-TESTS.md §2: the rolling-update budgets and the revisions a
//! DaemonSet controls.
//!
//! Upstream calls `updatedDesiredNodeCounts` directly; this engine keeps it private,
//! so each case shows its (maxSurge, maxUnavailable) through what one rollingUpdate
//! sync does with old, Ready pods: it deletes exactly maxUnavailable of them (replace
//! mode) or creates exactly maxSurge new pods beside them (surge mode).

mod common;

use common::*;
use k8s_openapi::api::apps::v1::{ControllerRevision, DaemonSetUpdateStrategy};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{ObjectMeta, OwnerReference};

/// `nodes` nodes; an old (no hash label), Ready pod on each node in `with_pods`, the
/// one on `terminating` marked for deletion; foo stored with `strategy` (without the
/// API server, since some budgets here are ones it rejects). Returns one sync.
fn budget_case(nodes: usize, with_pods: &[usize], terminating: Option<usize>, strategy: DaemonSetUpdateStrategy) -> SyncCounts {
    let mut c = Cluster::new();
    c.add_nodes(0, nodes, None);
    let mut ds = c.create_ds(new_daemon_set("foo"));
    set_strategy(&mut ds, strategy);
    let ds = c.store_ds(ds);
    for &i in with_pods {
        let mut pod = c.new_pod(&format!("pod-{i}-"), &format!("node-{i}"), simple_daemon_set_label(), Some(&ds));
        if let Some(labels) = pod.metadata.labels.as_mut() {
            labels.remove("controller-revision-hash");
        }
        if Some(i) == terminating {
            pod.metadata.deletion_timestamp = Some(dsplay_engine::clock::timestamp(c.api.now()));
        }
        let pod_key = c.put_pod(pod);
        c.set_ready(&pod_key, true);
    }
    c.sync("foo")
}

/// 77 TestGetUnavailableNumbers, case by case.
#[test]
fn get_unavailable_numbers() {
    // "No nodes": (0, 0, 0): nothing to do.
    assert_eq!(budget_case(0, &[], None, rolling_update(int(0), None)).pair(), (0, 0));
    // "Two nodes with ready pods", maxUnavailable 1: one old pod goes.
    assert_eq!(budget_case(2, &[0, 1], None, rolling_update(int(1), None)).pair(), (0, 1));
    // "Two nodes, one node without pods", maxUnavailable 0 (and its surge twin, maxSurge
    // 0): 0/0 counts as maxUnavailable 1. Shown with both nodes holding an old pod,
    // since an empty node makes manage write (and so skip rollingUpdate) first.
    assert_eq!(budget_case(2, &[0, 1], None, rolling_update(int(0), None)).pair(), (0, 1));
    assert_eq!(budget_case(2, &[0, 1], None, rolling_update(int(0), int(0))).pair(), (0, 1));
    // The empty node of that case: manage creates its pod; rollingUpdate waits.
    assert_eq!(budget_case(2, &[0], None, rolling_update(int(0), None)).pair(), (1, 0));
    // "MaxUnavailable in percents": 50% of 2 is 1.
    assert_eq!(budget_case(2, &[0, 1], None, rolling_update(percent("50%"), None)).pair(), (0, 1));
    // "... surge": maxSurge 50% of 2 is 1 new pod.
    assert_eq!(budget_case(2, &[0, 1], None, rolling_update(int(0), percent("50%"))).pair(), (1, 0));
    // "MaxUnavailable is 100%, surge": maxSurge 100% of 2 is 2.
    assert_eq!(budget_case(2, &[0, 1], None, rolling_update(int(0), percent("100%"))).pair(), (2, 0));
    // "percents, pod terminating": 50% of 3 rounds up to 2. The terminating pod's node
    // already counts as unavailable, so one more old pod may go; rounding down (1)
    // would allow none.
    assert_eq!(budget_case(3, &[0, 1, 2], Some(1), rolling_update(percent("50%"), None)).pair(), (0, 1));
    // ceil(1.5) = 2 with three Ready old pods and none terminating.
    assert_eq!(budget_case(3, &[0, 1, 2], None, rolling_update(percent("50%"), None)).pair(), (0, 2));
}

fn revision(name: &str, namespace: &str, owner: Option<OwnerReference>) -> ControllerRevision {
    ControllerRevision {
        metadata: ObjectMeta {
            name: Some(name.into()),
            namespace: Some(namespace.into()),
            labels: Some(simple_daemon_set_label()),
            owner_references: owner.map(|o| vec![o]),
            ..Default::default()
        },
        data: None,
        revision: 0,
    }
}

fn controller_uid(c: &Cluster, revision_key: &str) -> Option<String> {
    let revision = c.api.state.revisions.get(revision_key)?;
    revision.metadata.owner_references.as_ref()?.iter().find(|o| o.controller == Some(true)).map(|o| o.uid.clone())
}

/// 78 TestControlledHistories: a revision the DaemonSet owns and a matching orphan in
/// its namespace are both its history (the orphan is adopted); a matching orphan in
/// another namespace is never adopted.
#[test]
fn controlled_histories() {
    let mut c = Cluster::new();
    let ds = c.create_ds(new_daemon_set("ds1"));
    let uid = ds.metadata.uid.clone().unwrap_or_default();
    let owner = OwnerReference {
        api_version: "apps/v1".into(),
        kind: "DaemonSet".into(),
        name: "ds1".into(),
        uid: uid.clone(),
        controller: Some(true),
        block_owner_deletion: Some(true),
    };
    let revisions = [
        revision("ds1-x1", "default", Some(owner)),
        revision("ds1-x2", "default", None),
        revision("ds1-x3", "default-other", None),
    ];
    for r in revisions {
        let key = format!("{}/{}", r.metadata.namespace.clone().unwrap_or_default(), r.metadata.name.clone().unwrap_or_default());
        c.api.state.revisions.insert(key, r.into());
    }
    c.sync("ds1");
    assert_eq!(controller_uid(&c, "default/ds1-x1").as_deref(), Some(uid.as_str()));
    assert_eq!(controller_uid(&c, "default/ds1-x2").as_deref(), Some(uid.as_str()), "same-namespace orphan adopted");
    assert_eq!(controller_uid(&c, "default-other/ds1-x3"), None, "other-namespace orphan left alone");
    let owned = c.api.state.revisions.values().filter(|r| {
        r.metadata.owner_references.iter().flatten().any(|o| o.uid == uid)
    });
    assert_eq!(owned.count(), 3, "x1, x2 and the current revision the sync snapshotted");
}
