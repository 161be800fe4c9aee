//! The console in the page's language. kubectl's own answers stay as kubectl prints
//! them (English, as on a real terminal); the playground's own words, the simulation
//! commands' answers and its remarks after kubectl's answer, are told again in Chinese
//! from the command and the note, not translated from the English text.

use std::borrow::Cow;

use dsplay_engine::kubectl::command::{Command, ImageBehaviour};
use dsplay_engine::simulation::{Churn, PlaygroundNote, StepOutcome, CHURN_LIMIT, STILL_CHANGING};

use super::narration::{cause_text, STILL_CHANGING_ZH_HANS};
use super::refusal_text;
use super::Lang;

/// What a command printed, split in kubectl's answer (see [`answer`]) and the
/// playground's remark after it (`# ...`), each in `lang`.
pub fn answer_and_note(outcome: &StepOutcome, lang: Lang) -> (Cow<'_, str>, Option<String>) {
    let note = outcome.printed().note.map(|english| match &outcome.note {
        Some(note) => self::note(note, lang),
        None => english.to_owned(),
    });
    (answer(outcome, lang), note)
}

/// What a command answered, in `lang`: `Borrowed` when it is kubectl's (or English).
pub fn answer(outcome: &StepOutcome, lang: Lang) -> Cow<'_, str> {
    let printed = outcome.printed();
    if lang == Lang::En || outcome.error.is_some() {
        return Cow::Borrowed(printed.answer);
    }
    match &outcome.parsed {
        // The clock's reading said from its value; a churn's note after it is said apart.
        Some(Command::Advance { .. } | Command::Settle) => match &outcome.reading {
            Some(reading) => Cow::Owned(cause_text(reading, lang).into_owned()),
            None => Cow::Borrowed(printed.answer),
        },
        Some(Command::NodeAdd { name, .. }) => Cow::Owned(format!("node/{name} 已加入集群")),
        Some(Command::NodeDown(name)) => Cow::Owned(format!("node/{name}：kubelet 停止上报状态")),
        Some(Command::NodeUp(name)) => Cow::Owned(format!("node/{name}：kubelet 恢复上报就绪状态")),
        Some(Command::Image { reference, behaviour }) => Cow::Owned(format!("镜像 {reference}：{}", image_behaviour(*behaviour))),
        Some(Command::Kubectl(_)) => match printed.before_still_changing {
            // The playground's line after kubectl's answer, when the cluster did not settle.
            Some(answer) => Cow::Owned(format!("{answer}{STILL_CHANGING_ZH_HANS}")),
            None => Cow::Borrowed(printed.answer),
        },
        None => Cow::Borrowed(printed.answer),
    }
}

fn image_behaviour(behaviour: ImageBehaviour) -> &'static str {
    match behaviour {
        ImageBehaviour::Crash => "容器启动后即崩溃（CrashLoopBackOff）",
        ImageBehaviour::Complete => "容器启动后即以退出码 0 结束（Completed），随后被重启（CrashLoopBackOff）",
        ImageBehaviour::OomKilled => "容器启动后即因内存不足被终止（OOMKilled），随后被重启（CrashLoopBackOff）",
        ImageBehaviour::Unready => "容器运行，但就绪探针一直失败",
        ImageBehaviour::PullError => "镜像拉取失败（ImagePullBackOff）",
        ImageBehaviour::Ok => "容器正常运行并就绪",
    }
}

/// The error a refused command printed, in `lang`: `Borrowed` when it is kubectl's or
/// the API server's (English, as on a real terminal), or English was asked for.
pub fn error<'a>(outcome: &StepOutcome, printed: &'a str, lang: Lang) -> Cow<'a, str> {
    match (&outcome.refusal, lang) {
        (Some(refusal), Lang::ZhHans) => Cow::Owned(refusal_text::refusal(refusal, lang)),
        _ => Cow::Borrowed(printed),
    }
}

/// What the playground says when the cluster was followed for an hour and still changes.
pub fn still_changing(lang: Lang) -> &'static str {
    match lang {
        Lang::En => STILL_CHANGING,
        Lang::ZhHans => STILL_CHANGING_ZH_HANS,
    }
}

