//! Crossing into JavaScript: JSON-shaped values as plain objects, and errors that carry a
//! line number.

use serde_json::Value;
use wasm_bindgen::JsValue;

/// A plain JS object (or array) equal to `value`: `JSON.parse` of its text, so no class or
/// Map wrappers reach the caller.
pub fn from_json(value: &Value) -> JsValue {
    // serde_json always writes valid JSON, and JSON.parse reads any of it.
    js_sys::JSON::parse(&value.to_string()).unwrap_or(JsValue::NULL)
}

/// `new Error(message)` with `error.line = line` (a number, or null).
pub fn error_with_line(message: &str, line: Option<usize>) -> JsValue {
    let error = js_sys::Error::new(message);
    let line = line.map_or(JsValue::NULL, |l| JsValue::from_f64(l as f64));
    // Setting a property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&error, &JsValue::from_str("line"), &line);
    error.into()
}

pub fn range_error(message: &str) -> JsValue {
    js_sys::RangeError::new(message).into()
}
