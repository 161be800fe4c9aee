//! Bad values rendered as `field.Error.ErrorBody` prints them (apimachinery since v1.34):
//! a string with Go's `%q`, an int32, int64 or bool with `%v`, and any other value as
//! `json.Marshal` writes it: map keys sorted, no spaces, `<`, `>` and `&` escaped, types
//! with a `MarshalJSON` (IntOrString, Quantity, Time) through it. The internal `core` and
//! `apps` types upstream validates have no json tags, so their fields are named as in Go
//! (`{"Key":"a",...}`); apimachinery's `metav1` types use their tags and `omitempty`.

use std::collections::BTreeMap;

use k8s_openapi::api::apps::v1::DaemonSetUpdateStrategy;
use k8s_openapi::api::core::v1::{SeccompProfile, SecurityContext, Taint, Toleration};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{LabelSelector, LabelSelectorRequirement, Time};
use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

/// The escapes Go's `strconv.Quote` and `encoding/json` write alike.
fn shared_escape(c: char) -> Option<&'static str> {
    Some(match c {
        '"' => "\\\"",
        '\\' => "\\\\",
        '\u{8}' => "\\b",
        '\u{c}' => "\\f",
        '\n' => "\\n",
        '\r' => "\\r",
        '\t' => "\\t",
        _ => return None,
    })
}

/// `c` escaped as `\uXXXX`.
fn unicode_escape(out: &mut String, c: char) {
    out.push_str(&format!("\\u{:04x}", c as u32));
}

