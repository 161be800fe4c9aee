//! 简体中文.

use crate::cluster_view::why::{Outcome, RuleCheck, TolerationSource};
use dsplay_model::node_affinity::AffinityCheckKind;

use super::PanelStrings;

fn affinity_reason(rule: &RuleCheck) -> String {
    match (rule.check.kind, &rule.node_value) {
        (AffinityCheckKind::Term, _) if rule.check.matched => "该条件的每一项都匹配".to_string(),
        (AffinityCheckKind::Term, _) => "该条件中有不匹配的项".to_string(),
        (AffinityCheckKind::MatchField, Some(name)) => format!("节点名为 {name}"),
        (_, Some(value)) => format!("节点的 {} 为 {value}", rule.key),
        (_, None) => format!("节点没有标签 {}", rule.key),
    }
}

pub(super) static PANELS: PanelStrings = PanelStrings {
    why_heading: |node| format!("{node} 上为什么有 / 没有 Pod"),
    close: "关闭",
    node_gone: "此帧中不存在该节点。",
    no_daemonsets: "此帧中没有 DaemonSet。",
    outcome_badge: |outcome| match outcome {
        Outcome::Running => "Pod 在此运行",
        Outcome::Pending => "Pod 处于 Pending",
        Outcome::Terminating => "Pod 正在终止",
        Outcome::Evicting => "Pod 将被删除",
        Outcome::Kept => "Pod 被保留",
        Outcome::Missing => "Pod 即将创建",
        Outcome::NotEligible => "没有 Pod",
    },
    outcome_summary: |outcome| match outcome {
        Outcome::Running => "守护进程 Pod 在此节点运行：下面的每条规则都允许它。",
        Outcome::Pending => "控制器已为此节点创建 Pod，但调度器无法绑定它（见调度器的结论）。",
        Outcome::Terminating => "此节点上的 Pod 正在终止；控制器会等它消失后再行动。",
        Outcome::Evicting => "节点上有 Pod，但 shouldContinueRunning 为 false：控制器会删除它。",
        Outcome::Kept => "shouldRun 为 false，因此不会在此新建 Pod；但 shouldContinueRunning 为 true：正在运行的 Pod 保留。",
        Outcome::Missing => "该节点应运行 Pod 但还没有：控制器会在下一次同步时创建。",
        Outcome::NotEligible => "没有 Pod：该节点不应运行它。下面标记 ✗ 的规则决定了这一点。",
    },
    verdict: |run, cont| {
        let yes = |b: bool| if b { "true（是）" } else { "false（否）" };
        format!("NodeShouldRunDaemonPod：shouldRun = {}，shouldContinueRunning = {}", yes(run), yes(cont))
    },
    controller_rules: "DaemonSet 控制器检查的规则",
    no_rules: "没有 nodeName、nodeSelector、必需的节点亲和性或污点：该节点符合条件。",
    allows: "允许",
    blocks: "阻止",
    neutral: "无影响",
    node_name_rule: |check| {
        if check.matched {
            format!("模板的 nodeName 为 {}：就是此节点", check.template)
        } else {
            format!("模板的 nodeName 为 {}：只有该节点运行此 Pod", check.template)
        }
    },
    affinity_reason,
    term_rule: |term| format!("nodeSelectorTerms[{term}]（各条件之间为“或”，满足其一即可）"),
    taint_reason: |taint| {
        let meaning = match taint.effect.as_str() {
            "NoSchedule" => "NoSchedule：shouldRun 为 false，不会新建 Pod；已在此运行的 Pod 可以继续运行",
            "NoExecute" => "NoExecute：shouldRun 与 shouldContinueRunning 均为 false，不会有 Pod，正在运行的也会被删除",
            _ => "PreferNoSchedule：只是打分偏好；控制器和调度器的过滤插件都忽略它",
        };
        match &taint.tolerated_by {
            None if taint.effect == "PreferNoSchedule" => meaning.to_string(),
            None => format!("未被容忍。{meaning}"),
            Some(matched) => {
                let by = match matched.source {
                    TolerationSource::User => "模板中的容忍",
                    TolerationSource::Controller => "DaemonSet 控制器为每个守护进程 Pod 添加的容忍",
                };
                match matched.seconds {
                    Some(seconds) => format!(
                        "被{by} {} 容忍，但只有 {seconds} 秒：之后污点管理器会驱逐该 Pod，控制器也不会再新建",
                        matched.toleration
                    ),
                    None => format!("被{by} {} 容忍", matched.toleration),
                }
            }
        }
    },
    scheduler_heading: "调度器检查的规则（默认配置的过滤插件）",
    scheduler_skipped: "控制器不会为此节点创建 Pod，因此不会询问调度器。",
    scheduler_hypothetical: "还没有 Pod。控制器创建的 Pod 在此将经过的过滤插件：",
    scheduler_bound: "已经绑定；调度器不会再检查已绑定的 Pod。以下为在此帧重新检查的结果：",
    scheduler_pending: "尚未绑定：集群每次变化时调度器都会重试。",
    plugin_fits: "通过",
    failed_scheduling: "FailedScheduling（调度失败）",
    pods_here: "Pod",
    select_hint: "选择一个节点（点击其卡片，或聚焦节点名后按 Enter），查看每个 DaemonSet 的 Pod 为什么在或不在那里。",
    select_node: |node| format!("解释 {node}"),

    actions_heading: |node| format!("对 {node} 的操作"),
    actions_hint: "每个操作都会在控制台中执行对应命令：时间线末尾的新一步。",
    cordon: "封锁（cordon）",
    uncordon: "解除封锁（uncordon）",
    drain: "排空（drain --ignore-daemonsets）",
    label: "加标签",
    label_placeholder: "key=value（或 key-）",
    taint: "加污点",
    taint_placeholder: "key=value:NoSchedule（或 key-）",
    node_down: "节点宕机",
    node_up: "节点恢复",
    delete_node: "删除节点",
    add_node: |pool| format!("向节点池 {pool} 添加节点"),

    pools_heading: "节点池",
    pools_hint: "改写编辑器中场景的 spec.nodePools 并应用。",
    pool_name: "名称",
    pool_count: "节点数",
    pool_role: "角色",
    role_worker: "工作节点（worker）",
    role_control_plane: "控制平面（control-plane）",
    pool_labels: "标签（k=v，逗号分隔）",
    pool_taints: "污点（k=v:Effect，逗号分隔）",
    pool_cpu: "CPU",
    pool_memory: "内存",
    pool_pods: "Pod 数",
    add_pool: "添加节点池",
    remove_pool: "移除",
    apply_pools: "写入 nodePools 并载入",
    pools_unreadable: |error| format!("无法在此编辑场景文档：{error}"),

    chart_heading: "滚动更新",
    chart_label: |ds, frames| format!("{ds}：{frames} 帧中期望、可用与最新的 Pod 数"),
    series_desired: "期望",
    series_available: "可用",
    series_updated: "最新",
    marker_step: "步骤",
    marker_update: |ds| format!("{ds}：模板变更，滚动更新开始"),
    marker_complete: |ds| format!("{ds} 滚动更新完成"),
    marker_batch: |ds, number, deleted, created| {
        let parts: Vec<String> = [(deleted, "删除", "旧"), (created, "创建", "新（surge）")]
            .into_iter()
            .filter(|(n, _, _)| *n > 0)
            .map(|(n, done, what)| format!("{done} {n} 个{what} Pod"))
            .collect();
        format!("{ds}：第 {number} 批，{}", parts.join("，"))
    },
    marker_blocked: "受阻",
    blocked_definition: "受阻：滚动更新进行中（最新或可用数低于期望数），且两个计数在 60 秒模拟时间内都没有变化：maxUnavailable 的额度被始终不可用的 Pod 占满。",
    keyboard_hint: "空格键播放或暂停，← 和 → 单步，Shift+← 和 Shift+→ 跳到上一个或下一个标记（编辑器与控制台之外）。",

    filter_node: "节点",
    filter_object: "对象",
    filter_all: "全部",
    events_shown: |shown, total| format!("{shown} / {total}"),

    gallery_open: "场景库",
    gallery_heading: "场景库",
    gallery_category: |category| match category {
        "basics" => "基础",
        "scheduling" => "调度",
        "updates" => "更新",
        "operations" => "运维",
        "troubleshooting" => "故障排查",
        "myths" => "误区",
        "conformance" => "一致性",
        _ => "其他",
    },
    gallery_load: "载入",
    gallery_confirm: "编辑器中有尚未应用的修改。要用此场景替换吗？（你的文本仍可在此恢复。）",
    gallery_replace: "替换",
    gallery_cancel: "取消",
    gallery_restore: "恢复我之前的文本",

    dense_heading: |nodes| format!("{nodes} 个节点（紧凑视图）"),
    dense_hint: "每个方块是一个节点；形状和颜色表示其状态。悬停或聚焦方块查看详情；按 Enter 查看解释。",
    dense_ok: "所有守护进程 Pod 就绪",
    dense_progress: "Pod 启动中、更新中或 Pending",
    dense_none: "没有守护进程 Pod",
    dense_bad: "节点未就绪",
    dense_cordoned: "已封锁",
};
