//! Each taint of the node against the daemon pod's tolerations: the user's own,
//! then those the DaemonSet controller adds (upstream
//! `AddOrUpdateDaemonPodTolerations`), and what the effect means for
//! shouldRun / shouldContinueRunning.

use dsplay_model::k8s_openapi::api::core::v1::{Node, PodSpec, Taint, Toleration};
use dsplay_model::tolerations::{taint_to_string, tolerates, EFFECT_NO_EXECUTE, EFFECT_NO_SCHEDULE};

/// Whose toleration matched the taint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TolerationSource {
    /// Written in the DaemonSet's pod template.
    User,
    /// Added by the DaemonSet controller to every daemon pod.
    Controller,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TolerationMatch {
    pub source: TolerationSource,
    /// As `kubectl describe pod` lists tolerations: `key=value:Effect op=Exists for 300s`.
    pub toleration: String,
    /// A NoExecute toleration with `tolerationSeconds` only delays eviction.
    pub seconds: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaintCheck {
    /// `key=value:Effect`.
    pub taint: String,
    pub effect: String,
    pub tolerated_by: Option<TolerationMatch>,
}

impl TaintCheck {
    /// An untolerated NoSchedule or NoExecute taint makes shouldRun false (the
    /// controller creates no pod; the scheduler's TaintToleration rejects it).
    pub fn blocks_scheduling(&self) -> bool {
        self.tolerated_by.is_none() && (self.effect == EFFECT_NO_SCHEDULE || self.effect == EFFECT_NO_EXECUTE)
    }

    /// An untolerated NoExecute taint also makes shouldContinueRunning false: a
    /// pod already there is deleted. A tolerated one with tolerationSeconds is
    /// evicted by the taint manager once the seconds run out.
    pub fn evicts(&self) -> bool {
        self.effect == EFFECT_NO_EXECUTE
            && self.tolerated_by.as_ref().is_none_or(|matched| matched.seconds.is_some())
    }
}

/// One check per taint of the node, in node order.
pub fn taint_checks(node: &Node, user: &PodSpec, daemon: &PodSpec) -> Vec<TaintCheck> {
    let taints: &[Taint] = node.spec.as_ref().and_then(|spec| spec.taints.as_deref()).unwrap_or_default();
    let user_tolerations = user.tolerations.as_deref().unwrap_or_default();
    let added: Vec<&Toleration> = daemon
        .tolerations
        .iter()
        .flatten()
        .filter(|toleration| !user_tolerations.contains(toleration))
        .collect();
    taints
        .iter()
        .map(|taint| {
            let by_user = user_tolerations.iter().find(|t| tolerates(t, taint)).map(|t| (TolerationSource::User, t));
            let by_controller = || added.iter().find(|t| tolerates(t, taint)).map(|t| (TolerationSource::Controller, *t));
            TaintCheck {
                taint: taint_to_string(taint),
                effect: taint.effect.clone(),
                tolerated_by: by_user.or_else(by_controller).map(|(source, toleration)| TolerationMatch {
                    source,
                    toleration: toleration_text(toleration),
                    seconds: toleration.toleration_seconds.filter(|_| taint.effect == EFFECT_NO_EXECUTE),
                }),
            }
        })
        .collect()
}

/// kubectl describe's toleration line (upstream `printTolerationsMultilineWithIndent`).
pub fn toleration_text(toleration: &Toleration) -> String {
    let mut text = toleration.key.clone().unwrap_or_default();
    if let Some(value) = toleration.value.as_deref().filter(|value| !value.is_empty()) {
        text.push('=');
        text.push_str(value);
    }
    if let Some(effect) = toleration.effect.as_deref().filter(|effect| !effect.is_empty()) {
        text.push(':');
        text.push_str(effect);
    }
    if toleration.operator.as_deref() == Some("Exists") && toleration.value.as_deref().unwrap_or_default().is_empty() {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str("op=Exists");
    }
    if let Some(seconds) = toleration.toleration_seconds {
        text.push_str(&format!(" for {seconds}s"));
    }
    text
}
