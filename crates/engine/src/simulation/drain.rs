//! `kubectl drain` (staging/src/k8s.io/kubectl/pkg/drain): cordon every node, then for
//! each node run its pods through the filters, refuse the node if any pod is refused,
//! else evict the pods and wait for them to be gone (`waitForDelete`, no timeout by
//! default). What kubectl prints after the evictions depends on that wait, so the
//! drain leaves a [`DrainReport`](super::drain_report::DrainReport) that is read once the clock has run.

use dsplay_model::aggregate::aggregate_text;
use k8s_openapi::api::core::v1::Pod;

use super::drain_report::{DrainReport, Line};
use super::{Simulation};
use crate::api::{controller_of};
use crate::pod_readiness::node_name;
use crate::state::ClusterState;

const DAEMON_SET_FATAL: &str = "cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore)";
const DAEMON_SET_WARNING: &str = "ignoring DaemonSet-managed Pods";
/// `errors()` puts "cannot delete" before a message that does not start with it.
const LOCAL_STORAGE_FATAL: &str = "cannot delete Pods with local storage (use --delete-emptydir-data to override)";
const UNMANAGED_FATAL: &str = "cannot delete Pods that declare no controller (use --force to override)";
const UNMANAGED_WARNING: &str = "deleting Pods that declare no controller";
/// `corev1.MirrorPodAnnotationKey`.
const MIRROR_POD_ANNOTATION: &str = "kubernetes.io/config.mirror";

/// What drain does with one pod: the first filter that does not pass it decides
/// (`filterPods`), and a pod that passes them all keeps the last one's warning.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Evict { warning: Option<&'static str> },
    Leave { warning: Option<&'static str> },
    Refuse(String),
}

/// The flags that change the filters.
#[derive(Clone, Copy)]
pub(super) struct DrainFlags {
    pub ignore_daemonsets: bool,
    pub delete_emptydir_data: bool,
    pub force: bool,
}

/// `daemonSetFilter`, `mirrorPodFilter`, `localStorageFilter`, `unreplicatedFilter`, in
/// `makeFilters`' order; a finished pod (Succeeded, Failed) passes them.
fn verdict(pod: &Pod, state: &ClusterState, flags: DrainFlags) -> Verdict {
    let phase = pod.status.as_ref().and_then(|s| s.phase.as_deref());
    let finished = matches!(phase, Some("Succeeded" | "Failed"));
    let controller = controller_of(&pod.metadata);
    if let Some(owner) = controller.filter(|owner| owner.kind == "DaemonSet" && !finished) {
        let namespace = pod.metadata.namespace.as_deref().unwrap_or("default");
        if !state.daemonsets.contains_key(crate::api::key(Some(namespace), &owner.name).as_str()) {
            // An orphan (its DaemonSet is gone) goes with --force, with the lookup's error.
            let not_found = format!("daemonsets.apps \"{}\" not found", owner.name);
            return if flags.force { Verdict::Evict { warning: None } } else { Verdict::Refuse(format!("cannot delete {not_found}")) };
        }
        return match flags.ignore_daemonsets {
            true => Verdict::Leave { warning: Some(DAEMON_SET_WARNING) },
            false => Verdict::Refuse(DAEMON_SET_FATAL.to_owned()),
        };
    }
    if pod.metadata.annotations.as_ref().is_some_and(|a| a.contains_key(MIRROR_POD_ANNOTATION)) {
        return Verdict::Leave { warning: None };
    }
    let local_storage = pod.spec.iter().flat_map(|s| s.volumes.iter().flatten()).any(|v| v.empty_dir.is_some());
    if local_storage && !finished && !flags.delete_emptydir_data {
        return Verdict::Refuse(LOCAL_STORAGE_FATAL.to_owned());
    }
    // localStorageFilter's warning is dropped by the filter after it, as upstream's
    // note in filters.go says: only the unreplicated warning survives.
    match (controller.is_some() || finished, flags.force) {
        (true, _) => Verdict::Evict { warning: None },
        (false, true) => Verdict::Evict { warning: Some(UNMANAGED_WARNING) },
        (false, false) => Verdict::Refuse(UNMANAGED_FATAL.to_owned()),
    }
}

/// Messages with the pods they are about, in the order first met (`ns/name, ...`).
#[derive(Default)]
struct Grouped(Vec<(String, Vec<String>)>);

impl Grouped {
    fn add(&mut self, message: &str, pod_key: &str) {
        match self.0.iter_mut().find(|(m, _)| m == message) {
            Some((_, pods)) => pods.push(pod_key.to_owned()),
            None => self.0.push((message.to_owned(), vec![pod_key.to_owned()])),
        }
    }

    /// One line per message, in `order` (Go's map gives none; this keeps one), others after.
    fn lines(&self, order: &[&str]) -> Vec<String> {
        let mut groups: Vec<&(String, Vec<String>)> = self.0.iter().collect();
        dsplay_model::sorting::sort_by_key(&mut groups, |(message, _)| order.iter().position(|m| m == message).unwrap_or(order.len()));
        groups.iter().map(|(message, pods)| format!("{message}: {}", pods.join(", "))).collect()
    }
}

