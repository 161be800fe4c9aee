//! Buttons for one node: each runs the matching console command through the
//! session (`Simulation::execute`), so it is a step at the end of the timeline
//! and kubectl's output shows in the console, exactly as if typed there.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::state::{Action, Playground};

#[derive(Properties, PartialEq)]
pub struct NodeActionsProps {
    pub node: String,
    pub cordoned: bool,
    /// The node's pool, for "add a node".
    pub pool: String,
    /// The name the added node gets (`<pool>-NN`).
    pub next_name: String,
    pub lang: Lang,
}

/// The console commands behind the buttons, kept in one place so tests can read them.
pub fn node_command(action: &str, node: &str, argument: &str) -> String {
    match action {
        "cordon" => format!("kubectl cordon {node}"),
        "uncordon" => format!("kubectl uncordon {node}"),
        "drain" => format!("kubectl drain {node} --ignore-daemonsets"),
        "label" => format!("kubectl label node {node} {argument} --overwrite"),
        "taint" => format!("kubectl taint node {node} {argument}"),
        "down" => format!("node down {node}"),
        "up" => format!("node up {node}"),
        "delete" => format!("kubectl delete node {node}"),
        _ => format!("node add {argument} --pool {node}"),
    }
}

#[function_component(NodeActions)]
pub fn node_actions(props: &NodeActionsProps) -> Html {
    let label_input = use_node_ref();
    let taint_input = use_node_ref();
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let text = props.lang.panels();
    let run = |command: String| {
        let playground = playground.clone();
        Callback::from(move |_: MouseEvent| playground.dispatch(Action::Execute(command.clone())))
    };
    let with_argument = |action: &'static str, input: NodeRef| {
        let (playground, node) = (playground.clone(), props.node.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            if let Some(field) = input.cast::<HtmlInputElement>() {
                let argument = field.value();
                if !argument.trim().is_empty() {
                    playground.dispatch(Action::Execute(node_command(action, &node, argument.trim())));
                    field.set_value("");
                }
            }
        })
    };
    let node = &props.node;
    let button = |action: &'static str, label: &'static str| {
        html! {
            <button type="button" class="btn" data-node-action={action} onclick={run(node_command(action, node, ""))}>{ label }</button>
        }
    };
    html! {
        <section class="node-actions" aria-label={(text.actions_heading)(node)}>
            <div class="node-action-buttons" role="group" aria-label={(text.actions_heading)(node)}>
                if props.cordoned { { button("uncordon", text.uncordon) } } else { { button("cordon", text.cordon) } }
                { button("drain", text.drain) }
                { button("down", text.node_down) }
                { button("up", text.node_up) }
                { button("delete", text.delete_node) }
                <button type="button" class="btn" data-node-action="add"
                    onclick={run(node_command("add", &props.pool, &props.next_name))}>{ (text.add_node)(&props.pool) }</button>
            </div>
            <form class="node-action-form" onsubmit={with_argument("label", label_input.clone())}>
                <input ref={label_input} type="text" spellcheck="false" autocomplete="off" placeholder={text.label_placeholder}
                    aria-label={text.label} data-node-input="label" />
                <button type="submit" class="btn">{ text.label }</button>
            </form>
            <form class="node-action-form" onsubmit={with_argument("taint", taint_input.clone())}>
                <input ref={taint_input} type="text" spellcheck="false" autocomplete="off" placeholder={text.taint_placeholder}
                    aria-label={text.taint} data-node-input="taint" />
                <button type="submit" class="btn">{ text.taint }</button>
            </form>
            <p class="console-hint">{ text.actions_hint }</p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::node_command;

    #[test]
    fn buttons_run_kubectls_own_commands() {
        assert_eq!(node_command("cordon", "node-02", ""), "kubectl cordon node-02");
        assert_eq!(node_command("drain", "node-02", ""), "kubectl drain node-02 --ignore-daemonsets");
        assert_eq!(node_command("label", "node-02", "disk=ssd"), "kubectl label node node-02 disk=ssd --overwrite");
        assert_eq!(node_command("taint", "node-02", "k=v:NoExecute"), "kubectl taint node node-02 k=v:NoExecute");
        assert_eq!(node_command("add", "gpu", "gpu-03"), "node add gpu-03 --pool gpu");
        assert_eq!(node_command("down", "node-01", ""), "node down node-01");
    }
}
