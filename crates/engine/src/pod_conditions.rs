//! Writing a pod's status conditions as upstream's `UpdatePodCondition` does: the
//! condition of the same type is replaced where it stands (or appended), and its
//! `lastTransitionTime` is kept when the status did not change.

use k8s_openapi::api::core::v1::{Pod, PodCondition, PodStatus};

use crate::clock;

/// A condition whose status is what it was keeps the time it last changed.
pub fn keep_transition_time(condition: &mut PodCondition, previous: Option<&PodCondition>) {
    if let Some(previous) = previous.filter(|p| p.status == condition.status) {
        condition.last_transition_time = previous.last_transition_time.clone();
    }
}

/// Sets `condition` on `pod`; its `last_transition_time` is taken as "now".
pub fn set_pod_condition(pod: &mut Pod, mut condition: PodCondition) {
    let conditions = pod.status.get_or_insert_with(PodStatus::default).conditions.get_or_insert_with(Vec::new);
    match conditions.iter_mut().find(|c| c.type_ == condition.type_) {
        Some(existing) => {
            keep_transition_time(&mut condition, Some(existing));
            *existing = condition;
        }
        None => conditions.push(condition),
    }
}

/// The DisruptionTarget condition a component sets before it deletes a pod
/// (`DeletionByTaintManager`, `PreemptionByScheduler`).
pub fn set_disruption_target(pod: &mut Pod, reason: &str, message: &str, now_ms: u64) {
    set_pod_condition(
        pod,
        PodCondition {
            type_: "DisruptionTarget".into(),
            status: "True".into(),
            reason: Some(reason.into()),
            message: Some(message.into()),
            last_transition_time: Some(clock::timestamp(now_ms)),
            ..Default::default()
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaced_in_place_and_the_transition_kept_while_the_status_holds() {
        let mut pod = Pod::default();
        let condition = |type_: &str, status: &str, at: u64| PodCondition {
            type_: type_.into(),
            status: status.into(),
            last_transition_time: Some(clock::timestamp(at)),
            ..Default::default()
        };
        set_pod_condition(&mut pod, condition("PodScheduled", "False", 1));
        set_pod_condition(&mut pod, condition("Ready", "False", 2));
        set_pod_condition(&mut pod, condition("PodScheduled", "False", 3));
        let conditions = pod.status.as_ref().and_then(|s| s.conditions.clone()).unwrap_or_default();
        assert_eq!(conditions.iter().map(|c| c.type_.as_str()).collect::<Vec<_>>(), ["PodScheduled", "Ready"]);
        assert_eq!(conditions[0].last_transition_time, Some(clock::timestamp(1)), "same status, same transition");
        set_pod_condition(&mut pod, condition("PodScheduled", "True", 4));
        let conditions = pod.status.as_ref().and_then(|s| s.conditions.clone()).unwrap_or_default();
        assert_eq!(conditions[0].last_transition_time, Some(clock::timestamp(4)));
    }
}
