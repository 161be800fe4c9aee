//! One row of `kubectl get daemonsets`.

use dsplay_model::k8s_openapi::api::apps::v1::DaemonSet;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DaemonSetRow {
    pub namespace: String,
    pub name: String,
    pub desired: i32,
    pub current: i32,
    pub ready: i32,
    pub up_to_date: i32,
    pub available: i32,
    /// `spec.template.spec.nodeSelector` as `k=v,k2=v2`, or `<none>`.
    pub node_selector: String,
}

impl DaemonSetRow {
    /// The columns kubectl's printer fills from `.status` (upstream
    /// `printDaemonSet` in pkg/printers/internalversion): optional counts print as 0.
    pub fn of(daemonset: &DaemonSet) -> DaemonSetRow {
        let status = daemonset.status.clone().unwrap_or_default();
        let selector = daemonset
            .spec
            .as_ref()
            .and_then(|spec| spec.template.spec.as_ref())
            .and_then(|pod| pod.node_selector.as_ref())
            .filter(|selector| !selector.is_empty())
            .map(|selector| selector.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(","))
            .unwrap_or_else(|| "<none>".to_string());
        DaemonSetRow {
            namespace: daemonset.metadata.namespace.clone().unwrap_or_else(|| "default".to_string()),
            name: daemonset.metadata.name.clone().unwrap_or_default(),
            desired: status.desired_number_scheduled,
            current: status.current_number_scheduled,
            ready: status.number_ready,
            up_to_date: status.updated_number_scheduled.unwrap_or(0),
            available: status.number_available.unwrap_or(0),
            node_selector: selector,
        }
    }
}
