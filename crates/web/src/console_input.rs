//! What the console's keys do to the command line, kept apart from the component so it
//! can be tested natively: ↑ / ↓ walk the commands already run, Tab completes the line
//! from the engine's completions (commands, resources, node / pod / DaemonSet names).

use dsplay_engine::kubectl::command::completions;
use dsplay_engine::simulation::Frame;

/// Where ↑ / ↓ stand in the command history, and the line that was being typed
/// before they started (the draft), so walking back past the newest command gives
/// it back instead of an empty line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HistoryWalk {
    /// Index into the history (oldest first); `None` while typing.
    pub at: Option<usize>,
    /// The half-typed line ↑ left, restored by ↓ past the newest command.
    pub draft: String,
}

impl HistoryWalk {
    /// Typing (or running a command) ends a walk: the field's line is the draft again.
    pub fn typed(&mut self) {
        self.at = None;
        self.draft.clear();
    }
}

/// ↑ (`older = true`) or ↓ from `walk`, with `line` the field's text now. `history`
/// is oldest first. Returns where the walk stands after it and the line to show, or
/// `None` when the key has nothing to do (no history; ↓ while typing).
pub fn walk_history(history: &[String], walk: &HistoryWalk, line: &str, older: bool) -> Option<(HistoryWalk, String)> {
    if history.is_empty() {
        return None;
    }
    let last = history.len() - 1;
    // Leaving the line being typed keeps it as the draft.
    let draft = if walk.at.is_none() { line.to_string() } else { walk.draft.clone() };
    let next = match (walk.at.map(|i| i.min(last)), older) {
        (None, true) => Some(last),
        (Some(i), true) => Some(i.saturating_sub(1)),
        (None, false) => return None,
        (Some(i), false) if i >= last => None,
        (Some(i), false) => Some(i + 1),
    };
    let shown = match next {
        Some(i) => history[i].clone(),
        None => draft.clone(),
    };
    let draft = if next.is_some() { draft } else { String::new() };
    Some((HistoryWalk { at: next, draft }, shown))
}

/// How many commands the console shows at most: a long session stays quick to
/// render, and the older ones are counted instead.
pub const CONSOLE_SHOWN: usize = 200;

/// Of `len` console entries, how many earlier ones are left out (the rest are shown).
pub fn hidden_entries(len: usize) -> usize {
    len.saturating_sub(CONSOLE_SHOWN)
}

/// Tab: the completed line (the candidates' longest common prefix, at least the
/// line itself) and, when several remain, the candidates to show.
pub fn complete(line: &str, candidates: &[String]) -> Option<(String, Vec<String>)> {
    let first = candidates.first()?;
    let mut common = first.len();
    for candidate in &candidates[1..] {
        common = common.min(
            first.char_indices().zip(candidate.chars()).take_while(|((_, a), b)| a == b).count(),
        );
    }
    let prefix: String = first.chars().take(common).collect();
    let completed = if candidates.len() == 1 { format!("{first} ") } else { prefix };
    let completed = if completed.len() < line.len() { line.to_string() } else { completed };
    let shown = if candidates.len() > 1 { candidates.to_vec() } else { Vec::new() };
    Some((completed, shown))
}

/// What Tab does in the console's field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TabKey {
    /// An empty line: Tab moves focus on as anywhere else (the console is no keyboard trap).
    MoveOn,
    /// A line being typed: Tab stays in the field, with the line completed as far as
    /// it goes and the candidates still open (none: earlier suggestions go away).
    Complete { line: String, suggestions: Vec<String> },
}

pub fn tab(line: &str, candidates: &[String]) -> TabKey {
    if line.is_empty() {
        return TabKey::MoveOn;
    }
    let (line, suggestions) = complete(line, candidates).unwrap_or_else(|| (line.to_string(), Vec::new()));
    TabKey::Complete { line, suggestions }
}

/// What a key pressed in the prompt does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromptKey {
    /// Not the prompt's: the browser does what it does.
    Ignored,
    /// ↑ / ↓ walked the history: the line to show, the walk now, the suggestions gone.
    Walked { line: String, walk: HistoryWalk },
    /// The suggestions go, and the key does what it does (Tab on an empty line, Escape).
    HideSuggestions,
    /// Tab completed the line as far as it goes (`changed`: it grew), the candidates left.
    Completed { line: String, changed: bool, suggestions: Vec<String> },
}

/// The prompt as a key finds it.
pub struct Prompt<'a> {
    pub line: &'a str,
    pub walk: &'a HistoryWalk,
    /// Suggestions are shown.
    pub suggesting: bool,
}

