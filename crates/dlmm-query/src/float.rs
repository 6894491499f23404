//! Decimal text read as an `f64`: the grammar and the results of `str::parse::<f64>` (correctly rounded), computed by
//! serde_json's number parser, which every build already holds for bodies. The standard library's own parser would
//! add its tables and slow path to each `.wasm` (about 12 KB gzip), for the same doubles.

use std::borrow::Cow;

/// `text` as an `f64`, exactly as `text.parse::<f64>().ok()` reads it: an optional sign, then digits with an optional
/// point (digits on either side of it, not necessarily both) and an optional exponent (`e` or `E`, a sign, digits),
/// or `inf`, `infinity` or `nan` in any case; no spaces. Beyond a double's range it is infinite, below it zero.
pub fn parse(text: &str) -> Option<f64> {
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let signed = |value: f64| if negative { -value } else { value };
    if unsigned.eq_ignore_ascii_case("inf") || unsigned.eq_ignore_ascii_case("infinity") {
        return Some(signed(f64::INFINITY));
    }
    if unsigned.eq_ignore_ascii_case("nan") {
        return Some(signed(f64::NAN));
    }
    let json = json_number(text, negative, unsigned)?;
    // The text is a number by JSON's grammar, so the parser refuses it only beyond a double's range. (Read as bytes:
    // the parser bodies are read with, rather than a second copy of it for `&str`.)
    Some(serde_json::from_slice::<f64>(json.as_bytes()).unwrap_or(signed(f64::INFINITY)))
}

/// `text` (a sign, when `negative` a minus, then `unsigned`) spelled as a JSON number literal, or `None` when it is
/// not a number: leading zeros dropped, an empty side of the point made `0` or left out, a `+` sign dropped.
fn json_number<'a>(text: &'a str, negative: bool, unsigned: &str) -> Option<Cow<'a, str>> {
    let bytes = unsigned.as_bytes();
    let digits = |from: usize| bytes[from.min(bytes.len())..].iter().take_while(|b| b.is_ascii_digit()).count();
    let whole = &unsigned[..digits(0)];
    let mut at = whole.len();
    let fraction = match bytes.get(at) {
        Some(b'.') => {
            let fraction = &unsigned[at + 1..at + 1 + digits(at + 1)];
            at += 1 + fraction.len();
            Some(fraction)
        }
        _ => None,
    };
    if whole.is_empty() && fraction.is_none_or(str::is_empty) {
        return None;
    }
    let exponent_at = at;
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        at += 1 + usize::from(matches!(bytes.get(at + 1), Some(b'+' | b'-')));
        let exponent_digits = digits(at);
        if exponent_digits == 0 {
            return None;
        }
        at += exponent_digits;
    }
    if at != bytes.len() {
        return None;
    }
    let canonical_whole = whole == "0" || !whole.starts_with('0') && !whole.is_empty();
    let plus = text.len() != unsigned.len() && !negative;
    if canonical_whole && fraction.is_none_or(|f| !f.is_empty()) && !plus {
        return Some(Cow::Borrowed(text));
    }
    let mut json = String::with_capacity(text.len() + 2);
    if negative {
        json.push('-');
    }
    match whole.trim_start_matches('0') {
        "" => json.push('0'),
        significant => json.push_str(significant),
    }
    if let Some(fraction) = fraction.filter(|f| !f.is_empty()) {
        json.push('.');
        json.push_str(fraction);
    }
    json.push_str(&unsigned[exponent_at..]);
    Some(Cow::Owned(json))
}

#[cfg(test)]
mod tests {
    use super::parse;

    /// `parse` and the standard library agree on `text` (NaN compared as NaN, zeros and all else bit for bit).
    fn agrees(text: &str) -> bool {
        match (parse(text), text.parse::<f64>().ok()) {
            (Some(a), Some(b)) if a.is_nan() => b.is_nan(),
            (a, b) => a.map(f64::to_bits) == b.map(f64::to_bits),
        }
    }

    #[test]
    fn reads_what_the_standard_library_reads() {
        for text in [
            "0",
            "-0",
            "+0",
            "00",
            "007",
            "-007.50",
            "1.",
            ".5",
            "-.5",
            "+.5e1",
            "1.e5",
            "0.1",
            "12.5",
            "1e5",
            "1E+05",
            "1e-5",
            "2.5E-3",
            "1e308",
            "1.7976931348623157e308",
            "1.8e308",
            "-1e400",
            "1e-400",
            "-1e-400",
            "5e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "7.708402041055213e-8",
            "0.00000021275016166469494",
            "123456789012345678901234567890.123456789",
            "1e99999999999999999999",
            "-1e-99999999999999999999",
            "0e99999999999999999999",
            "inf",
            "-inf",
            "+Infinity",
            "INFINITY",
            "nan",
            "-NaN",
            "+nan",
            "infinit",
            "",
            "-",
            "+",
            ".",
            "-.",
            "e5",
            ".e5",
            "1e",
            "1e+",
            "1e-",
            "1.5.2",
            "1-2",
            "--1",
            "+-1",
            " 1",
            "1 ",
            "0x10",
            "1_000",
            "١",
            "1e5.5",
            "in",
            "nana",
        ] {
            assert!(agrees(text), "{text:?}: {:?} vs {:?}", parse(text), text.parse::<f64>());
        }
        let long = format!("0.{}1", "0".repeat(400));
        let digits = format!("{}.{}e-300", "9".repeat(800), "7".repeat(800));
        assert!(agrees(&long) && agrees(&digits));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 4_000,
            failure_persistence: None,
            ..proptest::prelude::ProptestConfig::default()
        })]

        #[test]
        fn any_text_of_number_characters_is_read_as_the_standard_library_reads_it(text in "[-+0-9.eEinfatyINFATY]{0,14}") {
            proptest::prop_assert!(agrees(&text), "{:?}", text);
        }

        #[test]
        fn any_double_printed_any_way_is_read_as_the_standard_library_reads_it(value: f64, digits in 0usize..20) {
            for text in [format!("{value}"), format!("{value:?}"), format!("{value:e}"), format!("{value:.digits$}"),
                format!("{value:+.digits$E}"), format!("000{value:.digits$}")]
            {
                proptest::prop_assert!(agrees(&text), "{:?}", text);
            }
        }
    }
}