/// The playground's remark after kubectl's answer, in `lang`.
pub fn note(note: &PlaygroundNote, lang: Lang) -> String {
    match (lang, note) {
        (Lang::En, _) => note.to_string(),
        (Lang::ZhHans, PlaygroundNote::FoundElsewhere { kind, name, namespace }) => format!(
            "# 演练场在名字空间 \"{namespace}\" 中找到了 {kind} \"{name}\"；不加 -n {namespace} 时，kubectl 只在 \"default\" 中查找"
        ),
        (Lang::ZhHans, PlaygroundNote::ListedElsewhere { plural, namespaces }) => {
            let listed = namespaces.iter().map(|ns| format!("\"{ns}\"")).collect::<Vec<_>>().join("、");
            let first = namespaces.first().map(String::as_str).unwrap_or("default");
            format!("# 演练场中的 {plural} 在名字空间 {listed} 里：用 kubectl get {plural} -n {first} 查看，或用 -A 查看全部")
        }
        (Lang::ZhHans, PlaygroundNote::Churned(churn)) => churned_zh_hans(churn),
        (Lang::ZhHans, PlaygroundNote::StillWaitingForDeletion { pod }) => format!(
            "# kubectl 此时仍在等待 Pod {pod} 被删除：没有 kubelet 确认这次删除（它所在的节点宕机了吗？），所以它一直处于 Terminating。演练场先把控制台交还给你。"
        ),
    }
}

/// The note of a command stopped by a churn, in 简体中文.
pub(super) fn churned_zh_hans(churn: &Churn) -> String {
    let Churn { daemonset, node, created, fate } = churn;
    let fate = fate.as_ref().map(|fate| format!("，每个都以 {fate} 结束并被下一个取代")).unwrap_or_default();
    format!(
        "# 演练场在此停止：在这条命令中，DaemonSet {daemonset} 为节点 {node} 创建了 {created} 个 Pod{fate}；集群会一直这样下去（一条命令中达到 {CHURN_LIMIT} 个时演练场即停止）"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsplay_engine::kubectl::command::parse_command;
    use dsplay_engine::simulation::FrameCause;

    fn outcome(command: &str, output: &str) -> StepOutcome {
        StepOutcome { command: command.into(), parsed: parse_command(command).ok(), output: output.into(), ..Default::default() }
    }

    #[test]
    fn the_playground_speaks_chinese_and_kubectl_stays_kubectl() {
        let down = outcome("node down node-02", "node/node-02: kubelet stopped posting status");
        assert_eq!(answer(&down, Lang::ZhHans), "node/node-02：kubelet 停止上报状态");
        assert_eq!(answer(&down, Lang::En), down.output);
        let settle = StepOutcome { reading: Some(FrameCause::Settled { ms: 18_000 }), ..outcome("settle", "settled at 18s") };
        assert_eq!(answer(&settle, Lang::ZhHans), "于 18s 达到稳定（集群不再变化）");
        let cordon = outcome("kubectl cordon node-02", "node/node-02 cordoned");
        assert_eq!(answer(&cordon, Lang::ZhHans), "node/node-02 cordoned");
        let elsewhere = PlaygroundNote::ListedElsewhere { plural: "pods".into(), namespaces: vec!["monitoring".into()] };
        assert!(note(&elsewhere, Lang::ZhHans).contains("kubectl get pods -n monitoring"));
        assert_eq!(note(&elsewhere, Lang::En), elsewhere.to_string());
    }

    #[test]
    fn the_playground_refuses_in_chinese_and_kubectl_errors_stay_kubectl() {
        for (command, english) in [
            ("advance x", "error: invalid duration \"x\""),
            ("settle now", "usage: settle"),
            ("kubectl get pods -w", "error: the playground's console does not watch"),
            ("kubectl exec agent-x -- ls", "error: \"kubectl exec\" is not served by the playground"),
            ("foo", "error: unknown command \"foo\"; commands are kubectl"),
        ] {
            let Err(refused) = parse_command(command) else { panic!("{command} was read") };
            let outcome = StepOutcome { command: command.into(), error: Some(refused.message.clone()), refusal: refused.refusal, ..Default::default() };
            assert!(refused.message.starts_with(english), "{command}: {}", refused.message);
            assert_eq!(error(&outcome, &refused.message, Lang::En), refused.message);
            let zh = error(&outcome, &refused.message, Lang::ZhHans);
            assert!(zh.starts_with("错误：") || zh.starts_with("用法："), "{command}: {zh}");
        }
        // kubectl's own usage error is not the playground's: it stays as kubectl prints it.
        let Err(kubectl) = parse_command("kubectl foo") else { panic!("kubectl foo was read") };
        let outcome = StepOutcome { error: Some(kubectl.message.clone()), refusal: kubectl.refusal, ..Default::default() };
        assert_eq!(error(&outcome, &kubectl.message, Lang::ZhHans), "error: unknown command \"foo\" for \"kubectl\"");
    }
}
