//! serde_yaml's errors as the playground says them: at their line and column in the
//! file, with the character a reader error is about, and why an expansion guard tripped.

use super::ParseError;

/// A YAML error in the document `text`, which starts `line_offset` lines into the file.
pub(super) fn syntax_error(document: usize, error: &serde_yaml::Error, text: &str, line_offset: usize) -> ParseError {
    let mut message = error.to_string();
    if let Some((reader_error, offset)) = reader_error_offset(&message) {
        return reader_error_at(document, reader_error, offset, text, line_offset);
    }
    let (line, column) = match error.location() {
        Some(at) => {
            // serde_yaml appends the position that we carry in fields of our own.
            let suffix = format!(" at line {} column {}", at.line(), at.column());
            message = message.replacen(&suffix, "", 1);
            (Some(at.line().saturating_add(line_offset)), Some(at.column()))
        }
        None => (None, None),
    };
    // serde_yaml's guards against a document that expands without end say no place.
    if message.starts_with("repetition limit exceeded") {
        message.push_str(": its aliases (*name) repeat anchored values (&name) more than a document may");
    } else if message.starts_with("recursion limit exceeded") {
        message.push_str(": its values nest deeper than a document may");
    }
    ParseError { document, line, column, path: None, message, problem: None }
}

/// libyaml's reader errors (a control character, bytes that are not UTF-8) name a byte
/// offset in the text, `... at position 88`, and no line.
fn reader_error_offset(message: &str) -> Option<(&str, usize)> {
    let (words, offset) = message.rsplit_once(" at position ")?;
    Some((words, offset.trim().parse().ok()?))
}

/// A reader error at its line and column, naming the character it is about
/// (`control characters are not allowed (U+0007)`), which an editor does not show.
fn reader_error_at(document: usize, words: &str, offset: usize, text: &str, line_offset: usize) -> ParseError {
    let before = text.get(..offset);
    let line = before.map(|text| text.matches('\n').count() + 1 + line_offset);
    let column = before.map(|text| text.rsplit('\n').next().unwrap_or_default().chars().count() + 1);
    let character = text.get(offset..).and_then(|rest| rest.chars().next());
    let message = match character {
        Some(c) if c.is_control() => format!("{words} (U+{:04X})", u32::from(c)),
        _ => words.to_owned(),
    };
    ParseError { document, line, column, path: None, message, problem: None }
}
