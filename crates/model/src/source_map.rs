//! Where a field path stands in the YAML text (line, column), so errors point at their line.
//!
//! Built from yaml-rust2's marked events: a tree of mappings and sequences that keeps,
//! for every mapping key and sequence item, the position where it starts. Only one YAML
//! document is mapped; [`crate::document::locate`] finds a document in a stream first.

use crate::field_path::{FieldPath, Segment};
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;

/// A place in the text, both numbers 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

#[derive(Clone, Debug)]
enum Node {
    Scalar(Position),
    Sequence(Position, Vec<Node>),
    Mapping(Position, Vec<Entry>),
    /// An alias (`*anchor`): its target is not followed.
    Alias(Position),
}

#[derive(Clone, Debug)]
struct Entry {
    key: String,
    key_position: Position,
    value: Node,
}

impl Node {
    fn position(&self) -> Position {
        match self {
            Node::Scalar(p) | Node::Sequence(p, _) | Node::Mapping(p, _) | Node::Alias(p) => *p,
        }
    }

    /// A block mapping's start event is marked after its first key (at the `:`), so a
    /// container stands where its own mark or its first child stands, whichever is first.
    fn container(mark: Position, first_child: Option<Position>) -> Position {
        first_child.map_or(mark, |child| child.min(mark))
    }
}

/// The positions of every key and item of one YAML document.
#[derive(Clone, Debug)]
pub struct SourceMap {
    root: Option<Node>,
    line_offset: usize,
}

impl SourceMap {
    /// Maps the first document of `text`. A syntax error keeps what was read before it, so a
    /// half-typed document in the editor still maps its first lines.
    pub fn parse(text: &str) -> Self {
        let mut builder = Builder::default();
        let mut parser = Parser::new_from_str(text);
        // A scan error ends the event stream; the tree read so far is still useful.
        let _ = parser.load(&mut builder, false);
        let root = builder.finish_partial();
        Self { root, line_offset: 0 }
    }

    /// Shifts every line by `offset`: for a document that starts `offset` lines into a file.
    pub fn with_line_offset(mut self, offset: usize) -> Self {
        self.line_offset = offset;
        self
    }

    /// Where `path` stands; when it is missing (a `Required value`), where its nearest
    /// existing parent stands. `None` only for an empty document.
    pub fn locate(&self, path: &FieldPath) -> Option<Position> {
        let mut node = self.root.as_ref()?;
        let mut found = node.position();
        for segment in path.segments() {
            let next = match (segment, node) {
                (Segment::Field(key) | Segment::Key(key), Node::Mapping(_, entries)) => entries
                    .iter()
                    .find(|e| &e.key == key)
                    .map(|e| (e.key_position, &e.value)),
                (Segment::Index(i), Node::Sequence(_, items)) => items.get(*i).map(|n| (n.position(), n)),
                _ => None,
            };
            match next {
                Some((position, child)) => {
                    found = position;
                    node = child;
                }
                None => break,
            }
        }
        Some(self.shift(found))
    }

    /// Where `path` stands, only if every segment of it exists.
    pub fn locate_exact(&self, path: &FieldPath) -> Option<Position> {
        let mut node = self.root.as_ref()?;
        let mut found = node.position();
        for segment in path.segments() {
            let (position, child) = match (segment, node) {
                (Segment::Field(key) | Segment::Key(key), Node::Mapping(_, entries)) => {
                    let e = entries.iter().find(|e| &e.key == key)?;
                    (e.key_position, &e.value)
                }
                (Segment::Index(i), Node::Sequence(_, items)) => {
                    let n = items.get(*i)?;
                    (n.position(), n)
                }
                _ => return None,
            };
            found = position;
            node = child;
        }
        Some(self.shift(found))
    }

    fn shift(&self, p: Position) -> Position {
        Position { line: p.line + self.line_offset, column: p.column }
    }
}

fn position(mark: Marker) -> Position {
    // yaml-rust2 counts lines from 1 and columns from 0.
    Position { line: mark.line(), column: mark.col() + 1 }
}

fn sequence(mark: Position, items: Vec<Node>) -> Node {
    let at = Node::container(mark, items.first().map(Node::position));
    Node::Sequence(at, items)
}

fn mapping(mark: Position, entries: Vec<Entry>) -> Node {
    let at = Node::container(mark, entries.first().map(|e| e.key_position));
    Node::Mapping(at, entries)
}

