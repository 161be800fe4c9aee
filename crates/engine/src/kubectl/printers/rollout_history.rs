//! `kubectl rollout history daemonset/<name> [--revision=N]` (`DaemonSetHistoryViewer`
//! in kubectl `pkg/polymorphichelpers/history.go`, printed through the name printer).

use std::collections::BTreeMap;

use dsplay_model::labels::selector_matches;
use dsplay_model::strict_decoder::from_json_value;
use k8s_openapi::api::apps::v1::{ControllerRevision, DaemonSet};
use k8s_openapi::api::core::v1::PodTemplateSpec;

use crate::state::{ClusterState, Stored};

use super::describe_pod_template::describe_pod_template;
use crate::api::controller_of;
use super::not_found;
use super::object_output::print_each;
use super::table::TabWriter;

const CHANGE_CAUSE_ANNOTATION: &str = "kubernetes.io/change-cause";

pub fn rollout_history(
    state: &ClusterState,
    namespace: &str,
    ds_name: &str,
    revision: Option<i64>,
) -> Result<String, String> {
    let history = history_by_number(state, namespace, ds_name)?;
    let body = if history.is_empty() {
        "No rollout history found.".to_string()
    } else if let Some(number) = revision.filter(|r| *r > 0) {
        let chosen = history.get(&number).ok_or("error: unable to find the specified revision")?;
        let template = revision_template(chosen).ok_or_else(|| {
            format!("error: unable to parse history {}", chosen.metadata.name.as_deref().unwrap_or(""))
        })?;
        // printTemplate writes through a bare prefix writer: the tabs stay in.
        let mut text = String::new();
        describe_pod_template(&mut text, &template);
        text
    } else {
        let mut w = TabWriter::for_describe();
        w.write("REVISION\tCHANGE-CAUSE\n");
        for (number, r) in &history {
            let cause = r
                .metadata
                .annotations
                .as_ref()
                .and_then(|a| a.get(CHANGE_CAUSE_ANNOTATION))
                .filter(|c| !c.is_empty())
                .map_or("<none>", String::as_str);
            w.write(&format!("{number}\t{cause}\n"));
        }
        w.finish()
    };
    let with_revision = match revision.filter(|r| *r > 0) {
        Some(number) => format!("with revision #{number}"),
        None => String::new(),
    };
    // The name printer: `daemonset.apps/<name> <operation>\n`, the operation being
    // "<with revision>\n<history>".
    Ok(format!("daemonset.apps/{ds_name} {with_revision}\n{body}\n"))
}

/// `rollout history -o FORMAT`: for each revision (in order, or the one `--revision`
/// names), the DaemonSet as that revision would make it (`GetHistory` applies the
/// revision's patch to the DaemonSet), not the ControllerRevision itself.
pub fn rollout_history_objects(
    state: &ClusterState,
    namespace: &str,
    ds_name: &str,
    revision: Option<i64>,
    format: &str,
) -> Result<String, String> {
    let history = history_by_number(state, namespace, ds_name)?;
    let chosen: Vec<&ControllerRevision> = match revision.filter(|r| *r > 0) {
        Some(number) => vec![*history.get(&number).ok_or("error: unable to find the specified revision")?],
        None => history.into_values().collect(),
    };
    let ds = daemonset(state, namespace, ds_name)?;
    let as_of_revision = |revision: &&ControllerRevision| {
        let template = revision_template(revision)
            .ok_or_else(|| format!("error: unable to parse history {}", revision.metadata.name.as_deref().unwrap_or("")))?;
        let mut applied = ds.clone();
        applied.spec.get_or_insert_with(Default::default).template = template;
        Ok::<DaemonSet, String>(applied)
    };
    let daemonsets = chosen.iter().map(as_of_revision).collect::<Result<Vec<_>, _>>()?;
    print_each(&daemonsets.iter().collect::<Vec<_>>(), format)
}

/// The DaemonSet's revisions by number; the last listed wins a duplicate number, as
/// the upstream map does.
fn history_by_number<'a>(state: &'a ClusterState, namespace: &str, ds_name: &str) -> Result<BTreeMap<i64, &'a ControllerRevision>, String> {
    let ds = daemonset(state, namespace, ds_name)?;
    Ok(controlled_history(state, ds).into_iter().map(|r| (r.revision, r)).collect())
}

fn daemonset<'a>(state: &'a ClusterState, namespace: &str, ds_name: &str) -> Result<&'a DaemonSet, String> {
    state.daemonsets.get(&format!("{namespace}/{ds_name}")).map(Stored::object).ok_or_else(|| not_found("daemonsets.apps", ds_name))
}

/// `controlledHistory`: revisions in the namespace that match the selector and whose
/// controller is this DaemonSet.
fn controlled_history<'a>(state: &'a ClusterState, ds: &DaemonSet) -> Vec<&'a ControllerRevision> {
    let Some(spec) = ds.spec.as_ref() else { return Vec::new() };
    let namespace = ds.metadata.namespace.as_deref().unwrap_or("default");
    let empty = BTreeMap::new();
    state
        .revisions
        .values()
        .map(Stored::object)
        .filter(|r| r.metadata.namespace.as_deref().unwrap_or("default") == namespace)
        .filter(|r| selector_matches(&spec.selector, r.metadata.labels.as_ref().unwrap_or(&empty)))
        .filter(|r| {
            controller_of(&r.metadata).is_some_and(|c| match ds.metadata.uid.as_ref() {
                Some(uid) => &c.uid == uid,
                None => c.kind == "DaemonSet" && Some(&c.name) == ds.metadata.name.as_ref(),
            })
        })
        .collect()
}

/// The template a revision stores as `{"spec":{"template":{..., "$patch":"replace"}}}`;
/// the replace directive makes applying it to the DaemonSet yield exactly that template.
fn revision_template(revision: &ControllerRevision) -> Option<PodTemplateSpec> {
    let mut template = revision.data.as_ref()?.0.get("spec")?.get("template")?.clone();
    if let Some(object) = template.as_object_mut() {
        object.remove("$patch");
    }
    from_json_value(&template).ok()
}
