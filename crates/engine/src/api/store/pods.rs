//! Pods: creation with admission and defaulting, writes, graceful deletion, removal.

use k8s_openapi::api::core::v1::{Pod, PodCondition, PodStatus, Toleration};

use dsplay_model::{defaults, tolerations, validation};

use super::{strip_scenario_annotations, Api};
use crate::api::{key, name_of, priority_admission, runtime_class_admission, service_account_admission, ApiError, Change, NameGenerator};
use crate::clock;
use crate::controller::daemonset::util::target_node_name;
use crate::pod_readiness::is_terminal;
use crate::state::Stored;

/// DefaultTolerationSeconds admission plugin: 300 s for not-ready and unreachable.
const DEFAULT_TOLERATION_SECONDS: i64 = 300;

impl Api {
    pub fn create_pod(&mut self, mut pod: Pod) -> Result<String, ApiError> {
        strip_scenario_annotations(&mut pod.metadata);
        let namespace = pod.metadata.namespace.clone().unwrap_or_else(|| "default".into());
        pod.metadata.namespace = Some(namespace.clone());
        // Admission runs before the registry generates a name, so a refusal names the
        // pod by its generateName (`pods "agent-" is forbidden`).
        let forbidden = |pod: &Pod, reason: String| {
            let meta = &pod.metadata;
            let name = [&meta.name, &meta.generate_name].into_iter().flatten().find(|n| !n.is_empty());
            let name = name.cloned().unwrap_or_else(|| "Unknown".into());
            ApiError::Forbidden { resource: "pods".into(), name, reason }
        };
        let admitted = priority_admission::admit_pod(pod.spec.get_or_insert_with(Default::default))
            .and_then(|()| runtime_class_admission::admit_pod(pod.spec.get_or_insert_with(Default::default)));
        if let Err(reason) = admitted {
            return Err(forbidden(&pod, reason));
        }
        if pod.metadata.name.as_deref().unwrap_or("").is_empty() {
            let prefix = pod.metadata.generate_name.clone().unwrap_or_default();
            let mut name = format!("{prefix}{}", self.names.suffix());
            while self.state.pods.contains_key(key(Some(&namespace), &name).as_str()) {
                name = format!("{prefix}{}", self.names.suffix());
            }
            pod.metadata.name = Some(name);
        }
        let name = pod.metadata.name.clone().unwrap_or_default();
        let pod_key = key(Some(&namespace), &name);
        if self.state.pods.contains_key(pod_key.as_str()) {
            return Err(ApiError::AlreadyExists { resource: "pods".into(), name });
        }
        // The token volume's suffix is drawn for this pod alone, so that it shifts no
        // generated pod name.
        let volume_suffix = NameGenerator::suffix_for(pod_key.as_str());
        service_account_admission::admit_pod(pod.spec.get_or_insert_with(Default::default), &volume_suffix);
        defaults::default_pod(&mut pod);
        add_default_toleration_seconds(&mut pod);
        let errors = validation::validate_pod(&pod);
        if !errors.is_empty() {
            return Err(ApiError::invalid("Pod", &name, &errors));
        }
        if let Err(reason) = runtime_class_admission::validate_pod(pod.spec.get_or_insert_with(Default::default)) {
            return Err(forbidden(&pod, reason));
        }
        if let Some(spec) = &pod.spec {
            self.warnings.extend(dsplay_model::warnings::pod_spec_warnings(spec, "spec"));
        }
        let status = pod.status.get_or_insert_with(PodStatus::default);
        status.phase.get_or_insert_with(|| "Pending".into());
        status.qos_class = pod.spec.as_ref().map(|spec| dsplay_model::qos::pod_qos_class(spec).to_string());
        mark_scheduling_gated(&mut pod, self.now_ms);
        self.stamp_new(&mut pod.metadata);
        self.state.pods.insert(pod_key.as_str().into(), Stored::new(pod));
        self.changes.push(Change::PodAdded(pod_key.clone()));
        Ok(pod_key)
    }

