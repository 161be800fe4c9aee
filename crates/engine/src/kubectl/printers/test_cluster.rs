//! A small hand-built cluster for the printer tests: two workers, one DaemonSet
//! `agent` with a pod on each, a revision, and a few events.

use std::collections::BTreeMap;

use k8s_openapi::api::apps::v1::{ControllerRevision, DaemonSet, DaemonSetSpec, DaemonSetStatus};
use k8s_openapi::api::core::v1::{
    Container, ContainerPort, ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting,
    ContainerStatus, HostPathVolumeSource, Node, NodeCondition, NodeSpec, NodeStatus, NodeSystemInfo, Pod,
    PodCondition, PodIP, PodSpec, PodStatus, PodTemplateSpec, ResourceRequirements, Taint, Toleration, Volume,
    VolumeMount,
};
use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{LabelSelector, ObjectMeta, OwnerReference};
use k8s_openapi::apimachinery::pkg::runtime::RawExtension;
use serde_json::json;

use crate::clock::{timestamp, MINUTE, SECOND};
use crate::state::{ClusterState, Event, Stored};

pub fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn quantities(pairs: &[(&str, &str)]) -> BTreeMap<String, Quantity> {
    pairs.iter().map(|(k, v)| (k.to_string(), Quantity(v.to_string()))).collect()
}

pub fn node(name: &str, ready: bool) -> Node {
    let condition = |type_: &str, status: &str, reason: &str, message: &str| NodeCondition {
        type_: type_.into(),
        status: status.into(),
        reason: Some(reason.into()),
        message: Some(message.into()),
        last_heartbeat_time: Some(timestamp(60 * SECOND)),
        last_transition_time: Some(timestamp(0)),
    };
    let resources = quantities(&[("cpu", "4"), ("memory", "8Gi"), ("pods", "110")]);
    Node {
        metadata: ObjectMeta {
            name: Some(name.into()),
            uid: Some(format!("uid-{name}")),
            creation_timestamp: Some(timestamp(0)),
            labels: Some(map(&[
                ("kubernetes.io/arch", "amd64"),
                ("kubernetes.io/hostname", name),
                ("kubernetes.io/os", "linux"),
            ])),
            ..Default::default()
        },
        spec: Some(NodeSpec::default()),
        status: Some(NodeStatus {
            conditions: Some(vec![if ready {
                condition("Ready", "True", "KubeletReady", "kubelet is posting ready status")
            } else {
                condition("Ready", "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.")
            }]),
            capacity: Some(resources.clone()),
            allocatable: Some(resources),
            node_info: Some(NodeSystemInfo { kubelet_version: "v1.36.0".into(), ..Default::default() }),
            ..Default::default()
        }),
    }
}

pub fn agent_template(image: &str) -> PodTemplateSpec {
    PodTemplateSpec {
        metadata: Some(ObjectMeta { labels: Some(map(&[("app", "agent")])), ..Default::default() }),
        spec: Some(PodSpec {
            containers: vec![Container {
                name: "agent".into(),
                image: Some(image.into()),
                ports: Some(vec![ContainerPort {
                    container_port: 9100,
                    host_port: Some(9100),
                    protocol: Some("TCP".into()),
                    ..Default::default()
                }]),
                resources: Some(ResourceRequirements {
                    requests: Some(quantities(&[("cpu", "100m"), ("memory", "64Mi")])),
                    limits: Some(quantities(&[("memory", "128Mi")])),
                    ..Default::default()
                }),
                volume_mounts: Some(vec![VolumeMount {
                    name: "proc".into(),
                    mount_path: "/host/proc".into(),
                    read_only: Some(true),
                    ..Default::default()
                }]),
                ..Default::default()
            }],
            volumes: Some(vec![Volume {
                name: "proc".into(),
                host_path: Some(HostPathVolumeSource { path: "/proc".into(), type_: Some(String::new()) }),
                ..Default::default()
            }]),
            tolerations: Some(vec![Toleration {
                key: Some("node.kubernetes.io/unreachable".into()),
                operator: Some("Exists".into()),
                effect: Some("NoExecute".into()),
                ..Default::default()
            }]),
            ..Default::default()
        }),
    }
}

pub fn daemonset() -> DaemonSet {
    DaemonSet {
        metadata: ObjectMeta {
            name: Some("agent".into()),
            namespace: Some("default".into()),
            uid: Some("uid-agent".into()),
            creation_timestamp: Some(timestamp(0)),
            annotations: Some(map(&[("deprecated.daemonset.template.generation", "1")])),
            ..Default::default()
        },
        spec: Some(DaemonSetSpec {
            selector: LabelSelector { match_labels: Some(map(&[("app", "agent")])), ..Default::default() },
            template: agent_template("prom/node-exporter:v1.8.0"),
            ..Default::default()
        }),
        status: Some(DaemonSetStatus {
            desired_number_scheduled: 2,
            current_number_scheduled: 2,
            number_ready: 1,
            updated_number_scheduled: Some(2),
            number_available: Some(1),
            number_misscheduled: 0,
            ..Default::default()
        }),
    }
}

fn owner() -> OwnerReference {
    OwnerReference {
        api_version: "apps/v1".into(),
        kind: "DaemonSet".into(),
        name: "agent".into(),
        uid: "uid-agent".into(),
        controller: Some(true),
        block_owner_deletion: Some(true),
    }
}

