//! The line under the scrubber that says what made the frame, from the frame's cause as
//! a value: English is the engine's `Display`; Chinese is told here from the same value
//! (every action and clock reading has its sentence: a new one is a compile error here),
//! and commands, which the user typed, stay as typed.

use std::borrow::Cow;

use dsplay_engine::agenda::Action;
use dsplay_engine::clock::clock_reading;
use dsplay_engine::simulation::{Frame, FrameCause};

use super::Lang;

pub fn narrate(frame: &Frame, lang: Lang) -> Cow<'_, str> {
    cause_text(&frame.cause, lang)
}

/// A frame's cause, or a clock command's reading, in `lang`.
pub fn cause_text(cause: &FrameCause, lang: Lang) -> Cow<'_, str> {
    match (lang, cause) {
        (_, FrameCause::Command(text)) => Cow::Borrowed(text),
        (Lang::En, cause) => Cow::Owned(cause.to_string()),
        (Lang::ZhHans, FrameCause::Loaded) => Cow::Borrowed("场景已加载"),
        (Lang::ZhHans, FrameCause::Action(action)) => Cow::Owned(zh_hans(action)),
        (Lang::ZhHans, FrameCause::Advanced { ms }) => Cow::Owned(format!("时钟推进到 {}", clock_reading(*ms))),
        (Lang::ZhHans, FrameCause::Settled { ms }) => Cow::Owned(format!("于 {} 达到稳定（集群不再变化）", clock_reading(*ms))),
        (Lang::ZhHans, FrameCause::Stopped { ms, hour_passed: true }) => {
            Cow::Owned(format!("于 {} 停止：已模拟运行一小时，集群仍在变化", clock_reading(*ms)))
        }
        (Lang::ZhHans, FrameCause::Stopped { ms, hour_passed: false }) => Cow::Owned(format!("于 {} 停止", clock_reading(*ms))),
        (Lang::ZhHans, FrameCause::StillChanging) => Cow::Borrowed(STILL_CHANGING_ZH_HANS),
        (Lang::ZhHans, FrameCause::Churned(churn)) => Cow::Owned(super::console_text::churned_zh_hans(churn)),
        (Lang::ZhHans, FrameCause::Interrupted { ms }) => Cow::Owned(format!("于 {} 停止：你停止了模拟", clock_reading(*ms))),
    }
}

// Each component by its Chinese name, with the ID its events carry in parentheses, so
// the narration can be matched with the event list and still says what the ID is.
const DAEMONSET_CONTROLLER: &str = "DaemonSet 控制器（daemonset-controller）";
const SCHEDULER: &str = "调度器（default-scheduler）";
const NODE_LIFECYCLE_CONTROLLER: &str = "节点生命周期控制器（node-lifecycle-controller）";
const TAINT_EVICTION_CONTROLLER: &str = "污点驱逐控制器（taint-eviction-controller）";
const POD_GARBAGE_COLLECTOR: &str = "Pod 垃圾收集器（pod-garbage-collector）";
const NODE_CONTROLLER: &str = "节点控制器（node-controller）";
const GARBAGE_COLLECTOR: &str = "垃圾收集器（garbage-collector）";

fn zh_hans(action: &Action) -> String {
    match action {
        Action::SyncDaemonSet(k) => format!("{DAEMONSET_CONTROLLER}同步 {k}"),
        Action::RequeueDaemonSet(k) => format!("{DAEMONSET_CONTROLLER}将 {k} 重新排队"),
        Action::RetryDaemonSet(k) => format!("{DAEMONSET_CONTROLLER}在同步失败后重试 {k}"),
        Action::Schedule(k) => format!("{SCHEDULER}调度 Pod {k}"),
        Action::UnschedulableTimeout { pod, .. } => format!("{SCHEDULER}重试已 5 分钟无法调度的 Pod {pod}"),
        Action::AdmitPod(k) => format!("kubelet 对 Pod {k} 执行准入检查"),
        Action::StartContainers(k) => format!("kubelet 启动 {k} 的容器"),
        Action::MarkReady(k) => format!("kubelet 运行 {k} 的就绪探针"),
        Action::ProbeReadiness(k) => format!("kubelet 再次探测 {k} 是否就绪"),
        Action::RefreshPodReadiness(k) => format!("kubelet 发现 {k} 的就绪态门控有变化"),
        Action::RestartExitedContainer(k) => format!("kubelet 重启 {k} 已退出的容器"),
        Action::RestartContainer(k) => format!("kubelet 重启 {k} 崩溃的容器"),
        Action::RetryImagePull(k) => format!("kubelet 重试拉取 {k} 的镜像"),
        Action::SyncPullBackOff { pod, .. } => format!("kubelet 发现 {pod} 的镜像拉取处于退避中"),
        Action::SyncCrashBackOff { pod, .. } => format!("kubelet 发现 {pod} 崩溃的容器处于重启退避中"),
        Action::KillContainers(k) => format!("kubelet 停止 {k} 的容器"),
        Action::FinishTermination(k) => format!("Pod {k} 已终止"),
        Action::SyncNodeStatus(n) => format!("{n} 上的 kubelet 同步节点状态"),
        Action::MonitorNode(n) => format!("{NODE_LIFECYCLE_CONTROLLER}检查节点 {n}"),
        Action::NoExecuteTaintingPass => format!("{NODE_LIFECYCLE_CONTROLLER}给不健康的节点加上 NoExecute 污点"),
        Action::NoticeNodeTaints(n) => format!("{TAINT_EVICTION_CONTROLLER}发现节点 {n} 的 NoExecute 污点有变化"),
        Action::NoticePodTolerations(k) => format!("{TAINT_EVICTION_CONTROLLER}检查 Pod {k} 的容忍度"),
        Action::TaintEvictionDue(k) => format!("{TAINT_EVICTION_CONTROLLER}：Pod {k} 的容忍度时限（tolerationSeconds）已到"),
        Action::CollectOrphanedPods(n) => format!("{POD_GARBAGE_COLLECTOR}清理已删除节点 {n} 上的 Pod"),
        Action::ClassifyNodes => format!("{NODE_CONTROLLER}将当前节点与其已知的节点列表比对"),
        Action::CollectTerminatingPods => {
            format!("{POD_GARBAGE_COLLECTOR}强制删除停止服务（out-of-service）节点上正在终止的 Pod")
        }
        Action::CollectGarbage { owner_uid, .. } => format!("{GARBAGE_COLLECTOR}删除属主 {owner_uid} 的附属对象"),
    }
}

pub(super) const STILL_CHANGING_ZH_HANS: &str = "（已模拟运行一小时，集群仍在变化）";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_narration_comes_from_the_action_and_commands_stay_as_typed() {
        let session = crate::session::Session::load(crate::state::EXAMPLE_SCENARIO).expect("the example loads");
        let mut seen_action = false;
        for index in 0..session.frame_count() {
            let frame = session.frame(index).expect("a frame");
            let zh = narrate(&frame, Lang::ZhHans);
            assert_eq!(narrate(&frame, Lang::En), frame.cause.to_string());
            match &frame.cause {
                FrameCause::Command(text) => assert_eq!(zh, text.as_str()),
                FrameCause::Action(_) => {
                    seen_action = true;
                    assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{zh}");
                }
                _ => assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{zh}"),
            }
        }
        assert!(seen_action);
    }
}
