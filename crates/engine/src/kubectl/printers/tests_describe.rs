//! `kubectl describe` and `rollout history` over the test cluster, compared with
//! kubectl's exact text.

use super::test_cluster::{cluster, revision, taint};
use super::*;
use crate::clock::MINUTE;
use crate::state::Stored;

const NOW: u64 = 2 * MINUTE;

fn show(text: &Result<String, String>) -> String {
    match text {
        Ok(t) => t.clone(),
        Err(e) => format!("ERR {e}"),
    }
}

#[test]
fn describe_daemonset_prints_status_template_and_events() {
    let text = describe_daemonset(&cluster(), "default", "agent", NOW);
    let expected = "\
Name:           agent
Namespace:      default
Selector:       app=agent
Node-Selector:  <none>
Labels:         <none>
Annotations:    deprecated.daemonset.template.generation: 1
Desired Number of Nodes Scheduled: 2
Current Number of Nodes Scheduled: 2
Number of Nodes Scheduled with Up-to-date Pods: 2
Number of Nodes Scheduled with Available Pods: 1
Number of Nodes Misscheduled: 0
Pods Status:  1 Running / 1 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=agent
  Containers:
   agent:
    Image:      prom/node-exporter:v1.8.0
    Port:       9100/TCP
    Host Port:  9100/TCP
    Limits:
      memory:  128Mi
    Requests:
      cpu:        100m
      memory:     64Mi
    Environment:  <none>
    Mounts:
      /host/proc from proc (ro)
  Volumes:
   proc:
    Type:          HostPath (bare host directory volume)
    Path:          /proc
    HostPathType:  
  Node-Selectors:  <none>
  Tolerations:     node.kubernetes.io/unreachable:NoExecute op=Exists
Events:
  Type    Reason            Age   From                  Message
  ----    ------            ----  ----                  -------
  Normal  SuccessfulCreate  2m    daemonset-controller  Created pod: agent-aaaaa
";
    assert_eq!(show(&text), expected);
    assert_eq!(
        describe_daemonset(&cluster(), "default", "x", NOW),
        Err("Error from server (NotFound): daemonsets.apps \"x\" not found".to_string())
    );
}

