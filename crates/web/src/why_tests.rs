//! The explanation (`dsplay_view::why`) checked against clusters the real engine
//! built, and told in the app's languages: here, beside the i18n tables.

use dsplay_engine::simulation::Simulation;
use dsplay_model::node_affinity::AffinityCheckKind;
use crate::i18n::Lang as PanelLang;
use dsplay_engine::controller::daemonset::{NodeRollout, RolloutStrategy};

use dsplay_engine::state::ClusterState;
use crate::cluster_view::why::*;
use dsplay_engine::scheduler::FILTER_PLUGINS;

fn settled(scenario: &str) -> ClusterState {
    let mut simulation = Simulation::load(scenario).unwrap_or_else(|error| panic!("scenario loads: {error}"));
    for step in simulation.run_steps() {
        assert_eq!(step.error, None, "step {} was rejected", step.command);
    }
    simulation.state().clone()
}

const HEAD: &str = "apiVersion: dsplay/v1\nkind: Scenario\nmetadata:\n  name: why\nspec:\n";

fn scenario(pools_and_steps: &str, template_spec: &str) -> String {
    format!(
        "{HEAD}{pools_and_steps}---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\n  namespace: default\n\
spec:\n  selector:\n    matchLabels: {{app: agent}}\n  template:\n    metadata:\n      labels: {{app: agent}}\n    spec:\n\
{template_spec}      containers:\n      - name: agent\n        image: busybox:1.36\n"
    )
}

fn why(state: &ClusterState, node: &str) -> DaemonSetWhy {
    let node_why = NodeWhy::of(state, node).unwrap_or_else(|| panic!("node {node} exists"));
    assert_eq!(node_why.daemonsets.len(), 1);
    node_why.daemonsets.into_iter().next().unwrap_or_else(|| unreachable!())
}

#[test]
fn control_plane_taint_not_tolerated_means_no_pod() {
    let state = settled(&scenario(
        "  nodePools:\n  - name: cp\n    count: 1\n    role: control-plane\n  - name: node\n    count: 1\n  steps:\n  - settle\n",
        "",
    ));
    let cp = why(&state, "cp-01");
    assert_eq!(cp.outcome, Outcome::NotEligible);
    assert!(!cp.verdict.should_run, "an untolerated NoSchedule taint");
    assert!(cp.verdict.should_continue_running, "NoSchedule evicts nothing");
    assert!(cp.pods.is_empty());
    assert_eq!(cp.scheduler, None, "no pod will be created, so the scheduler is never asked");
    let taint = cp.taints.iter().find(|t| t.taint == "node-role.kubernetes.io/control-plane:NoSchedule").expect("the role taint");
    assert_eq!(taint.tolerated_by, None);
    assert!(taint.blocks_scheduling() && !taint.evicts());
    assert_eq!(cp.first_blocking_rule(), Some(BlockingRule::Taint(taint)));

    let worker = why(&state, "node-01");
    assert_eq!(worker.outcome, Outcome::Running);
    assert_eq!(worker.pods.len(), 1);
    assert_eq!(worker.pods[0].phase, "Running");
    let scheduler = worker.scheduler.as_ref().expect("a pod is there");
    assert!(scheduler.bound && !scheduler.hypothetical);
    assert_eq!(scheduler.plugins.len(), FILTER_PLUGINS.len());
    assert!(scheduler.plugins.iter().all(|plugin| plugin.unfit.is_none()));
    assert_eq!(worker.first_blocking_rule(), None);
}

#[test]
fn cordoned_node_is_tolerated_by_the_controllers_toleration() {
    let state = settled(&scenario(
        "  nodePools:\n  - name: node\n    count: 2\n  steps:\n  - kubectl cordon node-02\n  - settle\n",
        "",
    ));
    let cordoned = why(&state, "node-02");
    assert_eq!(cordoned.outcome, Outcome::Running);
    let taint = &cordoned.taints[0];
    assert_eq!(taint.taint, "node.kubernetes.io/unschedulable:NoSchedule");
    let matched = taint.tolerated_by.as_ref().expect("tolerated");
    assert_eq!(matched.source, TolerationSource::Controller);
    assert_eq!(matched.toleration, "node.kubernetes.io/unschedulable:NoSchedule op=Exists");
    assert!(!taint.blocks_scheduling());
    let unschedulable = cordoned.scheduler.as_ref().and_then(|s| s.plugins.iter().find(|p| p.plugin == "NodeUnschedulable"));
    assert_eq!(unschedulable.map(|p| p.unfit.clone()), Some(None), "the daemon pod tolerates the cordon");
}

