//! The console in the page's language. kubectl's own answers stay as kubectl prints
//! them (English, as on a real terminal); the playground's own words, the simulation
//! commands' answers and its remarks after kubectl's answer, are told again in Chinese
//! from the command and the note, not translated from the English text.

use std::borrow::Cow;

use dsplay_engine::kubectl::command::{parse_command, Command, ImageBehaviour, Refusal, SIMULATION_USAGE};
use dsplay_engine::simulation::{PlaygroundNote, StepOutcome, STILL_CHANGING};

use super::narration::{zh_hans_of_cause, STILL_CHANGING_ZH_HANS};
use super::Lang;

/// What a command answered, in `lang`: `Borrowed` when it is kubectl's (or English).
pub fn answer<'a>(outcome: &StepOutcome, printed: &'a str, lang: Lang) -> Cow<'a, str> {
    if lang == Lang::En || outcome.error.is_some() {
        return Cow::Borrowed(printed);
    }
    match parse_command(&outcome.command) {
        Ok(Command::Advance { .. } | Command::Settle) => zh_hans_of_cause(printed),
        Ok(Command::NodeAdd { name, .. }) => Cow::Owned(format!("node/{name} 已加入集群")),
        Ok(Command::NodeDown(name)) => Cow::Owned(format!("node/{name}：kubelet 停止上报状态")),
        Ok(Command::NodeUp(name)) => Cow::Owned(format!("node/{name}：kubelet 恢复上报就绪状态")),
        Ok(Command::Image { reference, behaviour }) => Cow::Owned(format!("镜像 {reference}：{}", image_behaviour(behaviour))),
        Ok(Command::Kubectl(_)) => match printed.strip_suffix(STILL_CHANGING) {
            // The playground's line after kubectl's answer, when the cluster did not settle.
            Some(answer) => Cow::Owned(format!("{answer}{STILL_CHANGING_ZH_HANS}")),
            None => Cow::Borrowed(printed),
        },
        Err(_) => Cow::Borrowed(printed),
    }
}

fn image_behaviour(behaviour: ImageBehaviour) -> &'static str {
    match behaviour {
        ImageBehaviour::Crash => "容器启动后即崩溃（CrashLoopBackOff）",
        ImageBehaviour::Unready => "容器运行，但就绪探针一直失败",
        ImageBehaviour::PullError => "镜像拉取失败（ImagePullBackOff）",
        ImageBehaviour::Ok => "容器正常运行并就绪",
    }
}

/// The error a refused command printed, in `lang`: `Borrowed` when it is kubectl's or
/// the API server's (English, as on a real terminal), or English was asked for.
pub fn error<'a>(outcome: &StepOutcome, printed: &'a str, lang: Lang) -> Cow<'a, str> {
    match (&outcome.refusal, lang) {
        (Some(found), Lang::ZhHans) => Cow::Owned(refusal(found, lang)),
        _ => Cow::Borrowed(printed),
    }
}

/// What the playground refused, in `lang`.
pub fn refusal(refusal: &Refusal, lang: Lang) -> String {
    match lang {
        Lang::En => refusal.to_string(),
        Lang::ZhHans => zh_hans_of_refusal(refusal),
    }
}