/// A daemon pod on `node`, created at `created_ms`; running and ready, or still creating.
pub fn daemon_pod(name: &str, node: &str, created_ms: u64, running: bool) -> Pod {
    let template = agent_template("prom/node-exporter:v1.8.0");
    let mut spec = template.spec.unwrap_or_default();
    spec.node_name = Some(node.into());
    let condition = |type_: &str, status: bool| PodCondition {
        type_: type_.into(),
        status: if status { "True" } else { "False" }.into(),
        ..Default::default()
    };
    let state = if running {
        ContainerState {
            running: Some(ContainerStateRunning { started_at: Some(timestamp(created_ms + 2 * SECOND)) }),
            ..Default::default()
        }
    } else {
        ContainerState {
            waiting: Some(ContainerStateWaiting { reason: Some("ContainerCreating".into()), message: None }),
            ..Default::default()
        }
    };
    Pod {
        metadata: ObjectMeta {
            name: Some(name.into()),
            namespace: Some("default".into()),
            uid: Some(format!("uid-{name}")),
            creation_timestamp: Some(timestamp(created_ms)),
            labels: Some(map(&[("app", "agent")])),
            owner_references: Some(vec![owner()]),
            ..Default::default()
        },
        spec: Some(spec),
        status: Some(PodStatus {
            phase: Some(if running { "Running" } else { "Pending" }.into()),
            host_ip: Some("10.0.0.1".into()),
            pod_ip: running.then(|| "10.244.1.5".to_string()),
            pod_ips: running.then(|| vec![PodIP { ip: "10.244.1.5".into() }]),
            start_time: Some(timestamp(created_ms)),
            conditions: Some(vec![
                condition("PodReadyToStartContainers", running),
                condition("Initialized", true),
                condition("Ready", running),
                condition("ContainersReady", running),
                condition("PodScheduled", true),
            ]),
            container_statuses: Some(vec![ContainerStatus {
                name: "agent".into(),
                image: "prom/node-exporter:v1.8.0".into(),
                image_id: if running { "docker.io/prom/node-exporter@sha256:abc".into() } else { String::new() },
                container_id: running.then(|| "containerd://0123".to_string()),
                ready: running,
                started: Some(running),
                restart_count: 0,
                state: Some(state),
                ..Default::default()
            }]),
            qos_class: Some("Burstable".into()),
            ..Default::default()
        }),
    }
}

/// Marks the pod's container as restarted `count` times, last finishing at `finished_ms`.
pub fn with_restarts(mut pod: Pod, count: i32, finished_ms: u64) -> Pod {
    if let Some(status) = pod.status.as_mut().and_then(|s| s.container_statuses.as_mut()).and_then(|c| c.first_mut()) {
        status.restart_count = count;
        status.last_state = Some(ContainerState {
            terminated: Some(ContainerStateTerminated {
                exit_code: 1,
                reason: Some("Error".into()),
                finished_at: Some(timestamp(finished_ms)),
                ..Default::default()
            }),
            ..Default::default()
        });
    }
    pod
}

pub fn revision(number: i64, image: &str, change_cause: Option<&str>) -> ControllerRevision {
    let mut template = serde_json::to_value(agent_template(image)).unwrap_or_default();
    if let Some(object) = template.as_object_mut() {
        object.insert("$patch".into(), json!("replace"));
    }
    ControllerRevision {
        metadata: ObjectMeta {
            name: Some(format!("agent-{number}f6d9c8b7")),
            namespace: Some("default".into()),
            creation_timestamp: Some(timestamp((number as u64 - 1) * MINUTE)),
            labels: Some(map(&[("app", "agent"), ("controller-revision-hash", "6d9c8b7")])),
            annotations: change_cause.map(|c| map(&[("kubernetes.io/change-cause", c)])),
            owner_references: Some(vec![owner()]),
            ..Default::default()
        },
        data: Some(RawExtension(json!({ "spec": { "template": template } }))),
        revision: number,
    }
}

pub fn event(object: &str, reason: &str, source: &str, message: &str, first_ms: u64, last_ms: u64, count: u32) -> Stored<Event> {
    Stored::new(Event {
        time_ms: last_ms,
        first_time_ms: first_ms,
        event_type: if reason == "FailedDaemonPod" { "Warning" } else { "Normal" }.into(),
        reason: reason.into(),
        object: object.into(),
        node: None,
        uid: None,
        field_path: None,
        source: source.into(),
        message: message.into(),
        count,
    })
}

/// node-01 (ready, running agent-aaaaa) and node-02 (not ready, agent-bbbbb creating).
pub fn cluster() -> ClusterState {
    let mut state = ClusterState::default();
    for (name, ready) in [("node-01", true), ("node-02", false)] {
        state.nodes.insert(name.into(), node(name, ready).into());
    }
    state.daemonsets.insert("default/agent".into(), daemonset().into());
    state.pods.insert("default/agent-aaaaa".into(), daemon_pod("agent-aaaaa", "node-01", 0, true).into());
    state.pods.insert("default/agent-bbbbb".into(), daemon_pod("agent-bbbbb", "node-02", 30 * SECOND, false).into());
    state.revisions.insert("default/agent-1f6d9c8b7".into(), revision(1, "prom/node-exporter:v1.8.0", None).into());
    state.events.push_back(event(
        "DaemonSet/default/agent",
        "SuccessfulCreate",
        "daemonset-controller",
        "Created pod: agent-aaaaa",
        0,
        0,
        1,
    ));
    state.events.push_back(event(
        "Pod/default/agent-aaaaa",
        "Scheduled",
        "default-scheduler",
        "Successfully assigned default/agent-aaaaa to node-01",
        0,
        0,
        1,
    ));
    state.events.push_back(event("Node/node-02", "NodeNotReady", "node-controller", "Node node-02 status is now: NodeNotReady", 40 * SECOND, 40 * SECOND, 1));
    state
}

/// A taint, for describe node.
pub fn taint(key: &str, effect: &str) -> Taint {
    Taint { key: key.into(), effect: effect.into(), value: None, time_added: None }
}