#[test]
fn a_users_toleration_is_named_before_the_controllers() {
    let state = settled(&scenario(
        "  nodePools:\n  - name: cp\n    count: 1\n    role: control-plane\n  steps:\n  - settle\n",
        "      tolerations:\n      - {key: node-role.kubernetes.io/control-plane, operator: Exists, effect: NoSchedule}\n",
    ));
    let cp = why(&state, "cp-01");
    assert_eq!(cp.outcome, Outcome::Running);
    let matched = cp.taints[0].tolerated_by.as_ref().expect("tolerated");
    assert_eq!(matched.source, TolerationSource::User);
    assert_eq!(matched.toleration, "node-role.kubernetes.io/control-plane:NoSchedule op=Exists");
}

#[test]
fn no_schedule_after_the_fact_keeps_the_pod_and_no_execute_removes_it() {
    let state = settled(&scenario(
        concat!(
            "  nodePools:\n  - name: node\n    count: 2\n  steps:\n  - settle\n",
            "  - kubectl taint node node-01 dedicated=infra:NoSchedule\n",
            "  - kubectl taint node node-02 dedicated=infra:NoExecute\n  - settle\n",
        ),
        "",
    ));
    let kept = why(&state, "node-01");
    assert_eq!(kept.outcome, Outcome::Kept);
    assert!(!kept.verdict.should_run && kept.verdict.should_continue_running);
    assert!(kept.taints[0].blocks_scheduling() && !kept.taints[0].evicts());

    let gone = why(&state, "node-02");
    assert_eq!(gone.outcome, Outcome::NotEligible, "the pod was deleted: {:?}", gone.pods);
    assert!(!gone.verdict.should_continue_running);
    assert!(gone.taints[0].evicts());
}

#[test]
fn node_selector_pairs_say_what_the_node_has() {
    let state = settled(&scenario(
        "  nodePools:\n  - name: ssd\n    count: 1\n    labels: {disk: ssd}\n  - name: plain\n    count: 1\n  steps:\n  - settle\n",
        "      nodeSelector: {disk: ssd}\n",
    ));
    let plain = why(&state, "plain-01");
    assert_eq!(plain.outcome, Outcome::NotEligible);
    let rule = &plain.affinity[0];
    assert_eq!((rule.check.kind, rule.check.rule.as_str(), rule.check.matched), (AffinityCheckKind::NodeSelector, "disk=ssd", false));
    assert_eq!((rule.key.as_str(), rule.node_value.as_deref()), ("disk", None));
    assert_eq!(plain.first_blocking_rule(), Some(BlockingRule::Affinity(rule)));

    let ssd = why(&state, "ssd-01");
    assert_eq!(ssd.outcome, Outcome::Running);
    assert_eq!(ssd.affinity[0].node_value.as_deref(), Some("ssd"));
    assert!(ssd.affinity[0].check.matched);
}

#[test]
fn affinity_terms_and_expressions_each_get_a_line() {
    let state = settled(&scenario(
        "  nodePools:\n  - name: gpu\n    count: 1\n    labels: {accel: nvidia}\n  steps:\n  - settle\n",
        concat!(
            "      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n",
            "            nodeSelectorTerms:\n",
            "            - matchExpressions:\n              - {key: accel, operator: In, values: [amd]}\n",
            "            - matchExpressions:\n              - {key: accel, operator: Exists}\n",
        ),
    ));
    let gpu = why(&state, "gpu-01");
    assert_eq!(gpu.outcome, Outcome::Running);
    let lines: Vec<(AffinityCheckKind, bool, Option<&str>)> =
        gpu.affinity.iter().map(|r| (r.check.kind, r.check.matched, r.node_value.as_deref())).collect();
    assert_eq!(
        lines,
        vec![
            (AffinityCheckKind::Term, false, None),
            (AffinityCheckKind::MatchExpression, false, Some("nvidia")),
            (AffinityCheckKind::Term, true, None),
            (AffinityCheckKind::MatchExpression, true, Some("nvidia")),
        ]
    );
    assert_eq!(gpu.first_blocking_rule(), None, "terms are ORed: the second term matched");
}

