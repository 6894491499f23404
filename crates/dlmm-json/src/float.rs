//! Decimal text read as an `f64`: the grammar and the results of `str::parse::<f64>` (correctly rounded). Natively
//! [`parse`] is `str::parse`; in WebAssembly the grammar is checked here ([`grammar`]) and the value is read by the
//! host's own correctly rounded reader (JavaScript's `parseFloat`), so no `.wasm` carries a float parser's tables and
//! slow path (the standard library's adds about 12 KB gzip). Most numbers in a body never get there: a short literal
//! is one exact division (`of_short_literal`).

/// `text` as an `f64`, exactly as `text.parse::<f64>().ok()` reads it: an optional sign, then digits with an optional
/// point (digits on either side of it, not necessarily both) and an optional exponent (`e` or `E`, a sign, digits),
/// or `inf`, `infinity` or `nan` in any case; no spaces. Beyond a double's range it is infinite, below it zero.
///
/// Natively this is `str::parse` itself; in WebAssembly, [`grammar`] and then JavaScript's `parseFloat`, which the
/// browser tests hold to `str::parse`.
pub fn parse(text: &str) -> Option<f64> {
    #[cfg(not(target_arch = "wasm32"))]
    return text.parse().ok();
    #[cfg(target_arch = "wasm32")]
    grammar(text).map(|special| special.unwrap_or_else(|| js_sys::parse_float(text)))
}

/// The value of a JSON number literal (`-?digits(.digits)?`, valid by JSON's grammar) when one exact operation gives
/// it: at most 15 significant digits (below 2^53) and at most 22 of them after the point, which are most numbers
/// servers print; `None` for any other literal (an exponent, more digits), which [`parse`] reads.
pub(crate) fn of_short_literal(literal: &[u8]) -> Option<f64> {
    let (negative, digits) = match literal.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, literal),
    };
    let (mut value, mut count, mut after_point) = (0u64, 0, None::<usize>);
    for &byte in digits {
        match byte {
            b'0'..=b'9' => {
                value = value * 10 + u64::from(byte - b'0');
                count += usize::from(value != 0);
                after_point = after_point.map(|n| n + 1);
                if count > 15 {
                    return None;
                }
            }
            b'.' if after_point.is_none() => after_point = Some(0),
            _ => return None,
        }
    }
    if digits.is_empty() || digits == b"." {
        return None;
    }
    let power = POWERS.get(after_point.unwrap_or(0))?;
    let magnitude = value as f64 / power;
    Some(if negative { -magnitude } else { magnitude })
}

/// Whether `str::parse::<f64>` reads `text` (`None` when it does not), and its value when that is not a finite
/// number's digits (`inf`, `infinity`, `nan` in any case, signed), which JavaScript spells otherwise.
pub fn grammar(text: &str) -> Option<Option<f64>> {
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let signed = |value: f64| Some(Some(if negative { -value } else { value }));
    if unsigned.eq_ignore_ascii_case("inf") || unsigned.eq_ignore_ascii_case("infinity") {
        return signed(f64::INFINITY);
    }
    if unsigned.eq_ignore_ascii_case("nan") {
        return signed(f64::NAN);
    }
    let bytes = unsigned.as_bytes();
    let digits = |from: usize| bytes[from.min(bytes.len())..].iter().take_while(|b| b.is_ascii_digit()).count();
    // The digits before the point, then the point and the digits after it.
    let (whole, mut point_and_fraction) = (digits(0), 0);
    if bytes.get(whole) == Some(&b'.') {
        point_and_fraction = 1 + digits(whole + 1);
    }
    if whole == 0 && point_and_fraction <= 1 {
        return None; // no digit on either side of the point
    }
    let mut at = whole + point_and_fraction;
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        at += 1 + usize::from(matches!(bytes.get(at + 1), Some(b'+' | b'-')));
        let count = digits(at);
        if count == 0 {
            return None;
        }
        at += count;
    }
    (at == bytes.len()).then_some(None)
}

