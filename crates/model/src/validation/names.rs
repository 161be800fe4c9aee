//! The string formats of apimachinery's `util/validation` and `api/validate/content`
//! (`IsDNS1123Label`, `IsDNS1123Subdomain`, `IsQualifiedName`, `IsValidLabelValue`,
//! `IsValidPortName`, ...). Each returns upstream's messages, empty when the value is valid.

pub const IS_NEGATIVE_ERROR_MSG: &str = "must be greater than or equal to 0";

const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_LABEL_ERR_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const DNS1123_SUBDOMAIN_ERR_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const LABEL_KEY_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const LABEL_KEY_ERR_MSG: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
const LABEL_VALUE_ERR_MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const PERCENT_FMT: &str = "[0-9]+%";
const PERCENT_ERR_MSG: &str = "a valid percent string must be a numeric string followed by an ending '%'";

/// `MaxLenError`.
pub fn max_len_error(length: usize) -> String {
    format!("must be no more than {length} characters")
}

/// `IsConfigMapKey`: at most 253 characters of `[-._a-zA-Z0-9]`, and not `.`, `..` or
/// anything starting with `..` (`hasChDirPrefix`).
pub fn is_config_map_key(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(max_len_error(253));
    }
    if value.is_empty() || !value.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_')) {
        errs.push(regex_error(
            "a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
            "[-._a-zA-Z0-9]+",
            &["key.name", "KEY_NAME", "key-name"],
        ));
    }
    match value {
        "." => errs.push("must not be '.'".to_owned()),
        ".." => errs.push("must not be '..'".to_owned()),
        _ if value.starts_with("..") => errs.push("must not start with '..'".to_owned()),
        _ => {}
    }
    errs
}

/// `RegexError`: the message, the examples and the regex, exactly as upstream joins them.
pub fn regex_error(msg: &str, fmt: &str, examples: &[&str]) -> String {
    if examples.is_empty() {
        return format!("{msg} (regex used for validation is '{fmt}')");
    }
    let mut out = format!("{msg} (e.g. ");
    for (i, example) in examples.iter().enumerate() {
        if i > 0 {
            out.push_str(" or ");
        }
        out.push('\'');
        out.push_str(example);
        out.push_str("', ");
    }
    out.push_str("regex used for validation is '");
    out.push_str(fmt);
    out.push_str("')");
    out
}

/// `InclusiveRangeError`.
pub fn inclusive_range_error(lo: i64, hi: i64) -> String {
    format!("must be between {lo} and {hi}, inclusive")
}

fn is_label_char(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit()
}

/// Matches `^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`.
fn matches_dns1123_label(s: &str) -> bool {
    let b = s.as_bytes();
    match (b.first(), b.last()) {
        (Some(&first), Some(&last)) => {
            is_label_char(first) && is_label_char(last) && b.iter().all(|&c| is_label_char(c) || c == b'-')
        }
        _ => false,
    }
}

fn matches_dns1123_subdomain(s: &str) -> bool {
    s.split('.').all(matches_dns1123_label)
}

pub fn is_dns1123_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push(max_len_error(63));
    }
    if !matches_dns1123_label(value) {
        if matches_dns1123_subdomain(value) {
            errs.push("must not contain dots".to_owned());
        } else {
            errs.push(regex_error(DNS1123_LABEL_ERR_MSG, DNS1123_LABEL_FMT, &["my-name", "123-abc"]));
        }
    }
    errs
}

pub fn is_dns1123_subdomain(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(max_len_error(253));
    }
    if !matches_dns1123_subdomain(value) {
        errs.push(regex_error(DNS1123_SUBDOMAIN_ERR_MSG, DNS1123_SUBDOMAIN_FMT, &["example.com"]));
    }
    errs
}

fn is_alnum(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

/// Matches the label key name part `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`.
fn matches_label_key_name(s: &str) -> bool {
    let b = s.as_bytes();
    match (b.first(), b.last()) {
        (Some(&first), Some(&last)) => {
            is_alnum(first)
                && is_alnum(last)
                && b.iter().all(|&c| is_alnum(c) || c == b'-' || c == b'_' || c == b'.')
        }
        _ => false,
    }
}

/// `IsQualifiedName` (`content.IsLabelKey`): an optional DNS-subdomain prefix and a name.
pub fn is_qualified_name(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let parts: Vec<&str> = value.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                errs.push("prefix part must be non-empty".to_owned());
            } else {
                for msg in is_dns1123_subdomain(prefix) {
                    errs.push(format!("prefix part {msg}"));
                }
            }
            *name
        }
        _ => {
            errs.push(format!(
                "a valid label key {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                regex_error(LABEL_KEY_ERR_MSG, LABEL_KEY_FMT, &["MyName", "my.name", "123-abc"])
            ));
            return errs;
        }
    };
    if name.is_empty() {
        errs.push("name part must be non-empty".to_owned());
    } else if name.len() > 63 {
        errs.push(format!("name part {}", max_len_error(63)));
    }
    if !matches_label_key_name(name) {
        errs.push(format!(
            "name part {}",
            regex_error(LABEL_KEY_ERR_MSG, LABEL_KEY_FMT, &["MyName", "my.name", "123-abc"])
        ));
    }
    errs
}

