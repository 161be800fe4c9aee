//! The node pool editor: the scenario's `spec.nodePools` as rows of fields.
//! Saving rewrites that document in the editor text and loads it, like any
//! other edit followed by Apply.

use dsplay_engine::scenario::{default_allocatable, MAX_NODES};
use dsplay_model::field_path::FieldPath;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::cluster_view::node_pools::{field_named, names_pools, pool_index, read_pools, write_pools, PoolDraft, PoolField, PoolsError};
use crate::i18n::load_error_text;
use crate::state::{Action, Playground};

#[derive(Clone, PartialEq)]
enum PoolError {
    Unreadable(PoolsError),
    Invalid(PoolsError),
}

#[function_component(PoolEditor)]
pub fn pool_editor() -> Html {
    let playground = use_context::<Playground>();
    let applied = playground.as_ref().map(|p| p.applied_text.clone()).unwrap_or_default();
    let drafts = use_state(Vec::<PoolDraft>::new);
    // Why the rows cannot be read from the text, or why they were not applied.
    let error = use_state(|| None::<PoolError>);
    // Counts saves: each refused one takes the user to what was refused (the form's
    // own check, or the API server's answer about the pools).
    let saves = use_state(|| 0_u32);
    let form = use_node_ref();
    // After "Add pool", the new row's name field takes the focus: that is what comes next.
    let focus_new_row = use_mut_ref(|| false);
    {
        let (form, focus_new_row) = (form.clone(), focus_new_row.clone());
        use_effect(move || {
            if !std::mem::take(&mut *focus_new_row.borrow_mut()) {
                return;
            }
            let name = form.cast::<web_sys::Element>().and_then(|form| form.query_selector(".pool-row:last-of-type input").ok().flatten());
            if let Some(name) = name.and_then(|name| name.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                let _ = name.focus();
                name.select();
            }
        });
    }
    {
        let form = form.clone();
        use_effect_with(*saves, move |saves| {
            let Some(form) = form.cast::<web_sys::Element>().filter(|_| *saves > 0) else { return };
            let field = form.query_selector("[aria-invalid=\"true\"]").ok().flatten();
            match field.and_then(|field| field.dyn_into::<web_sys::HtmlElement>().ok()) {
                Some(field) => {
                    let _ = field.focus();
                }
                None => {
                    let problem = form.query_selector("#pools-problem").ok().flatten();
                    if let Some(problem) = problem.and_then(|p| p.dyn_into::<web_sys::HtmlElement>().ok()) {
                        let _ = problem.focus();
                    }
                }
            }
        });
    }
    {
        // The rows follow the loaded scenario.
        let (drafts, error) = (drafts.clone(), error.clone());
        use_effect_with(applied.clone(), move |text| {
            match read_pools(text) {
                Ok(pools) => {
                    drafts.set(pools);
                    error.set(None);
                }
                Err(message) => error.set(Some(PoolError::Unreadable(message))),
            }
        });
    }
    let Some(playground) = playground else {
        return Html::default();
    };
    let text = playground.lang.panels();
    let edit = |index: usize, change: fn(&mut PoolDraft, String)| {
        let drafts = drafts.clone();
        Callback::from(move |event: Event| {
            let value = event
                .target_dyn_into::<HtmlInputElement>()
                .map(|input| if input.type_() == "checkbox" { input.checked().to_string() } else { input.value() })
                .or_else(|| event.target_dyn_into::<HtmlSelectElement>().map(|select| select.value()))
                .unwrap_or_default();
            let mut next = (*drafts).clone();
            if let Some(pool) = next.get_mut(index) {
                change(pool, value);
            }
            drafts.set(next);
        })
    };
    let remove = |index: usize| {
        let drafts = drafts.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*drafts).clone();
            if index < next.len() {
                next.remove(index);
            }
            drafts.set(next);
        })
    };
    let add = {
        let (drafts, focus_new_row) = (drafts.clone(), focus_new_row.clone());
        Callback::from(move |_: MouseEvent| {
            let mut next = (*drafts).clone();
            next.push(PoolDraft { name: format!("pool{}", next.len() + 1), count: 1, ..Default::default() });
            drafts.set(next);
            *focus_new_row.borrow_mut() = true;
        })
    };
    let save = {
        let (drafts, error, playground, saves) = (drafts.clone(), error.clone(), playground.clone(), saves.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            match write_pools(&playground.text, &drafts) {
                Ok(new_text) => {
                    error.set(None);
                    playground.dispatch(Action::EditAndApply(new_text));
                }
                Err(message) => error.set(Some(PoolError::Invalid(message))),
            }
            saves.set(saves.wrapping_add(1));
        })
    };
    // An empty capacity field means the engine's default machine: shown as the placeholder.
    let allocatable = default_allocatable();
    let default_of = |resource: &str| allocatable.get(resource).map(|q| q.0.clone()).unwrap_or_default();
    // The field a refusal is about is marked, and described by the refusal: the form's
    // own, or the one the API server's answer names.
    let invalid = match &*error {
        Some(PoolError::Invalid(problem) | PoolError::Unreadable(problem)) => problem.field(),
        None => playground.error.as_ref().and_then(|refusal| refusal.field_paths().iter().find_map(field_named)),
    };
    let field = |index: usize,
                 which: Option<PoolField>,
                 label: &'static str,
                 value: String,
                 placeholder: String,
                 class: &'static str,
                 change: fn(&mut PoolDraft, String)| {
        let bad = which.is_some() && invalid == which.map(|which| (index, which));
        html! {
            <label class={classes!("pool-field", class)}>
                <span>{ label }</span>
                <input type="text" value={value} {placeholder} spellcheck="false" autocomplete="off" onchange={edit(index, change)}
                    aria-invalid={bad.then_some("true")} aria-describedby={bad.then_some("pools-problem")} />
            </label>
        }
    };
    // Why the pools were not written (the form's own check), or not loaded (what the
    // API server said about them, here by the form, not only under the editor): by the
    // pool it is about when there is one, else above the pools.
    let problem = match &*error {
        Some(PoolError::Unreadable(error)) => Some((text.pools_unreadable)(&text.pools_reason(error))),
        Some(PoolError::Invalid(error)) => Some((text.pools_not_written)(&text.pools_reason(error))),
        None => pool_refusal(&playground).map(|refusal| (text.pools_refused)(&refusal)),
    };
    // The API server's answer stands by the pool whose node it refused, or whose
    // `spec.nodePools[N]` it names.
    let refused_pool = || {
        let error = playground.error.as_ref().filter(|_| error.is_none())?;
        let by_name = error.place.node_pool.as_ref().and_then(|pool| drafts.iter().position(|d| &d.name == pool));
        let named = || error.field_paths().iter().find_map(pool_index).filter(|&i| i < drafts.len());
        by_name.or_else(named)
    };
    let problem_at = invalid.map(|(index, _)| index).or_else(refused_pool);
    let said = |text: &String| html! { <p class="why-failed" id="pools-problem" role="alert" tabindex="-1">{ text.clone() }</p> };
    html! {
        <details class="pool-editor">
            <summary>{ text.pools_heading }</summary>
            <form ref={form} onsubmit={save}>
                <p class="console-hint">{ text.pools_hint }</p>
                if problem_at.is_none() {
                    { for problem.iter().map(said) }
                }
                { for drafts.iter().enumerate().map(|(i, pool)| html! {
                    <fieldset class="pool-row" data-pool={pool.name.clone()}>
                        <legend>{ &pool.name }</legend>
                        { field(i, Some(PoolField::Name), text.pool_name, pool.name.clone(), String::new(), "short", |p, v| p.name = v) }
                        <label class="pool-field short">
                            <span>{ text.pool_count }</span>
                            <input type="number" min="0" max={MAX_NODES.to_string()} value={pool.count.to_string()}
                                onchange={edit(i, |p, v| p.count = v.trim().parse().unwrap_or(p.count))} />
                        </label>
                        <label class="pool-field short">
                            <span>{ text.pool_role }</span>
                            <select onchange={edit(i, |p, v| p.control_plane = v == "control-plane")}>
                                <option value="worker" selected={!pool.control_plane}>{ text.role_worker }</option>
                                <option value="control-plane" selected={pool.control_plane}>{ text.role_control_plane }</option>
                            </select>
                        </label>
                        { field(i, Some(PoolField::Labels), text.pool_labels, pool.labels.clone(), (text.example_value)("disktype=ssd, zone=a"), "wide", |p, v| p.labels = v) }
                        { field(i, Some(PoolField::Taints), text.pool_taints, pool.taints.clone(), (text.example_value)("dedicated=gpu:NoSchedule"), "wide", |p, v| p.taints = v) }
                        { field(i, None, text.pool_cpu, pool.cpu.clone(), default_of("cpu"), "short", |p, v| p.cpu = v) }
                        { field(i, None, text.pool_memory, pool.memory.clone(), default_of("memory"), "short", |p, v| p.memory = v) }
                        { field(i, None, text.pool_pods, pool.pods.clone(), default_of("pods"), "short", |p, v| p.pods = v) }
                        <button type="button" class="btn" onclick={remove(i)} aria-label={(text.remove_pool_named)(&pool.name)}>{ text.remove_pool }</button>
                        if problem_at == Some(i) {
                            { for problem.iter().map(said) }
                        }
                    </fieldset>
                }) }
                <div class="pool-buttons">
                    <button type="button" class="btn" onclick={add}>{ text.add_pool }</button>
                    <button type="submit" class="btn primary" data-pools-save="">{ text.apply_pools }</button>
                </div>
            </form>
        </details>
    }
}

/// The editor's error when it is about the node pools (a field under `spec.nodePools`): each
/// cause about them, one a line.
fn pool_refusal(playground: &Playground) -> Option<String> {
    let error = playground.error.as_ref()?;
    // A pool's node the API server refused (a bad taint effect, a quantity) counts too.
    let about_pools = |path: &FieldPath| names_pools(path) || error.place.node_pool.is_some();
    let causes: Vec<&str> = error.details.iter().filter(|d| about_pools(&d.path)).map(|d| d.text.as_str()).collect();
    if !causes.is_empty() {
        return Some(causes.join("\n"));
    }
    (error.place.node_pool.is_some() || error.field_paths().iter().any(about_pools)).then(|| load_error_text::said(&error.place, &error.text, error.refusal.as_ref(), playground.lang))
}
