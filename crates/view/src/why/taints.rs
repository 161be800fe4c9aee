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
    /// The template's toleration that the controller's took the place of (same key,
    /// operator and effect), with whatever `tolerationSeconds` it had.
    pub overrides: Option<String>,
    /// With `seconds`: the DaemonSet controller creates a new pod here once the taint
    /// eviction controller has evicted this one. NodeShouldRunDaemonPod ignores
    /// tolerationSeconds, so only another rule (shouldRun false) stops it.
    pub recreated_after_eviction: bool,
}

/// A template toleration that looks meant for an untolerated taint but does not match it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NearMiss {
    /// `node-role.kubernetes.io/master`, the control-plane taint's name before v1.25,
    /// which control-plane nodes no longer carry.
    RenamedKey { toleration: String },
    /// The taint's key, with another value or effect.
    SameKey { toleration: String },
}

/// The control-plane taint, and the name it had until v1.25.
const CONTROL_PLANE_KEY: &str = "node-role.kubernetes.io/control-plane";
const LEGACY_MASTER_KEY: &str = "node-role.kubernetes.io/master";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaintCheck {
    /// `key=value:Effect`.
    pub taint: String,
    pub effect: String,
    pub tolerated_by: Option<TolerationMatch>,
    /// For an untolerated taint, the template's toleration that was probably meant for it.
    pub near_miss: Option<NearMiss>,
}

impl TaintCheck {
    /// An untolerated NoSchedule or NoExecute taint makes shouldRun false (the
    /// controller creates no pod; the scheduler's TaintToleration rejects it).
    pub fn blocks_scheduling(&self) -> bool {
        self.tolerated_by.is_none() && (self.effect == EFFECT_NO_SCHEDULE || self.effect == EFFECT_NO_EXECUTE)
    }

    /// An untolerated NoExecute taint also makes shouldContinueRunning false: a
    /// pod already there is deleted. A tolerated one with tolerationSeconds is
    /// evicted by the taint eviction controller once the seconds run out.
    pub fn evicts(&self) -> bool {
        self.effect == EFFECT_NO_EXECUTE
            && self.tolerated_by.as_ref().is_none_or(|matched| matched.seconds.is_some())
    }
}

/// One check per taint of the node, in node order. `daemon` is the pod the controller
/// creates: the template's tolerations, with the controller's put in place of the
/// template's that have their key, operator and effect, and the rest appended. The
/// first of them that matches is the one that counts (upstream
/// `GetMatchingTolerations`), as for the taint eviction controller.
pub fn taint_checks(node: &Node, user: &PodSpec, daemon: &PodSpec, should_run: bool) -> Vec<TaintCheck> {
    let taints: &[Taint] = node.spec.as_ref().and_then(|spec| spec.taints.as_deref()).unwrap_or_default();
    let user_tolerations = user.tolerations.as_deref().unwrap_or_default();
    let daemon_tolerations = daemon.tolerations.as_deref().unwrap_or_default();
    taints
        .iter()
        .map(|taint| {
            let tolerated_by = daemon_tolerations.iter().enumerate().find(|(_, t)| tolerates(t, taint)).map(|(index, toleration)| {
                let written = user_tolerations.get(index);
                let source = if written == Some(toleration) { TolerationSource::User } else { TolerationSource::Controller };
                let seconds = toleration.toleration_seconds.filter(|_| taint.effect == EFFECT_NO_EXECUTE);
                TolerationMatch {
                    source,
                    toleration: toleration_text(toleration),
                    seconds,
                    overrides: written.filter(|written| *written != toleration).map(toleration_text),
                    recreated_after_eviction: seconds.is_some() && should_run,
                }
            });
            let near_miss = if tolerated_by.is_some() { None } else { near_miss(taint, user_tolerations) };
            TaintCheck { taint: taint_to_string(taint), effect: taint.effect.clone(), tolerated_by, near_miss }
        })
        .collect()
}

/// The template's toleration that names this taint's key (or its old name) but does
/// not tolerate it.
fn near_miss(taint: &Taint, tolerations: &[Toleration]) -> Option<NearMiss> {
    let key = |t: &&Toleration| t.key.as_deref().unwrap_or_default().to_owned();
    if let Some(same) = tolerations.iter().find(|t| key(t) == taint.key) {
        return Some(NearMiss::SameKey { toleration: toleration_text(same) });
    }
    let renamed = taint.key == CONTROL_PLANE_KEY;
    tolerations
        .iter()
        .find(|t| renamed && key(t) == LEGACY_MASTER_KEY)
        .map(|t| NearMiss::RenamedKey { toleration: toleration_text(t) })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toleration_text_is_kubectl_describes() {
        use dsplay_model::k8s_openapi::api::core::v1::Toleration;
        let t = |key: &str, op: &str, value: &str, effect: &str, seconds: Option<i64>| Toleration {
            key: Some(key.into()).filter(|s: &String| !s.is_empty()),
            operator: Some(op.into()),
            value: Some(value.into()).filter(|s: &String| !s.is_empty()),
            effect: Some(effect.into()).filter(|s: &String| !s.is_empty()),
            toleration_seconds: seconds,
        };
        assert_eq!(toleration_text(&t("", "Exists", "", "", None)), "op=Exists");
        assert_eq!(toleration_text(&t("a", "Equal", "b", "NoExecute", Some(30))), "a=b:NoExecute for 30s");
        assert_eq!(toleration_text(&t("", "Exists", "", "NoSchedule", None)), ":NoSchedule op=Exists");
    }
}
