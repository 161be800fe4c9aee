//! Events as the Events section of `kubectl describe` lists them: Type, Reason, Age,
//! From and Message, oldest first, with ages as of the frame being viewed.

use dsplay_engine::kubectl::printers::{event_age, InvolvedObject};
use dsplay_engine::state::{Event, Stored};
use yew::prelude::*;

use crate::i18n::Lang;

/// The column headings, kubectl's own (in every language). `describe` lists the events
/// of one object and so has no column for it; this list holds the events of many
/// objects, so it adds the one `kubectl get events` calls OBJECT, before the message
/// as there.
pub const HEADINGS: [&str; 6] = ["Type", "Reason", "Age", "From", "Object", "Message"];

/// One row, cells in the order of [`HEADINGS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventRow {
    pub event_type: String,
    pub reason: String,
    /// `describe`'s age: `40s`, or for a repeated event `2s (x3 over 40s)`.
    pub age: String,
    pub from: String,
    /// As `kubectl get events` names it: `pod/agent-x7k2p`, `node/node-02`.
    pub object: String,
    pub message: String,
}

impl EventRow {
    /// The row of `event` seen at simulated `now_ms`.
    pub fn of(event: &Event, now_ms: u64) -> EventRow {
        EventRow {
            event_type: event.event_type.clone(),
            reason: event.reason.clone(),
            age: event_age(event, now_ms),
            from: event.source.clone(),
            object: InvolvedObject::of(event).resource_name(),
            message: event.described_message(),
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct EventListProps {
    /// Oldest first.
    pub events: Vec<Stored<Event>>,
    /// The simulated time of the frame being viewed, which ages are relative to.
    pub now_ms: u64,
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
                                { for HEADINGS.iter().map(|heading| html! { <th scope="col">{ *heading }</th> }) }
                            </tr>
                        </thead>
                        <tbody lang="en">
                            { for props.events.iter().map(|event| {
                                let row = EventRow::of(event, props.now_ms);
                                html! {
                                    <tr class={classes!((row.event_type == "Warning").then_some("warning"))}>
                                        <td>{ row.event_type }</td>
                                        <td>{ row.reason }</td>
                                        <td>{ row.age }</td>
                                        <td>{ row.from }</td>
                                        <td><code>{ row.object }</code></td>
                                        <td>{ row.message }</td>
                                    </tr>
                                }
                            }) }
                        </tbody>
                    </table>
                </div>
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(object: &str, first_ms: u64, last_ms: u64, count: u32) -> Event {
        Event {
            time_ms: last_ms,
            first_time_ms: first_ms,
            event_type: "Warning".into(),
            reason: "BackOff".into(),
            object: object.into(),
            node: Some("node-02".into()),
            uid: None,
            field_path: None,
            source: "kubelet".into(),
            message: "Back-off restarting failed container agent in pod agent-x7k2p\n".into(),
            count,
        }
    }

    #[test]
    fn a_row_has_describes_columns_and_the_object_as_get_events_names_it() {
        let row = EventRow::of(&event("Pod/default/agent-x7k2p", 10_000, 10_000, 1), 52_500);
        assert_eq!(
            row,
            EventRow {
                event_type: "Warning".into(),
                reason: "BackOff".into(),
                age: "42s".into(),
                from: "kubelet".into(),
                object: "pod/agent-x7k2p".into(),
                message: "Back-off restarting failed container agent in pod agent-x7k2p".into(),
            }
        );
        assert_eq!(EventRow::of(&event("Node/node-02", 0, 0, 1), 3 * 60_000).object, "node/node-02");
        assert_eq!(EventRow::of(&event("DaemonSet/default/agent", 0, 0, 1), 0).object, "daemonset/agent");
    }

    #[test]
    fn a_repeated_event_ages_as_describe_prints_it() {
        let row = EventRow::of(&event("Pod/default/agent-x7k2p", 0, 150_000, 4), 160_000);
        assert_eq!(row.age, "10s (x4 over 2m40s)");
    }
}
