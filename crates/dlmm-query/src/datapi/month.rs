//! [`Month`]: a calendar month in UTC, the portfolio service's `month=YYYY-MM`, and the months of a range, which a
//! calendar of several months is fetched by, one request each.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

use crate::error::InvalidInput;

/// The most months one calendar call fetches (ten years, one request each).
pub const MAX_MONTHS: usize = 120;

/// A calendar month (UTC), written `YYYY-MM` on the wire, from 2000-01 to 9999-12.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Month {
    year: u16,
    month: u8,
}

impl Month {
    /// The month `month` (1 to 12) of `year` (2000 to 9999), if it is one.
    pub fn new(year: u16, month: u8) -> Option<Self> {
        ((2000..=9999).contains(&year) && (1..=12).contains(&month)).then_some(Self { year, month })
    }

    /// Reads `YYYY-MM` as the parameter named `parameter`.
    ///
    /// ```
    /// use dlmm_query::datapi::month::Month;
    /// assert_eq!(Month::parse_param("month", "2026-07").unwrap().to_string(), "2026-07");
    /// for bad in ["2026-7", "2026-13", "2026-00", "1999-12", "2026/07", "2026-07-01", " 2026-07", "२०२६-07"] {
    ///     assert_eq!(Month::parse_param("month", bad).unwrap_err().parameter, "month", "{bad}");
    /// }
    /// ```
    pub fn parse_param(parameter: &'static str, text: &str) -> Result<Self, InvalidInput> {
        let bytes = text.as_bytes();
        let digit = |i: usize| bytes.get(i).filter(|b| b.is_ascii_digit()).map(|b| u16::from(b - b'0'));
        let read = || {
            let year = digit(0)? * 1000 + digit(1)? * 100 + digit(2)? * 10 + digit(3)?;
            let month = digit(5)? * 10 + digit(6)?;
            (bytes.len() == 7 && bytes[4] == b'-').then(|| Self::new(year, month as u8)).flatten()
        };
        read().ok_or_else(|| {
            InvalidInput::new(parameter, format!("{text:?} is not a month written YYYY-MM (2000-01 to 9999-12)"))
        })
    }

    /// The year.
    pub fn year(self) -> u16 {
        self.year
    }

    /// The month of the year, 1 to 12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// The month after this one (`None` after 9999-12).
    pub fn next(self) -> Option<Self> {
        match self.month {
            12 => Self::new(self.year + 1, 1),
            m => Self::new(self.year, m + 1),
        }
    }

    /// The month before this one (`None` before 2000-01).
    pub fn previous(self) -> Option<Self> {
        match self.month {
            1 => Self::new(self.year.checked_sub(1)?, 12),
            m => Self::new(self.year, m - 1),
        }
    }

    /// The unix time (seconds) the month starts at: UTC midnight of its first day. The inverse of
    /// [`of_unix`](Self::of_unix) on a month's first second.
    ///
    /// ```
    /// use dlmm_query::datapi::month::Month;
    /// let m = |t: &str| t.parse::<Month>().unwrap();
    /// assert_eq!(m("2026-11").start_unix(), 1_793_491_200);
    /// assert_eq!(Month::of_unix(m("2026-11").start_unix() - 1), m("2026-11").previous());
    /// ```
    pub fn start_unix(self) -> i64 {
        // Days from 1970-01-01 to the first of the month, counting years from March so that leap days fall last.
        let (y, m) = (i64::from(self.year), i64::from(self.month));
        let (y, m) = if m <= 2 { (y - 1, m + 9) } else { (y, m - 3) };
        let era = y.div_euclid(400);
        let year_of_era = y - era * 400;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + (153 * m + 2) / 5;
        (era * 146_097 + day_of_era - 719_468) * 86_400
    }

    /// The number of days of the month (28 to 31).
    pub fn days(self) -> u8 {
        let next = self.next().map_or(self.start_unix() + 31 * 86_400, Self::start_unix);
        ((next - self.start_unix()) / 86_400) as u8
    }

