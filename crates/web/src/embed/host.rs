//! The browser side of an embedded playground: the page's embed classes, the host's
//! `dsplay:*` commands, and the messages that report frames, rollouts and height.

use std::rc::Rc;

use dsplay_engine::refusal::Refusal;
use dsplay_engine::scenario::ScenarioError;
use dsplay_engine::share;
use dsplay_engine::simulation::{Frame, LoadError, Marker};
use gloo::events::EventListener;
use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::MessageEvent;
use yew::prelude::*;

use super::{origin_of_url, EmbedOptions, HostCommand};
use crate::share_link::{declared_nodes, declared_steps, MAX_LINK_NODES, MAX_LINK_STEPS};
use crate::state::{Action, Playground};

/// Connects an embedded playground to its host page: applies the look the query asks
/// for, answers `dsplay:*` commands from allowed origins, and reports frames, rollouts
/// and its height to them. Does nothing outside `embed=1`.
#[hook]
pub fn use_embed(playground: &Playground, options: &EmbedOptions) {
    let origins = use_memo(options.clone(), |options| {
        let window = web_sys::window();
        let own = window.as_ref().and_then(|w| w.location().origin().ok()).unwrap_or_default();
        let referrer = window.and_then(|w| w.document()).map(|d| d.referrer());
        let referrer_origin = referrer.as_deref().and_then(origin_of_url);
        options.allowed_origins(referrer_origin.as_deref(), &own)
    });
    use_embed_classes(playground.editor_generation, options.clone());
    use_host_commands(playground, options, origins.clone());
    use_reports(playground, options.embed, origins);
}

/// The embed classes in an iframe (the theme is index.html's).
#[hook]
fn use_embed_classes(editor_generation: u32, options: EmbedOptions) {
    use_effect_with(editor_generation, move |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let Some(root) = document.as_ref().and_then(|d| d.document_element()) else { return };
        let list = root.class_list();
        if options.embed {
            let _ = list.add_1("embed");
        }
        if options.embed && options.readonly {
            let _ = list.add_1("embed-readonly");
            // The editor remounts when its text is replaced; mark the new one.
            if let Some(editor) = document.and_then(|d| d.get_element_by_id("manifest")) {
                let _ = editor.set_attribute("readonly", "");
            }
        }
    });
}

/// Commands from the host; `dsplay:ready` once listening.
#[hook]
fn use_host_commands(playground: &Playground, options: &EmbedOptions, origins: Rc<Vec<String>>) {
    let dispatcher = playground.dispatcher();
    let frames = playground.frame_count();
    let autoplay = options.autoplay;
    use_effect_with(options.embed, move |&enabled| {
        let listener = web_sys::window().filter(|_| enabled).map(|window| {
            let (origins, dispatcher) = (origins.clone(), dispatcher.clone());
            EventListener::new(&window, "message", move |event| {
                let Some(event) = event.dyn_ref::<MessageEvent>() else { return };
                // Anyone can post to a window: only the allow-list is heard.
                if !origins.iter().any(|origin| *origin == event.origin()) {
                    return;
                }
                let data = event.data();
                let field = |name: &str| Reflect::get(&data, &JsValue::from_str(name)).ok();
                let kind = field("type").and_then(|v| v.as_string()).unwrap_or_default();
                let text = field("text").and_then(|v| v.as_string());
                let by = field("by").and_then(|v| v.as_f64());
                let frame = field("frame").and_then(|v| v.as_f64());
                if let Some(command) = HostCommand::parse(&kind, text, by, frame) {
                    dispatcher.dispatch(action_of(command));
                }
            })
        });
        if enabled {
            post(&origins, "dsplay:ready", &[("frames", Value::Number(frames as f64))]);
            if autoplay {
                dispatcher.dispatch(Action::Play);
            }
        }
        move || drop(listener)
    });
}

/// Every frame shown, a completed rollout, an error, and the page's height.
#[hook]
fn use_reports(playground: &Playground, enabled: bool, origins: Rc<Vec<String>>) {
    let session = playground.session.clone();
    let session_id = session.as_ref().map_or(0, |s| Rc::as_ptr(s) as usize);
    let error = playground.error.as_ref().map(error_message);
    use_effect_with((playground.cursor, playground.console_revision, session_id, error), move |(cursor, _, _, error)| {
        if !enabled {
            return;
        }
        if let Some(message) = error {
            post(&origins, "dsplay:error", &[("message", Value::Text(message.clone()))]);
        }
        let frames = session.as_ref().map_or(0, |s| s.frame_count());
        if let Some(frame) = session.as_ref().and_then(|s| s.frame(*cursor)) {
            for (kind, fields) in frame_reports(*cursor, frames, &frame) {
                post(&origins, kind, &fields);
            }
        }
        let height = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()).map_or(0, |b| b.scroll_height());
        post(&origins, "dsplay:height", &[("height", Value::Number(f64::from(height)))]);
    });
}

/// What a host's command does. A scenario sent over the limits is refused as a load's
/// error is: said in the frame and posted to the host.
fn action_of(command: HostCommand) -> Action {
    match command {
        HostCommand::Load(text) => match check_text(&text) {
            Ok(()) => Action::LoadText(text),
            Err(refusal) => Action::RefuseSent(LoadError::from(ScenarioError::from(refusal))),
        },
        HostCommand::Play => Action::Play,
        HostCommand::Pause => Action::Pause,
        HostCommand::Step(by) if by < 0 => Action::StepBack,
        HostCommand::Step(_) => Action::StepForward,
        HostCommand::Seek(frame) => Action::Seek(frame),
    }
}

