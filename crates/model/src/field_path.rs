//! Field paths as the API server prints them: `spec.template.spec.containers[0].image`.
//!
//! The same value names a place in a decoded object (strict decoding, validation) and in
//! the YAML text ([`crate::source_map`]), so an error found in either can be shown at its
//! line.

use std::fmt;

/// One step of a [`FieldPath`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Segment {
    /// A struct field, printed `.name` (field.Path `Child`).
    Field(String),
    /// A list element, printed `[3]` (field.Path `Index`).
    Index(usize),
    /// A map key, printed `[key]` (field.Path `Key`): label keys may contain dots.
    Key(String),
}

/// A path from the root of an object to one of its values.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FieldPath {
    segments: Vec<Segment>,
}

impl FieldPath {
    /// The root of an object: the empty path.
    pub fn root() -> Self {
        Self::default()
    }

    /// `self.name`.
    pub fn child(&self, name: &str) -> Self {
        let mut path = self.clone();
        path.push_field(name);
        path
    }

    /// `self[index]`.
    pub fn index(&self, index: usize) -> Self {
        let mut path = self.clone();
        path.push_index(index);
        path
    }

    /// `self[key]`.
    pub fn key(&self, key: &str) -> Self {
        let mut path = self.clone();
        path.push_key(key);
        path
    }

    pub fn push_field(&mut self, name: &str) {
        self.segments.push(Segment::Field(name.to_owned()));
    }

    pub fn push_index(&mut self, index: usize) {
        self.segments.push(Segment::Index(index));
    }

    pub fn push_key(&mut self, key: &str) {
        self.segments.push(Segment::Key(key.to_owned()));
    }

    /// Appends every segment of `other` (a path relative to `self`).
    pub fn join(&self, other: &FieldPath) -> Self {
        let mut path = self.clone();
        path.segments.extend(other.segments.iter().cloned());
        path
    }

    /// The path without its last segment; `None` at the root.
    pub fn parent(&self) -> Option<Self> {
        let (_, rest) = self.segments.split_last()?;
        Some(Self { segments: rest.to_vec() })
    }

    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    pub fn is_root(&self) -> bool {
        self.segments.is_empty()
    }

    pub fn len(&self) -> usize {
        self.segments.len()
    }

    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// Reads a path as the API server prints it: `a.b[0].c`, `metadata.labels[app.kubernetes.io/name]`.
    /// A bracketed run of digits is an index, any other bracketed text a map key. Text that is
    /// not a well-formed path still yields the fields it can read, since a path is only ever
    /// used to find a line to point at.
    pub fn parse(text: &str) -> Self {
        let mut path = Self::root();
        let mut field = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            match c {
                '.' => {
                    if !field.is_empty() {
                        path.push_field(&std::mem::take(&mut field));
                    }
                }
                '[' => {
                    if !field.is_empty() {
                        path.push_field(&std::mem::take(&mut field));
                    }
                    let inner: String = chars.by_ref().take_while(|&c| c != ']').collect();
                    match inner.parse::<usize>() {
                        Ok(index) if inner.bytes().all(|b| b.is_ascii_digit()) => path.push_index(index),
                        _ => path.push_key(&inner),
                    }
                }
                c => field.push(c),
            }
        }
        if !field.is_empty() {
            path.push_field(&field);
        }
        path
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, segment) in self.segments.iter().enumerate() {
            match segment {
                Segment::Field(name) if i == 0 => f.write_str(name)?,
                Segment::Field(name) => write!(f, ".{name}")?,
                Segment::Index(index) => write!(f, "[{index}]")?,
                Segment::Key(key) => write!(f, "[{key}]")?,
            }
        }
        Ok(())
    }
}

impl From<&str> for FieldPath {
    fn from(text: &str) -> Self {
        Self::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_as_the_api_server_does() {
        let path = FieldPath::root()
            .child("spec")
            .child("template")
            .child("spec")
            .child("containers")
            .index(0)
            .child("volumeMounts")
            .index(2)
            .child("mountOnly");
        assert_eq!(path.to_string(), "spec.template.spec.containers[0].volumeMounts[2].mountOnly");
        let labels = FieldPath::root().child("metadata").child("labels").key("app.kubernetes.io/name");
        assert_eq!(labels.to_string(), "metadata.labels[app.kubernetes.io/name]");
        assert_eq!(FieldPath::root().to_string(), "");
    }

    #[test]
    fn parse_reads_what_display_writes() {
        for text in [
            "spec.template.spec.containers[0].image",
            "metadata.labels[app.kubernetes.io/name]",
            "spec.steps[12]",
            "kind",
        ] {
            assert_eq!(FieldPath::parse(text).to_string(), text);
        }
        assert_eq!(
            FieldPath::parse("a[1]").segments(),
            &[Segment::Field("a".into()), Segment::Index(1)]
        );
        assert_eq!(
            FieldPath::parse("a[x1]").segments(),
            &[Segment::Field("a".into()), Segment::Key("x1".into())]
        );
    }

    #[test]
    fn parent_walks_up() {
        let path = FieldPath::parse("spec.containers[0]");
        assert_eq!(path.parent().map(|p| p.to_string()), Some("spec.containers".to_owned()));
        assert_eq!(FieldPath::root().parent(), None);
    }

    #[test]
    fn parse_never_panics_on_odd_text() {
        for text in ["", ".", "[", "]", "a[", "a[]", "[[]]", "..a..b", "a[99999999999999999999999]"] {
            let _ = FieldPath::parse(text).to_string();
        }
    }
}
