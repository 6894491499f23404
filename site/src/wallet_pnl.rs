//! The plain parts of the wallet page (`/wallets/:wallet`), unit-tested natively: the unit its figures are shown in
//! (USD or SOL, kept in the URL), the month its calendar shows, the calendar's grid (weeks from Monday, each day
//! coloured by the sign and size of its P&L) and the month's cumulative P&L.

use std::fmt;
use std::str::FromStr;

use dlmm_query::datapi::models::Decimal;
use dlmm_query::datapi::models::portfolio::{CalendarDay, Performance};
use dlmm_query::datapi::month::Month;
use dlmm_query::datapi::params::TimeRange;

use crate::export::{Provenance, Table};
use crate::format::unix_date;

/// The unit the page's P&L and balances are shown in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Unit {
    /// US dollars.
    #[default]
    Usd,
    /// SOL.
    Sol,
}

impl Unit {
    /// Both units, as the switch offers them.
    pub const ALL: [Unit; 2] = [Unit::Usd, Unit::Sol];

    /// The URL text.
    pub const fn as_str(self) -> &'static str {
        match self {
            Unit::Usd => "usd",
            Unit::Sol => "sol",
        }
    }

    /// The switch's label.
    pub const fn label(self) -> &'static str {
        match self {
            Unit::Usd => "USD",
            Unit::Sol => "SOL",
        }
    }

    /// Of a USD and a SOL figure, the one in this unit.
    pub fn pick<T>(self, usd: T, sol: T) -> T {
        match self {
            Unit::Usd => usd,
            Unit::Sol => sol,
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Unit {
    type Err = ();

    fn from_str(text: &str) -> Result<Self, ()> {
        Unit::ALL.into_iter().find(|u| u.as_str() == text).ok_or(())
    }
}

/// `month` as a number of months since the start of year 0 (`2026-11` is 24,322): one number per month, in order.
pub fn month_number(month: Month) -> u32 {
    u32::from(month.year()) * 12 + u32::from(month.month()) - 1
}

/// The month [`month_number`] gives `number` (`None` for a number no month has).
pub fn month_of_number(number: u32) -> Option<Month> {
    Month::new(u16::try_from(number / 12).ok()?, (number % 12) as u8 + 1)
}

/// How strongly a day is coloured: its P&L's sign, and its size against the month's largest, in four steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shade {
    /// No activity that day.
    None,
    /// Activity, and a P&L of zero.
    Flat,
    /// A gain, 1 (small) to 4 (the month's largest).
    Gain(u8),
    /// A loss, 1 to 4.
    Loss(u8),
}

impl Shade {
    /// The CSS classes of a day with this shade.
    pub fn class(self) -> String {
        match self {
            Shade::None => "day".to_owned(),
            Shade::Flat => "day flat".to_owned(),
            Shade::Gain(level) => format!("day up g{level}"),
            Shade::Loss(level) => format!("day down g{level}"),
        }
    }
}

/// One day of the calendar grid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridDay<'a> {
    /// The day of the month, from 1.
    pub day: u8,
    /// Its start, unix seconds.
    pub start: i64,
    /// The service's point for it, when it sent one.
    pub point: Option<&'a CalendarDay>,
    /// Its colour.
    pub shade: Shade,
}

/// The weeks of `month` (Monday first), each day with its point among `days` and its shade; the cells before the
/// first and after the last day are `None`.
pub fn month_grid(month: Month, days: &[CalendarDay]) -> Vec<[Option<GridDay<'_>>; 7]> {
    let start = month.start_unix();
    let largest = days.iter().map(|d| d.pnl_usd.to_f64().abs()).filter(|v| v.is_finite()).fold(0.0, f64::max);
    // 1970-01-01 was a Thursday: three days after a Monday.
    let lead = ((start / 86_400 + 3).rem_euclid(7)) as usize;
    let mut weeks = Vec::new();
    let mut week = [None; 7];
    for day in 1..=month.days() {
        let day_start = start + (i64::from(day) - 1) * 86_400;
        let point = days.iter().find(|d| i64::try_from(d.timestamp).is_ok_and(|t| t == day_start));
        let cell = (lead + usize::from(day) - 1) % 7;
        week[cell] = Some(GridDay {
            day,
            start: day_start,
            point,
            shade: point.map_or(Shade::None, |p| shade(&p.pnl_usd, largest)),
        });
        if cell == 6 {
            weeks.push(std::mem::take(&mut week));
        }
    }
    if week.iter().any(Option::is_some) {
        weeks.push(week);
    }
    weeks
}