#[test]
fn pending_pod_carries_its_failed_scheduling_message_and_the_failing_plugin() {
    let state = settled(&scenario(
        "  nodePools:\n  - name: small\n    count: 1\n    allocatable: {cpu: 100m}\n  steps:\n  - settle\n",
        "",
    )
    .replace("        image: busybox:1.36\n", "        image: busybox:1.36\n        resources:\n          requests: {cpu: \"1\"}\n"));
    let small = why(&state, "small-01");
    assert_eq!(small.outcome, Outcome::Pending);
    let scheduler = small.scheduler.as_ref().expect("a pending pod");
    assert!(!scheduler.bound && !scheduler.hypothetical);
    let unfit: Vec<(&str, &str)> = scheduler.plugins.iter().filter_map(|p| Some((p.plugin, p.unfit.as_deref()?))).collect();
    assert_eq!(unfit, vec![("NodeResourcesFit", "Insufficient cpu")]);
    let message = scheduler.failed_scheduling.as_deref().expect("FailedScheduling recorded");
    assert!(message.contains("Insufficient cpu"), "{message}");
}

#[test]
fn template_node_name_pins_the_daemonset() {
    let state = settled(&scenario("  nodePools:\n  - name: node\n    count: 2\n  steps:\n  - settle\n", "      nodeName: node-01\n"));
    let other = why(&state, "node-02");
    assert_eq!(other.node_name, Some(NodeNameCheck { template: "node-01".into(), matched: false }));
    assert_eq!(other.outcome, Outcome::NotEligible);
    assert!(why(&state, "node-01").node_name.as_ref().is_some_and(|check| check.matched));
    assert_eq!(NodeWhy::of(&state, "node-99"), None);
}

/// Every DaemonSet's outcome on every node, frame by frame.
fn outcomes_over_time(scenario: &str) -> Vec<(String, Outcome)> {
    let mut simulation = Simulation::load(scenario).unwrap_or_else(|error| panic!("scenario loads: {error}"));
    for step in simulation.run_steps() {
        assert_eq!(step.error, None, "step {} was rejected", step.command);
    }
    let mut outcomes = Vec::new();
    for frame in simulation.frames() {
        for node in frame.state.nodes.keys() {
            for ds in NodeWhy::of(&frame.state, node).map(|why| why.daemonsets).unwrap_or_default() {
                outcomes.push((node.clone(), ds.outcome));
            }
        }
    }
    outcomes
}

#[test]
fn a_pod_that_cannot_pull_its_image_is_failing_not_running() {
    let state = settled(&scenario(
        concat!(
            "  nodePools:\n  - name: node\n    count: 2\n  steps:\n  - settle\n",
            "  - image busybox:bad pull-error\n",
            "  - kubectl set image ds/agent agent=busybox:bad\n  - advance 2m\n",
        ),
        "",
    ));
    let outcomes: Vec<Outcome> = ["node-01", "node-02"].iter().map(|node| why(&state, node).outcome).collect();
    let failing: Vec<&Outcome> = outcomes.iter().filter(|outcome| matches!(outcome, Outcome::Failing { .. })).collect();
    assert_eq!(failing.len(), 1, "maxUnavailable 1: one node has the new, broken pod: {outcomes:?}");
    let Outcome::Failing { status } = failing[0] else { unreachable!() };
    assert!(status == "ImagePullBackOff" || status == "ErrImagePull", "kubectl's STATUS: {status}");
    assert!(outcomes.contains(&Outcome::Running), "the other node keeps its old, working pod: {outcomes:?}");
    let node = if matches!(outcomes[0], Outcome::Failing { .. }) { "node-01" } else { "node-02" };
    let broken = why(&state, node);
    assert_eq!(broken.pods[0].status, *status, "the pods line says the same");
    assert!(!broken.pods[0].ready);
    assert_eq!(broken.first_blocking_rule(), None, "no rule keeps the pod off: the pod itself is broken");
}

