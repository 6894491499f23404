//! `/pools/{address}/ohlcv` and `/pools/{address}/volume/history`: buckets of a timeframe over an inclusive
//! `[start_time, end_time]` range (unix seconds, floored to bucket starts), oldest first, at most
//! [`MAX_BUCKETS`] per request.
//!
//! Volume is spread over 5-minute slots with deterministic weights; a day's slots sum to the day's volume, which
//! for DLMM pools is the keeper's daily trade volume of the same pair (so 24 h buckets equal the keeper analytics
//! exactly). The bucket holding [`now_unix`] is partial: candles show the volume so far, volume history reads 0.
//! Prices follow the tokens' price paths, which end at the pool's `current_price` now.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::table::PoolTable;
use super::unit_hash;
use crate::dataset::analytics::{day_start, trade_volume_by_day};
use crate::dataset::pools::PROTOCOL_BPS;
use crate::dataset::time::{DAY, HISTORY_DAYS, civil_from_days, now_unix};
use crate::dataset::{Dataset, Token};

/// The most buckets one request may cover (a wider range is refused with 400).
pub const MAX_BUCKETS: i64 = 1_000;
/// Buckets covered when `start_time` is absent: `start = floor(end) - (DEFAULT_BUCKETS - 1) * timeframe`.
pub const DEFAULT_BUCKETS: i64 = 100;
/// The oldest second with data: the first day of the keeper analytics.
pub fn history_start() -> i64 {
    day_start(0)
}

const SLOT: i64 = 300;
const SLOTS_PER_DAY: i64 = DAY / SLOT;

/// A candle interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeframe {
    /// `"5m"` … `"24h"`.
    pub name: &'static str,
    /// Length in seconds.
    pub seconds: i64,
}

/// Every timeframe, shortest first.
pub const TIMEFRAMES: [Timeframe; 7] = [
    Timeframe { name: "5m", seconds: 300 },
    Timeframe { name: "30m", seconds: 1_800 },
    Timeframe { name: "1h", seconds: 3_600 },
    Timeframe { name: "2h", seconds: 7_200 },
    Timeframe { name: "4h", seconds: 14_400 },
    Timeframe { name: "12h", seconds: 43_200 },
    Timeframe { name: "24h", seconds: 86_400 },
];

impl Timeframe {
    /// Parses `5m 30m 1h 2h 4h 12h 24h`.
    pub fn parse(text: &str) -> Option<Self> {
        TIMEFRAMES.into_iter().find(|t| t.name == text)
    }
}

/// A resolved request range: bucket-aligned, inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// The first bucket's start.
    pub start: i64,
    /// The last bucket's start.
    pub end: i64,
    /// The timeframe.
    pub timeframe: Timeframe,
}

/// Resolves the optional bounds: `end` defaults to now, `start` to [`DEFAULT_BUCKETS`] buckets before `end`; both
/// are floored to bucket starts; more than [`MAX_BUCKETS`] buckets or `end < start` is an error.
pub fn resolve_range(timeframe: Timeframe, start: Option<i64>, end: Option<i64>) -> Result<Range, String> {
    let tf = timeframe.seconds;
    let end = end.unwrap_or(now_unix());
    let end = end - end.rem_euclid(tf);
    let start = start.map_or(end - (DEFAULT_BUCKETS - 1) * tf, |s| s - s.rem_euclid(tf)).max(0);
    if end < start {
        return Err(format!("end_time must not be before start_time ({end} < {start})"));
    }
    let buckets = (end - start) / tf + 1;
    if buckets > MAX_BUCKETS {
        return Err(format!(
            "the range covers {buckets} buckets of {}; at most {MAX_BUCKETS} are allowed per request",
            timeframe.name
        ));
    }
    Ok(Range { start, end, timeframe })
}

/// `YYYY-MM-DDTHH:MM:SS+00:00`.
pub fn timestamp_str(unix: i64) -> String {
    let (y, m, d) = civil_from_days(unix.div_euclid(DAY));
    let secs = unix.rem_euclid(DAY);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}+00:00", secs / 3_600, secs % 3_600 / 60, secs % 60)
}

/// One candle.
#[derive(Clone, Debug, Serialize)]
pub struct Candle {
    /// Bucket start, unix seconds.
    pub timestamp: i64,
    /// [`timestamp_str`] of it.
    pub timestamp_str: String,
    /// Price at the bucket start.
    pub open: f64,
    /// Highest sampled price.
    pub high: f64,
    /// Lowest sampled price.
    pub low: f64,
    /// Price at the bucket end (or now).
    pub close: f64,
    /// USD volume so far.
    pub volume: f64,
}

