//! Ports of pkg/controller/daemon/daemon_controller_test.go (Kubernetes v1.36), tests
//! 2 and 35–48, 65 of KUBERNETES-DS-TESTS.md §1: taints and tolerations, termination,
//! NodeShouldRunDaemonPod, pods on missing nodes, which pods a DaemonSet sees, and
//! when the status is written.

mod common;

use common::*;
use dsplay_engine::api::Change;
use dsplay_engine::controller::daemonset::node_should_run_daemon_pod as should_run;
use k8s_openapi::api::apps::v1::ControllerRevision;
use k8s_openapi::api::core::v1::{
    Affinity, ContainerPort, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodStatus,
    ResourceRequirements, Toleration,
};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

fn toleration(key: &str, value: &str, effect: &str) -> Toleration {
    Toleration { key: Some(key.into()), value: Some(value.into()), effect: Some(effect.into()), ..Default::default() }
}

/// 2 TestExpectationsOnRecreate, its observable part: a DaemonSet deleted and created
/// again under the same name (a new uid) starts from scratch and creates its pod
/// again; the old pod, owned by the old uid, is neither adopted nor counted. The
/// queue-length and expectations-store assertions are informer plumbing.
#[test]
fn expectations_on_recreate() {
    let mut c = Cluster::new();
    c.add_node(new_node("master-0", None));
    let first = c.create_ds(new_daemon_set("test"));
    c.expect_sync("test", 1, 0, 0);
    if let Err(error) = c.api.delete_daemonset("default/test") {
        panic!("{error}");
    }
    let second = c.create_ds(new_daemon_set("test"));
    assert_ne!(first.metadata.uid, second.metadata.uid);
    c.expect_sync("test", 1, 0, 0);
    assert_eq!(c.daemon_pods("test").len(), 1);
}

/// 35 TestNoScheduleTaintedDoesntEvicitRunningIntolerantPod: an untolerated NoSchedule
/// taint keeps the running pod (which then counts as misscheduled, F3).
#[test]
fn no_schedule_tainted_doesnt_evicit_running_intolerant_pod() {
    for strategy in update_strategies() {
        let mut c = Cluster::new();
        c.add_node(with_taints(new_node("tainted", None), vec![taint("dedicated", "user1", "NoSchedule")]));
        let ds = daemon_set_with_strategy("intolerant", strategy);
        let ds = c.create_ds(ds);
        c.add_pods("tainted", simple_daemon_set_label(), Some(&ds), 1);
        c.expect_sync("intolerant", 0, 0, 0);
        let status = c.status("intolerant");
        assert_eq!((status.desired_number_scheduled, status.number_misscheduled), (0, 1));
    }
}

/// 36 TestNoExecuteTaintedDoesEvicitRunningIntolerantPod: an untolerated NoExecute
/// taint deletes the pod.
#[test]
fn no_execute_tainted_does_evicit_running_intolerant_pod() {
    for strategy in update_strategies() {
        let mut c = Cluster::new();
        c.add_node(with_taints(new_node("tainted", None), vec![taint("dedicated", "user1", "NoExecute")]));
        let ds = daemon_set_with_strategy("intolerant", strategy);
        let ds = c.create_ds(ds);
        c.add_pods("tainted", simple_daemon_set_label(), Some(&ds), 1);
        c.expect_sync("intolerant", 0, 1, 0);
    }
}

fn one_node_creates(node: k8s_openapi::api::core::v1::Node, tolerations: Option<Vec<Toleration>>) -> usize {
    let mut total = 0;
    for strategy in update_strategies() {
        let mut c = Cluster::new();
        c.add_node(node.clone());
        let mut ds = daemon_set_with_strategy("ds", strategy);
        template_spec(&mut ds).tolerations = tolerations.clone();
        c.create_ds(ds);
        let counts = c.sync("ds");
        assert_eq!((counts.deletes, counts.events), (0, 0));
        total += counts.creates;
    }
    total / 2
}