#[test]
fn a_crash_looping_pod_is_failing_with_its_reason() {
    let state = settled(&scenario(
        "  nodePools:\n  - name: node\n    count: 1\n  steps:\n  - image busybox:1.36 crash\n  - settle\n  - advance 2m\n",
        "",
    ));
    let outcome = why(&state, "node-01").outcome;
    assert!(
        matches!(&outcome, Outcome::Failing { status } if status == "CrashLoopBackOff" || status == "Error"),
        "{outcome:?}"
    );
}

/// Between the controller's create and the scheduler's bind, a pod is unbound with
/// every filter passing: it waits for the scheduler, it is not unschedulable.
#[test]
fn an_unbound_pod_that_fits_waits_for_the_scheduler() {
    let outcomes = outcomes_over_time(&scenario("  nodePools:\n  - name: node\n    count: 2\n  steps:\n  - settle\n", ""));
    assert!(outcomes.iter().any(|(_, outcome)| *outcome == Outcome::Scheduling), "{outcomes:?}");
    assert!(!outcomes.iter().any(|(_, outcome)| *outcome == Outcome::Pending), "every filter passes on every node: {outcomes:?}");
    assert!(
        outcomes.iter().any(|(_, outcome)| matches!(outcome, Outcome::Starting { status } if status == "ContainerCreating")),
        "a bound pod whose container is being created is starting: {outcomes:?}"
    );
    assert_eq!(outcomes.last().map(|(_, outcome)| outcome), Some(&Outcome::Running));
}

#[test]
fn outcome_names_are_the_variants() {
    assert_eq!(Outcome::Failing { status: "ErrImagePull".into() }.name(), "Failing");
    assert_eq!(Outcome::Scheduling.name(), "Scheduling");
    assert_eq!(Outcome::Starting { status: "ContainerCreating".into() }.name(), "Starting");
}

#[test]
fn a_running_pod_held_back_by_its_readiness_gate_says_so() {
    let state = settled(&scenario(
        concat!(
            "  nodePools:\n  - name: node\n    count: 2\n  steps:\n  - settle\n",
            "  - kubectl patch pod @node-02 --subresource=status -p '{\"status\":{\"conditions\":[{\"type\":\"example.com/lb\",\"status\":\"True\"}]}}'\n",
            "  - settle\n",
        ),
        "      readinessGates: [{conditionType: example.com/lb}]\n",
    ));
    let gated = why(&state, "node-01");
    assert!(!gated.pods[0].ready);
    assert_eq!(
        gated.pods[0].not_ready_because,
        Some(NotReadyCause::Condition("corresponding condition of pod readiness gate \"example.com/lb\" does not exist.".into()))
    );
    let released = why(&state, "node-02");
    assert!(released.pods[0].ready);
    assert_eq!(released.pods[0].not_ready_because, None);
}

#[test]
fn a_pod_on_a_node_that_stopped_posting_status_says_so() {
    let state = settled(&scenario("  nodePools:\n  - name: node\n    count: 2\n  steps:\n  - settle\n  - node down node-02\n  - advance 2m\n", ""));
    let down = why(&state, "node-02");
    assert_eq!(down.outcome, Outcome::Kept, "the unreachable NoSchedule taint is not tolerated; its NoExecute one is");
    assert_eq!(down.pods[0].not_ready_because, Some(NotReadyCause::NodeNotReady));
}

#[test]
fn a_toleration_meant_for_an_untolerated_taint_is_pointed_out() {
    let pools = "  nodePools:\n  - name: cp\n    count: 1\n    role: control-plane\n    taints: [{key: dedicated, value: infra, effect: NoSchedule}]\n  steps:\n  - settle\n";
    let tolerations = "      tolerations:\n      - {key: node-role.kubernetes.io/master, operator: Exists, effect: NoSchedule}\n      - {key: dedicated, operator: Equal, value: db, effect: NoSchedule}\n";
    let cp = why(&settled(&scenario(pools, tolerations)), "cp-01");
    let near = |key: &str| cp.taints.iter().find(|t| t.taint.starts_with(key)).and_then(|t| t.near_miss.clone());
    assert_eq!(
        near("node-role.kubernetes.io/control-plane"),
        Some(NearMiss::RenamedKey { toleration: "node-role.kubernetes.io/master:NoSchedule op=Exists".into() })
    );
    assert_eq!(near("dedicated"), Some(NearMiss::SameKey { toleration: "dedicated=db:NoSchedule".into() }));
}

