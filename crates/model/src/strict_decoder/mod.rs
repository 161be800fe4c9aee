//! Strict decoding of a parsed YAML value into a typed object, in one pass: the value's
//! own serde `Deserializer`, which knows where it is, records every field the type
//! ignores (an unknown field) and puts the path on the first error.
//!
//! Why not serde_yaml's `&Value` deserializer wrapped in `serde_ignored` and
//! `serde_path_to_error`: every wrapper instantiates the whole k8s-openapi decoding code
//! again (a Pod's is large), and in the browser build those copies were over half a
//! megabyte. Everything in the project that turns a value into a Kubernetes object goes
//! through [`decode`], so that code exists once.
//!
//! It answers as serde_yaml's `&Value` deserializer does, message for message: numbers
//! visit as u64, i64 or f64; `null` is an empty list or object where one is expected;
//! a wrong type is `invalid type: <what it is>, expected <what the type wants>`.

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, Visitor};
use serde_yaml::{Mapping, Number, Value};

use crate::field_path::FieldPath;

/// What went wrong decoding, and the path of the value it is about (`None` for the root).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    pub message: String,
    pub path: Option<FieldPath>,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DecodeError {}

impl de::Error for DecodeError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        DecodeError { message: message.to_string(), path: None }
    }
}

impl DecodeError {
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

/// Where the decoder is: a chain of steps borrowed from the stack frames that descend
/// into the value, so a field costs no allocation. It becomes a [`FieldPath`] only for
/// an error or an unknown field.
enum Step<'a> {
    Root,
    /// Into the value of a mapping's key.
    Key(&'a Step<'a>, &'a Value),
    /// Into a sequence's element.
    Index(&'a Step<'a>, usize),
}

impl Step<'_> {
    #[inline(never)]
    fn to_field_path(&self) -> FieldPath {
        let mut steps = Vec::new();
        let mut step = self;
        loop {
            match step {
                Step::Root => break,
                Step::Key(parent, _) | Step::Index(parent, _) => {
                    steps.push(step);
                    step = parent;
                }
            }
        }
        let mut path = FieldPath::root();
        for step in steps.into_iter().rev() {
            match step {
                Step::Key(_, key) => path.push_field(&key_name(key)),
                Step::Index(_, index) => path.push_index(*index),
                Step::Root => {}
            }
        }
        path
    }
}

/// The decoded object, or the first error; and every unknown field met on the way, in
/// document order.
pub struct Decoded<T> {
    pub result: Result<T, DecodeError>,
    pub unknown_fields: Vec<FieldPath>,
}

/// Decodes `value` as `T`.
pub fn decode<T: DeserializeOwned>(value: &Value) -> Decoded<T> {
    let unknown = RefCell::new(Vec::new());
    let result = T::deserialize(StrictDeserializer { value, path: &Step::Root, unknown: &unknown });
    Decoded { result, unknown_fields: unknown.into_inner() }
}

/// Decodes a JSON value as `T` (a merged patch, a revision's stored template), through
/// the same code as YAML; unknown fields are dropped, as `json.Unmarshal` does. The
/// error message starts with the path of the value it is about.
pub fn from_json_value<T: DeserializeOwned>(value: &serde_json::Value) -> Result<T, String> {
    let value = serde_yaml::to_value(value).map_err(|e| e.to_string())?;
    decode(&value).result.map_err(|error| match error.path {
        Some(path) if !path.is_root() => format!("{path}: {}", error.message),
        _ => error.message,
    })
}

#[derive(Clone, Copy)]
struct StrictDeserializer<'a> {
    value: &'a Value,
    path: &'a Step<'a>,
    unknown: &'a RefCell<Vec<FieldPath>>,
}

fn unexpected(value: &Value) -> de::Unexpected<'_> {
    match value {
        Value::Null => de::Unexpected::Unit,
        Value::Bool(b) => de::Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => de::Unexpected::Unsigned(u),
            (None, Some(i)) => de::Unexpected::Signed(i),
            _ => de::Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => de::Unexpected::Str(s),
        Value::Sequence(_) => de::Unexpected::Seq,
        Value::Mapping(_) => de::Unexpected::Map,
        Value::Tagged(_) => de::Unexpected::Enum,
    }
}

