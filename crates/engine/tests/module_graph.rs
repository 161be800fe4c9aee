//! No import loop between the engine's modules.
//!
//! Reads the engine's source files, one module per file, and builds the graph of
//! what each file uses from another (`use crate::…`, `use super::…`, and paths such
//! as `crate::api::key(…)` in code). A name that a module re-exports (`pub use`)
//! leads to the file that defines it, and a module's re-exports of its own
//! children are its public face, not a dependency. Test-only modules and items are
//! left out. The test fails naming each loop, with the path that makes each step.
//!
//! Paths are what it follows, not method calls: the `impl Simulation` blocks that
//! `simulation/` spreads over files by concept are one type's methods, and a file that
//! calls `self.drain(…)` does not name `drain.rs`. The type and the values it holds
//! live where no such file is needed to define them.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Loops that are upstream's own shape, each as the files of the loop in order.
/// Empty: the engine has none.
const ALLOWED_LOOPS: &[&[&str]] = &[];

type ModPath = Vec<String>;

struct Module {
    file: String,
    /// Names this module brings into scope with `use`: name → absolute path.
    imports: BTreeMap<String, ModPath>,
    /// Paths this module refers to, each with whether it is a re-export.
    refs: Vec<(ModPath, bool)>,
}

#[test]
fn the_engine_has_no_import_loop() {
    let graph = Graph::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(graph.modules.len() > 50, "read only {} modules", graph.modules.len());
    // The reader works: a dependency known to exist is found.
    let edges = graph.edges();
    let sync = module_path("controller::daemonset::sync");
    assert!(
        edges.get(&sync).is_some_and(|to| to.contains_key(&module_path("clock"))),
        "the daemonset sync should depend on the clock module"
    );

    let loops: Vec<Vec<String>> = strongly_connected(&edges)
        .into_iter()
        .map(|component| graph.describe_loop(&edges, &component))
        .filter(|(files, _)| !ALLOWED_LOOPS.iter().any(|allowed| same_loop(allowed, files)))
        .map(|(_, lines)| lines)
        .collect();
    assert!(
        loops.is_empty(),
        "import loops between the engine's modules:\n{}",
        loops.iter().map(|lines| lines.join("\n")).collect::<Vec<_>>().join("\n\n")
    );
}

#[test]
fn the_reader_follows_re_exports_and_skips_facades() {
    let text = "pub use child::Thing;\nuse crate::a::b::{c, d::{self, E as F}};\nfn f() { crate::x::y(); }";
    let stripped = strip(text);
    let mut imports = BTreeMap::new();
    let mut refs = Vec::new();
    read_paths(&stripped, &module_path("m"), &mut imports, &mut refs, &mut String::new());
    assert_eq!(imports["Thing"], module_path("m::child::Thing"));
    assert_eq!(imports["F"], module_path("a::b::d::E"));
    assert_eq!(imports["d"], module_path("a::b::d"));
    assert!(refs.contains(&(module_path("x::y"), false)));
    assert!(refs.contains(&(module_path("m::child::Thing"), true)));
}

fn module_path(text: &str) -> ModPath {
    text.split("::").map(str::to_string).collect()
}

fn same_loop(allowed: &[&str], files: &[String]) -> bool {
    let allowed: BTreeSet<&str> = allowed.iter().copied().collect();
    let found: BTreeSet<&str> = files.iter().map(String::as_str).collect();
    allowed == found
}

struct Graph {
    modules: BTreeMap<ModPath, Module>,
}

impl Graph {
    fn read(src: PathBuf) -> Graph {
        let mut graph = Graph { modules: BTreeMap::new() };
        graph.read_module(&src, &src.join("lib.rs"), Vec::new());
        graph
    }

    fn read_module(&mut self, src: &Path, file: &Path, path: ModPath) {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let text = strip(&text);
        let mut imports = BTreeMap::new();
        let mut refs = Vec::new();
        let mut code = String::new();
        read_paths(&text, &path, &mut imports, &mut refs, &mut code);
        let children = child_modules(&text, file);
        // A child module named in code (`child::f()`) without a `use`.
        for (name, _) in &children {
            if find_word(&code, &format!("{name}::")).is_some() {
                let mut child = path.clone();
                child.push(name.clone());
                refs.push((child, false));
            }
        }
        let relative = file.strip_prefix(src).unwrap().to_string_lossy().into_owned();
        self.modules.insert(path.clone(), Module { file: relative, imports, refs });
        for (name, child_file) in children {
            let mut child = path.clone();
            child.push(name);
            self.read_module(src, &child_file, child);
        }
    }

