//! A private reading of the Kubernetes quantity grammar (`resource.ParseQuantity`) and its
//! canonical form (`Quantity.String()`), enough to compare requests with limits and to
//! print them as the API server does. `crate::quantity` is the public value type; this
//! exists because validation needs upstream's exact parse errors and canonical text.

use std::cmp::Ordering;

use crate::quantity::QuantityFormat;

/// `resource.ErrFormatWrong`.
pub const ERR_FORMAT_WRONG: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
/// `resource.ErrSuffix`.
pub const ERR_SUFFIX: &str = "unable to parse quantity's suffix";

const NANO: i128 = 1_000_000_000;


/// A parsed quantity: its value in nano-units (rounded up past the ninth decimal) and the
/// notation it was written in, which decides how it prints.
#[derive(Clone, Copy, Debug)]
pub struct ParsedQuantity {
    nanos: i128,
    format: QuantityFormat,
}

fn pow10(exp: u32) -> i128 {
    10i128.saturating_pow(exp)
}

/// `value * 10^exp` in nano-units, rounding any remainder away from zero.
fn scale(mantissa: i128, frac_digits: u32, exp: i32) -> i128 {
    // mantissa * 10^(exp + 9 - frac_digits)
    let shift = exp.saturating_add(9).saturating_sub(frac_digits as i32);
    if shift >= 0 {
        mantissa.saturating_mul(pow10(shift.unsigned_abs().min(38)))
    } else {
        let div = pow10(shift.unsigned_abs().min(38));
        let q = mantissa / div;
        if mantissa % div != 0 {
            q + mantissa.signum()
        } else {
            q
        }
    }
}

impl ParsedQuantity {
    /// `resource.ParseQuantity`; the error is upstream's message.
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let bytes = text.as_bytes();
        let mut pos = 0;
        let mut negative = false;
        if let Some(&sign) = bytes.first() {
            if sign == b'+' || sign == b'-' {
                negative = sign == b'-';
                pos = 1;
            }
        }
        let mut mantissa: i128 = 0;
        let mut frac_digits: u32 = 0;
        let mut digits = 0;
        let mut seen_dot = false;
        while let Some(&b) = bytes.get(pos) {
            match b {
                b'0'..=b'9' => {
                    digits += 1;
                    // Digits beyond what i128 holds carry no meaning at nano precision.
                    if mantissa < i128::MAX / 100 {
                        mantissa = mantissa * 10 + i128::from(b - b'0');
                        if seen_dot {
                            frac_digits += 1;
                        }
                    } else if !seen_dot {
                        return Ok(Self { nanos: if negative { i128::MIN } else { i128::MAX }, format: QuantityFormat::DecimalSI });
                    }
                }
                b'.' if !seen_dot => seen_dot = true,
                _ => break,
            }
            pos += 1;
        }
        if digits == 0 {
            return Err(ERR_FORMAT_WRONG);
        }
        let suffix = text.get(pos..).unwrap_or("");
        let (format, exp10, binary_pow) = match suffix {
            "" => (QuantityFormat::DecimalSI, 0, 0),
            "n" => (QuantityFormat::DecimalSI, -9, 0),
            "u" => (QuantityFormat::DecimalSI, -6, 0),
            "m" => (QuantityFormat::DecimalSI, -3, 0),
            "k" => (QuantityFormat::DecimalSI, 3, 0),
            "M" => (QuantityFormat::DecimalSI, 6, 0),
            "G" => (QuantityFormat::DecimalSI, 9, 0),
            "T" => (QuantityFormat::DecimalSI, 12, 0),
            "P" => (QuantityFormat::DecimalSI, 15, 0),
            "E" => (QuantityFormat::DecimalSI, 18, 0),
            "Ki" => (QuantityFormat::BinarySI, 0, 1),
            "Mi" => (QuantityFormat::BinarySI, 0, 2),
            "Gi" => (QuantityFormat::BinarySI, 0, 3),
            "Ti" => (QuantityFormat::BinarySI, 0, 4),
            "Pi" => (QuantityFormat::BinarySI, 0, 5),
            "Ei" => (QuantityFormat::BinarySI, 0, 6),
            s if s.starts_with(['e', 'E']) => {
                let exp_text = s.get(1..).unwrap_or("");
                let unsigned = exp_text.strip_prefix(['+', '-']).unwrap_or(exp_text);
                if unsigned.is_empty() || !unsigned.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(if suffix_chars_ok(s) { ERR_SUFFIX } else { ERR_FORMAT_WRONG });
                }
                let exp: i32 = exp_text.parse().unwrap_or(if exp_text.starts_with('-') { -100 } else { 100 });
                (QuantityFormat::DecimalExponent, exp.clamp(-100, 100), 0)
            }
            s => return Err(if suffix_chars_ok(s) { ERR_SUFFIX } else { ERR_FORMAT_WRONG }),
        };
        let signed = if negative { -mantissa } else { mantissa };
        let mut nanos = scale(signed, frac_digits, exp10);
        for _ in 0..binary_pow {
            nanos = nanos.saturating_mul(1024);
        }
        Ok(Self { nanos, format })
    }

    pub fn is_negative(&self) -> bool {
        self.nanos < 0
    }

    /// Whether the value is a whole number (`MilliValue() % 1000 == 0`).
    pub fn is_integer(&self) -> bool {
        self.nanos % NANO == 0
    }

    pub fn cmp(&self, other: &Self) -> Ordering {
        self.nanos.cmp(&other.nanos)
    }

    /// `Quantity.String()`: the canonical form (`500m`, `1Gi`, `2k`, `1536`).
    pub fn canonical(&self) -> String {
        canonical_text(self.nanos, self.format)
    }
}

