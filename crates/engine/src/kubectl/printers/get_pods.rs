//! `kubectl get pods` (`printPod` in `pkg/printers/internalversion/printers.go`).

use k8s_openapi::api::core::v1::{Container, ContainerStatus, Pod};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::Time;

use crate::state::ClusterState;

use super::label_columns::LabelColumns;
use super::age;
use super::table::list_cells;
use super::{nothing_found, object_namespace, select};

/// Pod status reason the node lifecycle controller sets on pods of an unreachable node.
const NODE_UNREACHABLE_POD_REASON: &str = "NodeLost";

pub fn get_pods(
    state: &ClusterState,
    namespace: Option<&str>,
    name: Option<&str>,
    wide: bool,
    labels: &LabelColumns,
    now_ms: u64,
) -> Result<String, String> {
    let pods: Vec<&Pod> = select(state.pods.values().map(|p| p.as_ref()), namespace, name);
    if pods.is_empty() {
        return nothing_found("pods", namespace, name);
    }
    let mut headers = vec!["NAME", "READY", "STATUS", "RESTARTS", "AGE"];
    if wide {
        headers.extend(["IP", "NODE", "NOMINATED NODE", "READINESS GATES"]);
    }
    let (headers, rows) = list_cells(headers, &pods, namespace, |o| object_namespace(&o.metadata).to_string(), |o| pod_row(o, wide, now_ms));
    Ok(labels.render(&headers, rows, &pods))
}

fn is_restartable_init(container: Option<&Container>) -> bool {
    container.is_some_and(|c| c.restart_policy.as_deref() == Some("Always"))
}

fn later(a: Option<Time>, b: Option<&Time>) -> Option<Time> {
    match (a, b) {
        (Some(a), Some(b)) if b.0 > a.0 => Some(b.clone()),
        (None, Some(b)) => Some(b.clone()),
        (a, _) => a,
    }
}

fn last_terminated_at(status: &ContainerStatus) -> Option<&Time> {
    status.last_state.as_ref()?.terminated.as_ref()?.finished_at.as_ref()
}

/// The STATUS column of `kubectl get pods` for one pod: the phase, or the pod's
/// reason (`Evicted`, `OutOfcpu`, `NodeAffinity`), or a container's waiting or
/// terminated reason (`ContainerCreating`, `ErrImagePull`, `ImagePullBackOff`,
/// `CrashLoopBackOff`, `Error`, `Init:0/1`), or `Terminating`, as kubectl prints it.
pub fn pod_status(pod: &Pod) -> String {
    pod_columns(pod).reason
}

/// READY, STATUS and RESTARTS before they are printed.
struct PodColumns {
    ready: usize,
    total: usize,
    reason: String,
    restarts: i64,
    last_restart: Option<Time>,
}

/// NAME, READY, STATUS, RESTARTS, AGE (and the wide columns) of one pod.
pub fn pod_row(pod: &Pod, wide: bool, now_ms: u64) -> Vec<String> {
    let spec = pod.spec.as_ref();
    let status = pod.status.as_ref();
    let conditions = status.and_then(|s| s.conditions.as_ref());
    let PodColumns { ready, total, reason, restarts, last_restart } = pod_columns(pod);

    let restarts_text = match last_restart.filter(|_| restarts != 0) {
        Some(at) => format!("{restarts} ({} ago)", age::translate_timestamp_since(Some(&at), now_ms)),
        None => restarts.to_string(),
    };
    let mut row = vec![
        pod.metadata.name.clone().unwrap_or_default(),
        format!("{ready}/{total}"),
        reason,
        restarts_text,
        age::translate_timestamp_since(pod.metadata.creation_timestamp.as_ref(), now_ms),
    ];
    if wide {
        let or_none = |s: Option<String>| s.filter(|s| !s.is_empty()).unwrap_or_else(|| "<none>".to_string());
        let ip = status.and_then(|s| s.pod_ips.as_ref()).and_then(|ips| ips.first()).map(|ip| ip.ip.clone());
        let gates = spec.and_then(|s| s.readiness_gates.as_ref()).filter(|g| !g.is_empty());
        let gates_text = match gates {
            None => "<none>".to_string(),
            Some(gates) => {
                let true_count = gates
                    .iter()
                    .filter(|g| {
                        conditions
                            .into_iter()
                            .flatten()
                            .find(|c| c.type_ == g.condition_type)
                            .is_some_and(|c| c.status == "True")
                    })
                    .count();
                format!("{true_count}/{}", gates.len())
            }
        };
        row.push(or_none(ip));
        row.push(or_none(spec.and_then(|s| s.node_name.clone())));
        row.push(or_none(status.and_then(|s| s.nominated_node_name.clone())));
        row.push(gates_text);
    }
    row
}