    /// The module a path leads to: its longest prefix that is a module, followed
    /// through that module's imports when the rest names one of them.
    fn resolve(&self, path: &[String], depth: usize) -> Option<ModPath> {
        let prefix = (0..=path.len()).rev().find(|&n| self.modules.contains_key(&path[..n]))?;
        let module = &self.modules[&path[..prefix]];
        if depth < 16 {
            if let Some(target) = path.get(prefix).and_then(|name| module.imports.get(name)) {
                let mut next = target.clone();
                next.extend_from_slice(&path[prefix + 1..]);
                if next != path {
                    return self.resolve(&next, depth + 1);
                }
            }
        }
        Some(path[..prefix].to_vec())
    }

    /// For each module, the modules it depends on, each with the path that shows it.
    fn edges(&self) -> BTreeMap<ModPath, BTreeMap<ModPath, String>> {
        let mut edges: BTreeMap<ModPath, BTreeMap<ModPath, String>> = BTreeMap::new();
        for (from, module) in &self.modules {
            let entry = edges.entry(from.clone()).or_default();
            for (path, re_export) in &module.refs {
                let Some(to) = self.resolve(path, 0) else { continue };
                let facade = *re_export && to.starts_with(from);
                if to == *from || to.is_empty() || facade {
                    continue;
                }
                entry.entry(to).or_insert_with(|| path.join("::"));
            }
        }
        edges
    }

    /// The files of a loop and lines naming each step, shortest loop first.
    fn describe_loop(
        &self,
        edges: &BTreeMap<ModPath, BTreeMap<ModPath, String>>,
        component: &BTreeSet<ModPath>,
    ) -> (Vec<String>, Vec<String>) {
        let files: Vec<String> = component.iter().map(|m| self.modules[m].file.clone()).collect();
        let start = component.iter().next().unwrap();
        let cycle = shortest_cycle(edges, component, start);
        let mut lines = vec![format!("loop through {}:", files.join(", "))];
        for pair in cycle.windows(2) {
            lines.push(format!(
                "  {} uses {}  ({})",
                self.modules[&pair[0]].file,
                self.modules[&pair[1]].file,
                edges[&pair[0]][&pair[1]]
            ));
        }
        lines.push("  every dependency inside the loop:".to_string());
        for from in component {
            for (to, why) in edges[from].iter().filter(|(to, _)| component.contains(*to)) {
                lines.push(format!("    {} -> {}  ({why})", self.modules[from].file, self.modules[to].file));
            }
        }
        (files, lines)
    }
}

/// Breadth-first from `start` back to itself inside one component.
fn shortest_cycle(
    edges: &BTreeMap<ModPath, BTreeMap<ModPath, String>>,
    component: &BTreeSet<ModPath>,
    start: &ModPath,
) -> Vec<ModPath> {
    let mut previous: BTreeMap<ModPath, ModPath> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    while let Some(at) = queue.pop_front() {
        for next in edges[&at].keys().filter(|m| component.contains(*m)) {
            if next == start {
                let mut cycle = vec![start.clone(), at.clone()];
                let mut back = at.clone();
                while let Some(before) = previous.get(&back) {
                    cycle.push(before.clone());
                    back = before.clone();
                }
                cycle.reverse();
                cycle.rotate_right(1);
                cycle.push(start.clone());
                cycle.dedup();
                return cycle;
            }
            if !previous.contains_key(next) && next != start {
                previous.insert(next.clone(), at.clone());
                queue.push_back(next.clone());
            }
        }
    }
    vec![start.clone()]
}

