//! The scalars a field reads: integers and floats in their Go type's range, strings,
//! booleans and quantities, with kubectl's wrong-type answers in its dialect.

use serde::de::{self, Visitor};
use serde_yaml::Value;

use super::super::{go_json, DecodeError};
use super::{unexpected, visit_integer, StrictDeserializer};
use crate::validation::quantity::ParsedQuantity;

impl<'a> StrictDeserializer<'a> {
    /// An integer field of Go type `go_type` with the given range. kubectl's JSON has an
    /// integral float as an integer; anything else that is not one is a wrong type and
    /// reads as 0. `None` in the playground's own dialect, which takes any value.
    #[inline(never)]
    pub(super) fn integer_value(&self, go_type: &str, min: i128, max: i128) -> Result<Option<i128>, DecodeError> {
        if !self.kubernetes() {
            return Ok(None);
        }
        match self.value {
            Value::Number(n) => match go_json::integer(n).filter(|i| (min..=max).contains(i)) {
                Some(integer) => Ok(Some(integer)),
                None => {
                    self.wrong_type(&format!("number {}", go_json::number_text(n)), go_type)?;
                    Ok(Some(0))
                }
            },
            Value::Null => Ok(Some(0)),
            _ => {
                self.wrong_kind(go_type)?;
                Ok(Some(0))
            }
        }
    }

    pub(super) fn integer<'de, V: Visitor<'de>>(self, visitor: V, go_type: &str, min: i128, max: i128) -> Result<V::Value, DecodeError> {
        match self.integer_value(go_type, min, max)? {
            Some(integer) => visit_integer(integer, visitor),
            None => de::Deserializer::deserialize_any(self, visitor),
        }
    }

    /// As [`Self::integer_value`] for a float.
    #[inline(never)]
    pub(super) fn float_value(&self, go_type: &str) -> Result<Option<f64>, DecodeError> {
        match self.value {
            _ if !self.kubernetes() => Ok(None),
            Value::Number(n) => Ok(Some(n.as_f64().unwrap_or(f64::NAN))),
            Value::Null => Ok(Some(0.0)),
            _ => {
                self.wrong_kind(go_type)?;
                Ok(Some(0.0))
            }
        }
    }

    pub(super) fn float<'de, V: Visitor<'de>>(self, visitor: V, go_type: &str) -> Result<V::Value, DecodeError> {
        match self.float_value(go_type)? {
            Some(float) => visitor.visit_f64(float),
            None => de::Deserializer::deserialize_any(self, visitor),
        }
    }

    /// The text a string field reads: a wrong type (or null) reads as "" in the API
    /// server's dialect, and is refused in the playground's.
    #[inline(never)]
    pub(super) fn str_value(&self, expected: &dyn de::Expected) -> Result<&'a str, DecodeError> {
        match self.value {
            Value::String(s) => Ok(s),
            Value::Null if self.kubernetes() => Ok(""),
            _ if self.kubernetes() => {
                self.wrong_kind(&self.named_or("string".to_owned()))?;
                Ok("")
            }
            _ => Err(de::Error::invalid_type(unexpected(self.value), expected)),
        }
    }

    /// As [`Self::str_value`] for a bool.
    #[inline(never)]
    pub(super) fn bool_value(&self, expected: &dyn de::Expected) -> Result<bool, DecodeError> {
        match self.value {
            Value::Bool(b) => Ok(*b),
            Value::Null if self.kubernetes() => Ok(false),
            _ if self.kubernetes() => {
                self.wrong_kind("bool")?;
                Ok(false)
            }
            _ => Err(de::Error::invalid_type(unexpected(self.value), expected)),
        }
    }

    /// `Quantity.UnmarshalJSON`: the text must parse, or decoding stops with
    /// `ParseQuantity`'s error (which names no field). What is kept is the text it parsed.
    pub(super) fn quantity<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        let text = go_json::quantity_text(self.value);
        match ParsedQuantity::parse(&text) {
            Ok(_) => visitor.visit_newtype_struct(self.with_value(&Value::String(text))),
            Err(message) => Err(DecodeError { message: message.to_owned(), path: Some(self.path.to_field_path()), problem: None }),
        }
    }
}
