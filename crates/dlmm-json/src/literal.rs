//! A JSON number literal's value as a leaf's rules take it (an unsigned integer, a negative one, or a double), the
//! double computed exactly by [`crate::float`], so no value depends on serde_json's own exact float parser (its
//! `float_roundtrip` feature, which the WebAssembly builds leave out: about 6 KB gzip in each `.wasm`).

/// A number literal's value, as serde_json hands it to a visitor for the same text.
#[derive(Clone, Copy)]
pub(crate) enum Number {
    /// A non-negative integer that fits.
    U64(u64),
    /// A negative integer that fits.
    I64(i64),
    /// Anything else (`-0`, a fraction, an exponent, a larger integer): the correctly rounded double.
    F64(f64),
}

impl Number {
    /// The value of the number literal `text` (valid by JSON's grammar) as serde_json reads it (`-0` and integers
    /// beyond 64 bits as doubles); `None` beyond a double's range.
    pub(crate) fn of(text: &str) -> Option<Self> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        if digits.bytes().all(|b| b.is_ascii_digit())
            && let Ok(magnitude) = digits.parse::<u64>()
        {
            if !negative {
                return Some(Number::U64(magnitude));
            }
            let value = (magnitude as i64).wrapping_neg();
            return Some(if value >= 0 { Number::F64(-(magnitude as f64)) } else { Number::I64(value) });
        }
        crate::float::parse(text).filter(|value| value.is_finite()).map(Number::F64)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::Number;

    #[test]
    fn numbers_are_what_serde_json_reads() {
        #[rustfmt::skip]
        let texts = [
            "0", "-0", "7", "-7", "18446744073709551615", "18446744073709551616", "-9223372036854775808",
            "-9223372036854775809", "-18446744073709551615", "0.1", "-0.0", "1e2", "1E-7", "2.5e+3",
            "0.30000000000000004", "7.708402041055213e-8", "1.7976931348623157e308", "5e-324", "1e-400",
            "123456789012345678901234567890",
        ];
        for text in texts {
            // The same kind of number, and the same double bit for bit (serde_json with its exact parser, natively).
            let serde = serde_json::from_str::<Value>(text).expect("a number");
            let ours = match Number::of(text).expect("in range") {
                Number::U64(v) => Value::from(v),
                Number::I64(v) => Value::from(v),
                Number::F64(v) => Value::from(v),
            };
            assert_eq!((ours.is_u64(), ours.is_i64()), (serde.is_u64(), serde.is_i64()), "{text}");
            assert_eq!(ours.as_f64().map(f64::to_bits), serde.as_f64().map(f64::to_bits), "{text}");
        }
        for beyond in ["1e400", "-1e309", "1.8e308"] {
            assert!(serde_json::from_str::<Value>(beyond).is_err() && Number::of(beyond).is_none(), "{beyond}");
        }
    }
}