#[test]
fn describe_pod_prints_containers_conditions_and_events() {
    let mut state = cluster();
    state.events.push_back(test_cluster::event(
        "Pod/default/agent-aaaaa",
        "Pulled",
        "kubelet",
        "Container image \"prom/node-exporter:v1.8.0\" already present on machine",
        0,
        90_000,
        3,
    ));
    let text = describe_pod(&state, "default", "agent-aaaaa", NOW);
    let expected = "\
Name:         agent-aaaaa
Namespace:    default
Node:         node-01/10.0.0.1
Start Time:   Thu, 01 Jan 2026 00:00:00 +0000
Labels:       app=agent
Annotations:  <none>
Status:       Running
IP:           10.244.1.5
IPs:
  IP:           10.244.1.5
Controlled By:  DaemonSet/agent
Containers:
  agent:
    Container ID:   containerd://0123
    Image:          prom/node-exporter:v1.8.0
    Image ID:       docker.io/prom/node-exporter@sha256:abc
    Port:           9100/TCP
    Host Port:      9100/TCP
    State:          Running
      Started:      Thu, 01 Jan 2026 00:00:02 +0000
    Ready:          True
    Restart Count:  0
    Limits:
      memory:  128Mi
    Requests:
      cpu:        100m
      memory:     64Mi
    Environment:  <none>
    Mounts:
      /host/proc from proc (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True 
  Initialized                 True 
  Ready                       True 
  ContainersReady             True 
  PodScheduled                True 
Volumes:
  proc:
    Type:          HostPath (bare host directory volume)
    Path:          /proc
    HostPathType:  
QoS Class:         Burstable
Node-Selectors:    <none>
Tolerations:       node.kubernetes.io/unreachable:NoExecute op=Exists
Events:
  Type    Reason     Age               From               Message
  ----    ------     ----              ----               -------
  Normal  Scheduled  2m                default-scheduler  Successfully assigned default/agent-aaaaa to node-01
  Normal  Pulled     30s (x3 over 2m)  kubelet            Container image \"prom/node-exporter:v1.8.0\" already present on machine
";
    assert_eq!(show(&text), expected);
}

#[test]
fn describe_node_prints_conditions_pods_and_allocations() {
    let mut state = cluster();
    if let Some(node) = state.nodes.get_mut("node-02").map(Stored::make_mut) {
        node.spec.get_or_insert_with(Default::default).taints =
            Some(vec![taint("node.kubernetes.io/unreachable", "NoSchedule"), taint("node.kubernetes.io/unreachable", "NoExecute")]);
    }
    let text = describe_node(&state, "node-02", NOW);
    let expected = "\
Name:               node-02
Roles:              <none>
Labels:             kubernetes.io/arch=amd64
                    kubernetes.io/hostname=node-02
                    kubernetes.io/os=linux
Annotations:        <none>
CreationTimestamp:  Thu, 01 Jan 2026 00:00:00 +0000
Taints:             node.kubernetes.io/unreachable:NoExecute
                    node.kubernetes.io/unreachable:NoSchedule
Unschedulable:      false
Lease:
  HolderIdentity:  node-02
  AcquireTime:     <unset>
  RenewTime:       Thu, 01 Jan 2026 00:01:00 +0000
Conditions:
  Type    Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message
  ----    ------    -----------------                 ------------------                ------              -------
  Ready   Unknown   Thu, 01 Jan 2026 00:01:00 +0000   Thu, 01 Jan 2026 00:00:00 +0000   NodeStatusUnknown   Kubelet stopped posting node status.
Addresses:
Capacity:
  cpu:     4
  memory:  8Gi
  pods:    110
Allocatable:
  cpu:     4
  memory:  8Gi
  pods:    110
System Info:
  Machine ID:                 
  System UUID:                
  Boot ID:                    
  Kernel Version:             
  OS Image:                   
  Operating System:           
  Architecture:               
  Container Runtime Version:  
  Kubelet Version:            v1.36.0
  Kube-Proxy Version:         
Non-terminated Pods:          (1 in total)
  Namespace                   Name           CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----           ------------  ----------  ---------------  -------------  ---
  default                     agent-bbbbb    100m (2%)     0 (0%)      64Mi (0%)        128Mi (1%)     90s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests   Limits
  --------           --------   ------
  cpu                100m (2%)  0 (0%)
  memory             64Mi (0%)  128Mi (1%)
  ephemeral-storage  0 (0%)     0 (0%)
Events:
  Type    Reason        Age   From             Message
  ----    ------        ----  ----             -------
  Normal  NodeNotReady  80s   node-controller  Node node-02 status is now: NodeNotReady
";
    assert_eq!(show(&text), expected);
}

#[test]
fn rollout_history_lists_revisions_and_shows_one() {
    let mut state = cluster();
    state.revisions.insert("default/agent-2f6d9c8b7".into(), revision(2, "prom/node-exporter:v1.9.0", Some("kubectl set image ds/agent agent=prom/node-exporter:v1.9.0")).into());
    assert_eq!(
        rollout_history(&state, "default", "agent", None).as_deref(),
        Ok("daemonset.apps/agent \n\
            REVISION  CHANGE-CAUSE\n\
            1         <none>\n\
            2         kubectl set image ds/agent agent=prom/node-exporter:v1.9.0\n\n")
    );
    let one = rollout_history(&state, "default", "agent", Some(2));
    assert_eq!(
        one.as_deref(),
        Ok("daemonset.apps/agent with revision #2\n\
            Pod Template:\n  \
            Labels:\tapp=agent\n  \
            Containers:\n   \
            agent:\n    \
            Image:\tprom/node-exporter:v1.9.0\n    \
            Port:\t9100/TCP\n    \
            Host Port:\t9100/TCP\n    \
            Limits:\n      \
            memory:\t128Mi\n    \
            Requests:\n      \
            cpu:\t100m\n      \
            memory:\t64Mi\n    \
            Environment:\t<none>\n    \
            Mounts:\n      \
            /host/proc from proc (ro)\n  \
            Volumes:\n   \
            proc:\n    \
            Type:\tHostPath (bare host directory volume)\n    \
            Path:\t/proc\n    \
            HostPathType:\t\n  \
            Node-Selectors:\t<none>\n  \
            Tolerations:\tnode.kubernetes.io/unreachable:NoExecute op=Exists\n\n")
    );
    assert_eq!(
        rollout_history(&state, "default", "agent", Some(7)),
        Err("error: unable to find the specified revision".to_string())
    );
}
