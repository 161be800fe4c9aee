//! Multi-document YAML: splitting, strict decoding (unknown fields are errors), parse errors with line and column.
//!
//! This is the one module that uses serde_yaml (0.9, unmaintained but asked for): the rest
//! of the project sees [`RawDocument`], [`ParseError`] and the functions below.
//!
//! Strict decoding follows `kubectl apply` with server-side field validation `Strict`:
//! every unknown field is reported with its full path, a wrong type or a malformed
//! quantity in the API server's words, each at the line of its value. The playground's
//! own documents are read with serde's rules instead (see [`strict_decoder::Dialect`]).
//!
//! Document numbers (`index`, `document`) count from 0 and skip empty documents (a stray
//! `---`, only comments); every message prints them from 1, as an editor counts.

use crate::field_path::FieldPath;
use crate::source_map::{Position, SourceMap};
use crate::strict_decoder::{self, DecodeError, DecodeProblem, Dialect};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::cell::OnceCell;
use std::fmt;

mod syntax_error;

use syntax_error::syntax_error;

pub use serde_yaml::Value;

/// One YAML document of a file, read but not yet typed.
#[derive(Clone, Debug)]
pub struct RawDocument {
    /// 0-based among the non-empty documents of the file.
    pub index: usize,
    /// 1-based line of the document's first content line.
    pub line: usize,
    pub api_version: Option<String>,
    pub kind: Option<String>,
    /// `metadata.name`.
    pub name: Option<String>,
    pub value: Value,
    /// The document's own text; it starts `line_offset` lines into the file.
    text: String,
    line_offset: usize,
    /// Where each field stands, mapped once on the first lookup: every error and every
    /// step asks, so mapping the text again each time would make loading quadratic.
    source_map: OnceCell<SourceMap>,
}

/// What went wrong reading a document, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 0-based document index; printed from 1.
    pub document: usize,
    /// 1-based line in the whole file.
    pub line: Option<usize>,
    /// 1-based column, for syntax errors.
    pub column: Option<usize>,
    /// The field the error is about, as the API server prints it.
    pub path: Option<String>,
    pub message: String,
    /// For a playground document's value, what is wrong with it as a value (the
    /// message is serde's English for it).
    /// Boxed: errors travel in `Result`s, and most have none.
    pub problem: Option<Box<DecodeProblem>>,
}

impl fmt::Display for ParseError {
    /// `document 2, line 14: unknown field "spec.foo"`; `document 1, line 3, column 7: <syntax error>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "document {}", self.document + 1)?;
        if let Some(line) = self.line {
            write!(f, ", line {line}")?;
            if let Some(column) = self.column {
                write!(f, ", column {column}")?;
            }
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ParseError {}

/// A document's text: where it starts and whether it has content.
struct Chunk<'a> {
    first_line: usize,
    content_line: Option<usize>,
    text: &'a str,
}

/// A `---` or `...` marker line (YAML 1.2 §9.1.3): at column 0, followed by a space or the end.
fn marker<'a>(line: &'a str, mark: &str) -> Option<&'a str> {
    let rest = line.trim_end_matches(['\n', '\r']).strip_prefix(mark)?;
    (rest.is_empty() || rest.starts_with([' ', '\t'])).then_some(rest)
}

fn is_content(line: &str) -> bool {
    let t = line.trim();
    !(t.is_empty() || t.starts_with('#') || t.starts_with('%'))
}

/// Splits the text at document markers. A marker line always ends a document in YAML, even
/// inside a block scalar, so this agrees with a YAML parser and keeps exact line numbers.
fn chunks(text: &str) -> Vec<Chunk<'_>> {
    let mut chunks = Vec::new();
    let (mut start, mut first_line, mut content_line) = (0usize, 1usize, None);
    let mut offset = 0usize;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let number = i + 1;
        if let Some(rest) = marker(line, "---") {
            chunks.push(Chunk { first_line, content_line, text: &text[start..offset] });
            (start, first_line) = (offset, number);
            content_line = is_content(rest).then_some(number);
        } else if marker(line, "...").is_some() {
            chunks.push(Chunk { first_line, content_line, text: &text[start..offset] });
            (start, first_line, content_line) = (offset + line.len(), number + 1, None);
        } else if content_line.is_none() && is_content(line) {
            content_line = Some(number);
        }
        offset += line.len();
    }
    chunks.push(Chunk { first_line, content_line, text: &text[start..] });
    chunks.retain(|c| c.content_line.is_some());
    chunks
}


fn string_at(value: &Value, keys: &[&str]) -> Option<String> {
    let mut v = value;
    for key in keys {
        v = v.get(key)?;
    }
    v.as_str().map(str::to_owned)
}