fn visit_number<'de, V: Visitor<'de>>(number: &Number, visitor: V) -> Result<V::Value, DecodeError> {
    match (number.as_u64(), number.as_i64()) {
        (Some(u), _) => visitor.visit_u64(u),
        (None, Some(i)) => visitor.visit_i64(i),
        _ => visitor.visit_f64(number.as_f64().unwrap_or(f64::NAN)),
    }
}

impl<'a> StrictDeserializer<'a> {
    fn invalid_type<'de, V: Visitor<'de>>(&self, visitor: &V) -> DecodeError {
        de::Error::invalid_type(unexpected(self.value), visitor)
    }

    fn visit_sequence<'de, V: Visitor<'de>>(self, items: &'a [Value], visitor: V) -> Result<V::Value, DecodeError> {
        let mut access = SeqAccess { items: items.iter().enumerate(), path: self.path, unknown: self.unknown };
        let value = visitor.visit_seq(&mut access)?;
        match access.items.len() {
            0 => Ok(value),
            left => Err(de::Error::invalid_length(items.len() - left, &"fewer elements in sequence")),
        }
    }

    fn visit_mapping<'de, V: Visitor<'de>>(self, mapping: Option<&'a Mapping>, visitor: V) -> Result<V::Value, DecodeError> {
        let mut access = MapAccess { entries: mapping.map(|m| m.iter()), entry: None, path: self.path, unknown: self.unknown };
        visitor.visit_map(&mut access)
    }
}

impl<'de, 'a> de::Deserializer<'de> for StrictDeserializer<'a> {
    type Error = DecodeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => visit_number(n, visitor),
            Value::String(s) => visitor.visit_str(s),
            Value::Sequence(items) => self.visit_sequence(items, visitor),
            Value::Mapping(mapping) => self.visit_mapping(Some(mapping), visitor),
            Value::Tagged(_) => Err(de::Error::custom("YAML tags (`!name`) are not supported")),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::String(s) => visitor.visit_str(s),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Bool(b) => visitor.visit_bool(*b),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Null => visitor.visit_unit(),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, DecodeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Sequence(items) => self.visit_sequence(items, visitor),
            Value::Null => self.visit_sequence(&[], visitor),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(self, _name: &'static str, _len: usize, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Mapping(mapping) => self.visit_mapping(Some(mapping), visitor),
            Value::Null => self.visit_mapping(None, visitor),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::String(variant) => visitor.visit_enum(variant.as_str().into_deserializer()),
            other => Err(de::Error::invalid_type(unexpected(other), &"a string naming a variant")),
        }
    }

    /// A field the type does not have: remembered, and skipped.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.unknown.borrow_mut().push(self.path.to_field_path());
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 bytes byte_buf
    }
}

struct SeqAccess<'a> {
    items: std::iter::Enumerate<std::slice::Iter<'a, Value>>,
    path: &'a Step<'a>,
    unknown: &'a RefCell<Vec<FieldPath>>,
}

impl<'de, 'a> de::SeqAccess<'de> for SeqAccess<'a> {
    type Error = DecodeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, DecodeError> {
        let Some((index, value)) = self.items.next() else { return Ok(None) };
        let step = Step::Index(self.path, index);
        seed.deserialize(StrictDeserializer { value, path: &step, unknown: self.unknown }).map(Some).map_err(|e| e.at(&step))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct MapAccess<'a> {
    entries: Option<serde_yaml::mapping::Iter<'a>>,
    /// The key just read, and its value.
    entry: Option<(&'a Value, &'a Value)>,
    path: &'a Step<'a>,
    unknown: &'a RefCell<Vec<FieldPath>>,
}

/// How a key names its field in a path: strings as they are, other scalars as YAML prints them.
fn key_name(key: &Value) -> String {
    match key {
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        _ => "?".into(),
    }
}

impl<'a> MapAccess<'a> {
    /// Out of line, as the generic methods below are instantiated once per field type.
    #[inline(never)]
    fn next_entry(&mut self) -> Option<(&'a Value, &'a Value)> {
        self.entry = self.entries.as_mut().and_then(Iterator::next);
        self.entry
    }

