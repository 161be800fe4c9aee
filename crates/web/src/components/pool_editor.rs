//! The node pool editor: the scenario's `spec.nodePools` as rows of fields.
//! Saving rewrites that document in the editor text and loads it, like any
//! other edit followed by Apply.

use std::cell::RefCell;
use std::rc::Rc;

use dsplay_engine::scenario::{default_allocatable, MAX_NODES};
use dsplay_engine::simulation::LoadError;
use dsplay_model::field_path::FieldPath;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::cluster_view::node_pools::{field_named, names_pools, pool_index, read_pools, write_pools, PoolDraft, PoolField};
use crate::i18n::load_error_text;
use crate::state::{Action, Playground};
use crate::view_model::pool_form::{set_count, set_role, with_field, with_new_pool, without_pool, PoolError};

#[function_component(PoolEditor)]
pub fn pool_editor() -> Html {
    let playground = use_context::<Playground>();
    let applied = playground.as_ref().map(|p| p.applied_text.clone()).unwrap_or_default();
    let (drafts, error) = use_pools_of(applied);
    // Counts saves: each refused one takes the user to what was refused (the form's
    // own check, or the API server's answer about the pools).
    let saves = use_state(|| 0_u32);
    let form = use_node_ref();
    let focus_new_row = use_focus_new_row(form.clone());
    use_focus_refused(form.clone(), *saves);
    let Some(playground) = playground else {
        return Html::default();
    };
    let text = playground.lang.panels();
    let onedit = {
        let drafts = drafts.clone();
        Callback::from(move |(index, change, value): Edit| drafts.set(with_field(&drafts, index, change, value)))
    };
    let onremove = {
        let drafts = drafts.clone();
        Callback::from(move |index: usize| drafts.set(without_pool(&drafts, index)))
    };
    let add = {
        let drafts = drafts.clone();
        Callback::from(move |_: MouseEvent| {
            drafts.set(with_new_pool(&drafts));
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
    // The field a refusal is about is marked, and described by the refusal: the form's
    // own, or the one the API server's answer names.
    let invalid = marked_field(error.as_ref(), playground.error.as_ref());
    let problem = problem_text(error.as_ref(), &playground);
    // Said by the pool it is about when there is one, else above the pools.
    let problem_at = invalid.map(|(index, _)| index).or_else(|| refused_pool(playground.error.as_ref().filter(|_| error.is_none()), &drafts));
    html! {
        <details class="pool-editor">
            <summary>{ text.pools_heading }</summary>
            <form ref={form} onsubmit={save}>
                <p class="console-hint">{ text.pools_hint }</p>
                if problem_at.is_none() {
                    { for problem.as_deref().map(said) }
                }
                { for drafts.iter().enumerate().map(|(index, pool)| html! {
                    <PoolRow {index} pool={pool.clone()} invalid={invalid.filter(|(at, _)| *at == index).map(|(_, field)| field)}
                        problem={problem.clone().filter(|_| problem_at == Some(index))} onedit={onedit.clone()} onremove={onremove.clone()} />
                }) }
                <div class="pool-buttons">
                    <button type="button" class="btn" onclick={add}>{ text.add_pool }</button>
                    <button type="submit" class="btn primary" data-pools-save="">{ text.apply_pools }</button>
                </div>
            </form>
        </details>
    }
}

/// The rows follow the loaded scenario; why they cannot be read from its text, or why
/// they were not applied.
#[hook]
fn use_pools_of(applied: String) -> (UseStateHandle<Vec<PoolDraft>>, UseStateHandle<Option<PoolError>>) {
    let drafts = use_state(Vec::<PoolDraft>::new);
    let error = use_state(|| None::<PoolError>);
    {
        let (drafts, error) = (drafts.clone(), error.clone());
        use_effect_with(applied, move |text| match read_pools(text) {
            Ok(pools) => {
                drafts.set(pools);
                error.set(None);
            }
            Err(message) => error.set(Some(PoolError::Unreadable(message))),
        });
    }
    (drafts, error)
}

/// After "Add pool", the new row's name field takes the focus: that is what comes next.
/// Set the flag the hook returns when adding.
#[hook]
fn use_focus_new_row(form: NodeRef) -> Rc<RefCell<bool>> {
    let focus_new_row = use_mut_ref(|| false);
    let flag = focus_new_row.clone();
    use_effect(move || {
        if !std::mem::take(&mut *flag.borrow_mut()) {
            return;
        }
        let name = form.cast::<web_sys::Element>().and_then(|form| form.query_selector(".pool-row:last-of-type input").ok().flatten());
        if let Some(name) = name.and_then(|name| name.dyn_into::<web_sys::HtmlInputElement>().ok()) {
            let _ = name.focus();
            name.select();
        }
    });
    focus_new_row
}

/// After a refused save, the focus goes to the field refused, else to the problem.
#[hook]
fn use_focus_refused(form: NodeRef, saves: u32) {
    use_effect_with(saves, move |saves| {
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

/// A field's change: the row, how the value changes the pool, the value.
type Edit = (usize, fn(&mut PoolDraft, String), String);

#[derive(Properties, PartialEq)]
struct PoolRowProps {
    index: usize,
    pool: PoolDraft,
    /// The field of this row a refusal is about.
    invalid: Option<PoolField>,
    /// The refusal, when it is said by this row.
    problem: Option<String>,
    onedit: Callback<Edit>,
    onremove: Callback<usize>,
}

#[function_component(PoolRow)]
fn pool_row(props: &PoolRowProps) -> Html {
    let Some(playground) = use_context::<Playground>() else {
        return Html::default();
    };
    let text = playground.lang.panels();
    let (index, pool) = (props.index, &props.pool);
    let edit = |change: fn(&mut PoolDraft, String)| {
        props.onedit.reform(move |event: Event| {
            let value = event
                .target_dyn_into::<HtmlInputElement>()
                .map(|input| if input.type_() == "checkbox" { input.checked().to_string() } else { input.value() })
                .or_else(|| event.target_dyn_into::<HtmlSelectElement>().map(|select| select.value()))
                .unwrap_or_default();
            (index, change, value)
        })
    };
    // An empty capacity field means the engine's default machine: shown as the placeholder.
    let allocatable = default_allocatable();
    let default_of = |resource: &str| allocatable.get(resource).map(|q| q.0.clone()).unwrap_or_default();
    let field = |which: Option<PoolField>, label: &'static str, value: String, placeholder: String, class: &'static str, change: fn(&mut PoolDraft, String)| {
        let bad = which.is_some() && props.invalid == which;
        html! {
            <label class={classes!("pool-field", class)}>
                <span>{ label }</span>
                <input type="text" value={value} {placeholder} spellcheck="false" autocomplete="off" onchange={edit(change)}
                    aria-invalid={bad.then_some("true")} aria-describedby={bad.then_some("pools-problem")} />
            </label>
        }
    };
    html! {
        <fieldset class="pool-row" data-pool={pool.name.clone()}>
            <legend>{ &pool.name }</legend>
            { field(Some(PoolField::Name), text.pool_name, pool.name.clone(), String::new(), "short", |p, v| p.name = v) }
            <label class="pool-field short">
                <span>{ text.pool_count }</span>
                <input type="number" min="0" max={MAX_NODES.to_string()} value={pool.count.to_string()} onchange={edit(set_count)} />
            </label>
            <label class="pool-field short">
                <span>{ text.pool_role }</span>
                <select onchange={edit(set_role)}>
                    <option value="worker" selected={!pool.control_plane}>{ text.role_worker }</option>
                    <option value="control-plane" selected={pool.control_plane}>{ text.role_control_plane }</option>
                </select>
            </label>
            { field(Some(PoolField::Labels), text.pool_labels, pool.labels.clone(), (text.example_value)("disktype=ssd, zone=a"), "wide", |p, v| p.labels = v) }
            { field(Some(PoolField::Taints), text.pool_taints, pool.taints.clone(), (text.example_value)("dedicated=gpu:NoSchedule"), "wide", |p, v| p.taints = v) }
            { field(None, text.pool_cpu, pool.cpu.clone(), default_of("cpu"), "short", |p, v| p.cpu = v) }
            { field(None, text.pool_memory, pool.memory.clone(), default_of("memory"), "short", |p, v| p.memory = v) }
            { field(None, text.pool_pods, pool.pods.clone(), default_of("pods"), "short", |p, v| p.pods = v) }
            <button type="button" class="btn" onclick={props.onremove.reform(move |_: MouseEvent| index)}
                aria-label={(text.remove_pool_named)(&pool.name)}>{ text.remove_pool }</button>
            if let Some(problem) = &props.problem {
                { said(problem) }
            }
        </fieldset>
    }
}

fn said(text: &str) -> Html {
    html! { <p class="why-failed" id="pools-problem" role="alert" tabindex="-1">{ text.to_owned() }</p> }
}

/// The field a refusal is about: the form's own, or the one the API server's answer names.
fn marked_field(error: Option<&PoolError>, refusal: Option<&LoadError>) -> Option<(usize, PoolField)> {
    match error {
        Some(error) => error.problem().field(),
        None => refusal.and_then(|refusal| refusal.field_paths().iter().find_map(field_named)),
    }
}

/// Why the pools were not written (the form's own check), or not loaded (what the
/// API server said about them, here by the form, not only under the editor).
fn problem_text(error: Option<&PoolError>, playground: &Playground) -> Option<String> {
    let text = playground.lang.panels();
    match error {
        Some(PoolError::Unreadable(error)) => Some((text.pools_unreadable)(&text.pools_reason(error))),
        Some(PoolError::Invalid(error)) => Some((text.pools_not_written)(&text.pools_reason(error))),
        None => pool_refusal(playground).map(|refusal| (text.pools_refused)(&refusal)),
    }
}

/// The API server's answer stands by the pool whose node it refused, or whose
/// `spec.nodePools[N]` it names.
fn refused_pool(error: Option<&LoadError>, drafts: &[PoolDraft]) -> Option<usize> {
    let error = error?;
    let by_name = error.place.node_pool.as_ref().and_then(|pool| drafts.iter().position(|d| &d.name == pool));
    let named = || error.field_paths().iter().find_map(pool_index).filter(|&i| i < drafts.len());
    by_name.or_else(named)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster_view::node_pools::PoolsError;
    use dsplay_engine::simulation::{ErrorDetail, ErrorPlace};

    /// An answer as the engine gives it: each text with the field path it begins with.
    fn refusal(text: &str, details: &[&str], node_pool: Option<&str>) -> LoadError {
        let path_of = |text: &str| FieldPath::parse(text.split_once(": ").map_or(text, |(path, _)| path));
        LoadError {
            place: ErrorPlace { node_pool: node_pool.map(str::to_owned), ..Default::default() },
            text: text.into(),
            refusal: None,
            line: None,
            details: details.iter().map(|text| ErrorDetail { line: None, text: (*text).into(), path: path_of(text) }).collect(),
            path: Some(path_of(text)),
        }
    }

    #[test]
    fn the_marked_field_is_the_forms_own_else_the_one_the_answer_names() {
        let own = PoolError::Invalid(PoolsError::NotATaint { index: 1, item: "x".into() });
        let answer = refusal("Scenario is invalid", &["spec.nodePools[0].labels: Invalid value: \"a b\""], None);
        assert_eq!(marked_field(Some(&own), Some(&answer)), Some((1, PoolField::Taints)));
        assert_eq!(marked_field(None, Some(&answer)), Some((0, PoolField::Labels)));
        assert_eq!(marked_field(None, Some(&refusal("spec.nodePools[2].name: Required value", &[], None))), Some((2, PoolField::Name)));
        assert_eq!(marked_field(None, Some(&refusal("spec.selector: Required value", &[], None))), None);
        assert_eq!(marked_field(Some(&PoolError::Unreadable(PoolsError::NoSpecMapping)), None), None);
    }

    #[test]
    fn a_refusal_stands_by_the_pool_it_names() {
        let drafts = [PoolDraft { name: "workers".into(), ..Default::default() }, PoolDraft { name: "gpu".into(), ..Default::default() }];
        assert_eq!(refused_pool(Some(&refusal("taint effect", &[], Some("gpu"))), &drafts), Some(1));
        assert_eq!(refused_pool(Some(&refusal("spec.nodePools[0].count: Invalid value", &[], None)), &drafts), Some(0));
        assert_eq!(refused_pool(Some(&refusal("spec.nodePools[7].count: Invalid value", &[], None)), &drafts), None, "no such row");
        assert_eq!(refused_pool(None, &drafts), None);
    }
}
