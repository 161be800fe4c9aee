//! Resource quantities (`100m`, `64Mi`, `1.5`, `1e3`) as exact integers.
//!
//! Reproduces `resource.ParseQuantity` (apimachinery `pkg/api/resource/quantity.go`):
//! the same grammar (including its quirks: `.` and `-` parse as zero, `1.G` is allowed),
//! the same three error texts, rounding of every non-zero amount *up* (away from
//! zero) to the nano unit, and the cap of binary-suffixed amounts at 2^63-1.
//! `value()` and `milli_value()` round up like `Quantity.Value()` / `MilliValue()`.

use std::fmt;
use std::str::FromStr;
/// `Quantity.String()`, shared with the API server's validation.
pub use crate::validation::quantity::canonical_text;

/// `ErrFormatWrong`.
pub const ERR_FORMAT_WRONG: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
/// `ErrNumeric`.
pub const ERR_NUMERIC: &str = "unable to parse numeric part of quantity";
/// `ErrSuffix`.
pub const ERR_SUFFIX: &str = "unable to parse quantity's suffix";

const NANO_PER_UNIT: i128 = 1_000_000_000;
const NANO_PER_MILLI: i128 = 1_000_000;

/// How the quantity was written: `resource.Format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuantityFormat {
    /// `e3`, `E-6`.
    DecimalExponent,
    /// `Ki`, `Mi`, ... `Ei`.
    BinarySI,
    /// `n`, `u`, `m`, no suffix, `k`, `M`, ... `E`.
    DecimalSI,
}

/// A parsed quantity, held exactly in nano units (10^-9), the finest unit upstream keeps.
/// Compares by amount only, like `Quantity.Cmp` (`1k` equals `1e3`).
#[derive(Debug, Clone, Copy)]
pub struct ParsedQuantity {
    nano: i128,
    format: QuantityFormat,
}

impl PartialEq for ParsedQuantity {
    fn eq(&self, other: &Self) -> bool {
        self.nano == other.nano
    }
}
impl Eq for ParsedQuantity {}
impl PartialOrd for ParsedQuantity {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for ParsedQuantity {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.nano.cmp(&other.nano)
    }
}

impl ParsedQuantity {
    /// The amount in nano units (exact after upstream's round-up to nano).
    pub fn nano_value(&self) -> i128 {
        self.nano
    }

    /// `Quantity.MilliValue()`: ceil(q * 1000), rounded away from zero.
    pub fn milli_value(&self) -> i128 {
        div_away_from_zero(self.nano, NANO_PER_MILLI)
    }

    /// `Quantity.Value()`: ceil(q), rounded away from zero.
    pub fn value(&self) -> i128 {
        div_away_from_zero(self.nano, NANO_PER_UNIT)
    }

    pub fn is_zero(&self) -> bool {
        self.nano == 0
    }

    /// The suffix family the quantity was written in.
    pub fn format(&self) -> QuantityFormat {
        self.format
    }
}

impl FromStr for ParsedQuantity {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_quantity(s)
    }
}

impl fmt::Display for ParsedQuantity {
    /// Plain decimal form of the amount (`1.5`, `0.1`, `67108864`), not the canonical
    /// suffixed form upstream prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.nano < 0 { "-" } else { "" };
        let abs = self.nano.unsigned_abs();
        let whole = abs / NANO_PER_UNIT as u128;
        let frac = abs % NANO_PER_UNIT as u128;
        if frac == 0 {
            write!(f, "{sign}{whole}")
        } else {
            let digits = format!("{frac:09}");
            write!(f, "{sign}{whole}.{}", digits.trim_end_matches('0'))
        }
    }
}

fn div_away_from_zero(n: i128, d: i128) -> i128 {
    let q = n / d;
    if n % d == 0 {
        q
    } else if n > 0 {
        q + 1
    } else {
        q - 1
    }
}

/// The pieces `parseQuantityString` splits a quantity into.
struct Split<'a> {
    positive: bool,
    /// Integer digits with leading zeros removed (`"0"` when none are left).
    num: &'a str,
    /// Fraction digits, possibly empty.
    denom: &'a str,
    suffix: &'a str,
}

fn is_digit(b: u8) -> bool {
    b.is_ascii_digit()
}

