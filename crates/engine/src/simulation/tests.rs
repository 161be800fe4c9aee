//! The simulation seen from whole scenarios: loading, reads at a frame, the kubelet's
//! node syncs, `rollout restart`.

#[cfg(test)]
mod load_error_tests {
    use super::super::*;
    use crate::test_fixtures::{line_of, AGENT_SCENARIO};

    /// Both budgets non-zero: the API server refuses the DaemonSet.
    fn invalid_budget() -> String {
        AGENT_SCENARIO.replace(
            "  template:\n",
            "  updateStrategy:\n    rollingUpdate:\n      maxUnavailable: 1\n      maxSurge: 1\n  template:\n",
        )
    }

    #[test]
    fn an_invalid_manifest_points_at_the_field_the_api_server_names() {
        let text = invalid_budget();
        let error = Simulation::load(&text).err().unwrap_or_else(|| panic!("both budgets set must not load"));
        assert_eq!(error.line(), line_of(&text, "maxSurge"), "the maxSurge line, not the document's first");
        assert!(
            error.to_string().ends_with("spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero"),
            "{}",
            error.to_string()
        );
    }

    #[test]
    fn a_node_belongs_to_the_pool_it_was_shaped_from_whatever_its_name() {
        let text = AGENT_SCENARIO.replace("  - {name: node, count: 3}\n", "  - {name: node, count: 3}\n  - {name: gpu, count: 1}\n");
        let mut sim = Simulation::load(&text).unwrap_or_else(|error| panic!("{error}"));
        let pool_of_node = |sim: &Simulation, node: &str| sim.pools_by_node().get(node).cloned();
        assert_eq!(pool_of_node(&sim, "node-03").as_deref(), Some("node"));
        assert_eq!(pool_of_node(&sim, "gpu-01").as_deref(), Some("gpu"));
        for line in ["node add spare --pool gpu", "node add gpu-07", "node add loner"] {
            let outcome = sim.execute(line);
            assert_eq!(outcome.error, None, "{line}");
        }
        assert_eq!(pool_of_node(&sim, "spare").as_deref(), Some("gpu"), "--pool names the pool");
        assert_eq!(pool_of_node(&sim, "gpu-07").as_deref(), Some("gpu"), "no --pool: the pool its name starts with");
        assert_eq!(pool_of_node(&sim, "loner").as_deref(), Some("node"), "no --pool and no such prefix: the first pool");
        assert_eq!(pool_of_node(&sim, "ghost").as_deref(), None);
    }

    #[test]
    fn the_node_controller_sees_nodes_come_and_go_at_its_five_second_passes() {
        let mut sim = Simulation::load(AGENT_SCENARIO).unwrap_or_else(|error| panic!("{error}"));
        sim.run_steps();
        let controller_events = |sim: &Simulation| -> Vec<(u64, String, String)> {
            let events = sim.frames().last().map(|frame| frame.state.events.clone()).unwrap_or_default();
            events.iter().filter(|e| e.source == "node-controller").map(|e| (e.time_ms, e.reason.clone(), e.object.clone())).collect()
        };
        assert!(sim.now() % 5_000 != 0 && sim.now() < 5_000, "the steps end before the first pass");
        for line in ["node add node-04", "node add node-05", "kubectl delete node node-05", "settle"] {
            assert_eq!(sim.execute(line).error, None, "{line}");
        }
        // node-05 came and went between two passes: the controller never saw it.
        assert_eq!(controller_events(&sim), [(5_000, "RegisteredNode".to_owned(), "Node/node-04".to_owned())]);
        assert_eq!(sim.execute("kubectl delete node node-04").error, None);
        let deleted_at = sim.now();
        assert_eq!(sim.execute("settle").error, None);
        let next_pass = (deleted_at / 5_000 + 1) * 5_000;
        assert_eq!(controller_events(&sim).last(), Some(&(next_pass, "RemovingNode".to_owned(), "Node/node-04".to_owned())));
    }

