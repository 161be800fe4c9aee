//! 简体中文.

use crate::cluster_view::why::{failure_cause, FailureCause, NearMiss, Outcome, RuleCheck, TolerationSource};
use dsplay_model::node_affinity::AffinityCheckKind;

use super::{first_few, PanelStrings};
use crate::cluster_view::why::{Holder, RolloutWhy};
use dsplay_engine::controller::daemonset::{NodeRollout, RolloutStrategy};

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
        Outcome::Running => "Pod 在此运行".into(),
        Outcome::Starting { status } => format!("Pod {status}，尚未就绪"),
        Outcome::Failing { status } => format!("Pod 异常：{status}"),
        Outcome::Pending => "Pod 处于 Pending，无法调度".into(),
        Outcome::Scheduling => "Pod 等待调度器".into(),
        Outcome::Terminating => "Pod 正在终止".into(),
        Outcome::Evicting => "Pod 将被删除".into(),
        Outcome::Kept => "Pod 被保留".into(),
        Outcome::Missing => "Pod 即将创建".into(),
        Outcome::NotEligible => "没有 Pod".into(),
    },
    outcome_summary: |outcome| match outcome {
        Outcome::Running => "DaemonSet Pod 在此节点运行且已就绪：下列规则均允许它在此运行。".into(),
        Outcome::Starting { status } => {
            format!("DaemonSet Pod 已绑定到此节点并正在启动（{status}），但尚未就绪：就绪之前它不计入可用数。")
        }
        Outcome::Failing { status } => {
            let why = match failure_cause(status) {
                (true, FailureCause::ImagePull) => "kubelet 无法拉取某个 Init 容器的镜像，并以递增的退避时间重试；Pod 的容器要等它完成后才会启动",
                (true, FailureCause::Crash) => "某个 Init 容器不断出错退出，kubelet 以递增的退避时间重启它；Pod 的容器要等它完成后才会启动",
                (false, FailureCause::ImagePull) => "kubelet 无法拉取容器镜像，并以递增的退避时间重试",
                (false, FailureCause::Crash) => "它的容器不断退出，kubelet 以递增的退避时间重启它",
                (_, FailureCause::Rejected) => "kubelet 拒绝或驱逐了它；控制器会删除失败的 Pod 并创建新的",
                (_, FailureCause::Other) => "仅靠等待，它不会变为就绪",
            };
            format!("此节点上有 DaemonSet Pod，但它处于失败状态（{status}）：{why}。下列规则均允许它在此运行；出问题的是 Pod 本身，它不计入可用数。")
        }
        Outcome::Pending => "控制器已为此节点创建 Pod，但调度器的某个过滤插件拒绝了该节点，因此无法绑定：".into(),
        Outcome::Scheduling => "控制器已为此节点创建 Pod；它尚未绑定，而下列过滤插件全部通过：调度器会在下一次尝试时绑定它。".into(),
        Outcome::Terminating => "此节点上的 Pod 正在终止；控制器会等它删除完成后再处理。".into(),
        Outcome::Evicting => "节点上有 Pod，但 shouldContinueRunning 为 false：控制器会删除它。".into(),
        Outcome::Kept => "shouldRun 为 false，因此不会在此新建 Pod；但 shouldContinueRunning 为 true，所以正在运行的 Pod 会保留。".into(),
        Outcome::Missing => "该节点应运行 Pod，但还没有：控制器会在下一次同步时创建。".into(),
        Outcome::NotEligible => "没有 Pod：该节点不应运行它。起决定作用的是这条规则（全部规则列在下面）：".into(),
    },
    verdict: |run, cont| {
        let yes = |b: bool| if b { "true（是）" } else { "false（否）" };
        format!("NodeShouldRunDaemonPod：shouldRun = {}，shouldContinueRunning = {}", yes(run), yes(cont))
    },
    deciding_rule: "起决定作用的规则",
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
            None => {
                let hint = match &taint.near_miss {
                    Some(NearMiss::RenamedKey { toleration }) => {
                        format!("。模板容忍的是 {toleration}：这是该污点在 v1.25 之前的名称，控制平面节点已不再带有它")
                    }
                    Some(NearMiss::SameKey { toleration }) => format!("。模板中的容忍度 {toleration} 写的是这个键，但值或效果不匹配"),
                    None => String::new(),
                };
                format!("未被容忍。{meaning}{hint}")
            }
            Some(matched) => {
                let by = match matched.source {
                    TolerationSource::User => format!("已被模板中的容忍度 {} 容忍", matched.toleration),
                    TolerationSource::Controller => {
                        format!("已被 DaemonSet 控制器自动添加到每个 DaemonSet Pod 的容忍度 {} 容忍", matched.toleration)
                    }
                };
                match (matched.seconds, &matched.overrides) {
                    // NodeShouldRunDaemonPod 不考虑 tolerationSeconds：被驱逐的 Pod 是否重建只取决于 shouldRun。
                    (Some(seconds), _) if matched.recreated_after_eviction => format!(
                        "{by}，但只容忍 {seconds} 秒：之后污点驱逐控制器会驱逐该 Pod。DaemonSet 控制器不考虑 tolerationSeconds，因此会在此节点上再创建一个新 Pod，{seconds} 秒后它同样被驱逐，如此反复"
                    ),
                    (Some(seconds), _) => format!(
                        "{by}，但只容忍 {seconds} 秒：之后污点驱逐控制器会驱逐该 Pod。DaemonSet 控制器虽不考虑 tolerationSeconds，但此节点上另有规则使 shouldRun 为 false，所以不会再创建新 Pod"
                    ),
                    (None, Some(written)) => {
                        format!("{by}，没有时限：它取代了模板中的 {written}，所以后者的 tolerationSeconds 不起作用")
                    }
                    (None, None) => by,
                }
            }
        }
    },
    scheduler_heading: "调度器检查的规则（默认配置的过滤插件）",
    rollout_heading: "滚动更新",
    rollout_line: rollout_line_zh_hans,
    scheduler_skipped: "控制器不会为此节点创建 Pod，因此不会询问调度器。",
    scheduler_hypothetical: "还没有 Pod。若控制器创建 Pod，它在此节点上将经过以下过滤插件：",
    scheduler_bound: "已经绑定；调度器不会再检查已绑定的 Pod。以下为在此帧重新检查的结果：",
    scheduler_pending: "尚未绑定：集群每次变化时调度器都会重试。",
    plugin_fits: "通过",
    failed_scheduling: "FailedScheduling（调度失败）",
    pods_here: "Pod",
    not_ready_because: |pod| format!("{pod} 正在运行但未就绪，不计为可用："),
    node_stopped_posting: "所在节点的 kubelet 已停止上报状态（Ready 为 Unknown），节点生命周期控制器因此把 Pod 标记为未就绪。DaemonSet 控制器会保留它：DaemonSet Pod 容忍 unreachable 污点。",
    select_hint: "选择一个节点，查看各个 DaemonSet Pod 为何在（或不在）该节点上。",
    colon: "：",
    select_node: |node| format!("解释 {node}"),
    bound_stopped: |command| format!("⚠ `{command}` 在集群稳定之前停止了："),
    bound_left: |u| format!("{}：{} 个 Pod 中已更新 {} 个，可用 {} 个：滚动更新尚未完成", u.daemonset, u.desired, u.updated, u.available),

    actions_heading: |node| format!("对 {node} 的操作"),
    actions_hint: "每个操作都会在控制台执行对应命令，并作为新的一步追加到时间线末尾。",
    cordon: "封锁（cordon）",
    uncordon: "解除封锁（uncordon）",
    drain: "腾空（drain --ignore-daemonsets）",
    label: "加标签",
    label_placeholder: "key=value（或 key-）",
    taint: "加污点",
    taint_placeholder: "key=value:NoSchedule（或 key-）",
    label_expected: "标签的格式为 key=value（key- 表示移除）；多个标签以空格分隔。",
    taint_expected: "污点的格式为 key[=value]:Effect，Effect 为 NoSchedule、PreferNoSchedule 或 NoExecute（key[:Effect]- 表示移除）。",
    actions_node_gone: "操作在时间线末尾执行，而那时该节点已不存在，因此无法对它执行操作。",
    node_down: "节点宕机",
    node_up: "节点恢复",
    delete_node: "删除节点",
    add_node: |pool| format!("向节点池 {pool} 添加节点"),

    pools_heading: "节点池",
    pools_hint: "改写编辑器中场景的 spec.nodePools 并应用。",
    example_value: |value| format!("例如 {value}"),
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
    apply_pools: "写入 nodePools 并加载",
    pools_unreadable: |error| format!("无法在此编辑场景文档：{error}"),
    pools_refused: |error| format!("未应用：{error}"),
    pools_not_written: |error| format!("未写入编辑器：{error}"),
    pools_no_scenario: "没有 kind: Scenario 的文档",
    pools_scenario_unreadable: |error| format!("Scenario 文档无法解析：{error}"),
    pools_no_spec: "Scenario 文档没有 spec 映射",
    pools_unnamed: "节点池需要一个名称",
    pools_not_a_label: |pair| format!("{pair:?} 不是 key=value 的形式"),
    pools_not_a_taint: |item| format!("{item:?} 不是 key[=value]:Effect 的形式"),
    remove_pool_named: |pool| format!("移除节点池 {pool}"),

    chart_heading: "滚动更新",
    chart_summary: |ds, desired, available, updated| format!("{ds}：期望数 {desired}，可用数 {available}，最新数 {updated}"),
    chart_label: |ds, frames| format!("{ds}：{frames} 帧中的期望数、可用数与最新数"),
    series_desired: "期望数",
    series_available: "可用数",
    series_updated: "最新数",
    marker_step: "步骤",
    marker_command: |line| format!("控制台：{line}"),
    marker_separator: "；",
    marker_update: |ds| format!("{ds}：模板变更，滚动更新开始"),
    marker_complete: |ds| format!("{ds} 滚动更新完成"),
    marker_stopped: |ds, node| format!("已停止：{ds} 不断为 {node} 创建 Pod"),
    chart_axis_pods: "Pod 数",
    chart_axis_time: "模拟时间",
    marker_batch: |ds, number, deleted, created, budget| {
        let parts: Vec<String> = [(deleted, "删除", "旧"), (created, "创建", "超出期望数的新")]
            .into_iter()
            .filter(|(n, _, _)| *n > 0)
            .map(|(n, done, what)| format!("{done} {n} 个{what} Pod"))
            .collect();
        let (limit, in_use) = if budget.surge { ("maxSurge", "超出期望数的") } else { ("maxUnavailable", "不可用的") };
        format!("{ds}：第 {number} 批，{}（{limit} 为 {}，此前{in_use}节点 {} 个）", parts.join("，"), budget.budget, budget.in_use)
    },
    marker_blocked: "受阻",
    blocked_definition: "受阻：滚动更新进行中（最新数或可用数低于期望数），且两个计数在 60 秒模拟时间内都没有变化：maxUnavailable 的额度被始终不可用的 Pod 占满。",
    keyboard_hint: "空格键播放或暂停，← 和 → 单步，Shift+← 和 Shift+→ 跳到上一个或下一个标记（编辑器与控制台之外；在时间线滑块、标记和步骤按钮上同样有效，按 Enter 跳转）。按 / 键转到控制台的输入行。",

    filter_node: "节点",
    filter_object: "对象",
    filter_all: "全部",
    events_shown: |shown, total| format!("{shown} / {total}"),
    show_older_events: "显示更早的事件",
    delete_pod: |pod| format!("删除 Pod {pod}"),
    delete_later_pod: |pod| format!("删除 Pod {pod}（时间线末尾才有）"),

    gallery_open: |n| format!("场景库（{n}）"),
    cluster_only: "只看集群",
    gallery_heading: "场景库",
    gallery_category: |category| match category {
        "basics" => "基础",
        "scheduling" => "调度",
        "updates" => "更新",
        "operations" => "运维",
        "troubleshooting" => "故障排查",
        "myths" => "误区",
        "exercises" => "练习",
        "conformance" => "一致性",
        _ => "其他",
    },
    gallery_load: "加载",
    gallery_confirm: "编辑器中有尚未应用的修改。要用此场景替换吗？（之后可在编辑器中恢复。）",
    gallery_replace: "替换",
    gallery_cancel: "取消",
    displaced_notice: "场景已替换你之前的文本和控制台操作。",
    restore_work: "恢复",
    dismiss_restore: "关闭",

    dense_heading: |nodes| format!("{nodes} 个节点（紧凑视图）"),
    dense_hint: "每个方块是一个节点；形状和颜色表示其状态。悬停或聚焦方块查看详情；按 Enter 查看解释。所有方块只占一个 Tab 位置：用方向键、Home 和 End 在方块间移动。",
    dense_ok: "所有 DaemonSet Pod 均已就绪",
    dense_ok_old: "已就绪，但仍是旧模板",
    dense_progress: "Pod 启动中、更新中或 Pending",
    dense_none: "没有 DaemonSet Pod",
    dense_bad: "节点未就绪",
    dense_cordoned: "已封锁",
};