    #[inline(never)]
    fn take_entry(&mut self) -> Result<(&'a Value, &'a Value), DecodeError> {
        self.entry.take().ok_or_else(|| de::Error::custom("a map value was asked for before its key"))
    }
}

impl<'de, 'a> de::MapAccess<'de> for MapAccess<'a> {
    type Error = DecodeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DecodeError> {
        let Some((key, _)) = self.next_entry() else { return Ok(None) };
        let step = Step::Key(self.path, key);
        seed.deserialize(StrictDeserializer { value: key, path: &step, unknown: self.unknown }).map(Some).map_err(|e| e.at(self.path))
    }

    #[inline(never)]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DecodeError> {
        let (key, value) = self.take_entry()?;
        let step = Step::Key(self.path, key);
        seed.deserialize(StrictDeserializer { value, path: &step, unknown: self.unknown }).map_err(|e| e.at(&step))
    }

    fn size_hint(&self) -> Option<usize> {
        self.entries.as_ref().map(ExactSizeIterator::len)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use k8s_openapi::api::core::v1::Pod;
    use serde::Deserialize;

    use super::*;

    fn yaml(text: &str) -> Value {
        serde_yaml::from_str(text).unwrap_or_else(|e| panic!("test YAML: {e}"))
    }

    fn paths(paths: &[FieldPath]) -> Vec<String> {
        paths.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn unknown_fields_are_listed_with_their_paths_in_order() {
        let value = yaml("metadata: {name: a, nmae: b}\nspec:\n  containers:\n  - name: c\n    imagee: x\n  bogus: 1\n");
        let decoded = decode::<Pod>(&value);
        assert!(decoded.result.is_ok());
        assert_eq!(paths(&decoded.unknown_fields), ["metadata.nmae", "spec.containers[0].imagee", "spec.bogus"]);
    }

    #[test]
    fn a_wrong_type_names_the_value_that_has_it() {
        let value = yaml("spec:\n  containers:\n  - name: c\n    ports:\n    - containerPort: eighty\n");
        let error = decode::<Pod>(&value).result.err();
        let error = error.unwrap_or_else(|| panic!("a string port must not decode"));
        assert_eq!(error.message, "invalid type: string \"eighty\", expected i32");
        assert_eq!(error.path.map(|p| p.to_string()).as_deref(), Some("spec.containers[0].ports[0].containerPort"));
    }

    #[test]
    fn a_missing_field_stands_at_its_object() {
        #[derive(Deserialize, Debug)]
        struct Outer {
            #[allow(dead_code)]
            inner: Vec<Inner>,
        }
        #[derive(Deserialize, Debug)]
        struct Inner {
            #[allow(dead_code)]
            name: String,
        }
        let error = decode::<Outer>(&yaml("inner:\n- {name: a}\n- {nmae: b}\n")).result.err();
        let error = error.unwrap_or_else(|| panic!("an inner object without a name must not decode"));
        assert_eq!(error.message, "missing field `name`");
        assert_eq!(error.path.map(|p| p.to_string()).as_deref(), Some("inner[1]"));
    }

    #[test]
    fn null_is_an_empty_list_or_object_and_no_option() {
        let decoded = decode::<Pod>(&yaml("metadata:\nspec:\n  containers:\n  tolerations:\n"));
        let pod = decoded.result.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pod.spec.map(|s| (s.containers.len(), s.tolerations)), Some((0, None)));
        assert!(decoded.unknown_fields.is_empty());
    }

    #[test]
    fn numbers_decode_as_the_type_wants() {
        #[derive(Deserialize, Debug, PartialEq)]
        struct Numbers {
            small: u8,
            negative: i64,
            real: f64,
            labels: BTreeMap<String, String>,
        }
        let decoded = decode::<Numbers>(&yaml("small: 7\nnegative: -3\nreal: 2.5\nlabels: {a: b}\n"));
        let numbers = decoded.result.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(numbers, Numbers { small: 7, negative: -3, real: 2.5, labels: [("a".into(), "b".into())].into() });
        let too_big = decode::<Numbers>(&yaml("small: 300\nnegative: 1\nreal: 1\nlabels: {}\n")).result.err();
        assert_eq!(too_big.map(|e| e.message), Some("invalid value: integer `300`, expected u8".into()));
    }
}
