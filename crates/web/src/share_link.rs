//! The URL fragment of a share link and back:
//! `#v1=<share::encode(text)>&log=<entries>&edit=<text>&f=<frame>&n=<node>&lang=zh`.
//!
//! The scenario part is the engine's versioned codec (`v1=`). When console commands or
//! in-place applies followed the scenario's steps, `log=` carries them (a
//! [`SessionRecord`]'s entries, same codec) so the link replays that session, and
//! `edit=` the editor's text when it is not the last one applied. The view parts after
//! them are optional and unknown keys are ignored, so old links keep opening as the
//! format grows and a newer link opens in an older playground with what it understands
//! (a `log=` it does not know: the scenario as written).

mod address;
mod limits;
mod opening;

use std::fmt;

use dsplay_engine::share::{self, ShareError};

use crate::bookmarks::{self, Bookmark};
use crate::course::Progress;
use crate::i18n::Lang;
use crate::session_record::SessionRecord;

pub use address::{keep_address, replace_address, url_of, use_address_bar};
pub use limits::{declared_nodes, declared_steps};
use limits::{declared, replayed_nodes, replayed_steps};
pub use opening::{open_page, shared_view_of, view_of, with_progress, Opening};

/// Links carry at most this many nodes: a link is opened by whoever clicks it, so it
/// must not be able to make that browser simulate a cluster as large as the engine allows.
pub const MAX_LINK_NODES: u64 = 5_000;

/// Links carry at most this many steps, counting those of every text a replayed
/// session applies: a link's steps all run while it opens, before the page answers,
/// and more than any lesson needs would keep it from answering for seconds.
pub const MAX_LINK_STEPS: usize = 5_000;

/// What a link shows: the scenario and where the viewer was looking.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SharedView {
    /// The editor's text.
    pub text: String,
    /// The session to replay, when anything was done after the scenario's steps.
    pub record: Option<SessionRecord>,
    /// Index into the timeline's frames.
    pub frame: Option<usize>,
    /// The selected node.
    pub node: Option<String>,
    pub lang: Option<Lang>,
    /// The trainer's named frames (`bm=`).
    pub bookmarks: Vec<Bookmark>,
    /// The course's exercises done (`done=`), so a learner goes on on another machine.
    pub done: Progress,
}

/// Why a link was not opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The engine's codec refused it (damaged, truncated, too large, not UTF-8, newer format).
    Share(ShareError),
    /// The scenario declares more nodes than a link may carry.
    TooManyNodes { nodes: u64 },
    /// The scenario (and the texts its session applies) hold more steps than a link may.
    TooManySteps { steps: usize },
    /// The console log (`log=`) does not read: damaged, or not written by a playground.
    Log(String),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Share(error) => error.fmt(f),
            LinkError::TooManyNodes { nodes } => {
                write!(f, "the scenario in the link has {nodes} nodes; links carry at most {MAX_LINK_NODES}")
            }
            LinkError::TooManySteps { steps } => {
                write!(f, "the scenario in the link has {steps} steps; links carry at most {MAX_LINK_STEPS}")
            }
            LinkError::Log(error) => write!(f, "the link's console log does not read: {error}"),
        }
    }
}

/// The fragment (without `#`) for a view. `v1=` comes first, as older readers expect.
pub fn to_fragment(view: &SharedView) -> String {
    let record = view.record.as_ref().filter(|record| !record.entries.is_empty() || view.text != record.applied_text());
    let mut fragment = match record {
        Some(record) => {
            let mut parts = format!("{}&log={}", share::encode(&record.scenario), share::encode_text(&record.entries_json()));
            if view.text != record.applied_text() {
                parts.push_str(&format!("&edit={}", share::encode_text(&view.text)));
            }
            parts
        }
        None => share::encode(&view.text),
    };
    if let Some(frame) = view.frame {
        fragment.push_str(&format!("&f={frame}"));
    }
    if let Some(node) = view.node.as_deref().filter(|node| is_node_name(node)) {
        fragment.push_str(&format!("&n={node}"));
    }
    if let Some(lang) = view.lang {
        fragment.push_str("&lang=");
        fragment.push_str(lang_key(lang));
    }
    if !view.bookmarks.is_empty() {
        fragment.push_str("&bm=");
        fragment.push_str(&bookmarks::to_link_value(&view.bookmarks));
    }
    if !view.done.0.is_empty() {
        fragment.push_str("&done=");
        fragment.push_str(&view.done.to_param());
    }
    fragment
}

