//! The geometry and the words of price candles: which candles carry a price, the price axis, each candle's shape,
//! and a bucket's label, a candle's description and a price's text. Pure functions, unit-tested natively.

use dlmm_query::datapi::params::Timeframe;

use super::scale::{LinearScale, band_x, nice_step};
use crate::format::{to_exponential, to_fixed};

/// One candle's prices: open, high, low, close.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ohlc {
    /// First price.
    pub open: f64,
    /// Highest price.
    pub high: f64,
    /// Lowest price.
    pub low: f64,
    /// Last price.
    pub close: f64,
}

impl Ohlc {
    /// Whether the candle carries a price to draw: all four finite and above zero (old daily candles read 0 for
    /// open, low and close; those are gaps, not crashes to zero).
    pub fn priced(&self) -> bool {
        [self.open, self.high, self.low, self.close].iter().all(|p| p.is_finite() && *p > 0.0)
    }
}

/// A drawn candle in SVG units: the wick from `high_y` to `low_y` at `x`, the body from `body_y` down `body_height`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CandleShape {
    /// Index of the candle in the series.
    pub index: usize,
    /// Centre of the candle's band.
    pub x: f64,
    /// Body width.
    pub width: f64,
    /// Top of the wick (the high).
    pub high_y: f64,
    /// Bottom of the wick (the low).
    pub low_y: f64,
    /// Top of the body.
    pub body_y: f64,
    /// Body height (at least one unit, so a flat candle stays visible).
    pub body_height: f64,
    /// Whether the close is at or above the open.
    pub rising: bool,
}

/// The price domain of the priced candles, padded and rounded to nice ticks; `None` when no candle is priced.
pub fn price_axis(candles: &[Ohlc], count: usize) -> Option<((f64, f64), Vec<f64>)> {
    let priced = candles.iter().filter(|c| c.priced());
    let lo = priced.clone().map(|c| c.low.min(c.open).min(c.close)).fold(f64::INFINITY, f64::min);
    let hi = priced.map(|c| c.high.max(c.open).max(c.close)).fold(f64::NEG_INFINITY, f64::max);
    if !lo.is_finite() || !hi.is_finite() {
        return None;
    }
    let span = if hi > lo { hi - lo } else { hi.abs().max(f64::MIN_POSITIVE) * 0.02 };
    let step = nice_step(span, count);
    let first = (lo / step).floor();
    let last = (hi / step).ceil().max(first + 1.0);
    let n = ((last - first) as usize).min(64);
    let ticks: Vec<f64> = (0..=n).map(|i| (first + i as f64) * step).collect();
    let domain = (first * step, (first + n as f64) * step);
    if domain.0.is_finite() && domain.1.is_finite() && domain.0 < domain.1 { Some((domain, ticks)) } else { None }
}

/// The shapes of the priced candles across `[x0, x1]` (one band per candle, priced or not), mapped by `scale`.
pub fn candle_shapes(candles: &[Ohlc], x0: f64, x1: f64, scale: &LinearScale) -> Vec<CandleShape> {
    let n = candles.len();
    let band = (x1 - x0) / n.max(1) as f64;
    let width = (band * 0.7).max(0.5);
    candles
        .iter()
        .enumerate()
        .filter(|(_, c)| c.priced())
        .map(|(index, c)| {
            let (open_y, close_y) = (scale.map(c.open), scale.map(c.close));
            let body_y = open_y.min(close_y);
            CandleShape {
                index,
                x: band_x(index, n, x0, x1),
                width,
                high_y: scale.map(c.high.max(c.open).max(c.close)),
                low_y: scale.map(c.low.min(c.open).min(c.close)),
                body_y,
                body_height: (open_y - close_y).abs().max(1.0),
                rising: c.close >= c.open,
            }
        })
        .collect()
}

/// A bucket's start as an axis label: the date for daily buckets, else `MM-DD HH:MM` (UTC).
pub fn bucket_label(timestamp: u64, timeframe: Timeframe) -> String {
    let Ok(seconds) = i64::try_from(timestamp) else { return timestamp.to_string() };
    match time::OffsetDateTime::from_unix_timestamp(seconds) {
        Ok(t) if timeframe == Timeframe::H24 => format!("{:04}-{:02}-{:02}", t.year(), u8::from(t.month()), t.day()),
        Ok(t) => format!("{:02}-{:02} {:02}:{:02}", u8::from(t.month()), t.day(), t.hour(), t.minute()),
        Err(_) => timestamp.to_string(),
    }
}

/// One candle in words, for its tooltip and the chart's keyboard readout: `08-13 01:00 · O 1 H 2 L 0.5 C 1.5 ·
/// volume $1.2K`; a candle without prices says so.
pub fn describe(timestamp: u64, ohlc: Ohlc, volume: f64, timeframe: Timeframe) -> String {
    let when = bucket_label(timestamp, timeframe);
    let volume = crate::format::compact_usd(volume);
    if ohlc.priced() {
        let (o, h, l, c) = (price(ohlc.open), price(ohlc.high), price(ohlc.low), price(ohlc.close));
        format!("{when} · O {o} H {h} L {l} C {c} · volume {volume}")
    } else {
        format!("{when} · no price · volume {volume}")
    }
}