    /// Any write of a pod by a component (binding, status, labels, adoption).
    pub fn update_pod(&mut self, mut pod: Pod) {
        let pod_key = key(pod.metadata.namespace.as_deref(), pod.metadata.name.as_deref().unwrap_or(""));
        let Some(old) = self.state.pods.get(pod_key.as_str()).cloned() else { return };
        // Status first: most writes change it, and it is the cheapest part to tell apart.
        if pod.status == old.status && pod.metadata == old.metadata && pod.spec == old.spec {
            return;
        }
        self.stamp_update(&mut pod.metadata);
        self.state.pods.insert(pod_key.as_str().into(), Stored::new(pod));
        self.changes.push(Change::PodUpdated { key: pod_key, old });
    }

    /// Graceful deletion: a bound pod gets a deletionTimestamp and its kubelet finishes
    /// the job; an unbound pod, or one deleted with grace 0, leaves the store at once.
    pub fn delete_pod(&mut self, pod_key: &str, grace_seconds: Option<i64>) -> Result<(), ApiError> {
        let Some(pod) = self.state.pods.get(pod_key).map(|p| (**p).clone()) else {
            return Err(ApiError::NotFound { resource: "pods".into(), name: name_of(pod_key).to_string() });
        };
        if pod.metadata.deletion_timestamp.is_some() && grace_seconds != Some(0) {
            return Ok(());
        }
        let spec_grace = pod.spec.as_ref().and_then(|s| s.termination_grace_period_seconds).unwrap_or(30);
        let grace = grace_seconds.unwrap_or(spec_grace).max(0);
        let bound = pod.spec.as_ref().and_then(|s| s.node_name.as_deref()).is_some_and(|n| !n.is_empty());
        if grace == 0 || !bound || is_terminal(&pod) {
            self.remove_pod(pod_key);
            return Ok(());
        }
        let mut deleting = pod;
        deleting.metadata.deletion_timestamp = Some(clock::timestamp(self.now_ms.saturating_add(clock::seconds(grace))));
        deleting.metadata.deletion_grace_period_seconds = Some(grace);
        self.update_pod(deleting);
        Ok(())
    }

    /// The pod leaves the store (the kubelet confirmed termination, or a force delete).
    pub fn remove_pod(&mut self, pod_key: &str) {
        if let Some(pod) = self.state.pods.remove(pod_key) {
            if let Some(node) = target_node_name(&pod) {
                self.gone_pod_nodes.insert(pod_key.to_string(), node.to_string());
            }
            self.remember_uid(format!("Pod/{pod_key}"), &pod.metadata);
            self.changes.push(Change::PodDeleted(pod));
        }
    }
}

/// The DefaultTolerationSeconds admission plugin: pods that do not already tolerate
/// not-ready / unreachable NoExecute get a 300 s toleration for each.
fn add_default_toleration_seconds(pod: &mut Pod) {
    let Some(spec) = pod.spec.as_mut() else { return };
    let existing = spec.tolerations.get_or_insert_with(Vec::new);
    for taint_key in ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"] {
        let taint = k8s_openapi::api::core::v1::Taint {
            key: taint_key.into(),
            effect: "NoExecute".into(),
            ..Default::default()
        };
        if existing.iter().any(|t| tolerations::tolerates(t, &taint)) {
            continue;
        }
        existing.push(Toleration {
            key: Some(taint_key.into()),
            operator: Some("Exists".into()),
            effect: Some("NoExecute".into()),
            toleration_seconds: Some(DEFAULT_TOLERATION_SECONDS),
            ..Default::default()
        });
    }
}

/// The pod strategy's `applySchedulingGatedCondition`: a new pod with scheduling gates
/// is PodScheduled=False, SchedulingGated, unless it comes with a PodScheduled condition.
fn mark_scheduling_gated(pod: &mut Pod, now_ms: u64) {
    let gated = pod.spec.as_ref().and_then(|s| s.scheduling_gates.as_ref()).is_some_and(|gates| !gates.is_empty());
    let conditions = pod.status.as_ref().and_then(|s| s.conditions.as_ref());
    if !gated || conditions.is_some_and(|c| c.iter().any(|c| c.type_ == "PodScheduled")) {
        return;
    }
    let condition = PodCondition {
        type_: "PodScheduled".into(),
        status: "False".into(),
        reason: Some("SchedulingGated".into()),
        message: Some("Scheduling is blocked due to non-empty scheduling gates".into()),
        last_transition_time: Some(clock::timestamp(now_ms)),
        ..Default::default()
    };
    crate::pod_conditions::set_pod_condition(pod, condition);
}
