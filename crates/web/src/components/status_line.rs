//! `kubectl get ds` for the current frame: the DaemonSet status counts.

use yew::prelude::*;

use crate::cluster_view::DaemonSetRow;
use crate::i18n::Lang;

#[derive(Properties, PartialEq)]
pub struct StatusLineProps {
    pub rows: Vec<DaemonSetRow>,
    pub lang: Lang,
}

#[function_component(StatusLine)]
pub fn status_line(props: &StatusLineProps) -> Html {
    let strings = props.lang.strings();
    if props.rows.is_empty() {
        return html! { <p class="status-line empty">{ strings.no_daemonsets }</p> };
    }
    // Column headings are kubectl's own and stay in English in every language.
    html! {
        <div class="status-line" role="region" aria-label={strings.status_heading} tabindex="0">
            <table>
                <caption><code>{ "$ " }{ strings.status_heading }</code></caption>
                <thead>
                    <tr>
                        <th scope="col">{ "NAMESPACE" }</th>
                        <th scope="col">{ "NAME" }</th>
                        <th scope="col">{ "DESIRED" }</th>
                        <th scope="col">{ "CURRENT" }</th>
                        <th scope="col">{ "READY" }</th>
                        <th scope="col">{ "UP-TO-DATE" }</th>
                        <th scope="col">{ "AVAILABLE" }</th>
                        <th scope="col">{ "NODE SELECTOR" }</th>
                    </tr>
                </thead>
                <tbody>
                    { for props.rows.iter().map(|row| html! {
                        <tr data-daemonset={row.name.clone()}>
                            <td>{ &row.namespace }</td>
                            <th scope="row">{ &row.name }</th>
                            <td data-col="desired">{ row.desired }</td>
                            <td data-col="current">{ row.current }</td>
                            <td data-col="ready">{ row.ready }</td>
                            <td data-col="up-to-date">{ row.up_to_date }</td>
                            <td data-col="available">{ row.available }</td>
                            <td>{ &row.node_selector }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}
