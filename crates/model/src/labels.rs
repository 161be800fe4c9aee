//! Label selectors (`matchLabels`, `matchExpressions`) and their matching.
//!
//! Reproduces apimachinery `pkg/labels/selector.go` (`NewRequirement`, `Requirement.Matches`,
//! `Requirement.String`, `Selector.Add` sorting by key) and `metav1.LabelSelectorAsSelector`
//! / `FormatLabelSelector` from `pkg/apis/meta/v1/helpers.go`.

use std::collections::BTreeMap;
use std::fmt;

use k8s_openapi::apimachinery::pkg::apis::meta::v1::LabelSelector;

/// `selection.Operator`, restricted to the ones selectors built from API objects use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    Equals,
    In,
    NotIn,
    Exists,
    DoesNotExist,
    /// Only from node selector requirements (`Gt`).
    GreaterThan,
    /// Only from node selector requirements (`Lt`).
    LessThan,
}

/// One validated requirement: `labels.Requirement`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    key: String,
    operator: Operator,
    values: Vec<String>,
}

/// `validation.IsQualifiedName`: the messages for a label key (empty when valid).
pub fn qualified_name_errors(value: &str) -> Vec<String> {
    crate::validation::names::is_qualified_name(value)
}

/// `validation.IsValidLabelValue`: the messages for a label value (empty when valid).
pub fn label_value_errors(value: &str) -> Vec<String> {
    crate::validation::names::is_valid_label_value(value)
}

/// `field.ErrorList.ToAggregate().Error()`: one error alone, several in brackets.
fn aggregate(errs: Vec<String>) -> Result<(), String> {
    if errs.is_empty() {
        return Ok(());
    }
    Err(crate::aggregate::aggregate_text(&errs))
}

fn go_quote_list(values: &[String]) -> String {
    let inner: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
    format!("[]string{{{}}}", inner.join(", "))
}

impl Requirement {
    /// `labels.NewRequirement`: validates the key, the value count for the operator and
    /// every value. `path` prefixes field names in errors (empty for a bare selector).
    pub fn new(key: &str, operator: Operator, values: Vec<String>, path: &str) -> Result<Self, String> {
        let child = |c: &str| if path.is_empty() { c.to_string() } else { format!("{path}.{c}") };
        let mut errs = Vec::new();
        let key_errs = qualified_name_errors(key);
        if !key_errs.is_empty() {
            errs.push(format!("{}: Invalid value: {key:?}: {}", child("key"), key_errs.join("; ")));
        }
        let values_path = child("values");
        let count_err = match operator {
            Operator::In | Operator::NotIn if values.is_empty() => {
                Some("for 'in', 'notin' operators, values set can't be empty")
            }
            Operator::Equals if values.len() != 1 => Some("exact-match compatibility requires one single value"),
            Operator::Exists | Operator::DoesNotExist if !values.is_empty() => {
                Some("values set must be empty for exists and does not exist")
            }
            Operator::GreaterThan | Operator::LessThan if values.len() != 1 => {
                Some("for 'Gt', 'Lt' operators, exactly one value is required")
            }
            _ => None,
        };
        if let Some(msg) = count_err {
            errs.push(format!("{values_path}: Invalid value: {}: {msg}", go_quote_list(&values)));
        }
        if matches!(operator, Operator::GreaterThan | Operator::LessThan) {
            for (i, v) in values.iter().enumerate() {
                if v.parse::<i64>().is_err() {
                    errs.push(format!(
                        "{values_path}[{i}]: Invalid value: {v:?}: for 'Gt', 'Lt' operators, the value must be an integer"
                    ));
                }
            }
        }
        for (i, v) in values.iter().enumerate() {
            let value_errs = label_value_errors(v);
            if !value_errs.is_empty() {
                errs.push(format!("{values_path}[{i}][{key}]: Invalid value: {v:?}: {}", value_errs.join("; ")));
            }
        }
        aggregate(errs)?;
        Ok(Requirement { key: key.to_string(), operator, values })
    }

    pub fn key(&self) -> &str {
        &self.key
    }
    pub fn operator(&self) -> Operator {
        self.operator
    }
    pub fn values(&self) -> &[String] {
        &self.values
    }

    /// `Requirement.Matches`.
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        let value = labels.get(&self.key);
        match self.operator {
            Operator::Equals | Operator::In => value.is_some_and(|v| self.values.contains(v)),
            Operator::NotIn => value.is_none_or(|v| !self.values.contains(v)),
            Operator::Exists => value.is_some(),
            Operator::DoesNotExist => value.is_none(),
            Operator::GreaterThan | Operator::LessThan => {
                let Some(have) = value.and_then(|v| v.parse::<i64>().ok()) else {
                    return false;
                };
                let [want] = self.values.as_slice() else {
                    return false;
                };
                let Ok(want) = want.parse::<i64>() else {
                    return false;
                };
                if self.operator == Operator::GreaterThan {
                    have > want
                } else {
                    have < want
                }
            }
        }
    }
}

