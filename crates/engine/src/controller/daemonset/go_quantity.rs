//! `resource.Quantity` as Go holds it after `ParseQuantity` of its canonical text: the
//! int64 amount and scale when it fits, else the `inf.Dec`, and the cached string, which
//! go-spew prints field by field for the template hash.

/// `resource.Quantity` as `ParseQuantity` leaves it.
pub(super) struct GoQuantity {
    pub(super) value: i64,
    pub(super) scale: i32,
    /// `inf.Dec`: negative, magnitude as 64-bit little-endian words, scale.
    pub(super) dec: Option<(bool, Vec<u64>, i32)>,
    pub(super) cached: String,
    pub(super) format: &'static str,
}

/// `ParseQuantity` of a canonical quantity text: the int64 fast path (caching the text
/// when it is already canonical by its rules) or the `inf.Dec` path.
pub(super) fn go_quantity(text: &str) -> GoQuantity {
    if text == "0" {
        return GoQuantity { value: 0, scale: 0, dec: None, cached: text.to_owned(), format: "DecimalSI" };
    }
    let negative = text.starts_with('-');
    let body = text.trim_start_matches(['-', '+']);
    let digits_end = body.find(|c: char| !c.is_ascii_digit()).unwrap_or(body.len());
    let (num, suffix) = body.split_at(digits_end);
    let (binary, exponent, format) = match suffix {
        "Ki" | "Mi" | "Gi" | "Ti" | "Pi" | "Ei" => {
            let power = "KMGTPE".find(&suffix[..1]).unwrap_or(0) as i32 + 1;
            (true, 10 * power, "BinarySI")
        }
        s if s.len() > 1 && (s.starts_with('e') || s.starts_with('E')) => (false, s[1..].parse().unwrap_or(0), "DecimalExponent"),
        s => {
            let position = ["n", "u", "m", "", "k", "M", "G", "T", "P", "E"].iter().position(|x| *x == s);
            (false, position.map_or(0, |p| p as i32 * 3 - 9), "DecimalSI")
        }
    };
    let digits = num.len() as i32;
    let (scale, precision) = if binary { (0, 15 - digits - exponent * 3 / 10 - 1) } else { (exponent, 18 - digits) };
    if precision >= 0 && scale >= -9 {
        if let Ok(value) = num.parse::<i64>() {
            let factor = if binary { 1i64.checked_shl(exponent as u32) } else { Some(1) };
            if let Some(result) = factor.and_then(|f| value.checked_mul(f)) {
                let canonical = if binary {
                    exponent % 10 == 0 && value & 7 != 0
                } else {
                    scale % 3 == 0 && !num.ends_with("000") && !num.starts_with('0')
                };
                let value = if negative { -result } else { result };
                let cached = if canonical { text.to_owned() } else { String::new() };
                return GoQuantity { value, scale, dec: None, cached, format };
            }
        }
    }
    // inf.Dec: the digits, times 2^exponent for a binary suffix or at scale -exponent for
    // a decimal one, then rounded (here: rescaled, the text being exact) to scale 9.
    let mut words = vec![0u64];
    for d in num.bytes() {
        mul_add(&mut words, 10, u64::from(d - b'0'));
    }
    let mut dec_scale = 0;
    if binary {
        for _ in 0..exponent {
            mul_add(&mut words, 2, 0);
        }
    } else {
        dec_scale = -exponent;
    }
    while dec_scale < 9 {
        mul_add(&mut words, 10, 0);
        dec_scale += 1;
    }
    if binary && exceeds_int64(&words, dec_scale) {
        words = vec![i64::MAX as u64];
        dec_scale = 0;
    }
    while words.len() > 1 && words.last() == Some(&0) {
        words.pop();
    }
    GoQuantity { value: 0, scale: 0, dec: Some((negative, words, dec_scale)), cached: String::new(), format }
}

fn mul_add(words: &mut Vec<u64>, by: u64, add: u64) {
    let mut carry = u128::from(add);
    for w in words.iter_mut() {
        let t = u128::from(*w) * u128::from(by) + carry;
        *w = t as u64;
        carry = t >> 64;
    }
    if carry > 0 {
        words.push(carry as u64);
    }
}

/// Whether words / 10^scale > 2^63-1 (BinarySI's cap).
fn exceeds_int64(words: &[u64], scale: i32) -> bool {
    let mut limit = vec![i64::MAX as u64];
    for _ in 0..scale {
        mul_add(&mut limit, 10, 0);
    }
    let len = |w: &[u64]| w.iter().rposition(|x| *x != 0).map_or(0, |p| p + 1);
    let (a, b) = (&words[..len(words)], &limit[..len(&limit)]);
    a.len() > b.len() || (a.len() == b.len() && a.iter().rev().cmp(b.iter().rev()) == std::cmp::Ordering::Greater)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantity_parse_of_canonical_text() {
        // (canonical text, int64 value, scale, text cached): ParseQuantity's fast path.
        for (text, value, scale, cached) in [
            ("100m", 100, -3, true),
            ("8Gi", 8 << 30, 0, false),
            ("1Gi", 1 << 30, 0, true),
            ("1k", 1, 3, true),
            ("12E", 12, 18, true),
            ("5e-3", 5, -3, true),
        ] {
            let q = go_quantity(text);
            assert_eq!((q.value, q.scale, !q.cached.is_empty(), q.dec.is_none()), (value, scale, cached, true), "{text}");
        }
        // Beyond the fast path's precision: inf.Dec at scale 9.
        let q = go_quantity("1Pi");
        let unscaled = (1u128 << 50) * 1_000_000_000;
        assert_eq!(q.dec, Some((false, vec![unscaled as u64, (unscaled >> 64) as u64], 9)));
    }
}