impl Simulation {
    /// Cordons every node, then drains each in turn; a node that cannot be drained is
    /// reported and left pending, and the others are still drained. The pods evicted
    /// are awaited; the report is read after the wait.
    pub(super) fn drain(&mut self, nodes: &[String], flags: DrainFlags) -> Result<(), String> {
        let mut lines: Vec<Line> = self.cordon_nodes(nodes, true)?.into_iter().map(Line::Said).collect();
        let mut pending = Vec::new();
        let mut refusals = Vec::new();
        self.awaiting_deletion.clear();
        for name in nodes {
            match self.drain_node(name, flags, &mut lines) {
                Ok(()) => lines.push(Line::Drained(name.clone())),
                Err(problems) => {
                    // An aggregate of several errors prints in brackets (utilerrors.Aggregate).
                    let joined = aggregate_text(&problems);
                    lines.push(Line::Said(format!("error: unable to drain node \"{name}\" due to error: {joined}, continuing command...")));
                    pending.push(format!(" {name}"));
                    refusals.push(problems);
                }
            }
        }
        if !pending.is_empty() {
            lines.push(Line::Said("There are pending nodes to be drained:".to_owned()));
            lines.extend(pending.into_iter().map(Line::Said));
            // The errors of all nodes, one a line; one node's alone is unwrapped into its parts.
            match refusals.as_slice() {
                [one] => lines.extend(one.iter().cloned().map(Line::Said)),
                several => lines.extend(several.iter().map(|problems| Line::Said(aggregate_text(problems)))),
            }
        }
        self.drain_report = Some(DrainReport { lines, refused: !refusals.is_empty() });
        Ok(())
    }

    /// One node of a drain: refuse it if any pod is refused, else evict what the
    /// filters let go.
    fn drain_node(&mut self, name: &str, flags: DrainFlags, lines: &mut Vec<Line>) -> Result<(), Vec<String>> {
        let state = &self.api.state;
        let pods: Vec<(String, Verdict)> = state
            .pods
            .iter()
            // Terminating pods too: skipDeletedFilter skips them only when given
            // --skip-wait-for-delete-timeout, which the playground does not take.
            .filter(|(_, p)| node_name(p) == Some(name))
            .map(|(k, p)| (k.to_string(), verdict(p, state, flags)))
            .collect();
        let mut errors = Grouped::default();
        let mut warnings = Grouped::default();
        for (pod_key, verdict) in &pods {
            match verdict {
                Verdict::Refuse(message) => errors.add(message, pod_key),
                Verdict::Evict { warning: Some(warning) } | Verdict::Leave { warning: Some(warning) } => warnings.add(warning, pod_key),
                Verdict::Evict { warning: None } | Verdict::Leave { warning: None } => {}
            }
        }
        if !errors.0.is_empty() {
            return Err(errors.lines(&[DAEMON_SET_FATAL, LOCAL_STORAGE_FATAL, UNMANAGED_FATAL]));
        }
        // PodDeleteList.Warnings: one line, the parts joined by "; ".
        if !warnings.0.is_empty() {
            let said = warnings.lines(&[UNMANAGED_WARNING, DAEMON_SET_WARNING]);
            lines.push(Line::Said(format!("Warning: {}", said.join("; "))));
        }
        let evict: Vec<String> = pods.into_iter().filter(|(_, v)| matches!(v, Verdict::Evict { .. })).map(|(k, _)| k).collect();
        lines.extend(evict.iter().map(|pod_key| Line::Said(format!("evicting pod {pod_key}"))));
        for pod_key in &evict {
            self.api.delete_pod(pod_key, None).map_err(|e| vec![e.to_string()])?;
        }
        lines.extend(evict.iter().cloned().map(Line::Evicted));
        self.awaiting_deletion.extend(evict);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulation::PlaygroundNote;

    /// On a node whose kubelet is down, the evicted pod is never confirmed gone:
    /// kubectl is left waiting after "evicting pod", and the playground says so.
    #[test]
    fn a_drain_of_a_node_that_is_down_is_left_waiting() {
        let scenario = "apiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: d}\nspec:\n  nodePools: [{name: node, count: 1}]\n  steps:\n  - settle\n  - node down node-01\n  - advance 1m\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: bare}\nspec:\n  nodeName: node-01\n  containers: [{name: c, image: nginx}]\n";
        let mut simulation = Simulation::load(scenario).unwrap_or_else(|e| panic!("{e}"));
        simulation.run_steps();
        let before = simulation.now();
        let outcome = simulation.execute("kubectl drain node-01 --force");
        assert_eq!(outcome.error, None);
        let note = PlaygroundNote::StillWaitingForDeletion { pod: "default/bare".into() };
        let answer = "node/node-01 cordoned\nWarning: deleting Pods that declare no controller: default/bare\nevicting pod default/bare";
        assert_eq!(outcome.output, note.after(answer.to_owned()));
        assert_eq!(outcome.note, Some(PlaygroundNote::StillWaitingForDeletion { pod: "default/bare".into() }));
        assert_eq!(simulation.now(), before, "no time spent waiting for what cannot come");
    }
}
