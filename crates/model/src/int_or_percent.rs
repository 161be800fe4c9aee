//! IntOrString budgets (`maxUnavailable: 1`, `maxSurge: "25%"`):
//! `intstr.GetScaledValueFromIntOrPercent` from apimachinery `pkg/util/intstr`.

use k8s_openapi::apimachinery::pkg::util::intstr::IntOrString;

/// `getIntOrPercentValueSafely`: the number and whether it was a percentage.
fn int_or_percent_value(v: &IntOrString) -> Result<(i64, bool), String> {
    match v {
        IntOrString::Int(i) => Ok((i64::from(*i), false)),
        IntOrString::String(s) => {
            let Some(number) = s.strip_suffix('%') else {
                return Err("invalid type: string is not a percentage".to_string());
            };
            let parsed = go_atoi(number).map_err(|e| format!("invalid value {s:?}: {e}"))?;
            Ok((parsed, true))
        }
    }
}

/// `strconv.Atoi` with its error text: an optional sign then decimal digits, 64-bit.
fn go_atoi(s: &str) -> Result<i64, String> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.Atoi: parsing {s:?}: invalid syntax"));
    }
    s.parse::<i64>().map_err(|_| format!("strconv.Atoi: parsing {s:?}: value out of range"))
}

/// `GetScaledValueFromIntOrPercent(v, total, roundUp)`: an int is returned as is; a
/// percentage is `value * total / 100`, rounded up or down (exactly, where upstream
/// goes through float64; the results agree for every int32 input).
pub fn scaled_value(v: &IntOrString, total: i32, round_up: bool) -> Result<i32, String> {
    let (value, is_percent) =
        int_or_percent_value(v).map_err(|e| format!("invalid value for IntOrString: {e}"))?;
    let scaled = if is_percent {
        let product = i128::from(value) * i128::from(total);
        let q = product.div_euclid(100);
        if round_up && product.rem_euclid(100) != 0 {
            q + 1
        } else {
            q
        }
    } else {
        i128::from(value)
    };
    i32::try_from(scaled).map_err(|_| format!("invalid value for IntOrString: {scaled} is out of range"))
}

/// Whether the budget is zero whatever the total: `0` or `"0%"`. Invalid strings are
/// not zero (validation reports them).
pub fn is_zero(v: &IntOrString) -> bool {
    matches!(int_or_percent_value(v), Ok((0, _)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> IntOrString {
        IntOrString::String(v.to_string())
    }

    #[test]
    fn upstream_get_scaled_value_from_int_or_percent_table() {
        // TestGetScaledValueFromIntOrPercent (intstr_test.go).
        let cases: Vec<(IntOrString, i32, bool, Result<i32, ()>)> = vec![
            (IntOrString::Int(123), 0, false, Ok(123)),
            (s("90%"), 100, true, Ok(90)),
            (s("90%"), 95, true, Ok(86)),
            (s("90%"), 95, false, Ok(85)),
            (s("%"), 0, false, Err(())),
            (s("90#"), 0, false, Err(())),
            (s("#%"), 0, false, Err(())),
            (s("90"), 100, true, Err(())),
        ];
        for (v, total, up, want) in cases {
            let got = scaled_value(&v, total, up).map_err(|_| ());
            assert_eq!(got, want, "{v:?} of {total} round_up={up}");
        }
    }

    #[test]
    fn percentages_of_small_totals() {
        assert_eq!(scaled_value(&s("50%"), 3, true), Ok(2));
        assert_eq!(scaled_value(&s("50%"), 3, false), Ok(1));
        assert_eq!(scaled_value(&s("10%"), 5, false), Ok(0));
        assert_eq!(scaled_value(&s("10%"), 5, true), Ok(1));
        assert_eq!(scaled_value(&s("100%"), 7, false), Ok(7));
        assert_eq!(scaled_value(&s("0%"), 7, true), Ok(0));
    }

    #[test]
    fn error_texts() {
        assert_eq!(
            scaled_value(&s("90"), 10, true),
            Err("invalid value for IntOrString: invalid type: string is not a percentage".to_string())
        );
        assert_eq!(
            scaled_value(&s("x%"), 10, true),
            Err(r#"invalid value for IntOrString: invalid value "x%": strconv.Atoi: parsing "x": invalid syntax"#.to_string())
        );
    }

    #[test]
    fn zero_budgets() {
        assert!(is_zero(&IntOrString::Int(0)));
        assert!(is_zero(&s("0%")));
        assert!(!is_zero(&s("1%")));
        assert!(!is_zero(&IntOrString::Int(1)));
        assert!(!is_zero(&s("0")));
    }
}