impl fmt::Display for Requirement {
    /// `Requirement.String`: `k=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`, `k>1`, `k<1`;
    /// several values are printed sorted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sorted = self.values.clone();
        crate::sorting::sort(&mut sorted);
        let joined = sorted.join(",");
        match self.operator {
            Operator::Exists => write!(f, "{}", self.key),
            Operator::DoesNotExist => write!(f, "!{}", self.key),
            Operator::Equals => write!(f, "{}={joined}", self.key),
            Operator::In => write!(f, "{} in ({joined})", self.key),
            Operator::NotIn => write!(f, "{} notin ({joined})", self.key),
            Operator::GreaterThan => write!(f, "{}>{joined}", self.key),
            Operator::LessThan => write!(f, "{}<{joined}", self.key),
        }
    }
}

/// A parsed selector: `labels.Selector`. `Nothing` matches no object (a nil selector).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selector {
    Nothing,
    /// Requirements sorted by key; empty means everything.
    Requirements(Vec<Requirement>),
}

impl Selector {
    pub fn everything() -> Self {
        Selector::Requirements(Vec::new())
    }

    /// `labels.NewSelector().Add(reqs...)`: requirements are kept sorted by key.
    pub fn from_requirements(mut requirements: Vec<Requirement>) -> Self {
        crate::sorting::sort_by(&mut requirements, |a, b| a.key.cmp(&b.key));
        Selector::Requirements(requirements)
    }

    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        match self {
            Selector::Nothing => false,
            Selector::Requirements(reqs) => reqs.iter().all(|r| r.matches(labels)),
        }
    }

    pub fn is_everything(&self) -> bool {
        matches!(self, Selector::Requirements(r) if r.is_empty())
    }

    pub fn requirements(&self) -> &[Requirement] {
        match self {
            Selector::Nothing => &[],
            Selector::Requirements(r) => r,
        }
    }
}

impl fmt::Display for Selector {
    /// `Selector.String`: requirements joined by commas (empty for everything and nothing).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.requirements().iter().map(ToString::to_string).collect();
        f.write_str(&parts.join(","))
    }
}

/// `metav1.LabelSelectorAsSelector` for a present selector: empty selects everything.
pub fn parse_selector(sel: &LabelSelector) -> Result<Selector, String> {
    if selector_is_empty(sel) {
        return Ok(Selector::everything());
    }
    let mut reqs = Vec::new();
    for (k, v) in sel.match_labels.iter().flatten() {
        reqs.push(Requirement::new(k, Operator::Equals, vec![v.clone()], "")?);
    }
    for expr in sel.match_expressions.iter().flatten() {
        let op = match expr.operator.as_str() {
            "In" => Operator::In,
            "NotIn" => Operator::NotIn,
            "Exists" => Operator::Exists,
            "DoesNotExist" => Operator::DoesNotExist,
            other => return Err(format!("{other:?} is not a valid label selector operator")),
        };
        reqs.push(Requirement::new(&expr.key, op, expr.values.clone().unwrap_or_default(), "")?);
    }
    Ok(Selector::from_requirements(reqs))
}

/// Whether the selector has neither `matchLabels` nor `matchExpressions` (selects everything).
pub fn selector_is_empty(sel: &LabelSelector) -> bool {
    sel.match_labels.as_ref().is_none_or(BTreeMap::is_empty)
        && sel.match_expressions.as_ref().is_none_or(Vec::is_empty)
}

/// Whether `labels` match; an invalid selector matches nothing (as when
/// `LabelSelectorAsSelector` errors and the caller skips the object).
pub fn selector_matches(sel: &LabelSelector, labels: &BTreeMap<String, String>) -> bool {
    parse_selector(sel).is_ok_and(|s| s.matches(labels))
}

/// `metav1.FormatLabelSelector`, as kubectl prints it: `<none>` when empty, `<error>` if invalid.
pub fn format_label_selector(sel: Option<&LabelSelector>) -> String {
    let parsed = match sel {
        None => Ok(Selector::Nothing),
        Some(s) => parse_selector(s),
    };
    match parsed {
        Err(_) => "<error>".to_string(),
        Ok(s) => {
            let text = s.to_string();
            if text.is_empty() {
                "<none>".to_string()
            } else {
                text
            }
        }
    }
}
