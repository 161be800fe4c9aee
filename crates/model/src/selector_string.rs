//! Selectors written as text, as `kubectl get -l` and `--field-selector` take them
//! (apimachinery's `labels.Parse` and `fields.ParseSelector`): requirements separated
//! by commas; for labels `key`, `!key`, `key=value`, `key==value`, `key!=value`,
//! `key in (a,b)`, `key notin (a,b)`, `key>1`, `key<1`; for fields `=`, `==`, `!=`.

use std::collections::BTreeMap;

use crate::labels::{label_value_errors, qualified_name_errors};

/// One requirement of a label selector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabelRequirement {
    Exists(String),
    DoesNotExist(String),
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
    GreaterThan(String, i64),
    LessThan(String, i64),
}

impl LabelRequirement {
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        let number = |key: &str| labels.get(key).and_then(|v| v.parse::<i64>().ok());
        match self {
            LabelRequirement::Exists(key) => labels.contains_key(key),
            LabelRequirement::DoesNotExist(key) => !labels.contains_key(key),
            LabelRequirement::In(key, values) => labels.get(key).is_some_and(|v| values.contains(v)),
            LabelRequirement::NotIn(key, values) => labels.get(key).is_none_or(|v| !values.contains(v)),
            LabelRequirement::GreaterThan(key, bound) => number(key).is_some_and(|n| n > *bound),
            LabelRequirement::LessThan(key, bound) => number(key).is_some_and(|n| n < *bound),
        }
    }
}

/// Whether every requirement holds for `labels` (an empty selector selects everything).
pub fn labels_match(requirements: &[LabelRequirement], labels: &BTreeMap<String, String>) -> bool {
    requirements.iter().all(|r| r.matches(labels))
}

/// Parses a label selector as `labels.Parse` does (its lexer and parser); the error is
/// its message, which the API server returns in its BadRequest.
pub fn parse_label_selector(text: &str) -> Result<Vec<LabelRequirement>, String> {
    LabelParser { tokens: lex(text), at: 0 }.parse()
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    EndOfString,
    Identifier(String),
    In,
    NotIn,
    /// `!`, `!=`, `(`, `)`, `,`, `=`, `==`, `>`, `<`.
    Symbol(&'static str),
}

impl Token {
    /// The literal an error message quotes.
    fn literal(&self) -> &str {
        match self {
            Token::EndOfString => "",
            Token::Identifier(word) => word,
            Token::In => "in",
            Token::NotIn => "notin",
            Token::Symbol(symbol) => symbol,
        }
    }

    /// Where a value may stand, `in` and `notin` are plain words.
    fn as_value(&self) -> Token {
        match self {
            Token::In | Token::NotIn => Token::Identifier(self.literal().to_owned()),
            other => other.clone(),
        }
    }
}

/// The lexer's symbols, the two-character ones first so that the longest matches.
const SYMBOLS: [&str; 9] = ["!=", "==", "!", "(", ")", ",", "=", ">", "<"];

fn is_special(c: char) -> bool {
    matches!(c, '=' | '!' | '(' | ')' | ',' | '>' | '<')
}

/// Words split at white space and at the special symbols.
fn lex(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        let Some(first) = rest.chars().next() else { break };
        if is_special(first) {
            let symbol = SYMBOLS.iter().find(|s| rest.starts_with(**s)).copied().unwrap_or("!");
            tokens.push(Token::Symbol(symbol));
            rest = &rest[symbol.len()..];
            continue;
        }
        let end = rest.find(|c: char| c.is_whitespace() || is_special(c)).unwrap_or(rest.len());
        tokens.push(match &rest[..end] {
            "in" => Token::In,
            "notin" => Token::NotIn,
            word => Token::Identifier(word.to_owned()),
        });
        rest = &rest[end..];
    }
    tokens.push(Token::EndOfString);
    tokens
}

struct LabelParser {
    tokens: Vec<Token>,
    at: usize,
}

impl LabelParser {
    fn peek(&self) -> Token {
        self.tokens.get(self.at).cloned().unwrap_or(Token::EndOfString)
    }

    fn next(&mut self) -> Token {
        let token = self.peek();
        self.at = (self.at + 1).min(self.tokens.len());
        token
    }

