//! Strict decoding of a parsed YAML value into a typed object, in one pass: the value's
//! own serde `Deserializer`, which knows where it is, records every field the type
//! ignores (an unknown field) and the first wrong type, with its path.
//!
//! Why not serde_yaml's `&Value` deserializer wrapped in `serde_ignored` and
//! `serde_path_to_error`: every wrapper instantiates the whole k8s-openapi decoding code
//! again (a Pod's is large), and in the browser build those copies were over half a
//! megabyte. Everything in the project that turns a value into a Kubernetes object goes
//! through [`decode`], so that code exists once.
//!
//! A Kubernetes object is decoded as the API server decodes what `kubectl apply` sends
//! ([`Dialect::Kubernetes`]). kubectl turns the YAML into JSON through Go values, so keys
//! arrive sorted and an integral float (`10.0`) as an integer; the API server's decoder
//! (sigs.k8s.io/json, `encoding/json` underneath) then fills Go structs: a value of the
//! wrong type is remembered as an `UnmarshalTypeError` while decoding goes on with the
//! zero value, and the first one is the answer (unknown fields count only when there is
//! none); `null` leaves the zero value; a type with its own `UnmarshalJSON` (Quantity)
//! stops decoding with its own error. The playground's own documents
//! ([`Dialect::Playground`]) keep serde's rules and words, keys in document order:
//! `invalid type: <what it is>, expected <what the type wants>`.

mod access;
mod deserializer;
mod go_json;
mod go_types;
mod problem;
#[cfg(test)]
mod tests;

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeOwned};
use serde_yaml::Value;

use crate::field_path::FieldPath;
use deserializer::StrictDeserializer;
pub use problem::{one_of, DecodeProblem, Found};

/// What went wrong decoding, and the path of the value it is about (`None` for the root).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    pub message: String,
    pub path: Option<FieldPath>,
    /// What serde's visitors found wrong, for the playground's documents to say in words.
    pub problem: Option<DecodeProblem>,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DecodeError {}

impl de::Error for DecodeError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        DecodeError { message: message.to_string(), path: None, problem: None }
    }

    // serde's messages, each with its problem kept as a value.
    fn invalid_type(found: de::Unexpected<'_>, expected: &dyn de::Expected) -> Self {
        let message = format!("invalid type: {found}, expected {expected}");
        DecodeError::with_problem(message, DecodeProblem::Unexpected { found: found.into(), expected: expected.to_string() })
    }

    fn invalid_value(found: de::Unexpected<'_>, expected: &dyn de::Expected) -> Self {
        let message = format!("invalid value: {found}, expected {expected}");
        DecodeError::with_problem(message, DecodeProblem::Unexpected { found: found.into(), expected: expected.to_string() })
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        let message = match expected {
            [] => format!("unknown variant `{variant}`, there are no variants"),
            names => format!("unknown variant `{variant}`, expected {}", one_of(names)),
        };
        DecodeError::with_problem(message, DecodeProblem::UnknownVariant { variant: variant.to_owned(), expected })
    }

    fn missing_field(field: &'static str) -> Self {
        DecodeError::with_problem(format!("missing field `{field}`"), DecodeProblem::MissingField { field })
    }
}

impl DecodeError {
    fn with_problem(message: String, problem: DecodeProblem) -> Self {
        DecodeError { message, path: None, problem: Some(problem) }
    }

    /// The error as raised inside the value at `step`, unless a deeper value claimed it.
    /// Out of line: every field of every Kubernetes type ends in a call to it.
    #[inline(never)]
    fn at(mut self, step: &Step<'_>) -> Self {
        if self.path.is_none() {
            self.path = Some(step.to_field_path());
        }
        self
    }
}

/// Whose rules decode a document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// The API server's, for Kubernetes objects (see the module's documentation).
    Kubernetes,
    /// serde's, for the playground's own documents.
    Playground,
}

/// What one decoding shares: its rules, and what it found on the way.
struct Context {
    dialect: Dialect,
    unknown_fields: RefCell<Vec<FieldPath>>,
    /// The first value of a wrong type (Kubernetes dialect).
    type_error: RefCell<Option<DecodeError>>,
    /// The Go type a probe of an element type found (see `go_types`).
    probed: RefCell<Option<String>>,
}

