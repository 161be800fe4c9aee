//! English.

use crate::cluster_view::why::{failure_cause, FailureCause, NearMiss, Outcome, TolerationSource};

use super::{first_few, PanelStrings};
use crate::cluster_view::why::{Holder, RolloutWhy};
use dsplay_engine::controller::daemonset::{NodeRollout, RolloutStrategy};

pub(super) static PANELS: PanelStrings = PanelStrings {
    why_heading: |node| format!("Why / why not on {node}"),
    close: "Close",
    node_gone: "This node does not exist at this frame.",
    no_daemonsets: "No DaemonSet exists at this frame.",
    outcome_badge: |outcome| match outcome {
        Outcome::Running => "pod runs here".into(),
        Outcome::Starting { status } => format!("pod {status}, not ready yet"),
        Outcome::Failing { status } => format!("pod failing: {status}"),
        Outcome::Pending => "pod Pending, unschedulable".into(),
        Outcome::Scheduling => "pod waiting for the scheduler".into(),
        Outcome::Terminating => "pod terminating".into(),
        Outcome::Evicting => "pod being removed".into(),
        Outcome::Kept => "pod kept".into(),
        Outcome::Missing => "pod coming".into(),
        Outcome::NotEligible => "no pod".into(),
    },
    outcome_summary: |outcome| match outcome {
        Outcome::Running => "A daemon pod runs here and is Ready: every rule below lets it.".into(),
        Outcome::Starting { status } => format!(
            "A daemon pod is bound here and on its way ({status}), but not Ready yet: until it is, it does not count as available."
        ),
        Outcome::Failing { status } => {
            let why = match failure_cause(status) {
                (true, FailureCause::ImagePull) => {
                    "the kubelet cannot pull an init container's image, and retries with a growing back-off; the pod's containers wait for it"
                }
                (true, FailureCause::Crash) => {
                    "an init container keeps exiting with an error, and the kubelet restarts it with a growing back-off; the pod's containers wait for it"
                }
                (false, FailureCause::ImagePull) => "the kubelet cannot pull the container image, and retries with a growing back-off",
                (false, FailureCause::Crash) => "its container keeps exiting, and the kubelet restarts it with a growing back-off",
                (_, FailureCause::Rejected) => {
                    "the kubelet rejected or evicted it; the controller deletes the failed pod and creates a new one"
                }
                (_, FailureCause::Other) => "it will not become Ready by waiting",
            };
            format!("A daemon pod is on this node, but it is failing ({status}): {why}. Every rule below lets it be here: the pod itself is broken, and it does not count as available.")
        }
        Outcome::Pending => "The controller created a pod for this node, but a scheduler filter rejects the node, so it cannot be bound:".into(),
        Outcome::Scheduling => "The controller created a pod for this node; it is not bound yet, and every scheduler filter below passes: the scheduler binds it at its next attempt.".into(),
        Outcome::Terminating => "The pod here is terminating; the controller waits for it to go before it acts again.".into(),
        Outcome::Evicting => "A pod is here, but shouldContinueRunning is false: the controller deletes it.".into(),
        Outcome::Kept => "shouldRun is false, so no new pod would be created here, but shouldContinueRunning is true: the running pod stays.".into(),
        Outcome::Missing => "The node should run a pod and has none yet: the controller creates it at its next sync.".into(),
        Outcome::NotEligible => "No pod: the node should not run one. This rule decides it (all rules are listed below):".into(),
    },
    verdict: |run, cont| {
        let yes = |b: bool| if b { "true" } else { "false" };
        format!("NodeShouldRunDaemonPod: shouldRun = {}, shouldContinueRunning = {}", yes(run), yes(cont))
    },
    deciding_rule: "The rule that decides it",
    controller_rules: "What the DaemonSet controller checks",
    no_rules: "No nodeName, nodeSelector, required node affinity or taint: this node qualifies.",
    allows: "allows",
    blocks: "blocks",
    neutral: "no effect",
    node_name_rule: |check| {
        if check.matched {
            format!("template nodeName is {}: this node", check.template)
        } else {
            format!("template nodeName is {}: only that node runs the pod", check.template)
        }
    },
    affinity_reason: |rule| rule.check.reason.clone(),
    term_rule: |term| format!("nodeSelectorTerms[{term}] (terms are ORed; one must match)"),
    taint_reason: |taint| {
        let meaning = match taint.effect.as_str() {
            "NoSchedule" => "NoSchedule: shouldRun is false, so no new pod; a pod already here may continue running",
            "NoExecute" => "NoExecute: shouldRun and shouldContinueRunning are false, so no pod, and a running one is deleted",
            _ => "PreferNoSchedule: only a scoring preference; the controller and the scheduler's filters ignore it",
        };
        match &taint.tolerated_by {
            None if taint.effect == "PreferNoSchedule" => meaning.to_string(),
            None => {
                let hint = match &taint.near_miss {
                    Some(NearMiss::RenamedKey { toleration }) => format!(
                        ". The template tolerates {toleration}: the taint's name before v1.25, which control-plane nodes no longer carry"
                    ),
                    Some(NearMiss::SameKey { toleration }) => {
                        format!(". The template's toleration {toleration} names this key, but not this value or effect")
                    }
                    None => String::new(),
                };
                format!("not tolerated. {meaning}{hint}")
            }
            Some(matched) => {
                let by = match matched.source {
                    TolerationSource::User => "the template's toleration",
                    TolerationSource::Controller => "the toleration the DaemonSet controller adds to every daemon pod",
                };
                let by = format!("tolerated by {by} {}", matched.toleration);
                match (matched.seconds, &matched.overrides) {
                    // NodeShouldRunDaemonPod ignores tolerationSeconds: only shouldRun decides
                    // whether an evicted pod is replaced.
                    (Some(seconds), _) if matched.recreated_after_eviction => format!(
                        "{by}, but only for {seconds}s: then the taint eviction controller evicts the pod. The DaemonSet controller ignores tolerationSeconds, so it creates a new pod here, evicted {seconds}s later in turn, again and again"
                    ),
                    (Some(seconds), _) => format!(
                        "{by}, but only for {seconds}s: then the taint eviction controller evicts the pod. The DaemonSet controller ignores tolerationSeconds, but another rule here makes shouldRun false, so it creates no new pod"
                    ),
                    (None, Some(written)) => format!(
                        "{by}, for ever: it takes the place of the template's {written}, so that one's tolerationSeconds has no effect"
                    ),
                    (None, None) => by,
                }
            }
        }
    },
    scheduler_heading: "What the scheduler checks (default profile filters)",
    rollout_heading: "Rollout",
    rollout_line: rollout_line_en,
    scheduler_skipped: "The controller creates no pod for this node, so the scheduler is never asked.",
    scheduler_hypothetical: "No pod exists yet. The filters the controller's pod will meet here:",
    scheduler_bound: "Bound already; the scheduler does not look at a bound pod again. The filters, re-checked at this frame:",
    scheduler_pending: "Not bound: the scheduler retries whenever the cluster changes.",
    plugin_fits: "passes",
    failed_scheduling: "FailedScheduling",
    pods_here: "Pods",
    not_ready_because: |pod| format!("{pod} runs but is not Ready, and does not count as available: "),
    node_stopped_posting: "its node's kubelet stopped posting status (Ready Unknown), so the node lifecycle controller marked the pod not Ready. The DaemonSet keeps it: its pods tolerate the unreachable taints.",
    select_hint: "Select a node to see why each DaemonSet's pod is or is not there.",
    colon: ": ",
    select_node: |node| format!("Explain {node}"),
    bound_stopped: |command| format!("⚠ `{command}` stopped before the cluster came to rest:"),
    bound_left: |u| format!("{}: {} of {} pods updated, {} available: the rollout is not over", u.daemonset, u.updated, u.desired, u.available),

    actions_heading: |node| format!("Actions on {node}"),
    actions_hint: "Each action runs its command in the console: a new step at the end of the timeline.",
    cordon: "Cordon",
    uncordon: "Uncordon",
    drain: "Drain (--ignore-daemonsets)",
    label: "Label",
    label_placeholder: "key=value (or key-)",
    taint: "Taint",
    taint_placeholder: "key=value:NoSchedule (or key-)",
    label_expected: "A label is key=value (key- removes it); several are separated by spaces.",
    taint_expected: "A taint is key[=value]:Effect, with Effect NoSchedule, PreferNoSchedule or NoExecute (key[:Effect]- removes it).",
    actions_node_gone: "This node does not exist at the end of the timeline, where actions run: no action applies to it.",
    node_down: "Node down",
    node_up: "Node up",
    delete_node: "Delete node",
    add_node: |pool| format!("Add a node to pool {pool}"),

    pools_heading: "Node pools",
    pools_hint: "Rewrites spec.nodePools of the scenario in the editor and applies it.",
    example_value: |value| format!("e.g. {value}"),
    pool_name: "Name",
    pool_count: "Nodes",
    pool_role: "Role",
    role_worker: "worker",
    role_control_plane: "control-plane",
    pool_labels: "Labels (k=v, comma-separated)",
    pool_taints: "Taints (k=v:Effect, comma-separated)",
    pool_cpu: "CPU",
    pool_memory: "Memory",
    pool_pods: "Pods",
    add_pool: "Add pool",
    remove_pool: "Remove",
    apply_pools: "Write nodePools and load",
    pools_unreadable: |error| format!("The scenario document cannot be edited here: {error}"),
    pools_refused: |error| format!("Not applied: {error}"),
    pools_not_written: |error| format!("Not written to the editor: {error}"),
    pools_no_scenario: "no document has kind: Scenario",
    pools_scenario_unreadable: |error| format!("the Scenario document: {error}"),
    pools_no_spec: "the Scenario document has no spec mapping",
    pools_unnamed: "a pool needs a name",
    pools_not_a_label: |pair| format!("{pair:?} is not key=value"),
    pools_not_a_taint: |item| format!("{item:?} is not key[=value]:Effect"),
    remove_pool_named: |pool| format!("Remove pool {pool}"),

    chart_heading: "Rollout",
    chart_summary: |ds, desired, available, updated| format!("{ds}: desired {desired}, available {available}, up-to-date {updated}"),
    chart_label: |ds, frames| format!("{ds}: desired, available and up-to-date pods over {frames} frames"),
    series_desired: "desired",
    series_available: "available",
    series_updated: "up-to-date",
    marker_step: "step",
    marker_command: |line| format!("console: {line}"),
    marker_separator: "; ",
    marker_update: |ds| format!("{ds}: template changed, rollout starts"),
    marker_complete: |ds| format!("rollout of {ds} complete"),
    marker_stopped: |ds, node| format!("stopped: {ds} keeps making pods for {node}"),
    chart_axis_pods: "pods",
    chart_axis_time: "simulated time",
    marker_batch: |ds, number, deleted, created, budget| {
        let pods = |n: usize, what: &str| format!("{n} {what} pod{}", if n == 1 { "" } else { "s" });
        let parts: Vec<String> = [(deleted, "old", "deleted"), (created, "surge", "created")]
            .into_iter()
            .filter(|(n, _, _)| *n > 0)
            .map(|(n, what, done)| format!("{} {done}", pods(n, what)))
            .collect();
        let (limit, in_use) = if budget.surge { ("maxSurge", "surging") } else { ("maxUnavailable", "unavailable") };
        format!("{ds}: batch {number}, {} ({limit} {}, {} {in_use} before)", parts.join(", "), budget.budget, budget.in_use)
    },
    marker_blocked: "blocked",
    blocked_definition: "Blocked: a rollout is in progress (up-to-date or available below desired) and neither count has changed for 60 s of simulated time: the maxUnavailable budget is used up by pods that do not become available.",
    keyboard_hint: "Space plays or pauses, ← and → step, Shift+← and Shift+→ jump to the previous or next marker (outside the editor and the console; on the scrubber, its markers and the steps too, where Enter jumps). / goes to the console's prompt.",

    filter_node: "Node",
    filter_object: "Object",
    filter_all: "all",
    events_shown: |shown, total| format!("{shown} of {total}"),
    show_older_events: "Show older",
    delete_pod: |pod| format!("Delete pod {pod}"),
    delete_later_pod: |pod| format!("Delete pod {pod} (there at the end of the timeline)"),

    gallery_open: |n| format!("Gallery ({n})"),
    cluster_only: "Cluster only",
    gallery_heading: "Scenario gallery",
    gallery_category: |category| match category {
        "basics" => "Basics",
        "scheduling" => "Scheduling",
        "updates" => "Updates",
        "operations" => "Operations",
        "troubleshooting" => "Troubleshooting",
        "myths" => "Myths",
        "exercises" => "Exercises",
        "conformance" => "Conformance",
        _ => "Other",
    },
    gallery_load: "Load",
    gallery_confirm: "The editor has edits that are not applied. Replace them with this scenario? (The editor offers to restore them afterwards.)",
    gallery_replace: "Replace",
    gallery_cancel: "Cancel",
    displaced_notice: "The scenario replaced your previous text and console work.",
    restore_work: "Restore them",
    dismiss_restore: "Dismiss",

    dense_heading: |nodes| format!("{nodes} nodes (dense view)"),
    dense_hint: "Each square is a node; its shape and colour show its state. Hover or focus a square for details; Enter explains it. The squares are one Tab stop: the arrow keys, Home and End move between them.",
    dense_ok: "every daemon pod ready",
    dense_ok_old: "ready, on an old template",
    dense_progress: "pods starting, updating or Pending",
    dense_none: "no daemon pod",
    dense_bad: "node not ready",
    dense_cordoned: "cordoned",
};

