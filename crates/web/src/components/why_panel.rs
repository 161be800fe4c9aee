//! The "why / why not" panel for the selected node: for each DaemonSet, where
//! its pod stands and every rule the controller and the scheduler applied, in
//! words, each marked as allowing or blocking the pod.

use yew::prelude::*;

use super::node_actions::{DaemonPodAtEnd, NodeActionState, NodeActions};
use crate::cluster_view::why::{
    BlockingRule, DaemonSetWhy, NodeNameCheck, NodeWhy, NotReadyCause, Outcome, PluginCheck, RolloutWhy, RuleCheck, SchedulerCheck,
    TaintCheck,
};
use crate::cluster_view::pool_of;
use crate::focus::{focus_first, scroll_to_top};
use crate::i18n::PanelStrings;
use crate::state::{Action, Playground};
use dsplay_engine::controller::daemonset::{is_daemon_pod, target_node_name};
use dsplay_engine::pod_readiness::is_terminating;
use dsplay_engine::state::Stored;
use dsplay_model::k8s_openapi::api::core::v1::Pod;
use dsplay_model::node_affinity::AffinityCheckKind;

/// The control that selects `node`: its card's name, or its square in the dense view.
fn node_control(node: &str) -> String {
    format!(".node-card[data-node=\"{node}\"] .node-select, .dense-node[data-node=\"{node}\"]")
}

