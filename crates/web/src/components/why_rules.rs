//! The rules the "why / why not" panel lists for one DaemonSet on the node: where its
//! pod stands, every rule the controller and the scheduler applied, each marked as
//! allowing or blocking the pod.

use yew::prelude::*;

use crate::cluster_view::why::{
    BlockingRule, DaemonSetWhy, NodeNameCheck, NotReadyCause, Outcome, PluginCheck, RolloutWhy, RuleCheck, SchedulerCheck, TaintCheck,
};
use crate::i18n::PanelStrings;
use crate::view_model::why::{outcome_class, outcome_mark, taint_pass, RuleMark};
use dsplay_model::node_affinity::AffinityCheckKind;

/// One line: a mark (shape and word, never colour alone), the rule, the reason.
/// `reason_lang` marks a reason in another language than the page's (the scheduler's
/// English), so a screen reader does not read it with the page's voice.
fn rule_line(pass: Option<bool>, rule: Html, reason: String, reason_lang: Option<&'static str>, text: &PanelStrings, extra_class: &'static str) -> Html {
    let rule_mark = RuleMark::of(pass);
    let (class, mark) = rule_mark.class_and_mark();
    let word = match rule_mark {
        RuleMark::Allows => text.allows,
        RuleMark::Blocks => text.blocks,
        RuleMark::Neutral => text.neutral,
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
    let pass = taint_pass(&taint.effect, taint.blocks_scheduling());
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

pub(super) fn daemonset(ds: &DaemonSetWhy, rollout: Option<&RolloutWhy>, text: &PanelStrings) -> Html {
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
