//! Ports of the informer event-handler tests of pkg/controller/daemon/daemon_controller_test.go
//! (Kubernetes v1.36), numbers 45, 46's handler half, 49–58 and 66 of
//! KUBERNETES-DS-TESTS.md §1. Upstream checks the length of the work queue after a
//! handler; here the handlers return the set of DaemonSet keys they queue
//! (`controller::daemonset::event_handlers`), which is what the queue would hold.

mod common;

use std::collections::BTreeSet;

use common::*;
use k8s_openapi::api::core::v1::{Node, Pod};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{LabelSelector, OwnerReference};

use dsplay_engine::controller::daemonset::{
    is_owned_by, node_update_syncs, pod_added, pod_deleted, pod_updated, should_ignore_node_update, target_node_name,
};

fn keys(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|name| format!("default/{name}")).collect()
}

/// `foo1` and `foo2` select the simple labels; with `third`, `foo3` selects
/// `simpleDaemonSetLabel2` instead, as the orphan tests add it.
fn cluster_with_daemonsets(third: bool) -> Cluster {
    let mut c = Cluster::new();
    c.create_ds(new_daemon_set("foo1"));
    c.create_ds(new_daemon_set("foo2"));
    if third {
        let mut foo3 = new_daemon_set("foo3");
        let spec = foo3.spec.get_or_insert_with(Default::default);
        spec.selector = LabelSelector { match_labels: Some(simple_daemon_set_label2()), ..Default::default() };
        spec.template.metadata.get_or_insert_with(Default::default).labels = Some(simple_daemon_set_label2());
        c.create_ds(foo3);
    }
    c
}

fn owned_pod(c: &mut Cluster, owner: &str) -> Pod {
    let ds = c.ds(owner);
    c.new_pod("pod1-", "node-0", simple_daemon_set_label(), Some(&ds))
}

fn orphan_pod(c: &mut Cluster) -> Pod {
    c.new_pod("pod1-", "node-0", simple_daemon_set_label(), None)
}

fn controller_ref_to(c: &Cluster, owner: &str) -> Vec<OwnerReference> {
    let ds = c.ds(owner);
    vec![OwnerReference {
        api_version: "apps/v1".into(),
        kind: "DaemonSet".into(),
        name: owner.into(),
        uid: ds.metadata.uid.unwrap_or_default(),
        controller: Some(true),
        block_owner_deletion: Some(true),
    }]
}

/// 50 TestAddPod: a pod owned by `foo1`, then one owned by `foo2`, each wakes its owner alone.
#[test]
fn add_pod() {
    let mut c = cluster_with_daemonsets(false);
    for owner in ["foo1", "foo2"] {
        let pod = owned_pod(&mut c, owner);
        assert_eq!(pod_added(&pod, &c.api.state.daemonsets), keys(&[owner]));
    }
}

/// 51 TestAddPodOrphan: an orphan wakes every DaemonSet that selects it (`foo1`, `foo2`),
/// not `foo3`.
#[test]
fn add_pod_orphan() {
    let mut c = cluster_with_daemonsets(true);
    let pod = orphan_pod(&mut c);
    assert_eq!(pod_added(&pod, &c.api.state.daemonsets), keys(&["foo1", "foo2"]));
}

/// 52 TestUpdatePod: any update of an owned pod wakes its owner.
#[test]
fn update_pod() {
    let mut c = cluster_with_daemonsets(false);
    for owner in ["foo1", "foo2"] {
        let pod = owned_pod(&mut c, owner);
        let mut updated = pod.clone();
        updated.metadata.resource_version = Some("2".into());
        let syncs = pod_updated(&pod, &updated, &c.api.state.daemonsets);
        assert_eq!(syncs.now, keys(&[owner]));
        assert_eq!(syncs.after, None);
    }
}

/// 53 TestUpdatePodOrphanSameLabels: an orphan's update that keeps its labels wakes nothing.
#[test]
fn update_pod_orphan_same_labels() {
    let mut c = cluster_with_daemonsets(false);
    let pod = orphan_pod(&mut c);
    let mut updated = pod.clone();
    updated.metadata.resource_version = Some("2".into());
    assert!(pod_updated(&pod, &updated, &c.api.state.daemonsets).now.is_empty());
}

/// 54 TestUpdatePodOrphanWithNewLabels: an orphan whose labels changed wakes both
/// DaemonSets that select it now.
#[test]
fn update_pod_orphan_with_new_labels() {
    let mut c = cluster_with_daemonsets(false);
    let pod = orphan_pod(&mut c);
    let mut previous = pod.clone();
    previous.metadata.labels = Some(labels(&[("foo2", "bar2")]));
    assert_eq!(pod_updated(&previous, &pod, &c.api.state.daemonsets).now, keys(&["foo1", "foo2"]));
}