/// One volume bucket.
#[derive(Clone, Debug, Serialize)]
pub struct VolumeBucket {
    /// Bucket start, unix seconds.
    pub timestamp: i64,
    /// [`timestamp_str`] of it.
    pub timestamp_str: String,
    /// USD volume (0 while the bucket is open).
    pub volume: f64,
    /// LP fees in USD.
    pub fees: f64,
    /// Protocol fees in USD.
    pub protocol_fees: f64,
}

/// Which pool a series describes (a row of its service's [`PoolTable`]).
#[derive(Clone, Copy, Debug)]
pub enum PoolRef {
    /// DLMM row (keeper pair) index.
    Dlmm(usize),
    /// DAMM v2 row (keeper pool-metrics record) index.
    DammV2(usize),
}

impl PoolRef {
    /// The pool's row in its service's table.
    fn row(self) -> usize {
        match self {
            PoolRef::Dlmm(i) | PoolRef::DammV2(i) => i,
        }
    }
}

/// Daily totals `(volume, fees, protocol_fees)` for the history days `0..HISTORY_DAYS` plus the current day.
struct Days {
    days: Vec<(f64, f64, f64)>,
}

impl Days {
    fn of(d: &Dataset, table: &PoolTable, pool: PoolRef) -> Self {
        let mut days: Vec<(f64, f64, f64)> = match pool {
            PoolRef::Dlmm(i) => trade_volume_by_day(d.seed, i, &d.pairs[i], HISTORY_DAYS as usize)
                .into_iter()
                .map(|v| (v.trade_volume, v.fee_volume, v.protocol_fee_volume))
                .collect(),
            PoolRef::DammV2(i) => {
                let r = &d.pools[i];
                let mut rng = ChaCha8Rng::seed_from_u64(d.seed ^ (i as u64 + 1).wrapping_mul(0x6a09_e667_f3bc_c909));
                let lp_share = 1.0 - (PROTOCOL_BPS + r.partner_bps + r.referral_bps) as f64 / 10_000.0;
                (0..HISTORY_DAYS)
                    .map(|_| {
                        let volume = crate::dataset::round(r.volume24h * rng.random_range(0.3..1.7), 2);
                        let fee = volume * r.fee_rate;
                        (volume, fee * lp_share, fee * PROTOCOL_BPS as f64 / 10_000.0)
                    })
                    .collect()
            }
        };
        let row = &table.rows[pool.row()];
        days.push((row.metrics[0][6], row.metrics[1][6], row.protocol_fees[6]));
        Self { days }
    }

    /// Totals of the day starting at `day_start`, if it has data.
    fn day(&self, day: i64) -> Option<(f64, f64, f64)> {
        let k = (day - history_start()).div_euclid(DAY);
        usize::try_from(k).ok().and_then(|k| self.days.get(k)).copied()
    }
}

/// Each day of `pool`'s history (its start, unix seconds) with its totals `(volume, fees, protocol_fees)`, up to
/// today's (partial) day.
pub(crate) fn days_of(d: &Dataset, table: &PoolTable, pool: PoolRef) -> impl Iterator<Item = (i64, (f64, f64, f64))> {
    let start = history_start();
    Days::of(d, table, pool).days.into_iter().enumerate().map(move |(k, totals)| (start + k as i64 * DAY, totals))
}

fn slot_weight(key: u64, slot: i64) -> f64 {
    0.5 + unit_hash(key, slot as u64)
}

/// The share of its day that `[from, to)` holds (both multiples of 5 minutes, within one day).
fn share_of_day(key: u64, from: i64, to: i64) -> f64 {
    let day = from - from.rem_euclid(DAY);
    if from == day && to == day + DAY {
        return 1.0;
    }
    let first = day / SLOT;
    let total: f64 = (first..first + SLOTS_PER_DAY).map(|s| slot_weight(key, s)).sum();
    let part: f64 = (from / SLOT..to / SLOT).map(|s| slot_weight(key, s)).sum();
    part / total
}

fn pool_key(d: &Dataset, pool: PoolRef) -> u64 {
    match pool {
        PoolRef::Dlmm(i) => d.seed ^ (i as u64) << 1,
        PoolRef::DammV2(i) => d.seed ^ ((i as u64) << 1 | 1),
    }
}

