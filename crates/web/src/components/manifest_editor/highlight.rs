//! YAML colouring for the editor's overlay. Line by line and forgiving: it only
//! colours, the engine's parser is what judges the text.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Plain,
    Key,
    Comment,
    String,
    Number,
    Keyword,
    /// `---` between documents, and a sequence item's `-`.
    Punctuation,
}

impl Token {
    pub fn class(self) -> &'static str {
        match self {
            Token::Plain => "tok-plain",
            Token::Key => "tok-key",
            Token::Comment => "tok-comment",
            Token::String => "tok-string",
            Token::Number => "tok-number",
            Token::Keyword => "tok-keyword",
            Token::Punctuation => "tok-punct",
        }
    }
}

/// Every line of `text`, coloured. Lines are independent except inside a block scalar
/// (`description: |`): its indented lines are text, whatever colons they hold.
pub fn highlight_text(text: &str) -> Vec<Vec<(Token, &str)>> {
    // The column of the key whose value is the block scalar being read.
    let mut block_parent: Option<usize> = None;
    text.split('\n')
        .map(|line| {
            let indent = line.len() - line.trim_start().len();
            if let Some(parent) = block_parent {
                if line.trim().is_empty() || indent > parent {
                    let mut out = Vec::new();
                    push(&mut out, Token::Plain, &line[..indent]);
                    push(&mut out, Token::String, &line[indent..]);
                    return out;
                }
            }
            block_parent = opens_block_scalar(line);
            highlight_line(line)
        })
        .collect()
}

/// The key's column when `line` is `key: |` or `key: >-` (any block scalar header).
fn opens_block_scalar(line: &str) -> Option<usize> {
    let mut column = line.len() - line.trim_start().len();
    let mut rest = &line[column..];
    while let Some(after) = rest.strip_prefix("- ") {
        column += rest.len() - after.len();
        rest = after;
    }
    let (code, _) = split_comment(rest);
    let value = code[key_end(code)? + 1..].trim();
    let header = value.strip_prefix('|').or_else(|| value.strip_prefix('>'))?;
    header.chars().all(|c| c == '-' || c == '+' || c.is_ascii_digit()).then_some(column)
}

/// Splits one line into coloured pieces whose concatenation is the line.
pub fn highlight_line(line: &str) -> Vec<(Token, &str)> {
    let mut out = Vec::new();
    let indent = line.len() - line.trim_start().len();
    push(&mut out, Token::Plain, &line[..indent]);
    let mut rest = &line[indent..];
    if rest == "---" || rest == "..." {
        push(&mut out, Token::Punctuation, rest);
        return out;
    }
    // Sequence items: `- `, possibly nested (`- - a`).
    while let Some(after) = rest.strip_prefix("- ").or_else(|| if rest == "-" { Some("") } else { None }) {
        let dash_len = rest.len() - after.len();
        push(&mut out, Token::Punctuation, &rest[..dash_len]);
        rest = after;
    }
    let (code, comment) = split_comment(rest);
    match key_end(code) {
        Some(end) => {
            push(&mut out, Token::Key, &code[..end]);
            push(&mut out, Token::Punctuation, &code[end..end + 1]);
            value(&mut out, &code[end + 1..]);
        }
        None => value(&mut out, code),
    }
    push(&mut out, Token::Comment, comment);
    out
}

fn push<'a>(out: &mut Vec<(Token, &'a str)>, token: Token, text: &'a str) {
    if !text.is_empty() {
        out.push((token, text));
    }
}

