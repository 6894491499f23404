//! Calendar formatting of unix timestamps (UTC), in the three shapes the pair API writes.

use std::sync::atomic::{AtomicI64, Ordering};

/// The moment the dataset describes before any shift of its clock: 2025-11-21T00:00:00Z.
const BASE_SNAPSHOT_UNIX: i64 = 1_763_683_200;
/// How long after the snapshot the datapi services answer (12:34:56 that day): the newest, still open, buckets.
const NOW_AFTER_SNAPSHOT: i64 = 45_296;
/// Seconds in a day.
pub const DAY: i64 = 86_400;
/// Whole days the dataset is moved by ([`set_clock`]): one clock per process, none until set.
static SHIFT: AtomicI64 = AtomicI64::new(0);

/// The moment the dataset describes: every generated timestamp is at or before it. 2025-11-21T00:00:00Z, moved by
/// whole days when the clock is set.
pub fn snapshot_unix() -> i64 {
    BASE_SNAPSHOT_UNIX + SHIFT.load(Ordering::Relaxed)
}

/// The moment the datapi services answer at: 12:34:56 UTC of the snapshot's day. Their newest buckets are still
/// open, and nothing they send is later.
pub fn now_unix() -> i64 {
    snapshot_unix() + NOW_AFTER_SNAPSHOT
}

/// Moves the whole dataset by whole days, so that [`now_unix`] is the latest 12:34:56 UTC at or before `wall_unix`
/// (a day or less behind it): a client asking for the last 30 days finds 30 days. Every timestamp moves alike, so
/// every figure, bucket and day is the same; only the dates differ. It holds for the whole process and is to be set
/// before a dataset is generated.
pub fn set_clock(wall_unix: i64) {
    SHIFT.store((wall_unix - BASE_SNAPSHOT_UNIX - NOW_AFTER_SNAPSHOT).div_euclid(DAY) * DAY, Ordering::Relaxed);
}
/// How many days of history the analytics cover.
pub const HISTORY_DAYS: i64 = 255;

/// The civil date `(year, month, day)` of a count of days since 1970-01-01 (proleptic Gregorian calendar).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The count of days since 1970-01-01 of a civil date (the inverse of [`civil_from_days`]).
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let shifted_month = i64::from(if month > 2 { month - 3 } else { month + 9 });
    let day_of_year = (153 * shifted_month + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

fn parts(unix: i64) -> (i64, u32, u32, i64, i64, i64) {
    let (year, month, day) = civil_from_days(unix.div_euclid(DAY));
    let secs = unix.rem_euclid(DAY);
    (year, month, day, secs / 3_600, secs % 3_600 / 60, secs % 60)
}

/// `"YYYY-MM-DD"`, the `day_date` of the analytics.
pub fn day_date(unix: i64) -> String {
    let (y, m, d, ..) = parts(unix);
    format!("{y:04}-{m:02}-{d:02}")
}

/// `"YYYY-MM-DDTHH:00:00"` (no zone suffix), the `hour_date` of the fee analytics.
pub fn hour_date(unix: i64) -> String {
    let (y, m, d, h, ..) = parts(unix);
    format!("{y:04}-{m:02}-{d:02}T{h:02}:00:00")
}

/// RFC 3339 with microseconds and a `Z`, like `Position.created_at`: `"2025-06-01T12:34:56.123456Z"`.
pub fn rfc3339_micros(unix_micros: i64) -> String {
    let (y, m, d, h, min, s) = parts(unix_micros.div_euclid(1_000_000));
    let micros = unix_micros.rem_euclid(1_000_000);
    format!("{y:04}-{m:02}-{d:02}T{h:02}:{min:02}:{s:02}.{micros:06}Z")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(day_date(0), "1970-01-01");
        assert_eq!(day_date(snapshot_unix()), "2025-11-21");
        assert_eq!(day_date(951_782_400), "2000-02-29");
        assert_eq!(day_date(951_868_800), "2000-03-01");
        assert_eq!(day_date(-1), "1969-12-31");
        assert_eq!(hour_date(snapshot_unix() + 15 * 3_600 + 59), "2025-11-21T15:00:00");
        assert_eq!(rfc3339_micros(1_714_106_188_766_258), "2024-04-26T04:36:28.766258Z");
        assert_eq!(rfc3339_micros(snapshot_unix() * 1_000_000 + 7), "2025-11-21T00:00:00.000007Z");
    }

    #[test]
    fn consecutive_days_advance_by_one() {
        let mut previous = civil_from_days(-800);
        for days in -799..30_000 {
            let next = civil_from_days(days);
            let advanced = (next.0 == previous.0 && next.1 == previous.1 && next.2 == previous.2 + 1)
                || (next.0 == previous.0 && next.1 == previous.1 + 1 && next.2 == 1)
                || (next.0 == previous.0 + 1 && next.1 == 1 && next.2 == 1 && previous.1 == 12);
            assert!(advanced, "{previous:?} -> {next:?}");
            previous = next;
        }
    }
}
