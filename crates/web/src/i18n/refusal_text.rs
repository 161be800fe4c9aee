//! The playground's own refusals (`dsplay_engine::refusal`) in the page's language:
//! the commands, flags, fields and names in them stay as typed.

use dsplay_engine::refusal::{Refusal, SERVED, SIMULATION_COMMANDS};

use super::field_error_text::zh_hans_of_field_errors;
use super::Lang;

/// What the playground refused, in `lang`.
pub fn refusal(refusal: &Refusal, lang: Lang) -> String {
    match lang {
        Lang::En => refusal.to_string(),
        Lang::ZhHans => zh_hans_of_refusal(refusal),
    }
}

fn zh_hans_of_refusal(refusal: &Refusal) -> String {
    const ADVANCE_USAGE: &str = "用法：advance <时长>，例如 advance 30s、advance 2m、advance 1m30s、advance 500ms";
    const IMAGE_USAGE: &str = "用法：image <镜像> crash|complete|oom|unready|pull-error|ok";
    const NODE_USAGE: &str = "用法：node add <名称> [--pool <节点池>] | node down <节点> | node up <节点>";
    // The usage line lists commands, which stay as typed; only its label is translated.
    let usage = SIMULATION_COMMANDS;
    let served = format!("本演练场支持的命令：{}", SERVED.replace(", ", "、"));
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
        Refusal::KubectlAlone => format!("kubectl 用于管理 Kubernetes 集群。{served}"),
        Refusal::NotServed { subcommand } => {
            format!("错误：演练场不提供 \"kubectl {subcommand}\"，它的容器和 API 服务器都是模拟的；{served}")
        }
        Refusal::FlagNotServed { command, flag } => format!("错误：{flag} 是 {command} 的参数，但演练场不提供它"),
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
        Refusal::TypeNotSimulated { text } => {
            format!("错误：真实集群提供 \"{text}\"，但演练场不模拟它：演练场模拟的是 daemonsets、pods、nodes、controllerrevisions 和 events")
        }
        Refusal::OneTypePerCommand => "错误：演练场的每条命令只接受一种资源类型".to_owned(),
        Refusal::DescribeNotAvailable { plural } => format!("错误：演练场不提供 {plural} 的 describe"),
        Refusal::NoScenarioDocument => {
            "没有 Scenario 文档：场景文件中要有一个 apiVersion: dsplay/v1、kind: Scenario 的文档".to_owned()
        }
        Refusal::SecondScenarioDocument { first } => format!("第二个 Scenario 文档；一个文件只能有一个（第一个是第 {first} 个文档）"),
        Refusal::NotAScenarioDocument { found } => {
            format!("Scenario 文档的 apiVersion 应为 dsplay/v1、kind 应为 Scenario，而这里是 {found}")
        }
        Refusal::KindNotRun { kind, api_version } => format!(
            "演练场不运行 kind \"{kind}\"（{api_version}）：场景中可以有 apps/v1 DaemonSet、v1 Node、v1 Pod，以及一个 dsplay/v1 Scenario"
        ),
        Refusal::StepMapKeys { keys } => format!("以映射形式书写的步骤只能包含键 `expect`，这里却是 {keys}"),
        Refusal::ApplyOfNoDocument { name } => format!("kubectl apply -f {name}：文件中没有 metadata.name 为 \"{name}\" 的文档"),
        Refusal::NodeMadeByPool { node, pool } => format!("节点 \"{node}\" 已由节点池 \"{pool}\" 生成"),
        Refusal::TooManyNodes { nodes, max } => {
            format!("场景共生成 {nodes} 个节点（节点池、Node 文档与 `node add` 步骤合计）；演练场最多运行 {max} 个")
        }
        Refusal::NodeLimitReached { max } => format!("错误：集群已有 {max} 个节点，演练场最多运行这么多"),
        Refusal::ScenarioFields(errors) => zh_hans_of_field_errors(errors),
        Refusal::SentTooLarge { max_kib } => format!("发送来的场景超过 {max_kib} KiB"),
        Refusal::SentTooManyNodes { nodes, max } => format!("发送来的场景有 {nodes} 个节点；嵌入的演练场最多运行 {max} 个"),
        Refusal::SentTooManySteps { steps, max } => format!("发送来的场景有 {steps} 个步骤；嵌入的演练场最多运行 {max} 个"),
    }
}