/// What `key` (`plain`: without Shift, Ctrl, Alt or Meta) does to the `prompt`: ↑ / ↓
/// walk the `history`, Tab completes from the `candidates`, Escape hides suggestions.
pub fn prompt_key(key: &str, plain: bool, prompt: Prompt<'_>, history: impl FnOnce() -> Vec<String>, candidates: impl FnOnce() -> Vec<String>) -> PromptKey {
    match key {
        "ArrowUp" | "ArrowDown" if plain => match walk_history(&history(), prompt.walk, prompt.line, key == "ArrowUp") {
            Some((walk, line)) => PromptKey::Walked { line, walk },
            None => PromptKey::Ignored,
        },
        // Tab completes a line being typed and never leaves it (even with nothing to
        // complete); on an empty line it moves focus on, and Shift+Tab always does: no
        // keyboard trap.
        "Tab" if plain => match tab(prompt.line, &candidates()) {
            TabKey::MoveOn => PromptKey::HideSuggestions,
            TabKey::Complete { line, suggestions } => PromptKey::Completed { changed: line != prompt.line, line, suggestions },
        },
        "Escape" if prompt.suggesting => PromptKey::HideSuggestions,
        _ => PromptKey::Ignored,
    }
}

/// Tab's candidates for `line`: the engine's completions, with the names of the
/// nodes, pods and DaemonSets in `frame`.
pub fn candidates(line: &str, frame: &Frame) -> Vec<String> {
    let state = &frame.state;
    let nodes: Vec<String> = state.nodes.keys().cloned().collect();
    let pods: Vec<String> = state.pods.values().filter_map(|pod| pod.metadata.name.clone()).collect();
    let daemonsets: Vec<String> = state.daemonsets.values().filter_map(|ds| ds.metadata.name.clone()).collect();
    completions(line, &nodes, &pods, &daemonsets)
}

