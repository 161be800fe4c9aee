//! English.

use super::Strings;

pub(super) static STRINGS: Strings = Strings {
    language_name: "English",
    language_label: "Language",
    title: "DaemonSet Playground",
    tagline: "A Kubernetes DaemonSet controller and scheduler, simulated step by step in your browser.",
    skip_to_cluster: "Skip to the cluster",

    manifest_heading: "Scenario",
    manifest_label: "Scenario and manifests (YAML)",
    apply: "Apply",
    apply_hint: "Ctrl+Enter applies",
    reset: "Reset scenario",
    reset_hint: |target| format!("Load {target} again, as shipped; your text and console commands can be brought back"),
    the_example: "the example",
    applied: "Applied",
    unapplied_changes: "Edited, not applied",
    apply_refused: "Not applied: see the error below",
    error_line: |line| format!("Line {line}"),
    select_line: |line| format!("Select line {line} in the editor"),
    lines: |n| if n == 1 { "1 line".to_string() } else { format!("{n} lines") },

    cluster_heading: "Cluster",
    pool_heading: |pool, nodes| {
        if nodes == 1 {
            format!("Pool {pool} · 1 node")
        } else {
            format!("Pool {pool} · {nodes} nodes")
        }
    },
    no_nodes: "No nodes. Add a node pool to the scenario.",
    no_daemonsets: "No DaemonSets yet.",
    node_ready: "Ready",
    node_not_ready: "NotReady",
    node_unknown: "NotReady (Unknown)",
    node_cordoned: "SchedulingDisabled",
    node_control_plane: "control-plane",
    taints: |n| if n == 1 { "1 taint".to_string() } else { format!("{n} taints") },
    labels: |n| if n == 1 { "1 label".to_string() } else { format!("{n} labels") },
    usage_heading: "Requested of allocatable",
    usage_cpu: "CPU",
    usage_memory: "Memory",
    usage_pods: "Pods",
    no_daemon_pod: "no daemon pod",
    pods_on_node: |n| if n == 1 { "1 daemon pod".to_string() } else { format!("{n} daemon pods") },
    other_pods: "Other pods",

    phase_pending: "Pending",
    phase_running: "Running",
    phase_succeeded: "Succeeded",
    phase_failed: "Failed",
    phase_unknown: "Unknown",
    pod_ready: "ready",
    pod_not_ready: "not ready",
    pod_terminating: "Terminating",
    pod_unscheduled: "not scheduled",
    revision: |rev| format!("revision {rev}"),
    pod_old: "old",
    comma: ", ",
    template_current: "current template",
    template_old: "old template",
    pod_summary: |name, phase, ready, revision| format!("Pod {name}: {phase}, {ready}, {revision}"),

    status_heading: "kubectl get ds -A",

    timeline_heading: "Timeline",
    play: "Play",
    pause: "Pause",
    step_back: "Step back",
    step_forward: "Step forward",
    to_start: "Go to the first frame",
    to_end: "Go to the last frame",
    speed: "Speed",
    scrubber: "Frame",
    frame_of: |frame, total| format!("Frame {frame} of {total}"),
    playing_now: "Playing",
    paused_now: "Paused",
    at_time: |time| format!("at {time}"),

    console_heading: "Console",
    console_label: "Command",
    console_run: "Run",
    console_hint: "kubectl get, describe, cordon, taint, label, set image, rollout undo | restart, patch, delete …; or advance 30s, settle, node add | down | up. Runs at the end of the timeline. ↑ / ↓ recall commands, Tab completes; Shift+Tab, or Tab on an empty line, moves on.",
    console_output: "Console output, scrollable",
    expectation_failed: |field, expected, actual| format!("{field}: expected {expected}, got {actual}"),
    console_hidden: |n| if n == 1 { "1 earlier command not shown".into() } else { format!("{n} earlier commands not shown") },
    step_output: |n| format!("Output of step {n}"),
    console_command_output: "Output of the last console command",
    step_output_later: "What the scenario's steps print appears here as playback reaches them.",

    events_heading: "Events",
    events_table: "Event list, scrollable",
    no_events: "No events yet.",
    steps_heading: "Steps",
    step_failed: "failed",
    expect_held: "✓ held",

    crashed: "The playground stopped on an internal error, a bug on our side.",
    crash_work_saved: "Your scenario text is saved: reload the page to go on where you were.",
    reload: "Reload",
};
