//! The text upstream's `DeepHashObject` (k8s.io/utils `dump.ForHash`: go-spew with
//! `%#v`, sorted map keys, methods disabled) prints for a `v1.PodTemplateSpec`, the input
//! of `controller.ComputeHash`.
//!
//! Go's printer walks the Go structs, so every field of the Go type is printed, set or not,
//! in declaration order, with its Go type name. `deep_hash_types.txt` holds that layout for
//! Kubernetes v1.36 (core/v1 and the apimachinery types it uses), one type a line, a line's
//! number being the type's index:
//! `{name;Field:idx;...}` a struct (a field's JSON name is its Go name with a lower-case
//! first letter unless written `Field=json`; `Field=` is an inlined field), `*idx` a
//! pointer, `[idx` a slice, `mK,V[,name]` a map, `s`/`i`/`u`/`b` + name a string, signed,
//! unsigned or bool kind, and `Q`, `T`, `O` for `resource.Quantity`, `v1.Time` and
//! `intstr.IntOrString`, whose unexported insides are written out here.
//!
//! The template is read as JSON, as the controller's informer would have decoded it from
//! the API server's protobuf: an empty list or map is nil, a quantity is the parse of its
//! canonical text (`Quantity.String()`), which decides whether the parse cached that text.

use std::fmt::Write;
use std::sync::OnceLock;

use dsplay_model::quantity::parse_quantity;
use serde_json::Value;

use super::go_quantity::{go_quantity, GoQuantity};
use dsplay_model::quantity::canonical_text;

const TABLE: &str = include_str!("deep_hash_types.txt");

enum Ty {
    Scalar(u8, &'static str),
    Ptr(usize),
    Slice(usize),
    Map(usize, usize, Option<&'static str>),
    Struct(&'static str, Vec<Field>),
    Quantity,
    Time,
    IntOrString,
}

struct Field {
    go: &'static str,
    /// `None` for an inlined field, which reads the enclosing JSON object.
    json: Option<String>,
    ty: usize,
}

struct Table {
    types: Vec<Ty>,
    /// Go's name of each type, as `reflect.Type.String()` gives it.
    names: Vec<String>,
}

fn types() -> &'static Table {
    static TYPES: OnceLock<Table> = OnceLock::new();
    TYPES.get_or_init(|| {
        let types: Vec<Ty> = TABLE.lines().map(parse_line).collect();
        let names = (0..types.len()).map(|i| type_name(&types, i)).collect();
        Table { types, names }
    })
}

fn table() -> &'static [Ty] {
    &types().types
}

fn name(ty: usize) -> &'static str {
    &types().names[ty]
}

fn index(s: &str) -> usize {
    s.parse().unwrap_or(0)
}

fn parse_line(line: &'static str) -> Ty {
    let (tag, rest) = line.split_at(1);
    match tag {
        "*" => Ty::Ptr(index(rest)),
        "[" => Ty::Slice(index(rest)),
        "m" => {
            let mut parts = rest.split(',');
            Ty::Map(index(parts.next().unwrap_or("")), index(parts.next().unwrap_or("")), parts.next())
        }
        "Q" => Ty::Quantity,
        "T" => Ty::Time,
        "O" => Ty::IntOrString,
        "{" => {
            let mut parts = rest.split(';');
            let name = parts.next().unwrap_or("");
            let fields = parts
                .map(|f| {
                    let (name, ty) = f.split_once(':').unwrap_or((f, "0"));
                    let (go, json) = match name.split_once('=') {
                        Some((go, "")) => (go, None),
                        Some((go, json)) => (go, Some(json.to_owned())),
                        None => {
                            let mut chars = name.chars();
                            let first = chars.next().map(|c| c.to_ascii_lowercase());
                            (name, Some(first.into_iter().chain(chars).collect()))
                        }
                    };
                    Field { go, json, ty: index(ty) }
                })
                .collect();
            Ty::Struct(name, fields)
        }
        _ => Ty::Scalar(tag.as_bytes()[0], rest),
    }
}

fn type_name(types: &[Ty], ty: usize) -> String {
    match &types[ty] {
        Ty::Scalar(_, name) | Ty::Struct(name, _) | Ty::Map(_, _, Some(name)) => (*name).to_owned(),
        Ty::Ptr(elem) => format!("*{}", type_name(types, *elem)),
        Ty::Slice(elem) => format!("[]{}", type_name(types, *elem)),
        Ty::Map(key, value, None) => format!("map[{}]{}", type_name(types, *key), type_name(types, *value)),
        Ty::Quantity => "resource.Quantity".to_owned(),
        Ty::Time => "v1.Time".to_owned(),
        Ty::IntOrString => "intstr.IntOrString".to_owned(),
    }
}

/// go-spew's `%#v` walk. `ignore_next_type` is spew's flag of the same meaning: set before
/// a slice element, map key or value, or a pointer's target, whose type is not printed.
struct Printer {
    out: String,
    ignore_next_type: bool,
}

/// A JSON value as Go decodes it: absent, `null` and (after protobuf) empty collections
/// are the zero value.
fn present(value: Option<&Value>) -> Option<&Value> {
    match value? {
        Value::Null => None,
        Value::Array(a) if a.is_empty() => None,
        Value::Object(m) if m.is_empty() => None,
        v => Some(v),
    }
}

