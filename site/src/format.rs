//! How numbers and times are shown: pure functions, unit-tested natively. In the browser, rounding to a number of
//! digits is JavaScript's ([`to_fixed`], [`to_exponential`]; `site/tests/components.rs` checks it there), so the
//! explorer ships no float printer of Rust's: about 5.7 KB gzip less.

/// US dollars with thousands separators and cents: `$1,234,567.89` (negative: `-$3.50`).
/// From $1,000 trillion up, the compact form (`$1.00e15`): cents mean nothing there and the digits would not fit.
pub fn usd(value: f64) -> String {
    if !value.is_finite() {
        return "—".to_owned();
    }
    if value.abs() >= HUGE {
        return compact_usd(value);
    }
    // Whole cents as an integer (below 1e17, so exact in a `u64`): dollars and cents by integer division, which a
    // float `%` would do with a 128-bit one.
    let cents = (value.abs() * 100.0).round() as u64;
    let sign = if value < 0.0 && cents > 0 { "-" } else { "" };
    format!("{sign}${}.{:02}", group_thousands(cents / 100), cents % 100)
}

/// A percent with four decimals: `1.2345 %` (from 1e15 up, compact: `1.00e17 %`).
pub fn percent(value: f64) -> String {
    if !value.is_finite() {
        "—".to_owned()
    } else if value.abs() >= HUGE {
        format!("{} %", compact(value))
    } else {
        format!("{} %", to_fixed(value, 4))
    }
}

/// A number with `decimals` fixed decimals (`0.00012345`), or with an exponent from 1e15 up (`1.235e17`); a dash
/// for NaN and infinities.
pub fn fixed(value: f64, decimals: usize) -> String {
    if !value.is_finite() {
        "—".to_owned()
    } else if value.abs() >= HUGE {
        to_exponential(value, 3)
    } else {
        to_fixed(value, decimals)
    }
}

/// From this magnitude on (1000 T), fixed-point forms give way to an exponent.
const HUGE: f64 = 1e15;

/// The UTC day of a unix time in seconds as `YYYY-MM-DD` (or what [`unix_time`] says of a time out of range).
pub fn unix_date(seconds: i64) -> String {
    let time = unix_time(seconds);
    match time.get(..10) {
        Some(date) if time.ends_with(" UTC") => date.to_owned(),
        _ => time,
    }
}

/// A unix time in seconds as `YYYY-MM-DD HH:MM:SS UTC`.
pub fn unix_time(seconds: i64) -> String {
    match time::OffsetDateTime::from_unix_timestamp(seconds) {
        Ok(t) => format!(
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02} UTC",
            t.year(),
            u8::from(t.month()),
            t.day(),
            t.hour(),
            t.minute(),
            t.second()
        ),
        Err(_) => format!("{seconds} (out of range)"),
    }
}

/// The exact value behind a formatted number, for the hover title: Rust's shortest round-trip form, with an
/// exponent for very large or very small magnitudes (`1.7e308`, `5e-324`); a dash for NaN and infinities.
pub fn exact(value: f64) -> String {
    if !value.is_finite() {
        return "—".to_owned();
    }
    let abs = value.abs();
    if abs >= 1e16 || (abs != 0.0 && abs < 1e-6) {
        dlmm_query::float::exponent_text(value)
    } else {
        dlmm_query::float::text(value)
    }
}

/// A compact amount with a suffix: `1.23K`, `4.56M`, `7.89B`, `1.2T`; small values keep two decimals; from 1000 T
/// up, an exponent (`1.00e15`). Total: any `f64` gives a short string (NaN and infinities a dash).
pub fn compact(value: f64) -> String {
    const UNITS: [(f64, &str); 5] = [(1.0, ""), (1e3, "K"), (1e6, "M"), (1e9, "B"), (1e12, "T")];
    if !value.is_finite() {
        return "—".to_owned();
    }
    let abs = value.abs();
    let sign = if value < 0.0 { "-" } else { "" };
    if abs > 0.0 && abs < 0.01 {
        return format!("{sign}<0.01");
    }
    let mut unit = UNITS.iter().rposition(|(size, _)| abs >= *size).unwrap_or(0);
    // 999.999 K rounds to "1000.00": show it as the next unit instead (and past the last unit, with an exponent).
    if (abs / UNITS[unit].0 * 100.0).round() >= 100_000.0 {
        unit += 1;
    }
    let text = match UNITS.get(unit) {
        Some((size, suffix)) => format!("{}{suffix}", to_fixed(abs / size, 2)),
        None => to_exponential(abs, 2),
    };
    if text == "0.00" {
        return "0".to_owned();
    }
    format!("{sign}{text}")
}

