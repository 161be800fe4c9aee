//! YAML text as kubectl writes it: `sigs.k8s.io/yaml` (JSON -> go-yaml v2), so keys
//! sorted, sequences flush with their parent key, and go-yaml's scalar styles: plain
//! where the text reads back as the same string, `"double quotes"` where it would read
//! as a number, bool, null or timestamp, `'single quotes'` where plain is not allowed,
//! and `|` blocks for multi-line text. Long lines are not folded.

use serde_json::Value;

pub fn to_yaml(value: &Value) -> String {
    let mut out = String::new();
    match value {
        Value::Object(map) if !map.is_empty() => write_map(&mut out, map, 0),
        Value::Array(items) if !items.is_empty() => write_seq(&mut out, items, 0),
        other => {
            out.push_str(&scalar(other, 0));
            out.push('\n');
        }
    }
    out
}

fn pad(n: usize) -> String {
    " ".repeat(n)
}

fn write_map(out: &mut String, map: &serde_json::Map<String, Value>, indent: usize) {
    let mut first = true;
    for (key, value) in map {
        // The first key of a map inside a sequence item follows the "- " directly.
        if !first || !out.ends_with("- ") {
            out.push_str(&pad(indent));
        }
        first = false;
        out.push_str(&string_scalar(key, indent));
        out.push(':');
        write_value_after_key(out, value, indent);
    }
}

fn write_value_after_key(out: &mut String, value: &Value, indent: usize) {
    match value {
        Value::Object(map) if !map.is_empty() => {
            out.push('\n');
            write_map(out, map, indent + 2);
        }
        Value::Array(items) if !items.is_empty() => {
            out.push('\n');
            write_seq(out, items, indent);
        }
        other => {
            out.push(' ');
            out.push_str(&scalar(other, indent + 2));
            out.push('\n');
        }
    }
}

fn write_seq(out: &mut String, items: &[Value], indent: usize) {
    for item in items {
        out.push_str(&pad(indent));
        out.push_str("- ");
        match item {
            Value::Object(map) if !map.is_empty() => write_map(out, map, indent + 2),
            Value::Array(inner) if !inner.is_empty() => {
                out.push('\n');
                write_seq(out, inner, indent + 2);
            }
            other => {
                out.push_str(&scalar(other, indent + 2));
                out.push('\n');
            }
        }
    }
}

fn scalar(value: &Value, indent: usize) -> String {
    match value {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => string_scalar(s, indent),
        Value::Array(_) => "[]".to_string(),
        Value::Object(_) => "{}".to_string(),
    }
}

/// go-yaml's choice of style for a string; `indent` is where a literal block's lines start.
fn string_scalar(s: &str, indent: usize) -> String {
    if s.contains('\n') && !has_special_characters(s) {
        return literal_block(s, indent);
    }
    if resolves_to_non_string(s) {
        return double_quoted(s);
    }
    if has_special_characters(s) {
        return double_quoted(s);
    }
    if plain_allowed(s) {
        return s.to_string();
    }
    if s.contains('\n') {
        return double_quoted(s);
    }
    format!("'{}'", s.replace('\'', "''"))
}

fn literal_block(s: &str, indent: usize) -> String {
    let chomp = if !s.ends_with('\n') {
        "-"
    } else if s.ends_with("\n\n") {
        "+"
    } else {
        ""
    };
    let indicator = if s.starts_with(' ') { "2" } else { "" };
    let mut out = format!("|{indicator}{chomp}");
    let body = s.strip_suffix('\n').unwrap_or(s);
    for line in body.split('\n') {
        out.push('\n');
        if !line.is_empty() {
            out.push_str(&pad(indent));
            out.push_str(line);
        }
    }
    out
}

fn double_quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Characters libyaml will not print in a plain or single-quoted scalar.
fn has_special_characters(s: &str) -> bool {
    s.chars().any(|c| c != '\n' && ((c as u32) < 0x20 || c as u32 == 0x7f || c == '\u{feff}'))
}

/// go-yaml `resolve`: text that reads back as null, a bool, a number or a timestamp.
fn resolves_to_non_string(s: &str) -> bool {
    const NULLS: [&str; 5] = ["", "~", "null", "Null", "NULL"];
    const BOOLS: [&str; 22] = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF",
    ];
    const SPECIAL_FLOATS: [&str; 12] =
        [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN"];
    if NULLS.contains(&s) || BOOLS.contains(&s) || SPECIAL_FLOATS.contains(&s) {
        return true;
    }
    let starts_numeric = s.starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-' || c == '.');
    starts_numeric && (is_go_int(s) || is_go_float(s) || is_timestamp(s) || is_base60_float(s))
}

/// `strconv.ParseInt(s, 0, 64)` syntax: sign, then decimal, `0x`, `0o`, `0b` or leading-0
/// octal digits, underscores between digits.
fn is_go_int(s: &str) -> bool {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (digits, radix) = if let Some(rest) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        (rest, 16)
    } else if let Some(rest) = body.strip_prefix("0o").or_else(|| body.strip_prefix("0O")) {
        (rest, 8)
    } else if let Some(rest) = body.strip_prefix("0b").or_else(|| body.strip_prefix("0B")) {
        (rest, 2)
    } else if body.len() > 1 && body.starts_with('0') {
        (&body[1..], 8)
    } else {
        (body, 10)
    };
    let clean = digits.replace('_', "");
    !clean.is_empty() && !digits.starts_with('_') && !digits.ends_with('_') && clean.chars().all(|c| c.is_digit(radix))
}

