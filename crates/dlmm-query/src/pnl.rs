//! Profit and loss of a position from its deposits, withdrawals and claims (USD as valued at indexing time).

use serde::Serialize;

use crate::models::{ClaimFee, ClaimReward, DepositWithdraw};

/// A position's profit and loss: what went in, what came out, and what that earned.
///
/// `net_usd = withdrawn + claimed fees + claimed rewards + current value − deposited`. USD figures are the ones the
/// indexer fixed when each event happened, so they measure value at the time, not today's prices.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PositionPnl {
    /// USD put in by all deposits.
    pub deposited_usd: f64,
    /// USD taken out by all withdrawals.
    pub withdrawn_usd: f64,
    /// USD of all claimed swap fees.
    pub claimed_fees_usd: f64,
    /// USD of all claimed farm rewards.
    pub claimed_rewards_usd: f64,
    /// The value still in the position, when the caller knows it.
    pub current_value_usd: Option<f64>,
    /// Withdrawn + fees + rewards + current value − deposited.
    pub net_usd: f64,
    /// `net_usd` as a percent of `deposited_usd`; absent when nothing was deposited.
    pub return_percent: Option<f64>,
    /// The earliest event, unix seconds.
    pub first_activity: Option<i64>,
    /// The latest event, unix seconds.
    pub last_activity: Option<i64>,
    /// Seconds from the first deposit to the latest event.
    pub holding_seconds: Option<i64>,
    /// How many deposits there were.
    pub deposit_count: usize,
    /// How many withdrawals there were.
    pub withdrawal_count: usize,
    /// How many fee claims there were.
    pub fee_claim_count: usize,
    /// How many reward claims there were.
    pub reward_claim_count: usize,
}

/// Sums USD figures; an empty sum is 0.0, not the -0.0 that `Iterator::sum` gives for floats.
fn total(values: impl Iterator<Item = f64>) -> f64 {
    values.sum::<f64>() + 0.0
}

/// Computes the P&L of one position from its four event lists (in any order) and, optionally, its current value.
pub fn position_pnl(
    deposits: &[DepositWithdraw],
    withdrawals: &[DepositWithdraw],
    fee_claims: &[ClaimFee],
    reward_claims: &[ClaimReward],
    current_value_usd: Option<f64>,
) -> PositionPnl {
    let flow = |events: &[DepositWithdraw]| total(events.iter().map(|e| e.token_x_usd_amount + e.token_y_usd_amount));
    let deposited_usd = flow(deposits);
    let withdrawn_usd = flow(withdrawals);
    let claimed_fees_usd = total(fee_claims.iter().map(|c| c.token_x_usd_amount + c.token_y_usd_amount));
    let claimed_rewards_usd = total(reward_claims.iter().map(|c| c.token_usd_amount));
    let net_usd =
        withdrawn_usd + claimed_fees_usd + claimed_rewards_usd + current_value_usd.unwrap_or(0.0) - deposited_usd;
    let times: Vec<i64> = deposits
        .iter()
        .chain(withdrawals)
        .map(|e| e.onchain_timestamp)
        .chain(fee_claims.iter().map(|c| c.onchain_timestamp))
        .chain(reward_claims.iter().map(|c| c.onchain_timestamp))
        .collect();
    let first_activity = times.iter().copied().min();
    let last_activity = times.iter().copied().max();
    let first_deposit = deposits.iter().map(|e| e.onchain_timestamp).min();
    PositionPnl {
        deposited_usd,
        withdrawn_usd,
        claimed_fees_usd,
        claimed_rewards_usd,
        current_value_usd,
        net_usd,
        return_percent: (deposited_usd > 0.0).then(|| net_usd / deposited_usd * 100.0),
        first_activity,
        last_activity,
        holding_seconds: first_deposit.zip(last_activity).map(|(start, end)| end - start),
        deposit_count: deposits.len(),
        withdrawal_count: withdrawals.len(),
        fee_claim_count: fee_claims.len(),
        reward_claim_count: reward_claims.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flow(ts: i64, x_usd: f64, y_usd: f64) -> DepositWithdraw {
        serde_json::from_value(serde_json::json!({
            "active_bin_id": 1, "onchain_timestamp": ts, "pair_address": "p", "position_address": "q", "price": 1.0,
            "token_x_amount": 1, "token_x_usd_amount": x_usd, "token_y_amount": 1, "token_y_usd_amount": y_usd,
            "tx_id": "t"
        }))
        .unwrap()
    }

    fn fee(ts: i64, usd: f64) -> ClaimFee {
        serde_json::from_value(serde_json::json!({
            "onchain_timestamp": ts, "pair_address": "p", "position_address": "q", "token_x_amount": 1,
            "token_x_usd_amount": usd, "token_y_amount": 0, "token_y_usd_amount": 0.0, "tx_id": "t"
        }))
        .unwrap()
    }

    fn reward(ts: i64, usd: f64) -> ClaimReward {
        serde_json::from_value(serde_json::json!({
            "onchain_timestamp": ts, "pair_address": "p", "position_address": "q", "reward_mint_address": "m",
            "token_amount": 1, "token_usd_amount": usd, "tx_id": "t"
        }))
        .unwrap()
    }

    #[test]
    fn a_closed_position_with_fees_and_rewards() {
        let pnl = position_pnl(
            &[flow(1_000, 600.0, 400.0)],
            &[flow(5_000, 450.0, 500.0)],
            &[fee(2_000, 30.0), fee(4_000, 20.0)],
            &[reward(3_000, 25.0)],
            None,
        );
        assert_eq!(
            (pnl.deposited_usd, pnl.withdrawn_usd, pnl.claimed_fees_usd, pnl.claimed_rewards_usd),
            (1000.0, 950.0, 50.0, 25.0)
        );
        assert_eq!(pnl.net_usd, 25.0);
        assert_eq!(pnl.return_percent, Some(2.5));
        assert_eq!(
            (pnl.first_activity, pnl.last_activity, pnl.holding_seconds),
            (Some(1_000), Some(5_000), Some(4_000))
        );
        assert_eq!(
            (pnl.deposit_count, pnl.withdrawal_count, pnl.fee_claim_count, pnl.reward_claim_count),
            (1, 1, 2, 1)
        );
    }

    #[test]
    fn an_open_position_counts_its_current_value() {
        let pnl = position_pnl(&[flow(10, 100.0, 0.0), flow(20, 100.0, 0.0)], &[], &[], &[], Some(190.0));
        assert_eq!(pnl.net_usd, -10.0);
        assert_eq!(pnl.return_percent, Some(-5.0));
        assert_eq!(pnl.holding_seconds, Some(10));
    }

    #[test]
    fn no_events_at_all() {
        let pnl = position_pnl(&[], &[], &[], &[], None);
        assert_eq!((pnl.net_usd, pnl.return_percent, pnl.first_activity, pnl.holding_seconds), (0.0, None, None, None));
        assert!(pnl.deposited_usd.is_sign_positive() && pnl.net_usd.is_sign_positive(), "no negative zero");
    }

    #[test]
    fn serializes_for_javascript_in_camel_case() {
        let js = serde_json::to_value(position_pnl(&[], &[], &[fee(1, 2.0)], &[], None)).unwrap();
        assert_eq!(js["claimedFeesUsd"], 2.0);
        assert_eq!(js["returnPercent"], serde_json::Value::Null);
    }
}