/// The node's place in `rollingUpdate`'s decision, in the controller's terms.
fn rollout_line_en(why: &RolloutWhy) -> String {
    let surge = matches!(why.strategy, RolloutStrategy::Surge { .. });
    let budget = why.budget().map(|(name, size)| format!("{name} {size}")).unwrap_or_default();
    let holders = holders_en(&why.holders);
    let in_use = match surge {
        true => format!("{budget}: {} surge pod(s) not yet available{holders}", why.used),
        false => format!("{budget}: {} unavailable now{holders}", why.used),
    };
    let mut line = match (why.verdict, surge) {
        (NodeRollout::Updated, _) => "Updated: its pod runs the current template and is available.".to_owned(),
        (NodeRollout::Starting { holds_budget: true }, false) => {
            format!("Being replaced: its new pod is not available yet, so it counts against {in_use}.")
        }
        (NodeRollout::Starting { holds_budget: true }, true) => {
            format!("Surge pod starting beside the old one; it uses the budget, {in_use}.")
        }
        (NodeRollout::Starting { holds_budget: false }, _) => "Its new pod is starting.".to_owned(),
        (NodeRollout::Replacing, false) => format!("Next in line: the controller deletes its old pod now, within {in_use}."),
        (NodeRollout::Replacing, true) => format!("Next in line: the controller starts a new pod beside the old one, within {in_use}."),
        (NodeRollout::ReplacedRegardless, _) => {
            "Replaced without waiting for the budget: its old pod is not available anyway.".to_owned()
        }
        (NodeRollout::OldPodGoes, _) => "Its new pod is available: the controller deletes the old one now.".to_owned(),
        (NodeRollout::Waiting, _) => match why.next_in_line.as_slice() {
            [] => format!("Old and waiting: {in_use}."),
            next => format!("Old and waiting: {in_use}; the rest of the budget goes to {} first (node order).", names_en(next)),
        },
        (NodeRollout::WaitsForDelete, _) => {
            "OnDelete: it keeps its old pod until you delete it (kubectl delete pod); the new one is created then.".to_owned()
        }
        (NodeRollout::NotCounted, _) => "Not part of the rollout.".to_owned(),
    };
    if why.manage_first && matches!(why.verdict, NodeRollout::Waiting | NodeRollout::Replacing) {
        line.push_str(" First the controller creates or deletes the pods its manage step wants; rollingUpdate acts in a sync that has none.");
    }
    line
}

fn names_en(nodes: &[String]) -> String {
    match first_few(nodes, String::clone, ", ") {
        (shown, 0) => shown,
        (shown, more) => format!("{shown} and {more} more"),
    }
}

fn holders_en(holders: &[Holder]) -> String {
    let say = |holder: &Holder| match &holder.pod {
        Some((pod, status)) => format!("{}: new pod {pod} {status}", holder.node),
        None => format!("{}: no pod yet", holder.node),
    };
    match first_few(holders, say, ", ") {
        (_, _) if holders.is_empty() => String::new(),
        (named, 0) => format!(" ({named})"),
        (named, more) => format!(" ({named}, and {more} more)"),
    }
}
