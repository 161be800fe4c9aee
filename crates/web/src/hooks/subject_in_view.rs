//! Actions keep their subject in view: after a console command or a node action that
//! changed the cluster (`kubectl cordon node-03`, the why panel's Node down), the node
//! it named is brought into sight, in every layout, so the room sees the node go
//! NotReady rather than the panel's list of rules it was scrolled to.

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::console_input::node_named;
use crate::focus::{bring_into_view, is_seen};
use crate::state::Playground;

/// The node cards and the dense view's squares (each with its `data-node`).
pub const NODES: &str = ".cluster-nodes :is(.node-card, .dense-node)";

/// How long after a render to look: the panel's answer takes the focus (and scrolls to
/// it) in the renders that follow the command; the node is brought in after that.
const SETTLE_MS: u32 = 120;

/// The node a command line names, as its card or square is on the page now.
pub fn card_named(line: &str) -> Option<web_sys::Element> {
    let document = gloo::utils::document();
    let card = |name: &str| {
        let plain = name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.'));
        plain.then(|| document.query_selector(&format!("{NODES}[data-node=\"{name}\"]")).ok().flatten()).flatten()
    };
    node_named(line, |name| card(name).is_some()).and_then(card)
}

/// The focused text field of the why panel's forms, if that is where focus is.
fn typing_in_why_panel() -> Option<web_sys::Element> {
    let active = gloo::utils::document().active_element()?;
    let field = active.matches("input, textarea").unwrap_or(false);
    (field && active.closest(".why-panel").ok().flatten().is_some()).then_some(active)
}

/// The subject is followed while the frames the command led to play: a node going
/// NotReady grows taints and badges, and the browser's scroll anchoring (which keeps
/// the why panel below it still) would push its card up under the sticky timeline.
#[hook]
pub fn use_subject_in_view(playground: &Playground) {
    // The command line whose node is followed, and the last frame it led to.
    let subject = use_mut_ref(|| None::<(String, usize)>);
    let pending = use_mut_ref(|| None::<Timeout>);
    let revision = playground.console_revision;
    let latest = playground.session.as_ref().and_then(|session| {
        let console = session.console();
        // A refused command changed nothing, and its node may not even exist.
        console.last().filter(|entry| entry.error.is_none()).map(|entry| (entry.command.clone(), entry.last_frame))
    });
    {
        let subject = subject.clone();
        use_effect_with(revision, move |_| *subject.borrow_mut() = latest);
    }
    let (cursor, playing) = (playground.cursor, playground.playing);
    use_effect(move || {
        let follow = subject.borrow().clone().filter(|(_, last)| cursor <= *last);
        if follow.is_none() {
            *subject.borrow_mut() = None;
        }
        *pending.borrow_mut() = follow.map(|(line, _)| {
            Timeout::new(SETTLE_MS, move || {
                if let Some(card) = card_named(&line).filter(|card| !is_seen(card)) {
                    // To the top of the scrolling box, below the sticky timeline (the
                    // cards' scroll margins); a why panel under the card follows it.
                    let options = web_sys::ScrollIntoViewOptions::new();
                    options.set_block(web_sys::ScrollLogicalPosition::Start);
                    card.scroll_into_view_with_scroll_into_view_options(&options);
                    // A field of the node's own why panel, still being typed in (the
                    // label and taint forms), is what the user looks at: it stays in
                    // sight, the card above it as far as the window allows.
                    if let Some(field) = typing_in_why_panel().filter(|field| !is_seen(field)) {
                        bring_into_view(&field);
                    }
                }
                // Paused, the view is the user's to scroll again.
                if !playing {
                    *subject.borrow_mut() = None;
                }
            })
        });
    });
}