/// 37 TestTaintedNodeDaemonDoesNotLaunchIntolerantPod.
#[test]
fn tainted_node_daemon_does_not_launch_intolerant_pod() {
    let node = with_taints(new_node("tainted", None), vec![taint("dedicated", "user1", "NoSchedule")]);
    assert_eq!(one_node_creates(node, None), 0);
}

/// 38 TestTaintedNodeDaemonLaunchesToleratePod: operator unset means Equal.
#[test]
fn tainted_node_daemon_launches_tolerate_pod() {
    let node = with_taints(new_node("tainted", None), vec![taint("dedicated", "user1", "NoSchedule")]);
    assert_eq!(one_node_creates(node, Some(vec![toleration("dedicated", "user1", "NoSchedule")])), 1);
}

/// 39 TestNotReadyNodeDaemonLaunchesPod: the not-ready NoExecute taint is tolerated by
/// the daemon pods' default tolerations.
#[test]
fn not_ready_node_daemon_launches_pod() {
    let node = with_condition(new_node("tainted", None), "Ready", "False");
    let node = with_taints(node, vec![taint("node.kubernetes.io/not-ready", "", "NoExecute")]);
    assert_eq!(one_node_creates(node, None), 1);
}

/// 40 TestUnreachableNodeDaemonLaunchesPod.
#[test]
fn unreachable_node_daemon_launches_pod() {
    let node = with_condition(new_node("tainted", None), "Ready", "Unknown");
    let node = with_taints(node, vec![taint("node.kubernetes.io/unreachable", "", "NoExecute")]);
    assert_eq!(one_node_creates(node, None), 1);
}

/// 41 TestNodeDaemonLaunchesToleratePod: a toleration on an untainted node changes nothing.
#[test]
fn node_daemon_launches_tolerate_pod() {
    let node = new_node("untainted", None);
    assert_eq!(one_node_creates(node, Some(vec![toleration("dedicated", "user1", "NoSchedule")])), 1);
}

/// 42 TestDaemonSetRespectsTermination: without surge, a node whose only pod is
/// terminating gets no replacement until it is gone.
#[test]
fn daemon_set_respects_termination() {
    for strategy in update_strategies() {
        let mut c = Cluster::new();
        c.add_nodes(0, 1, Some(simple_node_label()));
        let mut ds = daemon_set_with_strategy("foo", strategy);
        template_spec(&mut ds).node_selector = Some(simple_node_label());
        let ds = c.create_ds(ds);
        let mut pod = c.new_pod("node-0-", "node-0", simple_daemon_set_label(), Some(&ds));
        pod.metadata.deletion_timestamp = Some(dsplay_engine::clock::timestamp(c.api.now()));
        c.put_pod(pod);
        c.expect_sync("foo", 0, 0, 0);
    }
}

/// 43 TestTaintPressureNodeDaemonLaunchesPod: a system-cluster-critical DaemonSet in
/// kube-system on a node with the disk/memory/PID pressure conditions and their
/// NoSchedule taints: the default daemon tolerations cover them, 1 create.
#[test]
fn taint_pressure_node_daemon_launches_pod() {
    for strategy in update_strategies() {
        let mut c = Cluster::new();
        let mut node = new_node("resources-pressure", None);
        for condition in ["DiskPressure", "MemoryPressure", "PIDPressure"] {
            node = with_condition(node, condition, "True");
        }
        let node = with_taints(
            node,
            vec![
                taint("node.kubernetes.io/disk-pressure", "", "NoSchedule"),
                taint("node.kubernetes.io/memory-pressure", "", "NoSchedule"),
                taint("node.kubernetes.io/pid-pressure", "", "NoSchedule"),
            ],
        );
        c.add_node(node);
        let mut ds = new_daemon_set("critical");
        ds.metadata.namespace = Some("kube-system".into());
        set_strategy(&mut ds, strategy);
        template_spec(&mut ds).priority_class_name = Some("system-cluster-critical".into());
        template_spec(&mut ds).priority = Some(2_000_000_000);
        if let Err(error) = c.api.create_daemonset(ds) {
            panic!("{error}");
        }
        c.api.take_changes();
        c.controller.sync(&mut c.api, "kube-system/critical");
        let creates = c.api.take_changes().into_iter().filter(|ch| matches!(ch, Change::PodAdded(_))).count();
        assert_eq!(creates, 1);
    }
}

