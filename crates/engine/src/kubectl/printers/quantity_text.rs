//! Quantities as the API server hands them back: `Quantity.String()`, the canonical form
//! (`CanonicalizeBytes` in apimachinery `pkg/api/resource/quantity.go`), and the sums
//! kubectl adds up for `describe node`.

use dsplay_model::quantity::{parse_quantity, QuantityFormat};

/// An exact amount with the suffix family it prints in, like a `resource.Quantity`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amount {
    pub nano: i128,
    pub format: QuantityFormat,
}

impl Amount {
    pub const ZERO: Amount = Amount { nano: 0, format: QuantityFormat::DecimalSI };

    /// Parses a stored quantity; an unparsable one (rejected by validation upstream) is zero.
    pub fn parse(text: &str) -> Amount {
        match parse_quantity(text) {
            Ok(q) => Amount { nano: q.nano_value(), format: q.format() },
            Err(_) => Amount::ZERO,
        }
    }

    /// `Quantity.Add`: the sum keeps the receiver's format.
    pub fn add(self, other: Amount) -> Amount {
        Amount { nano: self.nano + other.nano, format: self.format }
    }

    /// `Quantity.MilliValue()`, rounded away from zero.
    pub fn milli_value(&self) -> i128 {
        div_away_from_zero(self.nano, 1_000_000)
    }

    /// `Quantity.Value()`, rounded away from zero.
    pub fn value(&self) -> i128 {
        div_away_from_zero(self.nano, 1_000_000_000)
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

/// `Quantity.String()` of a stored quantity (`0.5` prints as `500m`, `2048Mi` as `2Gi`).
pub fn canonical(text: &str) -> String {
    match parse_quantity(text) {
        Ok(q) => amount_string(&Amount { nano: q.nano_value(), format: q.format() }),
        Err(_) => text.to_string(),
    }
}

/// `Quantity.String()`: binary amounts that are whole and at least 1024 keep a binary
/// suffix; everything else prints with the largest decimal suffix that keeps it exact.
pub fn amount_string(amount: &Amount) -> String {
    if amount.nano == 0 {
        return "0".to_string();
    }
    let sign = if amount.nano < 0 { "-" } else { "" };
    let abs = amount.nano.unsigned_abs();
    let nano_per_unit: u128 = 1_000_000_000;
    if amount.format == QuantityFormat::BinarySI && abs >= 1024 * nano_per_unit && abs.is_multiple_of(nano_per_unit) {
        let mut value = abs / nano_per_unit;
        let mut exponent = 0;
        while exponent < 6 && value.is_multiple_of(1024) {
            value /= 1024;
            exponent += 1;
        }
        let suffix = ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"][exponent];
        return format!("{sign}{value}{suffix}");
    }
    // Decimal: the largest exponent, a multiple of 3 from -9 up to 18, dividing the amount.
    let mut exponent: i32 = -9;
    let mut mantissa = abs;
    while exponent < 18 && mantissa.is_multiple_of(1000) {
        mantissa /= 1000;
        exponent += 3;
    }
    let suffix = if amount.format == QuantityFormat::DecimalExponent {
        if exponent == 0 { String::new() } else { format!("e{exponent}") }
    } else {
        match exponent {
            -9 => "n",
            -6 => "u",
            -3 => "m",
            0 => "",
            3 => "k",
            6 => "M",
            9 => "G",
            12 => "T",
            15 => "P",
            _ => "E",
        }
        .to_string()
    };
    format!("{sign}{mantissa}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_print_canonically() {
        assert_eq!(canonical("100m"), "100m");
        assert_eq!(canonical("0.5"), "500m");
        assert_eq!(canonical("1500m"), "1500m");
        assert_eq!(canonical("2000m"), "2");
        assert_eq!(canonical("1000"), "1k");
        assert_eq!(canonical("64Mi"), "64Mi");
        assert_eq!(canonical("2048Mi"), "2Gi");
        assert_eq!(canonical("512"), "512");
        assert_eq!(canonical("1e3"), "1e3");
        assert_eq!(canonical("110"), "110");
    }

    #[test]
    fn sums_keep_the_first_format() {
        let sum = Amount::parse("64Mi").add(Amount::parse("128Mi"));
        assert_eq!(amount_string(&sum), "192Mi");
        let cpu = Amount::parse("250m").add(Amount::parse("1"));
        assert_eq!(amount_string(&cpu), "1250m");
        assert_eq!(cpu.milli_value(), 1250);
    }
}
