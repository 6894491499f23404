//! The protocol's daily statistics (`/stats/daily/volume`, `/trading_fees`, `/protocol_fees`), which the live DLMM
//! service serves: each day's total over every DLMM pool (`gross`) and over the pools that are not blacklisted
//! (`clean`, the service's "filtered pool set"), from the same days the pools' volume histories add up.

use super::series::{PoolRef, days_of};
use super::table::PoolTable;
use crate::dataset::{Dataset, round};

/// What a daily statistics route adds up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyMetric {
    /// USD swapped in.
    Volume,
    /// The fees swappers paid, USD (the liquidity providers' share and the protocol's).
    TradingFees,
    /// The protocol's share of the fees, USD.
    ProtocolFees,
}

impl DailyMetric {
    /// The metric of the route `/stats/daily/<leaf>`.
    pub fn parse(leaf: &str) -> Option<Self> {
        Some(match leaf {
            "volume" => Self::Volume,
            "trading_fees" => Self::TradingFees,
            "protocol_fees" => Self::ProtocolFees,
            _ => return None,
        })
    }
}

/// One day's totals of one metric.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DayFigures {
    /// Over the pools that are not blacklisted.
    pub clean: f64,
    /// Over every pool.
    pub gross: f64,
}

/// Every day of the history (oldest first, today last) with its start (unix seconds) and each metric's figures.
#[derive(Debug)]
pub struct ProtocolDays {
    days: Vec<(i64, [DayFigures; 3])>,
}

impl ProtocolDays {
    /// Adds up the days of every pool of `table` (the DLMM table of `d`).
    pub fn of(d: &Dataset, table: &PoolTable) -> Self {
        let mut days: Vec<(i64, [DayFigures; 3])> = Vec::new();
        for (row, pool) in table.rows.iter().enumerate() {
            for (k, (start, (volume, fees, protocol))) in days_of(d, table, PoolRef::Dlmm(row)).enumerate() {
                if days.len() <= k {
                    days.push((start, [DayFigures::default(); 3]));
                }
                for (figures, value) in days[k].1.iter_mut().zip([volume, fees + protocol, protocol]) {
                    figures.gross += value;
                    if !pool.is_blacklisted {
                        figures.clean += value;
                    }
                }
            }
        }
        for (_, figures) in &mut days {
            for f in figures.iter_mut() {
                *f = DayFigures { clean: round(f.clean, 2), gross: round(f.gross, 2) };
            }
        }
        Self { days }
    }

    /// The days of `metric` starting within `[start, end]` (unix seconds, inclusive) that had swaps, oldest first.
    pub fn between(&self, metric: DailyMetric, start: i64, end: i64) -> impl Iterator<Item = (i64, DayFigures)> + '_ {
        self.days
            .iter()
            .filter(move |(day, figures)| {
                *day >= start - start.rem_euclid(86_400) && *day <= end && figures[0].gross > 0.0
            })
            .map(move |(day, figures)| (*day, figures[metric as usize]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datapi::views::DatapiViews;

    #[test]
    fn days_add_up_the_pools_and_clean_leaves_out_the_blacklisted() {
        let d = Dataset::generate(7, 30, 40);
        let views = DatapiViews::new(&d);
        let days = ProtocolDays::of(&d, &views.dlmm);
        let all: Vec<_> = days.between(DailyMetric::Volume, 0, i64::MAX).collect();
        assert!(all.len() > 200, "the history's days: {}", all.len());
        assert!(all.windows(2).all(|w| w[1].0 - w[0].0 == 86_400), "one point a day, oldest first");
        let (day, first) = all[0];
        let by_hand: f64 = (0..views.dlmm.rows.len())
            .map(|row| days_of(&d, &views.dlmm, PoolRef::Dlmm(row)).find(|(t, _)| *t == day).unwrap().1.0)
            .sum();
        assert!((first.gross - by_hand).abs() < 0.01, "{} vs {by_hand}", first.gross);
        assert!(first.clean <= first.gross);
        let fees = days.between(DailyMetric::TradingFees, day, day).next().unwrap().1;
        let protocol = days.between(DailyMetric::ProtocolFees, day, day).next().unwrap().1;
        assert!(protocol.gross < fees.gross && fees.gross < first.gross);
        assert_eq!(
            days.between(DailyMetric::Volume, day + 1, day + 86_399).count(),
            1,
            "a start within a day keeps it"
        );
        assert_eq!(DailyMetric::parse("trading_fees"), Some(DailyMetric::TradingFees));
        assert_eq!(DailyMetric::parse("fees"), None);
    }
}