/// `value` written as `Display` writes it: the fewest digits that read back to it, without an exponent
/// (`0.0000001`, `100000000000000000000`, `-0`, `inf`, `NaN`); but from zmij's digits, so one float printer is in each
/// `.wasm` rather than two. Where two texts of that many digits read back to it equally closely (rare), zmij's
/// choice may be the other one than `Display`'s.
pub fn text(value: f64) -> String {
    let Some((sign, digits, point)) = shortest_digits(value) else {
        return not_finite(value);
    };
    let (mut out, digits) = (String::from(sign), digits.as_str());
    let zeros = |n: i64| "0".repeat(n.max(0) as usize);
    match usize::try_from(point) {
        _ if digits.is_empty() => out.push('0'),
        Err(_) | Ok(0) => out.extend(["0.", &zeros(-point), digits]),
        Ok(at) if at >= digits.len() => out.extend([digits, &zeros(point - digits.len() as i64)]),
        Ok(at) => out.extend([&digits[..at], ".", &digits[at..]]),
    }
    out
}

/// `value` with an exponent, as `LowerExp` (`{:e}`) writes it: the same digits as [`text`], one before the point
/// (`1.7e308`, `5e-324`, `-1.5e-7`, `0e0`, `inf`, `NaN`).
pub fn exponent_text(value: f64) -> String {
    let Some((sign, digits, point)) = shortest_digits(value) else {
        return not_finite(value);
    };
    if digits.is_empty() {
        return format!("{sign}0e0");
    }
    let (lead, rest) = digits.split_at(1);
    let dot = if rest.is_empty() { "" } else { "." };
    format!("{sign}{lead}{dot}{rest}e{}", point - 1)
}

/// `inf`, `-inf` or `NaN`, as `Display` writes them.
fn not_finite(value: f64) -> String {
    match value {
        f64::INFINITY => "inf".into(),
        f64::NEG_INFINITY => "-inf".into(),
        _ => "NaN".into(),
    }
}

/// A finite `value`'s sign (`-` or empty), the fewest significant digits that read back to it (zmij's; empty for
/// zero) and where the decimal point goes among them (`digits × 10^(point − digits.len())`); none for NaN and
/// infinities.
fn shortest_digits(value: f64) -> Option<(&'static str, String, i64)> {
    if !value.is_finite() {
        return None;
    }
    let mut buffer = zmij::Buffer::new();
    let printed = buffer.format_finite(value);
    let (sign, unsigned) = printed.strip_prefix('-').map_or(("", printed), |rest| ("-", rest));
    let (mantissa, exponent) = unsigned.split_once(['e', 'E']).unwrap_or((unsigned, "0"));
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: Vec<u8> = whole.bytes().chain(fraction.bytes()).collect();
    let mut point = whole.len() as i64 + exponent.parse::<i64>().unwrap_or(0);
    let lead = digits.iter().take_while(|&&d| d == b'0').count();
    let digits = &digits[lead..digits.iter().rposition(|&d| d != b'0').map_or(lead, |last| last + 1)];
    point -= lead as i64;
    Some((sign, String::from_utf8_lossy(digits).into_owned(), point))
}

/// True for number text without an exponent and under 300 characters: whatever its digits, well inside a double's
/// range (below 1e300), which callers that only need that know without parsing it.
pub fn plainly_in_range(text: &str) -> bool {
    text.len() < 300 && !text.bytes().any(|b| b == b'e' || b == b'E')
}

/// 10^0 through 10^22, each exactly a double.
const POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

#[cfg(test)]
pub(crate) mod tests {
    use super::{exponent_text, grammar, text};

    /// Texts at the edges of `str::parse::<f64>`'s grammar and of a double's range and precision (the browser tests
    /// read them with WebAssembly's [`super::parse`] too).
    #[rustfmt::skip]
    pub(crate) const EDGES: &[&str] = &[
        "0", "-0", "+0", "00", "007", "-007.50", "1.", ".5", "-.5", "+.5e1", "1.e5", "0.1", "12.5", "1e5", "1E+05",
        "1e-5", "2.5E-3", "1e308", "1.7976931348623157e308", "1.8e308", "-1e400", "1e-400", "-1e-400", "5e-324",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "7.708402041055213e-8", "0.00000021275016166469494",
        "123456789012345678901234567890.123456789", "1e99999999999999999999", "-1e-99999999999999999999",
        "0e99999999999999999999", "inf", "-inf", "+Infinity", "INFINITY", "nan", "-NaN", "+nan", "infinit", "", "-",
        "+", ".", "-.", "e5", ".e5", "1e", "1e+", "1e-", "1.5.2", "1-2", "--1", "+-1", " 1", "1 ", "0x10", "1_000",
        "١", "1e5.5", "in", "nana", "9007199254740993", "76953040370812553e-21", "4.9000000000000005e-6",
    ];