/// The error's message names its line, as the command line does (`line 12: ...`).
fn error_message(error: &LoadError) -> String {
    match error.line {
        Some(line) => format!("line {line}: {error}"),
        None => error.to_string(),
    }
}

/// A message field's value.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Number(f64),
    Text(String),
}

type Report = (&'static str, Vec<(&'static str, Value)>);

/// The messages a frame shown sends: the frame, then each rollout it completed.
fn frame_reports(cursor: usize, frames: usize, frame: &Frame) -> Vec<Report> {
    let index = ("index", Value::Number(cursor as f64));
    let shown = vec![
        index.clone(),
        ("frames", Value::Number(frames as f64)),
        ("time", Value::Number(frame.time_ms as f64)),
        ("cause", Value::Text(frame.cause.to_string())),
    ];
    let completed = frame.markers.iter().filter_map(|marker| match marker {
        Marker::RolloutComplete(daemonset) => Some(("dsplay:rollout-complete", vec![index.clone(), ("daemonset", Value::Text(daemonset.clone()))])),
        _ => None,
    });
    std::iter::once(("dsplay:frame", shown)).chain(completed).collect()
}

/// The limits a link has apply to a scenario loaded by message too; said of the
/// message, not of a link.
fn check_text(text: &str) -> Result<(), Refusal> {
    if text.len() > share::MAX_TEXT_BYTES {
        return Err(Refusal::SentTooLarge { max_kib: share::MAX_TEXT_BYTES / 1024 });
    }
    let nodes = declared_nodes(text);
    if nodes > MAX_LINK_NODES {
        return Err(Refusal::SentTooManyNodes { nodes, max: MAX_LINK_NODES });
    }
    let steps = declared_steps(text);
    if steps > MAX_LINK_STEPS {
        return Err(Refusal::SentTooManySteps { steps, max: MAX_LINK_STEPS });
    }
    Ok(())
}

/// Posts `{type, ...fields}` to the parent window, once per allowed origin: the browser
/// delivers it only where the parent's origin is that one.
fn post(origins: &[String], kind: &str, fields: &[(&str, Value)]) {
    let Some(window) = web_sys::window() else { return };
    let Ok(Some(parent)) = window.parent() else { return };
    let message = Object::new();
    let _ = Reflect::set(&message, &JsValue::from_str("type"), &JsValue::from_str(kind));
    for (name, value) in fields {
        let value = match value {
            Value::Number(number) => JsValue::from_f64(*number),
            Value::Text(text) => JsValue::from_str(text),
        };
        let _ = Reflect::set(&message, &JsValue::from_str(name), &value);
    }
    for origin in origins {
        let _ = parent.post_message(&message, origin);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dsplay_engine::simulation::Simulation;

    #[test]
    fn host_commands_become_actions() {
        assert!(matches!(action_of(HostCommand::Load("kind: Scenario".into())), Action::LoadText(text) if text == "kind: Scenario"));
        let too_large = "x".repeat(share::MAX_TEXT_BYTES + 1);
        assert!(matches!(action_of(HostCommand::Load(too_large)), Action::RefuseSent(error) if error.refusal.is_some()));
        assert!(matches!(action_of(HostCommand::Step(-1)), Action::StepBack));
        assert!(matches!(action_of(HostCommand::Step(1)), Action::StepForward));
        assert!(matches!(action_of(HostCommand::Seek(7)), Action::Seek(7)));
        assert!(matches!(action_of(HostCommand::Pause), Action::Pause));
    }

    #[test]
    fn a_frame_reports_itself_and_the_rollouts_it_completed() {
        let entry = crate::gallery::GALLERY.iter().find(|e| e.text.contains("rollout")).expect("a rollout in the gallery");
        let mut simulation = Simulation::load(entry.text).expect("loads");
        simulation.run_steps();
        let frames = simulation.frames();
        let (cursor, frame) = frames
            .iter()
            .enumerate()
            .find(|(_, frame)| frame.markers.iter().any(|m| matches!(m, Marker::RolloutComplete(_))))
            .expect("a frame that completes a rollout");
        let reports = frame_reports(cursor, frames.len(), frame);
        assert_eq!(reports[0].0, "dsplay:frame");
        assert_eq!(reports[0].1[0], ("index", Value::Number(cursor as f64)));
        assert_eq!(reports[0].1[1], ("frames", Value::Number(frames.len() as f64)));
        assert_eq!(reports[0].1[2], ("time", Value::Number(frame.time_ms as f64)));
        assert_eq!(reports[0].1[3], ("cause", Value::Text(frame.cause.to_string())));
        assert!(reports.len() >= 2 && reports[1..].iter().all(|(kind, fields)| *kind == "dsplay:rollout-complete" && fields.len() == 2));
        assert_eq!(frame_reports(0, frames.len(), &frames[0]).len(), 1, "the first frame completes nothing");
    }

    #[test]
    fn an_error_names_its_line() {
        let error = LoadError::from(ScenarioError::from(Refusal::SentTooLarge { max_kib: 64 }));
        assert_eq!(error_message(&error), error.to_string());
        let at_line = LoadError { line: Some(12), ..error.clone() };
        assert_eq!(error_message(&at_line), format!("line 12: {error}"));
    }
}