#[test]
fn a_failing_status_names_its_cause_and_whether_an_init_container_holds_the_pod() {
    assert_eq!(failure_cause("ImagePullBackOff"), (false, FailureCause::ImagePull));
    assert_eq!(failure_cause("Init:ErrImagePull"), (true, FailureCause::ImagePull));
    assert_eq!(failure_cause("Init:CrashLoopBackOff"), (true, FailureCause::Crash));
    assert_eq!(failure_cause("Init:Error"), (true, FailureCause::Crash));
    assert_eq!(failure_cause("OutOfcpu"), (false, FailureCause::Rejected));
    assert_eq!(failure_cause("Error"), (false, FailureCause::Other));
}

/// A gallery story played to its end, as the playground plays it.
fn gallery_story(file: &str) -> crate::session::Session {
    let entry = crate::gallery::GALLERY.iter().find(|entry| entry.file == file).unwrap_or_else(|| panic!("{file} is in the gallery"));
    crate::session::Session::load(entry.text).unwrap_or_else(|error| panic!("{file} loads: {error:?}"))
}

/// The daemon pods of `ds` aimed at `node` (terminating ones too), in creation order
/// of first appearance over the frames.
fn pod_names_over_time(session: &crate::session::Session, node: &str, ds: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for index in 0..session.frame_count() {
        let frame = session.frame(index).expect("a frame");
        let Some(why) = NodeWhy::of(&frame.state, node) else { continue };
        for pod in why.daemonsets.iter().filter(|d| d.name == ds).flat_map(|d| &d.pods) {
            if !names.contains(&pod.name) {
                names.push(pod.name.clone());
            }
        }
    }
    names
}

/// Upstream's NodeShouldRunDaemonPod ignores tolerationSeconds: once the taint eviction
/// controller has evicted the pod, the DaemonSet controller creates a new one on the same
/// node, and so on. The panel must say so, in both languages, in every frame that shows
/// the toleration's seconds, and the story must show it happening.
#[test]
fn toleration_seconds_story_says_the_controller_creates_a_new_pod_each_time() {
    use crate::i18n::Lang;
    let session = gallery_story("tests/scenarios/toleration-seconds-count-from-each-pod.yaml");
    let mut frames_with_seconds = 0;
    for index in 0..session.frame_count() {
        let frame = session.frame(index).expect("a frame");
        let Some(why) = NodeWhy::of(&frame.state, "node-01") else { continue };
        for ds in &why.daemonsets {
            let Some(taint) = ds.taints.iter().find(|taint| taint.taint == "maint=x:NoExecute") else { continue };
            let matched = taint.tolerated_by.as_ref().unwrap_or_else(|| panic!("frame {index}: {} tolerates maint", ds.name));
            let en = (Lang::En.panels().taint_reason)(taint);
            let zh = (Lang::ZhHans.panels().taint_reason)(taint);
            match ds.name.as_str() {
                "agent" => {
                    frames_with_seconds += 1;
                    assert_eq!((matched.source, matched.seconds), (TolerationSource::User, Some(60)), "frame {index}");
                    assert!(matched.recreated_after_eviction, "frame {index}: nothing else keeps the pod off node-01");
                    assert!(en.contains("creates a new pod here") && !en.contains("creates no new pod"), "frame {index}: {en}");
                    assert!(!en.contains("does not create"), "frame {index}: {en}");
                    assert!(zh.contains("再创建一个新 Pod") && zh.contains("如此反复"), "frame {index}: {zh}");
                    assert!(!zh.contains("不会再"), "frame {index}: {zh}");
                }
                // The blanket toleration comes first and has no seconds: the pod stays.
                _ => {
                    assert_eq!((matched.source, matched.seconds), (TolerationSource::User, None), "frame {index}");
                    assert_eq!(en, format!("tolerated by the template's toleration {}", matched.toleration));
                }
            }
        }
    }
    assert!(frames_with_seconds > 0, "the story taints node-01");
    // What the panel says is what the controller does: the evicted pod comes back on
    // node-01 again and again, while blanket keeps its pod.
    let agents = pod_names_over_time(&session, "node-01", "agent");
    assert!(agents.len() >= 3, "the first agent pod and at least two replacements: {agents:?}");
    assert_eq!(pod_names_over_time(&session, "node-01", "blanket").len(), 1);
}

