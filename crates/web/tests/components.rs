//! Components rendered into a real DOM in headless Chromium:
//! `wasm-bindgen-test-runner` through chromedriver (`make test-web`).
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use dsplay_engine::kubectl::printers::AllocatedResource;
use dsplay_engine::state::ClusterState;
use dsplay_web::cluster_view::{NodeReadiness, NodeUsage, NodeView, PodPhase, PodView};
use dsplay_web::components::{NodeCard, NodeCardProps, PodChip, PodChipProps, StatusFrame, StatusLine, StatusLineProps};
use dsplay_web::i18n::Lang;
use wasm_bindgen_test::*;
use web_sys::Element;
use yew::BaseComponent;

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts a component in a fresh element and lets Yew's scheduler render it.
async fn render<C: BaseComponent>(props: C::Properties) -> Element {
    let document = gloo::utils::document();
    let root = document.create_element("div").expect("create a root element");
    gloo::utils::body().append_child(&root).expect("attach the root");
    yew::Renderer::<C>::with_root_and_props(root.clone(), props).render();
    yew::platform::time::sleep(Duration::from_millis(10)).await;
    root
}

fn text(root: &Element, selector: &str) -> String {
    root.query_selector(selector)
        .ok()
        .flatten()
        .and_then(|element| element.text_content())
        .unwrap_or_else(|| panic!("no element matches {selector}"))
}

fn has_class(element: &Element, class: &str) -> bool {
    element.class_name().split_whitespace().any(|name| name == class)
}

fn pod(name: &str, phase: PodPhase, ready: bool, terminating: bool) -> PodView {
    PodView {
        name: name.to_string(),
        daemonset: Some("agent".to_string()),
        node: Some("node-01".to_string()),
        bound: true,
        phase,
        ready,
        terminating,
        revision: Some("2".to_string()),
        image: Some("nginx:1.25".to_string()),
        status: if terminating { "Terminating".to_string() } else { format!("{phase:?}") },
        failing: false,
        current: Some(true),
    }
}

#[wasm_bindgen_test]
async fn pod_chip_spells_out_phase_readiness_and_revision() {
    let props = PodChipProps { pod: pod("agent-x7k2p", PodPhase::Running, true, false), lang: Lang::En };
    let root = render::<PodChip>(props).await;
    let chip = root.query_selector(".pod-chip").ok().flatten().expect("a chip");
    assert_eq!(chip.get_attribute("aria-label").as_deref(), Some("Pod agent-x7k2p: Running, ready, revision 2, current template"));
    assert_eq!(text(&root, ".pod-status"), "Running");
    assert_eq!(text(&root, ".pod-rev"), "r2");
    assert!(has_class(&chip, "is-ready") && has_class(&chip, "is-current"));
}

#[wasm_bindgen_test]
async fn an_old_template_pod_and_a_failing_one_say_so() {
    let mut old = pod("agent-oldie", PodPhase::Pending, false, false);
    old.current = Some(false);
    old.revision = Some("1".to_string());
    old.status = "ImagePullBackOff".to_string();
    old.failing = true;
    let root = render::<PodChip>(PodChipProps { pod: old, lang: Lang::En }).await;
    let chip = root.query_selector(".pod-chip").ok().flatten().expect("a chip");
    assert!(has_class(&chip, "is-old") && has_class(&chip, "is-failing"));
    assert_eq!(text(&root, ".pod-status"), "ImagePullBackOff");
    assert_eq!(text(&root, ".pod-rev"), "r1 · old");
    assert_eq!(chip.get_attribute("data-status").as_deref(), Some("ImagePullBackOff"));
}

#[wasm_bindgen_test]
async fn terminating_pod_says_so_in_chinese_too() {
    let props = PodChipProps { pod: pod("agent-x7k2p", PodPhase::Running, false, true), lang: Lang::ZhHans };
    let root = render::<PodChip>(props).await;
    let label = root.query_selector(".pod-chip").ok().flatten().and_then(|chip| chip.get_attribute("aria-label"));
    assert_eq!(label.as_deref(), Some("Pod agent-x7k2p：Terminating，未就绪，修订版本 2，当前模板"));
}