/// `IsValidLabelValue`.
pub fn is_valid_label_value(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push(max_len_error(63));
    }
    if !value.is_empty() && !matches_label_key_name(value) {
        errs.push(regex_error(LABEL_VALUE_ERR_MSG, LABEL_VALUE_FMT, &["MyValue", "my_value", "12345"]));
    }
    errs
}

/// `IsValidPortNum`.
pub fn is_valid_port_num(port: i64) -> Vec<String> {
    if (1..=65535).contains(&port) {
        Vec::new()
    } else {
        vec![inclusive_range_error(1, 65535)]
    }
}

/// `IsValidPortName` (an IANA_SVC_NAME).
pub fn is_valid_port_name(port: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if port.len() > 15 {
        errs.push(max_len_error(15));
    }
    if port.is_empty() || !port.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
        errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)".to_owned());
    }
    if !port.bytes().any(|b| b.is_ascii_lowercase()) {
        errs.push("must contain at least one letter (a-z)".to_owned());
    }
    if port.contains("--") {
        errs.push("must not contain consecutive hyphens".to_owned());
    }
    if port.starts_with('-') || port.ends_with('-') {
        errs.push("must not begin or end with a hyphen".to_owned());
    }
    errs
}

/// `IsValidPercent`.
pub fn is_valid_percent(percent: &str) -> Vec<String> {
    let digits = percent.strip_suffix('%').unwrap_or("");
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        Vec::new()
    } else {
        vec![regex_error(PERCENT_ERR_MSG, PERCENT_FMT, &["1%", "93%"])]
    }
}

/// `IsRelaxedEnvVarName` (RelaxedEnvironmentVariableValidation is GA).
pub fn is_relaxed_env_var_name(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.is_empty() {
        errs.push("environment variable name must be non-empty".to_owned());
    }
    if value.chars().any(|c| !c.is_ascii() || c.is_ascii_control() || c == '=') {
        errs.push("a valid environment variable name must consist only of printable ASCII characters other than '='".to_owned());
    }
    errs
}

/// `NameIsDNSSubdomain` with prefix=false.
pub fn name_is_dns_subdomain(name: &str) -> Vec<String> {
    is_dns1123_subdomain(name)
}

/// `NameIsDNSSubdomain` for a `generateName`: trailing dashes are allowed (`maskTrailingDash`).
pub fn generate_name_is_dns_subdomain(prefix: &str) -> Vec<String> {
    // maskTrailingDash drops the last two bytes and appends "a".
    let masked = if prefix.len() > 1 && prefix.ends_with('-') {
        let cut = prefix.len() - 2;
        let head = prefix.as_bytes().get(..cut).unwrap_or_default();
        format!("{}a", String::from_utf8_lossy(head))
    } else {
        prefix.to_owned()
    };
    is_dns1123_subdomain(&masked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_message_has_upstreams_double_space() {
        assert_eq!(
            is_dns1123_label("My_name"),
            vec!["a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"]
        );
        assert_eq!(is_dns1123_label("a.b"), vec!["must not contain dots"]);
        assert!(is_dns1123_label("fluentd-1").is_empty());
    }

    #[test]
    fn qualified_names() {
        assert!(is_qualified_name("app.kubernetes.io/name").is_empty());
        assert_eq!(is_qualified_name("/a"), vec!["prefix part must be non-empty"]);
        assert_eq!(is_qualified_name("a/b/c").len(), 1);
        assert!(is_qualified_name("").contains(&"name part must be non-empty".to_owned()));
    }

    #[test]
    fn percents_and_ports() {
        assert!(is_valid_percent("10%").is_empty());
        assert_eq!(is_valid_percent("10").len(), 1);
        assert_eq!(is_valid_port_num(0), vec!["must be between 1 and 65535, inclusive"]);
        assert!(is_valid_port_name("metrics").is_empty());
        assert_eq!(is_valid_port_name("9100"), vec!["must contain at least one letter (a-z)"]);
    }
}
