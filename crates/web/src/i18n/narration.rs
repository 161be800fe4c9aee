//! The line under the scrubber that says what made the frame. The engine writes it in
//! English; in another language it is told again from the action that made the frame
//! (every action has its sentence: a new one is a compile error here), and commands,
//! which the user typed, stay as typed.

use std::borrow::Cow;

use dsplay_engine::agenda::Action;
use dsplay_engine::simulation::{Frame, STILL_CHANGING};

use super::Lang;

pub fn narrate(frame: &Frame, lang: Lang) -> Cow<'_, str> {
    match lang {
        Lang::En => Cow::Borrowed(&frame.cause),
        Lang::ZhHans => match &frame.action {
            Some(action) => Cow::Owned(zh_hans(action)),
            None => zh_hans_of_cause(&frame.cause),
        },
    }
}

fn zh_hans(action: &Action) -> String {
    match action {
        Action::SyncDaemonSet(k) => format!("daemonset-controller 同步 {k}"),
        Action::RequeueDaemonSet(k) => format!("daemonset-controller 重新排队 {k}"),
        Action::RetryDaemonSet(k) => format!("daemonset-controller 在同步失败后重试 {k}"),
        Action::Schedule(k) => format!("default-scheduler 调度 Pod {k}"),
        Action::UnschedulableTimeout { pod, .. } => format!("default-scheduler 重试已无法调度 5 分钟的 Pod {pod}"),
        Action::AdmitPod(k) => format!("kubelet 准入 Pod {k}"),
        Action::StartContainers(k) => format!("kubelet 启动 {k} 的容器"),
        Action::MarkReady(k) => format!("kubelet 运行 {k} 的就绪探针"),
        Action::ProbeReadiness(k) => format!("kubelet 再次探测 {k} 的就绪状态"),
        Action::RefreshPodReadiness(k) => format!("kubelet 发现 {k} 的就绪门控条件有变化"),
        Action::RestartExitedContainer(k) => format!("kubelet 重启 {k} 已退出的容器"),
        Action::RestartContainer(k) => format!("kubelet 重启 {k} 崩溃的容器"),
        Action::RetryImagePull(k) => format!("kubelet 重试拉取 {k} 的镜像"),
        Action::SyncPullBackOff { pod, .. } => format!("kubelet 发现 {pod} 的镜像拉取处于退避中"),
        Action::SyncCrashBackOff { pod, .. } => format!("kubelet 发现 {pod} 崩溃的容器处于重启退避中"),
        Action::KillContainers(k) => format!("kubelet 停止 {k} 的容器"),
        Action::FinishTermination(k) => format!("Pod {k} 已终止"),
        Action::SyncNodeStatus(n) => format!("{n} 上的 kubelet 同步节点状态"),
        Action::MonitorNode(n) => format!("node-lifecycle-controller 检查节点 {n}"),
        Action::NoExecuteTaintingPass => "node-lifecycle-controller 给不健康的节点加 NoExecute 污点".to_string(),
        Action::NoticeNodeTaints(n) => format!("taint-eviction-controller 发现节点 {n} 的 NoExecute 污点有变化"),
        Action::NoticePodTolerations(k) => format!("taint-eviction-controller 检查 Pod {k}"),
        Action::TaintEvictionDue(k) => format!("taint-eviction-controller：Pod {k} 的容忍时间已到"),
        Action::CollectOrphanedPods(n) => format!("pod-garbage-collector 回收已删除节点 {n} 上的 Pod"),
        Action::ClassifyNodes => "node-controller 将节点与已知节点比对".to_owned(),
        Action::CollectTerminatingPods => "pod-garbage-collector 强制删除停止服务（out-of-service）节点上正在终止的 Pod".to_owned(),
        Action::CollectGarbage { owner_uid, .. } => format!("garbage-collector 删除属主 {owner_uid} 遗留的对象"),
    }
}

pub(super) const STILL_CHANGING_ZH_HANS: &str = "（已跟随集群运行一小时模拟时间，它仍在变化）";

/// Frames not made by an action: the scenario loading, the clock moving, commands.
pub(super) fn zh_hans_of_cause(cause: &str) -> Cow<'_, str> {
    if cause == "scenario loaded" {
        Cow::Borrowed("场景已载入")
    } else if let Some(time) = cause.strip_prefix("advanced to ") {
        Cow::Owned(format!("时钟推进到 {time}"))
    } else if let Some(time) = cause.strip_prefix("settled at ") {
        Cow::Owned(format!("在 {time} 趋于稳定"))
    } else if let Some(rest) = cause.strip_prefix("stopped at ") {
        let time = rest.split(':').next().unwrap_or(rest);
        Cow::Owned(format!("在 {time} 停止：已过去一小时模拟时间，集群仍在变化"))
    } else if cause == STILL_CHANGING {
        Cow::Borrowed(STILL_CHANGING_ZH_HANS)
    } else {
        Cow::Borrowed(cause)
    }
}

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
            assert_eq!(narrate(&frame, Lang::En), frame.cause);
            match &frame.action {
                Some(_) => {
                    seen_action = true;
                    assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{zh}");
                }
                None if frame.cause.starts_with("kubectl") => assert_eq!(zh, frame.cause),
                None => {}
            }
        }
        assert!(seen_action);
    }
}
