//! A JSON number literal's value as a leaf's rules take it (an unsigned integer, a negative one, or a double), the
//! double computed exactly by [`crate::float`], so no value depends on serde_json's own exact float parser (its
//! `float_roundtrip` feature, which the WebAssembly builds leave out: about 6 KB gzip in each `.wasm`).

use serde::de::Unexpected;

/// The value of the number literal `text` (valid by JSON's grammar) as serde_json hands it to a visitor: a
/// non-negative integer that fits as `Unsigned`, a negative one as `Signed`, anything else (`-0`, a fraction, an
/// exponent, a larger integer) as the correctly rounded `Float`; `None` beyond a double's range.
pub(crate) fn number(text: &str) -> Option<Unexpected<'static>> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    if digits.bytes().all(|b| b.is_ascii_digit())
        && let Ok(magnitude) = digits.parse::<u64>()
    {
        if !negative {
            return Some(Unexpected::Unsigned(magnitude));
        }
        let value = (magnitude as i64).wrapping_neg();
        return Some(if value >= 0 { Unexpected::Float(-(magnitude as f64)) } else { Unexpected::Signed(value) });
    }
    crate::float::parse(text).filter(|value| value.is_finite()).map(Unexpected::Float)
}

#[cfg(test)]
mod tests {
    use serde::de::Unexpected;
    use serde_json::Value;

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
            let ours = match super::number(text).expect("in range") {
                Unexpected::Unsigned(v) => Value::from(v),
                Unexpected::Signed(v) => Value::from(v),
                Unexpected::Float(v) => Value::from(v),
                other => panic!("{other}"),
            };
            assert_eq!((ours.is_u64(), ours.is_i64()), (serde.is_u64(), serde.is_i64()), "{text}");
            assert_eq!(ours.as_f64().map(f64::to_bits), serde.as_f64().map(f64::to_bits), "{text}");
        }
        for beyond in ["1e400", "-1e309", "1.8e308"] {
            assert!(serde_json::from_str::<Value>(beyond).is_err() && super::number(beyond).is_none(), "{beyond}");
        }
    }
}
