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

use crate::course::Progress;
use std::fmt;

use dsplay_engine::kubectl::command::{parse_command, Command};
use dsplay_engine::refusal::Refusal;
use dsplay_engine::scenario::parse_scenario;
use dsplay_engine::share::{self, ShareError};

use std::rc::Rc;

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::bookmarks::{self, Bookmark};
use crate::embed::EmbedOptions;
use crate::session_record::{Entry, SessionRecord};
use crate::hooks::initial_lang;
use crate::i18n::Lang;
use crate::state::{Action, Playground, Speed, State, EXAMPLE_SCENARIO};
use crate::storage::{self, SavedWork};

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

/// What a scenario text asks of the page that opens it.
struct Declared {
    nodes: u64,
    steps: usize,
}

/// The nodes a scenario makes (its pools, its `v1 Node` documents and its `node add`
/// steps) and its steps. A text the engine refuses for making too many nodes counts as
/// many as it said; any other parse error is left to the editor to show at its line.
fn declared(text: &str) -> Declared {
    match parse_scenario(text) {
        Ok(scenario) => Declared { nodes: scenario.node_count(), steps: scenario.steps.len() },
        Err(error) => match error.refusal {
            Some(Refusal::TooManyNodes { nodes, .. }) => Declared { nodes, steps: 0 },
            _ => Declared { nodes: 0, steps: 0 },
        },
    }
}

pub fn declared_nodes(text: &str) -> u64 {
    declared(text).nodes
}

pub fn declared_steps(text: &str) -> usize {
    declared(text).steps
}

/// The steps a replayed session runs: the scenario's, one per entry of its log, and
/// the steps of each text it applies.
fn replayed_steps(record: &SessionRecord) -> usize {
    let applied: usize = record
        .entries
        .iter()
        .map(|entry| match entry {
            Entry::Apply(text) => declared(text).steps,
            Entry::Run(_) | Entry::Step(_) | Entry::Query { .. } => 0,
        })
        .sum();
    declared(&record.scenario).steps + record.entries.len() + applied
}