/// Where the decoder is: a chain of steps borrowed from the stack frames that descend
/// into the value, so a field costs no allocation. It becomes a [`FieldPath`] only for
/// an error or an unknown field.
enum Step<'a> {
    Root,
    /// Into the value of a mapping's key; `owner` is the struct whose field the key
    /// names, `None` for an entry of a map.
    Key { parent: &'a Step<'a>, key: &'a Value, owner: Option<&'static str> },
    /// Into a sequence's element.
    Index(&'a Step<'a>, usize),
}

impl<'a> Step<'a> {
    fn parent(&self) -> Option<&'a Step<'a>> {
        match *self {
            Step::Root => None,
            Step::Key { parent, .. } | Step::Index(parent, _) => Some(parent),
        }
    }

    /// The steps from the root down to this one.
    fn down_from_root(&self) -> Vec<&Step<'a>> {
        let mut steps = vec![self];
        let mut step = self;
        while let Some(parent) = step.parent() {
            steps.push(parent);
            step = parent;
        }
        steps.reverse();
        steps
    }

    #[inline(never)]
    fn to_field_path(&self) -> FieldPath {
        let mut path = FieldPath::root();
        for step in self.down_from_root() {
            match *step {
                Step::Root => {}
                // A map's entry is named as validation names it: `labels[app]`.
                Step::Key { key, owner: None, .. } => path.push_key(&access::key_name(key)),
                Step::Key { key, owner: Some(_), .. } => path.push_field(&access::key_name(key)),
                Step::Index(_, index) => path.push_index(index),
            }
        }
        path
    }

    /// Go's context for an error here: the innermost struct whose field was entered, and
    /// the JSON names of the struct fields entered from the root, joined by dots (list
    /// indices and map keys are not fields, so Go leaves them out).
    fn go_context(&self) -> (Option<&'static str>, String) {
        let mut owner = None;
        let mut fields = Vec::new();
        for step in self.down_from_root() {
            if let Step::Key { key, owner: Some(struct_name), .. } = *step {
                owner = Some(struct_name);
                fields.push(access::key_name(key));
            }
        }
        (owner, fields.join("."))
    }

    /// The struct and the field this value is, when it is a struct's field.
    fn struct_field(&self) -> Option<(&'static str, String)> {
        match *self {
            Step::Key { key, owner: Some(owner), .. } => Some((owner, access::key_name(key))),
            _ => None,
        }
    }
}

/// The decoded object, or the error; and every unknown field met on the way, in the
/// order the dialect reads keys.
pub struct Decoded<T> {
    pub result: Result<T, DecodeError>,
    pub unknown_fields: Vec<FieldPath>,
}

/// Decodes `value` as `T`, by the rules of `dialect`.
pub fn decode<T: DeserializeOwned>(value: &Value, dialect: Dialect) -> Decoded<T> {
    let context = Context {
        dialect,
        unknown_fields: RefCell::new(Vec::new()),
        type_error: RefCell::new(None),
        probed: RefCell::new(None),
    };
    let result = T::deserialize(StrictDeserializer::new(value, &Step::Root, &context));
    // An error that stopped decoding wins over a remembered wrong type, as in Go.
    let result = match (result, context.type_error.into_inner()) {
        (Ok(_), Some(type_error)) => Err(type_error),
        (result, _) => result,
    };
    Decoded { result, unknown_fields: context.unknown_fields.into_inner() }
}

/// Decodes a JSON value as a Kubernetes object (a merged patch, a revision's stored
/// template), through the same code as YAML; unknown fields are dropped, as
/// `json.Unmarshal` does. The message is the API server's decoding error.
pub fn from_json_value<T: DeserializeOwned>(value: &serde_json::Value) -> Result<T, String> {
    let value = serde_yaml::to_value(value).map_err(|e| e.to_string())?;
    decode(&value, Dialect::Kubernetes).result.map_err(|error| error.message)
}