/// Reads a location fragment (with or without `#`). `None` when it is not a share link
/// at all (empty, or an in-page anchor such as `#cluster`); otherwise the view or why
/// it cannot be opened.
pub fn from_fragment(fragment: &str) -> Option<Result<SharedView, LinkError>> {
    let fragment = fragment.trim().trim_start_matches('#');
    if !fragment.split('&').any(is_version_part) {
        return None;
    }
    Some(read_view(fragment))
}

fn read_view(fragment: &str) -> Result<SharedView, LinkError> {
    let scenario = share::decode(fragment).map_err(LinkError::Share)?;
    let part = |key: &str| fragment.split('&').find_map(|part| part.strip_prefix(key)?.strip_prefix('='));
    let record = match part("log") {
        Some(log) => {
            let json = share::decode_text(log).map_err(LinkError::Share)?;
            let entries = SessionRecord::entries_from_json(&json).map_err(LinkError::Log)?;
            Some(SessionRecord { scenario: scenario.clone(), entries })
        }
        None => None,
    };
    let text = match (part("edit"), &record) {
        (Some(edit), Some(_)) => share::decode_text(edit).map_err(LinkError::Share)?,
        (_, Some(record)) => record.applied_text().to_owned(),
        (_, None) => scenario,
    };
    // A record replays something only when commands followed or a draft rides along.
    let record = record.filter(|record| !record.entries.is_empty() || text != record.applied_text());
    let mut view = SharedView { text, record, ..SharedView::default() };
    check_link_size(&view)?;
    // A view part that does not read is dropped: the scenario is what matters.
    for part in fragment.split('&') {
        match part.split_once('=') {
            Some(("f", value)) => view.frame = value.parse().ok(),
            Some(("n", value)) => view.node = Some(value.to_owned()).filter(|node| is_node_name(node)),
            Some(("lang", value)) => view.lang = lang_from_key(value),
            Some(("bm", value)) => view.bookmarks = bookmarks::from_link_value(value),
            Some(("done", value)) => view.done = Progress::from_param(value),
            _ => {}
        }
    }
    Ok(view)
}

/// `v<digits>=`: the scenario part of some version of the format.
fn is_version_part(part: &str) -> bool {
    part.split_once('=').is_some_and(|(key, _)| {
        key.len() > 1 && key.starts_with('v') && key[1..].bytes().all(|b| b.is_ascii_digit())
    })
}

/// A link opens at most [`MAX_LINK_NODES`] nodes and [`MAX_LINK_STEPS`] steps: one
/// that would open more is refused, and nothing is simulated.
pub fn check_link_size(view: &SharedView) -> Result<(), LinkError> {
    let nodes = view.record.as_ref().map_or_else(|| declared_nodes(&view.text), replayed_nodes);
    if nodes > MAX_LINK_NODES {
        return Err(LinkError::TooManyNodes { nodes });
    }
    let steps = view.record.as_ref().map_or_else(|| declared(&view.text).steps, replayed_steps);
    match steps > MAX_LINK_STEPS {
        true => Err(LinkError::TooManySteps { steps }),
        false => Ok(()),
    }
}

/// A DNS-1123 subdomain's characters: what a node name can be, and nothing that needs
/// escaping in a URL.
fn is_node_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 253
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.')
}

fn lang_key(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::ZhHans => "zh",
    }
}

/// `en`, `zh`, and the full tags (`zh-Hans`, `zh-CN`) people paste.
pub fn lang_from_key(key: &str) -> Option<Lang> {
    match key.to_ascii_lowercase().as_str() {
        "en" => Some(Lang::En),
        "zh" => Some(Lang::ZhHans),
        other => Lang::from_tag(other).or_else(|| (other.starts_with("zh")).then(|| Lang::negotiate([other]))),
    }
}

#[cfg(test)]
mod tests;
