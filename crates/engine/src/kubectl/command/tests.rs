use super::*;
use crate::kubectl::printers::LabelColumns;
use crate::kubectl::selection::ListQuery;

fn ok(line: &str) -> Command {
    match parse_command(line) {
        Ok(c) => c,
        Err(e) => panic!("{line}: {e}"),
    }
}

fn err(line: &str) -> String {
    match parse_command(line) {
        Ok(c) => panic!("{line} parsed as {c:?}"),
        Err(e) => e.message,
    }
}

fn ds(name: &str) -> ObjRef {
    ObjRef { name: name.into(), namespace: None }
}

#[test]
fn every_form_of_the_scenario_format_parses() {
    assert_eq!(ok("kubectl apply -f agent"), Command::Kubectl(Kubectl::Apply { name: "agent".into(), dry_run: None }));
    assert_eq!(ok("kubectl apply -f agent --dry-run=server"), Command::Kubectl(Kubectl::Apply { name: "agent".into(), dry_run: Some("server".into()) }));
    assert_eq!(err("kubectl apply -f agent --dry-run=yes"), "error: Invalid dry-run value (yes). Must be \"none\", \"server\", or \"client\".");
    assert_eq!(
        ok("kubectl label node node-01 disk-type=ssd tier=a --overwrite"),
        Command::Kubectl(Kubectl::Label {
            nodes: NodeTargets::named("node-01"),
            set: vec![("disk-type".into(), "ssd".into()), ("tier".into(), "a".into())],
            remove: vec![],
            overwrite: true
        })
    );
    assert_eq!(
        ok("kubectl label node ssd-01 disk-type-"),
        Command::Kubectl(Kubectl::Label { nodes: NodeTargets::named("ssd-01"), set: vec![], remove: vec!["disk-type".into()], overwrite: false })
    );
    let Command::Kubectl(Kubectl::Taint { nodes, add, remove, overwrite }) = ok("kubectl taint node node-02 dedicated=db:NoSchedule")
    else {
        panic!("not a taint")
    };
    assert_eq!((nodes, add.len(), remove.len(), overwrite), (NodeTargets::named("node-02"), 1, 0, false));
    assert!(matches!(ok("kubectl label nodes node-01 node-02 disk=ssd"), Command::Kubectl(Kubectl::Label { nodes: NodeTargets::Named(ref nodes), .. }) if nodes.len() == 2));
    assert_eq!((add[0].key.as_str(), add[0].value.as_deref(), add[0].effect.as_str()), ("dedicated", Some("db"), "NoSchedule"));
    let Command::Kubectl(Kubectl::Taint { remove, .. }) = ok("kubectl taint node node-03 dedicated:NoExecute-") else {
        panic!("not a taint")
    };
    assert_eq!(remove, vec![("dedicated".into(), Some("NoExecute".into()))]);
    let Command::Kubectl(Kubectl::Taint { remove, .. }) = ok("kubectl taint nodes node-03 dedicated-") else {
        panic!("not a taint")
    };
    assert_eq!(remove, vec![("dedicated".into(), None)]);
    assert_eq!(ok("kubectl cordon node-02"), Command::Kubectl(Kubectl::Cordon(NodeTargets::named("node-02"))));
    assert_eq!(ok("kubectl uncordon node-02"), Command::Kubectl(Kubectl::Uncordon(NodeTargets::named("node-02"))));
    assert_eq!(
        ok("kubectl drain node-01 --ignore-daemonsets"),
        Command::Kubectl(Kubectl::Drain { nodes: NodeTargets::named("node-01"), ignore_daemonsets: true, delete_emptydir_data: false, force: false })
    );
    assert_eq!(ok("kubectl delete pod @node-03"), Command::Kubectl(Kubectl::DeletePod { pod: PodRef::OnNode("node-03".into()), flags: DeleteFlags::default() }));
    // kubectl waits for a deleted pod to be gone unless told not to.
    assert_eq!(
        ok("kubectl delete pod @node-03 --wait=false"),
        Command::Kubectl(Kubectl::DeletePod { pod: PodRef::OnNode("node-03".into()), flags: DeleteFlags { wait: false, ..DeleteFlags::default() } })
    );
    assert_eq!(
        ok("kubectl delete pod agent-x7k2p -n kube-system"),
        Command::Kubectl(Kubectl::DeletePod { pod: PodRef::Name(ObjRef { name: "agent-x7k2p".into(), namespace: Some("kube-system".into()) }), flags: DeleteFlags::default() })
    );
    assert_eq!(ok("kubectl delete node node-01"), Command::Kubectl(Kubectl::DeleteNode { name: "node-01".into(), flags: DeleteFlags::default() }));
    assert_eq!(ok("kubectl delete ds agent"), Command::Kubectl(Kubectl::DeleteDaemonSet { ds: ds("agent"), flags: DeleteFlags::default() }));
    assert_eq!(
        ok("kubectl set image ds/agent agent=example/agent:2.0"),
        Command::Kubectl(Kubectl::SetImage { ds: ds("agent"), container: "agent".into(), image: "example/agent:2.0".into() })
    );
    assert_eq!(
        ok(r#"kubectl patch ds good -p '{"spec":{"selector":{"matchLabels":{"app":"other"}}}}'"#),
        Command::Kubectl(Kubectl::Patch {
            ds: ds("good"),
            patch: serde_json::json!({"spec": {"selector": {"matchLabels": {"app": "other"}}}}),
            patch_type: PatchType::Strategic
        })
    );
    assert_eq!(ok("kubectl rollout undo ds/agent"), Command::Kubectl(Kubectl::RolloutUndo { ds: ds("agent"), to_revision: 0 }));
    assert_eq!(
        ok("kubectl rollout undo daemonset/agent --to-revision=2"),
        Command::Kubectl(Kubectl::RolloutUndo { ds: ds("agent"), to_revision: 2 })
    );
    assert_eq!(ok("kubectl rollout status ds/agent"), Command::Kubectl(Kubectl::RolloutStatus { ds: ds("agent") }));
    assert_eq!(
        ok("kubectl rollout history daemonsets agent --revision 3"),
        Command::Kubectl(Kubectl::RolloutHistory { ds: ds("agent"), revision: Some(3), output: None })
    );
    // RolloutHistoryOptions.Validate.
    assert_eq!(err("kubectl rollout history ds/agent --revision=-1"), "error: revision must be a positive integer: -1");
    assert_eq!(ok("kubectl rollout restart ds/agent"), Command::Kubectl(Kubectl::RolloutRestart { ds: ds("agent") }));
    assert_eq!(ok("kubectl rollout resume ds/agent"), Command::Kubectl(Kubectl::RolloutPause { ds: ds("agent"), resume: true }));
    assert_eq!(
        ok("kubectl get pods -o wide -A"),
        Command::Kubectl(Kubectl::Get {
            resource: Resource::Pod,
            also: vec![],
            name: None,
            namespace: None,
            all_namespaces: true,
            wide: true,
            output: None,
            query: ListQuery::default(),
            columns: LabelColumns::default()
        })
    );
    assert_eq!(
        ok("kubectl get ds/kube-proxy -n kube-system -o yaml"),
        Command::Kubectl(Kubectl::Get {
            resource: Resource::DaemonSet,
            also: vec![],
            name: Some("kube-proxy".into()),
            namespace: Some("kube-system".into()),
            all_namespaces: false,
            wide: false,
            output: Some("yaml".into()),
            query: ListQuery::default(),
            columns: LabelColumns::default()
        })
    );
    assert_eq!(
        ok("kubectl describe node node-01"),
        Command::Kubectl(Kubectl::Describe {
            resource: Resource::Node,
            name: Some("node-01".into()),
            namespace: None,
            query: ListQuery::default(),
            prefix: true,
            all_namespaces: false
        })
    );
    assert_eq!(
        ok("kubectl get nodes -l 'accelerator in (nvidia)' --field-selector spec.unschedulable=false -L zone -L a,b --show-labels"),
        Command::Kubectl(Kubectl::Get {
            resource: Resource::Node,
            also: vec![],
            name: None,
            namespace: None,
            all_namespaces: false,
            wide: false,
            output: None,
            query: ListQuery { labels: Some("accelerator in (nvidia)".into()), fields: Some("spec.unschedulable=false".into()) },
            columns: LabelColumns { keys: vec!["zone".into(), "a".into(), "b".into()], show_labels: true, name_prefix: None, no_headers: false }
        })
    );
    assert_eq!(err("kubectl get pod web -l app=web"), "error: name cannot be provided when a selector is specified");
    assert!(err("kubectl get pods -w").contains("does not watch (-w)"));
    assert_eq!(
        ok("kubectl delete pods a b"),
        Command::Kubectl(Kubectl::DeletePods { names: vec!["a".into(), "b".into()], query: None, namespace: None, flags: DeleteFlags::default() })
    );
    assert_eq!(
        ok("kubectl delete pods --all -n kube-system"),
        Command::Kubectl(Kubectl::DeletePods { names: vec![], query: Some(ListQuery::default()), namespace: Some("kube-system".into()), flags: DeleteFlags { ignore_not_found: true, ..DeleteFlags::default() } })
    );
    assert_eq!(err("kubectl delete pod web -l app=web"), "error: name cannot be provided when a selector is specified");
    let flags_of = |line: &str| match ok(line) {
        Command::Kubectl(kubectl) => kubectl.delete_flags().cloned(),
        _ => None,
    };
    let grace = |seconds: i64, force: bool| Some(DeleteFlags { grace_seconds: Some(seconds), force, ..DeleteFlags::default() });
    assert_eq!(flags_of("kubectl delete pod web --force --grace-period=0"), grace(0, true));
    assert_eq!(flags_of("kubectl delete pod web --force"), grace(0, true), "--force alone sends 0");
    assert_eq!(flags_of("kubectl delete pod web --grace-period=0"), grace(1, false), "0 without --force becomes 1");
    assert_eq!(flags_of("kubectl delete pod web --now"), grace(1, false));
    assert_eq!(flags_of("kubectl delete pod web --grace-period=5 --timeout=30s"), grace(5, false));
    assert_eq!(err("kubectl delete pod web --force --grace-period=5"), "error: --force and --grace-period greater than 0 cannot be specified together");
    assert_eq!(err("kubectl delete pod web --now --grace-period=5"), "error: --now and --grace-period cannot be specified together");
    // Real flags the playground does not serve are named as such, not as unknown.
    assert_eq!(err("kubectl get events --sort-by=.lastTimestamp"), "error: --sort-by is a flag of kubectl get that the playground does not serve");
    assert_eq!(err("kubectl delete -f agent"), "error: --filename is a flag of kubectl delete that the playground does not serve");
    assert!(err("kubectl get pods --frobnicate").starts_with("error: unknown flag: --frobnicate"));
    // The namespace flag may come before the subcommand.
    assert_eq!(ok("kubectl -n kube-system delete ds agent"), ok("kubectl delete ds agent -n kube-system"));
    assert_eq!(ok("kubectl --namespace=kube-system get pods"), ok("kubectl get pods -n kube-system"));
    assert_eq!(ok("kubectl cordon nodes/node-01"), Command::Kubectl(Kubectl::Cordon(NodeTargets::named("node-01"))));
    assert!(matches!(ok("kubectl get pods -A=false"), Command::Kubectl(Kubectl::Get { all_namespaces: false, .. })));
    assert_eq!(ok("kubectl uncordon no/node-01"), Command::Kubectl(Kubectl::Uncordon(NodeTargets::named("node-01"))));
    for line in ["kubectl get ev", "kubectl get controllerrevisions", "k get no", "kubectl describe ds"] {
        ok(line);
    }
    assert_eq!(ok("advance 30s"), Command::Advance { ms: 30_000 });
    assert_eq!(ok("advance 2m"), Command::Advance { ms: 120_000 });
    assert_eq!(ok("advance 1m30s"), Command::Advance { ms: 90_000 });
    assert_eq!(ok("advance 168h"), Command::Advance { ms: 168 * 3_600_000 });
    assert_eq!(err("advance 99999999999h"), "error: advance moves the clock at most 168h at a time");
    assert_eq!(ok("settle"), Command::Settle);
    assert_eq!(ok("node add node-03 --pool node"), Command::NodeAdd { name: "node-03".into(), pool: Some("node".into()) });
    assert_eq!(ok("node add extra"), Command::NodeAdd { name: "extra".into(), pool: None });
    assert_eq!(ok("node down node-02"), Command::NodeDown("node-02".into()));
    assert_eq!(ok("node up node-02"), Command::NodeUp("node-02".into()));
    assert_eq!(ok("image example/agent:2.0 crash"), Command::Image { reference: "example/agent:2.0".into(), behaviour: ImageBehaviour::Crash });
    assert_eq!(ok("image a pull-error"), Command::Image { reference: "a".into(), behaviour: ImageBehaviour::PullError });
    assert_eq!(ok("image a complete"), Command::Image { reference: "a".into(), behaviour: ImageBehaviour::Complete });
    assert_eq!(ok("image a oom"), Command::Image { reference: "a".into(), behaviour: ImageBehaviour::OomKilled });
    for behaviour in ImageBehaviour::ALL {
        assert_eq!(ImageBehaviour::parse(behaviour.as_str()), Some(behaviour));
    }
}

#[test]
fn kubectl_wording_for_malformed_commands() {
    assert_eq!(err("kubectl delete pod"), "error: resource(s) were provided, but no name was specified");
    assert_eq!(err("kubectl foo"), "error: unknown command \"foo\" for \"kubectl\"");
    assert!(err("kubectl logs agent-x7k2p").starts_with("error: \"kubectl logs\" is not served by the playground"));
    assert!(err("kubectl get all").contains("one resource type at a time"));
    assert!(err("kubectl taint node n1 a=b:Foo").starts_with("error: invalid taint effect: Foo, unsupported taint effect"));
    assert_eq!(err("kubectl taint node n1"), "error: at least one taint update is required");
    assert_eq!(err("kubectl label node n1"), "error: at least one label update is required");
    assert_eq!(err("kubectl taint pods p1 a:NoSchedule"), "error: invalid resource type pods, only node types are supported");
    assert_eq!(err("kubectl get widgets"), "error: the server doesn't have a resource type \"widgets\"");
    assert!(err("kubectl rollout pause deployment/web").starts_with("error: a real cluster serves \"deployment\", but the playground does not simulate it"));
    assert!(err("kubectl get").contains("error: Required resource not specified."));
    assert_eq!(err("kubectl cordon"), "error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples");
    assert_eq!(err("kubectl apply"), "error: must specify one of -f and -k");
    assert_eq!(err("kubectl rollout undo"), "error: required resource not specified");
    assert_eq!(err("kubectl rollout status ds/agent --revision=-2"), "error: revision must be a positive integer: -2");
    assert!(err("kubectl set image agent=x").starts_with("error: You must provide one or more resources by argument or filename."));
    assert_eq!(err("kubectl get pods --bogus"), "error: unknown flag: --bogus\nSee 'kubectl get --help' for usage.");
    assert!(matches!(ok("kubectl get ds,pods -o wide"), Command::Kubectl(Kubectl::Get { resource: Resource::DaemonSet, ref also, wide: true, .. }) if *also == [Resource::Pod]));
    assert!(err("kubectl describe ds,pods").contains("one resource type at a time"));
    assert!(matches!(ok("kubectl get pods -o custom-columns=NAME:.metadata.name"), Command::Kubectl(Kubectl::Get { output: Some(ref o), .. }) if o == "custom-columns=NAME:.metadata.name"));
    assert_eq!(err("kubectl get pods -o custom-columns"), "error: custom-columns format specified but no custom columns given");
    assert!(err("kubectl get pods -o go-template={{.x}}").contains("not \"go-template={{.x}}\""));
    assert!(err("kubectl get pods -o tablez").starts_with("error: unable to match a printer suitable for the output format \"tablez\""));
    assert!(err("kubectl delete").starts_with("error: You must provide one or more resources by argument or filename."));
    assert!(err("kubectl rollout undo ds/a --to-revision=x").starts_with("error: invalid argument \"x\" for \"--to-revision\" flag"));
    assert!(err("kubectl label node n1 a=b c").starts_with("error: all resources must be specified before label changes: c"));
    // What the node panel's forms send for a malformed entry: kubectl validates the
    // update before it looks at the resources (`bad` and `label` would be two more).
    assert_eq!(err("kubectl label node node-01 bad label --overwrite"), "error: at least one label update is required");
    assert_eq!(err("kubectl label node node-01 a=b=c --overwrite"), "error: invalid label spec: a=b=c");
    assert_eq!(err("kubectl label a=b"), "error: one or more resources must be specified as <resource> <name> or <resource>/<name>");
    assert_eq!(err("kubectl taint node node-01 bad taint"), "error: at least one taint update is required");
    // Without an effect the whole `k=v` is the key, which parseTaint finds no qualified name.
    assert_eq!(
        err("kubectl taint node node-01 k=v"),
        "error: invalid taint spec: k=v, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\nSee 'kubectl taint -h' for help and examples"
    );
    assert!(err("kubectl label node node-01 'bad=has space'").starts_with("error: invalid label value: \"bad=has space\": a valid label must be"));
    assert!(err("kubectl patch ds good -p '{a: ['").starts_with("error: unable to parse \"{a: [\""));
}

#[test]
fn simulation_commands_say_their_usage() {
    assert!(err("advance").starts_with("usage: advance <duration>"));
    assert!(err("advance 30").contains("invalid duration \"30\""));
    assert!(err("settle now").starts_with("usage: settle"));
    assert!(err("node remove x").starts_with("usage: node add"));
    assert!(err("image a explode").contains("unknown image behaviour \"explode\""));
    assert!(err("frobnicate").contains("unknown command \"frobnicate\""));
    assert!(err("").contains("empty command"));
    assert!(err("kubectl patch ds a -p '{").contains("unterminated quote"));
}

#[test]
fn completes_commands_and_names() {
    let nodes = vec!["node-01".to_owned(), "node-02".to_owned(), "cp-01".to_owned()];
    let pods = vec!["agent-x7k2p".to_owned()];
    let dss = vec!["agent".to_owned()];
    let c = |p: &str| completions(p, &nodes, &pods, &dss);
    assert_eq!(c("kub"), ["kubectl"]);
    assert_eq!(c("kubectl co"), ["kubectl cordon"]);
    assert_eq!(c("kubectl cordon node-"), ["kubectl cordon node-01", "kubectl cordon node-02"]);
    assert_eq!(c("kubectl delete pod "), ["kubectl delete pod @cp-01", "kubectl delete pod @node-01", "kubectl delete pod @node-02", "kubectl delete pod agent-x7k2p"]);
    assert_eq!(c("kubectl rollout status "), ["kubectl rollout status ds/agent"]);
    assert_eq!(c("kubectl rollout re"), ["kubectl rollout restart"]);
    assert_eq!(c("kubectl patch pod @node-0"), ["kubectl patch pod @node-01", "kubectl patch pod @node-02"]);
    assert_eq!(c("kubectl patch pod @node-01 --s"), ["kubectl patch pod @node-01 --subresource=status"]);
    assert_eq!(c("image x:1 p"), ["image x:1 pull-error"]);
    assert_eq!(c("node down cp"), ["node down cp-01"]);
    assert!(c("kubectl get pods agent-x7k2p ").is_empty());
    assert_eq!(c("").len(), 5);
}

#[test]
fn node_commands_take_several_nodes_or_a_selector() {
    let selected = |labels: &str| NodeTargets::Selected(ListQuery { labels: Some(labels.into()), fields: None });
    assert!(matches!(ok("kubectl label nodes -l pool=gpu zone=a"), Command::Kubectl(Kubectl::Label { nodes, .. }) if nodes == selected("pool=gpu")));
    assert!(matches!(
        ok("kubectl label nodes --all zone=a"),
        Command::Kubectl(Kubectl::Label { nodes: NodeTargets::Selected(query), .. }) if query.is_empty()
    ));
    assert_eq!(err("kubectl label nodes --all -l a=b zone=a"), "error: cannot set --all and --selector at the same time");
    assert_eq!(err("kubectl label node n1 -l a=b zone=a"), "error: name cannot be provided when a selector is specified");
    assert!(err("kubectl label nodes zone=a").starts_with("error: resource(s) were provided, but no name"));
    // taint ignores the names it is given with a selector, as kubectl does.
    assert!(matches!(ok("kubectl taint nodes n1 -l pool=gpu gpu=true:NoSchedule"), Command::Kubectl(Kubectl::Taint { nodes, .. }) if nodes == selected("pool=gpu")));
    assert!(matches!(
        ok("kubectl taint nodes --all gpu:NoSchedule-"),
        Command::Kubectl(Kubectl::Taint { nodes: NodeTargets::Selected(query), .. }) if query.is_empty()
    ));
    assert_eq!(err("kubectl taint nodes --all -l a=b k:NoSchedule"), "error: setting 'all' parameter with a non empty selector is prohibited");
    assert_eq!(
        ok("kubectl cordon node-01 node/node-02"),
        Command::Kubectl(Kubectl::Cordon(NodeTargets::Named(vec!["node-01".into(), "node-02".into()])))
    );
    assert_eq!(ok("kubectl uncordon -l pool=gpu"), Command::Kubectl(Kubectl::Uncordon(selected("pool=gpu"))));
    assert!(matches!(ok("kubectl drain -l pool=gpu --ignore-daemonsets"), Command::Kubectl(Kubectl::Drain { nodes, .. }) if nodes == selected("pool=gpu")));
    assert_eq!(
        err("kubectl drain node-01 -l pool=gpu"),
        "error: cannot specify both a node name and a --selector option\nSee 'kubectl drain -h' for help and examples"
    );
}

#[test]
fn rollout_takes_the_flags_kubectl_users_type() {
    assert!(matches!(ok("kubectl rollout status ds/agent --timeout=10s -w --revision=2"), Command::Kubectl(Kubectl::RolloutStatus { .. })));
    assert!(err("kubectl rollout status ds/agent --revision=x").starts_with("error: invalid argument \"x\" for \"--revision\" flag"));
    assert!(matches!(
        ok("kubectl rollout history ds/agent -o yaml"),
        Command::Kubectl(Kubectl::RolloutHistory { output: Some(ref o), .. }) if o == "yaml"
    ));
    assert!(err("kubectl rollout history ds/agent -o wide").starts_with("error: unable to match a printer suitable for the output format \"wide\""));
    assert!(err("kubectl rollout undo ds/agent --dry-run=client").contains("does not take --dry-run"));
}