/// A price-axis tick: as [`price`] when the ticks are at least 0.001 apart, else in exponent form with as many
/// digits as the step needs (`4.325e-10`), so labels of tiny prices stay short and distinct.
pub fn price_tick(value: f64, step: f64) -> String {
    if !(step.is_finite() && step > 0.0) || step >= 1e-3 || value == 0.0 || !value.is_finite() {
        return price(value);
    }
    let digits = (value.abs().log10().floor() - step.log10().floor() + 1.0).clamp(0.0, 8.0) as usize;
    to_exponential(value, digits)
}

/// A price with about six significant digits (`123.457`, `0.0000123457`), an exponent for huge or tiny values.
pub fn price(value: f64) -> String {
    if !value.is_finite() {
        return "—".to_owned();
    }
    let abs = value.abs();
    if abs == 0.0 {
        return "0".to_owned();
    }
    if !(1e-9..1e15).contains(&abs) {
        return to_exponential(value, 4);
    }
    let digits = (5 - abs.log10().floor() as i32).clamp(0, 15) as usize;
    let text = to_fixed(value, digits);
    if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.').to_owned() } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unpriced_candles_are_gaps_and_the_axis_covers_the_priced_ones() {
        let c = |open, high, low, close| Ohlc { open, high, low, close };
        let candles = [c(0.0, 207.6, 0.0, 0.0), c(10.0, 12.0, 9.0, 11.0), c(11.0, 11.5, 8.0, 8.5)];
        assert!(!candles[0].priced() && candles[1].priced());
        let ((lo, hi), ticks) = price_axis(&candles, 4).unwrap();
        assert!(lo <= 8.0 && hi >= 12.0 && lo > 0.0, "({lo}, {hi})");
        assert_eq!(ticks.first(), Some(&lo));
        assert_eq!(ticks.last(), Some(&hi));
        let scale = LinearScale::new((lo, hi), (200.0, 0.0));
        let shapes = candle_shapes(&candles, 0.0, 300.0, &scale);
        assert_eq!(shapes.iter().map(|s| s.index).collect::<Vec<_>>(), [1, 2]);
        let (up, down) = (shapes[0], shapes[1]);
        assert_eq!(up.x, 150.0);
        assert_eq!(down.x, 250.0);
        assert!(up.rising && !down.rising);
        assert_eq!(up.high_y, scale.map(12.0));
        assert_eq!(up.low_y, scale.map(9.0));
        assert_eq!(up.body_y, scale.map(11.0));
        assert!((up.body_height - (scale.map(10.0) - scale.map(11.0))).abs() < 1e-9);
        assert_eq!(down.body_y, scale.map(11.0));
        assert!(up.high_y <= up.body_y && up.body_y + up.body_height <= up.low_y + 1e-9);
        // A flat candle still has a visible body; a series without prices has no axis.
        let flat = candle_shapes(&[c(5.0, 5.0, 5.0, 5.0)], 0.0, 10.0, &LinearScale::new((4.0, 6.0), (10.0, 0.0)));
        assert_eq!(flat[0].body_height, 1.0);
        assert!(price_axis(&[c(1.0, 1.0, 1.0, 1.0)], 4).is_some());
        assert!(price_axis(&[c(0.0, 0.0, 0.0, 0.0), c(f64::NAN, 1.0, 1.0, 1.0)], 4).is_none());
        assert!(price_axis(&[], 4).is_none());
    }

    #[test]
    fn candles_in_words() {
        let priced = Ohlc { open: 1.0, high: 2.0, low: 0.5, close: 1.5 };
        let text = describe(1_755_043_200 + 3600, priced, 1234.0, Timeframe::H1);
        assert!(text.starts_with("08-13 01:00 · O 1 H 2 L 0.5 C 1.5 · volume "), "{text}");
        let gap = Ohlc { open: 0.0, high: 9.0, low: 0.0, close: 0.0 };
        assert!(describe(1_755_043_200, gap, 0.0, Timeframe::H24).starts_with("2025-08-13 · no price"));
    }

    #[test]
    fn labels_and_prices() {
        assert_eq!(bucket_label(1_755_043_200, Timeframe::H24), "2025-08-13");
        assert_eq!(bucket_label(1_755_043_200 + 5400, Timeframe::M30), "08-13 01:30");
        assert_eq!(price(123.456_789), "123.457");
        assert_eq!(price(0.000_012_345_678), "0.0000123457");
        assert_eq!(price(2.0), "2");
        assert_eq!(price(0.0), "0");
        assert_eq!(price(f64::NAN), "—");
        assert_eq!(price(1e20), "1.0000e20");
        assert_eq!(price_tick(4.325e-10, 2.5e-12), "4.325e-10");
        assert_eq!(price_tick(4.3e-10, 1e-11), "4.30e-10");
        assert_eq!(price_tick(0.0, 1e-11), "0");
        assert_eq!(price_tick(132.5, 2.5), "132.5");
    }
}
