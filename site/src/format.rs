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

/// A compact amount with a suffix: `1.23K`, `4.56M`, `7.89B`, `1.2T`; small values keep two decimals.
pub fn compact(value: f64) -> String {
    if !value.is_finite() {
        return "—".to_owned();
    }
    let abs = value.abs();
    let sign = if value < 0.0 { "-" } else { "" };
    let (scaled, suffix) = if abs >= 1e12 {
        (abs / 1e12, "T")
    } else if abs >= 1e9 {
        (abs / 1e9, "B")
    } else if abs >= 1e6 {
        (abs / 1e6, "M")
    } else if abs >= 1e3 {
        (abs / 1e3, "K")
    } else {
        (abs, "")
    };
    let text = if suffix.is_empty() && abs > 0.0 && abs < 0.01 {
        "<0.01".to_owned()
    } else {
        let s = format!("{scaled:.2}");
        // 999.999 K rounds to "1000.00": show it as the next unit instead.
        if s.starts_with("1000") && !suffix.is_empty() {
            return compact(value.signum() * 1000.0 * unit_value(suffix));
        }
        s
    };
    if text == "0.00" {
        return "0".to_owned();
    }
    format!("{sign}{text}{suffix}")
}

fn unit_value(suffix: &str) -> f64 {
    match suffix {
        "K" => 1e3,
        "M" => 1e6,
        "B" => 1e9,
        _ => 1e12,
    }
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
    format!("{value:.digits$} %")
}

/// An annual yield from a daily percent, compounded daily: `((1 + d/100)^365 - 1) * 100`.
pub fn apy_from_daily_percent(daily_percent: f64) -> f64 {
    ((1.0 + daily_percent / 100.0).powi(365) - 1.0) * 100.0
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
        assert!((apy_from_daily_percent(0.1) - 44.025).abs() < 0.01);
        assert_eq!(short_address("7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte"), "7dVr…fDte");
        assert_eq!(short_address("short"), "short");
        assert_eq!(duration(90_061), "1 d 1 h");
        assert_eq!(duration(3_720), "1 h 2 min");
        assert_eq!(duration(42), "42 s");
    }
}
