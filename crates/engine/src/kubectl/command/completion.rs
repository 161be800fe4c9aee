//! Tab completion in the console: commands, subcommands, resource types, and the names of
//! the nodes, pods and DaemonSets that exist.

const TOP: &[&str] = &["kubectl", "advance", "settle", "node", "image"];
const KUBECTL: &[&str] = &[
    "apply", "cordon", "delete", "describe", "drain", "get", "label", "patch", "rollout", "set", "taint", "uncordon",
];
const RESOURCES: &[&str] = &["daemonsets", "pods", "nodes", "controllerrevisions", "events"];
const DURATIONS: &[&str] = &["10s", "30s", "1m", "5m"];
const BEHAVIOURS: &[&str] = &["crash", "unready", "pull-error", "ok"];
const DRAIN_FLAGS: &[&str] = &["--ignore-daemonsets", "--delete-emptydir-data", "--force"];

/// Whole lines that complete `prefix`: the last word (or a new word after a trailing space)
/// is completed from what may stand there. Sorted, without duplicates.
pub fn completions(prefix: &str, nodes: &[String], pods: &[String], daemonsets: &[String]) -> Vec<String> {
    let mut words: Vec<&str> = prefix.split_whitespace().collect();
    let partial = if prefix.is_empty() || prefix.ends_with(char::is_whitespace) { "" } else { words.pop().unwrap_or("") };
    let head = &prefix[..prefix.len() - partial.len()];
    let owned = |list: &[String]| list.to_vec();
    let fixed = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let prefixed = |p: &str, list: &[String]| list.iter().map(|n| format!("{p}{n}")).collect::<Vec<_>>();
    let ds_refs = || prefixed("ds/", daemonsets);

    let candidates: Vec<String> = match words.as_slice() {
        [] => fixed(TOP),
        ["kubectl" | "k"] => fixed(KUBECTL),
        ["kubectl" | "k", "get" | "describe"] => fixed(RESOURCES),
        ["kubectl" | "k", "get" | "describe", resource] => match *resource {
            "ds" | "daemonset" | "daemonsets" => owned(daemonsets),
            "po" | "pod" | "pods" => owned(pods),
            "no" | "node" | "nodes" => owned(nodes),
            _ => Vec::new(),
        },
        ["kubectl" | "k", "delete"] => fixed(&["pod", "node", "ds"]),
        ["kubectl" | "k", "delete" | "patch", "po" | "pod" | "pods"] => {
            let mut names = owned(pods);
            names.extend(prefixed("@", nodes));
            names
        }
        ["kubectl" | "k", "delete", "no" | "node" | "nodes"] => owned(nodes),
        ["kubectl" | "k", "delete", "ds" | "daemonset" | "daemonsets"] => owned(daemonsets),
        ["kubectl" | "k", "label" | "taint"] => fixed(&["node"]),
        ["kubectl" | "k", "label" | "taint", "no" | "node" | "nodes"] => owned(nodes),
        ["kubectl" | "k", "cordon" | "uncordon" | "drain"] => owned(nodes),
        ["kubectl" | "k", "drain", _, ..] => fixed(DRAIN_FLAGS),
        ["kubectl" | "k", "set"] => fixed(&["image"]),
        ["kubectl" | "k", "set", "image"] => ds_refs(),
        ["kubectl" | "k", "patch"] => fixed(&["ds", "pod"]),
        ["kubectl" | "k", "patch", "po" | "pod" | "pods", _] => fixed(&["--subresource=status"]),
        ["kubectl" | "k", "patch", "ds" | "daemonset" | "daemonsets"] => owned(daemonsets),
        ["kubectl" | "k", "rollout"] => fixed(&["status", "history", "undo", "restart"]),
        ["kubectl" | "k", "rollout", "status" | "history" | "undo" | "restart"] => ds_refs(),
        ["kubectl" | "k", "apply"] => fixed(&["-f"]),
        ["kubectl" | "k", "apply", "-f"] => owned(daemonsets),
        ["advance"] => fixed(DURATIONS),
        ["node"] => fixed(&["add", "down", "up"]),
        ["node", "down" | "up"] => owned(nodes),
        ["image", _] => fixed(BEHAVIOURS),
        _ => Vec::new(),
    };
    let mut lines: Vec<String> = candidates
        .into_iter()
        .filter(|c| c.starts_with(partial))
        .map(|c| format!("{head}{c}"))
        .collect();
    dsplay_model::sorting::sort(&mut lines);
    lines.dedup();
    lines
}
