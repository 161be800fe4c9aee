//! `kubectl get -o jsonpath=TEMPLATE` (client-go's `util/jsonpath`), the part of it a
//! trainer types: literal text (also quoted, `{"\t"}`), `{.field.path}` with `[n]` and
//! `[*]`, and `{range .items[*]}...{end}`. Several results print joined by spaces; a string prints
//! as itself, anything else as JSON. A field that is not there yields nothing, as kubectl's
//! `--allow-missing-template-keys` (true unless turned off) has it.

use serde_json::Value;

#[derive(Debug, PartialEq)]
enum Segment {
    Text(String),
    Path(Vec<Step>),
    Range(Vec<Step>, Vec<Segment>),
}

#[derive(Clone, Debug, PartialEq)]
enum Step {
    Field(String),
    Index(i64),
    All,
}

/// Fills `template` from `value`; the error is kubectl's (`error: ...`).
pub fn render(template: &str, value: &Value) -> Result<String, String> {
    let (segments, rest) = parse_segments(template, false).map_err(|e| format!("error: error parsing jsonpath {template}, {e}"))?;
    if !rest.is_empty() {
        return Err(format!("error: error parsing jsonpath {template}, not in range, nothing to end"));
    }
    let mut out = String::new();
    write_segments(&segments, value, &mut out).map_err(|e| format!("error: error executing jsonpath {template:?}: Error executing template: {e}"))?;
    Ok(out)
}

/// Segments up to the end of the template, or to `{end}` when `in_range`; with the
/// text after that `{end}`.
fn parse_segments(mut text: &str, in_range: bool) -> Result<(Vec<Segment>, &str), String> {
    let mut segments = Vec::new();
    loop {
        let Some(open) = text.find('{') else {
            if in_range {
                return Err("unclosed range".into());
            }
            if !text.is_empty() {
                segments.push(Segment::Text(text.to_owned()));
            }
            return Ok((segments, ""));
        };
        if open > 0 {
            segments.push(Segment::Text(text[..open].to_owned()));
        }
        let close = text[open..].find('}').map(|c| open + c).ok_or("unclosed action")?;
        let action = text[open + 1..close].trim();
        text = &text[close + 1..];
        if action == "end" {
            return if in_range { Ok((segments, text)) } else { Err("not in range, nothing to end".into()) };
        }
        let quoted = |q: char| action.strip_prefix(q).and_then(|a| a.strip_suffix(q));
        if let Some(literal) = quoted('"').or_else(|| quoted('\'')) {
            segments.push(Segment::Text(literal.to_owned()));
        } else if let Some(path) = action.strip_prefix("range ") {
            let (body, rest) = parse_segments(text, true)?;
            segments.push(Segment::Range(parse_path(path.trim())?, body));
            text = rest;
        } else {
            segments.push(Segment::Path(parse_path(action)?));
        }
    }
}

fn parse_path(path: &str) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut rest = path.strip_prefix('@').unwrap_or(path);
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('[') {
            let end = after.find(']').ok_or_else(|| format!("unterminated array in {path}"))?;
            let inner = &after[..end];
            steps.push(match inner {
                "*" => Step::All,
                number => Step::Index(number.parse().map_err(|_| format!("invalid array index {number}"))?),
            });
            rest = &after[end + 1..];
        } else if let Some(after) = rest.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            match &after[..end] {
                "" => {}
                "*" => steps.push(Step::All),
                field => steps.push(Step::Field(field.to_owned())),
            }
            rest = &after[end..];
        } else {
            return Err(format!("unrecognized character in action: {path}"));
        }
    }
    Ok(steps)
}

/// One field path, `{.spec.nodeName}` without its braces (a custom column's).
#[derive(Debug, PartialEq)]
pub(super) struct FieldPath(Vec<Step>);

impl FieldPath {
    pub(super) fn parse(path: &str) -> Result<Self, String> {
        parse_path(path).map(FieldPath)
    }

    /// The values the path reaches in `value`; none for a field that is not there.
    pub(super) fn find<'a>(&self, value: &'a Value) -> Result<Vec<&'a Value>, String> {
        evaluate(&self.0, value)
    }
}

/// The values `steps` reach from `value`.
fn evaluate<'a>(steps: &[Step], value: &'a Value) -> Result<Vec<&'a Value>, String> {
    let mut current = vec![value];
    for step in steps {
        let mut next = Vec::new();
        for value in current {
            match step {
                Step::Field(name) => next.extend(value.get(name)),
                Step::Index(index) => {
                    let items = value.as_array().ok_or_else(|| format!("{value} is not array or slice"))?;
                    let at = if *index < 0 { items.len() as i64 + index } else { *index };
                    let item = usize::try_from(at)
                        .ok()
                        .and_then(|i| items.get(i))
                        .ok_or_else(|| format!("array index out of bounds: index {at}, length {}", items.len()))?;
                    next.push(item);
                }
                Step::All => match value {
                    Value::Array(items) => next.extend(items),
                    Value::Object(map) => next.extend(map.values()),
                    _ => {}
                },
            }
        }
        current = next;
    }
    Ok(current)
}

fn write_segments(segments: &[Segment], value: &Value, out: &mut String) -> Result<(), String> {
    for segment in segments {
        match segment {
            Segment::Text(text) => out.push_str(&unescape(text)),
            Segment::Path(steps) => {
                let printed: Vec<String> = evaluate(steps, value)?.into_iter().map(printed).collect();
                out.push_str(&printed.join(" "));
            }
            Segment::Range(steps, body) => {
                for item in evaluate(steps, value)? {
                    write_segments(body, item, out)?;
                }
            }
        }
    }
    Ok(())
}

fn printed(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// `\n` and `\t` in a template's text, as kubectl's users write them.
fn unescape(text: &str) -> String {
    text.replace("\\n", "\n").replace("\\t", "\t")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths_indexes_wildcards_and_ranges() {
        let list = json!({"items": [
            {"metadata": {"name": "a"}, "spec": {"nodeName": "node-01"}, "status": {"numberReady": 3}},
            {"metadata": {"name": "b"}, "spec": {"nodeName": "node-02"}}
        ]});
        assert_eq!(render("{.items[*].metadata.name}", &list), Ok("a b".into()));
        assert_eq!(render("{.items[0].status.numberReady}", &list), Ok("3".into()));
        assert_eq!(render("{.items[-1].spec}", &list), Ok(r#"{"nodeName":"node-02"}"#.into()));
        assert_eq!(
            render(r#"{range .items[*]}{.metadata.name}{"\t"}{.spec.nodeName}{"\n"}{end}"#, &list),
            Ok("a\tnode-01\nb\tnode-02\n".into())
        );
        assert_eq!(render(r"{range .items[*]}{.metadata.name}:{.spec.nodeName}\n{end}", &list), Ok("a:node-01\nb:node-02\n".into()));
        assert_eq!(render("{.items[0].nope}", &list), Ok("".into()));
        assert!(render("{.items[5]}", &list).unwrap_err().ends_with("Error executing template: array index out of bounds: index 5, length 2"));
    }
}