    /// [`grammar`] takes `text` exactly when the standard library does, with the same value where it gives one.
    fn agrees(text: &str) -> bool {
        match (grammar(text), text.parse::<f64>().ok()) {
            (Some(Some(a)), Some(b)) if a.is_nan() => b.is_nan(),
            (Some(Some(a)), Some(b)) => a.to_bits() == b.to_bits(),
            (Some(None), Some(_)) | (None, None) => true,
            _ => false,
        }
    }

    #[test]
    fn the_grammar_is_the_standard_librarys() {
        for text in EDGES {
            assert!(agrees(text), "{text:?}: {:?} vs {:?}", grammar(text), text.parse::<f64>());
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(4_000))]

        /// A short literal's one exact operation gives what `str::parse` reads, or leaves the literal to `parse`.
        #[test]
        fn short_literals_read_as_the_standard_library_reads(
            literal in "-?(0|[1-9][0-9]{0,17})(\\.[0-9]{1,24})?(e-?[0-9]{1,2})?"
        ) {
            let parsed: f64 = literal.parse().unwrap();
            if let Some(value) = super::of_short_literal(literal.as_bytes()) {
                proptest::prop_assert_eq!(value.to_bits(), parsed.to_bits(), "{}", literal);
            }
        }

        #[test]
        fn any_text_of_number_characters_is_taken_as_the_standard_library_takes_it(text in "[-+0-9.eEinfatyINFATY]{0,14}") {
            proptest::prop_assert!(agrees(&text), "{:?}", text);
        }
    }

    #[test]
    fn short_literals_are_read_by_one_exact_operation_and_others_are_left() {
        for (literal, value) in [("0", 0.0f64), ("-0", -0.0), ("12.5", 12.5), ("2288437.499546", 2288437.499546)] {
            assert_eq!(super::of_short_literal(literal.as_bytes()).map(f64::to_bits), Some(value.to_bits()));
        }
        for literal in ["1e5", "1234567890123456", "0.12345678901234567", "0.00000000000000000000001", "", ".", "-"] {
            assert_eq!(super::of_short_literal(literal.as_bytes()), None, "{literal}");
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(4_000))]

        /// [`text`] writes any double in as few digits as `Display` does, and they read back to it.
        #[test]
        fn text_is_as_short_as_display_and_exact(bits in proptest::num::u64::ANY) {
            let value = f64::from_bits(bits);
            let (ours, display) = (text(value), value.to_string());
            proptest::prop_assert_eq!(ours.len(), display.len(), "{} {}", ours, display);
            proptest::prop_assert!(ours.parse::<f64>().is_ok_and(|v| v.to_bits() == value.to_bits() || value.is_nan()));
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(4_000))]

        /// [`exponent_text`] writes any double in as few digits as `LowerExp` does, and they read back to it.
        #[test]
        fn exponent_text_is_as_short_as_lower_exp_and_exact(bits in proptest::num::u64::ANY) {
            let value = f64::from_bits(bits);
            let (ours, rust) = (exponent_text(value), format!("{value:e}"));
            proptest::prop_assert_eq!(ours.len(), rust.len(), "{} {}", ours, rust);
            proptest::prop_assert!(ours.parse::<f64>().is_ok_and(|v| v.to_bits() == value.to_bits() || value.is_nan()));
        }
    }

    #[test]
    fn exponent_text_is_lower_exp_at_the_edges() {
        for value in
            [0.0, -0.0, 1.0, 10.0, 0.1, -1.5e-7, 1e16, 5e-324, f64::MAX, f64::MIN_POSITIVE, f64::NAN, f64::INFINITY]
        {
            assert_eq!(exponent_text(value), format!("{value:e}"), "{value:?}");
        }
    }

    #[test]
    fn text_is_display_at_the_edges() {
        for value in [
            0.0,
            -0.0,
            1.0,
            -1.5,
            1e21,
            1e22,
            1e-7,
            123.456,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
            1e300,
            0.1,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            100.0,
            12345678901234567890.0,
        ] {
            assert_eq!(text(value), value.to_string(), "{value:?}");
        }
    }
}