enum Frame {
    Sequence(Position, Vec<Node>),
    Mapping(Position, Vec<Entry>, Option<(String, Position)>),
}

#[derive(Default)]
struct Builder {
    stack: Vec<Frame>,
    root: Option<Node>,
}

impl Builder {
    fn complete(&mut self, node: Node, key_text: Option<String>) {
        match self.stack.last_mut() {
            None => {
                if self.root.is_none() {
                    self.root = Some(node);
                }
            }
            Some(Frame::Sequence(_, items)) => items.push(node),
            Some(Frame::Mapping(_, entries, pending)) => match pending.take() {
                None => *pending = Some((key_text.unwrap_or_default(), node.position())),
                Some((key, key_position)) => entries.push(Entry { key, key_position, value: node }),
            },
        }
    }

    /// Closes the containers left open by a syntax error.
    fn finish_partial(&mut self) -> Option<Node> {
        while let Some(frame) = self.stack.pop() {
            let node = match frame {
                Frame::Sequence(p, items) => sequence(p, items),
                Frame::Mapping(p, entries, _) => mapping(p, entries),
            };
            self.complete(node, None);
        }
        self.root.take()
    }
}

impl MarkedEventReceiver for Builder {
    fn on_event(&mut self, event: Event, mark: Marker) {
        match event {
            Event::Scalar(text, ..) => self.complete(Node::Scalar(position(mark)), Some(text)),
            Event::Alias(_) => self.complete(Node::Alias(position(mark)), None),
            Event::SequenceStart(..) => self.stack.push(Frame::Sequence(position(mark), Vec::new())),
            Event::MappingStart(..) => self.stack.push(Frame::Mapping(position(mark), Vec::new(), None)),
            Event::SequenceEnd | Event::MappingEnd => {
                let node = match self.stack.pop() {
                    Some(Frame::Sequence(p, items)) => sequence(p, items),
                    Some(Frame::Mapping(p, entries, _)) => mapping(p, entries),
                    None => return,
                };
                self.complete(node, None);
            }
            Event::Nothing | Event::StreamStart | Event::StreamEnd | Event::DocumentStart | Event::DocumentEnd => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DS: &str = "\
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, labels: {app.kubernetes.io/name: agent}}
spec:
  template:
    spec:
      containers:
      - name: agent
        image: busybox
        ports:
        - containerPort: 80
      - name: sidecar
        image: envoy
";

    fn at(map: &SourceMap, path: &str) -> Option<(usize, usize)> {
        map.locate(&FieldPath::parse(path)).map(|p| (p.line, p.column))
    }

    #[test]
    fn finds_keys_and_items() {
        let map = SourceMap::parse(DS);
        assert_eq!(at(&map, "kind"), Some((2, 1)));
        assert_eq!(at(&map, "spec.template.spec.containers[0].image"), Some((9, 9)));
        assert_eq!(at(&map, "spec.template.spec.containers[0]"), Some((8, 9)));
        assert_eq!(at(&map, "spec.template.spec.containers[1].image"), Some((13, 9)));
        assert_eq!(at(&map, "spec.template.spec.containers[0].ports[0].containerPort"), Some((11, 11)));
        assert_eq!(at(&map, "metadata.labels[app.kubernetes.io/name]"), Some((3, 34)));
    }

    #[test]
    fn missing_fields_fall_back_to_the_nearest_parent() {
        let map = SourceMap::parse(DS);
        assert_eq!(at(&map, "spec.template.spec.containers[1].resources.limits"), Some((12, 9)));
        assert_eq!(at(&map, "spec.selector"), Some((4, 1)));
        assert_eq!(map.locate_exact(&FieldPath::parse("spec.selector")), None);
        assert_eq!(at(&map, "spec.template.spec.containers[7]"), Some((7, 7)));
    }

    #[test]
    fn offset_shifts_lines() {
        let map = SourceMap::parse(DS).with_line_offset(10);
        assert_eq!(at(&map, "kind"), Some((12, 1)));
    }

    #[test]
    fn broken_text_maps_what_came_before() {
        let map = SourceMap::parse("a: 1\nb:\n  c: [1, 2\n");
        assert_eq!(at(&map, "a"), Some((1, 1)));
        assert!(SourceMap::parse("").locate(&FieldPath::parse("a")).is_none());
    }
}