/// `strconv.ParseFloat` syntax for decimal floats.
fn is_go_float(s: &str) -> bool {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let mut parts = mantissa.splitn(2, '.');
    let whole = parts.next().unwrap_or("");
    let frac = parts.next().unwrap_or("");
    let digits_ok = |d: &str| d.chars().all(|c| c.is_ascii_digit() || c == '_');
    if whole.is_empty() && frac.is_empty() || !digits_ok(whole) || !digits_ok(frac) {
        return false;
    }
    match exponent {
        None => true,
        Some(e) => {
            let e = e.strip_prefix(['+', '-']).unwrap_or(e);
            !e.is_empty() && e.chars().all(|c| c.is_ascii_digit())
        }
    }
}

/// go-yaml timestamps: `2006-1-2`, optionally followed by `T`/`t`/space and a time.
fn is_timestamp(s: &str) -> bool {
    let date_end = s.find(['T', 't', ' ']).unwrap_or(s.len());
    let date: Vec<&str> = s[..date_end].split('-').collect();
    let date_ok = date.len() == 3
        && date[0].len() == 4
        && date.iter().all(|p| !p.is_empty() && p.len() <= 4 && p.chars().all(|c| c.is_ascii_digit()));
    if !date_ok {
        return false;
    }
    if date_end == s.len() {
        return true;
    }
    let time = &s[date_end + 1..];
    let clock_end = time.find(|c: char| !(c.is_ascii_digit() || c == ':' || c == '.')).unwrap_or(time.len());
    let clock: Vec<&str> = time[..clock_end].split(':').collect();
    let zone = &time[clock_end..];
    clock.len() == 3 && clock[0].chars().all(|c| c.is_ascii_digit()) && (zone.is_empty() || zone == "Z" || zone.starts_with(['+', '-']))
}

fn is_base60_float(s: &str) -> bool {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let mut parts = body.split(':');
    let head = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    !rest.is_empty()
        && head.starts_with(|c: char| c.is_ascii_digit())
        && head.chars().all(|c| c.is_ascii_digit() || c == '_')
        && rest.iter().enumerate().all(|(i, p)| {
            let p = if i + 1 == rest.len() { p.split('.').next().unwrap_or("") } else { p };
            !p.is_empty() && p.len() <= 2 && p.chars().all(|c| c.is_ascii_digit()) && p.parse::<u32>().is_ok_and(|v| v < 60)
        })
}

/// libyaml's `block_plain_allowed` for a single-line scalar.
fn plain_allowed(s: &str) -> bool {
    if s.is_empty() || s.starts_with(' ') || s.ends_with(' ') || s.contains('\n') {
        return false;
    }
    if s.starts_with("---") || s.starts_with("...") {
        return false;
    }
    let bytes = s.as_bytes();
    let followed_by_blank = |i: usize| bytes.get(i + 1).is_none_or(|b| *b == b' ');
    match bytes[0] {
        b'#' | b',' | b'[' | b']' | b'{' | b'}' | b'&' | b'*' | b'!' | b'|' | b'>' | b'\'' | b'"' | b'%' | b'@'
        | b'`' => return false,
        b'?' | b':' | b'-' if followed_by_blank(0) => return false,
        _ => {}
    }
    for (i, b) in bytes.iter().enumerate() {
        if *b == b':' && followed_by_blank(i) {
            return false;
        }
        if *b == b'#' && i > 0 && bytes[i - 1] == b' ' {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn documents_print_like_kubectl() {
        let doc = json!({
            "kind": "Pod",
            "apiVersion": "v1",
            "metadata": {
                "name": "agent-x7k2p",
                "creationTimestamp": "2026-01-01T00:00:00Z",
                "annotations": {"deprecated.daemonset.template.generation": "1", "note": "a: b", "empty": ""},
                "labels": {}
            },
            "spec": {"containers": [{"name": "agent", "image": "nginx:1.25", "ports": [{"containerPort": 80}],
                     "args": ["--v=2", "- x", "#tag", "true"]}],
                     "tolerations": []},
            "status": {"message": "line one\nline two\n"}
        });
        assert_eq!(
            to_yaml(&doc),
            "apiVersion: v1\n\
             kind: Pod\n\
             metadata:\n  \
               annotations:\n    \
                 deprecated.daemonset.template.generation: \"1\"\n    \
                 empty: \"\"\n    \
                 note: 'a: b'\n  \
               creationTimestamp: \"2026-01-01T00:00:00Z\"\n  \
               labels: {}\n  \
               name: agent-x7k2p\n\
             spec:\n  \
               containers:\n  \
               - args:\n    \
                 - --v=2\n    \
                 - '- x'\n    \
                 - '#tag'\n    \
                 - \"true\"\n    \
                 image: nginx:1.25\n    \
                 name: agent\n    \
                 ports:\n    \
                 - containerPort: 80\n  \
               tolerations: []\n\
             status:\n  \
               message: |\n    \
                 line one\n    \
                 line two\n"
        );
    }

    #[test]
    fn numbers_and_versions_are_told_apart() {
        assert!(resolves_to_non_string("110"));
        assert!(resolves_to_non_string("1.5"));
        assert!(resolves_to_non_string("0x1F"));
        assert!(resolves_to_non_string("1:30"));
        assert!(!resolves_to_non_string("10.0.0.1"));
        assert!(!resolves_to_non_string("v1.36.0"));
        assert!(!resolves_to_non_string("100m"));
        assert!(!resolves_to_non_string("64Mi"));
    }
}
