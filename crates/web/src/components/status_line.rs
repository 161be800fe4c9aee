//! `kubectl get ds -A` for the current frame: the DaemonSet status counts, with the
//! engine's own printer filling the cells (the columns and AGE as kubectl prints them).

use dsplay_engine::kubectl::printers::daemonset_cells;
use dsplay_engine::state::ClusterState;
use yew::prelude::*;

use crate::i18n::Lang;

/// The frame whose DaemonSets are listed; equal when it shares their map.
#[derive(Clone)]
pub struct StatusFrame(pub ClusterState);

impl PartialEq for StatusFrame {
    fn eq(&self, other: &Self) -> bool {
        self.0.daemonsets.ptr_eq(&other.0.daemonsets)
    }
}

#[derive(Properties, PartialEq)]
pub struct StatusLineProps {
    pub frame: StatusFrame,
    /// The frame's simulated time, which AGE is relative to.
    pub now_ms: u64,
    pub lang: Lang,
}

/// What `kubectl get ds -A` prints at `now_ms`: its headers and one row per DaemonSet.
pub fn status_table(state: &ClusterState, now_ms: u64) -> (Vec<&'static str>, Vec<Vec<String>>) {
    daemonset_cells(state, None, None, false, now_ms)
}

/// A column's `data-col`: its header in lower case, words joined by `-` (`up-to-date`,
/// `node-selector`).
pub fn column_id(header: &str) -> String {
    header.to_lowercase().replace(' ', "-")
}

/// The NAME column, a row's header.
const NAME: usize = 1;

#[function_component(StatusLine)]
pub fn status_line(props: &StatusLineProps) -> Html {
    let strings = props.lang.strings();
    let (headers, rows) = status_table(&props.frame.0, props.now_ms);
    if rows.is_empty() {
        return html! { <p class="status-line empty">{ strings.no_daemonsets }</p> };
    }
    // Column headings are kubectl's own and stay in English in every language.
    html! {
        <div class="status-line" role="region" aria-label={strings.status_heading} tabindex="0">
            <table lang="en">
                <caption><code>{ "$ " }{ strings.status_heading }</code></caption>
                <thead>
                    <tr>
                        { for headers.iter().map(|header| html! { <th scope="col">{ *header }</th> }) }
                    </tr>
                </thead>
                <tbody>
                    { for rows.iter().map(|row| html! {
                        <tr data-daemonset={row.get(NAME).cloned().unwrap_or_default()}>
                            { for row.iter().zip(&headers).enumerate().map(|(index, (cell, header))| if index == NAME {
                                html! { <th scope="row" data-col={column_id(header)}>{ cell }</th> }
                            } else {
                                html! { <td data-col={column_id(header)}>{ cell }</td> }
                            }) }
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsplay_engine::clock;
    use dsplay_model::k8s_openapi::api::apps::v1::{DaemonSet, DaemonSetStatus};
    use dsplay_model::k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta;

    #[test]
    fn the_status_line_is_get_ds_all_namespaces() {
        let mut state = ClusterState::default();
        let daemonset = DaemonSet {
            metadata: ObjectMeta {
                name: Some("agent".into()),
                namespace: Some("monitoring".into()),
                creation_timestamp: Some(clock::timestamp(0)),
                ..Default::default()
            },
            // updatedNumberScheduled and numberAvailable unset: kubectl prints 0.
            status: Some(DaemonSetStatus { desired_number_scheduled: 3, current_number_scheduled: 2, number_ready: 1, ..Default::default() }),
            ..Default::default()
        };
        state.daemonsets.insert("monitoring/agent".into(), daemonset.into());
        let (headers, rows) = status_table(&state, 150 * clock::SECOND);
        assert_eq!(headers, ["NAMESPACE", "NAME", "DESIRED", "CURRENT", "READY", "UP-TO-DATE", "AVAILABLE", "NODE SELECTOR", "AGE"]);
        assert_eq!(rows, [["monitoring", "agent", "3", "2", "1", "0", "0", "<none>", "2m30s"]]);
        assert_eq!(headers.iter().map(|h| column_id(h)).collect::<Vec<_>>()[5..7], ["up-to-date", "available"]);
        assert_eq!(column_id("NODE SELECTOR"), "node-selector");
        assert!(status_table(&ClusterState::default(), 0).1.is_empty());
    }
}