/// `parseQuantityString`, with its early returns: a string that ends while leading
/// zeros are being skipped is zero whatever preceded them (so `-` and `+` are zero).
fn split_quantity(s: &str) -> Result<Split<'_>, &'static str> {
    let b = s.as_bytes();
    let end = b.len();
    let mut pos = 0;
    let mut positive = true;
    match b.first() {
        Some(b'-') => {
            positive = false;
            pos += 1;
        }
        Some(b'+') => pos += 1,
        _ => {}
    }
    while pos < end && b[pos] == b'0' {
        pos += 1;
    }
    if pos >= end {
        return Ok(Split { positive, num: "0", denom: "", suffix: "" });
    }
    let num_start = pos;
    while pos < end && is_digit(b[pos]) {
        pos += 1;
    }
    let num = if pos == num_start { "0" } else { &s[num_start..pos] };
    let mut denom = "";
    if pos < end && b[pos] == b'.' {
        pos += 1;
        let denom_start = pos;
        while pos < end && is_digit(b[pos]) {
            pos += 1;
        }
        denom = &s[denom_start..pos];
    }
    let suffix_start = pos;
    while pos < end && b"eEinumkKMGTP".contains(&b[pos]) {
        pos += 1;
    }
    if pos < end && (b[pos] == b'-' || b[pos] == b'+') {
        pos += 1;
    }
    while pos < end && is_digit(b[pos]) {
        pos += 1;
    }
    if pos < end {
        return Err(ERR_FORMAT_WRONG);
    }
    Ok(Split { positive, num, denom, suffix: &s[suffix_start..] })
}

/// `quantitySuffixer.interpret`: (base, exponent, format).
fn interpret_suffix(suffix: &str) -> Option<(u32, i32, QuantityFormat)> {
    let binary = match suffix {
        "Ki" => Some(10),
        "Mi" => Some(20),
        "Gi" => Some(30),
        "Ti" => Some(40),
        "Pi" => Some(50),
        "Ei" => Some(60),
        _ => None,
    };
    if let Some(exp) = binary {
        return Some((2, exp, QuantityFormat::BinarySI));
    }
    let decimal = match suffix {
        "n" => Some(-9),
        "u" => Some(-6),
        "m" => Some(-3),
        "" => Some(0),
        "k" => Some(3),
        "M" => Some(6),
        "G" => Some(9),
        "T" => Some(12),
        "P" => Some(15),
        "E" => Some(18),
        _ => None,
    };
    if let Some(exp) = decimal {
        return Some((10, exp, QuantityFormat::DecimalSI));
    }
    let rest = suffix.strip_prefix(['e', 'E'])?;
    if rest.is_empty() {
        return None;
    }
    // strconv.ParseInt(s, 10, 64) accepts an optional sign, then digits only.
    let parsed: i64 = rest.parse().ok()?;
    // Upstream narrows with int32(parsed); exponents that large are nonsense anyway.
    let exp = i32::try_from(parsed).ok()?;
    Some((10, exp, QuantityFormat::DecimalExponent))
}

/// `digits * 10^shift`, rounding a negative shift away from zero, as an exact i128.
fn shift_decimal(digits: &str, shift: i64) -> Option<i128> {
    let digits = digits.trim_start_matches('0');
    if digits.is_empty() {
        return Some(0);
    }
    if shift >= 0 {
        let mut v: i128 = digits.parse().ok()?;
        for _ in 0..shift {
            v = v.checked_mul(10)?;
        }
        Some(v)
    } else {
        let drop = usize::try_from(-shift).ok()?;
        let keep = digits.len().saturating_sub(drop);
        let (head, tail) = digits.split_at(keep);
        let mut v: i128 = if head.is_empty() { 0 } else { head.parse().ok()? };
        if tail.bytes().any(|c| c != b'0') {
            v = v.checked_add(1)?;
        }
        Some(v)
    }
}