impl Printer {
    fn value(&mut self, ty: usize, value: Option<&Value>) {
        if let Ty::Ptr(elem) = table()[ty] {
            return self.pointer(ty, elem, value);
        }
        if !self.ignore_next_type {
            self.out.push('(');
            self.out.push_str(name(ty));
            self.out.push(')');
        }
        self.ignore_next_type = false;
        match &table()[ty] {
            Ty::Scalar(kind, _) => self.scalar(*kind, value),
            Ty::Slice(elem) => match present(value) {
                Some(Value::Array(items)) => {
                    self.out.push('[');
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            self.out.push(' ');
                        }
                        self.ignore_next_type = true;
                        self.value(*elem, Some(item));
                    }
                    self.out.push(']');
                }
                _ => self.out.push_str("<nil>"),
            },
            Ty::Map(key, elem, _) => match present(value) {
                Some(Value::Object(map)) => {
                    let mut entries: Vec<_> = map.iter().collect();
                    dsplay_model::sorting::sort_by(&mut entries, |a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
                    self.out.push_str("map[");
                    for (i, (k, v)) in entries.into_iter().enumerate() {
                        if i > 0 {
                            self.out.push(' ');
                        }
                        self.ignore_next_type = true;
                        self.value(*key, Some(&Value::String(k.clone())));
                        self.out.push(':');
                        self.ignore_next_type = true;
                        self.value(*elem, Some(v));
                    }
                    self.out.push(']');
                }
                _ => self.out.push_str("<nil>"),
            },
            Ty::Struct(_, fields) => {
                let object = value.and_then(Value::as_object);
                self.out.push('{');
                for (i, field) in fields.iter().enumerate() {
                    if i > 0 {
                        self.out.push(' ');
                    }
                    self.out.push_str(field.go);
                    self.out.push(':');
                    let inner = match &field.json {
                        None => value,
                        Some(json) => object.and_then(|o| o.get(json)),
                    };
                    self.value(field.ty, inner);
                }
                self.out.push('}');
            }
            Ty::Quantity => self.quantity(value.and_then(Value::as_str)),
            Ty::Time => self.time(value.and_then(Value::as_str)),
            Ty::IntOrString => {
                let (kind, int, string) = match value {
                    Some(Value::String(s)) => (1, 0, s.as_str()),
                    Some(v) => (0, v.as_i64().unwrap_or(0), ""),
                    None => (0, 0, ""),
                };
                let _ = write!(self.out, "{{Type:(intstr.Type){kind} IntVal:(int32){int} StrVal:(string){string}}}");
            }
            Ty::Ptr(_) => {}
        }
    }

    fn scalar(&mut self, kind: u8, value: Option<&Value>) {
        match (kind, value) {
            (b's', Some(Value::String(s))) => self.out.push_str(s),
            (b's', _) => {}
            (b'b', v) => self.out.push_str(if v.and_then(Value::as_bool).unwrap_or(false) { "true" } else { "false" }),
            (_, Some(Value::Number(n))) => self.out.push_str(&n.to_string()),
            _ => self.out.push('0'),
        }
    }

    /// spew's `formatPtr` for one level of pointer.
    fn pointer(&mut self, ty: usize, elem: usize, value: Option<&Value>) {
        let value = value.filter(|v| !v.is_null());
        match value {
            None if self.ignore_next_type => self.out.push_str("<nil>"),
            None => {
                self.out.push('(');
                self.out.push_str(name(ty));
                self.out.push_str(")<nil>");
            }
            Some(v) => {
                if self.ignore_next_type {
                    self.out.push_str("<*>");
                } else {
                    self.out.push_str("(*");
                    self.out.push_str(name(elem));
                    self.out.push(')');
                }
                self.ignore_next_type = true;
                self.value(elem, Some(v));
            }
        }
    }

    fn quantity(&mut self, text: Option<&str>) {
        let go = text.and_then(|t| parse_quantity(t).ok()).map(|q| go_quantity(&canonical_text(q.nano_value(), q.format())));
        let go = go.unwrap_or(GoQuantity { value: 0, scale: 0, dec: None, cached: String::new(), format: "" });
        let _ = write!(
            self.out,
            "{{i:(resource.int64Amount){{value:(int64){} scale:(resource.Scale){}}} d:(resource.infDecAmount){{Dec:",
            go.value, go.scale
        );
        match &go.dec {
            None => self.out.push_str("(*inf.Dec)<nil>"),
            Some((neg, words, scale)) => {
                let words: Vec<String> = words.iter().map(u64::to_string).collect();
                let _ = write!(
                    self.out,
                    "(*inf.Dec){{unscaled:(big.Int){{neg:(bool){neg} abs:(big.nat)[{}]}} scale:(inf.Scale){scale}}}",
                    words.join(" ")
                );
            }
        }
        let _ = write!(self.out, "}} s:(string){} Format:(resource.Format){}}}", go.cached, go.format);
    }

    /// Only the zero time is written as Go holds it; a set time (never in a template the
    /// API server accepted from kubectl) prints as zero too.
    fn time(&mut self, _text: Option<&str>) {
        self.out.push_str("{Time:(time.Time){wall:(uint64)0 ext:(int64)0 loc:(*time.Location)<nil>}}");
    }
}

/// The `%#v` text of a pod template given as its JSON.
pub fn deep_hash_text(template: &Value) -> String {
    let mut printer = Printer { out: String::with_capacity(16 * 1024), ignore_next_type: false };
    printer.value(0, Some(template));
    printer.out
}

#[cfg(test)]
#[path = "deep_hash_tests.rs"]
mod tests;
