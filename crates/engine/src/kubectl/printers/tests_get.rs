//! `kubectl get` tables over the test cluster, compared with kubectl's exact text.

use super::LabelColumns;
use super::test_cluster::{cluster, daemon_pod, with_restarts};
use super::*;
use crate::clock::{timestamp, MINUTE, SECOND};
use crate::state::{ClusterState, Stored};

const NOW: u64 = 2 * MINUTE;

#[test]
fn get_pods_prints_status_and_age() {
    let text = get_pods(&cluster(), Some("default"), None, false, &LabelColumns::default(), NOW);
    assert_eq!(
        text.as_deref(),
        Ok("NAME          READY   STATUS              RESTARTS   AGE\n\
            agent-aaaaa   1/1     Running             0          2m\n\
            agent-bbbbb   0/1     ContainerCreating   0          90s\n")
    );
}

#[test]
fn get_pods_wide_and_all_namespaces() {
    let mut state = cluster();
    state.pods.remove("default/agent-bbbbb");
    let text = get_pods(&state, None, None, true, &LabelColumns::default(), NOW);
    assert_eq!(
        text.as_deref(),
        Ok("NAMESPACE   NAME          READY   STATUS    RESTARTS   AGE   IP           NODE      NOMINATED NODE   READINESS GATES\n\
            default     agent-aaaaa   1/1     Running   0          2m    10.244.1.5   node-01   <none>           <none>\n")
    );
}

#[test]
fn get_pods_shows_restarts_terminating_and_unknown() {
    let mut state = cluster();
    let restarted = with_restarts(daemon_pod("agent-ccccc", "node-01", 0, true), 3, NOW - 25 * SECOND);
    state.pods.insert("default/agent-ccccc".into(), restarted.into());
    let mut deleting = daemon_pod("agent-ddddd", "node-01", 0, true);
    deleting.metadata.deletion_timestamp = Some(timestamp(NOW - 5 * SECOND));
    state.pods.insert("default/agent-ddddd".into(), deleting.clone().into());
    let mut lost = deleting;
    lost.metadata.name = Some("agent-eeeee".into());
    if let Some(status) = lost.status.as_mut() {
        status.reason = Some("NodeLost".into());
    }
    state.pods.insert("default/agent-eeeee".into(), lost.into());
    state.pods.remove("default/agent-aaaaa");
    state.pods.remove("default/agent-bbbbb");
    let text = get_pods(&state, Some("default"), None, false, &LabelColumns::default(), NOW);
    assert_eq!(
        text.as_deref(),
        Ok("NAME          READY   STATUS        RESTARTS      AGE\n\
            agent-ccccc   1/1     Running       3 (25s ago)   2m\n\
            agent-ddddd   1/1     Terminating   0             2m\n\
            agent-eeeee   1/1     Unknown       0             2m\n")
    );
}

/// `pod_status` is the STATUS column alone, for views other than the table.
#[test]
fn pod_status_is_the_status_column() {
    use k8s_openapi::api::core::v1::{ContainerState, ContainerStateWaiting};
    let waiting = |reason: &str| {
        let mut pod = daemon_pod("agent-fffff", "node-01", 0, false);
        if let Some(cs) = pod.status.as_mut().and_then(|s| s.container_statuses.as_mut()).and_then(|c| c.first_mut()) {
            cs.state = Some(ContainerState {
                waiting: Some(ContainerStateWaiting { reason: Some(reason.into()), message: None }),
                ..Default::default()
            });
        }
        pod
    };
    assert_eq!(pod_status(&daemon_pod("agent-aaaaa", "node-01", 0, true)), "Running");
    assert_eq!(pod_status(&daemon_pod("agent-bbbbb", "node-01", 0, false)), "ContainerCreating");
    for reason in ["ErrImagePull", "ImagePullBackOff", "CrashLoopBackOff"] {
        let pod = waiting(reason);
        assert_eq!(pod_status(&pod), reason);
        assert_eq!(super::get_pods::pod_row(&pod, false, NOW)[2], reason, "the table prints the same");
    }
    let mut evicted = daemon_pod("agent-ggggg", "node-01", 0, false);
    if let Some(status) = evicted.status.as_mut() {
        status.phase = Some("Failed".into());
        status.reason = Some("OutOfcpu".into());
        status.container_statuses = None;
    }
    assert_eq!(pod_status(&evicted), "OutOfcpu");
    let mut deleting = waiting("CrashLoopBackOff");
    deleting.metadata.deletion_timestamp = Some(timestamp(NOW));
    assert_eq!(pod_status(&deleting), "Terminating");
    assert_eq!(pod_status(&k8s_openapi::api::core::v1::Pod::default()), "", "no phase yet: kubectl prints it empty");
}

