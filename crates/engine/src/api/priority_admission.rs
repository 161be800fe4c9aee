//! The Priority admission plugin (`plugin/pkg/admission/priority`): on pod create it
//! resolves `spec.priorityClassName` to `spec.priority` and `spec.preemptionPolicy`,
//! and refuses a class that does not exist or a priority the pod states itself.
//!
//! The simulated cluster holds the two PriorityClasses every cluster has and no other,
//! so no class is `globalDefault`: a pod without a class gets priority 0.

use k8s_openapi::api::core::v1::PodSpec;

pub const SYSTEM_NODE_CRITICAL: &str = "system-node-critical";
pub const SYSTEM_CLUSTER_CRITICAL: &str = "system-cluster-critical";
/// `scheduling.SystemCriticalPriority`: twice the highest user-definable priority.
pub const SYSTEM_CRITICAL_PRIORITY: i32 = 2_000_000_000;
/// `scheduling.DefaultPriorityWhenNoDefaultClassExists`.
const DEFAULT_PRIORITY: i32 = 0;
/// The policy a PriorityClass gets when it names none, and a pod without a class.
pub const PREEMPT_LOWER_PRIORITY: &str = "PreemptLowerPriority";

/// What a PriorityClass gives a pod.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriorityClass {
    pub name: &'static str,
    pub value: i32,
    pub preemption_policy: &'static str,
}

/// `scheduling.SystemPriorityClasses()`, created by the API server at start-up.
pub const SYSTEM_PRIORITY_CLASSES: [PriorityClass; 2] = [
    PriorityClass { name: SYSTEM_NODE_CRITICAL, value: SYSTEM_CRITICAL_PRIORITY + 1000, preemption_policy: PREEMPT_LOWER_PRIORITY },
    PriorityClass { name: SYSTEM_CLUSTER_CRITICAL, value: SYSTEM_CRITICAL_PRIORITY, preemption_policy: PREEMPT_LOWER_PRIORITY },
];

pub fn priority_class(name: &str) -> Option<&'static PriorityClass> {
    SYSTEM_PRIORITY_CLASSES.iter().find(|class| class.name == name)
}

/// `admitPod` for a create: fills in priority and preemption policy, or gives the
/// reason the API server answers Forbidden with.
pub fn admit_pod(spec: &mut PodSpec) -> Result<(), String> {
    let (priority, policy) = match spec.priority_class_name.as_deref().filter(|name| !name.is_empty()) {
        None => (DEFAULT_PRIORITY, PREEMPT_LOWER_PRIORITY),
        Some(name) => {
            let class = priority_class(name).ok_or_else(|| format!("no PriorityClass with name {name} was found"))?;
            (class.value, class.preemption_policy)
        }
    };
    if let Some(stated) = spec.priority.filter(|stated| *stated != priority) {
        return Err(format!(
            "the integer value of priority ({stated}) must not be provided in pod spec; \
             priority admission controller computed {priority} from the given PriorityClass name"
        ));
    }
    if let Some(stated) = spec.preemption_policy.as_deref().filter(|stated| *stated != policy) {
        return Err(format!(
            "the string value of PreemptionPolicy ({stated}) must not be provided in pod spec; \
             priority admission controller computed {policy} from the given PriorityClass name"
        ));
    }
    spec.priority = Some(priority);
    spec.preemption_policy = Some(policy.to_string());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(class: Option<&str>, priority: Option<i32>) -> PodSpec {
        PodSpec { priority_class_name: class.map(str::to_string), priority, ..Default::default() }
    }

    #[test]
    fn a_system_class_resolves_to_its_value_and_policy() {
        let mut node_critical = spec(Some(SYSTEM_NODE_CRITICAL), None);
        assert_eq!(admit_pod(&mut node_critical), Ok(()));
        assert_eq!(node_critical.priority, Some(2_000_001_000));
        assert_eq!(node_critical.preemption_policy.as_deref(), Some("PreemptLowerPriority"));
        let mut cluster_critical = spec(Some(SYSTEM_CLUSTER_CRITICAL), None);
        assert_eq!(admit_pod(&mut cluster_critical), Ok(()));
        assert_eq!(cluster_critical.priority, Some(2_000_000_000));
    }

    #[test]
    fn no_class_means_priority_zero_and_no_class_name() {
        let mut plain = spec(None, None);
        assert_eq!(admit_pod(&mut plain), Ok(()));
        assert_eq!((plain.priority, plain.priority_class_name), (Some(0), None));
        assert_eq!(plain.preemption_policy.as_deref(), Some("PreemptLowerPriority"));
    }

    #[test]
    fn an_unknown_class_is_refused() {
        assert_eq!(admit_pod(&mut spec(Some("foo"), None)), Err("no PriorityClass with name foo was found".to_string()));
    }

    #[test]
    fn a_stated_priority_must_match_the_class() {
        assert_eq!(admit_pod(&mut spec(Some(SYSTEM_NODE_CRITICAL), Some(2_000_001_000))), Ok(()));
        assert_eq!(
            admit_pod(&mut spec(None, Some(7))),
            Err("the integer value of priority (7) must not be provided in pod spec; \
                 priority admission controller computed 0 from the given PriorityClass name"
                .to_string())
        );
        let mut never = spec(None, None);
        never.preemption_policy = Some("Never".into());
        assert_eq!(
            admit_pod(&mut never),
            Err("the string value of PreemptionPolicy (Never) must not be provided in pod spec; \
                 priority admission controller computed PreemptLowerPriority from the given PriorityClass name"
                .to_string())
        );
    }
}
