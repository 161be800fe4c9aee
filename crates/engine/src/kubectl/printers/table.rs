//! Column alignment as Go's `text/tabwriter` does it, which is what both kubectl's table
//! printer (`printers.GetNewTabWriter`: min width 6, padding 3) and its describers
//! (`tabbedString`: min width 0, padding 2) write through.
//!
//! A cell is text terminated by a tab; the text after a line's last tab is not part of any
//! column. A column block is a run of consecutive lines that all have a cell in that column,
//! and every cell of a block is padded to the block's widest cell plus the padding.

/// Buffers tab-separated text and aligns it on [`TabWriter::flush`].
#[derive(Debug)]
pub struct TabWriter {
    min_width: usize,
    padding: usize,
    pending: String,
    out: String,
}

impl TabWriter {
    pub fn new(min_width: usize, padding: usize) -> Self {
        TabWriter { min_width, padding, pending: String::new(), out: String::new() }
    }

    /// The writer `kubectl get` prints its tables through.
    pub fn for_table() -> Self {
        TabWriter::new(6, 3)
    }

    /// The writer kubectl's describers print through.
    pub fn for_describe() -> Self {
        TabWriter::new(0, 2)
    }

    pub fn write(&mut self, text: &str) {
        self.pending.push_str(text);
    }

    /// Aligns everything written so far; later text starts new column blocks
    /// (`tabwriter.Writer.Flush`).
    pub fn flush(&mut self) {
        let text = std::mem::take(&mut self.pending);
        let lines: Vec<Vec<&str>> = text.split('\n').map(|line| line.split('\t').collect()).collect();
        let mut widths = Vec::new();
        self.format(&lines, &mut widths, 0, lines.len());
    }

    pub fn finish(mut self) -> String {
        self.flush();
        self.out
    }

    /// `Writer.format`: finds the column blocks of column `widths.len()` among
    /// `lines[line0..line1]`, and recurses into each with its width pushed.
    fn format(&mut self, lines: &[Vec<&str>], widths: &mut Vec<usize>, line0: usize, line1: usize) {
        let column = widths.len();
        let mut start = line0;
        let mut this = line0;
        while this < line1 {
            if column + 1 >= lines[this].len() {
                this += 1;
                continue;
            }
            self.write_lines(lines, widths, start, this);
            start = this;
            let mut width = self.min_width;
            while this < line1 && column + 1 < lines[this].len() {
                width = width.max(lines[this][column].chars().count() + self.padding);
                this += 1;
            }
            widths.push(width);
            self.format(lines, widths, start, this);
            widths.pop();
            start = this;
        }
        self.write_lines(lines, widths, start, line1);
    }

    fn write_lines(&mut self, lines: &[Vec<&str>], widths: &[usize], line0: usize, line1: usize) {
        for (index, line) in lines.iter().enumerate().take(line1).skip(line0) {
            for (j, cell) in line.iter().enumerate() {
                self.out.push_str(cell);
                if let Some(width) = widths.get(j) {
                    let used = cell.chars().count();
                    self.out.extend(std::iter::repeat_n(' ', width.saturating_sub(used)));
                }
            }
            // The text after the last newline is an unterminated line: no newline of its own.
            if index + 1 < lines.len() {
                self.out.push('\n');
            }
        }
    }
}

/// Where describe text goes: the aligning [`TabWriter`], or a plain `String` when kubectl
/// prints without one (`rollout history --revision`), leaving the tabs in.
pub trait DescribeWriter {
    fn write(&mut self, text: &str);
}

impl DescribeWriter for TabWriter {
    fn write(&mut self, text: &str) {
        TabWriter::write(self, text);
    }
}

impl DescribeWriter for String {
    fn write(&mut self, text: &str) {
        self.push_str(text);
    }
}

/// A list's headers and cells, NAMESPACE first across namespaces, before they are
/// aligned into text.
pub fn list_cells<'h, T: ?Sized>(
    mut headers: Vec<&'h str>,
    items: &[&T],
    namespace: Option<&str>,
    namespace_of: impl Fn(&T) -> String,
    row: impl Fn(&T) -> Vec<String>,
) -> (Vec<&'h str>, Vec<Vec<String>>) {
    let across_namespaces = namespace.is_none();
    if across_namespaces {
        headers.insert(0, "NAMESPACE");
    }
    let rows: Vec<Vec<String>> = items
        .iter()
        .map(|item| {
            let mut cells = row(item);
            if across_namespaces {
                cells.insert(0, namespace_of(item));
            }
            cells
        })
        .collect();
    (headers, rows)
}

/// The table with its header line or, for `--no-headers`, without it: the columns are
/// then as wide as their cells alone.
pub fn render_table(headers: &[&str], rows: &[Vec<String>], show_headers: bool) -> String {
    let mut writer = TabWriter::for_table();
    if show_headers {
        writer.write(&headers.join("\t"));
        writer.write("\n");
    }
    for row in rows {
        writer.write(&row.join("\t"));
        writer.write("\n");
    }
    writer.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_headers_the_columns_are_as_wide_as_their_cells() {
        // READY would make its column 8 wide; without it the cells (and the minimum of 6) decide.
        let rows = vec![vec!["agent-x7k2p".to_string(), "1/1".to_string(), "Running".to_string()]];
        assert_eq!(render_table(&["NAME", "READY", "STATUS"], &rows, false), "agent-x7k2p   1/1   Running\n");
    }

    #[test]
    fn table_columns_are_padded_to_the_widest_cell_plus_three() {
        let rows = vec![
            vec!["agent-x7k2p".to_string(), "1/1".to_string(), "Running".to_string()],
            vec!["a".to_string(), "0/1".to_string(), "ContainerCreating".to_string()],
        ];
        assert_eq!(
            render_table(&["NAME", "READY", "STATUS"], &rows, true),
            "NAME          READY   STATUS\n\
             agent-x7k2p   1/1     Running\n\
             a             0/1     ContainerCreating\n"
        );
    }

    #[test]
    fn short_columns_keep_the_minimum_width_of_six() {
        let rows = vec![vec!["a".to_string(), "b".to_string()]];
        assert_eq!(render_table(&["X", "Y"], &rows, true), "X     Y\na     b\n");
    }

    #[test]
    fn a_line_without_tabs_ends_the_column_block() {
        let mut w = TabWriter::for_describe();
        w.write("Name:\tagent\nNamespace:\tdefault\nPod Template:\n  Labels:\tapp=agent\n");
        assert_eq!(
            w.finish(),
            "Name:       agent\nNamespace:  default\nPod Template:\n  Labels:  app=agent\n"
        );
    }

    #[test]
    fn nested_columns_align_only_within_their_block() {
        let mut w = TabWriter::for_describe();
        w.write("a:\tb\tc\nlonger:\td\n");
        assert_eq!(w.finish(), "a:       b  c\nlonger:  d\n");
    }

    #[test]
    fn flush_starts_new_blocks() {
        let mut w = TabWriter::for_describe();
        w.write("Name:\tx\n");
        w.flush();
        w.write("Longer name:\ty\n");
        assert_eq!(w.finish(), "Name:  x\nLonger name:  y\n");
    }
}