/// The most nodes a replayed session can have: the most any text applied in it
/// declares, plus one for each `node add` typed in the console.
fn replayed_nodes(record: &SessionRecord) -> u64 {
    let applied = record.entries.iter().filter_map(|entry| match entry {
        Entry::Apply(text) => Some(declared_nodes(text)),
        Entry::Run(_) | Entry::Step(_) | Entry::Query { .. } => None,
    });
    let adds_a_node = |line: &str| matches!(parse_command(line), Ok(Command::NodeAdd { .. }));
    let added = record.entries.iter().filter(|entry| matches!(entry, Entry::Run(line) | Entry::Step(line) if adds_a_node(line))).count();
    applied.fold(declared_nodes(&record.scenario), u64::max) + added as u64
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

/// What the page starts with: the state, how it is embedded, and what to tell the user.
#[derive(Clone)]
pub struct Opening {
    pub state: State,
    pub embed: EmbedOptions,
    /// A link that could not be opened.
    pub refused: Option<LinkError>,
}

/// Builds the first state from, in order: a share link in the fragment, the saved
/// work, the example. A link never overwrites unsaved work: that is moved to the
/// previous-work slot, which the share bar offers back. In an embed nothing is read
/// from or written to storage.
pub fn open_page() -> Opening {
    let location = web_sys::window().map(|w| w.location());
    let search = location.as_ref().and_then(|l| l.search().ok()).unwrap_or_default();
    let hash = location.as_ref().and_then(|l| l.hash().ok()).unwrap_or_default();
    let embed = EmbedOptions::from_query(&search);
    let saved = if embed.embed { None } else { storage::load(storage::WORK_KEY) };
    let lang = embed.lang.unwrap_or_else(initial_lang);
    let mut refused = None;
    let state = match from_fragment(&hash) {
        Some(Ok(view)) => {
            // The playback speed is the viewer's own, not the link's.
            let speed = saved.as_ref().and_then(|saved| saved.layout.speed.clone());
            let opened = SavedWork::new(view.text.clone(), 0, Default::default()).with_session(view.record.clone());
            // The page's own link after a reload is the saved work: it began where that did.
            let origin = saved.as_ref().filter(|saved| same_work(saved, &opened)).and_then(|saved| saved.layout.origin.clone());
            if !embed.embed {
                let last_link = storage::load(storage::LINK_KEY);
                if let Some(saved) = saved.filter(|saved| is_users_own(saved, &opened, last_link.as_ref())) {
                    storage::save(storage::PREVIOUS_KEY, &saved);
                }
                storage::save(storage::LINK_KEY, &opened);
                Progress::merge_and_save(&view.done);
            }
            let lang = embed.lang.or(view.lang).unwrap_or(lang);
            let mut state = start(lang, &view.text, view.record.as_ref(), embed.step.or(view.frame), view.node, speed, origin.as_deref());
            state.bookmarks = view.bookmarks;
            state
        }
        link => {
            refused = link.and_then(Result::err);
            // A trainer's `?exercise=N` opens the course at that task; the work it
            // replaces is kept aside, as a link does.
            if let Some(entry) = crate::course::from_query(&search).filter(|_| refused.is_none()) {
                let speed = saved.as_ref().and_then(|saved| saved.layout.speed.clone());
                if let Some(saved) = saved.filter(|saved| !embed.embed && saved.text != EXAMPLE_SCENARIO && saved.text != entry.text) {
                    storage::save(storage::PREVIOUS_KEY, &saved);
                }
                let mut state = start(lang, entry.text, None, embed.step, None, speed, Some(entry.file));
                state.present = !embed.embed && crate::present::asks_for_present(&search);
                return Opening { state, embed, refused };
            }
            match saved {
                Some(saved) => {
                    let (speed, origin) = (saved.layout.speed.clone(), saved.layout.origin.as_deref());
                    let frame = embed.step.or(Some(saved.frame));
                    let mut state = start(lang, &saved.text, saved.session.as_ref(), frame, saved.layout.node.clone(), speed, origin);
                    state.bookmarks = saved.layout.bookmarks.as_deref().map(bookmarks::from_lines).unwrap_or_default();
                    state
                }
                None => start(lang, EXAMPLE_SCENARIO, None, embed.step, None, None, None),
            }
        }
    };
    // A trainer's prepared link opens straight into presenter mode; an embed keeps its
    // own minimal chrome.
    let mut state = state;
    state.present = !embed.embed && crate::present::asks_for_present(&search);
    Opening { state, embed, refused }
}

/// The same text and session: what a link carries.
fn same_work(a: &SavedWork, b: &SavedWork) -> bool {
    a.text == b.text && a.session == b.session
}

/// Saved work a link about to open would displace, and that must be kept for the user
/// to restore: not the link's own work (a reload), not the example, and not what an
/// earlier link opened, untouched (opening two links in a row keeps the user's work
/// from before the first, not the first link's).
fn is_users_own(saved: &SavedWork, opened: &SavedWork, last_link: Option<&SavedWork>) -> bool {
    !same_work(saved, opened) && saved.text != EXAMPLE_SCENARIO && !last_link.is_some_and(|link| same_work(saved, link))
}

fn start(
    lang: Lang,
    text: &str,
    record: Option<&SessionRecord>,
    frame: Option<usize>,
    node: Option<String>,
    speed: Option<String>,
    origin_file: Option<&str>,
) -> State {
    let mut resumed = State::resume_sliced(lang, text, record, true);
    if origin_file.is_some() {
        resumed.origin = crate::gallery::origin_of_file(origin_file);
    }
    let mut state = Rc::new(resumed);
    if let Some(frame) = frame {
        state = state.reduce(Action::Seek(frame));
    }
    if let Some(speed) = speed.and_then(|label| Speed::ALL.into_iter().find(|s| s.label() == label)) {
        state = state.reduce(Action::SetSpeed(speed));
    }
    state = state.reduce(Action::SelectNode(node));
    Rc::try_unwrap(state).unwrap_or_else(|shared| (*shared).clone())
}

/// The view of the current state, as a link carries it.
pub fn view_of(state: &State) -> SharedView {
    SharedView {
        text: state.text.clone(),
        record: state.record(),
        frame: Some(state.cursor),
        node: state.selected_node.clone(),
        lang: Some(state.lang),
        bookmarks: state.bookmarks.clone(),
        done: Progress::default(),
    }
}

/// `view` with the course's progress this browser keeps, for the links it writes.
pub fn with_progress(view: SharedView) -> SharedView {
    SharedView { done: Progress::load(), ..view }
}

/// What Copy link and Embed share: the view, with the scenario as last applied when
/// the editor holds edits not applied (perhaps not valid), so that whoever opens the
/// link sees the cluster the sender sees.
pub fn shared_view_of(state: &State) -> SharedView {
    let mut view = view_of(state);
    if !state.is_applied() && !state.applied_text.is_empty() {
        view.text = state.applied_text.clone();
    }
    view
}

/// The full URL of a link to `view`: this page without its query, plus the fragment.
pub fn url_of(view: &SharedView, query: &str) -> String {
    let location = web_sys::window().map(|w| w.location());
    let origin = location.as_ref().and_then(|l| l.origin().ok()).unwrap_or_default();
    let path = location.as_ref().and_then(|l| l.pathname().ok()).unwrap_or_else(|| "/".into());
    format!("{origin}{path}{query}#{}", to_fragment(view))
}

/// Puts `view` in the address bar without a history entry or a reload.
pub fn replace_address(view: &SharedView) {
    let Some(window) = web_sys::window() else { return };
    let search = window.location().search().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url_of(view, &search)));
    }
}