fn requests(pairs: &[(&str, &str)]) -> Option<ResourceRequirements> {
    Some(ResourceRequirements { requests: Some(resources(pairs)), ..Default::default() })
}

fn node_affinity(key: &str, value: &str) -> Option<Affinity> {
    Some(Affinity {
        node_affinity: Some(NodeAffinity {
            required_during_scheduling_ignored_during_execution: Some(NodeSelector {
                node_selector_terms: vec![NodeSelectorTerm {
                    match_expressions: Some(vec![NodeSelectorRequirement {
                        key: key.into(),
                        operator: "In".into(),
                        values: Some(vec![value.into()]),
                    }]),
                    match_fields: None,
                }],
            }),
            ..Default::default()
        }),
        ..Default::default()
    })
}

/// 44 TestNodeShouldRunDaemonPod: NodeShouldRunDaemonPod called directly, 11 cases ×
/// both strategies. The cases with "other pods on the node" (4, 5, 6) have no input
/// for the pods here, because the function never looks at them: resources and host
/// ports are the scheduler's (A5), which is the point of those cases.
#[test]
fn node_should_run_daemon_pod() {
    type Tweak = fn(&mut k8s_openapi::api::core::v1::PodSpec);
    let cases: Vec<(&str, Tweak, bool, (bool, bool))> = vec![
        ("ShouldRunDaemonPod", |s| s.containers[0].resources = requests(&[("memory", "50M"), ("cpu", "500m")]), false, (true, true)),
        ("InsufficientResourceError", |s| s.containers[0].resources = requests(&[("memory", "200M")]), false, (true, true)),
        ("ErrPodNotMatchHostName", |s| s.node_name = Some("other-node".into()), false, (false, false)),
        (
            "ErrPodNotFitsHostPorts",
            |s| s.containers[0].ports = Some(vec![ContainerPort { container_port: 666, host_port: Some(666), ..Default::default() }]),
            false,
            (true, true),
        ),
        ("InsufficientResourceError with a busy node", |s| s.containers[0].resources = requests(&[("memory", "100M")]), false, (true, true)),
        ("ShouldRunDaemonPod with a busy node", |s| s.containers[0].resources = requests(&[("memory", "50M")]), false, (true, true)),
        ("ErrNodeSelectorNotMatch", |s| s.node_selector = Some(labels(&[("type", "test")])), false, (false, false)),
        ("ShouldRunDaemonPod with matching nodeSelector", |s| s.node_selector = Some(simple_daemon_set_label()), false, (true, true)),
        ("ErrPodAffinityNotMatch", |s| s.affinity = node_affinity("type", "test"), false, (false, false)),
        ("ShouldRunDaemonPod with matching affinity", |s| s.affinity = node_affinity("type", "production"), false, (true, true)),
        ("ShouldRunDaemonPodOnUnschedulableNode", |_| {}, true, (true, true)),
    ];
    for (name, tweak, unschedulable, expected) in cases {
        for strategy in update_strategies() {
            let mut node = new_node("test-node", Some(simple_daemon_set_label()));
            node.status.get_or_insert_with(Default::default).allocatable =
                Some(resources(&[("memory", "100M"), ("cpu", "1"), ("pods", "100")]));
            if unschedulable {
                node.spec.get_or_insert_with(Default::default).unschedulable = Some(true);
            }
            let mut ds = daemon_set_with_strategy("ds", strategy);
            tweak(template_spec(&mut ds));
            let verdict = should_run(&node, &ds);
            assert_eq!((verdict.should_run, verdict.should_continue_running), expected, "case {name}");
        }
    }
}

