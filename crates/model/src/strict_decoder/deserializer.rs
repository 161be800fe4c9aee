//! The deserializer of one value: what each request of a type gets from the value that
//! stands where the decoder is, by the rules of the decoding's dialect.

use serde::de::{self, IntoDeserializer, Visitor};
use serde_yaml::{Mapping, Number, Value};

use super::access::{MapAccess, SeqAccess};
use super::{go_json, go_types, Context, DecodeError, Dialect, Step};

mod scalars;

#[derive(Clone, Copy)]
pub(super) struct StrictDeserializer<'a> {
    value: &'a Value,
    path: &'a Step<'a>,
    context: &'a Context,
}

pub(super) fn unexpected(value: &Value) -> de::Unexpected<'_> {
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

fn visit_integer<'de, V: Visitor<'de>>(integer: i128, visitor: V) -> Result<V::Value, DecodeError> {
    match (i64::try_from(integer), u64::try_from(integer)) {
        (Ok(i), _) => visitor.visit_i64(i),
        (Err(_), Ok(u)) => visitor.visit_u64(u),
        (Err(_), Err(_)) => Err(de::Error::custom("an integer out of range")),
    }
}

fn tags_unsupported() -> DecodeError {
    de::Error::custom("YAML tags (`!name`) are not supported")
}

impl<'a> StrictDeserializer<'a> {
    pub(super) fn new(value: &'a Value, path: &'a Step<'a>, context: &'a Context) -> Self {
        StrictDeserializer { value, path, context }
    }

    fn kubernetes(&self) -> bool {
        self.context.dialect == Dialect::Kubernetes
    }

    fn invalid_type<'de, V: Visitor<'de>>(&self, visitor: &V) -> DecodeError {
        de::Error::invalid_type(unexpected(self.value), visitor)
    }

    /// The same place with another value: what kubectl's JSON holds instead of the YAML.
    fn with_value<'b>(&self, value: &'b Value) -> StrictDeserializer<'b>
    where
        'a: 'b,
    {
        StrictDeserializer { value, path: self.path, context: self.context }
    }

    /// The value does not fit `go_type`: Go remembers the first such error and goes on
    /// with the zero value, which the caller then visits.
    #[inline(never)]
    fn wrong_type(&self, found: &str, go_type: &str) -> Result<(), DecodeError> {
        if matches!(self.value, Value::Tagged(_)) {
            return Err(tags_unsupported().at(self.path));
        }
        let mut type_error = self.context.type_error.borrow_mut();
        if type_error.is_none() {
            let (owner, field) = self.path.go_context();
            *type_error = Some(DecodeError {
                message: go_json::unmarshal_type_error(found, owner, &field, go_type),
                path: Some(self.path.to_field_path()),
                problem: None,
            });
        }
        Ok(())
    }

    /// As [`Self::wrong_type`], the value named by its JSON kind.
    fn wrong_kind(&self, go_type: &str) -> Result<(), DecodeError> {
        self.wrong_type(go_json::kind(self.value), go_type)
    }

    /// The Go type of this field when it is a named one, else `plain`.
    #[inline(never)]
    fn named_or(&self, plain: String) -> String {
        self.path
            .struct_field()
            .and_then(|(owner, field)| go_types::named_field_type(owner, &field))
            .map_or(plain, str::to_owned)
    }

    /// The Go type a probe found, if one ran (see `go_types`).
    fn take_probed(&self) -> String {
        self.context.probed.borrow_mut().take().unwrap_or_else(|| "interface {}".to_owned())
    }

    fn visit_sequence<'de, V: Visitor<'de>>(self, items: &'a [Value], probe: bool, visitor: V) -> Result<V::Value, DecodeError> {
        let mut access = SeqAccess::new(items, self.path, self.context, probe);
        let value = visitor.visit_seq(&mut access)?;
        match access.remaining() {
            0 => Ok(value),
            left => Err(de::Error::invalid_length(items.len() - left, &"fewer elements in sequence")),
        }
    }

    fn visit_mapping<'de, V: Visitor<'de>>(
        self,
        mapping: Option<&'a Mapping>,
        owner: Option<&'static str>,
        probe: bool,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        let mut access = MapAccess::new(mapping, owner, self.path, self.context, probe);
        visitor.visit_map(&mut access)
    }

    // The generic methods below are instantiated once per field type, so what they
    // decide is decided out of line here, and they keep only the visitor's call.
}

impl<'de, 'a> de::Deserializer<'de> for StrictDeserializer<'a> {
    type Error = DecodeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        // IntOrString.UnmarshalJSON reads anything but a string into its int32.
        if self.kubernetes()
            && !matches!(self.value, Value::String(_) | Value::Null)
            && go_types::expects_int_or_string(&visitor)
        {
            return self.integer(visitor, "int32", i32::MIN.into(), i32::MAX.into());
        }
        match self.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => visit_number(n, visitor),
            Value::String(s) => visitor.visit_str(s),
            Value::Sequence(items) => self.visit_sequence(items, false, visitor),
            Value::Mapping(mapping) => self.visit_mapping(Some(mapping), None, false, visitor),
            Value::Tagged(_) => Err(tags_unsupported()),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        let text = self.str_value(&visitor)?;
        visitor.visit_str(text)
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
        let value = self.bool_value(&visitor)?;
        visitor.visit_bool(value)
    }

    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.integer(visitor, "int8", i8::MIN.into(), i8::MAX.into())
    }

    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.integer(visitor, "int16", i16::MIN.into(), i16::MAX.into())
    }

    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.integer(visitor, "int32", i32::MIN.into(), i32::MAX.into())
    }

    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.integer(visitor, "int64", i64::MIN.into(), i64::MAX.into())
    }

    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.integer(visitor, "uint8", 0, u8::MAX.into())
    }

    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.integer(visitor, "uint16", 0, u16::MAX.into())
    }

    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.integer(visitor, "uint32", 0, u32::MAX.into())
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.integer(visitor, "uint64", 0, u64::MAX.into())
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.float(visitor, "float32")
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        self.float(visitor, "float64")
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

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, DecodeError> {
        if self.kubernetes() && name == "Quantity" {
            return self.quantity(visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Sequence(items) => self.visit_sequence(items, false, visitor),
            Value::Null => self.visit_sequence(&[], false, visitor),
            // Go leaves the list empty; the type it names is `[]` and the element's.
            _ if self.kubernetes() => {
                let empty = self.visit_sequence(&[], true, visitor)?;
                self.wrong_kind(&self.named_or(format!("[]{}", self.take_probed())))?;
                Ok(empty)
            }
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
            Value::Mapping(mapping) => self.visit_mapping(Some(mapping), None, false, visitor),
            Value::Null => self.visit_mapping(None, None, false, visitor),
            _ if self.kubernetes() => {
                let empty = self.visit_mapping(None, None, true, visitor)?;
                self.wrong_kind(&self.named_or(format!("map[string]{}", self.take_probed())))?;
                Ok(empty)
            }
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        match self.value {
            Value::Mapping(mapping) => self.visit_mapping(Some(mapping), Some(name), false, visitor),
            Value::Null => self.visit_mapping(None, Some(name), false, visitor),
            _ if self.kubernetes() => {
                self.wrong_kind(&go_types::struct_type(name))?;
                self.visit_mapping(None, Some(name), false, visitor)
            }
            _ => Err(self.invalid_type(&visitor)),
        }
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
        self.context.unknown_fields.borrow_mut().push(self.path.to_field_path());
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        i128 u128 bytes byte_buf
    }
}
