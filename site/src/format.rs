//! How numbers and times are shown: pure functions, unit-tested natively.

/// US dollars with thousands separators and cents: `$1,234,567.89` (negative: `-$3.50`).
pub fn usd(value: f64) -> String {
    if !value.is_finite() {
        return "—".to_owned();
    }
    let cents = (value.abs() * 100.0).round();
    let whole = (cents / 100.0).trunc() as u128;
    let frac = (cents % 100.0) as u8;
    let sign = if value < 0.0 && cents > 0.0 { "-" } else { "" };
    format!("{sign}${}.{frac:02}", group_thousands(whole))
}

/// A percent with four decimals: `1.2345 %`.
pub fn percent(value: f64) -> String {
    if value.is_finite() { format!("{value:.4} %") } else { "—".to_owned() }
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

/// The exact value behind a formatted number, for the hover title: Rust's shortest round-trip form.
pub fn exact(value: f64) -> String {
    value.to_string()
}

fn group_thousands(n: u128) -> String {
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
        assert_eq!(usd(f64::NAN), "—");
    }

    #[test]
    fn formats_percents_and_times() {
        assert_eq!(percent(1.825), "1.8250 %");
        assert_eq!(percent(0.000049), "0.0000 %");
        assert_eq!(unix_time(1_763_683_200), "2025-11-21 00:00:00 UTC");
        assert_eq!(unix_time(0), "1970-01-01 00:00:00 UTC");
        assert!(unix_time(i64::MAX).contains("out of range"));
    }

    #[test]
    fn exact_values_round_trip() {
        for v in [0.1, 1234.5, 1e-7, 123_456_789.01] {
            assert_eq!(exact(v).parse::<f64>().unwrap(), v);
        }
    }
}