/// A value after `key:` (or a bare scalar), with its leading spaces kept plain.
fn value<'a>(out: &mut Vec<(Token, &'a str)>, text: &'a str) {
    let trimmed = text.trim();
    let lead = text.len() - text.trim_start().len();
    push(out, Token::Plain, &text[..lead]);
    let token = if trimmed.starts_with('"') || trimmed.starts_with('\'') {
        Token::String
    } else if matches!(trimmed, "true" | "false" | "null" | "~" | "|" | ">" | "|-" | ">-") {
        Token::Keyword
    } else if !trimmed.is_empty() && trimmed.trim_end_matches(|c: char| c.is_ascii_alphabetic()).parse::<f64>().is_ok() {
        // Numbers and quantities such as `100m`, `64Mi`.
        Token::Number
    } else {
        Token::Plain
    };
    push(out, token, &text[lead..lead + trimmed.len()]);
    push(out, Token::Plain, &text[lead + trimmed.len()..]);
}

/// Where `# comment` starts: at the line start or after a space, outside quotes.
fn split_comment(text: &str) -> (&str, &str) {
    let mut quote: Option<char> = None;
    let mut previous = ' ';
    for (i, c) in text.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' && previous.is_whitespace() => return (&text[..i], &text[i..]),
            None => {}
        }
        previous = c;
    }
    (text, "")
}

/// The byte offset of the `:` ending a plain mapping key, if the line has one.
fn key_end(code: &str) -> Option<usize> {
    if code.starts_with(['"', '\'', '{', '[']) {
        return None;
    }
    code.char_indices()
        .find(|&(i, c)| c == ':' && code[i + 1..].chars().next().is_none_or(char::is_whitespace))
        .map(|(i, _)| i)
        .filter(|&i| i > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_scalar_lines_are_text_until_the_indentation_ends() {
        let text = "spec:\n  description: |\n    A collector (the default maxUnavailable: 1).\n\n    more: text\n  nodePools: []\n- name: x\n  note: >-\n    a: b\n";
        let lines = highlight_text(text);
        let tokens = |index: usize| lines[index].iter().map(|(token, _)| *token).collect::<Vec<_>>();
        assert_eq!(tokens(2), [Token::Plain, Token::String]);
        assert_eq!(tokens(4), [Token::Plain, Token::String], "a blank line does not end the block");
        assert_eq!(tokens(5)[1], Token::Key, "nodePools is a key again");
        assert_eq!(tokens(8), [Token::Plain, Token::String], "in a sequence item too");
        for (line, pieces) in text.split('\n').zip(&lines) {
            assert_eq!(pieces.iter().map(|(_, piece)| *piece).collect::<String>(), line);
        }
    }

    fn joined(line: &str) -> String {
        highlight_line(line).into_iter().map(|(_, text)| text).collect()
    }

    #[test]
    fn pieces_rebuild_the_line() {
        for line in ["", "---", "  - name: node  # pool", "    image: \"nginx:1.24\"", "- -", "a:b", "  cpu: 100m", "x: '#not a comment'"] {
            assert_eq!(joined(line), line);
        }
    }

    #[test]
    fn keys_values_and_comments() {
        assert_eq!(
            highlight_line("  count: 3 # nodes"),
            vec![
                (Token::Plain, "  "),
                (Token::Key, "count"),
                (Token::Punctuation, ":"),
                (Token::Plain, " "),
                (Token::Number, "3"),
                (Token::Plain, " "),
                (Token::Comment, "# nodes"),
            ]
        );
        assert_eq!(highlight_line("- settle"), vec![(Token::Punctuation, "- "), (Token::Plain, "settle")]);
        assert_eq!(highlight_line("---"), vec![(Token::Punctuation, "---")]);
    }

    #[test]
    fn an_image_reference_is_not_a_key() {
        let pieces = highlight_line("image: nginx:1.24");
        assert_eq!(pieces[0], (Token::Key, "image"));
        assert_eq!(pieces.last(), Some(&(Token::Plain, "nginx:1.24")));
    }

    #[test]
    fn quantities_and_keywords() {
        assert_eq!(highlight_line("cpu: 100m").last(), Some(&(Token::Number, "100m")));
        assert_eq!(highlight_line("unschedulable: false").last(), Some(&(Token::Keyword, "false")));
        assert_eq!(highlight_line("name: 'a'").last(), Some(&(Token::String, "'a'")));
    }
}
