//! Walking a sequence's elements and a mapping's entries, each at its own step of the
//! path. Both can instead answer one probe for their element type (see `go_types`):
//! the decoder cannot name `[]v1.Container` for a wrong value without asking the list's
//! visitor what its elements are.

use std::borrow::Cow;
use std::cmp::Ordering;

use serde::de::{self, DeserializeSeed};
use serde_yaml::{Mapping, Value};

use super::deserializer::StrictDeserializer;
use super::{go_types, Context, DecodeError, Dialect, Step};

/// How a key names its field: strings as they are, other scalars as YAML (and kubectl's
/// conversion to JSON) writes them.
pub(super) fn key_name(key: &Value) -> String {
    key_text(key).into_owned()
}

fn key_text(key: &Value) -> Cow<'_, str> {
    match key {
        Value::String(s) => Cow::Borrowed(s),
        Value::Bool(b) => Cow::Owned(b.to_string()),
        Value::Number(n) => Cow::Owned(n.to_string()),
        _ => Cow::Borrowed("?"),
    }
}

fn by_key(a: &(&Value, &Value), b: &(&Value, &Value)) -> Ordering {
    key_text(a.0).cmp(&key_text(b.0))
}

pub(super) struct SeqAccess<'a> {
    items: std::iter::Enumerate<std::slice::Iter<'a, Value>>,
    path: &'a Step<'a>,
    context: &'a Context,
    /// Answer the first request with no element, after probing its type.
    probe: bool,
}

impl<'a> SeqAccess<'a> {
    pub(super) fn new(items: &'a [Value], path: &'a Step<'a>, context: &'a Context, probe: bool) -> Self {
        SeqAccess { items: items.iter().enumerate(), path, context, probe }
    }

    pub(super) fn remaining(&self) -> usize {
        self.items.len()
    }
}

impl<'de, 'a> de::SeqAccess<'de> for SeqAccess<'a> {
    type Error = DecodeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, DecodeError> {
        if std::mem::take(&mut self.probe) {
            *self.context.probed.borrow_mut() = Some(go_types::probe(seed));
            return Ok(None);
        }
        let Some((index, value)) = self.items.next() else { return Ok(None) };
        let step = Step::Index(self.path, index);
        seed.deserialize(StrictDeserializer::new(value, &step, self.context)).map(Some).map_err(|e| e.at(&step))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

pub(super) struct MapAccess<'a> {
    entries: std::vec::IntoIter<(&'a Value, &'a Value)>,
    /// The key just read, and its value.
    entry: Option<(&'a Value, &'a Value)>,
    /// The struct whose fields the keys name, `None` for a map.
    owner: Option<&'static str>,
    path: &'a Step<'a>,
    context: &'a Context,
    /// Answer the first request for an entry with none, after probing its value's type.
    probe: bool,
}

impl<'a> MapAccess<'a> {
    /// The entries in the order the dialect reads them: sorted by key for the API server,
    /// as kubectl's JSON (marshaled from Go maps) has them.
    pub(super) fn new(
        mapping: Option<&'a Mapping>,
        owner: Option<&'static str>,
        path: &'a Step<'a>,
        context: &'a Context,
        probe: bool,
    ) -> Self {
        let mut entries: Vec<(&Value, &Value)> = mapping.into_iter().flat_map(Mapping::iter).collect();
        if context.dialect == Dialect::Kubernetes {
            crate::sorting::sort_by(&mut entries, by_key);
        }
        MapAccess { entries: entries.into_iter(), entry: None, owner, path, context, probe }
    }

    /// Out of line, as the generic methods below are instantiated once per field type.
    #[inline(never)]
    fn next_entry(&mut self) -> Option<(&'a Value, &'a Value)> {
        self.entry = self.entries.next();
        self.entry
    }

    #[inline(never)]
    fn take_entry(&mut self) -> Result<(&'a Value, &'a Value), DecodeError> {
        self.entry.take().ok_or_else(|| de::Error::custom("a map value was asked for before its key"))
    }

    fn step(&self, key: &'a Value) -> Step<'a> {
        Step::Key { parent: self.path, key, owner: self.owner }
    }
}

impl<'de, 'a> de::MapAccess<'de> for MapAccess<'a> {
    type Error = DecodeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DecodeError> {
        let Some((key, _)) = self.next_entry() else { return Ok(None) };
        let step = self.step(key);
        let decoded = match key {
            // kubectl's JSON has every key as a string.
            Value::Bool(_) | Value::Number(_) if self.context.dialect == Dialect::Kubernetes => {
                seed.deserialize(StrictDeserializer::new(&Value::String(key_name(key)), &step, self.context))
            }
            _ => seed.deserialize(StrictDeserializer::new(key, &step, self.context)),
        };
        decoded.map(Some).map_err(|e| e.at(self.path))
    }

    #[inline(never)]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DecodeError> {
        let (key, value) = self.take_entry()?;
        let step = self.step(key);
        seed.deserialize(StrictDeserializer::new(value, &step, self.context)).map_err(|e| e.at(&step))
    }

    fn next_entry_seed<K: DeserializeSeed<'de>, V: DeserializeSeed<'de>>(
        &mut self,
        key: K,
        value: V,
    ) -> Result<Option<(K::Value, V::Value)>, DecodeError> {
        if std::mem::take(&mut self.probe) {
            *self.context.probed.borrow_mut() = Some(go_types::probe(value));
            return Ok(None);
        }
        match self.next_key_seed(key)? {
            Some(key) => Ok(Some((key, self.next_value_seed(value)?))),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}
