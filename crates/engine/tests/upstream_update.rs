//! Ports of pkg/controller/daemon/update_test.go (Kubernetes v1.36), tests 67–76 of
//! KUBERNETES-DS-TESTS.md §2; 77 and 78 are in upstream_update_budgets.rs.
//!
//! A DaemonSet starts OnDelete (`newDaemonSet`), its pods are created and marked
//! Ready, then it is switched to RollingUpdate with a new image through the API
//! server (so generation and template generation follow, as in a cluster). "(c,d)"
//! is one sync with c creates and d deletes.
//!
//! Upstream's fakePodControl makes a sync's writes visible at once, so `manage` and
//! `rollingUpdate` can both act in one sync: with surge, "(2,2)" is manage deleting
//! old pods whose new pods are available and rollingUpdate surging on the next nodes.
//! This engine, like a cluster, skips rollingUpdate in a sync where manage wrote
//! (expectations not yet observed): the same totals arrive over two consecutive syncs,
//! "(0,2) then (2,0)". Each test says where that happens.

mod common;

use common::*;
use dsplay_engine::clock;
use k8s_openapi::api::apps::v1::DaemonSetUpdateStrategy;

#[derive(Clone, Copy, Debug)]
enum Step {
    /// One sync with (creates, deletes) and no events.
    Sync(usize, usize),
    /// `markPodsReady`.
    Ready,
}
use Step::{Ready, Sync};

#[track_caller]
fn play(c: &mut Cluster, steps: &[Step]) {
    for (index, step) in steps.iter().enumerate() {
        match *step {
            Sync(creates, deletes) => {
                let counts = c.sync("foo");
                assert_eq!(
                    (counts.creates, counts.deletes, counts.events),
                    (creates, deletes, 0),
                    "step {index} of {steps:?}"
                );
            }
            Ready => c.mark_pods_ready(),
        }
    }
}

/// `n` nodes, DaemonSet foo (OnDelete) created, synced (n,0), its pods marked Ready
/// when `ready`.
fn started(n: usize, ready: bool) -> Cluster {
    let mut c = Cluster::new();
    c.add_nodes(0, n, None);
    c.create_ds(new_daemon_set("foo"));
    play(&mut c, &[Sync(n, 0)]);
    if ready {
        c.mark_pods_ready();
    }
    c
}

/// The user's update: a new image and a new strategy.
fn update(c: &mut Cluster, image: &str, strategy: DaemonSetUpdateStrategy) {
    let mut ds = c.ds("foo");
    set_image(&mut ds, image);
    set_strategy(&mut ds, strategy);
    c.update_ds(ds);
}

/// 67 TestDaemonSetUpdatesPods: maxUnavailable 2 on 5 nodes, two at a time.
#[test]
fn daemon_set_updates_pods() {
    let mut c = started(5, true);
    update(&mut c, "foo2/bar2", rolling_update(int(2), None));
    play(
        &mut c,
        &[Sync(0, 2), Sync(2, 0), Ready, Sync(0, 2), Sync(2, 0), Ready, Sync(0, 1), Sync(1, 0), Ready, Sync(0, 0)],
    );
}

/// 68 TestDaemonSetUpdatesPodsWithMaxSurge: maxSurge 2. Upstream (2,2) and (1,2) are
/// one sync each; here (0,2)+(2,0) and (0,2)+(1,0).
#[test]
fn daemon_set_updates_pods_with_max_surge() {
    let mut c = started(5, true);
    update(&mut c, "foo2/bar2", rolling_update(int(0), int(2)));
    play(
        &mut c,
        &[
            Sync(2, 0),
            Sync(0, 0),
            Ready,
            Sync(0, 2),
            Sync(2, 0), // upstream (2,2)
            Sync(0, 0),
            Ready,
            Sync(0, 2),
            Sync(1, 0), // upstream (1,2)
            Sync(0, 0),
            Ready,
            Sync(0, 1),
            Sync(0, 0),
        ],
    );
}

/// 69 TestDaemonSetUpdatesPodsNotMatchTainstWithMaxSurge: node-0 is tainted
/// control-plane:NoSchedule and the update drops the toleration, so node-0 is no
/// longer desired (4) but its pod may continue. The first (1,1) is one sync here too
/// (rollingUpdate both surges and deletes the node-0 pod, as numAvailable 5 > desired
/// 4); the later (1,1), where manage deletes and rollingUpdate surges, are (0,1)+(1,0).
#[test]
fn daemon_set_updates_pods_not_match_tainst_with_max_surge() {
    let mut c = Cluster::new();
    c.add_nodes(0, 5, None);
    let tainted = new_node("node-0", None);
    c.add_node(with_taints(tainted, vec![taint("node-role.kubernetes.io/control-plane", "", "NoSchedule")]));
    let mut ds = new_daemon_set("foo");
    template_spec(&mut ds).tolerations = Some(vec![k8s_openapi::api::core::v1::Toleration {
        key: Some("node-role.kubernetes.io/control-plane".into()),
        operator: Some("Exists".into()),
        effect: Some("NoSchedule".into()),
        ..Default::default()
    }]);
    c.create_ds(ds);
    play(&mut c, &[Sync(5, 0), Ready]);
    let mut ds = c.ds("foo");
    set_image(&mut ds, "foo2/bar2");
    set_strategy(&mut ds, rolling_update(int(0), int(1)));
    template_spec(&mut ds).tolerations = None;
    c.update_ds(ds);
    let mut steps = vec![Sync(1, 1), Sync(0, 0), Ready];
    for _ in 0..3 {
        steps.extend([Sync(0, 1), Sync(1, 0), Sync(0, 0), Ready]); // upstream (1,1), (0,0), ready
    }
    steps.extend([Sync(0, 1), Sync(0, 0)]);
    play(&mut c, &steps);
    let status = c.status("foo");
    assert_eq!((status.desired_number_scheduled, status.number_misscheduled), (4, 0));
    assert!(c.daemon_pods("foo").iter().all(|(_, p)| node_of(p).as_deref() != Some("node-0")));
}