/// 46 TestDeleteNoDaemonPod, its observable part: node1 (200M/200m) is already full
/// of four 50M foreign pods and the DaemonSet asks for 50M: the first sync still
/// creates the pod (capacity is the scheduler's). The rest of the test checks that
/// `deletePod` of foreign pods enqueues nothing; its flag is never wired upstream.
#[test]
fn delete_no_daemon_pod() {
    for strategy in update_strategies() {
        let mut c = Cluster::new();
        let mut node = new_node("node1", None);
        node.status.get_or_insert_with(Default::default).allocatable =
            Some(resources(&[("memory", "200M"), ("cpu", "200m"), ("pods", "100")]));
        c.add_node(node);
        for _ in 0..4 {
            let mut pod = c.new_pod("foreign-", "node1", Labels::new(), None);
            if let Some(spec) = pod.spec.as_mut() {
                spec.containers[0].resources = requests(&[("memory", "50M")]);
            }
            c.put_pod(pod);
        }
        let mut ds = daemon_set_with_strategy("foo", strategy);
        template_spec(&mut ds).containers[0].resources = requests(&[("memory", "50M"), ("cpu", "50m")]);
        c.create_ds(ds);
        c.expect_sync("foo", 1, 0, 0);
    }
}

/// 47 TestDeleteUnscheduledPodForNotExistingNode: of a pod bound to missing node-1 and
/// an unbound pod aimed at missing node-2, only the unbound one is deleted.
#[test]
fn delete_unscheduled_pod_for_not_existing_node() {
    for strategy in update_strategies() {
        let mut c = Cluster::new();
        c.add_nodes(0, 1, None);
        let ds = daemon_set_with_strategy("foo", strategy);
        let ds = c.create_ds(ds);
        c.add_pods("node-0", simple_daemon_set_label(), Some(&ds), 1);
        c.add_pods("node-1", simple_daemon_set_label(), Some(&ds), 1);
        let mut unbound = c.new_pod("node-2-", "", simple_daemon_set_label(), Some(&ds));
        if let Some(spec) = unbound.spec.as_mut() {
            spec.affinity = Some(Affinity {
                node_affinity: Some(NodeAffinity {
                    required_during_scheduling_ignored_during_execution: Some(NodeSelector {
                        node_selector_terms: vec![NodeSelectorTerm {
                            match_expressions: None,
                            match_fields: Some(vec![NodeSelectorRequirement {
                                key: "metadata.name".into(),
                                operator: "In".into(),
                                values: Some(vec!["node-2".into()]),
                            }]),
                        }],
                    }),
                    ..Default::default()
                }),
                ..Default::default()
            });
        }
        let unbound_key = c.put_pod(unbound);
        let counts = c.expect_sync("foo", 0, 1, 0);
        assert_eq!(counts.deleted, [unbound_key]);
    }
}

/// 48 TestGetNodesToDaemonPods, through what it decides. With
/// `includeDeletedTerminal = false` (manage, status): a Failed pod with a
/// deletionTimestamp is invisible, so its node gets a new pod; a matching orphan is
/// adopted; pods of another DaemonSet and non-matching pods are left alone. With
/// `true` (cleanupHistory): the hash of that deleted Failed pod still protects its
/// revision from cleanup.
#[test]
fn get_nodes_to_daemon_pods() {
    let mut c = Cluster::new();
    c.add_nodes(0, 2, None);
    let mut ds = new_daemon_set("foo");
    ds.spec.get_or_insert_with(Default::default).revision_history_limit = Some(0);
    let ds = c.create_ds(ds);
    let foo2 = c.create_ds(new_daemon_set("foo2"));
    let mut deleted_failed = c.new_pod("node-0-", "node-0", simple_daemon_set_label(), Some(&ds));
    deleted_failed.status = Some(PodStatus { phase: Some("Failed".into()), ..Default::default() });
    deleted_failed.metadata.deletion_timestamp = Some(dsplay_engine::clock::timestamp(c.api.now()));
    if let Some(l) = deleted_failed.metadata.labels.as_mut() {
        l.insert("controller-revision-hash".into(), "old-hash".into());
    }
    c.put_pod(deleted_failed);
    let revision = ControllerRevision {
        metadata: ObjectMeta {
            name: Some("foo-old-hash".into()),
            namespace: Some("default".into()),
            labels: Some(labels(&[("name", "simple-daemon"), ("type", "production"), ("controller-revision-hash", "old-hash")])),
            ..Default::default()
        },
        data: None,
        revision: 1,
    };
    c.api.state.revisions.insert("default/foo-old-hash".into(), revision.into());
    c.add_pods("node-1", simple_daemon_set_label(), Some(&ds), 1);
    let orphan = c.add_pods("node-1", simple_daemon_set_label(), None, 1);
    let others = c.add_pods("node-1", simple_daemon_set_label(), Some(&foo2), 1);
    let unmatched = c.add_pods("node-1", simple_daemon_set_label2(), None, 1);

    let counts = c.sync("foo");
    let created_on: Vec<_> = counts.created.iter().filter_map(|k| c.api.state.pods.get(k.as_str()).and_then(|p| node_of(p))).collect();
    assert_eq!(created_on, ["node-0"], "the deleted Failed pod does not occupy node-0");
    assert_eq!(counts.deletes, 1, "node-1 now has the owned pod and the adopted orphan: one goes");
    // Only claimed pods are managed, so the matching orphan was adopted; with the same
    // creationTimestamp, podByCreationTimestampAndPhase keeps the first name.
    assert_eq!(counts.deleted, orphan, "the adopted orphan, second by name, is the excess pod");
    for untouched in others.iter().chain(&unmatched) {
        assert!(!counts.deleted.contains(untouched), "{untouched} is not this DaemonSet's");
    }
    assert!(c.api.state.pods.get(unmatched[0].as_str()).is_some_and(|p| p.metadata.owner_references.is_none()));
    assert!(
        c.api.state.revisions.contains_key("default/foo-old-hash"),
        "cleanupHistory counts the deleted terminal pod's hash as live"
    );
}

