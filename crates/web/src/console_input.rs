//! What the console's keys do to the command line, kept apart from the component so it
//! can be tested natively: ↑ / ↓ walk the commands already run, Tab completes the line
//! from the engine's completions (commands, resources, node / pod / DaemonSet names).

/// The line after ↑ (`older = true`) or ↓ from history position `at` (`None`: the line
/// being typed). `history` is oldest first. Returns the new position and the line.
pub fn walk_history(history: &[String], at: Option<usize>, older: bool) -> Option<(Option<usize>, String)> {
    if history.is_empty() {
        return None;
    }
    let last = history.len() - 1;
    let next = match (at, older) {
        (None, true) => Some(last),
        (Some(0), true) => Some(0),
        (Some(i), true) => Some(i - 1),
        (None, false) => return None,
        (Some(i), false) if i >= last => None,
        (Some(i), false) => Some(i + 1),
    };
    let line = next.and_then(|i| history.get(i).cloned()).unwrap_or_default();
    Some((next, line))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn up_and_down_walk_the_history() {
        let history = lines(&["settle", "kubectl get ds"]);
        assert_eq!(walk_history(&history, None, true), Some((Some(1), "kubectl get ds".into())));
        assert_eq!(walk_history(&history, Some(1), true), Some((Some(0), "settle".into())));
        assert_eq!(walk_history(&history, Some(0), true), Some((Some(0), "settle".into())));
        assert_eq!(walk_history(&history, Some(0), false), Some((Some(1), "kubectl get ds".into())));
        assert_eq!(walk_history(&history, Some(1), false), Some((None, String::new())));
        assert_eq!(walk_history(&history, None, false), None);
        assert_eq!(walk_history(&[], None, true), None);
    }

    #[test]
    fn tab_completes_to_the_common_prefix() {
        let one = complete("kubectl cor", &lines(&["kubectl cordon"]));
        assert_eq!(one, Some(("kubectl cordon ".into(), vec![])));
        let two = complete("kubectl cordon n", &lines(&["kubectl cordon node-01", "kubectl cordon node-02"]));
        assert_eq!(two, Some(("kubectl cordon node-0".into(), lines(&["kubectl cordon node-01", "kubectl cordon node-02"]))));
        assert_eq!(complete("x", &[]), None);
    }
}