    #[test]
    fn a_bad_pool_taint_or_label_stands_at_the_pool_field_that_holds_it() {
        let text = AGENT_SCENARIO.replace(
            "  - {name: node, count: 3}\n",
            "  - {name: node, count: 3}\n  - name: gpu\n    count: 1\n    labels: {\"bad label\": x}\n    taints:\n    - {key: gpu, effect: Bogus}\n",
        );
        let error = Simulation::load(&text).err().unwrap_or_else(|| panic!("a bad taint must not load"));
        assert!(error.to_string().starts_with("node pool gpu: The Node \"gpu-01\" is invalid"), "{}", error.to_string());
        let details: Vec<(Option<usize>, &str)> = error.details.iter().map(|d| (d.line, d.text.as_str())).collect();
        assert_eq!(details.len(), 2, "{details:?}");
        assert_eq!(details[0].0, line_of(&text, "bad label"), "{details:?}");
        assert!(details[0].1.starts_with("spec.nodePools[1].labels: Invalid value: \"bad label\""), "{details:?}");
        assert_eq!(details[1].0, line_of(&text, "Bogus"), "{details:?}");
        assert!(details[1].1.starts_with("spec.nodePools[1].taints[0].effect: Unsupported value: \"Bogus\""), "{details:?}");
    }

    #[test]
    fn every_field_error_of_the_answer_stands_at_its_own_line() {
        let text = invalid_budget().replace("      maxSurge: 1\n", "").replace(
            "      containers: [{name: agent, image: busybox:1.36}]\n",
            "      restartPolicy: Never\n      containers: [{name: agent}]\n",
        );
        let error = Simulation::load(&text).err().unwrap_or_else(|| panic!("two errors must not load"));
        let details: Vec<(Option<usize>, &str)> = error.details.iter().map(|d| (d.line, d.text.as_str())).collect();
        assert_eq!(details.len(), 2, "{details:?}");
        assert_eq!(details[0].0, line_of(&text, "containers:"), "containers[0] (its image is missing): {details:?}");
        assert!(details[0].1.starts_with("spec.template.spec.containers[0].image: Required value"), "{details:?}");
        assert_eq!(details[1].0, line_of(&text, "restartPolicy"), "restartPolicy: {details:?}");
        assert!(details[1].1.starts_with("spec.template.spec.restartPolicy: Unsupported value: \"Never\""), "{details:?}");
        assert_eq!(error.line(), details[0].0, "the first error's line");
    }

    #[test]
    fn a_field_missing_from_the_text_points_at_its_nearest_parent() {
        let text = AGENT_SCENARIO.replace("{name: agent, image: busybox:1.36}", "{name: agent}");
        let error = Simulation::load(&text).err().unwrap_or_else(|| panic!("a container without an image must not load"));
        assert!(error.to_string().contains("spec.template.spec.containers[0].image: Required value"), "{}", error.to_string());
        assert_eq!(error.line(), line_of(&text, "containers:"), "the container's line");
    }
}

#[cfg(test)]
mod query_tests {
    use super::super::*;
    use crate::test_fixtures::AGENT_SCENARIO;

    #[test]
    fn a_query_reads_the_frame_asked_for_and_leaves_the_timeline_alone() {
        let text = AGENT_SCENARIO.replace("  - settle\n", "  - settle\n  - kubectl set image ds/agent agent=busybox:1.37\n  - settle\n");
        let mut simulation = Simulation::load(&text).expect("loads");
        simulation.run_steps();
        let frames = simulation.frames().len();
        let mid = simulation.frames().iter().position(|f| matches!(&f.cause, FrameCause::Command(c) if c.starts_with("kubectl set image"))).expect("the update") + 1;
        let at_mid = simulation.query_at("kubectl rollout status ds/agent", mid).expect("a read-only command");
        assert!(at_mid.output.starts_with("Waiting for daemon set spec update to be observed"), "{}", at_mid.output);
        let at_end = simulation.query_at("kubectl rollout status ds/agent", frames - 1).expect("a read-only command");
        assert_eq!(at_end.output, "daemon set \"agent\" successfully rolled out");
        assert_eq!(simulation.frames().len(), frames, "no frame added");
        assert!(simulation.query_at("kubectl cordon node-01", mid).is_none(), "a write runs at the end");
        let end = simulation.execute("kubectl get ds agent");
        assert!(end.output.contains("agent"), "the end state is intact: {}", end.output);
    }

    #[test]
    fn set_image_to_the_image_it_has_prints_nothing_and_changes_nothing() {
        let mut simulation = Simulation::load(AGENT_SCENARIO).expect("loads");
        simulation.run_steps();
        let frames = simulation.frames().len();
        let outcome = simulation.execute_interactively("kubectl set image ds/agent agent=busybox:1.36");
        assert_eq!((outcome.output.as_str(), outcome.error.as_deref()), ("", None));
        assert_eq!(simulation.frames().len(), frames, "no new revision, no frame");
    }

