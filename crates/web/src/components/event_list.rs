//! The newest events, as `kubectl get events` lists them.

use dsplay_engine::state::Event;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::sim_time::format_sim_time;

#[derive(Properties, PartialEq)]
pub struct EventListProps {
    /// Newest first.
    pub events: Vec<Event>,
    pub lang: Lang,
    /// Controls shown under the heading (the event filters).
    #[prop_or_default]
    pub children: Html,
}

#[function_component(EventList)]
pub fn event_list(props: &EventListProps) -> Html {
    let strings = props.lang.strings();
    html! {
        <section class="events" aria-labelledby="events-heading">
            <h3 id="events-heading">{ strings.events_heading }</h3>
            { props.children.clone() }
            if props.events.is_empty() {
                <p class="empty">{ strings.no_events }</p>
            } else {
                <div class="table-scroll" role="region" aria-label={strings.events_table} tabindex="0">
                    <table>
                        <thead>
                            <tr>
                                <th scope="col">{ "TIME" }</th>
                                <th scope="col">{ "TYPE" }</th>
                                <th scope="col">{ "REASON" }</th>
                                <th scope="col">{ "OBJECT" }</th>
                                <th scope="col">{ "MESSAGE" }</th>
                            </tr>
                        </thead>
                        <tbody>
                            { for props.events.iter().map(|event| html! {
                                <tr class={classes!((event.event_type == "Warning").then_some("warning"))}>
                                    <td>{ format_sim_time(event.time_ms) }</td>
                                    <td>{ &event.event_type }</td>
                                    <td>{ &event.reason }</td>
                                    <td><code>{ &event.object }</code></td>
                                    <td>{ &event.message }</td>
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </div>
            }
        </section>
    }
}