/// The node a command line names, for the view to bring its card into sight: the
/// first word that is a node's name, bare (`cordon node-02`, `node down node-02`) or
/// as `node/NAME` (`describe no/node-02`).
pub fn node_named(line: &str, is_node: impl Fn(&str) -> bool) -> Option<&str> {
    line.split_whitespace()
        .map(|word| word.split_once('/').filter(|(kind, _)| matches!(*kind, "node" | "nodes" | "no")).map_or(word, |(_, name)| name))
        .find(|word| is_node(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    fn walk(history: &[String], walk: &HistoryWalk, line: &str, older: bool) -> (HistoryWalk, String) {
        walk_history(history, walk, line, older).expect("the key moves")
    }

    #[test]
    fn up_and_down_walk_the_history() {
        let history = lines(&["settle", "kubectl get ds"]);
        let start = HistoryWalk::default();
        let (at1, line) = walk(&history, &start, "", true);
        assert_eq!((at1.at, line.as_str()), (Some(1), "kubectl get ds"));
        let (at0, line) = walk(&history, &at1, &line, true);
        assert_eq!((at0.at, line.as_str()), (Some(0), "settle"));
        // ↑ on the oldest stays there.
        let (still, line) = walk(&history, &at0, &line, true);
        assert_eq!((still.at, line.as_str()), (Some(0), "settle"));
        let (back, line) = walk(&history, &still, &line, false);
        assert_eq!((back.at, line.as_str()), (Some(1), "kubectl get ds"));
        let (typing, line) = walk(&history, &back, &line, false);
        assert_eq!((typing.clone(), line.as_str()), (HistoryWalk::default(), ""));
        // ↓ while typing, or any key with no history, does nothing.
        assert_eq!(walk_history(&history, &typing, "", false), None);
        assert_eq!(walk_history(&[], &start, "kubectl", true), None);
    }

    #[test]
    fn walking_keeps_the_half_typed_line() {
        let history = lines(&["kubectl get ds", "kubectl cordon node-03"]);
        let (up, line) = walk(&history, &HistoryWalk::default(), "kubectl get no", true);
        assert_eq!(line, "kubectl cordon node-03");
        assert_eq!(up.draft, "kubectl get no");
        let (up2, line) = walk(&history, &up, &line, true);
        assert_eq!((up2.at, up2.draft.as_str(), line.as_str()), (Some(0), "kubectl get no", "kubectl get ds"));
        let (down, line) = walk(&history, &up2, &line, false);
        assert_eq!(line, "kubectl cordon node-03");
        // Past the newest command: the draft comes back, and the walk is over.
        let (done, line) = walk(&history, &down, &line, false);
        assert_eq!(line, "kubectl get no");
        assert_eq!(done, HistoryWalk::default());
        assert_eq!(walk_history(&history, &done, &line, false), None);
    }

    #[test]
    fn typing_starts_a_new_draft() {
        let history = lines(&["settle"]);
        let (mut up, _) = walk(&history, &HistoryWalk::default(), "adv", true);
        up.typed();
        // The recalled line, edited, is what ↓ comes back to after the next ↑.
        let (again, line) = walk(&history, &up, "settle now", true);
        assert_eq!((again.draft.as_str(), line.as_str()), ("settle now", "settle"));
        let (_, line) = walk(&history, &again, &line, false);
        assert_eq!(line, "settle now");
    }

    #[test]
    fn a_history_that_shrank_does_not_panic() {
        let history = lines(&["settle"]);
        let stale = HistoryWalk { at: Some(5), draft: "x".into() };
        assert_eq!(walk(&history, &stale, "settle", true), (HistoryWalk { at: Some(0), draft: "x".into() }, "settle".into()));
        assert_eq!(walk(&history, &stale, "settle", false), (HistoryWalk::default(), "x".into()));
    }

    #[test]
    fn the_console_shows_the_last_commands_and_counts_the_rest() {
        assert_eq!(hidden_entries(0), 0);
        assert_eq!(hidden_entries(CONSOLE_SHOWN), 0);
        assert_eq!(hidden_entries(1_000), 1_000 - CONSOLE_SHOWN);
    }

    #[test]
    fn tab_completes_to_the_common_prefix() {
        let one = complete("kubectl cor", &lines(&["kubectl cordon"]));
        assert_eq!(one, Some(("kubectl cordon ".into(), vec![])));
        let two = complete("kubectl cordon n", &lines(&["kubectl cordon node-01", "kubectl cordon node-02"]));
        assert_eq!(two, Some(("kubectl cordon node-0".into(), lines(&["kubectl cordon node-01", "kubectl cordon node-02"]))));
        assert_eq!(complete("x", &[]), None);
    }

    #[test]
    fn tab_stays_in_a_line_being_typed_and_leaves_an_empty_one() {
        assert_eq!(tab("", &lines(&["kubectl"])), TabKey::MoveOn);
        // Nothing to complete (a namespace, say): the line stays, and so does focus.
        assert_eq!(tab("kubectl get pods -n ", &[]), TabKey::Complete { line: "kubectl get pods -n ".into(), suggestions: vec![] });
        assert_eq!(
            tab("kubectl cor", &lines(&["kubectl cordon"])),
            TabKey::Complete { line: "kubectl cordon ".into(), suggestions: vec![] }
        );
    }

    #[test]
    fn a_command_names_the_node_it_acts_on() {
        let is_node = |name: &str| matches!(name, "node-02" | "gpu-01");
        assert_eq!(node_named("kubectl cordon node-02", is_node), Some("node-02"));
        assert_eq!(node_named("kubectl describe no/gpu-01", is_node), Some("gpu-01"));
        assert_eq!(node_named("kubectl label node/node-02 a=b", is_node), Some("node-02"));
        assert_eq!(node_named("node down node-02", is_node), Some("node-02"));
        // A pod's name, or a node's under another kind, is not a node.
        assert_eq!(node_named("kubectl delete pod/node-02", is_node), None);
        assert_eq!(node_named("kubectl get ds", is_node), None);
    }

    #[test]
    fn keys_walk_complete_and_hide() {
        let history = || lines(&["kubectl get nodes", "kubectl cordon node-02"]);
        let walk = HistoryWalk::default();
        let prompt = |line: &'static str, suggesting: bool| Prompt { line, walk: &walk, suggesting };
        let no_candidates = Vec::new;
        let PromptKey::Walked { line, .. } = prompt_key("ArrowUp", true, prompt("", false), history, no_candidates) else { panic!("a walk") };
        assert_eq!(line, "kubectl cordon node-02");
        assert_eq!(prompt_key("ArrowUp", false, prompt("", false), history, no_candidates), PromptKey::Ignored, "Shift+↑ selects");
        assert_eq!(prompt_key("Tab", true, prompt("", true), history, no_candidates), PromptKey::HideSuggestions, "focus moves on");
        let completed = prompt_key("Tab", true, prompt("kubectl cor", false), history, || lines(&["kubectl cordon"]));
        assert_eq!(completed, PromptKey::Completed { line: "kubectl cordon ".into(), changed: true, suggestions: vec![] });
        assert_eq!(prompt_key("Escape", true, prompt("x", true), history, no_candidates), PromptKey::HideSuggestions);
        assert_eq!(prompt_key("Escape", true, prompt("x", false), history, no_candidates), PromptKey::Ignored);
    }

    #[test]
    fn candidates_are_the_names_in_the_frame() {
        let session = crate::session::Session::load(crate::state::EXAMPLE_SCENARIO).expect("loads");
        let frame = session.frame(session.last_frame()).expect("a frame");
        let names = candidates("kubectl cordon node-0", &frame);
        assert!(names.contains(&"kubectl cordon node-01".to_owned()), "{names:?}");
    }
}
