//! One daemon pod on its node: phase, readiness and revision, each spelled out
//! as text (and a distinct shape), never by colour alone.

use yew::prelude::*;

use crate::cluster_view::{PodPhase, PodView};
use crate::i18n::Lang;

#[derive(Properties, PartialEq)]
pub struct PodChipProps {
    pub pod: PodView,
    pub lang: Lang,
}

#[function_component(PodChip)]
pub fn pod_chip(props: &PodChipProps) -> Html {
    let strings = props.lang.strings();
    let pod = &props.pod;
    let phase = if pod.terminating {
        strings.pod_terminating
    } else {
        match pod.phase {
            PodPhase::Pending => strings.phase_pending,
            PodPhase::Running => strings.phase_running,
            PodPhase::Succeeded => strings.phase_succeeded,
            PodPhase::Failed => strings.phase_failed,
            PodPhase::Unknown => strings.phase_unknown,
        }
    };
    let readiness = if !pod.bound {
        strings.pod_unscheduled
    } else if pod.ready {
        strings.pod_ready
    } else {
        strings.pod_not_ready
    };
    let revision = pod.revision.as_deref().map(strings.revision).unwrap_or_default();
    let summary = (strings.pod_summary)(&pod.name, phase, readiness, &revision);
    // Shapes: filled = ready, half = running but not ready, ring = pending,
    // cross = failed, slash = terminating.
    let icon = match (pod.terminating, pod.phase, pod.ready) {
        (true, _, _) => "⊘",
        (_, PodPhase::Running, true) => "●",
        (_, PodPhase::Running, false) => "◐",
        (_, PodPhase::Pending, _) => "○",
        (_, PodPhase::Failed, _) => "✕",
        (_, PodPhase::Succeeded, _) => "✓",
        (_, PodPhase::Unknown, _) => "?",
    };
    let class = classes!(
        "pod-chip",
        format!("phase-{}", pod.phase.class()),
        pod.ready.then_some("is-ready"),
        pod.terminating.then_some("is-terminating"),
    );
    html! {
        <li class={class} title={summary.clone()} aria-label={summary} data-pod={pod.name.clone()}>
            <span class="pod-icon" aria-hidden="true">{ icon }</span>
            <span class="pod-text" aria-hidden="true">
                <span class="pod-name">{ &pod.name }</span>
                <span class="pod-meta">
                    <span class="pod-phase">{ phase }</span>
                    <span class="pod-ready">{ readiness }</span>
                    if let Some(rev) = &pod.revision {
                        <span class="pod-rev" title={revision.clone()}>{ format!("r{rev}") }</span>
                    }
                </span>
            </span>
        </li>
    }
}