    #[test]
    fn delete_by_a_selector_that_matches_nothing_says_so_without_a_namespace() {
        let mut simulation = Simulation::load(AGENT_SCENARIO).expect("loads");
        let outcome = simulation.execute("kubectl delete pods -l app=nothing");
        assert_eq!((outcome.output.as_str(), outcome.error), ("No resources found", None), "delete's words, not get's");
    }

    #[test]
    fn a_console_command_runs_on_to_the_crash_loop_of_an_image_that_exits() {
        for behaviour in ["crash", "oom", "complete"] {
            let mut simulation = Simulation::load(AGENT_SCENARIO).expect("loads");
            simulation.run_steps();
            simulation.execute_interactively(&format!("image busybox:1.37 {behaviour}"));
            simulation.execute_interactively("kubectl set image ds/agent agent=busybox:1.37");
            let pods = simulation.execute("kubectl get pods").output;
            assert_eq!(pods.matches("CrashLoopBackOff").count(), 1, "{behaviour}: the first new pod, past its first exit\n{pods}");
        }
    }

    #[test]
    fn a_console_command_that_changes_the_cluster_marks_its_frame_and_a_read_adds_none() {
        let mut simulation = Simulation::load(AGENT_SCENARIO).expect("loads");
        simulation.run_steps();
        let frames = simulation.frames().len();
        simulation.execute_interactively("kubectl get pods");
        assert_eq!(simulation.frames().len(), frames, "a read adds no frame");
        let outcome = simulation.execute_interactively("kubectl cordon node-01");
        let first = simulation.frames().get(outcome.first_frame).expect("the cordon's frame");
        assert_eq!(first.markers, [Marker::Command("kubectl cordon node-01".into())]);
    }
}

#[cfg(test)]
mod kubelet_sync_tests {
    use super::super::*;
    use crate::test_fixtures::AGENT_SCENARIO;

    fn schedulable_events(sim: &Simulation) -> Vec<String> {
        let events = sim.state().events.iter();
        events.filter(|e| e.reason.contains("Schedulable")).map(|e| format!("{} {}", e.reason, e.message)).collect()
    }

    #[test]
    fn the_kubelet_records_a_cordon_at_its_next_status_sync_and_misses_one_undone_before() {
        let mut sim = Simulation::load(AGENT_SCENARIO).expect("loads");
        sim.run_steps();
        for line in ["kubectl cordon node-01", "advance 5s"] {
            assert_eq!(sim.execute(line).error, None, "{line}");
        }
        assert_eq!(schedulable_events(&sim), Vec::<String>::new(), "not before the kubelet's next sync");
        assert_eq!(sim.execute("advance 10s").error, None);
        assert_eq!(schedulable_events(&sim), ["NodeNotSchedulable Node node-01 status is now: NodeNotSchedulable"]);
        for line in ["kubectl cordon node-02", "kubectl uncordon node-02", "advance 30s"] {
            assert_eq!(sim.execute(line).error, None, "{line}");
        }
        assert_eq!(schedulable_events(&sim).len(), 1, "node-02 was schedulable at both syncs: {:?}", schedulable_events(&sim));
        // The node down, its kubelet syncs nothing until it is back.
        for line in ["node down node-03", "kubectl cordon node-03", "advance 60s"] {
            assert_eq!(sim.execute(line).error, None, "{line}");
        }
        assert_eq!(schedulable_events(&sim).len(), 1);
        assert_eq!(sim.execute("node up node-03").error, None);
        assert_eq!(schedulable_events(&sim).last().map(String::as_str), Some("NodeNotSchedulable Node node-03 status is now: NodeNotSchedulable"));
    }
}

#[cfg(test)]
mod rollout_restart_tests {
    use super::super::*;
    use crate::test_fixtures::AGENT_SCENARIO;

    #[test]
    fn a_name_that_is_not_there_is_reported_after_the_daemonsets_restarted() {
        let mut sim = Simulation::load(AGENT_SCENARIO).expect("loads");
        sim.run_steps();
        let outcome = sim.execute("kubectl rollout restart ds ghost agent");
        assert_eq!(
            outcome.error.as_deref(),
            Some("daemonset.apps/agent restarted\nError from server (NotFound): daemonsets.apps \"ghost\" not found")
        );
        let refused = sim.execute("kubectl rollout restart ds agent -l app=agent");
        assert_eq!(refused.error.as_deref(), Some("error: name cannot be provided when a selector is specified"));
    }
}