/// Go's `strconv.Quote`.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if let Some(escape) = shared_escape(c) {
            out.push_str(escape);
            continue;
        }
        match c {
            '\u{7}' => out.push_str("\\a"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if c != ' ' && (c.is_control() || c.is_whitespace()) && (c as u32) <= 0xffff => unicode_escape(&mut out, c),
            c if c != ' ' && (c.is_control() || c.is_whitespace()) => out.push_str(&format!("\\U{:08x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON string as Go's `encoding/json` writes it: HTML-safe, so that `<`, `>` and `&`
/// come out as `\u003c`, `\u003e` and `\u0026`.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match shared_escape(c) {
            Some(escape) => out.push_str(escape),
            None if (c as u32) < 0x20 || matches!(c, '<' | '>' | '&' | '\u{2028}' | '\u{2029}') => unicode_escape(&mut out, c),
            None => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `{"a":1,"b":2}` from fields already rendered, in the order given.
fn json_object<'k>(fields: impl IntoIterator<Item = (&'k str, String)>) -> String {
    let items: Vec<String> = fields.into_iter().map(|(k, v)| format!("{}:{v}", json_string(k))).collect();
    format!("{{{}}}", items.join(","))
}

/// A `map[string]string`: `null` when nil (Go maps marshal with their keys sorted, as a
/// `BTreeMap` iterates).
pub fn string_map(map: Option<&BTreeMap<String, String>>) -> String {
    match map {
        None => "null".to_owned(),
        Some(map) => json_object(map.iter().map(|(k, v)| (k.as_str(), json_string(v)))),
    }
}

fn string_list(values: &[String]) -> String {
    let items: Vec<String> = values.iter().map(|v| json_string(v)).collect();
    format!("[{}]", items.join(","))
}

/// `metav1.LabelSelectorRequirement`: `values` is `omitempty`, key and operator are not.
fn requirement(r: &LabelSelectorRequirement) -> String {
    let mut fields = vec![("key", json_string(&r.key)), ("operator", json_string(&r.operator))];
    if let Some(values) = r.values.as_deref().filter(|v| !v.is_empty()) {
        fields.push(("values", string_list(values)));
    }
    json_object(fields)
}

/// A `metav1.LabelSelector` (upstream passes a pointer, which marshals as what it points
/// to). Both fields are `omitempty`, so an empty selector is `{}`, however it was written.
pub fn label_selector(selector: &LabelSelector) -> String {
    let mut fields = Vec::new();
    if let Some(labels) = selector.match_labels.as_ref().filter(|m| !m.is_empty()) {
        fields.push(("matchLabels", string_map(Some(labels))));
    }
    if let Some(expressions) = selector.match_expressions.as_deref().filter(|e| !e.is_empty()) {
        let items: Vec<String> = expressions.iter().map(requirement).collect();
        fields.push(("matchExpressions", format!("[{}]", items.join(","))));
    }
    json_object(fields)
}

/// An `intstr.IntOrString`, through its `MarshalJSON`: the number or the quoted string.
pub fn int_or_string(value: &IntOrString) -> String {
    match value {
        IntOrString::Int(i) => i.to_string(),
        IntOrString::String(s) => json_string(s),
    }
}

/// A `*metav1.Time`: `null`, or RFC 3339 in UTC to the second, as its `MarshalJSON` writes.
fn time(value: Option<&Time>) -> String {
    match value.map(|t| k8s_openapi::jiff::fmt::strtime::format("%Y-%m-%dT%H:%M:%SZ", t.0)) {
        Some(Ok(text)) => json_string(&text),
        _ => "null".to_owned(),
    }
}

/// An internal `core.Toleration` (a value given with `operator: Exists`).
pub fn toleration(t: &Toleration) -> String {
    json_object([
        ("Key", json_string(t.key.as_deref().unwrap_or(""))),
        ("Operator", json_string(t.operator.as_deref().unwrap_or(""))),
        ("Value", json_string(t.value.as_deref().unwrap_or(""))),
        ("Effect", json_string(t.effect.as_deref().unwrap_or(""))),
        ("TolerationSeconds", optional(t.toleration_seconds, |s| s.to_string())),
    ])
}

fn optional<T>(value: Option<T>, render: impl FnOnce(T) -> String) -> String {
    value.map_or_else(|| "null".to_owned(), render)
}

fn optional_list(values: Option<&[String]>) -> String {
    optional(values, string_list)
}

/// An internal `core.SeccompProfile` or `core.AppArmorProfile`, which have one shape.
fn profile(type_: &str, localhost_profile: Option<&str>) -> String {
    json_object([("Type", json_string(type_)), ("LocalhostProfile", optional(localhost_profile, json_string))])
}

/// An internal `core.SeccompProfile`.
pub fn seccomp_profile(p: &SeccompProfile) -> String {
    profile(&p.type_, p.localhost_profile.as_deref())
}

/// An internal `core.SecurityContext`, its fields in the order Go declares them.
pub fn security_context(sc: &SecurityContext) -> String {
    let capabilities = optional(sc.capabilities.as_ref(), |c| {
        json_object([("Add", optional_list(c.add.as_deref())), ("Drop", optional_list(c.drop.as_deref()))])
    });
    let se_linux = optional(sc.se_linux_options.as_ref(), |o| {
        json_object([
            ("User", json_string(o.user.as_deref().unwrap_or(""))),
            ("Role", json_string(o.role.as_deref().unwrap_or(""))),
            ("Type", json_string(o.type_.as_deref().unwrap_or(""))),
            ("Level", json_string(o.level.as_deref().unwrap_or(""))),
        ])
    });
    let windows = optional(sc.windows_options.as_ref(), |o| {
        json_object([
            ("GMSACredentialSpecName", optional(o.gmsa_credential_spec_name.as_deref(), json_string)),
            ("GMSACredentialSpec", optional(o.gmsa_credential_spec.as_deref(), json_string)),
            ("RunAsUserName", optional(o.run_as_user_name.as_deref(), json_string)),
            ("HostProcess", optional(o.host_process, |b| b.to_string())),
        ])
    });
    let app_armor = optional(sc.app_armor_profile.as_ref(), |p| profile(&p.type_, p.localhost_profile.as_deref()));
    json_object([
        ("Capabilities", capabilities),
        ("Privileged", optional(sc.privileged, |b| b.to_string())),
        ("SELinuxOptions", se_linux),
        ("WindowsOptions", windows),
        ("RunAsUser", optional(sc.run_as_user, |n| n.to_string())),
        ("RunAsGroup", optional(sc.run_as_group, |n| n.to_string())),
        ("RunAsNonRoot", optional(sc.run_as_non_root, |b| b.to_string())),
        ("ReadOnlyRootFilesystem", optional(sc.read_only_root_filesystem, |b| b.to_string())),
        ("AllowPrivilegeEscalation", optional(sc.allow_privilege_escalation, |b| b.to_string())),
        ("ProcMount", optional(sc.proc_mount.as_deref(), json_string)),
        ("SeccompProfile", optional(sc.seccomp_profile.as_ref(), seccomp_profile)),
        ("AppArmorProfile", app_armor),
    ])
}

/// An internal `core.Taint` (the duplicate-taint error).
pub fn taint(t: &Taint) -> String {
    json_object([
        ("Key", json_string(&t.key)),
        ("Value", json_string(t.value.as_deref().unwrap_or(""))),
        ("Effect", json_string(&t.effect)),
        ("TimeAdded", time(t.time_added.as_ref())),
    ])
}

/// An internal `apps.DaemonSetUpdateStrategy` (upstream passes a pointer). Its
/// `RollingUpdateDaemonSet` holds the two budgets as values, and conversion turns an unset
/// v1 budget into the zero IntOrString, which marshals as `0`.
pub fn update_strategy(strategy: &DaemonSetUpdateStrategy) -> String {
    let zero = IntOrString::Int(0);
    let rolling = match &strategy.rolling_update {
        None => "null".to_owned(),
        Some(rolling) => json_object([
            ("MaxUnavailable", int_or_string(rolling.max_unavailable.as_ref().unwrap_or(&zero))),
            ("MaxSurge", int_or_string(rolling.max_surge.as_ref().unwrap_or(&zero))),
        ]),
    };
    json_object([("Type", json_string(strategy.type_.as_deref().unwrap_or(""))), ("RollingUpdate", rolling)])
}

#[cfg(test)]
mod tests {
    use k8s_openapi::api::apps::v1::RollingUpdateDaemonSet;

    use super::*;

    #[test]
    fn quotes_like_go() {
        assert_eq!(quote("abc"), "\"abc\"");
        assert_eq!(quote("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
        assert_eq!(quote("\u{1}"), "\"\\x01\"");
        assert_eq!(quote("héllo"), "\"héllo\"");
    }

    #[test]
    fn json_strings_are_html_safe_as_encoding_json_writes_them() {
        assert_eq!(json_string("a<b>&c"), r#""a\u003cb\u003e\u0026c""#);
        assert_eq!(json_string("q\"\\\n\u{1}é"), r#""q\"\\\n\u0001é""#);
    }

    #[test]
    fn maps_are_json_with_sorted_keys_and_nil_is_null() {
        let labels: BTreeMap<String, String> =
            [("tier".to_owned(), "node".to_owned()), ("name".to_owned(), "fluentd".to_owned())].into();
        assert_eq!(string_map(Some(&labels)), r#"{"name":"fluentd","tier":"node"}"#);
        assert_eq!(string_map(Some(&BTreeMap::new())), "{}");
        assert_eq!(string_map(None), "null");
    }

    #[test]
    fn label_selectors_use_their_json_tags_and_omit_empty_fields() {
        let labels: BTreeMap<String, String> = [("app".to_owned(), "other".to_owned())].into();
        let empty = LabelSelector { match_labels: Some(BTreeMap::new()), match_expressions: None };
        assert_eq!(label_selector(&empty), "{}");
        let with_labels = LabelSelector { match_labels: Some(labels), match_expressions: Some(Vec::new()) };
        assert_eq!(label_selector(&with_labels), r#"{"matchLabels":{"app":"other"}}"#);
        let exists = LabelSelectorRequirement { key: "a".into(), operator: "Exists".into(), values: None };
        let is_in = LabelSelectorRequirement { key: "b".into(), operator: "In".into(), values: Some(vec!["x".into()]) };
        let expressions = LabelSelector { match_labels: None, match_expressions: Some(vec![exists, is_in]) };
        assert_eq!(
            label_selector(&expressions),
            r#"{"matchExpressions":[{"key":"a","operator":"Exists"},{"key":"b","operator":"In","values":["x"]}]}"#
        );
    }

    #[test]
    fn int_or_string_marshals_as_what_it_holds() {
        assert_eq!(int_or_string(&IntOrString::Int(1)), "1");
        assert_eq!(int_or_string(&IntOrString::String("5%".into())), r#""5%""#);
    }

    #[test]
    fn internal_types_are_named_by_their_go_fields() {
        let t = Taint { key: "a".into(), value: Some("b".into()), effect: "NoSchedule".into(), time_added: None };
        assert_eq!(taint(&t), r#"{"Key":"a","Value":"b","Effect":"NoSchedule","TimeAdded":null}"#);
        let added = Time("2024-05-06T07:08:09.5Z".parse().unwrap_or_else(|e| panic!("{e}")));
        let t = Taint { time_added: Some(added), ..t };
        assert_eq!(taint(&t), r#"{"Key":"a","Value":"b","Effect":"NoSchedule","TimeAdded":"2024-05-06T07:08:09Z"}"#);
        let recreate = DaemonSetUpdateStrategy { type_: Some("Recreate".into()), rolling_update: None };
        assert_eq!(update_strategy(&recreate), r#"{"Type":"Recreate","RollingUpdate":null}"#);
        let rolling = RollingUpdateDaemonSet { max_unavailable: Some(IntOrString::Int(1)), max_surge: None };
        let with_budget = DaemonSetUpdateStrategy { rolling_update: Some(rolling), ..recreate };
        assert_eq!(update_strategy(&with_budget), r#"{"Type":"Recreate","RollingUpdate":{"MaxUnavailable":1,"MaxSurge":0}}"#);
    }
}