    /// The month a unix time (seconds) falls in, in UTC; `None` outside 2000–9999.
    ///
    /// ```
    /// use dlmm_query::datapi::month::Month;
    /// assert_eq!(Month::of_unix(1_785_542_400).map(|m| m.to_string()).as_deref(), Some("2026-08"));
    /// assert_eq!(Month::of_unix(1_785_542_399).map(|m| m.to_string()).as_deref(), Some("2026-07"));
    /// ```
    pub fn of_unix(seconds: i64) -> Option<Self> {
        // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm, in our own words).
        let days = seconds.div_euclid(86_400);
        let shifted = days + 719_468;
        let era = shifted.div_euclid(146_097);
        let day_of_era = shifted - era * 146_097;
        let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let shifted_month = (5 * day_of_year + 2) / 153;
        let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Self::new(u16::try_from(year).ok()?, u8::try_from(month).ok()?)
    }

    /// Every month from `from` to `to`, both included, oldest first: what a calendar range is fetched by. A range
    /// that ends before it starts, or of more than [`MAX_MONTHS`], is refused (as the parameter `to_month`).
    ///
    /// ```
    /// use dlmm_query::datapi::month::Month;
    /// let m = |t| Month::parse_param("month", t).unwrap();
    /// let months = Month::range(m("2025-11"), m("2026-02")).unwrap();
    /// assert_eq!(months.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["2025-11", "2025-12", "2026-01", "2026-02"]);
    /// assert!(Month::range(m("2026-02"), m("2025-11")).is_err());
    /// assert!(Month::range(m("2000-01"), m("2099-12")).is_err(), "more than 120 months");
    /// ```
    pub fn range(from: Self, to: Self) -> Result<Vec<Self>, InvalidInput> {
        if to < from {
            return Err(InvalidInput::new("to_month", format!("{to} is before from_month {from}")));
        }
        let mut months = vec![from];
        while let Some(next) = months.last().and_then(|m| m.next()).filter(|next| *next <= to) {
            if months.len() == MAX_MONTHS {
                return Err(InvalidInput::new(
                    "to_month",
                    format!("{from} to {to} is more than {MAX_MONTHS} months, the most a calendar call fetches"),
                ));
            }
            months.push(next);
        }
        Ok(months)
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

impl FromStr for Month {
    type Err = InvalidInput;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse_param("month", text)
    }
}

impl Serialize for Month {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_start_at_utc_midnight_and_have_their_days() {
        let month = |t: &str| t.parse::<Month>().unwrap();
        assert_eq!(month("2026-11").start_unix(), 1_793_491_200);
        assert_eq!(month("2000-01").start_unix(), 946_684_800);
        assert_eq!(month("2024-03").start_unix(), 1_709_251_200);
        let lengths: Vec<u8> = ["2024-02", "2025-02", "2000-02", "2026-04", "2026-12"].map(|m| month(m).days()).into();
        assert_eq!(lengths, [29, 28, 29, 30, 31]);
        assert_eq!(month("9999-12").days(), 31);
        assert_eq!(month("2026-01").previous(), Some(month("2025-12")));
        assert_eq!(month("2026-07").previous(), Some(month("2026-06")));
        assert_eq!(month("2000-01").previous(), None);
        for m in ["2001-03", "2026-11", "2099-12"] {
            assert_eq!(Month::of_unix(month(m).start_unix()), Some(month(m)), "{m}");
            assert_eq!(Month::of_unix(month(m).start_unix() - 1), month(m).previous(), "{m}");
        }
    }

    #[test]
    fn months_follow_one_another_across_years_and_stop_at_the_end() {
        let m = |t: &str| t.parse::<Month>().unwrap();
        assert_eq!(m("2025-12").next(), Some(m("2026-01")));
        assert_eq!(m("9999-12").next(), None);
        assert_eq!(Month::range(m("2026-03"), m("2026-03")).unwrap(), [m("2026-03")]);
        assert_eq!(Month::range(m("2016-01"), m("2025-12")).unwrap().len(), MAX_MONTHS);
        assert_eq!(Month::of_unix(946_684_800), Some(m("2000-01")));
        assert_eq!(Month::of_unix(946_684_799), None, "1999-12 is outside");
        assert_eq!(Month::of_unix(i64::MAX), None);
        assert_eq!(Month::of_unix(i64::MIN), None);
    }
}