/// 55 TestUpdatePodChangeControllerRef: the owner moved from `foo2` to `foo1`: both wake.
#[test]
fn update_pod_change_controller_ref() {
    let mut c = cluster_with_daemonsets(false);
    let pod = owned_pod(&mut c, "foo1");
    let mut previous = pod.clone();
    previous.metadata.owner_references = Some(controller_ref_to(&c, "foo2"));
    assert_eq!(pod_updated(&previous, &pod, &c.api.state.daemonsets).now, keys(&["foo1", "foo2"]));
}

/// 56 TestUpdatePodControllerRefRemoved: released by `foo1`, the pod is an orphan both
/// DaemonSets may adopt: the old owner and the matching ones, each once.
#[test]
fn update_pod_controller_ref_removed() {
    let mut c = cluster_with_daemonsets(false);
    let previous = owned_pod(&mut c, "foo1");
    let mut pod = previous.clone();
    pod.metadata.owner_references = None;
    assert_eq!(pod_updated(&previous, &pod, &c.api.state.daemonsets).now, keys(&["foo1", "foo2"]));
}

/// 57 TestDeletePod: deleting an owned pod wakes its owner.
#[test]
fn delete_pod() {
    let mut c = cluster_with_daemonsets(false);
    let pod = owned_pod(&mut c, "foo1");
    assert_eq!(pod_deleted(&pod, &c.api.state.daemonsets), Some("default/foo1".to_string()));
}

/// 58 TestDeletePodOrphan: deleting an orphan wakes nothing.
#[test]
fn delete_pod_orphan() {
    let mut c = cluster_with_daemonsets(true);
    let pod = orphan_pod(&mut c);
    assert_eq!(pod_deleted(&pod, &c.api.state.daemonsets), None);
}

/// 46 TestDeleteNoDaemonPod, the handler half its test never wires up: deleting a
/// foreign pod, or an unscheduled one, wakes nothing.
#[test]
fn delete_no_daemon_pod_enqueues_nothing() {
    let mut c = cluster_with_daemonsets(false);
    let foreign = c.new_pod("foreign-", "node1", Labels::new(), None);
    let unscheduled = c.new_pod("unscheduled-", "", Labels::new(), None);
    for pod in [foreign, unscheduled] {
        assert_eq!(pod_deleted(&pod, &c.api.state.daemonsets), None);
    }
}

/// The owner's key, and the rest of the story the handlers above leave out: a
/// controllerRef to a DaemonSet that no longer exists (or to a same-named successor
/// with another UID) wakes nothing, as `resolveControllerRef` finds no owner; a pod
/// being deleted is handled as a delete, so an orphan's label change then wakes nothing;
/// a pod that just turned Ready wakes its owner again after minReadySeconds + 1 s.
#[test]
fn unresolvable_owners_deletion_and_min_ready() {
    let mut c = cluster_with_daemonsets(false);
    let mut pod = owned_pod(&mut c, "foo1");
    pod.metadata.owner_references.as_mut().unwrap()[0].uid = "a-previous-foo1".into();
    assert!(pod_added(&pod, &c.api.state.daemonsets).is_empty());
    assert_eq!(pod_deleted(&pod, &c.api.state.daemonsets), None);

    let orphan = orphan_pod(&mut c);
    let mut deleting = orphan.clone();
    deleting.metadata.deletion_timestamp = Some(dsplay_engine::clock::timestamp(c.api.now()));
    deleting.metadata.labels = Some(labels(&[("other", "labels")]));
    assert!(pod_updated(&orphan, &deleting, &c.api.state.daemonsets).now.is_empty());

    let mut foo1 = c.ds("foo1");
    foo1.spec.get_or_insert_with(Default::default).min_ready_seconds = Some(10);
    c.update_ds(foo1);
    let pod = owned_pod(&mut c, "foo1");
    let key = c.put_pod(pod.clone());
    c.set_ready(&key, true);
    let ready = Pod::clone(&c.api.state.pods[key.as_str()]);
    let syncs = pod_updated(&pod, &ready, &c.api.state.daemonsets);
    assert_eq!(syncs.now, keys(&["foo1"]));
    assert_eq!(syncs.after, Some(("default/foo1".to_string(), 11_000)));
}

/// 66 TestShouldIgnoreNodeUpdate: an unchanged node is ignored; changed labels or taints are not.
#[test]
fn should_ignore_node_update_cases() {
    let old = new_node("node1", None);
    assert!(should_ignore_node_update(&old, &old.clone()));
    assert!(!should_ignore_node_update(&old, &new_node("node1", Some(simple_node_label()))));
    let tainted = with_taints(old.clone(), vec![taint("mykey", "myvalue", "NoSchedule")]);
    assert!(!should_ignore_node_update(&old, &tainted));
    // Compared as Semantic.DeepEqual: no labels and an empty map are the same; so are
    // the condition, unschedulable and allocatable changes the controller does not watch.
    assert!(should_ignore_node_update(&old, &new_node("node1", Some(Labels::new()))));
    let mut cordoned = with_condition(old.clone(), "Ready", "False");
    cordoned.spec.get_or_insert_with(Default::default).unschedulable = Some(true);
    assert!(should_ignore_node_update(&old, &cordoned));
}