thread_local! {
    /// The node whose selection last gave the panel focus; `None` once none is selected.
    static FOCUSED_FOR: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

#[function_component(WhyPanel)]
pub fn why_panel() -> Html {
    let playground = use_context::<Playground>();
    let selected = playground.as_ref().and_then(|p| p.selected_node.clone());
    // A newly selected node gives the panel's heading focus, so a keyboard or a phone
    // user lands on the explanation; then its card, just above the panel, is scrolled
    // to the top of the view (below the sticky timeline), so both show together.
    //
    // Only a new selection: the panel is built again when it moves between its card and
    // the side (scrubbing past the frame where the node joins), and must not take focus
    // from the scrubber then.
    use_effect_with(selected, |selected| {
        let newly_selected = FOCUSED_FOR.with(|focused| focused.replace(selected.clone()) != *selected);
        if let Some(node) = selected.as_ref().filter(|_| newly_selected) {
            focus_first("#why-heading");
            scroll_to_top(&format!(".node-card[data-node=\"{node}\"]"));
        }
    });
    // A node deleted from its own panel took the focused button with it: the focus
    // goes to the panel's heading, not back to the top of the page.
    let node_gone = playground.as_ref().is_some_and(|p| {
        let shown = p.session.as_ref().and_then(|session| session.frame(p.cursor));
        p.selected_node.as_ref().is_some_and(|node| shown.is_some_and(|frame| !frame.state.nodes.contains_key(node)))
    });
    use_effect_with(node_gone, |gone| {
        let document = gloo::utils::document();
        let body = document.body().map(web_sys::Element::from);
        if *gone && document.active_element().is_none_or(|active| Some(active) == body) {
            focus_first("#why-heading");
        }
    });
    let Some(playground) = playground else {
        return Html::default();
    };
    let lang = playground.lang;
    let text = lang.panels();
    // Until a node is selected, the cluster pane's heading says how (`SelectHint`).
    let Some(node) = playground.selected_node.clone() else {
        return Html::default();
    };
    let session = playground.session.as_ref();
    let frame = session.and_then(|session| session.frame(playground.cursor));
    let explanation = frame.as_ref().and_then(|frame| NodeWhy::of(&frame.state, &node));
    let rollouts = frame.as_ref().map(|frame| RolloutWhy::of(&frame.state, &node, frame.time_ms)).unwrap_or_default();
    drop(frame);
    // The actions run at the end of the timeline, so they follow the node there. Read
    // from the frame's store directly: a view of every node would cost a frame of a
    // 5,000-node cluster twice.
    let last = session.and_then(|session| session.frame(session.last_frame()));
    let action_state = last.as_ref().and_then(|last| last.state.nodes.get(&node)).map(|n| NodeActionState {
        cordoned: n.spec.as_ref().and_then(|spec| spec.unschedulable).unwrap_or(false),
        kubelet_down: session.is_some_and(|session| session.kubelet_is_silent(&node)),
    });
    // A node of a scenario pool can have a sibling added; one of a manifest cannot.
    let pool = session.and_then(|session| session.pools_by_node().get(&node).cloned());
    let next_name = last
        .as_ref()
        .zip(pool.as_deref())
        .map(|(last, pool)| next_node_name(last.state.nodes.keys(), pool))
        .unwrap_or_default();
    // The pods the panel explains, at the frame shown: a pod the actions offer that is
    // not among them exists only later, and its button says so.
    let explained: Vec<&str> =
        explanation.iter().flat_map(|why| &why.daemonsets).flat_map(|ds| &ds.pods).map(|pod| pod.name.as_str()).collect();
    let daemon_pods: Vec<DaemonPodAtEnd> = last
        .as_ref()
        .map(|last| {
            let on_node = |pod: &&Pod| is_daemon_pod(pod) && !is_terminating(pod) && target_node_name(pod) == Some(node.as_str());
            let at_end = |pod: &Pod| {
                let name = pod.metadata.name.clone().unwrap_or_default();
                DaemonPodAtEnd { namespace: pod.metadata.namespace.clone().unwrap_or_default(), shown: explained.contains(&name.as_str()), name }
            };
            last.state.pods.values().map(Stored::object).filter(on_node).map(at_end).collect()
        })
        .unwrap_or_default();
    drop(last);
    // Closing gives focus back to the node's own control, where the user came from.
    let close_panel = {
        let (playground, node) = (playground.clone(), node.clone());
        move || {
            playground.dispatch(Action::SelectNode(None));
            focus_first(&node_control(&node));
        }
    };
    let close = {
        let close_panel = close_panel.clone();
        Callback::from(move |_: MouseEvent| close_panel())
    };
    let onkeydown = Callback::from(move |event: KeyboardEvent| {
        if event.key() == "Escape" {
            event.prevent_default();
            close_panel();
        }
    });
    html! {
        <section class="why-panel" aria-labelledby="why-heading" data-node={node.clone()} {onkeydown}>
            <div class="why-head">
                <h3 id="why-heading" tabindex="-1">{ (text.why_heading)(&node) }</h3>
                <button type="button" class="btn" onclick={close}>{ text.close }</button>
            </div>
            // The reasons first, right under the card (on a laptop the actions pushed them
            // below the fold); then what can be done to the node. A node that is not there
            // at this frame gets no actions.
            {
                match &explanation {
                    None => html! { <p class="empty">{ text.node_gone }</p> },
                    Some(why) if why.daemonsets.is_empty() => html! { <p class="empty">{ text.no_daemonsets }</p> },
                    Some(why) => why
                        .daemonsets
                        .iter()
                        .map(|ds| {
                            let key = format!("{}/{}", ds.namespace, ds.name);
                            daemonset(ds, rollouts.iter().find(|rollout| rollout.daemonset == key), text)
                        })
                        .collect::<Html>(),
                }
            }
            if explanation.is_some() {
                <NodeActions node={node.clone()} state={action_state}
                    {pool} {next_name} {daemon_pods} {lang} />
            }
        </section>
    }
}

/// The next free `<pool>-NN` name, as `node add` expects.
fn next_node_name<'a>(names: impl Iterator<Item = &'a String>, pool: &str) -> String {
    let highest = names
        .filter(|name| pool_of(name) == pool)
        .filter_map(|name| name.rsplit_once('-').and_then(|(_, number)| number.parse::<u32>().ok()))
        .max()
        .unwrap_or(0);
    format!("{pool}-{:02}", highest + 1)
}