#[test]
fn get_pods_errors_like_kubectl() {
    let state = cluster();
    assert_eq!(
        get_pods(&state, Some("default"), Some("nope"), false, &LabelColumns::default(), NOW),
        Err("Error from server (NotFound): pods \"nope\" not found".to_string())
    );
    assert_eq!(get_pods(&state, Some("kube-system"), None, false, &LabelColumns::default(), NOW), Ok("No resources found in kube-system namespace.".to_string()));
}

#[test]
fn get_daemonsets_prints_counts_and_node_selector() {
    let mut state = cluster();
    let text = get_daemonsets(&state, Some("default"), None, false, &LabelColumns::default(), NOW);
    assert_eq!(
        text.as_deref(),
        Ok("NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE\n\
            agent   2         2         1       2            1           <none>          2m\n")
    );
    if let Some(spec) = state.daemonsets.get_mut("default/agent").and_then(|d| d.make_mut().spec.as_mut()).and_then(|s| s.template.spec.as_mut()) {
        spec.node_selector = Some(test_cluster::map(&[("disk", "ssd"), ("arch", "amd64")]));
    }
    let wide = get_daemonsets(&state, Some("default"), None, true, &LabelColumns::default(), NOW);
    assert_eq!(
        wide.as_deref(),
        Ok("NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR         AGE   CONTAINERS   IMAGES                      SELECTOR\n\
            agent   2         2         1       2            1           arch=amd64,disk=ssd   2m    agent        prom/node-exporter:v1.8.0   app=agent\n")
    );
    assert_eq!(
        get_daemonsets(&state, Some("default"), Some("x"), false, &LabelColumns::default(), NOW),
        Err("Error from server (NotFound): daemonsets.apps \"x\" not found".to_string())
    );
}

#[test]
fn daemonset_cells_are_the_cells_of_get_ds_all_namespaces() {
    let state = cluster();
    let (headers, rows) = daemonset_cells(&state, None, None, false, NOW);
    assert_eq!(headers, ["NAMESPACE", "NAME", "DESIRED", "CURRENT", "READY", "UP-TO-DATE", "AVAILABLE", "NODE SELECTOR", "AGE"]);
    assert_eq!(rows, [["default", "agent", "2", "2", "1", "2", "1", "<none>", "2m"]]);
    assert_eq!(
        get_daemonsets(&state, None, None, false, &LabelColumns::default(), NOW).as_deref(),
        Ok("NAMESPACE   NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE\n\
            default     agent   2         2         1       2            1           <none>          2m\n")
    );
    assert_eq!(daemonset_cells(&ClusterState::default(), None, None, false, NOW).1, Vec::<Vec<String>>::new());
}

#[test]
fn get_nodes_prints_status_roles_and_version() {
    let mut state = cluster();
    if let Some(node) = state.nodes.get_mut("node-01").map(Stored::make_mut) {
        node.spec.get_or_insert_with(Default::default).unschedulable = Some(true);
        node.metadata.labels.get_or_insert_with(Default::default).insert("node-role.kubernetes.io/control-plane".into(), String::new());
    }
    let text = get_nodes(&state, None, false, &LabelColumns::default(), NOW);
    assert_eq!(
        text.as_deref(),
        Ok("NAME      STATUS                     ROLES           AGE   VERSION\n\
            node-01   Ready,SchedulingDisabled   control-plane   2m    v1.36.0\n\
            node-02   NotReady                   <none>          2m    v1.36.0\n")
    );
    assert_eq!(get_nodes(&state, Some("node-09"), false, &LabelColumns::default(), NOW), Err("Error from server (NotFound): nodes \"node-09\" not found".to_string()));
}

