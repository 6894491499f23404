//! The portfolio service's figures (`/performances/{wallet}`, `/balances/{wallet}`, `/chart/calendar/{wallet}`),
//! from the same positions as the DLMM wallet routes ([`super::wallets`]), so that they add up to them:
//! - a window's performance sums the positions closed within it (realized) and the positions open now (unrealized);
//! - a calendar day sums the positions closed that UTC day;
//! - the balances are the open positions' value now.
//!
//! Every position here is a DLMM one: a day's `dlmm` share is the whole day and `damm_v2` is absent. Fees are the
//! claimed ones; an open position's unclaimed fees are in its P&L and in the balances' unclaimed figures. Figures are the service's decimal strings.

use serde_json::{Value, json};

use super::number_text;
use super::wallets::{Totals, sol_price};
use crate::dataset::Dataset;
use crate::dataset::time::{DAY, civil_from_days, days_from_civil, now_unix};

/// The `time_range` values, in the order clients list them.
pub const TIME_RANGES: [&str; 6] = ["1d", "7d", "30d", "1y", "ytd", "all"];

/// The year and month of a unix time, UTC.
fn year_month(unix: i64) -> (i64, u32) {
    let (year, month, _) = civil_from_days(unix.div_euclid(DAY));
    (year, month)
}

/// The first second of window `range` ending now (`None` for a value that is not one).
pub fn window_start(range: &str) -> Option<i64> {
    Some(match range {
        "1d" => now_unix() - DAY,
        "7d" => now_unix() - 7 * DAY,
        "30d" => now_unix() - 30 * DAY,
        "1y" => now_unix() - 365 * DAY,
        "ytd" => days_from_civil(year_month(now_unix()).0, 1, 1) * DAY,
        "all" => i64::MIN,
        _ => return None,
    })
}

/// The first and the last second of month `month` (1–12) of `year`.
pub fn month_span(year: i64, month: u32) -> (i64, i64) {
    let start = days_from_civil(year, month, 1) * DAY;
    let (next_year, next_month) = if month == 12 { (year + 1, 1) } else { (year, month + 1) };
    (start, days_from_civil(next_year, next_month, 1) * DAY - 1)
}

/// Reads `YYYY-MM`.
pub fn parse_month(text: &str) -> Option<(i64, u32)> {
    let (year, month) = text.split_once('-')?;
    let ok = year.len() == 4 && month.len() == 2 && (year.bytes().chain(month.bytes())).all(|b| b.is_ascii_digit());
    let (year, month): (i64, u32) = (year.parse().ok()?, month.parse().ok()?);
    (ok && (1..=12).contains(&month)).then_some((year, month))
}

/// The month of now, as `(year, month)`.
pub fn current_month() -> (i64, u32) {
    year_month(now_unix())
}

/// The sums of a set of positions, and their counts.
#[derive(Default)]
struct Sums {
    totals: Totals,
    wins: u64,
    losses: u64,
    biggest: Option<(f64, usize)>,
}

impl Sums {
    fn add(&mut self, d: &Dataset, index: usize) {
        let p = &d.positions[index];
        let t = Totals::of(d, p);
        let pnl = t.pnl_usd();
        self.wins += u64::from(pnl > 0.0);
        self.losses += u64::from(pnl < 0.0);
        if self.biggest.is_none_or(|(best, _)| pnl > best) {
            self.biggest = Some((pnl, p.pair as usize));
        }
        self.totals.add(&t);
    }

    /// A calendar day's or a protocol's figures.
    fn day_figures(&self) -> Value {
        json!({
            "pnl_usd": number_text(self.totals.pnl_usd()),
            "closed_position_count": self.totals.positions,
            "win_count_usd": self.wins,
            "loss_count_usd": self.losses,
            "fees_earned_usd": number_text(self.totals.fee_usd()),
        })
    }
}