#[wasm_bindgen_test]
async fn node_card_shows_state_badges_and_its_pods() {
    let node = NodeView {
        name: "node-02".to_string(),
        readiness: NodeReadiness::NotReady,
        unschedulable: true,
        control_plane: false,
        labels: vec!["disktype=ssd".to_string()],
        taints: vec!["node.kubernetes.io/unschedulable:NoSchedule".to_string()],
        usage: Some(NodeUsage {
            resources: vec![AllocatedResource {
                resource: "cpu".to_string(),
                requests: "250m".to_string(),
                requests_percent: Some(6),
                limits: "0".to_string(),
                limits_percent: Some(0),
            }],
            pods: 1,
            pods_allocatable: Some("110".to_string()),
        }),
        pods: vec![pod("agent-aaaaa", PodPhase::Pending, false, false)],
        other_pods: vec![],
    };
    let root = render::<NodeCard>(NodeCardProps { node: std::rc::Rc::new(node), lang: Lang::En }).await;
    assert_eq!(text(&root, ".node-name"), "node-02");
    assert_eq!(text(&root, ".node-head .badge"), "NotReady");
    assert_eq!(text(&root, ".node-flags .badge"), "SchedulingDisabled");
    assert_eq!(text(&root, ".badge-label"), "disktype=ssd");
    assert_eq!(text(&root, ".badge-taint"), "⊘ node.kubernetes.io/unschedulable:NoSchedule");
    assert_eq!(text(&root, ".node-usage .usage-row:nth-child(1) .usage-text"), "250m (6%)");
    assert_eq!(text(&root, ".node-usage .usage-row:nth-child(2) .usage-text"), "1 / 110");
    let bar = root.query_selector(".node-usage .usage-bar > span").ok().flatten().and_then(|m| m.get_attribute("style"));
    assert_eq!(bar.as_deref(), Some("width: 6%"));
    assert_eq!(text(&root, ".pod-chip .pod-status"), "Pending");
    let card = root.query_selector(".node-card").ok().flatten().expect("a card");
    assert!(has_class(&card, "is-cordoned"));
}

#[wasm_bindgen_test]
async fn node_without_daemon_pod_says_so() {
    let node = NodeView {
        name: "node-03".to_string(),
        readiness: NodeReadiness::Ready,
        unschedulable: false,
        control_plane: true,
        labels: vec![],
        taints: vec![],
        usage: None,
        pods: vec![],
        other_pods: vec![],
    };
    let root = render::<NodeCard>(NodeCardProps { node: std::rc::Rc::new(node), lang: Lang::En }).await;
    assert_eq!(text(&root, ".no-pod"), "no daemon pod");
    assert_eq!(text(&root, ".node-flags .badge"), "control-plane");
    assert!(root.query_selector(".node-badges, .node-usage").ok().flatten().is_none(), "no labels, taints or usage");
    assert!(root.query_selector(".pod-chip").ok().flatten().is_none());
}

#[wasm_bindgen_test]
async fn status_line_prints_kubectl_get_ds_all_namespaces() {
    let text_of_scenario = "apiVersion: dsplay/v1\nkind: Scenario\nmetadata: {name: s}\nspec:\n  nodePools: [{name: node, count: 2}]\n  steps: [settle]\n---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent, namespace: kube-system}\nspec:\n  selector: {matchLabels: {app: agent}}\n  template:\n    metadata: {labels: {app: agent}}\n    spec:\n      containers: [{name: agent, image: busybox:1.36}]\n";
    let mut simulation = dsplay_engine::simulation::Simulation::load(text_of_scenario).expect("loads");
    simulation.run_steps();
    let state: ClusterState = simulation.state().clone();
    let now_ms = simulation.now();
    let root = render::<StatusLine>(StatusLineProps { frame: StatusFrame(state), now_ms, lang: Lang::En }).await;
    let headings: Vec<String> = (0..9).map(|i| text(&root, &format!("thead th:nth-child({})", i + 1))).collect();
    assert_eq!(headings, ["NAMESPACE", "NAME", "DESIRED", "CURRENT", "READY", "UP-TO-DATE", "AVAILABLE", "NODE SELECTOR", "AGE"]);
    assert_eq!(text(&root, "[data-col=namespace]"), "kube-system");
    assert_eq!(text(&root, "[data-col=ready]"), "2");
    assert_eq!(text(&root, "[data-col=up-to-date]"), "2");
}