/// What the playground refused, said in Chinese; the commands, flags and resource names
/// in it stay as typed.
fn zh_hans_of_refusal(refusal: &Refusal) -> String {
    const ADVANCE_USAGE: &str = "用法：advance <时长>，例如 advance 30s、advance 2m、advance 1m30s、advance 500ms";
    const IMAGE_USAGE: &str = "用法：image <镜像> crash|unready|pull-error|ok";
    const NODE_USAGE: &str = "用法：node add <名称> [--pool <节点池>] | node down <节点> | node up <节点>";
    const SERVED: &str = "本演练场支持的命令：apply、label、taint、cordon、uncordon、drain、delete、set image、patch、rollout、get、describe";
    // The usage line lists commands, which stay as typed; only its label is translated.
    let usage = SIMULATION_USAGE.strip_prefix("usage: ").unwrap_or(SIMULATION_USAGE);
    match refusal {
        Refusal::EmptyCommand => format!("错误：命令为空；用法：{usage} | kubectl ..."),
        Refusal::UnknownCommand { word } => {
            format!("错误：未知命令 \"{word}\"；可用的命令有 kubectl、advance、settle、node add|down|up、image")
        }
        Refusal::AdvanceTooFar { max_hours } => format!("错误：advance 一次最多将时钟推进 {max_hours}h"),
        Refusal::InvalidDuration { text } => format!("错误：无效的时长 \"{text}\"；{ADVANCE_USAGE}"),
        Refusal::AdvanceUsage => ADVANCE_USAGE.to_owned(),
        Refusal::SettleUsage => "用法：settle（不带参数）：一直运行到集群不再变化，最多 1 小时".to_owned(),
        Refusal::UnknownImageBehaviour { behaviour } => format!("错误：未知的镜像行为 \"{behaviour}\"；{IMAGE_USAGE}"),
        Refusal::ImageUsage => format!("{IMAGE_USAGE}，例如 image example/agent:2.0 crash"),
        Refusal::NodeUsage { flag_error: Some(error) } => format!("{error}\n{NODE_USAGE}"),
        Refusal::NodeUsage { flag_error: None } => NODE_USAGE.to_owned(),
        Refusal::NoNodePool { pool } => format!("错误：没有名为 \"{pool}\" 的节点池"),
        Refusal::NoPoolToShape => "错误：场景中没有可用来生成节点的节点池；请用 --pool 指定".to_owned(),
        Refusal::KubectlAlone => format!("kubectl 用于管理 Kubernetes 集群。{SERVED}"),
        Refusal::NotServed { subcommand } => {
            format!("错误：演练场不提供 \"kubectl {subcommand}\"，它的容器和 API 服务器都是模拟的；{SERVED}")
        }
        Refusal::LabelsNodesOnly { resource } => format!("错误：演练场的 kubectl label 只修改节点，不修改 {resource}"),
        Refusal::TakesNodes { command, arg } => format!("错误：演练场的 {command} 只接受节点：{arg}"),
        Refusal::DeletesPodsBySelectorOnly { resource } => {
            format!("错误：演练场只按选择算符或 --all 删除 Pod，不删除 {resource}")
        }
        Refusal::DeletesOneNameAtATime => "错误：演练场的 kubectl delete 一次只接受一个名称".to_owned(),
        Refusal::DeletesOnly { resource } => format!("错误：演练场只删除 Pod、节点和 DaemonSet，不删除 {resource}"),
        Refusal::OneDaemonSetAtATime { command } => format!("错误：演练场的 {command} 一次只作用于一个 DaemonSet"),
        Refusal::DaemonSetsOnly { command, resource } => format!("错误：演练场的 {command} 只作用于 DaemonSet，不作用于 {resource}"),
        Refusal::SetImageOnePair => "错误：演练场的 kubectl set image 只接受一组 容器=镜像".to_owned(),
        Refusal::SetServesImageOnly => "错误：演练场只提供 `kubectl set image ds/<名称> <容器>=<镜像>`".to_owned(),
        Refusal::PatchesPodStatusOnly => {
            "错误：演练场只修补 Pod 的状态：kubectl patch pod <pod> --subresource=status -p '<json>'".to_owned()
        }
        Refusal::PatchesOnePodAtATime => "错误：演练场的 kubectl patch 一次只作用于一个 Pod".to_owned(),
        Refusal::PatchesStatusOfPodsOnly => "错误：演练场只修补 Pod 的 status 子资源".to_owned(),
        Refusal::RolloutServes => "错误：演练场提供 kubectl rollout status|history|undo|restart <daemonset>".to_owned(),
        Refusal::UndoWithoutDryRun => {
            "错误：演练场的 kubectl rollout undo 不支持 --dry-run：用 kubectl rollout history --revision=N 查看它将恢复的模板".to_owned()
        }
        Refusal::SeveralTypesWithoutNames => "错误：演练场列出多种类型时不接受名称：kubectl get ds,pods".to_owned(),
        Refusal::NoWatch => "错误：演练场的控制台不支持监视（-w）：播放或单步执行时间线，即可看到每一处变化".to_owned(),
        Refusal::OutputFormatNotPrinted { format } => {
            format!("错误：演练场支持的输出格式为 -o wide、yaml、json、name、jsonpath= 和 custom-columns=，不支持 \"{format}\"")
        }
        Refusal::AtMostOneName { command } => format!("错误：演练场的 {command} 最多接受一个名称"),
        Refusal::AllIsACategory => {
            "错误：演练场的 kubectl 一次只接受一种资源类型：daemonsets、pods、nodes、controllerrevisions 或 events（\"all\" 是一个类别，演练场不展开它）".to_owned()
        }
        Refusal::OneTypeAtATimeHere { text } => format!("错误：演练场的 kubectl 在这里一次只接受一种资源类型，不接受 \"{text}\""),
        Refusal::OneTypePerCommand => "错误：演练场的每条命令只接受一种资源类型".to_owned(),
        Refusal::DescribeNotAvailable { plural } => format!("错误：演练场不提供 {plural} 的 describe"),
    }
}

/// The playground's remark after kubectl's answer, in `lang`.
pub fn note(note: &PlaygroundNote, lang: Lang) -> String {
    match (lang, note) {
        (Lang::En, _) => note.to_string(),
        (Lang::ZhHans, PlaygroundNote::FoundElsewhere { kind, name, namespace }) => format!(
            "# 演练场在命名空间 \"{namespace}\" 中找到了 {kind} \"{name}\"；不加 -n {namespace} 时，kubectl 只在 \"default\" 中查找"
        ),
        (Lang::ZhHans, PlaygroundNote::ListedElsewhere { plural, namespaces }) => {
            let listed = namespaces.iter().map(|ns| format!("\"{ns}\"")).collect::<Vec<_>>().join("、");
            let first = namespaces.first().map(String::as_str).unwrap_or("default");
            format!("# 演练场中的 {plural} 在命名空间 {listed} 里：用 kubectl get {plural} -n {first} 查看，或用 -A 查看全部")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(command: &str, output: &str) -> StepOutcome {
        StepOutcome { command: command.into(), output: output.into(), ..Default::default() }
    }

    #[test]
    fn the_playground_speaks_chinese_and_kubectl_stays_kubectl() {
        let down = outcome("node down node-02", "node/node-02: kubelet stopped posting status");
        assert_eq!(answer(&down, &down.output, Lang::ZhHans), "node/node-02：kubelet 停止上报状态");
        assert_eq!(answer(&down, &down.output, Lang::En), down.output);
        let settle = outcome("settle", "settled at 18s");
        assert_eq!(answer(&settle, &settle.output, Lang::ZhHans), "在 18s 趋于稳定");
        let cordon = outcome("kubectl cordon node-02", "node/node-02 cordoned");
        assert_eq!(answer(&cordon, &cordon.output, Lang::ZhHans), "node/node-02 cordoned");
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