fn outcome_class(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Running | Outcome::Kept => "badge badge-ok",
        Outcome::Failing { .. } | Outcome::Pending | Outcome::Evicting => "badge badge-bad",
        Outcome::Starting { .. } | Outcome::Scheduling | Outcome::Terminating | Outcome::Missing => "badge badge-warn",
        Outcome::NotEligible => "badge",
    }
}

/// The badge's mark, so the outcome is never told by colour alone.
fn outcome_mark(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Running | Outcome::Kept => "✓ ",
        Outcome::Failing { .. } | Outcome::Pending | Outcome::Evicting => "✗ ",
        Outcome::Starting { .. } | Outcome::Scheduling | Outcome::Missing => "◐ ",
        Outcome::Terminating => "⊘ ",
        Outcome::NotEligible => "– ",
    }
}

/// One line: a mark (shape and word, never colour alone), the rule, the reason.
/// `reason_lang` marks a reason in another language than the page's (the scheduler's
/// English), so a screen reader does not read it with the page's voice.
fn rule_line(pass: Option<bool>, rule: Html, reason: String, reason_lang: Option<&'static str>, text: &PanelStrings, extra_class: &'static str) -> Html {
    let (class, mark, word) = match pass {
        Some(true) => ("rule is-pass", "✓", text.allows),
        Some(false) => ("rule is-fail", "✗", text.blocks),
        None => ("rule is-neutral", "–", text.neutral),
    };
    html! {
        <li class={classes!(class, extra_class)}>
            <span class="rule-mark" aria-hidden="true">{ mark }</span>
            <span class="visually-hidden">{ word }{ text.colon }</span>
            <span class="rule-text">{ rule }</span>
            <span class="rule-reason" lang={reason_lang}>{ reason }</span>
        </li>
    }
}

fn node_name_line(check: &NodeNameCheck, text: &PanelStrings) -> Html {
    rule_line(Some(check.matched), html! { <code>{ "nodeName" }</code> }, (text.node_name_rule)(check), None, text, "")
}

fn affinity_line(rule: &RuleCheck, text: &PanelStrings) -> Html {
    let (label, indent) = match rule.check.kind {
        AffinityCheckKind::NodeSelector => (html! { <><code>{ "nodeSelector " }</code><code>{ &rule.check.rule }</code></> }, ""),
        AffinityCheckKind::Term => (html! { <code>{ (text.term_rule)(rule.check.term.unwrap_or_default()) }</code> }, ""),
        _ => (html! { <code>{ &rule.check.rule }</code> }, "is-nested"),
    };
    rule_line(Some(rule.check.matched), label, (text.affinity_reason)(rule), None, text, indent)
}

fn taint_line(taint: &TaintCheck, text: &PanelStrings) -> Html {
    let pass = match taint.effect.as_str() {
        "NoSchedule" | "NoExecute" => Some(!taint.blocks_scheduling()),
        _ => None,
    };
    rule_line(pass, html! { <code>{ &taint.taint }</code> }, (text.taint_reason)(taint), None, text, "")
}

fn plugin_line(plugin: &PluginCheck, text: &PanelStrings) -> Html {
    // An unfit plugin's reason is the scheduler's own words, in English.
    let (reason, lang) = match &plugin.unfit {
        Some(unfit) => (unfit.clone(), Some("en")),
        None => (text.plugin_fits.to_string(), None),
    };
    rule_line(Some(plugin.unfit.is_none()), html! { <code>{ plugin.plugin }</code> }, reason, lang, text, "")
}

/// The rule that keeps the pod off (or makes the controller delete it), repeated under
/// the summary: on a short window the full list below may start past its bottom edge.
fn deciding_rule(ds: &DaemonSetWhy, text: &PanelStrings) -> Html {
    let decides = matches!(ds.outcome, Outcome::NotEligible | Outcome::Evicting | Outcome::Kept | Outcome::Pending);
    let Some(rule) = ds.first_blocking_rule().filter(|_| decides) else { return Html::default() };
    let line = match rule {
        BlockingRule::NodeName(check) => node_name_line(check, text),
        BlockingRule::Affinity(rule) => affinity_line(rule, text),
        BlockingRule::Taint(taint) => taint_line(taint, text),
        BlockingRule::Plugin(plugin) => plugin_line(plugin, text),
    };
    html! { <ul class="why-rules why-decider" aria-label={text.deciding_rule}>{ line }</ul> }
}