/// The byte-order mark an editor may write at the start of a UTF-8 file.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// A file's bytes as text: UTF-8, with or without a byte-order mark, as kubectl reads
/// it. UTF-16 is named as such; other bytes that are not UTF-8 are placed at their
/// line and column.
pub fn decode_text(bytes: &[u8]) -> Result<String, ParseError> {
    let error = |line: Option<usize>, column: Option<usize>, message: String| ParseError {
        document: 0,
        line,
        column,
        path: None,
        message,
        problem: None,
    };
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        let message = "the file is UTF-16 text (it starts with a UTF-16 byte-order mark); save it as UTF-8".to_owned();
        return Err(error(Some(1), Some(1), message));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
            let byte = bytes[e.valid_up_to()];
            let message = format!("invalid UTF-8: byte 0x{byte:02X} does not start or continue a UTF-8 character; save the file as UTF-8");
            Err(error(Some(line), Some(column), message))
        }
    }
}

/// Reads every non-empty document of `text`. A byte-order mark at the start is not
/// part of the text, as YAML has it.
pub fn split_documents(text: &str) -> Result<Vec<RawDocument>, ParseError> {
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    let mut documents = Vec::new();
    for (index, chunk) in chunks(text).iter().enumerate() {
        let line = chunk.content_line.unwrap_or(chunk.first_line);
        let line_offset = chunk.first_line.saturating_sub(1);
        let value: Value = serde_yaml::from_str(chunk.text).map_err(|e| syntax_error(index, &e, chunk.text, line_offset))?;
        if !value.is_mapping() {
            return Err(ParseError {
                document: index,
                line: Some(line),
                column: None,
                path: None,
                message: format!("expected an object with apiVersion and kind, found {}", describe(&value)),
                problem: None,
            });
        }
        let mut value = value;
        keep_empty_selector(&mut value);
        documents.push(RawDocument {
            index,
            line,
            api_version: string_at(&value, &["apiVersion"]),
            kind: string_at(&value, &["kind"]),
            name: string_at(&value, &["metadata", "name"]),
            value,
            text: chunk.text.to_owned(),
            line_offset,
            source_map: OnceCell::new(),
        });
    }
    Ok(documents)
}

/// apps/v1 tells a DaemonSet with no `spec.selector` (it matches nothing) from one with
/// `selector: {}` (rejected as selecting everything); k8s-openapi's LabelSelector
/// cannot, so a literal empty selector is kept as `{matchLabels: {}}`.
fn keep_empty_selector(value: &mut Value) {
    if string_at(value, &["kind"]).as_deref() != Some("DaemonSet") {
        return;
    }
    let Some(selector) = value.get_mut("spec").and_then(|s| s.get_mut("selector")) else { return };
    if selector.as_mapping().is_some_and(|m| m.is_empty()) {
        let mut with_labels = serde_yaml::Mapping::new();
        with_labels.insert(Value::from("matchLabels"), Value::Mapping(serde_yaml::Mapping::new()));
        *selector = Value::Mapping(with_labels);
    }
}

fn describe(value: &Value) -> &'static str {
    match value {
        Value::Null => "nothing",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Sequence(_) => "a list",
        Value::Mapping(_) => "an object",
        Value::Tagged(_) => "a tagged value",
    }
}

impl RawDocument {
    /// Where `path` stands in the file (its nearest existing parent when it is missing).
    pub fn locate(&self, path: &FieldPath) -> Option<Position> {
        self.source_map().locate(path)
    }

    /// Where `path` stands in the file, only if it is there.
    pub fn locate_exact(&self, path: &FieldPath) -> Option<Position> {
        self.source_map().locate_exact(path)
    }

    fn source_map(&self) -> &SourceMap {
        self.source_map.get_or_init(|| SourceMap::parse(&self.text).with_line_offset(self.line_offset))
    }

    /// An error about `path` of this document, at the line where `path` stands.
    pub fn error_at(&self, path: &FieldPath, message: impl Into<String>) -> ParseError {
        ParseError {
            document: self.index,
            line: Some(self.locate(path).map_or(self.line, |p| p.line)),
            column: None,
            path: (!path.is_root()).then(|| path.to_string()),
            message: message.into(),
            problem: None,
        }
    }

    /// `Kind/name` for messages, e.g. `DaemonSet/agent` (`?` for what is missing).
    pub fn describe(&self) -> String {
        format!("{}/{}", self.kind.as_deref().unwrap_or("?"), self.name.as_deref().unwrap_or("?"))
    }
}