/// The myth story: the template's not-ready and unreachable tolerations with 60 s are
/// replaced by the controller's, which have no seconds, so the pod stays on the silent
/// node. The panel must name the controller's toleration and say the template's seconds
/// do nothing, not that the pod is evicted.
#[test]
fn myth_toleration_seconds_story_names_the_controllers_toleration_that_replaced_the_templates() {
    use crate::i18n::Lang;
    let session = gallery_story("gallery/myth-toleration-seconds.yaml");
    let mut frames_unreachable = 0;
    for index in 0..session.frame_count() {
        let frame = session.frame(index).expect("a frame");
        let Some(why) = NodeWhy::of(&frame.state, "node-02") else { continue };
        let collector = why.daemonsets.iter().find(|ds| ds.name == "collector").expect("the collector DaemonSet");
        let Some(taint) = collector.taints.iter().find(|taint| taint.taint == "node.kubernetes.io/unreachable:NoExecute") else {
            continue;
        };
        frames_unreachable += 1;
        let matched = taint.tolerated_by.as_ref().expect("the controller's toleration");
        assert_eq!((matched.source, matched.seconds), (TolerationSource::Controller, None), "frame {index}");
        assert_eq!(matched.overrides.as_deref(), Some("node.kubernetes.io/unreachable:NoExecute op=Exists for 60s"));
        assert!(!taint.evicts(), "frame {index}");
        let en = (Lang::En.panels().taint_reason)(taint);
        let zh = (Lang::ZhHans.panels().taint_reason)(taint);
        assert!(en.contains("for ever") && en.contains("has no effect") && !en.contains("evicts"), "frame {index}: {en}");
        assert!(zh.contains("没有时限") && zh.contains("不起作用") && !zh.contains("驱逐"), "frame {index}: {zh}");
    }
    assert!(frames_unreachable > 0, "the story takes node-02 down");
    assert_eq!(pod_names_over_time(&session, "node-02", "collector").len(), 1, "the daemon pod is never evicted");
}

/// In every frame of a gallery rollout, each node's rollout line for `ds`, by node.
fn rollout_lines(file: &str, ds: &str) -> Vec<(usize, String, RolloutWhy)> {
    let session = gallery_story(file);
    let mut lines = Vec::new();
    for index in 0..session.frame_count() {
        let frame = session.frame(index).expect("a frame");
        for node in frame.state.nodes.keys() {
            for rollout in RolloutWhy::of(&frame.state, node, frame.time_ms).into_iter().filter(|r| r.daemonset == ds) {
                lines.push((index, node.clone(), rollout));
            }
        }
    }
    lines
}

