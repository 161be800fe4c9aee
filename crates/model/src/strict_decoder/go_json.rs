//! A YAML value as the API server's JSON decoder sees it. kubectl reads the YAML into Go
//! values (an integer, a float64, a string, ...) and sends them through `json.Marshal`, so
//! the decoder meets Go's JSON spelling of each value; and when a value does not fit its
//! Go type, `encoding/json` says so in words of its own.

use serde_yaml::{Number, Value};

/// What `encoding/json` calls a value it could not store: `string`, `number`, `bool`,
/// `array`, `object` (`null` never fails: it leaves the zero value).
pub(super) fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Sequence(_) => "array",
        Value::Mapping(_) => "object",
        Value::Tagged(tagged) => kind(&tagged.value),
    }
}

/// A number as `json.Marshal` writes it: an integer in full; a float64 in its shortest
/// form, so that `10.0` is `10`, with an exponent below 1e-6 and from 1e21 (`1e+21`,
/// `1e-7`).
pub(super) fn number_text(number: &Number) -> String {
    match (number.as_i64(), number.as_u64(), number.as_f64()) {
        (Some(i), _, _) => i.to_string(),
        (None, Some(u), _) => u.to_string(),
        (None, None, Some(f)) => float_text(f),
        (None, None, None) => number.to_string(),
    }
}

fn float_text(f: f64) -> String {
    let magnitude = f.abs();
    if magnitude != 0.0 && !(1e-6..1e21).contains(&magnitude) {
        // Rust writes `1e21` and `1e-7`; Go writes `1e+21` and (after json's clean-up of
        // `e-07`) `1e-7`.
        let text = format!("{f:e}");
        match text.split_once('e') {
            Some((mantissa, exponent)) if !exponent.starts_with('-') => format!("{mantissa}e+{exponent}"),
            _ => text,
        }
    } else {
        format!("{f}")
    }
}

/// The integer `strconv.ParseInt` reads from the number's JSON text, if it is one: `10.0`
/// arrives as `10` and is one, `1.5` and `1e+21` are not.
pub(super) fn integer(number: &Number) -> Option<i128> {
    number_text(number).parse().ok()
}

/// The text `Quantity.UnmarshalJSON` parses: a string without its quotes and surrounding
/// space, a number as JSON writes it, `0` for null (the zero Quantity). A boolean, a list
/// or an object reaches `ParseQuantity` as its JSON text, which never parses; its first
/// character is enough to fail the same way.
pub(super) fn quantity_text(value: &Value) -> String {
    match value {
        Value::Null => "0".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => number_text(n),
        Value::String(s) => s.trim().to_owned(),
        Value::Sequence(_) => "[".to_owned(),
        Value::Mapping(_) => "{".to_owned(),
        Value::Tagged(tagged) => quantity_text(&tagged.value),
    }
}

/// `json.UnmarshalTypeError.Error()`: `owner` is the Go struct holding the field, `field`
/// the JSON path of struct fields from the root.
pub(super) fn unmarshal_type_error(found: &str, owner: Option<&str>, field: &str, go_type: &str) -> String {
    match owner {
        Some(owner) => format!("json: cannot unmarshal {found} into Go struct field {owner}.{field} of type {go_type}"),
        None => format!("json: cannot unmarshal {found} into Go value of type {go_type}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(text: &str) -> Number {
        match serde_yaml::from_str(text) {
            Ok(Value::Number(n)) => n,
            other => panic!("{text} is not a YAML number: {other:?}"),
        }
    }

    #[test]
    fn numbers_are_spelled_as_go_marshals_them() {
        assert_eq!(number_text(&number("10")), "10");
        assert_eq!(number_text(&number("10.0")), "10");
        assert_eq!(number_text(&number("1.5")), "1.5");
        assert_eq!(number_text(&number("1e21")), "1e+21");
        assert_eq!(number_text(&number("1.0e20")), "100000000000000000000");
        assert_eq!(number_text(&number("0.0000001")), "1e-7");
        assert_eq!(number_text(&number("-0.5")), "-0.5");
    }

    #[test]
    fn integral_floats_are_integers() {
        assert_eq!(integer(&number("10.0")), Some(10));
        assert_eq!(integer(&number("-3")), Some(-3));
        assert_eq!(integer(&number("1.5")), None);
        assert_eq!(integer(&number("1e21")), None);
    }

    #[test]
    fn type_errors_read_as_encoding_json_words_them() {
        assert_eq!(
            unmarshal_type_error("string", Some("DaemonSetSpec"), "spec.minReadySeconds", "int32"),
            "json: cannot unmarshal string into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32"
        );
        assert_eq!(unmarshal_type_error("array", None, "", "v1.Pod"), "json: cannot unmarshal array into Go value of type v1.Pod");
    }
}
