//! The plain logic behind a pool's price and history charts: the timeframe and span choices kept in the URL, the
//! range they ask for (anchored at the service's newest bucket, fetched in chunks), the candle geometry and the
//! labels. Pure functions, unit-tested natively; `pages::dlmm_pool` only draws what these return.

use dlmm_query::datapi::params::Timeframe;
use dlmm_query::datapi::series::chunks;

use crate::chart::{LinearScale, band_x, nice_step};

/// The most buckets one chart draws (larger timeframe × span pairs are not offered).
pub const MAX_DRAWN_BUCKETS: u64 = 3000;

/// The timeframe when the URL names none (or names one that is not offered).
pub const DEFAULT_TIMEFRAME: Timeframe = Timeframe::H1;

/// The span when the URL names none (or names one that is not offered).
pub const DEFAULT_SPAN: Span = Span::D7;

/// How far back a chart reaches from the service's newest bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Span {
    /// One day.
    D1,
    /// Seven days.
    D7,
    /// Thirty days.
    D30,
    /// Ninety days.
    D90,
    /// A year (365 days).
    Y1,
}

impl Span {
    /// Every span, shortest first.
    pub const ALL: [Span; 5] = [Span::D1, Span::D7, Span::D30, Span::D90, Span::Y1];

    /// The URL text (`1d`, `7d`, `30d`, `90d`, `1y`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Span::D1 => "1d",
            Span::D7 => "7d",
            Span::D30 => "30d",
            Span::D90 => "90d",
            Span::Y1 => "1y",
        }
    }

    /// A label for the selector.
    pub const fn label(self) -> &'static str {
        match self {
            Span::D1 => "1 day",
            Span::D7 => "7 days",
            Span::D30 => "30 days",
            Span::D90 => "90 days",
            Span::Y1 => "1 year",
        }
    }

    /// The length in seconds.
    pub const fn seconds(self) -> u64 {
        const DAY: u64 = 86_400;
        match self {
            Span::D1 => DAY,
            Span::D7 => 7 * DAY,
            Span::D30 => 30 * DAY,
            Span::D90 => 90 * DAY,
            Span::Y1 => 365 * DAY,
        }
    }

    /// The span a URL text names, if any.
    pub fn parse(text: &str) -> Option<Span> {
        Span::ALL.into_iter().find(|s| s.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

/// How many buckets of `timeframe` a span holds.
pub fn bucket_count(timeframe: Timeframe, span: Span) -> u64 {
    span.seconds() / timeframe.seconds()
}

/// Whether a chart of `span` in `timeframe` buckets is offered: at least two buckets, at most
/// [`MAX_DRAWN_BUCKETS`].
pub fn offered(timeframe: Timeframe, span: Span) -> bool {
    (2..=MAX_DRAWN_BUCKETS).contains(&bucket_count(timeframe, span))
}

/// What a series chart shows: its bucket length and how far back it reaches. Round-trips through the URL query
/// (`tf`, `span`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeriesChoice {
    /// Bucket length.
    pub timeframe: Timeframe,
    /// How far back from the newest bucket.
    pub span: Span,
}

impl Default for SeriesChoice {
    fn default() -> Self {
        Self { timeframe: DEFAULT_TIMEFRAME, span: DEFAULT_SPAN }
    }
}

impl SeriesChoice {
    /// Reads `tf` and `span` from a query; unknown values fall back to the defaults, and a pair that is not
    /// [`offered`] keeps the timeframe and takes the nearest span that is.
    pub fn from_query(get: impl Fn(&str) -> Option<String>) -> Self {
        let timeframe = get("tf").and_then(|t| t.parse::<Timeframe>().ok()).unwrap_or(DEFAULT_TIMEFRAME);
        let span = get("span").and_then(|s| Span::parse(&s)).unwrap_or(DEFAULT_SPAN);
        Self { timeframe, span }.fitted()
    }

    /// The same timeframe with the offered span nearest to this one (the span itself when it is offered).
    pub fn fitted(self) -> Self {
        if offered(self.timeframe, self.span) {
            return self;
        }
        let span = Span::ALL
            .into_iter()
            .filter(|s| offered(self.timeframe, *s))
            .min_by_key(|s| s.seconds().abs_diff(self.span.seconds()))
            .unwrap_or(DEFAULT_SPAN);
        Self { timeframe: self.timeframe, span }
    }

    /// A new timeframe, keeping the span when it is still offered.
    pub fn with_timeframe(self, timeframe: Timeframe) -> Self {
        Self { timeframe, ..self }.fitted()
    }

    /// A new span (only offered spans are selectable, so the timeframe stays).
    pub fn with_span(self, span: Span) -> Self {
        Self { span, ..self }.fitted()
    }

    /// The query string of this choice (`?tf=1h&span=7d`), empty for the defaults.
    pub fn to_query(self) -> String {
        if self == Self::default() {
            String::new()
        } else {
            format!("?tf={}&span={}", self.timeframe.as_str(), self.span.as_str())
        }
    }

    /// The inclusive range `[start, end]` (unix seconds) of this choice, ending with the bucket that starts at
    /// `newest` (the service's newest bucket, as it reports it): the last [`bucket_count`] buckets.
    pub fn range(self, newest: u64) -> (u64, u64) {
        let tf = self.timeframe.seconds();
        let last_start = newest - newest % tf;
        let end = last_start.saturating_add(tf - 1);
        let start = last_start.saturating_sub((bucket_count(self.timeframe, self.span).saturating_sub(1)) * tf);
        (start, end)
    }

    /// How many requests the range of this choice takes (the datapi caps one request's buckets).
    pub fn requests(self, newest: u64) -> u64 {
        let (start, end) = self.range(newest);
        chunks(self.timeframe, start, end).map_or(0, |c| c.remaining())
    }
}

/// A timeframe's label for the selector.
pub fn timeframe_label(timeframe: Timeframe) -> &'static str {
    match timeframe {
        Timeframe::M5 => "5 min",
        Timeframe::M30 => "30 min",
        Timeframe::H1 => "1 hour",
        Timeframe::H2 => "2 hours",
        Timeframe::H4 => "4 hours",
        Timeframe::H12 => "12 hours",
        Timeframe::H24 => "1 day",
    }
}

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