/// Compact US dollars: `$1.23M`.
pub fn compact_usd(value: f64) -> String {
    let c = compact(value);
    match c.strip_prefix('-') {
        Some(rest) => format!("-${rest}"),
        None if c == "—" => c,
        None => format!("${c}"),
    }
}

/// A percent with a precision that suits its size: `12.3 %`, `0.0421 %`.
pub fn percent_short(value: f64) -> String {
    if !value.is_finite() {
        return "—".to_owned();
    }
    let abs = value.abs();
    if abs >= 1e6 {
        return format!("{} %", compact(value));
    }
    let digits = if abs >= 100.0 {
        1
    } else if abs >= 1.0 {
        2
    } else {
        4
    };
    format!("{} %", to_fixed(value, digits))
}

/// `abcd…wxyz` for long identifiers (the full value goes in the title).
pub fn short_address(address: &str) -> String {
    let chars: Vec<char> = address.chars().collect();
    if chars.len() <= 12 {
        return address.to_owned();
    }
    let head: String = chars[..4].iter().collect();
    let tail: String = chars[chars.len() - 4..].iter().collect();
    format!("{head}…{tail}")
}

/// A duration in seconds as `3 d 4 h`, `5 h 6 min`, `42 s`.
pub fn duration(seconds: i64) -> String {
    let s = seconds.max(0);
    let (d, h, m) = (s / 86_400, (s % 86_400) / 3600, (s % 3600) / 60);
    if d > 0 {
        format!("{d} d {h} h")
    } else if h > 0 {
        format!("{h} h {m} min")
    } else if m > 0 {
        format!("{m} min")
    } else {
        format!("{s} s")
    }
}

/// `value` with `decimals` digits after the point, rounded (what `format!("{value:.decimals$}")` writes). In the
/// browser this is JavaScript's `toFixed` (from 1e21 up, [`to_exponential`]), so that the explorer's `.wasm` carries
/// no float printer of its own beside the shortest one (zmij's, in the core); natively, Rust's. Both round the exact
/// value, and differ only where it lies exactly halfway (JavaScript away from zero, Rust to even) and for `-0`
/// (JavaScript drops the sign).
pub fn to_fixed(value: f64, decimals: usize) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        if value.abs() >= 1e21 {
            return to_exponential(value, decimals);
        }
        let digits = decimals.min(100) as u8;
        web_sys::js_sys::Number::from(value).to_fixed(digits).map(String::from).unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    format!("{value:.decimals$}")
}

/// `value` in exponent form with `decimals` digits after the point, rounded (what `format!("{value:.decimals$e}")`
/// writes: `1.235e17`, `4.3e-10`). In the browser JavaScript's `toExponential`, as for [`to_fixed`].
pub fn to_exponential(value: f64, decimals: usize) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let number = web_sys::js_sys::Number::from(value);
        let text = number.to_exponential(decimals.min(100) as u8).map(String::from).unwrap_or_default();
        text.replacen("e+", "e", 1)
    }
    #[cfg(not(target_arch = "wasm32"))]
    format!("{value:.decimals$e}")
}

fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_dollars() {
        assert_eq!(usd(0.0), "$0.00");
        assert_eq!(usd(5.5), "$5.50");
        assert_eq!(usd(999.999), "$1,000.00");
        assert_eq!(usd(1_234_567.89), "$1,234,567.89");
        assert_eq!(usd(-3.5), "-$3.50");
        assert_eq!(usd(-0.001), "$0.00");
        assert_eq!(usd(99_999_999_999_999.99), "$99,999,999,999,999.98", "the nearest double's cents");
        assert_eq!(usd(123_456_789_012_345.67), "$123,456,789,012,345.68", "the nearest double's cents");
        // Dollars and cents split as integers are what splitting the double gave (trunc of a hundredth, `%` 100).
        let by_float = |v: f64| {
            let cents = (v.abs() * 100.0).round();
            ((cents / 100.0).trunc() as u64, (cents % 100.0) as u64)
        };
        let mut v = 0.004;
        while v < 1e15 {
            let cents = (v * 100.0_f64).round() as u64;
            assert_eq!((cents / 100, cents % 100), by_float(v), "{v}");
            v = v * 1.37 + 0.01;
        }
        assert_eq!(usd(f64::NAN), "—");
    }

    #[test]
    fn formats_percents_and_times() {
        assert_eq!(percent(1.825), "1.8250 %");
        assert_eq!(percent(0.000049), "0.0000 %");
        assert_eq!(unix_time(1_763_683_200), "2025-11-21 00:00:00 UTC");
        assert_eq!(unix_time(0), "1970-01-01 00:00:00 UTC");
        assert!(unix_time(i64::MAX).contains("out of range"));
        assert_eq!(unix_date(1_763_683_200 + 86_399), "2025-11-21");
        assert!(unix_date(i64::MAX).contains("out of range"));
    }

    #[test]
    fn exact_values_are_the_numbers_the_api_sent() {
        // Prices as servers print them (shortest text), read by the explorer's decoding: the exact value shown is
        // the number sent, not one a unit in the last place away (the core decodes with correct rounding).
        for sent in ["7.708402041055213e-8", "0.00000021275016166469494", "2366200.1204908495"] {
            let body = format!("[{sent}]");
            let decoded: Vec<f64> = dlmm_query::decode::json(body.as_bytes(), "https://example.test/", 200).unwrap();
            assert_eq!(exact(decoded[0]).parse::<f64>().unwrap().to_bits(), sent.parse::<f64>().unwrap().to_bits());
        }
        assert_eq!(exact(7.708402041055213e-8), "7.708402041055213e-8");
    }

    #[test]
    fn exact_values_round_trip() {
        for v in [0.1, 1234.5, 1e-7, 123_456_789.01] {
            assert_eq!(exact(v).parse::<f64>().unwrap(), v);
        }
    }

    #[test]
    fn formats_compact_numbers() {
        assert_eq!(compact(0.0), "0");
        assert_eq!(compact(0.001), "<0.01");
        assert_eq!(compact(12.345), "12.35");
        assert_eq!(compact(1234.0), "1.23K");
        assert_eq!(compact(999_999.0), "1.00M");
        assert_eq!(compact(-2_500_000.0), "-2.50M");
        assert_eq!(compact(3.2e9), "3.20B");
        assert_eq!(compact(7e12), "7.00T");
        assert_eq!(compact(f64::INFINITY), "—");
        assert_eq!(compact_usd(1234.0), "$1.23K");
        assert_eq!(compact_usd(-5.0), "-$5.00");
    }

    #[test]
    fn formats_short_percents_yields_addresses_durations() {
        assert_eq!(percent_short(12.3456), "12.35 %");
        assert_eq!(percent_short(0.04213), "0.0421 %");
        assert_eq!(percent_short(250.0), "250.0 %");
        assert_eq!(short_address("7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte"), "7dVr…fDte");
        assert_eq!(short_address("short"), "short");
        assert_eq!(duration(90_061), "1 d 1 h");
        assert_eq!(duration(3_720), "1 h 2 min");
        assert_eq!(duration(42), "42 s");
    }
}