/// The shade of a day whose P&L is `pnl` in a month whose largest P&L (either sign) is `largest`.
fn shade(pnl: &Decimal, largest: f64) -> Shade {
    let size = pnl.to_f64().abs();
    if pnl.is_zero() || !size.is_finite() || largest <= 0.0 {
        return Shade::Flat;
    }
    let level = ((size / largest * 4.0).ceil() as u8).clamp(1, 4);
    if pnl.is_negative() { Shade::Loss(level) } else { Shade::Gain(level) }
}

/// The month's P&L added up day by day (USD), one value per day of `month`, from its first day: what the
/// cumulative curve draws. A day the service sent nothing for adds nothing.
pub fn cumulative(month: Month, days: &[CalendarDay]) -> Vec<f64> {
    let start = month.start_unix();
    let mut total = 0.0;
    (0..i64::from(month.days()))
        .map(|i| {
            let day_start = start + i * 86_400;
            total += days
                .iter()
                .filter(|d| i64::try_from(d.timestamp).is_ok_and(|t| t == day_start))
                .map(|d| d.pnl_usd.to_f64())
                .filter(|v| v.is_finite())
                .sum::<f64>();
            total
        })
        .collect()
}

/// The month's days as a table to download: one row per day the service sent, its figures as sent.
pub fn calendar_table(wallet: &str, month: Month, days: &[CalendarDay], provenance: Provenance) -> Table {
    let text = |d: Option<&Decimal>| d.map_or_else(String::new, |d| d.as_str().to_owned());
    let rows = days
        .iter()
        .filter(|d| Month::of_unix(i64::try_from(d.timestamp).unwrap_or(i64::MAX)) == Some(month))
        .map(|d| {
            vec![
                unix_date(i64::try_from(d.timestamp).unwrap_or(i64::MAX)),
                d.timestamp.to_string(),
                d.pnl_usd.as_str().to_owned(),
                d.closed_position_count.to_string(),
                d.win_count_usd.to_string(),
                d.loss_count_usd.to_string(),
                d.fees_earned_usd.as_str().to_owned(),
                text(d.dlmm.as_ref().map(|f| &f.pnl_usd)),
                text(d.damm_v2.as_ref().map(|f| &f.pnl_usd)),
            ]
        })
        .collect();
    Table {
        name: format!("calendar-{wallet}-{month}"),
        columns: vec![
            "day",
            "timestamp",
            "pnl_usd",
            "closed_position_count",
            "win_count_usd",
            "loss_count_usd",
            "fees_earned_usd",
            "dlmm_pnl_usd",
            "damm_v2_pnl_usd",
        ],
        rows,
        provenance,
    }
}