/// What the API server answers when a manifest does not decode (strict field
/// validation, as `kubectl apply` asks for by default), as kubectl prints it.
pub fn bad_request_message(doc: &RawDocument, error: &ParseError, source: &str) -> String {
    let kind = doc.kind.as_deref().unwrap_or("");
    let version = doc.api_version.as_deref().and_then(|v| v.rsplit('/').next()).unwrap_or("");
    let reason = if error.message.starts_with("unknown field") {
        format!("strict decoding error: {}", error.message)
    } else {
        error.message.clone()
    };
    format!("Error from server (BadRequest): error when creating \"{source}\": {kind} in version \"{version}\" cannot be handled as a {kind}: {reason}")
}

/// Decodes the whole document as `T`, strictly. Several unknown fields make one error that
/// lists them all, as the API server's `strict decoding error` does; it stands at the line
/// of the first.
pub fn decode_strict<T: DeserializeOwned>(doc: &RawDocument) -> Result<T, ParseError> {
    decode_strict_all(doc).map_err(merge)
}

/// Like [`decode_strict`], with one error for each unknown field (each at its own line), for
/// an editor that marks them all.
pub fn decode_strict_all<T: DeserializeOwned>(doc: &RawDocument) -> Result<T, Vec<ParseError>> {
    decode_value_strict(doc, &doc.value, &FieldPath::root())
}

/// The playground's own documents (`apiVersion: dsplay/...`) are read with serde's rules
/// and words; every other document is a Kubernetes object, read as the API server reads
/// what kubectl sends (see [`strict_decoder`]).
fn dialect(doc: &RawDocument) -> Dialect {
    match doc.api_version.as_deref() {
        Some(version) if version.starts_with("dsplay/") => Dialect::Playground,
        _ => Dialect::Kubernetes,
    }
}

/// Decodes `value`, which stands at `at` inside `doc`, strictly; error paths start with `at`.
pub fn decode_value_strict<T: DeserializeOwned>(
    doc: &RawDocument,
    value: &Value,
    at: &FieldPath,
) -> Result<T, Vec<ParseError>> {
    let dialect = dialect(doc);
    let decoded = strict_decoder::decode::<T>(value, dialect);
    let mut errors: Vec<ParseError> = decoded
        .unknown_fields
        .iter()
        .map(|path| at.join(path))
        .map(|path| ParseError {
            problem: (dialect == Dialect::Playground).then(|| Box::new(DecodeProblem::UnknownField)),
            ..doc.error_at(&path, format!("unknown field \"{path}\""))
        })
        .collect();
    match decoded.result {
        Ok(decoded) if errors.is_empty() => Ok(decoded),
        Ok(_) => Err(errors),
        // The API server's strict errors count only when decoding itself succeeded.
        Err(error) if dialect == Dialect::Kubernetes => Err(vec![decode_error(doc, at, error, dialect)]),
        Err(error) => {
            errors.push(decode_error(doc, at, error, dialect));
            Err(errors)
        }
    }
}

/// A decoding error at the line of its value. The API server's messages say where they
/// are themselves (or, for a quantity, do not); serde's get the path in front.
fn decode_error(doc: &RawDocument, at: &FieldPath, error: DecodeError, dialect: Dialect) -> ParseError {
    let path = at.join(&error.path.unwrap_or_else(FieldPath::root));
    match dialect {
        Dialect::Playground => {
            let message = if path.is_root() { error.message } else { format!("{path}: {}", error.message) };
            ParseError { problem: error.problem.map(Box::new), ..doc.error_at(&path, message) }
        }
        Dialect::Kubernetes => doc.error_at(&path, error.message),
    }
}

fn merge(mut errors: Vec<ParseError>) -> ParseError {
    let messages: Vec<String> = errors.iter().map(|e| e.message.clone()).collect();
    let mut first = errors.swap_remove(0);
    first.message = messages.join(", ");
    first
}

/// Where `path` of document `document` (0-based, as [`split_documents`] counts) stands in
/// `text`: for errors found after parsing (validation), to mark them in the editor.
pub fn locate(text: &str, document: usize, path: &FieldPath) -> Option<Position> {
    let chunk = chunks(text).into_iter().nth(document)?;
    SourceMap::parse(chunk.text).with_line_offset(chunk.first_line.saturating_sub(1)).locate(path)
}

/// Reads YAML or JSON text (a `kubectl patch -p` argument) as a JSON value.
pub fn yaml_to_json(text: &str) -> Result<serde_json::Value, String> {
    serde_yaml::from_str(text).map_err(|e| e.to_string())
}

/// Writes a value as YAML, as `kubectl get -o yaml` does.
pub fn to_yaml<T: Serialize>(value: &T) -> Result<String, String> {
    serde_yaml::to_string(value).map_err(|e| e.to_string())
}
