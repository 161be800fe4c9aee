use k8s_openapi::api::core::v1::{Node, PodCondition, PodStatus};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::Time;

use super::*;
use crate::scheduler::schedule;
use crate::scheduler::test_objects::{daemon_affinity, node_with_allocatable, pod_requesting};

fn node(name: &str, cpu: &str) -> Node {
    node_with_allocatable(name, &[("cpu", cpu), ("memory", "1Gi"), ("pods", "110")])
}

fn pod(name: &str, priority: i32, cpu: &str) -> Pod {
    let mut pod = pod_requesting(&[("cpu", cpu)]);
    pod.metadata.name = Some(name.into());
    pod.metadata.namespace = Some("default".into());
    if let Some(spec) = pod.spec.as_mut() {
        spec.priority = Some(priority);
    }
    pod
}

fn daemon_pod(target: &str, priority: i32, cpu: &str) -> Pod {
    let mut p = pod("daemon", priority, cpu);
    p.spec = p.spec.map(|s| daemon_affinity(s, target));
    p
}

fn names(pods: &[&Pod]) -> Vec<String> {
    pods.iter().map(|p| p.metadata.name.clone().unwrap_or_default()).collect()
}

#[test]
fn victims_are_the_least_important_pods_that_must_go() {
    let n = node("node-1", "1");
    let (a, b, c) = (pod("a", 1, "400m"), pod("b", 2, "400m"), pod("c", 3, "100m"));
    let info = NodeInfo { node: &n, pods: vec![&a, &b, &c] };
    // Without a, b and c the pod fits; c then b are reprieved (most important first),
    // and a must go.
    let victims = select_victims_on_node(&pod("in", 10, "500m"), &info, &NominatedPods::new());
    assert_eq!(victims.map(|v| names(&v)), Ok(vec!["a".to_string()]));
    // Needing all the room, every lower-priority pod is a victim, most important first.
    let all = select_victims_on_node(&pod("in", 10, "1"), &info, &NominatedPods::new());
    assert_eq!(all.map(|v| names(&v)), Ok(vec!["c".to_string(), "b".to_string(), "a".to_string()]));
}

#[test]
fn pods_of_equal_priority_are_never_victims() {
    let n = node("node-1", "1");
    let peer = pod("peer", 10, "900m");
    let info = NodeInfo { node: &n, pods: vec![&peer] };
    let outcome = select_victims_on_node(&pod("in", 10, "500m"), &info, &NominatedPods::new());
    assert_eq!(outcome, Err((NAME, Status::new(Code::UnschedulableAndUnresolvable, NO_VICTIMS))));
}

#[test]
fn a_node_too_small_even_when_emptied_is_not_a_candidate_and_the_nomination_is_cleared() {
    let n = node("node-1", "1");
    let low = pod("low", 0, "900m");
    let incoming = daemon_pod("node-1", 100, "2");
    let err = schedule(&incoming, vec![NodeInfo { node: &n, pods: vec![&low] }].into_iter(), &NominatedPods::new())
        .err()
        .unwrap_or_default();
    assert_eq!(
        err.to_string(),
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, \
         preemption: 0/1 nodes are available: 1 Insufficient cpu."
    );
    assert_eq!(err.nominating, Nominating::Clear);
}

#[test]
fn the_node_whose_victims_matter_least_is_chosen() {
    let (n1, n2) = (node("node-1", "1"), node("node-2", "1"));
    let (important, cheap) = (pod("important", 5, "900m"), pod("cheap", 1, "900m"));
    let nodes = vec![NodeInfo { node: &n1, pods: vec![&important] }, NodeInfo { node: &n2, pods: vec![&cheap] }];
    let err = schedule(&pod("in", 10, "500m"), nodes.into_iter(), &NominatedPods::new()).err().unwrap_or_default();
    assert_eq!(err.nominating, Nominating::Nominate(Nomination { node: "node-2".into(), victims: vec!["default/cheap".into()] }));
    assert_eq!(err.to_string(), "0/2 nodes are available: 2 Insufficient cpu.");
}

#[test]
fn a_preemptor_waits_while_its_victims_terminate() {
    let n = node("node-1", "1");
    let mut victim = pod("victim", 0, "900m");
    victim.metadata.deletion_timestamp = Some(Time(Default::default()));
    victim.status = Some(PodStatus {
        conditions: Some(vec![PodCondition {
            type_: "DisruptionTarget".into(),
            status: "True".into(),
            reason: Some(REASON_PREEMPTION_BY_SCHEDULER.into()),
            ..Default::default()
        }]),
        ..Default::default()
    });
    let mut preemptor = daemon_pod("node-1", 100, "500m");
    preemptor.status = Some(PodStatus { nominated_node_name: Some("node-1".into()), ..Default::default() });
    let nodes = vec![NodeInfo { node: &n, pods: vec![&victim] }];
    let err = schedule(&preemptor, nodes.into_iter(), &NominatedPods::new()).err().unwrap_or_default();
    assert_eq!(
        err.to_string(),
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, \
         preemption: not eligible due to a terminating pod on the nominated node."
    );
    assert_eq!(err.nominating, Nominating::Keep);
}

#[test]
fn a_lower_priority_pod_cannot_take_the_room_preemption_made() {
    let n = node("node-1", "1");
    let mut preemptor = daemon_pod("node-1", 100, "800m");
    preemptor.status = Some(PodStatus { nominated_node_name: Some("node-1".into()), ..Default::default() });
    let nominated: NominatedPods = [("node-1".to_string(), vec![&preemptor])].into();
    let mut other = pod("other", 0, "500m");
    other.spec = other.spec.map(|s| daemon_affinity(s, "node-1"));
    let info = || vec![NodeInfo { node: &n, pods: vec![] }].into_iter();
    let err = schedule(&other, info(), &nominated).err().unwrap_or_default();
    assert_eq!(
        err.to_string(),
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, \
         preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."
    );
    assert_eq!(schedule(&preemptor, info(), &nominated), Ok("node-1".to_string()));
}