/// `Performance` of `wallet` over the window starting at `since`.
pub fn performance(d: &Dataset, wallet: usize, since: i64) -> Value {
    let (mut closed, mut open) = (Sums::default(), Sums::default());
    for &i in d.positions_of_wallet(wallet) {
        match d.positions[i as usize].closed_at {
            Some(at) if at >= since => closed.add(d, i as usize),
            Some(_) => {}
            None => open.add(d, i as usize),
        }
    }
    let (realized, unrealized) = (closed.totals.pnl_usd(), open.totals.pnl_usd());
    let mut all = closed.totals.clone();
    all.add(&open.totals);
    let pnl = realized + unrealized;
    let deposit = all.deposit_usd();
    let pct = if deposit > 0.0 { pnl / deposit * 100.0 } else { 0.0 };
    let counted = all.positions;
    let closed_count = closed.totals.positions;
    let win_rate = if closed_count > 0 { closed.wins as f64 / closed_count as f64 * 100.0 } else { 0.0 };
    let biggest = [closed.biggest, open.biggest].into_iter().flatten().max_by(|a, b| a.0.total_cmp(&b.0));
    let sol = sol_price(d);
    json!({
        "pnl_usd": number_text(pnl),
        "pnl_sol": number_text(pnl / sol),
        "pnl_pct_change": number_text(pct),
        "pnl_sol_pct_change": number_text(pct),
        "realized_pnl_usd": number_text(realized),
        "unrealized_pnl_usd": number_text(unrealized),
        "realized_fee_earned_usd": number_text(all.fee_usd()),
        "unrealized_fee_earned_usd": "0",
        "total_deposit_usd": number_text(deposit),
        "win_rate_usd": number_text(win_rate),
        "win_count_usd": closed.wins,
        "loss_count_usd": closed.losses,
        "open_count": open.totals.positions,
        "closed_count": closed_count,
        "avg_invested_usd": number_text(if counted > 0 { deposit / counted as f64 } else { 0.0 }),
        "biggest_pnl_usd": number_text(biggest.map_or(0.0, |b| b.0)),
        "biggest_pnl_usd_pool": biggest.map(|(_, pair)| d.pairs[pair].address.clone()),
        "biggest_pnl_usd_protocol": biggest.map(|_| "dlmm"),
    })
}

/// `Balances` of `wallet`: its open positions' value now.
pub fn balances(d: &Dataset, wallet: usize) -> Value {
    let mut open = Totals::default();
    for &i in d.positions_of_wallet(wallet) {
        let p = &d.positions[i as usize];
        if p.closed_at.is_none() {
            open.add(&Totals::of(d, p));
        }
    }
    json!({
        "balance_usd": number_text(open.value_usd),
        "balance_sol": number_text(open.value_usd / sol_price(d)),
        "unclaimed_fee_usd": number_text(open.unclaimed_usd()),
        "unclaimed_fee_sol": number_text(open.unclaimed_usd() / sol_price(d)),
    })
}

/// `Calendar` of `wallet` for the month spanning `[start, end]`: one point per UTC day with a position closed.
pub fn calendar(d: &Dataset, wallet: usize, (start, end): (i64, i64)) -> Value {
    let mut days: Vec<(i64, Sums)> = Vec::new();
    for &i in d.positions_of_wallet(wallet) {
        let Some(at) = d.positions[i as usize].closed_at.filter(|at| (start..=end).contains(at)) else { continue };
        let day = at.div_euclid(DAY) * DAY;
        match days.iter_mut().find(|(d, _)| *d == day) {
            Some((_, sums)) => sums.add(d, i as usize),
            None => {
                let mut sums = Sums::default();
                sums.add(d, i as usize);
                days.push((day, sums));
            }
        }
    }
    days.sort_by_key(|(day, _)| *day);
    let points: Vec<Value> = days
        .iter()
        .map(|(day, sums)| {
            let mut point = sums.day_figures();
            point["timestamp"] = json!(day);
            point["dlmm"] = sums.day_figures();
            point
        })
        .collect();
    json!({ "data_points": points })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_and_months() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(month_span(2026, 2), (1_769_904_000, 1_772_323_199));
        assert_eq!(month_span(2025, 12).1 + 1, month_span(2026, 1).0);
        assert_eq!(parse_month("2026-07"), Some((2026, 7)));
        for bad in ["2026-13", "2026-7", "26-07", "2026-0a", "2026/07"] {
            assert_eq!(parse_month(bad), None, "{bad}");
        }
        let (year, month) = current_month();
        let (start, end) = month_span(year, month);
        assert!((start..=end).contains(&now_unix()));
        assert!(window_start("ytd").is_some_and(|t| t <= now_unix() && now_unix() - t < 366 * DAY));
        assert_eq!(window_start("2d"), None);
    }
}