fn daemonset(ds: &DaemonSetWhy, rollout: Option<&RolloutWhy>, text: &PanelStrings) -> Html {
    let node_name = ds.node_name.iter().map(|check| node_name_line(check, text));
    let affinity = ds.affinity.iter().map(|rule| affinity_line(rule, text));
    let taints = ds.taints.iter().map(|taint| taint_line(taint, text));
    let rules: Vec<Html> = node_name.chain(affinity).chain(taints).collect();
    let badge = (text.outcome_badge)(&ds.outcome);
    html! {
        <article class="why-ds" data-daemonset={ds.name.clone()} data-outcome={ds.outcome.name()}>
            <h4>
                <span class="why-ds-name">{ format!("{}/{}", ds.namespace, ds.name) }</span>
                <span class={outcome_class(&ds.outcome)}><span aria-hidden="true">{ outcome_mark(&ds.outcome) }</span>{ badge }</span>
            </h4>
            <p class="why-summary">{ (text.outcome_summary)(&ds.outcome) }</p>
            { deciding_rule(ds, text) }
            // Where the node stands in the rollout, right under the summary: the question
            // of every rollout lesson is why this node still waits.
            if let Some(rollout) = rollout {
                <p class="why-rollout" data-rollout={rollout.verdict_name()}>
                    <strong>{ text.rollout_heading }{ text.colon }</strong>{ (text.rollout_line)(rollout) }
                </p>
            }
            if !ds.pods.is_empty() {
                <p class="why-pods">
                    { text.pods_here }{ text.colon }
                    // kubectl's STATUS, as `kubectl get pods` prints it.
                    { for ds.pods.iter().map(|pod| html! { <code>{ format!("{} ({})", pod.name, pod.status) }</code> }) }
                </p>
                { for ds.pods.iter().filter_map(|pod| pod.not_ready_because.as_ref().map(|why| match why {
                    NotReadyCause::Condition(message) => html! {
                        <p class="why-unready">{ (text.not_ready_because)(&pod.name) }<code lang="en">{ message }</code></p>
                    },
                    NotReadyCause::NodeNotReady => html! {
                        <p class="why-unready">{ (text.not_ready_because)(&pod.name) }{ text.node_stopped_posting }</p>
                    },
                })) }
            }
            <p class="why-verdict"><code>{ (text.verdict)(ds.verdict.should_run, ds.verdict.should_continue_running) }</code></p>
            <h5>{ text.controller_rules }</h5>
            if rules.is_empty() {
                <p class="why-none">{ text.no_rules }</p>
            } else {
                <ul class="why-rules">{ for rules }</ul>
            }
            <h5>{ text.scheduler_heading }</h5>
            { scheduler(ds.scheduler.as_ref(), text) }
        </article>
    }
}

fn scheduler(check: Option<&SchedulerCheck>, text: &PanelStrings) -> Html {
    let Some(check) = check else {
        return html! { <p class="why-none">{ text.scheduler_skipped }</p> };
    };
    let intro = if check.hypothetical {
        text.scheduler_hypothetical
    } else if check.bound {
        text.scheduler_bound
    } else {
        text.scheduler_pending
    };
    html! {
        <>
            <p class="why-none">{ intro }</p>
            <ul class="why-rules why-plugins">
                { for check.plugins.iter().map(|plugin| plugin_line(plugin, text)) }
            </ul>
            if let Some(message) = &check.failed_scheduling {
                <p class="why-failed"><strong>{ text.failed_scheduling }{ text.colon }</strong><code lang="en">{ message }</code></p>
            }
        </>
    }
}
