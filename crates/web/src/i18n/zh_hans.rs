//! 简体中文 (Simplified Chinese). Kubernetes terms (Pod, DaemonSet, Running, taint
//! names) stay in English, as kubectl prints them.

use super::Strings;

pub(super) static STRINGS: Strings = Strings {
    language_name: "简体中文",
    language_label: "语言",
    title: "DaemonSet 演练场",
    tagline: "在浏览器中逐步模拟 Kubernetes DaemonSet 控制器与调度器。",
    skip_to_cluster: "跳到集群视图",

    manifest_heading: "场景",
    manifest_label: "场景与清单（YAML）",
    apply: "应用",
    apply_hint: "Ctrl+Enter 应用",
    reset: "恢复示例",
    applied: "已应用",
    unapplied_changes: "已编辑，未应用",
    error_line: |line| format!("第 {line} 行"),
    select_line: |line| format!("在编辑器中选中第 {line} 行"),
    lines: |n| format!("{n} 行"),

    cluster_heading: "集群",
    pool_heading: |pool, nodes| format!("节点池 {pool} · {nodes} 个节点"),
    no_nodes: "没有节点。请在场景中添加节点池。",
    no_daemonsets: "还没有 DaemonSet。",
    node_ready: "Ready",
    node_not_ready: "NotReady",
    node_unknown: "Unknown",
    node_cordoned: "SchedulingDisabled",
    node_control_plane: "control-plane",
    taints: |n| format!("{n} 个污点"),
    no_daemon_pod: "没有守护 Pod",
    pods_on_node: |n| format!("{n} 个守护 Pod"),

    phase_pending: "Pending",
    phase_running: "Running",
    phase_succeeded: "Succeeded",
    phase_failed: "Failed",
    phase_unknown: "Unknown",
    pod_ready: "就绪",
    pod_not_ready: "未就绪",
    pod_terminating: "Terminating",
    pod_unscheduled: "未调度",
    revision: |rev| format!("版本 {rev}"),
    pod_summary: |name, phase, ready, revision| format!("Pod {name}：{phase}，{ready}，{revision}"),

    status_heading: "kubectl get ds",

    timeline_heading: "时间线",
    play: "播放",
    pause: "暂停",
    step_back: "后退一步",
    step_forward: "前进一步",
    to_start: "回到第一帧",
    to_end: "跳到最后一帧",
    speed: "速度",
    scrubber: "帧",
    frame_of: |frame, total| format!("第 {frame} 帧，共 {total} 帧"),
    at_time: |time| format!("时间 {time}"),

    console_heading: "控制台",
    console_label: "命令",
    console_run: "运行",
    console_hint: "kubectl get、describe、cordon、taint、label、set image、rollout undo、delete 等；或 advance 30s、settle、node add | down | up。命令在时间线末尾执行。↑ / ↓ 调出历史命令，Tab 补全。",

    events_heading: "事件",
    no_events: "还没有事件。",
    steps_heading: "步骤",
    step_failed: "失败",
    expect_held: "✓ 符合",
};