/// The address bar holds the link to `state`, or none when no link could open it (more
/// nodes than a link carries): a reload then reads the saved work rather than refuse
/// its own link.
pub fn keep_address(state: &State) {
    let view = with_progress(view_of(state));
    if check_link_size(&view).is_ok() {
        return replace_address(&view);
    }
    let Some(window) = web_sys::window() else { return };
    let location = window.location();
    let bare = format!("{}{}", location.pathname().unwrap_or_default(), location.search().unwrap_or_default());
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&bare));
    }
}

/// How long the address bar waits after the last change.
const ADDRESS_DEBOUNCE_MS: u32 = 1_000;

/// The address bar follows the text, the frame, the node and the language, once they
/// have been still for a second: `replaceState` on every keystroke would be slow on a
/// long scenario and would flood the browser's own throttling.
#[hook]
pub fn use_address_bar(playground: &Playground, enabled: bool) {
    let state = (**playground).clone();
    let key = (state.text.clone(), state.console_revision, state.cursor, state.selected_node.clone(), state.lang, state.bookmarks.clone());
    use_effect_with(key, move |_| {
        let timeout = enabled.then(|| Timeout::new(ADDRESS_DEBOUNCE_MS, move || keep_address(&state)));
        move || drop(timeout)
    });
    // A link pasted into the address bar of an open playground changes only the
    // fragment: reload, so it opens as any link does (and keeps the work aside).
    // Our own replaceState fires no hashchange.
    use_effect_with(enabled, |&enabled| {
        let listener = web_sys::window().filter(|_| enabled).map(|window| {
            EventListener::new(&window, "hashchange", |_| {
                let location = web_sys::window().map(|w| w.location());
                let hash = location.as_ref().and_then(|l| l.hash().ok()).unwrap_or_default();
                if let (Some(location), Some(_)) = (location, from_fragment(&hash)) {
                    let _ = location.reload();
                }
            })
        });
        move || drop(listener)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(fragment: &str) -> Result<SharedView, LinkError> {
        from_fragment(fragment).expect("a share link")
    }

    fn pools(count: u64) -> String {
        format!(
            "apiVersion: dsplay/v1\nkind: Scenario\nmetadata:\n  name: big\nspec:\n  nodePools:\n  - name: node\n    count: {count}\n"
        )
    }

    #[test]
    fn a_view_round_trips() {
        let view = SharedView {
            text: EXAMPLE_SCENARIO.to_owned(),
            record: None,
            frame: Some(7),
            node: Some("node-02".into()),
            lang: Some(Lang::ZhHans),
            bookmarks: Vec::new(),
            done: Progress::default(),
        };
        let fragment = to_fragment(&view);
        assert!(fragment.starts_with("v1="));
        assert!(fragment.ends_with("&f=7&n=node-02&lang=zh"), "{fragment}");
        assert_eq!(open(&fragment), Ok(view.clone()));
        assert_eq!(open(&format!("#{fragment}")), Ok(view.clone()));
        // Bookmarks ride along after the view; a damaged bm= is dropped, not the link.
        let marked = SharedView { bookmarks: vec![Bookmark { frame: 3, name: "滚动更新 starts".into() }], ..view.clone() };
        let fragment = to_fragment(&marked);
        assert!(fragment.contains("&lang=zh&bm="), "{fragment}");
        assert_eq!(open(&fragment), Ok(marked));
        assert_eq!(open(&format!("{}&bm=@@", to_fragment(&view))), Ok(view));
    }

    fn record(entries: Vec<Entry>) -> SessionRecord {
        SessionRecord { scenario: EXAMPLE_SCENARIO.to_owned(), entries }
    }

    #[test]
    fn a_session_record_rides_along_with_the_scenario() {
        let applied = EXAMPLE_SCENARIO.replace("nginx:1.24", "nginx:1.26");
        let record = record(vec![Entry::Run("kubectl cordon node-02".into()), Entry::Apply(applied.clone())]);
        let view = SharedView { text: applied.clone(), record: Some(record.clone()), frame: Some(40), ..SharedView::default() };
        let fragment = to_fragment(&view);
        assert!(fragment.contains("&log="), "{fragment}");
        assert!(!fragment.contains("&edit="), "the editor holds the last text applied: no need to carry it");
        assert_eq!(open(&fragment), Ok(view));
        // An older reader (or `dsplay decode`) sees the scenario the session started from.
        assert_eq!(share::decode(&fragment).as_deref(), Ok(EXAMPLE_SCENARIO));

        let unapplied = SharedView { text: format!("{applied}# draft\n"), record: Some(record), ..SharedView::default() };
        let fragment = to_fragment(&unapplied);
        assert!(fragment.contains("&edit="), "{fragment}");
        assert_eq!(open(&fragment), Ok(unapplied));
    }

    /// A draft that does not load (a typo not yet applied) rides along with the
    /// scenario the cluster runs, even when no command followed: the draft alone would
    /// open an empty cluster.
    #[test]
    fn a_broken_draft_rides_along_with_the_scenario_it_edits() {
        let draft = format!("broken: [\n{EXAMPLE_SCENARIO}");
        let view = SharedView { text: draft, record: Some(record(vec![])), ..SharedView::default() };
        let fragment = to_fragment(&view);
        assert!(fragment.contains("&edit="), "{fragment}");
        assert_eq!(share::decode(&fragment).as_deref(), Ok(EXAMPLE_SCENARIO));
        assert_eq!(open(&fragment), Ok(view));
        // With no draft and no command, the link is the scenario alone.
        let plain = SharedView { text: EXAMPLE_SCENARIO.into(), record: Some(record(vec![])), ..SharedView::default() };
        assert!(!to_fragment(&plain).contains("&log="), "{}", to_fragment(&plain));
    }

    #[test]
    fn only_the_users_own_work_is_kept_when_a_link_opens() {
        let work = |text: &str| SavedWork::new(text.into(), 0, Default::default());
        let (mine, link_a, link_b) = (work("# my note\n"), work("# link A\n"), work("# link B\n"));
        assert!(is_users_own(&mine, &link_a, None));
        assert!(!is_users_own(&link_a, &link_a, None), "a reload of the link");
        assert!(!is_users_own(&work(EXAMPLE_SCENARIO), &link_a, None), "the example comes back by itself");
        // Link A was opened, then link B: link A's untouched work displaces nothing,
        // so the user's note stays in the previous-work slot.
        assert!(!is_users_own(&link_a, &link_b, Some(&link_a)));
        // Link A's work, edited, is the user's.
        assert!(is_users_own(&work("# link A, edited\n"), &link_b, Some(&link_a)));
    }

    #[test]
    fn a_damaged_log_refuses_the_link() {
        let scenario = share::encode(EXAMPLE_SCENARIO);
        assert_eq!(open(&format!("{scenario}&log=AAAA")), Err(LinkError::Share(ShareError::NotDeflate)));
        let not_entries = share::encode_text(r#"{"run": 1}"#);
        assert!(matches!(open(&format!("{scenario}&log={not_entries}")), Err(LinkError::Log(_))));
        // An empty log is no log.
        let empty = share::encode_text("[]");
        assert_eq!(open(&format!("{scenario}&log={empty}")).map(|view| view.record), Ok(None));
    }

    #[test]
    fn nodes_added_by_the_console_count_against_the_link_limit() {
        let adds = vec![Entry::Run("node add extra".into()); 10];
        let near = SessionRecord { scenario: pools(4_995), entries: adds.clone() };
        assert_eq!(replayed_nodes(&near), 5_005);
        let fragment = to_fragment(&SharedView { text: near.scenario.clone(), record: Some(near), ..SharedView::default() });
        assert_eq!(open(&fragment), Err(LinkError::TooManyNodes { nodes: 5_005 }));
        let grown = SessionRecord { scenario: pools(3), entries: vec![Entry::Apply(pools(6_000))] };
        assert_eq!(replayed_nodes(&grown), 6_000);
    }

    #[test]
    fn view_parts_are_optional_and_unknown_ones_ignored() {
        let bare = share::encode("text: 1\n");
        assert_eq!(open(&bare), Ok(SharedView { text: "text: 1\n".into(), ..SharedView::default() }));
        // A newer playground may add parts; this one still opens the scenario.
        let newer = format!("{bare}&zoom=2&f=3&lang=zh-Hans&n=<script>");
        let view = open(&newer).expect("opens");
        assert_eq!(view.frame, Some(3));
        assert_eq!(view.lang, Some(Lang::ZhHans));
        assert_eq!(view.node, None, "a node part that cannot be a node name is dropped");
        assert_eq!(open(&format!("{bare}&f=-1")).map(|v| v.frame), Ok(None));
    }

    #[test]
    fn anchors_and_empty_fragments_are_not_links() {
        assert_eq!(from_fragment(""), None);
        assert_eq!(from_fragment("#"), None);
        assert_eq!(from_fragment("#cluster"), None);
        assert_eq!(from_fragment("#f=3&lang=zh"), None);
    }

    #[test]
    fn hostile_links_are_refused_with_a_reason() {
        assert_eq!(open("#v1=!!!"), Err(LinkError::Share(ShareError::NotBase64)));
        assert_eq!(open("#v1=AAAA"), Err(LinkError::Share(ShareError::NotDeflate)));
        assert_eq!(open("#v9=abc"), Err(LinkError::Share(ShareError::UnsupportedVersion("v9".into()))));
        let huge = share::encode(&"#".repeat(share::MAX_TEXT_BYTES + 1));
        assert_eq!(open(&huge), Err(LinkError::Share(ShareError::TooLarge)));
        // Invalid UTF-8 behind a valid deflate stream.
        let bytes = [b'a', 0xc3, 0x28];
        let deflated = miniz_deflate(&bytes);
        assert_eq!(open(&format!("v1={deflated}")), Err(LinkError::Share(ShareError::NotUtf8)));
        // Every truncation of a real link is an error or a (shorter) text, never a panic.
        let link = to_fragment(&SharedView { text: EXAMPLE_SCENARIO.into(), frame: Some(3), ..SharedView::default() });
        for cut in 4..link.len() {
            if let Some(Ok(view)) = from_fragment(&link[..cut]) {
                assert!(view.text.len() <= EXAMPLE_SCENARIO.len());
            }
        }
    }

    #[test]
    fn links_carry_at_most_five_thousand_nodes() {
        assert_eq!(open(&share::encode(&pools(5_000))).map(|v| v.text.len()), Ok(pools(5_000).len()));
        assert_eq!(open(&share::encode(&pools(5_001))), Err(LinkError::TooManyNodes { nodes: 5_001 }));
        // Above the engine's own cap the parser refuses first; the link is refused all the same.
        assert_eq!(open(&share::encode(&pools(20_000))), Err(LinkError::TooManyNodes { nodes: 20_000 }));
        let two_pools = format!("{}  - name: gpu\n    count: 3000\n", pools(3_000));
        assert_eq!(declared_nodes(&two_pools), 6_000);
        // `node add` steps make nodes too: 4,000 pooled and 1,001 added are over.
        let adds: String = (0..1_001).map(|i| format!("  - node add extra-{i}\n")).collect();
        let with_adds = format!("{}  steps:\n{adds}", pools(4_000));
        assert_eq!(open(&share::encode(&with_adds)), Err(LinkError::TooManyNodes { nodes: 5_001 }));
        assert_eq!(declared_nodes(EXAMPLE_SCENARIO), 5);
        assert_eq!(declared_nodes("not: [valid"), 0, "a broken scenario opens, for the editor to show its error");
    }

    /// Every step runs while a link opens: a short link of 20,000 `settle` steps is
    /// refused before any of them runs.
    #[test]
    fn links_carry_at_most_five_thousand_steps() {
        let steps = |n: usize| format!("{}  steps:\n{}", pools(3), "  - settle\n".repeat(n));
        assert!(open(&share::encode(&steps(MAX_LINK_STEPS))).is_ok());
        assert_eq!(open(&share::encode(&steps(20_000))), Err(LinkError::TooManySteps { steps: 20_000 }));
    }

    #[test]
    fn language_keys() {
        assert_eq!(lang_from_key("zh"), Some(Lang::ZhHans));
        assert_eq!(lang_from_key("ZH-cn"), Some(Lang::ZhHans));
        assert_eq!(lang_from_key("en"), Some(Lang::En));
        assert_eq!(lang_from_key("fr"), None);
    }

    /// Raw deflate of `bytes`, base64url: a payload the codec inflates.
    /// (`share::encode` only takes text, so build the stream by hand.)
    fn miniz_deflate(bytes: &[u8]) -> String {
        base64url(&deflate_stored(bytes))
    }

    /// A deflate "stored" block: final bit, type 00, LEN, NLEN, then the bytes as they are.
    fn deflate_stored(bytes: &[u8]) -> Vec<u8> {
        let len = bytes.len() as u16;
        let mut out = vec![0x01];
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(bytes);
        out
    }

    fn base64url(bytes: &[u8]) -> String {
        const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for i in 0..=chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            }
        }
        out
    }
}
