//! Every Chinese string follows docs/terminology-zh.md: no string table (the Rust
//! sources under src/i18n/) and no gallery entry uses a variant that the table rules
//! out. The variants are read from the table itself, so ruling out a new one is an
//! edit of the document only. Native only: it reads files.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn is_ideograph(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c)
}

fn has_chinese(text: &str) -> bool {
    text.chars().any(is_ideograph)
}

/// One ruled-out variant: `text`, not preceded by any of `not_after` and not followed
/// by any of `not_before` (the table's `[^…]` at either end).
#[derive(Debug, Clone, PartialEq)]
struct Variant {
    spec: String,
    text: String,
    not_after: Vec<char>,
    not_before: Vec<char>,
}

impl Variant {
    fn parse(spec: &str) -> Variant {
        let mut text = spec;
        let mut not_after = Vec::new();
        let mut not_before = Vec::new();
        if let Some(rest) = text.strip_prefix("[^") {
            let (set, rest) = rest.split_once(']').unwrap_or_else(|| panic!("unclosed [^ in `{spec}`"));
            not_after = set.chars().collect();
            text = rest;
        }
        if let Some(at) = text.rfind("[^").filter(|_| text.ends_with(']')) {
            not_before = text[at + 2..text.len() - 1].chars().collect();
            text = &text[..at];
        }
        assert!(!text.is_empty(), "empty variant `{spec}`");
        Variant { spec: spec.to_owned(), text: text.to_owned(), not_after, not_before }
    }

    /// An English word used as a Chinese word, matched by the rules for English.
    fn is_english(&self) -> bool {
        self.text.is_ascii()
    }

    /// Where the variant occurs in `text`, as the document's rules say.
    fn occurs_in(&self, text: &str) -> bool {
        if self.is_english() {
            let prose = prose_only(text);
            let found = occurrences(&prose, &self.text).any(|(before, after)| english_word_in_chinese(before, after));
            found
        } else {
            let joined = unfold(text);
            let guarded = |(before, after): (&str, &str)| {
                let prev = before.chars().next_back();
                let next = after.chars().next();
                !prev.is_some_and(|c| self.not_after.contains(&c)) && !next.is_some_and(|c| self.not_before.contains(&c))
            };
            let found = occurrences(&joined, &self.text).any(guarded);
            found
        }
    }
}

/// Each occurrence of `needle` in `haystack`, as the text before and after it.
fn occurrences<'a>(haystack: &'a str, needle: &'a str) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
    haystack.match_indices(needle).map(move |(at, _)| (&haystack[..at], &haystack[at + needle.len()..]))
}

/// A whole English word with a Chinese character right beside it, spaces aside.
fn english_word_in_chinese(before: &str, after: &str) -> bool {
    let word_char = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if before.chars().next_back().is_some_and(word_char) || after.chars().next().is_some_and(word_char) {
        return false;
    }
    let prev = before.trim_end_matches(' ').chars().next_back();
    let next = after.trim_start_matches(' ').chars().next();
    prev.is_some_and(is_ideograph) || next.is_some_and(is_ideograph)
}