/// Number-aware generators for property tests of the formatters and the chart scaling: the values that break
/// naive code (1e15–1e308, subnormals, ±`f64::MAX`, unit boundaries such as 999.995e12, NaN and ∞), not just
/// uniform floats.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) mod hostile {
    use proptest::prelude::*;

    /// Any `f64`, weighted towards the hostile ones.
    pub fn any_number() -> impl Strategy<Value = f64> {
        prop_oneof![
            2 => finite_number(),
            1 => prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(f64::NEG_INFINITY)],
        ]
    }

    /// Any finite `f64`, weighted towards the hostile ones.
    pub fn finite_number() -> impl Strategy<Value = f64> {
        let signed = |s: bool, v: f64| if s { -v } else { v };
        prop_oneof![
            // Every magnitude: a mantissa times 10^e for e across the whole range.
            3 => (any::<bool>(), 1.0f64..10.0, -324i32..=308)
                .prop_map(move |(s, m, e)| signed(s, (m * 10f64.powi(e)).min(f64::MAX))),
            2 => (any::<bool>(), 1e15f64..1e308).prop_map(move |(s, v)| signed(s, v)),
            // Just below and at each unit boundary: 999.995 K, M, B, T, and 1000 T.
            2 => (any::<bool>(), 0i32..=6, 999.99f64..1000.01)
                .prop_map(move |(s, k, m)| signed(s, m * 10f64.powi(3 * k))),
            1 => (any::<bool>(), 1u64..(1 << 52)).prop_map(move |(s, bits)| signed(s, f64::from_bits(bits))),
            1 => prop_oneof![
                Just(f64::MAX),
                Just(f64::MIN),
                Just(f64::MIN_POSITIVE),
                Just(f64::EPSILON),
                Just(5e-324),
                Just(-0.0),
                Just(0.0),
                Just(1e15),
                Just(999_999_999_999_999.9),
                Just(u64::MAX as f64),
            ],
            2 => any::<f64>().prop_filter("finite", |v| v.is_finite()),
        ]
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::hostile::any_number;
    use super::*;
    use proptest::prelude::*;

    /// The number part of a compact form (`-1.23K` → 1.23), which must stay below 1000.
    fn mantissa(text: &str) -> f64 {
        let body = text.trim_start_matches('-').trim_start_matches('$').trim_end_matches(['K', 'M', 'B', 'T']);
        let body = body.split('e').next().unwrap_or(body);
        body.parse().unwrap_or_else(|_| panic!("not a number: {text:?}"))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4096, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn every_formatter_is_total_and_short(v in any_number()) {
            for (name, text) in [
                ("usd", usd(v)),
                ("percent", percent(v)),
                ("compact", compact(v)),
                ("compact_usd", compact_usd(v)),
                ("percent_short", percent_short(v)),
                ("exact", exact(v)),
                ("fixed", fixed(v, 8)),
            ] {
                prop_assert!(!text.is_empty() && text.chars().count() <= 32, "{name}({v:e}) = {text:?}");
                prop_assert!(!text.contains("NaN") && !text.contains("inf"), "{name}({v:e}) = {text:?}");
                prop_assert_eq!(text == "—", !v.is_finite(), "{}({:e}) = {:?}", name, v, text);
            }
        }

        #[test]
        fn compact_numbers_keep_their_value(v in any_number()) {
            let text = compact(v);
            if v.is_finite() && text != "0" && !text.contains('<') {
                let m = mantissa(&text);
                prop_assert!((0.0..1000.0).contains(&m), "compact({v:e}) = {text:?}");
                // The text, read back with its unit, is within rounding of the value.
                let unit = match text.chars().last() {
                    Some('K') => 1e3,
                    Some('M') => 1e6,
                    Some('B') => 1e9,
                    Some('T') => 1e12,
                    _ => 1.0,
                };
                let exponent: i32 = text.split('e').nth(1).map_or(0, |e| e.parse().unwrap_or(0));
                let expected = v.abs() / unit / 10f64.powi(exponent);
                prop_assert!((m - expected).abs() <= 0.005 + expected * 1e-9, "compact({v:e}) = {text:?}");
                prop_assert_eq!(text.starts_with('-'), v < 0.0);
            }
        }

        #[test]
        fn exact_round_trips(v in any_number()) {
            if v.is_finite() {
                prop_assert_eq!(exact(v).parse::<f64>().ok(), Some(v));
            }
        }
    }

    #[test]
    fn the_values_that_used_to_recurse_forever() {
        assert_eq!(compact(999.999e12), "1.00e15");
        assert_eq!(compact(1e15), "1.00e15");
        assert_eq!(compact(-1.7e308), "-1.70e308");
        assert_eq!(compact(f64::MAX), "1.80e308");
        assert_eq!(compact_usd(1e17), "$1.00e17");
        assert_eq!(usd(1e308), "$1.00e308");
        assert_eq!(percent(1e17), "1.00e17 %");
        assert_eq!(percent_short(-1e300), "-1.00e300 %");
        assert_eq!(exact(5e-324), "5e-324");
        assert_eq!(exact(f64::NAN), "—");
        assert_eq!(compact(999.994e12), "999.99T");
        assert_eq!(compact(5e-324), "<0.01");
        assert_eq!(fixed(1.7e308, 8), "1.700e308");
        assert_eq!(fixed(0.5, 8), "0.50000000");
    }
}