/// `Quantity.String()` of an amount in nano-units written in `format`.
pub fn canonical_text(nanos: i128, format: QuantityFormat) -> String {
    if nanos == 0 {
        return "0".to_owned();
    }
    let sign = if nanos < 0 { "-" } else { "" };
    let abs = nanos.unsigned_abs();
    if format == QuantityFormat::BinarySI && abs >= 1024 * NANO as u128 && abs.is_multiple_of(NANO as u128) {
        let mut whole = abs / NANO as u128;
        let mut power = 0;
        while power < 6 && whole.is_multiple_of(1024) {
            whole /= 1024;
            power += 1;
        }
        let suffix = ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"].get(power).copied().unwrap_or("");
        return format!("{sign}{whole}{suffix}");
    }
    // Decimal: the largest exponent (a multiple of 3) that leaves a whole mantissa.
    let mut exp: i32 = -9;
    let mut mantissa = abs;
    while exp < 18 && mantissa.is_multiple_of(1000) {
        mantissa /= 1000;
        exp += 3;
    }
    if format == QuantityFormat::DecimalExponent {
        return if exp == 0 { format!("{sign}{mantissa}") } else { format!("{sign}{mantissa}e{exp}") };
    }
    let suffix = match exp {
        -9 => "n",
        -6 => "u",
        -3 => "m",
        3 => "k",
        6 => "M",
        9 => "G",
        12 => "T",
        15 => "P",
        18 => "E",
        _ => "",
    };
    format!("{sign}{mantissa}{suffix}")
}

/// Whether a suffix is made of the characters the format regex allows, which decides
/// between upstream's two parse errors.
fn suffix_chars_ok(s: &str) -> bool {
    s.bytes().all(|b| b"eEinumkKMGTP+-0123456789".contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(s: &str) -> String {
        ParsedQuantity::parse(s).map(|q| q.canonical()).unwrap_or_else(|e| e.to_owned())
    }

    #[test]
    fn canonical_forms() {
        assert_eq!(canon("200m"), "200m");
        assert_eq!(canon("0.5"), "500m");
        assert_eq!(canon("1"), "1");
        assert_eq!(canon("2000"), "2k");
        assert_eq!(canon("1500"), "1500");
        assert_eq!(canon("1024Mi"), "1Gi");
        assert_eq!(canon("128Mi"), "128Mi");
        assert_eq!(canon("1e3"), "1e3");
        assert_eq!(canon("-1"), "-1");
        assert_eq!(canon("0"), "0");
    }

    #[test]
    fn parse_errors() {
        assert_eq!(canon("abc"), ERR_FORMAT_WRONG);
        assert_eq!(canon("1Qi"), ERR_FORMAT_WRONG);
        assert_eq!(canon("1ki"), ERR_SUFFIX);
        assert_eq!(canon(""), ERR_FORMAT_WRONG);
        // Absurdly large values saturate instead of overflowing.
        assert!(ParsedQuantity::parse("99999999999999999999999999999999999999999999999Ei").is_ok());
        assert!(ParsedQuantity::parse("1e999999999999").is_ok());
    }

    #[test]
    fn compares() {
        let a = ParsedQuantity::parse("500m").ok();
        let b = ParsedQuantity::parse("0.2").ok();
        assert_eq!(a.zip(b).map(|(a, b)| a.cmp(&b)), Some(Ordering::Greater));
    }
}