/// The performance of every window as a table to download, its figures as sent.
pub fn performances_table(wallet: &str, rows: &[(TimeRange, Performance)], provenance: Provenance) -> Table {
    let rows = rows
        .iter()
        .map(|(range, p)| {
            let mut row = vec![range.as_str().to_owned()];
            row.extend(
                [
                    &p.pnl_usd,
                    &p.pnl_sol,
                    &p.pnl_pct_change,
                    &p.pnl_sol_pct_change,
                    &p.realized_pnl_usd,
                    &p.unrealized_pnl_usd,
                    &p.realized_fee_earned_usd,
                    &p.unrealized_fee_earned_usd,
                    &p.win_rate_usd,
                ]
                .map(|d| d.as_str().to_owned()),
            );
            row.extend([p.win_count_usd, p.loss_count_usd, p.closed_count, p.open_count].map(|n| n.to_string()));
            row
        })
        .collect();
    Table {
        name: format!("performance-{wallet}"),
        columns: vec![
            "time_range",
            "pnl_usd",
            "pnl_sol",
            "pnl_pct_change",
            "pnl_sol_pct_change",
            "realized_pnl_usd",
            "unrealized_pnl_usd",
            "realized_fee_earned_usd",
            "unrealized_fee_earned_usd",
            "win_rate_usd",
            "win_count_usd",
            "loss_count_usd",
            "closed_count",
            "open_count",
        ],
        rows,
        provenance,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn month(text: &str) -> Month {
        text.parse().unwrap()
    }

    fn day(timestamp: i64, pnl: &str) -> CalendarDay {
        serde_json::from_value(serde_json::json!({
            "timestamp": timestamp, "pnl_usd": pnl, "closed_position_count": 1, "win_count_usd": 1,
            "loss_count_usd": 0, "fees_earned_usd": "0"
        }))
        .unwrap()
    }

    #[test]
    fn months_are_numbered_in_order() {
        assert_eq!(month_number(month("2026-11")), 24_322);
        for m in ["2000-01", "2026-11", "2026-12", "9999-12"] {
            assert_eq!(month_of_number(month_number(month(m))), Some(month(m)), "{m}");
        }
        assert_eq!((month_of_number(0), month_of_number(u32::MAX)), (None, None));
    }

    #[test]
    fn the_grid_starts_on_monday_and_shades_by_sign_and_size() {
        // November 2026 starts on a Sunday and has 30 days: six weeks.
        let start = month("2026-11").start_unix();
        let days = [
            day(start, "-100"),
            day(start + 86_400, "25.5"),
            day(start + 2 * 86_400, "0"),
            day(start + 3 * 86_400, "100"),
        ];
        let weeks = month_grid(month("2026-11"), &days);
        assert_eq!(weeks.len(), 6);
        assert!(weeks[0][..6].iter().all(Option::is_none));
        let first = weeks[0][6].unwrap();
        assert_eq!((first.day, first.start, first.shade), (1, start, Shade::Loss(4)));
        assert_eq!(weeks[1][0].unwrap().shade, Shade::Gain(2));
        assert_eq!(weeks[1][1].unwrap().shade, Shade::Flat);
        assert_eq!(weeks[1][2].unwrap().shade, Shade::Gain(4));
        assert_eq!(weeks[1][3].unwrap().shade, Shade::None);
        assert_eq!(weeks[5][0].unwrap().day, 30);
        assert!(weeks[5][1..].iter().all(Option::is_none));
        assert_eq!(Shade::Loss(4).class(), "day down g4");
        let counted: usize = weeks.iter().flatten().flatten().count();
        assert_eq!(counted, 30);
        // A point outside the month is not drawn.
        assert!(month_grid(month("2026-10"), &days).iter().flatten().flatten().all(|d| d.point.is_none()));
    }

    #[test]
    fn the_cumulative_curve_adds_every_day() {
        let start = month("2026-02").start_unix();
        let days = [day(start + 86_400, "10"), day(start + 5 * 86_400, "-2.5"), day(start - 86_400, "1000")];
        let curve = cumulative(month("2026-02"), &days);
        assert_eq!(curve.len(), 28);
        assert_eq!((curve[0], curve[1], curve[4], curve[5], curve[27]), (0.0, 10.0, 10.0, 7.5, 7.5));
    }

    #[test]
    fn the_calendar_table_holds_the_months_days_as_sent() {
        let start = month("2026-11").start_unix();
        let days = [day(start - 86_400, "5"), day(start + 86_400, "-0.100")];
        let provenance = Provenance { source: "s".into(), fetched_at: 0, refreshed_at: None };
        let t = calendar_table("w", month("2026-11"), &days, provenance);
        assert_eq!(t.name, "calendar-w-2026-11");
        assert_eq!(t.rows, [["2026-11-02", &(start + 86_400).to_string(), "-0.100", "1", "1", "0", "0", "", ""]]);
        assert_eq!(t.columns.len(), t.rows[0].len());
    }

    #[test]
    fn the_unit_reads_its_url_text() {
        assert_eq!("sol".parse(), Ok(Unit::Sol));
        assert_eq!("usd".parse(), Ok(Unit::Usd));
        assert!("SOL".parse::<Unit>().is_err());
        assert_eq!(Unit::Sol.pick(1, 2), 2);
        assert_eq!(Unit::default().to_string(), "usd");
    }
}
