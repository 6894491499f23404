//! A position's profit and loss taken apart: the fees it earned (claimed and unclaimed) and the rest, which is the
//! price move and impermanent loss (and any farm rewards), from its record on `/positions/{pool}/pnl`; and the check
//! of the record's claimed fees against the position's own fee-claim events.

use crate::datapi::models::dlmm::{PositionEvent, PositionPnlRecord, TokenAmount};

/// A P&L in one unit, split so that `fees + rest == total` (the rest is what the total leaves after the fees).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PnlSplit {
    /// The P&L the service reports.
    pub total: f64,
    /// Fees earned: claimed, plus unclaimed while the position is open.
    pub fees: f64,
    /// Everything else: the price move and impermanent loss, and farm rewards where the pool has any.
    pub rest: f64,
}

impl PnlSplit {
    /// The split of `total` with `fees`: the rest is their difference, or zero where that difference is only the
    /// rounding of two equal figures (within a trillionth of the larger), so a pool of stablecoins shows no price move.
    fn of(total: f64, fees: f64) -> Self {
        let rest = total - fees;
        let rest = if rest.abs() <= 1e-12 * total.abs().max(fees.abs()) { 0.0 } else { rest };
        Self { total, fees, rest }
    }

    /// The split in USD.
    pub fn usd(record: &PositionPnlRecord) -> Self {
        let unclaimed =
            record.unrealized_pnl.as_ref().map_or(0.0, |u| u.unclaimed_fee_token_x.usd + u.unclaimed_fee_token_y.usd);
        Self::of(record.pnl_usd, record.all_time_fees.total.usd + unclaimed)
    }

    /// The split in SOL; none when the record leaves out a SOL figure it needs.
    pub fn sol(record: &PositionPnlRecord) -> Option<Self> {
        let sol = |t: &TokenAmount| t.amount_sol;
        let unclaimed = match &record.unrealized_pnl {
            Some(u) => sol(&u.unclaimed_fee_token_x)? + sol(&u.unclaimed_fee_token_y)?,
            None => 0.0,
        };
        Some(Self::of(record.pnl_sol.as_ref()?.to_f64(), record.all_time_fees.total.sol? + unclaimed))
    }
}

/// The largest gap, in USD, at which two figures of the same fees still agree…
pub const FEE_TOLERANCE_USD: f64 = 0.01;
/// …or, when larger, this share of the larger figure (1 %).
pub const FEE_TOLERANCE_SHARE: f64 = 0.01;

/// The claimed fees of a position as its P&L record and its fee-claim events each give them, in USD.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FeeCheck {
    /// `allTimeFees.total.usd` of the P&L record.
    pub from_record: f64,
    /// The sum of `totalUsd` over the position's `claim_fee` events.
    pub from_events: f64,
}

impl FeeCheck {
    /// The check of `record` against `events` (every event of the position; other kinds are left out).
    pub fn new(record: &PositionPnlRecord, events: &[PositionEvent]) -> Self {
        let from_events = events.iter().filter(|e| e.event_type == "claim_fee").map(|e| e.total_usd).sum();
        Self { from_record: record.all_time_fees.total.usd, from_events }
    }

    /// Whether the two figures are within [`FEE_TOLERANCE_USD`] or [`FEE_TOLERANCE_SHARE`] of the larger.
    pub fn agrees(self) -> bool {
        let gap = (self.from_record - self.from_events).abs();
        gap <= FEE_TOLERANCE_USD.max(FEE_TOLERANCE_SHARE * self.from_record.abs().max(self.from_events.abs()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(pnl_sol: Option<&str>, unclaimed: Option<(&str, &str)>) -> PositionPnlRecord {
        let amount = |usd: &str| serde_json::json!({"amount": "1", "usd": usd, "amountSol": usd});
        let pair = |usd: &str| serde_json::json!({"tokenX": amount(usd), "tokenY": amount("0"), "total": {"usd": usd, "sol": usd}});
        let mut json = serde_json::json!({
            "positionAddress": "p", "minPrice": "1", "maxPrice": "2", "lowerBinId": -5, "upperBinId": 5,
            "feePerTvl24h": "0", "isClosed": unclaimed.is_none(), "pnlUsd": "-7.5", "pnlPctChange": "-3",
            "allTimeDeposits": pair("100"), "allTimeWithdrawals": pair("0"), "allTimeFees": pair("2.5"),
        });
        if let Some(sol) = pnl_sol {
            json["pnlSol"] = sol.into();
        }
        if let Some((x, y)) = unclaimed {
            json["unrealizedPnl"] = serde_json::json!({
                "balances": "90", "balanceTokenX": amount("90"), "balanceTokenY": amount("0"),
                "unclaimedFeeTokenX": amount(x), "unclaimedFeeTokenY": amount(y),
                "unclaimedRewardTokenX": amount("0"), "unclaimedRewardTokenY": amount("0"),
            });
        }
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn fees_are_claimed_plus_unclaimed_and_the_rest_completes_the_total() {
        let open = PnlSplit::usd(&record(None, Some(("1", "0.5"))));
        assert_eq!(open, PnlSplit { total: -7.5, fees: 4.0, rest: -11.5 });
        assert_eq!(open.fees + open.rest, open.total);
        let closed = PnlSplit::usd(&record(None, None));
        assert_eq!(closed, PnlSplit { total: -7.5, fees: 2.5, rest: -10.0 });
        // Fees that are the whole P&L, but for the last bit of a double: no price move.
        let all_fees = PnlSplit::of(0.1 + 0.2, 0.3);
        assert_eq!((all_fees.rest, 0.1 + 0.2 - 0.3 != 0.0), (0.0, true));
    }

    #[test]
    fn sol_needs_every_sol_figure() {
        assert_eq!(PnlSplit::sol(&record(None, None)), None);
        assert_eq!(
            PnlSplit::sol(&record(Some("-0.05"), None)),
            Some(PnlSplit { total: -0.05, fees: 2.5, rest: -2.55 })
        );
        let open = PnlSplit::sol(&record(Some("1"), Some(("0.25", "0.25")))).unwrap();
        assert_eq!((open.fees, open.rest), (3.0, -2.0));
    }

    #[test]
    fn fee_check_tolerates_a_cent_or_a_percent() {
        let check = |from_record, from_events| FeeCheck { from_record, from_events }.agrees();
        assert!(check(2.5, 2.5));
        assert!(check(0.0, 0.01));
        assert!(!check(0.0, 0.02));
        assert!(check(1000.0, 1009.0));
        assert!(!check(1000.0, 1011.0));
        let r = record(None, None);
        let event = |kind: &str, usd: &str| -> PositionEvent {
            serde_json::from_value(serde_json::json!({
                "signature": "s", "ixIndex": 0, "eventType": kind, "positionAddress": "p", "blockTime": 1, "slot": 1,
                "poolAddress": "pool", "userAddress": "u", "tokenX": "x", "tokenY": "y", "amountX": "1", "amountY": "2",
                "amountXUsd": "1", "amountYUsd": "2", "totalUsd": usd, "createdAt": "2025-01-01T00:00:00Z"
            }))
            .unwrap()
        };
        let fees = FeeCheck::new(&r, &[event("claim_fee", "1.5"), event("add", "100"), event("claim_fee", "1")]);
        assert_eq!(fees, FeeCheck { from_record: 2.5, from_events: 2.5 });
        assert!(fees.agrees());
    }
}