/// 70 TestDaemonSetUpdatesWhenNewPodIsNotReady: the 3 new pods are never Ready and use
/// up maxUnavailable 3.
#[test]
fn daemon_set_updates_when_new_pod_is_not_ready() {
    let mut c = started(5, true);
    update(&mut c, "foo2/bar2", rolling_update(int(3), None));
    play(&mut c, &[Sync(0, 3), Sync(3, 0), Sync(0, 0)]);
}

/// 71 TestDaemonSetUpdatesSomeOldPodsNotReady: after a first partial rollout the two
/// new pods are not Ready; a second image change replaces only those two (old and
/// unavailable), leaving the 3 Ready pods.
#[test]
fn daemon_set_updates_some_old_pods_not_ready() {
    let mut c = started(5, true);
    update(&mut c, "foo2/bar2", rolling_update(int(2), None));
    play(&mut c, &[Sync(0, 2), Sync(2, 0), Sync(0, 0)]);
    update(&mut c, "foo2/bar3", rolling_update(int(2), None));
    play(&mut c, &[Sync(0, 2), Sync(2, 0), Sync(0, 0)]);
    assert_eq!(c.ready_pods(), 3);
}

/// 72 TestDaemonSetUpdatesSaveOldHealthyPods. Upstream draws maxUnavailable with
/// math/rand in [0, 9]; here the ten values 0..=9 each once. 0 is stored without the
/// API server (which rejects a 0/0 rolling update), as upstream stores it, and counts
/// as 1. The 10 unavailable pods are replaced every time and the 10 original Ready
/// pods are never touched; maxUnavailable 11 finally takes one of them.
#[test]
fn daemon_set_updates_save_old_healthy_pods() {
    let mut c = started(20, true);
    update(&mut c, "foo2/bar2", rolling_update(int(10), None));
    play(&mut c, &[Sync(0, 10), Sync(10, 0), Sync(0, 0)]);
    let healthy: Vec<String> =
        c.daemon_pods("foo").into_iter().filter(|(_, p)| is_ready(p)).map(|(k, _)| k).collect();
    assert_eq!(healthy.len(), 10);
    for (round, max_unavailable) in [3, 0, 7, 1, 9, 5, 2, 8, 4, 6].into_iter().enumerate() {
        let image = format!("foo2/bar3-{round}");
        if max_unavailable == 0 {
            let mut ds = c.ds("foo");
            set_image(&mut ds, &image);
            set_strategy(&mut ds, rolling_update(int(0), int(0)));
            c.store_ds(ds);
        } else {
            update(&mut c, &image, rolling_update(int(max_unavailable), None));
        }
        play(&mut c, &[Sync(0, 10), Sync(10, 0), Sync(0, 0)]);
        for pod_key in &healthy {
            assert!(c.api.state.pods.contains_key(pod_key.as_str()), "round {round}: healthy {pod_key} kept");
        }
    }
    update(&mut c, "foo2/bar4", rolling_update(int(11), None));
    play(&mut c, &[Sync(0, 11), Sync(11, 0), Sync(0, 0)]);
    assert_eq!(c.ready_pods(), 9);
}

fn is_ready(pod: &k8s_openapi::api::core::v1::Pod) -> bool {
    pod.status
        .as_ref()
        .and_then(|s| s.conditions.as_ref())
        .is_some_and(|c| c.iter().any(|c| c.type_ == "Ready" && c.status == "True"))
}

