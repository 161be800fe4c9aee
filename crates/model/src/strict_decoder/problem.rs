//! What a value of a playground document gets wrong, kept as a value beside serde's
//! English message, so that the page can say it in its own language. (The Kubernetes
//! dialect's errors are the API server's words and stay text.)

use serde::de::Unexpected;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeProblem {
    /// A value the type does not take; `expected` is serde's name for what it takes
    /// (`u32`, `a boolean`, `struct Taint`).
    Unexpected { found: Found, expected: String },
    UnknownVariant { variant: String, expected: &'static [&'static str] },
    MissingField { field: &'static str },
    UnknownField,
}

/// A value as the document holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A scalar as it would be written: `"lots"`, `-2`, `2.5`, `true`.
    Scalar(String),
    List,
    Mapping,
    Nothing,
}

impl Found {
    /// A YAML value as the decoder names what it found.
    pub fn of(value: &serde_yaml::Value) -> Found {
        Found::from(super::deserializer::unexpected(value))
    }
}

impl From<Unexpected<'_>> for Found {
    fn from(unexpected: Unexpected<'_>) -> Self {
        match unexpected {
            Unexpected::Seq => Found::List,
            Unexpected::Map => Found::Mapping,
            Unexpected::Unit | Unexpected::Option => Found::Nothing,
            Unexpected::Str(text) => Found::Scalar(format!("{text:?}")),
            Unexpected::Bool(b) => Found::Scalar(b.to_string()),
            Unexpected::Unsigned(n) => Found::Scalar(n.to_string()),
            Unexpected::Signed(n) => Found::Scalar(n.to_string()),
            // serde's words for the rest (`floating point `2.5``), without the kind.
            other => {
                let words = other.to_string();
                let value = words.split_once(" `").map_or(words.as_str(), |(_, value)| value);
                Found::Scalar(value.trim_end_matches('`').to_owned())
            }
        }
    }
}

/// serde's list of names (one at least): `` `a` ``, `` `a` or `b` ``, `` one of `a`, `b`, `c` ``.
pub fn one_of<S: AsRef<str>>(names: &[S]) -> String {
    let quoted: Vec<String> = names.iter().map(|name| format!("`{}`", name.as_ref())).collect();
    match quoted.as_slice() {
        [] | [_] => quoted.concat(),
        [a, b] => format!("{a} or {b}"),
        all => format!("one of {}", all.join(", ")),
    }
}