/// The text without what may hold English on purpose: `code`, brackets (the gloss of a
/// term, or a status), quotes (the API's own words) and `{placeholders}`.
fn prose_only(text: &str) -> String {
    let pairs = [('`', '`'), ('（', '）'), ('(', ')'), ('“', '”'), ('"', '"'), ('{', '}')];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'outer: while let Some(c) = rest.chars().next() {
        for (open, close) in pairs {
            if c == open {
                if let Some(end) = rest[open.len_utf8()..].find(close) {
                    out.push(' ');
                    rest = &rest[open.len_utf8() + end + close.len_utf8()..];
                    continue 'outer;
                }
            }
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// A folded line break between two Chinese characters is no space on the page (build.rs
/// unfolds the gallery's explanations the same way).
fn unfold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            let after = rest.trim_start();
            let run = &rest[..rest.len() - after.len()];
            let wide = |c: Option<char>| c.is_some_and(|c| !c.is_ascii());
            if !(wide(out.chars().next_back()) && wide(after.chars().next())) {
                out.push_str(run);
            }
            rest = after;
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The ruled-out variants of every table in `doc`: the backticked items of the column
/// headed "ruled out".
fn ruled_out(doc: &str) -> Vec<Variant> {
    let mut variants = Vec::new();
    let mut column = None;
    for line in doc.lines() {
        let line = line.trim();
        if !line.starts_with('|') {
            column = None;
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if column.is_none() {
            column = Some(cells.iter().position(|cell| cell.eq_ignore_ascii_case("ruled out")));
            continue;
        }
        let Some(Some(index)) = column else { continue };
        let Some(cell) = cells.get(index) else { continue };
        variants.extend(cell.split('`').skip(1).step_by(2).filter(|item| !item.is_empty()).map(Variant::parse));
    }
    variants
}

/// The string literals of a Rust source that hold Chinese, unescaped. Comments and
/// char literals are skipped, so a quote in them does not open a string.
fn chinese_literals(source: &str) -> Vec<String> {
    let chars: Vec<char> = source.chars().collect();
    let mut literals = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
            }
            // A char literal ('"', '\n'); a lifetime ('static) has no closing quote.
            '\'' if chars.get(i + 1) == Some(&'\\') => {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            '\'' if chars.get(i + 2) == Some(&'\'') => i += 3,
            '"' => {
                let mut literal = String::new();
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                        match chars.get(i) {
                            Some('n') => literal.push('\n'),
                            Some('t') => literal.push('\t'),
                            // A line continuation: the break and the next line's indent go.
                            Some('\n') => {
                                while chars.get(i + 1).is_some_and(|c| c.is_whitespace()) {
                                    i += 1;
                                }
                            }
                            Some(&c) => literal.push(c),
                            None => {}
                        }
                    } else {
                        literal.push(chars[i]);
                    }
                    i += 1;
                }
                i += 1;
                if has_chinese(&literal) {
                    literals.push(literal);
                }
            }
            _ => i += 1,
        }
    }
    literals
}

fn rust_sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_sources(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// Every Chinese text the page can show, each with where it comes from.
fn chinese_texts() -> Vec<(String, String)> {
    let root = root();
    let mut texts = Vec::new();
    let mut sources = Vec::new();
    rust_sources(&root.join("crates/web/src/i18n"), &mut sources);
    sources.sort();
    for path in &sources {
        let source = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.strip_prefix(&root).unwrap_or(path).display().to_string();
        texts.extend(chinese_literals(&source).into_iter().map(|literal| (name.clone(), literal)));
    }

    let index = fs::read_to_string(root.join("gallery/index.yaml")).expect("gallery/index.yaml");
    let index: serde_yaml::Value = serde_yaml::from_str(&index).expect("the gallery index parses");
    let entries = index["entries"].as_sequence().expect("gallery entries");
    for entry in entries {
        let file = entry["file"].as_str().unwrap_or_default();
        for field in ["title", "explanation"] {
            if let Some(zh) = entry[field]["zh"].as_str() {
                texts.push((format!("gallery/index.yaml {file} {field}"), zh.to_owned()));
            }
        }
    }
    // The stories, and the exercises' statements and hints.
    let mut stories: Vec<PathBuf> = ["gallery", "gallery/exercises"]
        .iter()
        .flat_map(|dir| fs::read_dir(root.join(dir)).unwrap_or_else(|e| panic!("{dir}/: {e}")).flatten().map(|e| e.path()))
        .collect();
    stories.sort();
    for path in stories.iter().filter(|p| p.extension().is_some_and(|e| e == "yaml") && !p.ends_with("index.yaml")) {
        let text = fs::read_to_string(path).unwrap_or_default();
        let name = path.strip_prefix(&root).unwrap_or(path).display().to_string();
        texts.extend(text.lines().filter(|line| has_chinese(line)).map(|line| (name.clone(), line.to_owned())));
    }
    texts
}

fn findings<'a>(texts: &'a [(String, String)], variants: &'a [Variant]) -> Vec<String> {
    let mut found = Vec::new();
    for (place, text) in texts {
        for variant in variants.iter().filter(|variant| variant.occurs_in(text)) {
            found.push(format!("{place}: `{}` in {text:?}", variant.spec));
        }
    }
    found
}

/// ASCII punctuation right after a Chinese character, outside code: Chinese text takes
/// the full-width forms.
fn half_width_punctuation(text: &str) -> bool {
    let text = unfold(text);
    let outside_code: String = text.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let chars: Vec<char> = outside_code.chars().collect();
    chars.windows(2).any(|pair| is_ideograph(pair[0]) && matches!(pair[1], ',' | ';' | ':' | '!' | '?' | '(' | ')'))
}