    fn parse(mut self) -> Result<Vec<LabelRequirement>, String> {
        let mut requirements = Vec::new();
        loop {
            match self.peek().as_value() {
                Token::Identifier(_) | Token::Symbol("!") => {
                    let requirement = self.requirement().map_err(|e| format!("unable to parse requirement: {e}"))?;
                    requirements.push(requirement);
                    match self.next().as_value() {
                        Token::EndOfString => return Ok(requirements),
                        Token::Symbol(",") => {
                            let after = self.peek().as_value();
                            if !matches!(after, Token::Identifier(_) | Token::Symbol("!")) {
                                return Err(format!("found '{}', expected: identifier after ','", after.literal()));
                            }
                        }
                        other => return Err(format!("found '{}', expected: ',' or 'end of string'", other.literal())),
                    }
                }
                Token::EndOfString => return Ok(requirements),
                other => return Err(format!("found '{}', expected: !, identifier, or 'end of string'", other.literal())),
            }
        }
    }

    fn requirement(&mut self) -> Result<LabelRequirement, String> {
        let mut token = self.next().as_value();
        let negated = token == Token::Symbol("!");
        if negated {
            token = self.next().as_value();
        }
        let Token::Identifier(key) = token else {
            return Err(format!("found '{}', expected: identifier", token.literal()));
        };
        if let Some(error) = invalid("<nil>", &key, qualified_name_errors(&key)) {
            return Err(error);
        }
        let ends = matches!(self.peek().as_value(), Token::EndOfString | Token::Symbol(","));
        if negated {
            return Ok(LabelRequirement::DoesNotExist(key));
        }
        if ends {
            return Ok(LabelRequirement::Exists(key));
        }
        let operator = self.next();
        let values = match &operator {
            Token::In | Token::NotIn => self.value_list()?,
            Token::Symbol("=" | "==" | "!=" | ">" | "<") => vec![self.exact_value()?],
            other => return Err(format!("found '{}', expected: in, notin, =, ==, !=, gt, lt", other.literal())),
        };
        let integer = |value: &str| value.parse::<i64>().ok();
        let first = values.first().map(String::as_str).unwrap_or("");
        let mut errors: Vec<String> = Vec::new();
        if matches!(operator, Token::Symbol(">" | "<")) && integer(first).is_none() {
            errors.extend(invalid("values[0]", first, vec!["for 'Gt', 'Lt' operators, the value must be an integer".into()]));
        }
        for (i, value) in values.iter().enumerate() {
            errors.extend(invalid(&format!("values[{i}][{key}]"), value, label_value_errors(value)));
        }
        if !errors.is_empty() {
            return Err(crate::aggregate::aggregate_text(&errors));
        }
        let bound = integer(first).unwrap_or_default();
        Ok(match operator {
            Token::In | Token::Symbol("=" | "==") => LabelRequirement::In(key, values),
            Token::NotIn | Token::Symbol("!=") => LabelRequirement::NotIn(key, values),
            Token::Symbol(">") => LabelRequirement::GreaterThan(key, bound),
            _ => LabelRequirement::LessThan(key, bound),
        })
    }

    /// `( a, b )`, sorted and without repeats, as a string set holds them.
    fn value_list(&mut self) -> Result<Vec<String>, String> {
        let open = self.next().as_value();
        if open != Token::Symbol("(") {
            return Err(format!("found '{}' expected: '('", open.literal()));
        }
        let mut values = std::collections::BTreeSet::new();
        match self.peek().as_value() {
            Token::Symbol(")") => {
                self.next();
                values.insert(String::new());
            }
            Token::Identifier(_) | Token::Symbol(",") => loop {
                match self.next().as_value() {
                    Token::Identifier(word) => {
                        values.insert(word);
                        match self.peek().as_value() {
                            Token::Symbol(",") => {
                                self.next();
                            }
                            Token::Symbol(")") => {
                                self.next();
                                break;
                            }
                            other => return Err(format!("found '{}', expected: ',' or ')'", other.literal())),
                        }
                    }
                    Token::Symbol(",") => {
                        values.insert(String::new());
                        if self.peek().as_value() == Token::Symbol(")") {
                            self.next();
                            break;
                        }
                    }
                    Token::Symbol(")") => break,
                    other => return Err(format!("found '{}', expected: ',', or identifier", other.literal())),
                }
            },
            other => return Err(format!("found '{}', expected: ',', ')' or identifier", other.literal())),
        }
        Ok(values.into_iter().collect())
    }