/// 节点在 rollingUpdate 决策中的位置，用控制器自己的术语。
fn rollout_line_zh_hans(why: &RolloutWhy) -> String {
    let surge = matches!(why.strategy, RolloutStrategy::Surge { .. });
    let budget = why.budget().map(|(name, size)| format!("{name} 为 {size}")).unwrap_or_default();
    let holders = holders_zh_hans(&why.holders);
    let in_use = match surge {
        true => format!("{budget}，目前有 {} 个超出期望数的 Pod 尚不可用{holders}", why.used),
        false => format!("{budget}，目前有 {} 个节点不可用{holders}", why.used),
    };
    let mut line = match (why.verdict, surge) {
        (NodeRollout::Updated, _) => "已更新：节点上的 Pod 运行当前模板，且可用。".to_owned(),
        (NodeRollout::Starting { holds_budget: true }, false) => format!("正在替换：新 Pod 尚不可用，计入额度（{in_use}）。"),
        (NodeRollout::Starting { holds_budget: true }, true) => format!("新 Pod 正在旧 Pod 旁启动，占用额度（{in_use}）。"),
        (NodeRollout::Starting { holds_budget: false }, _) => "新 Pod 正在启动。".to_owned(),
        (NodeRollout::Replacing, false) => format!("轮到它了：控制器在额度内删除它的旧 Pod（{in_use}）。"),
        (NodeRollout::Replacing, true) => format!("轮到它了：控制器在额度内于旧 Pod 旁创建新 Pod（{in_use}）。"),
        (NodeRollout::ReplacedRegardless, _) => "不等额度即被替换：它的旧 Pod 本来就不可用。".to_owned(),
        (NodeRollout::OldPodGoes, _) => "新 Pod 已可用：控制器现在删除旧 Pod。".to_owned(),
        (NodeRollout::Waiting, _) => match why.next_in_line.as_slice() {
            [] => format!("仍是旧 Pod，正在等待：{in_use}。"),
            next => format!("仍是旧 Pod，正在等待：{in_use}；剩余额度按节点顺序先给 {}。", names_zh_hans(next)),
        },
        (NodeRollout::WaitsForDelete, _) => "OnDelete：它保留旧 Pod，直到你删除它（kubectl delete pod），随后才创建新 Pod。".to_owned(),
        (NodeRollout::NotCounted, _) => "不参与这次滚动更新。".to_owned(),
    };
    if why.manage_first && matches!(why.verdict, NodeRollout::Waiting | NodeRollout::Replacing) {
        line.push_str("控制器先完成 manage 步骤要创建或删除的 Pod；rollingUpdate 只在没有这类操作的同步中执行。");
    }
    line
}

fn names_zh_hans(nodes: &[String]) -> String {
    match first_few(nodes, String::clone, "、") {
        (shown, 0) => shown,
        (shown, more) => format!("{shown} 等另外 {more} 个节点"),
    }
}

fn holders_zh_hans(holders: &[Holder]) -> String {
    let say = |holder: &Holder| match &holder.pod {
        Some((pod, status)) => format!("{}：新 Pod {pod} {status}", holder.node),
        None => format!("{}：尚无 Pod", holder.node),
    };
    match first_few(holders, say, "；") {
        (_, _) if holders.is_empty() => String::new(),
        (named, 0) => format!("：{named}"),
        (named, more) => format!("：{named}，另有 {more} 个"),
    }
}
