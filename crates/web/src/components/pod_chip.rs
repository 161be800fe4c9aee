//! One daemon pod on its node: kubectl's STATUS, readiness and revision, each
//! spelled out as text (and a distinct shape or pattern), never by colour alone.

use yew::prelude::*;

use crate::cluster_view::{PodPhase, PodView};
use crate::i18n::{Lang, Strings};

#[derive(Properties, PartialEq)]
pub struct PodChipProps {
    pub pod: PodView,
    pub lang: Lang,
}

/// The icon's shape: filled = ready, half = running but not ready, ring = on its
/// way (Pending, ContainerCreating), cross = failing, slash = terminating.
pub fn pod_icon(pod: &PodView) -> &'static str {
    match (pod.terminating, pod.failing, pod.phase, pod.ready) {
        (true, _, _, _) => "⊘",
        (_, true, _, _) => "✕",
        (_, _, PodPhase::Running, true) => "●",
        (_, _, PodPhase::Running, false) => "◐",
        (_, _, PodPhase::Pending, _) => "○",
        (_, _, PodPhase::Failed, _) => "✕",
        (_, _, PodPhase::Succeeded, _) => "✓",
        (_, _, PodPhase::Unknown, _) => "?",
    }
}

/// "revision 2, current template" (or "old template"); the revision alone when the
/// owning DaemonSet is unknown.
pub fn revision_text(pod: &PodView, strings: &Strings) -> String {
    let Some(rev) = pod.revision.as_deref() else {
        return String::new();
    };
    let revision = (strings.revision)(rev);
    match pod.current {
        Some(true) => format!("{revision}{}{}", strings.comma, strings.template_current),
        Some(false) => format!("{revision}{}{}", strings.comma, strings.template_old),
        None => revision,
    }
}

/// What the chip says, for its title and screen readers.
pub fn pod_summary(pod: &PodView, strings: &Strings) -> String {
    (strings.pod_summary)(&pod.name, &pod.status, readiness(pod, strings), &revision_text(pod, strings))
}

fn readiness(pod: &PodView, strings: &Strings) -> &'static str {
    if !pod.bound {
        strings.pod_unscheduled
    } else if pod.ready {
        strings.pod_ready
    } else {
        strings.pod_not_ready
    }
}

#[function_component(PodChip)]
pub fn pod_chip(props: &PodChipProps) -> Html {
    let strings = props.lang.strings();
    let pod = &props.pod;
    let summary = pod_summary(pod, strings);
    let class = classes!(
        "pod-chip",
        format!("phase-{}", pod.phase.class()),
        pod.ready.then_some("is-ready"),
        pod.terminating.then_some("is-terminating"),
        (pod.failing && !pod.terminating).then_some("is-failing"),
        match pod.current {
            Some(true) => Some("is-current"),
            Some(false) => Some("is-old"),
            None => None,
        },
    );
    html! {
        <li class={class} title={summary.clone()} aria-label={summary} data-pod={pod.name.clone()} data-status={pod.status.clone()}>
            <span class="pod-icon" aria-hidden="true">{ pod_icon(pod) }</span>
            <span class="pod-text" aria-hidden="true">
                <span class="pod-name">{ &pod.name }</span>
                <span class="pod-meta">
                    <span class="pod-status" lang="en">{ &pod.status }</span>
                    <span class="pod-ready">{ readiness(pod, strings) }</span>
                    if let Some(rev) = &pod.revision {
                        <span class="pod-rev" title={revision_text(pod, strings)}>
                            { format!("r{rev}") }
                            if pod.current == Some(false) {
                                <span class="pod-rev-old">{ " · " }{ strings.pod_old }</span>
                            }
                        </span>
                    }
                </span>
            </span>
        </li>
    }
}