/// maxUnavailable 1: a node that still runs its old pod waits, and the panel names the
/// node whose new pod holds the budget, with that pod's state; the holder is the only
/// node counted unavailable.
#[test]
fn a_waiting_node_names_the_node_that_holds_the_max_unavailable_budget() {
    let lines = rollout_lines("gallery/node-exporter-rollout.yaml", "monitoring/node-exporter");
    let waiting: Vec<&(usize, String, RolloutWhy)> = lines.iter().filter(|(_, _, r)| r.verdict == NodeRollout::Waiting).collect();
    assert!(waiting.len() > 10, "the rollout of 10 nodes keeps nodes waiting: {}", waiting.len());
    let mut named_a_holder = 0;
    for (frame, node, rollout) in waiting {
        assert_eq!(rollout.strategy, RolloutStrategy::Replace { max_unavailable: 1 });
        // Between syncs the budget is either held by a new pod not yet available, or
        // free and about to go to the next node in line.
        if rollout.used == 0 {
            assert_eq!(rollout.holders, []);
            assert_eq!(rollout.next_in_line.len(), 1, "frame {frame}, {node}");
            let en = (PanelLang::En.panels().rollout_line)(rollout);
            assert!(en.ends_with(&format!("; the rest of the budget goes to {} first (node order).", rollout.next_in_line[0])), "{en}");
            continue;
        }
        named_a_holder += 1;
        assert_eq!((rollout.used, rollout.holders.len()), (1, 1), "frame {frame}, {node}");
        let holder = &rollout.holders[0];
        assert_ne!(&holder.node, node);
        let en = (PanelLang::En.panels().rollout_line)(rollout);
        assert!(en.starts_with(&format!("Old and waiting: maxUnavailable 1: 1 unavailable now ({}: ", holder.node)), "{en}");
        let zh = (PanelLang::ZhHans.panels().rollout_line)(rollout);
        assert!(zh.contains(&format!("maxUnavailable 为 1，目前有 1 个节点不可用：{}", holder.node)), "{zh}");
        // The holder's own line says it holds the budget.
        let holder_line = lines.iter().find(|(f, n, _)| f == frame && *n == holder.node).map(|(_, _, r)| r.verdict);
        assert_eq!(holder_line, Some(NodeRollout::Starting { holds_budget: true }), "frame {frame}");
    }
    assert!(named_a_holder > 10, "most waiting frames have a holder: {named_a_holder}");
}

/// maxSurge 1: a waiting node names the node whose surge pod is not available yet.
#[test]
fn a_waiting_node_names_the_surge_pod_that_holds_the_max_surge_budget() {
    let lines = rollout_lines("gallery/zero-downtime-max-surge.yaml", "logging/filebeat");
    let waiting: Vec<&RolloutWhy> = lines.iter().map(|(_, _, r)| r).filter(|r| r.verdict == NodeRollout::Waiting).collect();
    assert!(!waiting.is_empty(), "nodes wait for the surge budget");
    for rollout in waiting.into_iter().filter(|r| r.next_in_line.is_empty()) {
        assert_eq!(rollout.strategy, RolloutStrategy::Surge { max_surge: 1 });
        assert_eq!(rollout.holders.len(), 1);
        let en = (PanelLang::En.panels().rollout_line)(rollout);
        assert!(en.starts_with("Old and waiting: maxSurge 1: 1 surge pod(s) not yet available ("), "{en}");
        assert!(en.contains(&format!("{}: new pod ", rollout.holders[0].node)), "{en}");
    }
    assert!(lines.iter().any(|(_, _, r)| r.verdict == NodeRollout::OldPodGoes), "an available surge pod lets the old one go");
}

/// OnDelete: after the template changes, a node keeps its old pod until it is deleted.
#[test]
fn on_delete_nodes_wait_for_their_pod_to_be_deleted() {
    let lines = rollout_lines("gallery/calico-on-delete-canary.yaml", "kube-system/calico-node");
    let waiting: Vec<&RolloutWhy> = lines.iter().map(|(_, _, r)| r).filter(|r| r.verdict == NodeRollout::WaitsForDelete).collect();
    assert!(!waiting.is_empty());
    let en = (PanelLang::En.panels().rollout_line)(waiting[0]);
    assert!(en.starts_with("OnDelete: it keeps its old pod until you delete it"), "{en}");
    assert!((PanelLang::ZhHans.panels().rollout_line)(waiting[0]).starts_with("OnDelete：它保留旧 Pod"));
}

#[test]
fn a_pools_error_is_told_in_both_languages() {
    use crate::cluster_view::node_pools::{write_pools, PoolDraft};
    let bad = PoolDraft { name: "x".into(), count: 1, labels: "novalue".into(), ..Default::default() };
    let error = write_pools(crate::state::EXAMPLE_SCENARIO, &[bad]).expect_err("a label needs =");
    let zh = PanelLang::ZhHans.panels().pools_reason(&error);
    assert_eq!(zh, "spec.nodePools[0].labels：\"novalue\" 不是 key=value 的形式");
    assert_eq!(PanelLang::En.panels().pools_reason(&error), "spec.nodePools[0].labels: \"novalue\" is not key=value");
}
