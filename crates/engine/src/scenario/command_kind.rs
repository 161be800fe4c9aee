//! What kind of command a console line is, by what it does rather than how it was
//! spelt (`delete po x`, `delete pods -l ...` and `delete pod @node-01` are one kind):
//! what a task's `forbiddenCommands` names.

use std::fmt;

use crate::kubectl::command::{Command, Kubectl};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CommandKind {
    Apply,
    LabelNode,
    TaintNode,
    Cordon,
    Uncordon,
    Drain,
    DeletePod,
    DeleteNode,
    DeleteDaemonSet,
    SetImage,
    PatchDaemonSet,
    PatchPodStatus,
    RolloutUndo,
    RolloutRestart,
    RolloutPause,
    /// `get`, `describe`, `rollout status`, `rollout history`.
    Read,
    Advance,
    Settle,
    NodeAdd,
    NodeDown,
    NodeUp,
    Image,
}

/// Every kind with the words a task names it by.
const NAMES: &[(CommandKind, &str)] = &[
    (CommandKind::Apply, "kubectl apply"),
    (CommandKind::LabelNode, "kubectl label node"),
    (CommandKind::TaintNode, "kubectl taint node"),
    (CommandKind::Cordon, "kubectl cordon"),
    (CommandKind::Uncordon, "kubectl uncordon"),
    (CommandKind::Drain, "kubectl drain"),
    (CommandKind::DeletePod, "kubectl delete pod"),
    (CommandKind::DeleteNode, "kubectl delete node"),
    (CommandKind::DeleteDaemonSet, "kubectl delete ds"),
    (CommandKind::SetImage, "kubectl set image"),
    (CommandKind::PatchDaemonSet, "kubectl patch ds"),
    (CommandKind::PatchPodStatus, "kubectl patch pod"),
    (CommandKind::RolloutUndo, "kubectl rollout undo"),
    (CommandKind::RolloutRestart, "kubectl rollout restart"),
    (CommandKind::RolloutPause, "kubectl rollout pause"),
    (CommandKind::Read, "kubectl get"),
    (CommandKind::Advance, "advance"),
    (CommandKind::Settle, "settle"),
    (CommandKind::NodeAdd, "node add"),
    (CommandKind::NodeDown, "node down"),
    (CommandKind::NodeUp, "node up"),
    (CommandKind::Image, "image"),
];

impl CommandKind {
    pub fn of(command: &Command) -> CommandKind {
        match command {
            Command::Kubectl(kubectl) => Self::of_kubectl(kubectl),
            Command::Advance { .. } => CommandKind::Advance,
            Command::Settle => CommandKind::Settle,
            Command::NodeAdd { .. } => CommandKind::NodeAdd,
            Command::NodeDown(_) => CommandKind::NodeDown,
            Command::NodeUp(_) => CommandKind::NodeUp,
            Command::Image { .. } => CommandKind::Image,
        }
    }

    fn of_kubectl(kubectl: &Kubectl) -> CommandKind {
        match kubectl {
            Kubectl::Apply { .. } => CommandKind::Apply,
            Kubectl::Label { .. } => CommandKind::LabelNode,
            Kubectl::Taint { .. } => CommandKind::TaintNode,
            Kubectl::Cordon(_) => CommandKind::Cordon,
            Kubectl::Uncordon(_) => CommandKind::Uncordon,
            Kubectl::Drain { .. } => CommandKind::Drain,
            Kubectl::DeletePod { .. } | Kubectl::DeletePods { .. } => CommandKind::DeletePod,
            Kubectl::DeleteNode { .. } => CommandKind::DeleteNode,
            Kubectl::DeleteDaemonSet { .. } => CommandKind::DeleteDaemonSet,
            Kubectl::SetImage { .. } => CommandKind::SetImage,
            Kubectl::Patch { .. } => CommandKind::PatchDaemonSet,
            Kubectl::PatchPodStatus { .. } => CommandKind::PatchPodStatus,
            Kubectl::RolloutUndo { .. } => CommandKind::RolloutUndo,
            Kubectl::RolloutRestart { .. } | Kubectl::RolloutRestartMany { .. } => CommandKind::RolloutRestart,
            Kubectl::RolloutPause { .. } => CommandKind::RolloutPause,
            Kubectl::RolloutStatus { .. } | Kubectl::RolloutHistory { .. } | Kubectl::Get { .. } | Kubectl::Describe { .. } => {
                CommandKind::Read
            }
        }
    }

    /// The kind a task names with `words` (`kubectl delete pod`); spaces are not counted.
    pub fn named(words: &str) -> Option<CommandKind> {
        let wanted: Vec<&str> = words.split_whitespace().collect();
        NAMES.iter().find(|(_, name)| name.split_whitespace().eq(wanted.iter().copied())).map(|(kind, _)| *kind)
    }

    pub fn names() -> Vec<String> {
        NAMES.iter().map(|(_, name)| (*name).to_owned()).collect()
    }

    pub fn name(self) -> &'static str {
        NAMES.iter().find(|(kind, _)| *kind == self).map_or("", |(_, name)| name)
    }

    /// Whether a command of this kind changes nothing but DaemonSets (or only the clock,
    /// or nothing): what "only the DaemonSet manifest may change" allows. `kubectl
    /// apply` depends on the document it applies, and is judged by the caller.
    pub fn changes_only_daemonsets(self) -> bool {
        matches!(
            self,
            CommandKind::SetImage
                | CommandKind::PatchDaemonSet
                | CommandKind::RolloutUndo
                | CommandKind::RolloutRestart
                | CommandKind::RolloutPause
                | CommandKind::DeleteDaemonSet
                | CommandKind::Read
                | CommandKind::Advance
                | CommandKind::Settle
        )
    }
}

impl fmt::Display for CommandKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kubectl::command::parse_command;

    #[test]
    fn spellings_of_one_deletion_are_one_kind() {
        for line in ["kubectl delete pod @node-01", "kubectl delete po agent-x", "kubectl delete pods -l app=agent"] {
            let command = parse_command(line).unwrap_or_else(|e| panic!("{line}: {}", e.message));
            assert_eq!(CommandKind::of(&command), CommandKind::DeletePod, "{line}");
        }
        assert_eq!(CommandKind::named("kubectl  delete pod"), Some(CommandKind::DeletePod));
        assert_eq!(CommandKind::named("kubectl delete everything"), None);
    }
}
