//! What a pool's price and history charts show: the timeframe and span choices kept in the URL (`tf`, `span`) and
//! the range they ask for (anchored at the service's newest bucket, fetched in chunks). Pure functions, unit-tested
//! natively.

use dlmm_query::datapi::params::Timeframe;
use dlmm_query::datapi::series::chunks;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url_state::testing::from_pairs;

    #[test]
    fn choices_round_trip_through_the_url() {
        assert_eq!(SeriesChoice::from_query(from_pairs(&[])), SeriesChoice::default());
        assert_eq!(SeriesChoice::default().to_query(), "");
        let c = SeriesChoice::from_query(from_pairs(&[("tf", "4h"), ("span", "90d")]));
        assert_eq!((c.timeframe, c.span), (Timeframe::H4, Span::D90));
        assert_eq!(c.to_query(), "?tf=4h&span=90d");
        let junk = SeriesChoice::from_query(from_pairs(&[("tf", "1d"), ("span", "<b>")]));
        assert_eq!(junk, SeriesChoice::default());
    }

    #[test]
    fn only_drawable_pairs_are_offered() {
        assert_eq!(bucket_count(Timeframe::M5, Span::D7), 2016);
        assert!(offered(Timeframe::M5, Span::D7));
        assert!(!offered(Timeframe::M5, Span::D30), "8640 buckets is too many to draw");
        assert!(!offered(Timeframe::H24, Span::D1), "one bucket is not a chart");
        // A pair that is not offered keeps its timeframe and takes the nearest offered span.
        let c = SeriesChoice::from_query(from_pairs(&[("tf", "5m"), ("span", "1y")]));
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
}