/// 49 TestAddNode, as this engine runs it: an added node goes through syncNodeUpdate at
/// once (there is no node queue to measure); a DaemonSet wakes only for the node it
/// selects.
#[test]
fn add_node() {
    let mut c = Cluster::new();
    let mut ds = new_daemon_set("ds");
    template_spec(&mut ds).node_selector = Some(simple_node_label());
    c.create_ds(ds);
    let no_pod = |_: &k8s_openapi::api::apps::v1::DaemonSet| false;
    let node1 = new_node("node1", None);
    assert!(node_update_syncs(&node1, &c.api.state.daemonsets, no_pod).is_empty());
    let node2 = new_node("node2", Some(simple_node_label()));
    assert_eq!(node_update_syncs(&node2, &c.api.state.daemonsets, no_pod), keys(&["ds"]));
}

/// Whether the DaemonSet `ds` of `c` has a pod for `node`.
fn has_pod_on<'a>(c: &'a Cluster, node: &str) -> impl Fn(&k8s_openapi::api::apps::v1::DaemonSet) -> bool + 'a {
    let node = node.to_string();
    move |ds| c.api.state.pods.values().any(|pod| target_node_name(pod) == Some(node.as_str()) && is_owned_by(pod, ds))
}

struct UpdateNodeCase {
    name: &'static str,
    old: Node,
    new: Node,
    ds: k8s_openapi::api::apps::v1::DaemonSet,
    pod_after_first_sync: bool,
    misscheduled: bool,
    creates: usize,
    enqueued: bool,
}

/// 45 TestUpdateNode (5 cases × both strategies): the old node in the store, one sync,
/// the new node in the store, then `updateNode` (shouldIgnoreNodeUpdate, then
/// syncNodeUpdate): is the DaemonSet queued?
#[test]
fn update_node() {
    let with_selector = || {
        let mut ds = new_daemon_set("ds");
        template_spec(&mut ds).node_selector = Some(simple_node_label());
        ds
    };
    let mut big = new_node("node1", None);
    big.status.get_or_insert_with(Default::default).allocatable =
        Some(resources(&[("memory", "200M"), ("cpu", "200m"), ("pods", "100")]));
    let mut requesting = new_daemon_set("ds");
    template_spec(&mut requesting).containers[0].resources = Some(k8s_openapi::api::core::v1::ResourceRequirements {
        requests: Some(resources(&[("memory", "200M"), ("cpu", "200m")])),
        ..Default::default()
    });
    let cases = [
        UpdateNodeCase {
            name: "Nothing changed",
            old: new_node("node1", None),
            new: new_node("node1", None),
            ds: with_selector(),
            pod_after_first_sync: false,
            misscheduled: false,
            creates: 0,
            enqueued: false,
        },
        UpdateNodeCase {
            name: "Node labels changed",
            old: new_node("node1", None),
            new: new_node("node1", Some(simple_node_label())),
            ds: with_selector(),
            pod_after_first_sync: false,
            misscheduled: false,
            creates: 0,
            enqueued: true,
        },
        UpdateNodeCase {
            name: "Node taints changed",
            old: with_taints(new_node("node1", None), vec![taint("mykey", "myvalue", "NoSchedule")]),
            new: new_node("node1", None),
            ds: new_daemon_set("ds"),
            pod_after_first_sync: false,
            misscheduled: false,
            creates: 0,
            enqueued: true,
        },
        UpdateNodeCase {
            name: "Node Allocatable changed",
            old: new_node("node1", None),
            new: big,
            ds: requesting,
            pod_after_first_sync: false,
            misscheduled: false,
            creates: 1,
            enqueued: false,
        },
        UpdateNodeCase {
            name: "Misscheduled to scheduled",
            old: new_node("node1", None),
            new: new_node("node1", Some(simple_node_label())),
            ds: with_selector(),
            pod_after_first_sync: true,
            misscheduled: true,
            creates: 0,
            enqueued: true,
        },
    ];
    for case in cases {
        for strategy in update_strategies() {
            let mut c = Cluster::new();
            c.add_node(case.old.clone());
            let mut ds = case.ds.clone();
            set_strategy(&mut ds, strategy);
            let ds = c.create_ds(ds);
            let first = c.sync("ds");
            assert_eq!(first.creates, case.creates, "{}: creates of the first sync", case.name);
            if case.pod_after_first_sync {
                c.add_pods("node1", simple_daemon_set_label(), Some(&ds), 1);
            }
            let mut ds = c.ds("ds");
            if case.misscheduled {
                ds.status.get_or_insert_with(Default::default).number_misscheduled = 1;
                c.store_ds(ds);
            }
            c.add_node(case.new.clone());
            let enqueued = !should_ignore_node_update(&case.old, &case.new)
                && node_update_syncs(&case.new, &c.api.state.daemonsets, has_pod_on(&c, "node1")).contains("default/ds");
            assert_eq!(enqueued, case.enqueued, "{}", case.name);
        }
    }
}