/// The candle a key moves to from `current` among `n` (arrows step, Home and End jump; `None` for other keys).
pub fn step_key(key: &str, current: Option<usize>, n: usize) -> Option<Option<usize>> {
    if n == 0 {
        return None;
    }
    match key {
        "ArrowRight" => Some(Some(current.map_or(0, |i| (i + 1).min(n - 1)))),
        "ArrowLeft" => Some(Some(current.map_or(n - 1, |i| i.saturating_sub(1)))),
        "Home" => Some(Some(0)),
        "End" => Some(Some(n - 1)),
        "Escape" => Some(None),
        _ => None,
    }
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
        return format!("{value:.4e}");
    }
    let digits = (5 - abs.log10().floor() as i32).clamp(0, 15) as usize;
    let text = format!("{value:.digits$}");
    if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.').to_owned() } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |k| pairs.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone())
    }

    #[test]
    fn choices_round_trip_through_the_url() {
        assert_eq!(SeriesChoice::from_query(query(&[])), SeriesChoice::default());
        assert_eq!(SeriesChoice::default().to_query(), "");
        let c = SeriesChoice::from_query(query(&[("tf", "4h"), ("span", "90d")]));
        assert_eq!((c.timeframe, c.span), (Timeframe::H4, Span::D90));
        assert_eq!(c.to_query(), "?tf=4h&span=90d");
        assert_eq!(SeriesChoice::from_query(query(&[("tf", "4h"), ("span", "90d")])), c);
        let junk = SeriesChoice::from_query(query(&[("tf", "1d"), ("span", "<b>")]));
        assert_eq!(junk, SeriesChoice::default());
    }

    #[test]
    fn only_drawable_pairs_are_offered() {
        assert_eq!(bucket_count(Timeframe::M5, Span::D7), 2016);
        assert!(offered(Timeframe::M5, Span::D7));
        assert!(!offered(Timeframe::M5, Span::D30), "8640 buckets is too many to draw");
        assert!(!offered(Timeframe::H24, Span::D1), "one bucket is not a chart");
        // A pair that is not offered keeps its timeframe and takes the nearest offered span.
        let c = SeriesChoice::from_query(query(&[("tf", "5m"), ("span", "1y")]));
        assert_eq!((c.timeframe, c.span), (Timeframe::M5, Span::D7));
        let c = SeriesChoice::default().with_timeframe(Timeframe::H24).with_span(Span::Y1);
        assert_eq!((c.timeframe, c.span), (Timeframe::H24, Span::Y1));
        assert_eq!(SeriesChoice::default().with_span(Span::Y1).span, Span::D90, "a year of hours is too many");
        assert_eq!(c.with_timeframe(Timeframe::M30).span, Span::D30);
        assert_eq!(SeriesChoice { timeframe: Timeframe::H24, span: Span::D1 }.fitted().span, Span::D7);
    }

    #[test]
    fn the_range_ends_with_the_newest_bucket_and_is_fetched_in_chunks() {
        let h = 3600;
        let newest = 1_763_728_496; // inside the bucket starting at 1_763_726_400
        let c = SeriesChoice { timeframe: Timeframe::H1, span: Span::D7 };
        let (start, end) = c.range(newest);
        assert_eq!(end, 1_763_726_400 + h - 1);
        assert_eq!((end + 1 - start) / h, 168, "seven days of hourly buckets");
        assert_eq!(start % h, 0);
        assert_eq!(c.requests(newest), 1);
        let five = SeriesChoice { timeframe: Timeframe::M5, span: Span::D7 };
        assert_eq!(five.requests(newest), 3, "2016 buckets take three requests of at most 1000");
        let year = SeriesChoice { timeframe: Timeframe::H4, span: Span::Y1 };
        assert_eq!(year.requests(newest), 3, "2190 buckets");
        // Near the epoch the range is clipped, never wrapped.
        assert_eq!(SeriesChoice { timeframe: Timeframe::H24, span: Span::Y1 }.range(86_400 * 3).0, 0);
    }

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
    fn candles_in_words_and_keys() {
        let priced = Ohlc { open: 1.0, high: 2.0, low: 0.5, close: 1.5 };
        let text = describe(1_755_043_200 + 3600, priced, 1234.0, Timeframe::H1);
        assert!(text.starts_with("08-13 01:00 · O 1 H 2 L 0.5 C 1.5 · volume "), "{text}");
        let gap = Ohlc { open: 0.0, high: 9.0, low: 0.0, close: 0.0 };
        assert!(describe(1_755_043_200, gap, 0.0, Timeframe::H24).starts_with("2025-08-13 · no price"));
        assert_eq!(step_key("ArrowRight", None, 3), Some(Some(0)));
        assert_eq!(step_key("ArrowRight", Some(2), 3), Some(Some(2)));
        assert_eq!(step_key("ArrowLeft", None, 3), Some(Some(2)));
        assert_eq!(step_key("ArrowLeft", Some(0), 3), Some(Some(0)));
        assert_eq!(step_key("End", Some(0), 3), Some(Some(2)));
        assert_eq!(step_key("Escape", Some(1), 3), Some(None));
        assert_eq!(step_key("a", Some(1), 3), None);
        assert_eq!(step_key("Home", None, 0), None);
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
    }
}