/// Volume, fees and protocol fees of `[from, to)` (within one day; `to` capped at now by the caller).
fn bucket_totals(days: &Days, key: u64, from: i64, to: i64) -> (f64, f64, f64) {
    let day = from - from.rem_euclid(DAY);
    let Some((volume, fees, protocol)) = days.day(day) else {
        return (0.0, 0.0, 0.0);
    };
    let to = to - to.rem_euclid(SLOT);
    if to <= from {
        return (0.0, 0.0, 0.0);
    }
    let share = share_of_day(key, from, to);
    (volume * share, fees * share, protocol * share)
}

fn tokens_of<'a>(d: &'a Dataset, table: &PoolTable, pool: PoolRef) -> (&'a Token, &'a Token) {
    let row = &table.rows[pool.row()];
    (&d.tokens[row.token_x as usize], &d.tokens[row.token_y as usize])
}

/// The pool's price (Y per X) at `t`: the token paths up to now, constant after it.
pub fn price_at(x: &Token, y: &Token, t: i64) -> f64 {
    let t = t.min(now_unix());
    x.price_at(t) / y.price_at(t)
}

/// Bucket starts of `range` that have data: from the history start up to the bucket holding now.
fn bucket_starts(range: &Range) -> impl Iterator<Item = i64> {
    let tf = range.timeframe.seconds;
    let first_with_data = history_start();
    let last = range.end.min(now_unix() - now_unix().rem_euclid(tf));
    let first = range.start.max(first_with_data + (tf - first_with_data.rem_euclid(tf)) % tf);
    (0..).map(move |k| first + k * tf).take_while(move |&t| t <= last)
}

/// Candles of `pool` (a row of `table`, its service's table) over `range`.
pub fn candles(d: &Dataset, table: &PoolTable, pool: PoolRef, range: &Range) -> Vec<Candle> {
    let days = Days::of(d, table, pool);
    let key = pool_key(d, pool);
    let (x, y) = tokens_of(d, table, pool);
    let tf = range.timeframe.seconds;
    bucket_starts(range)
        .map(|t| {
            let close_at = (t + tf).min(now_unix());
            let (volume, ..) = bucket_totals(&days, key, t, close_at);
            let (open, close) = (price_at(x, y, t), price_at(x, y, close_at));
            let (mut high, mut low) = (open.max(close), open.min(close));
            for k in 1..8 {
                let p = price_at(x, y, t + (close_at - t) * k / 8);
                high = high.max(p);
                low = low.min(p);
            }
            Candle { timestamp: t, timestamp_str: timestamp_str(t), open, high, low, close, volume }
        })
        .collect()
}

/// Volume buckets of `pool` (a row of `table`, its service's table) over `range`.
pub fn volume_history(d: &Dataset, table: &PoolTable, pool: PoolRef, range: &Range) -> Vec<VolumeBucket> {
    let days = Days::of(d, table, pool);
    let key = pool_key(d, pool);
    let tf = range.timeframe.seconds;
    bucket_starts(range)
        .map(|t| {
            let (volume, fees, protocol_fees) =
                if t + tf > now_unix() { (0.0, 0.0, 0.0) } else { bucket_totals(&days, key, t, t + tf) };
            VolumeBucket { timestamp: t, timestamp_str: timestamp_str(t), volume, fees, protocol_fees }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_floored_and_capped() {
        let day = TIMEFRAMES[6];
        let r = resolve_range(day, Some(1_755_000_000), Some(1_756_100_000)).unwrap();
        assert_eq!((r.start, r.end), (1_754_956_800, 1_756_080_000));
        let five = TIMEFRAMES[0];
        assert!(resolve_range(five, Some(0), Some(999 * 300)).is_ok());
        assert!(resolve_range(five, Some(0), Some(1_000 * 300)).is_err());
        assert!(resolve_range(five, Some(600), Some(300)).is_err());
        let default = resolve_range(day, None, None).unwrap();
        assert_eq!(default.end, now_unix() - now_unix() % DAY);
        assert_eq!((default.end - default.start) / DAY + 1, DEFAULT_BUCKETS);
        assert_eq!(timestamp_str(1_754_956_800), "2025-08-12T00:00:00+00:00");
    }

    #[test]
    fn slot_shares_of_a_day_sum_to_one() {
        let day = crate::dataset::time::snapshot_unix() - 3 * DAY;
        let sum: f64 = (0..24).map(|h| share_of_day(9, day + h * 3_600, day + (h + 1) * 3_600)).sum();
        assert!((sum - 1.0).abs() < 1e-9);
    }
}