#[test]
fn get_revisions_names_the_controller() {
    let text = get_revisions(&cluster(), Some("default"), None, &LabelColumns::default(), NOW);
    assert_eq!(
        text.as_deref(),
        Ok("NAME              CONTROLLER             REVISION   AGE\n\
            agent-1f6d9c8b7   daemonset.apps/agent   1          2m\n")
    );
}

#[test]
/// In event name order: `agent-aaaaa.<time>` before `agent.<time>` (`-` sorts before `.`).
fn get_events_lists_by_object_with_last_seen() {
    let text = get_events(&cluster(), Some("default"), false, false, NOW);
    assert_eq!(
        text,
        "LAST SEEN   TYPE     REASON             OBJECT            MESSAGE\n\
         2m          Normal   Scheduled          pod/agent-aaaaa   Successfully assigned default/agent-aaaaa to node-01\n\
         2m          Normal   SuccessfulCreate   daemonset/agent   Created pod: agent-aaaaa\n\
         80s         Normal   NodeNotReady       node/node-02      Node node-02 status is now: NodeNotReady\n"
    );
    assert_eq!(get_events(&cluster(), Some("other"), false, false, NOW), "No resources found in other namespace.");
}

#[test]
fn get_events_wide_adds_subobject_source_first_seen_count_and_name() {
    let text = get_events(&cluster(), Some("default"), true, false, NOW);
    let header = text.lines().next().unwrap_or_default();
    let columns: Vec<&str> = header.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
    assert_eq!(columns, ["LAST SEEN", "TYPE", "REASON", "OBJECT", "SUBOBJECT", "SOURCE", "MESSAGE", "FIRST SEEN", "COUNT", "NAME"]);
    let not_ready = text.lines().find(|l| l.contains("NodeNotReady")).unwrap_or_default();
    assert!(not_ready.contains("node-controller"), "{not_ready}");
    // The scheduler's events.k8s.io recorder names its instance after its host.
    let scheduled = text.lines().find(|l| l.contains("Scheduled")).unwrap_or_default();
    assert!(scheduled.contains("default-scheduler, default-scheduler-control-plane "), "{scheduled}");
    // Named as the recorder names events: the object's name, then its first time in hex nanoseconds.
    let recorded = cluster().events.iter().position(|e| e.object().reason == "NodeNotReady").unwrap_or_default() as u64;
    assert!(not_ready.trim_end().ends_with(&format!("node-02.{:x}", crate::clock::unix_nanos(40 * SECOND) + recorded)), "{not_ready}");
}

#[test]
fn output_formats_name_and_json() {
    let state = cluster();
    assert_eq!(
        object_output(&state, crate::kubectl::command::Resource::DaemonSet, Some("default"), "agent", "name", NOW).as_deref(),
        Ok("daemonset.apps/agent\n")
    );
    let json = object_output(&state, crate::kubectl::command::Resource::Node, None, "node-01", "json", NOW).unwrap_or_default();
    assert!(json.starts_with("{\n    \"apiVersion\": \"v1\",\n    \"kind\": \"Node\",\n    \"metadata\": {\n"), "{json}");
    let yaml = object_output(&state, crate::kubectl::command::Resource::Pod, Some("default"), "agent-aaaaa", "yaml", NOW).unwrap_or_default();
    assert!(yaml.starts_with("apiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: \"2026-01-01T00:00:00Z\"\n  labels:\n    app: agent\n"), "{yaml}");
    assert_eq!(
        object_output(&state, crate::kubectl::command::Resource::Pod, Some("default"), "zzz", "yaml", NOW),
        Err("Error from server (NotFound): pods \"zzz\" not found".to_string())
    );
}
