//! Taints and tolerations: `Toleration.ToleratesTaint` (`staging/src/k8s.io/api/core/v1/toleration.go`),
//! `TolerationsTolerateTaint` and `FindMatchingUntoleratedTaint`
//! (`staging/src/k8s.io/component-helpers/scheduling/corev1/helpers.go`), `Taint.ToString`.
//!
//! The `Lt`/`Gt` operators belong to the alpha gate `TaintTolerationComparisonOperators`,
//! off in v1.36, so they never tolerate anything.

use k8s_openapi::api::core::v1::{Taint, Toleration};

pub const EFFECT_NO_SCHEDULE: &str = "NoSchedule";
pub const EFFECT_PREFER_NO_SCHEDULE: &str = "PreferNoSchedule";
pub const EFFECT_NO_EXECUTE: &str = "NoExecute";

/// `Toleration.ToleratesTaint` with the comparison-operator gate off.
pub fn tolerates(tol: &Toleration, taint: &Taint) -> bool {
    let effect = tol.effect.as_deref().unwrap_or("");
    if !effect.is_empty() && effect != taint.effect {
        return false;
    }
    let key = tol.key.as_deref().unwrap_or("");
    if !key.is_empty() && key != taint.key {
        return false;
    }
    match tol.operator.as_deref().unwrap_or("") {
        // An empty operator means Equal (the API server defaults it, but the helper does not rely on that).
        "" | "Equal" => tol.value.as_deref().unwrap_or("") == taint.value.as_deref().unwrap_or(""),
        "Exists" => true,
        _ => false,
    }
}

/// `TolerationsTolerateTaint`: whether any toleration tolerates the taint.
pub fn tolerations_tolerate_taint(tolerations: &[Toleration], taint: &Taint) -> bool {
    tolerations.iter().any(|t| tolerates(t, taint))
}

/// `FindMatchingUntoleratedTaint`: the first taint (in node order) passing `include`
/// that no toleration tolerates.
pub fn find_matching_untolerated_taint<'a>(
    taints: &'a [Taint],
    tolerations: &[Toleration],
    include: impl Fn(&Taint) -> bool,
) -> Option<&'a Taint> {
    taints.iter().filter(|t| include(t)).find(|t| !tolerations_tolerate_taint(tolerations, t))
}

/// The scheduler's `DoNotScheduleTaintsFilterFunc`: only `NoSchedule` and `NoExecute` taints.
pub fn is_do_not_schedule_taint(taint: &Taint) -> bool {
    taint.effect == EFFECT_NO_SCHEDULE || taint.effect == EFFECT_NO_EXECUTE
}

/// `Taint.ToString`: `key=value:Effect`, or `key:Effect` without a value.
pub fn taint_to_string(taint: &Taint) -> String {
    match taint.value.as_deref() {
        None | Some("") => format!("{}:{}", taint.key, taint.effect),
        Some(v) => format!("{}={}:{}", taint.key, v, taint.effect),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tol(key: &str, op: &str, value: &str, effect: &str) -> Toleration {
        let opt = |s: &str| if s.is_empty() { None } else { Some(s.to_string()) };
        Toleration { key: opt(key), operator: opt(op), value: opt(value), effect: opt(effect), toleration_seconds: None }
    }

    fn taint(key: &str, value: &str, effect: &str) -> Taint {
        Taint {
            key: key.to_string(),
            value: if value.is_empty() { None } else { Some(value.to_string()) },
            effect: effect.to_string(),
            time_added: None,
        }
    }

    #[test]
    fn upstream_tolerates_taint_table() {
        // TestTolerationToleratesTaint (toleration_test.go) plus the gate-off operators.
        let cases = [
            ("empty toleration key with Exists tolerates every taint", tol("", "Exists", "", ""), taint("foo", "bar", "NoSchedule"), true),
            ("same key and effect, Exists, taint without value", tol("foo", "Exists", "", "NoSchedule"), taint("foo", "", "NoSchedule"), true),
            ("same key and effect, Exists, taint with a value", tol("foo", "Exists", "", "NoSchedule"), taint("foo", "bar", "NoSchedule"), true),
            ("same key, effect and value, Equal", tol("foo", "Equal", "bar", "NoSchedule"), taint("foo", "bar", "NoSchedule"), true),
            ("same key and effect, Equal, different value", tol("foo", "Equal", "value1", "NoSchedule"), taint("foo", "value2", "NoSchedule"), false),
            ("same key and value, different effect", tol("foo", "Equal", "bar", "NoSchedule"), taint("foo", "bar", "PreferNoSchedule"), false),
            ("empty toleration effect matches every effect", tol("foo", "Equal", "bar", ""), taint("foo", "bar", "NoExecute"), true),
            ("different key", tol("foo", "Exists", "", ""), taint("other", "bar", "NoSchedule"), false),
            ("empty operator means Equal", tol("foo", "", "bar", "NoSchedule"), taint("foo", "bar", "NoSchedule"), true),
            ("Equal with empty values on both sides", tol("foo", "Equal", "", ""), taint("foo", "", "NoSchedule"), true),
            ("Gt is off behind the alpha gate", tol("foo", "Gt", "1", ""), taint("foo", "5", "NoSchedule"), false),
            ("Lt is off behind the alpha gate", tol("foo", "Lt", "9", ""), taint("foo", "5", "NoSchedule"), false),
            ("unknown operator", tol("foo", "Bogus", "bar", ""), taint("foo", "bar", "NoSchedule"), false),
        ];
        for (name, t, tn, want) in cases {
            assert_eq!(tolerates(&t, &tn), want, "{name}");
        }
    }

    #[test]
    fn finds_first_untolerated_do_not_schedule_taint() {
        let taints = vec![
            taint("soft", "", "PreferNoSchedule"),
            taint("node.kubernetes.io/unschedulable", "", "NoSchedule"),
            taint("dedicated", "db", "NoSchedule"),
            taint("gone", "", "NoExecute"),
        ];
        let tolerations = vec![tol("node.kubernetes.io/unschedulable", "Exists", "", "NoSchedule")];
        let found = find_matching_untolerated_taint(&taints, &tolerations, is_do_not_schedule_taint);
        assert_eq!(found.map(|t| t.key.as_str()), Some("dedicated"));
        let all = vec![tol("", "Exists", "", "")];
        assert_eq!(find_matching_untolerated_taint(&taints, &all, is_do_not_schedule_taint), None);
        let only_no_execute = |t: &Taint| t.effect == EFFECT_NO_EXECUTE;
        let found = find_matching_untolerated_taint(&taints, &tolerations, only_no_execute);
        assert_eq!(found.map(|t| t.key.as_str()), Some("gone"));
        assert_eq!(find_matching_untolerated_taint(&[], &[], |_| true), None);
    }

    #[test]
    fn taint_strings() {
        assert_eq!(taint_to_string(&taint("dedicated", "db", "NoSchedule")), "dedicated=db:NoSchedule");
        assert_eq!(taint_to_string(&taint("node.kubernetes.io/not-ready", "", "NoExecute")), "node.kubernetes.io/not-ready:NoExecute");
    }
}