fn pod_columns(pod: &Pod) -> PodColumns {
    let spec = pod.spec.as_ref();
    let status = pod.status.as_ref();
    let phase = status.and_then(|s| s.phase.clone()).unwrap_or_default();
    let mut reason = phase.clone();
    if let Some(r) = status.and_then(|s| s.reason.clone()).filter(|r| !r.is_empty()) {
        reason = r;
    }
    let conditions = status.and_then(|s| s.conditions.as_ref());
    if conditions
        .into_iter()
        .flatten()
        .any(|c| c.type_ == "PodScheduled" && c.reason.as_deref() == Some("SchedulingGated"))
    {
        reason = "SchedulingGated".to_string();
    }

    let init_containers: &[Container] = spec.and_then(|s| s.init_containers.as_deref()).unwrap_or_default();
    let init_of = |name: &str| init_containers.iter().find(|c| c.name == name);
    let mut total = spec.map_or(0, |s| s.containers.len());
    total += init_containers.iter().filter(|c| is_restartable_init(Some(c))).count();
    let mut ready = 0;
    let mut restarts: i64 = 0;
    let mut sidecar_restarts: i64 = 0;
    let mut last_restart: Option<Time> = None;
    let mut last_sidecar_restart: Option<Time> = None;

    let init_statuses: &[ContainerStatus] = status.and_then(|s| s.init_container_statuses.as_deref()).unwrap_or_default();
    let mut initializing = false;
    for (i, cs) in init_statuses.iter().enumerate() {
        restarts += i64::from(cs.restart_count);
        last_restart = later(last_restart, last_terminated_at(cs));
        let sidecar = is_restartable_init(init_of(&cs.name));
        if sidecar {
            sidecar_restarts += i64::from(cs.restart_count);
            last_sidecar_restart = later(last_sidecar_restart, last_terminated_at(cs));
        }
        let state = cs.state.clone().unwrap_or_default();
        if state.terminated.as_ref().is_some_and(|t| t.exit_code == 0) {
            continue;
        }
        if sidecar && cs.started == Some(true) {
            if cs.ready {
                ready += 1;
            }
            continue;
        }
        if let Some(t) = &state.terminated {
            reason = match t.reason.as_deref().filter(|r| !r.is_empty()) {
                Some(r) => format!("Init:{r}"),
                None => match t.signal.filter(|s| *s != 0) {
                    Some(signal) => format!("Init:Signal:{signal}"),
                    None => format!("Init:ExitCode:{}", t.exit_code),
                },
            };
        } else if let Some(r) =
            state.waiting.as_ref().and_then(|w| w.reason.as_deref()).filter(|r| !r.is_empty() && *r != "PodInitializing")
        {
            reason = format!("Init:{r}");
        } else {
            reason = format!("Init:{i}/{}", init_containers.len());
        }
        initializing = true;
        break;
    }

    let initialized =
        conditions.into_iter().flatten().any(|c| c.type_ == "Initialized" && c.status == "True");
    if !initializing || initialized {
        restarts = sidecar_restarts;
        last_restart = last_sidecar_restart;
        let mut has_running = false;
        let statuses: &[ContainerStatus] = status.and_then(|s| s.container_statuses.as_deref()).unwrap_or_default();
        for cs in statuses.iter().rev() {
            restarts += i64::from(cs.restart_count);
            last_restart = later(last_restart, last_terminated_at(cs));
            let state = cs.state.clone().unwrap_or_default();
            if let Some(r) = state.waiting.as_ref().and_then(|w| w.reason.clone()).filter(|r| !r.is_empty()) {
                reason = r;
            } else if let Some(t) = &state.terminated {
                reason = match t.reason.clone().filter(|r| !r.is_empty()) {
                    Some(r) => r,
                    None => match t.signal.filter(|s| *s != 0) {
                        Some(signal) => format!("Signal:{signal}"),
                        None => format!("ExitCode:{}", t.exit_code),
                    },
                };
            } else if cs.ready && state.running.is_some() {
                has_running = true;
                ready += 1;
            }
        }
        if reason == "Completed" && has_running {
            let pod_ready = conditions.into_iter().flatten().any(|c| c.type_ == "Ready" && c.status == "True");
            reason = if pod_ready { "Running" } else { "NotReady" }.to_string();
        }
    }

    let terminal = phase == "Succeeded" || phase == "Failed";
    if pod.metadata.deletion_timestamp.is_some() {
        if status.and_then(|s| s.reason.as_deref()) == Some(NODE_UNREACHABLE_POD_REASON) {
            reason = "Unknown".to_string();
        } else if !terminal {
            reason = "Terminating".to_string();
        }
    }

    PodColumns { ready, total, reason, restarts, last_restart }
}