fn terminology() -> Vec<Variant> {
    let doc = fs::read_to_string(root().join("docs/terminology-zh.md")).expect("docs/terminology-zh.md");
    ruled_out(&doc)
}

#[test]
fn the_table_rules_out_the_variants_the_review_found() {
    let variants = terminology();
    let specs: Vec<&str> = variants.iter().map(|variant| variant.spec.as_str()).collect();
    for expected in ["守护进程 Pod", "排空", "cordon", "drain", "选择器", "selector", "API Server", "命名空间", "污点管理器", "载入", "时间轴", "过滤器", "[^订]版本", "的容忍[^度]", "misscheduled", "init 容器", "就绪门控", "供应器"] {
        assert!(specs.contains(&expected), "the table rules out `{expected}`: {specs:?}");
    }
    let revision = Variant::parse("[^订]版本");
    assert_eq!((revision.text.as_str(), revision.not_after.as_slice()), ("版本", &['订'][..]));
    let noun = Variant::parse("的容忍[^度]");
    assert_eq!((noun.text.as_str(), noun.not_before.as_slice()), ("的容忍", &['度'][..]));
}

#[test]
fn the_checks_find_the_variants_in_a_bad_sample_and_nothing_in_a_good_one() {
    let variants = terminology();
    let bad = chinese_literals(concat!(
        "// a comment with \"守护进程 Pod\" is no string\n",
        "static A: &str = \"删除守护进程 Pod 后，节点仍处于 cordon 状态，会被 API Server 拒绝\";\n",
        "let b = |t| format!(\"模板中的容忍 {t} 写了选择器，\\\n        在时间轴上载入版本 {t}\");\n",
        "let c = 'x'; let d: &'static str = \"计入 current，但不计入 ready\";\n",
    ));
    let bad: Vec<(String, String)> = bad.into_iter().map(|text| ("sample".to_owned(), text)).collect();
    let found = findings(&bad, &variants).join("\n");
    for expected in ["`守护进程 Pod`", "`cordon`", "`API Server`", "`的容忍[^度]`", "`选择器`", "`时间轴`", "`载入`", "`[^订]版本`", "`current`", "`ready`"] {
        assert!(found.contains(expected), "{expected} not found in:\n{found}");
    }
    assert!(!found.contains("comment"), "comments are not strings:\n{found}");
    // Folded over two lines of a YAML explanation, a term is still one word.
    let folded = [("sample".to_owned(), "该节点不再满足选择\n      器的条件".to_owned())];
    assert_eq!(findings(&folded, &variants).len(), 1);

    let good = [
        "已被模板中的容忍度 `key:NoExecute` 容忍；Pod 不容忍的污点",
        "封锁（cordon）并腾空（drain）节点：`kubectl drain node-01`",
        "kubectl get、describe、cordon、taint 等",
        "修订版本 2；报错“field is immutable”；Ready=Unknown",
        "期望数、当前数和就绪数都回到 2",
    ];
    let good: Vec<(String, String)> = good.iter().map(|text| ("sample".to_owned(), (*text).to_owned())).collect();
    assert_eq!(findings(&good, &variants), Vec::<String>::new());

    assert!(half_width_punctuation("节点池 (40)") || half_width_punctuation("场景库(40)"));
    assert!(!half_width_punctuation("场景库（40）；`a:b` 与 key=value:NoSchedule"));
}

#[test]
fn chinese_strings_and_gallery_entries_use_only_the_tables_terms() {
    let texts = chinese_texts();
    let gallery = texts.iter().filter(|(place, _)| place.starts_with("gallery/index.yaml")).count();
    assert!(gallery >= 80, "every gallery entry's Chinese title and explanation is read ({gallery})");
    assert!(texts.iter().any(|(place, _)| place.ends_with("narration.rs")), "the narration is read");
    assert!(texts.iter().any(|(place, _)| place.ends_with("panels/zh_hans.rs")), "the panels are read");
    let found = findings(&texts, &terminology());
    assert!(found.is_empty(), "terms that docs/terminology-zh.md rules out:\n{}", found.join("\n"));
}

#[test]
fn chinese_text_uses_full_width_punctuation() {
    let texts = chinese_texts();
    let found: Vec<String> = texts
        .iter()
        .filter(|(_, text)| half_width_punctuation(text))
        .map(|(place, text)| format!("{place}: {text:?}"))
        .collect();
    assert!(found.is_empty(), "half-width punctuation after Chinese text:\n{}", found.join("\n"));
}
