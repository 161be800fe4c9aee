//! Splitting a command line into words (POSIX shell quoting), reading flags as cobra/pflag
//! does, and simulated durations.

use super::{CommandError, Refusal};

/// Splits `line` into words: whitespace separates, `'...'` is literal, `"..."` honours
/// `\"`, `\\`, `\$` and `` \` ``, and a backslash outside quotes escapes the next character.
pub fn split_words(line: &str) -> Result<Vec<String>, CommandError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(CommandError::new("error: unterminated quote ' in the command line")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(CommandError::new("error: unterminated quote \" in the command line")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(CommandError::new("error: unterminated quote \" in the command line")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(c) = chars.next() {
                    word.push(c);
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// One flag a command accepts.
#[derive(Clone, Copy)]
pub struct FlagSpec {
    pub long: &'static str,
    pub short: Option<char>,
    /// Whether the flag takes a value (`--to-revision=2`); boolean flags do not.
    pub takes_value: bool,
    /// A flag of the real command that the playground does not serve: refused as such,
    /// rather than as kubectl's "unknown flag", which would deny that it exists.
    pub served: bool,
}

pub const fn value(long: &'static str, short: Option<char>) -> FlagSpec {
    FlagSpec { long, short, takes_value: true, served: true }
}

pub const fn boolean(long: &'static str, short: Option<char>) -> FlagSpec {
    FlagSpec { long, short, takes_value: false, served: true }
}

/// A real flag the playground does not serve (see [`FlagSpec::served`]).
pub const fn not_served(long: &'static str, short: Option<char>) -> FlagSpec {
    FlagSpec { long, short, takes_value: false, served: false }
}

/// The namespace flag every kubectl command has.
pub const NAMESPACE: FlagSpec = value("namespace", Some('n'));

/// Positional arguments and flags, read as pflag reads them: flags anywhere, `--` ends them.
#[derive(Debug, Default)]
pub struct Parsed {
    pub args: Vec<String>,
    /// `(long name, value)`; boolean flags have `"true"` or the value given after `=`.
    pub flags: Vec<(&'static str, String)>,
}

impl Parsed {
    /// The last value given for a flag, as pflag keeps the last.
    pub fn value(&self, long: &str) -> Option<&str> {
        self.flags.iter().rev().find(|(name, _)| *name == long).map(|(_, v)| v.as_str())
    }

    /// A boolean flag; `--flag=false` turns it off.
    pub fn bool(&self, long: &str, command: &str) -> Result<bool, CommandError> {
        self.bool_or(long, false, command)
    }

    /// A boolean flag that is `default` when absent (`--wait` is on unless `--wait=false`).
    pub fn bool_or(&self, long: &str, default: bool, command: &str) -> Result<bool, CommandError> {
        match self.value(long) {
            None => Ok(default),
            Some("true" | "1" | "t" | "T" | "TRUE" | "True") => Ok(true),
            Some("false" | "0" | "f" | "F" | "FALSE" | "False") => Ok(false),
            Some(other) => Err(CommandError::flag_usage(
                format!("invalid argument \"{other}\" for \"--{long}\" flag: strconv.ParseBool: parsing \"{other}\": invalid syntax"),
                command,
            )),
        }
    }

    /// An integer flag (`--to-revision=3`).
    pub fn int(&self, long: &str, command: &str) -> Result<Option<i64>, CommandError> {
        self.value(long)
            .map(|v| {
                v.parse::<i64>().map_err(|_| {
                    CommandError::flag_usage(
                        format!("invalid argument \"{v}\" for \"--{long}\" flag: strconv.ParseInt: parsing \"{v}\": invalid syntax"),
                        command,
                    )
                })
            })
            .transpose()
    }

    pub fn namespace(&self) -> Option<String> {
        self.value(NAMESPACE.long).map(str::to_owned)
    }
}

fn refuse_not_served(spec: &FlagSpec, command: &str) -> Result<(), CommandError> {
    match spec.served {
        true => Ok(()),
        false => Err(Refusal::FlagNotServed { command: command.to_owned(), flag: format!("--{}", spec.long) }.into()),
    }
}

/// Separates flags from arguments. `command` is the command path for messages (`kubectl get`).
pub fn parse_flags(words: &[String], specs: &[FlagSpec], command: &str) -> Result<Parsed, CommandError> {
    let mut parsed = Parsed::default();
    let mut rest = words.iter();
    while let Some(word) = rest.next() {
        if word == "--" {
            parsed.args.extend(rest.by_ref().cloned());
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((name, v)) => (name, Some(v.to_owned())),
                None => (long, None),
            };
            let spec = specs
                .iter()
                .find(|s| s.long == name)
                .ok_or_else(|| CommandError::flag_usage(format!("unknown flag: --{name}"), command))?;
            refuse_not_served(spec, command)?;
            let v = match (spec.takes_value, inline) {
                (_, Some(v)) => v,
                (false, None) => "true".to_owned(),
                (true, None) => rest
                    .next()
                    .cloned()
                    .ok_or_else(|| CommandError::flag_usage(format!("flag needs an argument: --{name}"), command))?,
            };
            parsed.flags.push((spec.long, v));
        } else if let Some(shorts) = word.strip_prefix('-').filter(|s| !s.is_empty()) {
            for (i, c) in shorts.char_indices() {
                let spec = specs.iter().find(|s| s.short == Some(c)).ok_or_else(|| {
                    CommandError::flag_usage(format!("unknown shorthand flag: '{c}' in -{shorts}"), command)
                })?;
                refuse_not_served(spec, command)?;
                let attached = &shorts[i + c.len_utf8()..];
                if !spec.takes_value {
                    // `-w=false`: pflag takes a value after `=` for a boolean shorthand too.
                    if let Some(v) = attached.strip_prefix('=') {
                        parsed.flags.push((spec.long, v.to_owned()));
                        break;
                    }
                    parsed.flags.push((spec.long, "true".to_owned()));
                    continue;
                }
                let v = if let Some(v) = attached.strip_prefix('=') {
                    v.to_owned()
                } else if !attached.is_empty() {
                    attached.to_owned()
                } else {
                    rest.next().cloned().ok_or_else(|| {
                        CommandError::flag_usage(format!("flag needs an argument: '{c}' in -{shorts}"), command)
                    })?
                };
                parsed.flags.push((spec.long, v));
                break;
            }
        } else {
            parsed.args.push(word.clone());
        }
    }
    Ok(parsed)
}

/// A simulated duration in milliseconds: `30s`, `2m`, `1h`, `1m30s`, `500ms`, `1.5s`
/// (Go's `time.ParseDuration` units, from `ms` to `h`).
pub fn parse_duration(text: &str) -> Option<u64> {
    let mut total: u64 = 0;
    let mut rest = text;
    if rest.is_empty() {
        return None;
    }
    while !rest.is_empty() {
        let number_len = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
        let (number, after) = rest.split_at(number_len);
        let unit_len = after.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(after.len());
        let (unit, after) = after.split_at(unit_len);
        let scale: u64 = match unit {
            "ms" => 1,
            "s" => 1_000,
            "m" => 60_000,
            "h" => 3_600_000,
            _ => return None,
        };
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        if whole.is_empty() && fraction.is_empty() {
            return None;
        }
        let whole: u64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
        let mut part = whole.checked_mul(scale)?;
        // Fractions keep millisecond precision: `1.5s` is 1500 ms, `0.0001s` is 0 ms.
        let mut place = scale;
        for digit in fraction.chars() {
            place /= 10;
            part = part.checked_add(u64::from(digit.to_digit(10)?) * place)?;
        }
        total = total.checked_add(part)?;
        rest = after;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_as_a_shell_does() {
        let words = split_words(r#"kubectl patch ds good -p '{"spec":{"a":1}}'"#).unwrap();
        assert_eq!(words, ["kubectl", "patch", "ds", "good", "-p", r#"{"spec":{"a":1}}"#]);
        assert_eq!(split_words(r#"a "b \"c\" d" e\ f ''"#).unwrap(), ["a", "b \"c\" d", "e f", ""]);
        assert!(split_words("a 'b").is_err());
        assert!(split_words("a \"b").is_err());
        assert!(split_words("   ").unwrap().is_empty());
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("30s"), Some(30_000));
        assert_eq!(parse_duration("2m"), Some(120_000));
        assert_eq!(parse_duration("1h"), Some(3_600_000));
        assert_eq!(parse_duration("1m30s"), Some(90_000));
        assert_eq!(parse_duration("500ms"), Some(500));
        assert_eq!(parse_duration("1.5s"), Some(1_500));
        for bad in ["", "30", "s", "3x", "1..5s", "-1s", "99999999999999999999h", ".s"] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
    }

    #[test]
    fn flags_as_pflag_reads_them() {
        let words: Vec<String> = ["a", "-n", "kube-system", "--overwrite", "b", "-nx", "-o=wide", "--to-revision=2", "--", "-c"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let specs = [NAMESPACE, boolean("overwrite", None), value("output", Some('o')), value("to-revision", None)];
        let p = parse_flags(&words, &specs, "kubectl x").unwrap();
        assert_eq!(p.args, ["a", "b", "-c"]);
        assert_eq!(p.namespace().as_deref(), Some("x"));
        assert_eq!(p.value("output"), Some("wide"));
        assert_eq!(p.int("to-revision", "kubectl x").unwrap(), Some(2));
        assert!(p.bool("overwrite", "kubectl x").unwrap());
        let err = parse_flags(&["--bogus".to_string()], &specs, "kubectl get").unwrap_err();
        assert_eq!(err.to_string(), "error: unknown flag: --bogus\nSee 'kubectl get --help' for usage.");
        let err = parse_flags(&["-n".to_string()], &specs, "kubectl get").unwrap_err();
        assert!(err.to_string().starts_with("error: flag needs an argument: 'n' in -n"));
    }
}