    /// The one value after `=`, `==`, `!=`, `>`, `<`; none before a comma or the end.
    fn exact_value(&mut self) -> Result<String, String> {
        match self.peek().as_value() {
            Token::EndOfString | Token::Symbol(",") => Ok(String::new()),
            _ => match self.next().as_value() {
                Token::Identifier(word) => Ok(word),
                other => Err(format!("found '{}', expected: identifier", other.literal())),
            },
        }
    }
}

/// `field.Invalid(path, value, errors joined)` as text, when there are errors.
fn invalid(path: &str, value: &str, errors: Vec<String>) -> Option<String> {
    (!errors.is_empty()).then(|| format!("{path}: Invalid value: \"{value}\": {}", errors.join("; ")))
}

/// One requirement of a field selector: `field` equals (or not) `value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldRequirement {
    pub field: String,
    pub value: String,
    pub equal: bool,
}

/// Parses a field selector (`spec.nodeName=node-01,status.phase!=Running`).
pub fn parse_field_selector(text: &str) -> Result<Vec<FieldRequirement>, String> {
    let mut requirements = Vec::new();
    // `fields.ParseSelector`: terms split at commas, empty ones skipped.
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (field, value, equal) = if let Some((f, v)) = part.split_once("!=") {
            (f, v, false)
        } else if let Some((f, v)) = part.split_once("==").or_else(|| part.split_once('=')) {
            (f, v, true)
        } else {
            return Err(format!("invalid selector: '{text}'; can't understand '{part}'"));
        };
        requirements.push(FieldRequirement { field: field.trim().to_owned(), value: value.trim().to_owned(), equal });
    }
    Ok(requirements)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn label_selectors_read_and_match_as_kubectl_s() {
        let node = labels(&[("disktype", "ssd"), ("zone", "a"), ("gpus", "4")]);
        for (selector, expected) in [
            ("disktype=ssd", true),
            ("disktype==ssd,zone=a", true),
            ("disktype!=ssd", false),
            ("zone in (a, b)", true),
            ("zone notin (a)", false),
            ("gpus>2", true),
            ("gpus<2", false),
            ("accelerator", false),
            ("!accelerator", true),
            ("", true),
        ] {
            let parsed = parse_label_selector(selector).unwrap_or_else(|e| panic!("{selector}: {e}"));
            assert_eq!(labels_match(&parsed, &node), expected, "{selector}");
        }
        let error = |selector: &str| parse_label_selector(selector).err().unwrap_or_default();
        assert_eq!(error("a=b,"), "found '', expected: identifier after ','");
        assert_eq!(error("a b"), "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt");
        assert_eq!(error("a=b=c"), "found '=', expected: ',' or 'end of string'");
        assert_eq!(error("a in b"), "unable to parse requirement: found 'b' expected: '('");
        assert_eq!(error("gpus>x"), "unable to parse requirement: values[0]: Invalid value: \"x\": for 'Gt', 'Lt' operators, the value must be an integer");
        assert!(error("a=-x").starts_with("unable to parse requirement: values[0][a]: Invalid value: \"-x\": "));
        assert!(error("app:monolith").starts_with("unable to parse requirement: <nil>: Invalid value: \"app:monolith\": "));
        assert_eq!(error(",a"), "found ',', expected: !, identifier, or 'end of string'");
    }

    #[test]
    fn field_selectors_read_equal_and_not_equal() {
        let parsed = parse_field_selector("spec.nodeName=node-01,status.phase!=Running").unwrap_or_default();
        assert_eq!(
            parsed,
            [
                FieldRequirement { field: "spec.nodeName".into(), value: "node-01".into(), equal: true },
                FieldRequirement { field: "status.phase".into(), value: "Running".into(), equal: false },
            ]
        );
        assert!(parse_field_selector("spec.nodeName").is_err());
        assert_eq!(parse_field_selector("metadata.name=x,").map(|r| r.len()), Ok(1));
    }
}
