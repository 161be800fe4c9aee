//! Enter in the editor keeps the YAML's indentation, as a code editor does: typed live
//! in front of a room, a new field otherwise starts at column 0 and the manifest no
//! longer parses.

/// The indentation a new line takes after `before_caret` (the text up to the caret):
/// that of the caret's line, two more inside a list item (`- name: agent` goes on with
/// `  image:`), and two more after a key that opens a block (`containers:`).
pub fn newline_indent(before_caret: &str) -> String {
    let line = before_caret.rsplit('\n').next().unwrap_or("");
    let content = line.trim_start_matches(' ');
    let mut indent = line.len() - content.len();
    if content.starts_with("- ") || content == "-" {
        indent += 2;
    }
    let code = content.split(" #").next().unwrap_or(content).trim_end();
    if code.ends_with(':') {
        indent += 2;
    }
    " ".repeat(indent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_line_keeps_the_indentation_of_the_yaml_it_continues() {
        assert_eq!(newline_indent("spec:\n  selector:\n    matchLabels: {app: agent}"), "    ");
        assert_eq!(newline_indent("spec:\n  template:"), "    ", "a block opens");
        assert_eq!(newline_indent("      containers:\n      - name: agent"), "        ", "inside the list item");
        assert_eq!(newline_indent("  - name: a  # the first"), "    ");
        assert_eq!(newline_indent("  nodePools:  # pools"), "    ", "a comment after the colon");
        assert_eq!(newline_indent("apiVersion: apps/v1"), "");
        assert_eq!(newline_indent(""), "");
        // The caret inside a line: only what is before it counts.
        assert_eq!(newline_indent("    image: nginx"), "    ");
    }
}
