//! Bad values rendered the way `field.Error.ErrorBody` prints them: strings with Go's `%q`,
//! numbers with `%v`, types with a `String()` method through it, anything else with `%#v`.
//! The type names are those of the Go types upstream validates (internal `core`/`apps`
//! types, `v1` for apimachinery's meta types).

use std::collections::BTreeMap;

use k8s_openapi::api::core::v1::Taint;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{LabelSelector, LabelSelectorRequirement};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

/// Go's `strconv.Quote`.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if c != ' ' && (c.is_control() || c.is_whitespace()) => {
                if (c as u32) <= 0xffff {
                    out.push_str(&format!("\\u{:04x}", c as u32));
                } else {
                    out.push_str(&format!("\\U{:08x}", c as u32));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `%#v` of a `map[string]string` (Go prints map keys sorted).
pub fn string_map(map: Option<&BTreeMap<String, String>>) -> String {
    match map {
        None => "map[string]string(nil)".to_owned(),
        Some(map) => {
            let items: Vec<String> =
                map.iter().map(|(k, v)| format!("{}:{}", quote(k), quote(v))).collect();
            format!("map[string]string{{{}}}", items.join(", "))
        }
    }
}

/// `%#v` of a `[]string`.
pub fn string_slice(values: Option<&Vec<String>>) -> String {
    match values {
        None => "[]string(nil)".to_owned(),
        Some(values) => {
            let items: Vec<String> = values.iter().map(|v| quote(v)).collect();
            format!("[]string{{{}}}", items.join(", "))
        }
    }
}

fn requirement(r: &LabelSelectorRequirement) -> String {
    format!(
        "v1.LabelSelectorRequirement{{Key:{}, Operator:{}, Values:{}}}",
        quote(&r.key),
        quote(&r.operator),
        string_slice(r.values.as_ref())
    )
}

/// `%#v` of a `metav1.LabelSelector` (upstream passes a pointer, which is dereferenced).
/// An empty map prints as nil: the document layer keeps a literal `selector: {}` as
/// `{matchLabels: {}}` only to tell it from a missing selector (see
/// `document::keep_empty_selector`), and JSON gives Go a nil map for `{}`.
pub fn label_selector(selector: &LabelSelector) -> String {
    let labels = selector.match_labels.as_ref().filter(|m| !m.is_empty());
    let expressions = match &selector.match_expressions {
        None => "[]v1.LabelSelectorRequirement(nil)".to_owned(),
        Some(list) => {
            let items: Vec<String> = list.iter().map(requirement).collect();
            format!("[]v1.LabelSelectorRequirement{{{}}}", items.join(", "))
        }
    };
    format!(
        "v1.LabelSelector{{MatchLabels:{}, MatchExpressions:{}}}",
        string_map(labels),
        expressions
    )
}

/// `%#v` of an `intstr.IntOrString` value. Only its pointer type has `String()`, and
/// the internal types hold the value, so `ErrorBody` falls back to `%#v`, as real API
/// server messages show (`intstr.IntOrString{Type:1, IntVal:0, StrVal:"110%"}`).
pub fn int_or_string(value: &IntOrString) -> String {
    match value {
        IntOrString::Int(i) => format!("intstr.IntOrString{{Type:0, IntVal:{i}, StrVal:\"\"}}"),
        IntOrString::String(s) => format!("intstr.IntOrString{{Type:1, IntVal:0, StrVal:{}}}", quote(s)),
    }
}

/// `%#v` of a `core.Taint` (used for the duplicate-taint error).
pub fn taint(t: &Taint) -> String {
    let time_added = match &t.time_added {
        None => "(*v1.Time)(nil)".to_owned(),
        Some(time) => format!("time.Date({:?})", time.0),
    };
    format!(
        "core.Taint{{Key:{}, Value:{}, Effect:{}, TimeAdded:{}}}",
        quote(&t.key),
        quote(t.value.as_deref().unwrap_or("")),
        quote(&t.effect),
        time_added
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_like_go() {
        assert_eq!(quote("abc"), "\"abc\"");
        assert_eq!(quote("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
        assert_eq!(quote("\u{1}"), "\"\\x01\"");
        assert_eq!(quote("héllo"), "\"héllo\"");
    }

    #[test]
    fn maps_and_selectors() {
        let mut m = BTreeMap::new();
        m.insert("name".to_owned(), "fluentd".to_owned());
        assert_eq!(string_map(Some(&m)), r#"map[string]string{"name":"fluentd"}"#);
        assert_eq!(string_map(None), "map[string]string(nil)");
        let sel = LabelSelector { match_labels: Some(m), match_expressions: None };
        assert_eq!(
            label_selector(&sel),
            r#"v1.LabelSelector{MatchLabels:map[string]string{"name":"fluentd"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}"#
        );
    }
}