/// 73 TestDaemonSetUpdatesAllOldNotReadyPodsAndNewNotReadyPods: 100 nodes rolled
/// over in ten rounds of 10; then, in store order, pods from index 10 on are made not
/// Ready and pods before index 12 get the old revision back (hash and template
/// generation). Exactly the 2 unavailable old pods are replaced.
#[test]
fn daemon_set_updates_all_old_not_ready_pods_and_new_not_ready_pods() {
    let mut c = started(100, true);
    let old_hash = c.hash(&c.ds("foo"));
    update(&mut c, "foo2/bar2", rolling_update(int(10), None));
    for _ in 0..10 {
        play(&mut c, &[Sync(0, 10), Sync(10, 0), Ready]);
    }
    play(&mut c, &[Sync(0, 0)]);
    let keys: Vec<String> = c.daemon_pods("foo").into_iter().map(|(k, _)| k).collect();
    assert_eq!(keys.len(), 100);
    for (index, pod_key) in keys.iter().enumerate() {
        if index >= 10 {
            c.set_ready(pod_key, false);
        }
        if index < 12 {
            if let Some(labels) = c.api.state.pods.get_mut(pod_key.as_str()).and_then(|p| p.make_mut().metadata.labels.as_mut()) {
                labels.insert("controller-revision-hash".into(), old_hash.clone());
                labels.insert("pod-template-generation".into(), "1".into());
            }
        }
    }
    let mut counts = c.sync("foo");
    assert_eq!(counts.pair(), (0, 2));
    counts.deleted.sort();
    assert_eq!(counts.deleted, keys[10..12]);
    play(&mut c, &[Sync(2, 0), Sync(0, 0)]);
}

/// 74 TestDaemonSetUpdatesAllOldPodsNotReady: every old pod is unavailable, so all 5
/// are deleted at once, beyond maxUnavailable 3.
#[test]
fn daemon_set_updates_all_old_pods_not_ready() {
    let mut c = started(5, false);
    update(&mut c, "foo2/bar2", rolling_update(int(3), None));
    play(&mut c, &[Sync(0, 5), Sync(5, 0), Sync(0, 0)]);
}

/// Sets Ready on up to `count` live daemon pods whose readiness differs and that
/// `pick` accepts, in store order (`setPodReadiness`).
fn set_pod_readiness(c: &mut Cluster, ready: bool, count: usize, pick: impl Fn(&Cluster, &k8s_openapi::api::core::v1::Pod) -> bool) {
    let mut left = count;
    for (pod_key, pod) in c.daemon_pods("foo") {
        if left == 0 {
            break;
        }
        if pod.metadata.deletion_timestamp.is_some() || is_ready(&pod) == ready || !pick(c, &pod) {
            continue;
        }
        c.set_ready(&pod_key, ready);
        left -= 1;
    }
    assert_eq!(left, 0, "could not mark {count} pods ready={ready}");
}

fn is_current(c: &Cluster, pod: &k8s_openapi::api::core::v1::Pod) -> bool {
    let ds = c.ds("foo");
    let generation = dsplay_engine::controller::daemonset::util::template_generation(&ds).map(|g| g.to_string());
    pod.metadata.labels.as_ref().and_then(|l| l.get("pod-template-generation")) == generation.as_ref()
}

/// 75 TestDaemonSetUpdatesAllOldPodsNotReadyMaxSurge, on the same clock times. Every
/// old pod is unavailable, so all 5 nodes are surged beyond maxSurge 3; with
/// minReadySeconds 15 the second rollout waits for availability. Upstream's (1,3) at
/// t=320 is (0,3)+(1,0) here, both at t=320.
#[test]
fn daemon_set_updates_all_old_pods_not_ready_max_surge() {
    let mut c = started(5, false);
    update(&mut c, "foo2/bar2", rolling_update(int(0), int(3)));
    let at = |c: &mut Cluster, seconds: u64| c.api.set_now(seconds * clock::SECOND);
    at(&mut c, 100);
    play(&mut c, &[Sync(5, 0)]);
    at(&mut c, 200);
    play(&mut c, &[Sync(0, 5)]);
    set_pod_readiness(&mut c, true, 5, |_, _| true);
    let mut ds = c.ds("foo");
    ds.spec.get_or_insert_with(Default::default).min_ready_seconds = Some(15);
    set_image(&mut ds, "foo3/bar3");
    c.update_ds(ds);
    at(&mut c, 300);
    play(&mut c, &[Sync(3, 0)]);
    let surged: Vec<String> =
        c.daemon_pods("foo").iter().filter(|(_, p)| is_current(&c, p)).filter_map(|(_, p)| node_of(p)).collect();
    set_pod_readiness(&mut c, true, 2, is_current);
    set_pod_readiness(&mut c, false, 1, |c, p| !is_current(c, p) && node_of(p).is_some_and(|n| !surged.contains(&n)));
    at(&mut c, 310);
    play(&mut c, &[Sync(1, 0)]);
    at(&mut c, 320);
    play(&mut c, &[Sync(0, 3), Sync(1, 0)]);
    set_pod_readiness(&mut c, true, 3, is_current);
    at(&mut c, 340);
    play(&mut c, &[Sync(0, 2)]);
    at(&mut c, 350);
    play(&mut c, &[Sync(0, 0)]);
}

/// 76 TestDaemonSetUpdatesNoTemplateChanged: OnDelete → RollingUpdate with the same
/// template changes the generation but not the hash: no pod churn (H8).
#[test]
fn daemon_set_updates_no_template_changed() {
    let mut c = started(5, false);
    let mut ds = c.ds("foo");
    set_strategy(&mut ds, rolling_update(int(3), None));
    let ds = c.update_ds(ds);
    assert_eq!(ds.metadata.generation, Some(2));
    play(&mut c, &[Sync(0, 0)]);
}