/// `resource.ParseQuantity`.
pub fn parse_quantity(s: &str) -> Result<ParsedQuantity, String> {
    if s.is_empty() {
        return Err(ERR_FORMAT_WRONG.to_string());
    }
    let split = split_quantity(s).map_err(str::to_string)?;
    let (base, exponent, format) = interpret_suffix(split.suffix).ok_or_else(|| ERR_SUFFIX.to_string())?;
    let digits = format!("{}{}", split.num, split.denom);
    let frac_len = split.denom.len() as i64;
    let magnitude = if base == 10 {
        shift_decimal(&digits, i64::from(exponent) + 9 - frac_len)
    } else {
        // digits * 2^exponent * 10^(9 - frac_len)
        let scaled = shift_decimal(&digits, (9 - frac_len).max(0)).and_then(|v| v.checked_mul(1i128 << exponent));
        let excess_fraction = u32::try_from(frac_len - 9).unwrap_or(0);
        scaled
            .and_then(|v| match excess_fraction {
                0 => Some(v),
                e => 10i128.checked_pow(e).map(|d| div_away_from_zero(v, d)),
            })
            .map(|v| v.min(i128::from(i64::MAX) * NANO_PER_UNIT))
    };
    let magnitude = magnitude.ok_or_else(|| ERR_NUMERIC.to_string())?;
    let nano = if split.positive { magnitude } else { -magnitude };
    Ok(ParsedQuantity { nano, format })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nano(s: &str) -> i128 {
        match parse_quantity(s) {
            Ok(q) => q.nano_value(),
            Err(e) => panic!("{s}: {e}"),
        }
    }

    #[test]
    fn decimal_si_and_plain_numbers() {
        // Cases from TestQuantityParse (quantity_test.go).
        let n = NANO_PER_UNIT;
        for (s, want) in [
            ("0", 0),
            ("0n", 0),
            ("0u", 0),
            ("0m", 0),
            ("0Ki", 0),
            ("0k", 0),
            ("0Mi", 0),
            ("1", n),
            ("1m", n / 1000),
            ("100m", n / 10),
            ("0.5", n / 2),
            (".5", n / 2),
            ("+.5", n / 2),
            ("5.", 5 * n),
            ("1.G", 1_000_000_000 * n),
            ("1k", 1000 * n),
            ("1G", 1_000_000_000 * n),
            ("1n", 1),
            ("1u", 1000),
            ("-1m", -n / 1000),
            ("0.001", n / 1000),
            ("1e3", 1000 * n),
            ("1E3", 1000 * n),
            ("1e+3", 1000 * n),
            ("1e-3", n / 1000),
            ("1E-3", n / 1000),
            ("100.035k", 100_035 * n),
            ("001", n),
            ("-0", 0),
            ("-", 0),
            (".", 0),
        ] {
            assert_eq!(nano(s), want, "{s}");
        }
    }

    #[test]
    fn binary_si() {
        let n = NANO_PER_UNIT;
        assert_eq!(nano("1Ki"), 1024 * n);
        assert_eq!(nano("2Ki"), 2048 * n);
        assert_eq!(nano("64Mi"), 64 * 1024 * 1024 * n);
        assert_eq!(nano("1.5Gi"), 1_610_612_736 * n);
        assert_eq!(nano("8Ei"), i128::from(i64::MAX) * n, "binary amounts are capped at 2^63-1");
    }

    #[test]
    fn sub_nano_amounts_round_up_away_from_zero() {
        assert_eq!(nano("0.1n"), 1);
        assert_eq!(nano("-0.1n"), -1);
        assert_eq!(nano("1e-20"), 1);
        assert_eq!(nano("0.0000000001Ki"), 103, "102.4n rounds up");
    }

    #[test]
    fn value_and_milli_value_round_up() {
        let q = parse_quantity("1.5").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.value(), 2);
        assert_eq!(q.milli_value(), 1500);
        let q = parse_quantity("1n").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.milli_value(), 1);
        assert_eq!(q.value(), 1);
        let q = parse_quantity("100m").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.value(), 1);
        assert_eq!(q.milli_value(), 100);
        let q = parse_quantity("-1.5").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.value(), -2);
        assert_eq!(q.to_string(), "-1.5");
        assert_eq!(parse_quantity("64Mi").map(|q| q.value()), Ok(67_108_864));
    }

    #[test]
    fn formats() {
        let fmt = |s: &str| parse_quantity(s).map(|q| q.format());
        assert_eq!(fmt("1Ki"), Ok(QuantityFormat::BinarySI));
        assert_eq!(fmt("1k"), Ok(QuantityFormat::DecimalSI));
        assert_eq!(fmt("1e3"), Ok(QuantityFormat::DecimalExponent));
    }

    #[test]
    fn errors_match_upstream_text() {
        // The invalid cases of TestQuantityParse.
        for s in ["", "1.1.M", "1+1.0M", "0.1mi", "0.1am", "aoeu", ".5i", "1i", "-3.01i", "-3.01e-", "1 Gi", "1Gi "] {
            let e = parse_quantity(s).err();
            assert!(
                e.as_deref() == Some(ERR_FORMAT_WRONG) || e.as_deref() == Some(ERR_SUFFIX),
                "{s}: {e:?}"
            );
        }
        assert_eq!(parse_quantity("").err().as_deref(), Some(ERR_FORMAT_WRONG));
        assert_eq!(parse_quantity("1 Gi").err().as_deref(), Some(ERR_FORMAT_WRONG));
        assert_eq!(parse_quantity("1Gi1").err().as_deref(), Some(ERR_SUFFIX));
        assert_eq!(parse_quantity("1e").err().as_deref(), Some(ERR_SUFFIX));
        assert_eq!(parse_quantity("0.1mi").err().as_deref(), Some(ERR_SUFFIX));
        // Our limit, not upstream's: amounts beyond ~1.7e29 do not fit i128 nano units.
        assert_eq!(parse_quantity("1e30").err().as_deref(), Some(ERR_NUMERIC));
    }
}