/// Tarjan's strongly connected components with more than one module.
fn strongly_connected(edges: &BTreeMap<ModPath, BTreeMap<ModPath, String>>) -> Vec<BTreeSet<ModPath>> {
    struct State<'a> {
        edges: &'a BTreeMap<ModPath, BTreeMap<ModPath, String>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        on_stack: BTreeSet<&'a ModPath>,
        found: Vec<BTreeSet<ModPath>>,
    }
    fn visit<'a>(s: &mut State<'a>, node: &'a ModPath) {
        let n = s.index.len();
        s.index.insert(node, n);
        s.low.insert(node, n);
        s.stack.push(node);
        s.on_stack.insert(node);
        let edges = s.edges;
        for next in edges.get(node).into_iter().flat_map(|e| e.keys()) {
            if !s.index.contains_key(next) {
                visit(s, next);
                let low = s.low[node].min(s.low[next]);
                s.low.insert(node, low);
            } else if s.on_stack.contains(next) {
                let low = s.low[node].min(s.index[next]);
                s.low.insert(node, low);
            }
        }
        if s.low[node] == s.index[node] {
            let mut component = BTreeSet::new();
            while let Some(top) = s.stack.pop() {
                s.on_stack.remove(top);
                component.insert(top.clone());
                if top == node {
                    break;
                }
            }
            if component.len() > 1 {
                s.found.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !state.index.contains_key(node) {
            visit(&mut state, node);
        }
    }
    state.found
}

/// The text without comments, string and char literals, and test-only items.
fn strip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('#') || next == Some('"')) && !ident_char(chars.get(i.wrapping_sub(1))) {
            // A raw string: r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            'raw: while j < chars.len() {
                if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break 'raw;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && is_char_literal(&chars, i) {
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    strip_test_items(&out)
}

fn ident_char(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// A quote opens a char literal (not a lifetime) when it closes within a few chars.
fn is_char_literal(chars: &[char], i: usize) -> bool {
    match chars.get(i + 1) {
        Some('\\') => true,
        Some(_) => chars.get(i + 2) == Some(&'\''),
        None => false,
    }
}

/// Removes each item marked `#[cfg(test)]`: up to its `;` or its closing brace.
fn strip_test_items(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        let mut depth = 0usize;
        let mut end = item.len();
        for (k, c) in item.char_indices().skip("#[cfg(test)]".len()) {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                _ => {}
            }
        }
        // Keep the declaration of a test-only child module visible as such.
        if item[..end].contains("mod ") && item[..end].ends_with(';') {
            out.push_str(&item[..end].replace("#[cfg(test)]", "#[cfg(test_only)]"));
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// The child modules a file declares with `mod name;`, each with its file.
fn child_modules(text: &str, file: &Path) -> Vec<(String, PathBuf)> {
    let dir = file.parent().unwrap();
    let stem = file.file_stem().unwrap().to_string_lossy();
    let own_dir = if stem == "mod" || stem == "lib" { dir.to_path_buf() } else { dir.join(&*stem) };
    let mut children = Vec::new();
    let mut attributes = String::new();
    for statement in text.split_inclusive([';', '{', '}']) {
        let statement = statement.trim();
        let words: Vec<&str> = statement.split_whitespace().collect();
        let Some(mod_at) = words.iter().position(|w| *w == "mod") else {
            attributes.clear();
            continue;
        };
        let Some(name) = words.get(mod_at + 1).and_then(|w| w.strip_suffix(';')) else { continue };
        let head = words[..mod_at].join(" ");
        if head.contains("cfg(test_only)") {
            continue;
        }
        let child = match head.split("#[path = \"").nth(1) {
            // Literals were blanked; read the path back from the original file.
            Some(_) => path_attribute(file, name).map(|p| dir.join(p)),
            None => None,
        }
        .unwrap_or_else(|| {
            let flat = own_dir.join(format!("{name}.rs"));
            if flat.exists() { flat } else { own_dir.join(name).join("mod.rs") }
        });
        children.push((name.to_string(), child));
    }
    children
}

/// The `#[path = "…"]` given to `mod name;` in a file.
fn path_attribute(file: &Path, name: &str) -> Option<String> {
    let text = fs::read_to_string(file).ok()?;
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.trim().ends_with(&format!("mod {name};")))?;
    let attribute = lines[..at].iter().rev().take(3).find(|l| l.trim().starts_with("#[path"))?;
    Some(attribute.split('"').nth(1)?.to_string())
}

/// Reads `use` trees and paths in code, relative to the module at `here`.
fn read_paths(
    text: &str,
    here: &ModPath,
    imports: &mut BTreeMap<String, ModPath>,
    refs: &mut Vec<(ModPath, bool)>,
    code_out: &mut String,
) {
    let mut code = String::new();
    let mut rest = text;
    while let Some(at) = find_word(rest, "use") {
        code.push_str(&rest[..at]);
        let before = rest[..at].trim_end();
        let re_export = before.ends_with("pub") || before.ends_with(')') && before.contains("pub(");
        let after = &rest[at + 3..];
        let end = after.find(';').unwrap_or(after.len());
        let tree = compact(&after[..end]);
        let mut leaves = Vec::new();
        use_tree(&tree, Vec::new(), &mut leaves);
        for (path, name) in leaves {
            let Some(absolute) = absolute(here, &path) else { continue };
            if let Some(name) = name {
                imports.insert(name, absolute.clone());
            }
            refs.push((absolute, re_export));
        }
        rest = &after[(end + 1).min(after.len())..];
    }
    code.push_str(rest);
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(start) {
            let at = from + found;
            from = at + start.len();
            if ident_char(code[..at].chars().last().as_ref()) || code[..at].ends_with("::") {
                continue;
            }
            let path: Vec<String> = code[at..]
                .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .next()
                .unwrap()
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            if let Some(absolute) = absolute(here, &path) {
                refs.push((absolute, false));
            }
        }
    }
    *code_out = code;
}

fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text[from..].find(word) {
        let at = from + found;
        let before_ok = !ident_char(text[..at].chars().last().as_ref());
        let after_ok = word.ends_with(':') || text[at + word.len()..].starts_with(char::is_whitespace);
        if before_ok && after_ok {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// A use tree with spaces only around `as`.
fn compact(tree: &str) -> String {
    let words: Vec<&str> = tree.split_whitespace().collect();
    let mut out = String::new();
    for (k, word) in words.iter().enumerate() {
        if *word == "as" || words.get(k.wrapping_sub(1)) == Some(&"as") {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The leaves of a compacted use tree: each full path, with the name it
/// brings into scope (none for a glob).
fn use_tree(tree: &str, prefix: Vec<String>, leaves: &mut Vec<(Vec<String>, Option<String>)>) {
    if let Some(open) = tree.find('{') {
        let head = &tree[..open];
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut base = prefix;
        base.extend(head.split("::").filter(|s| !s.is_empty()).map(str::to_string));
        let mut depth = 0;
        let mut start = 0;
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    use_tree(&inner[start..k], base.clone(), leaves);
                    start = k + 1;
                }
                _ => {}
            }
        }
        if start < inner.len() {
            use_tree(&inner[start..], base, leaves);
        }
        return;
    }
    let (path, rename) = match tree.split_once(" as ") {
        Some((p, r)) => (p, Some(r.to_string())),
        None => (tree, None),
    };
    let mut full = prefix;
    full.extend(path.split("::").filter(|s| !s.is_empty()).map(str::to_string));
    if full.last().is_some_and(|s| s == "self") {
        full.pop();
    }
    if full.last().is_some_and(|s| s == "*") {
        full.pop();
        leaves.push((full, None));
        return;
    }
    let name = rename.or_else(|| full.last().cloned());
    leaves.push((full, name));
}

/// The absolute module path of a path written in the module `here`.
fn absolute(here: &ModPath, path: &[String]) -> Option<ModPath> {
    let mut segments = path.iter().peekable();
    let mut base = match segments.peek().map(|s| s.as_str()) {
        Some("crate") => {
            segments.next();
            Vec::new()
        }
        Some("super") | Some("self") => here.clone(),
        // `use child::X` (a name in scope); a path into another crate resolves
        // to `here` itself and makes no edge.
        Some(_) => here.clone(),
        None => return None,
    };
    while let Some(s) = segments.peek() {
        match s.as_str() {
            "super" => {
                base.pop();
            }
            "self" => {}
            _ => break,
        }
        segments.next();
    }
    base.extend(segments.cloned());
    Some(base)
}