/// 65 TestStoreDaemonSetStatus. The retry-on-conflict half needs reactors that fail
/// UpdateStatus / Get, which this Api has no way to inject. The other half of
/// storeDaemonSetStatus (F9): when the seven counts are unchanged and the generation
/// is observed, no status write happens.
#[test]
fn store_daemon_set_status() {
    let mut c = Cluster::new();
    c.add_nodes(0, 2, None);
    let ds = c.create_ds(new_daemon_set("foo"));
    c.add_pods("node-0", simple_daemon_set_label(), Some(&ds), 1);
    c.add_pods("node-1", simple_daemon_set_label(), Some(&ds), 1);
    c.api.take_changes();
    c.controller.sync(&mut c.api, "default/foo");
    let wrote = |changes: Vec<Change>| changes.iter().any(|ch| matches!(ch, Change::DaemonSetUpdated { .. }));
    assert!(wrote(c.api.take_changes()), "the first sync writes desired 2, current 2");
    assert_eq!(c.status("foo").current_number_scheduled, 2);
    c.controller.sync(&mut c.api, "default/foo");
    assert!(!wrote(c.api.take_changes()), "nothing changed: no UpdateStatus");
}

/// B6 (failedPodsBackoffKey includes status.observedGeneration): a failed pod in
/// backoff is deleted again at once after the DaemonSet's new generation is observed.
#[test]
fn failed_pod_backoff_resets_with_new_observed_generation() {
    let mut c = Cluster::new();
    c.add_nodes(0, 1, None);
    let mut ds = c.create_ds(new_daemon_set("foo"));
    ds.status.get_or_insert_with(Default::default).observed_generation = Some(1);
    let ds = c.store_ds(ds);
    let failed_key = c.add_failed_pods("node-0", simple_daemon_set_label(), Some(&ds), 1)[0].clone();
    let failed_pod = c.api.state.pods.get(failed_key.as_str()).map(|p| (**p).clone()).unwrap_or_default();
    c.expect_sync("foo", 0, 1, 1);
    c.put_pod(failed_pod.clone());
    c.expect_sync("foo", 0, 0, 0);
    let mut ds = c.ds("foo");
    ds.spec.get_or_insert_with(Default::default).min_ready_seconds = Some(5);
    let ds = c.update_ds(ds);
    assert_eq!(ds.metadata.generation, Some(2));
    c.expect_sync("foo", 0, 0, 0);
    assert_eq!(c.status("foo").observed_generation, Some(2));
    c.expect_sync("foo", 0, 1, 1);
}
