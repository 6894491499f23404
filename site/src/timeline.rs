//! A position's history as one timeline: deposits, withdrawals, fee claims and reward claims, newest first.

use dlmm_query::models::{ClaimFee, ClaimReward, DepositWithdraw};

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// Liquidity added.
    Deposit,
    /// Liquidity removed.
    Withdrawal,
    /// Swap fees claimed.
    FeeClaim,
    /// Farm rewards claimed.
    RewardClaim,
}

impl EventKind {
    /// Display label.
    pub fn label(self) -> &'static str {
        match self {
            Self::Deposit => "Deposit",
            Self::Withdrawal => "Withdrawal",
            Self::FeeClaim => "Fee claim",
            Self::RewardClaim => "Reward claim",
        }
    }

    /// CSS / test identifier.
    pub fn id(self) -> &'static str {
        match self {
            Self::Deposit => "deposit",
            Self::Withdrawal => "withdrawal",
            Self::FeeClaim => "fee-claim",
            Self::RewardClaim => "reward-claim",
        }
    }
}

/// One row of the timeline.
#[derive(Clone, Debug, PartialEq)]
pub struct TimelineEvent {
    /// What happened.
    pub kind: EventKind,
    /// Unix seconds.
    pub timestamp: i64,
    /// Transaction signature.
    pub tx_id: String,
    /// USD value at the time.
    pub usd: f64,
    /// Raw amounts, e.g. `x 123 · y 456` (base units, exact).
    pub amounts: String,
}

/// Merges the four lists into one, newest first (ties: by kind order, then transaction).
pub fn timeline(
    deposits: &[DepositWithdraw],
    withdrawals: &[DepositWithdraw],
    fees: &[ClaimFee],
    rewards: &[ClaimReward],
) -> Vec<TimelineEvent> {
    let dw = |kind: EventKind, d: &DepositWithdraw| TimelineEvent {
        kind,
        timestamp: d.onchain_timestamp,
        tx_id: d.tx_id.clone(),
        usd: d.token_x_usd_amount + d.token_y_usd_amount,
        amounts: format!("x {} · y {}", d.token_x_amount, d.token_y_amount),
    };
    let mut out: Vec<TimelineEvent> = deposits
        .iter()
        .map(|d| dw(EventKind::Deposit, d))
        .chain(withdrawals.iter().map(|d| dw(EventKind::Withdrawal, d)))
        .chain(fees.iter().map(|f| TimelineEvent {
            kind: EventKind::FeeClaim,
            timestamp: f.onchain_timestamp,
            tx_id: f.tx_id.clone(),
            usd: f.token_x_usd_amount + f.token_y_usd_amount,
            amounts: format!("x {} · y {}", f.token_x_amount, f.token_y_amount),
        }))
        .chain(rewards.iter().map(|r| TimelineEvent {
            kind: EventKind::RewardClaim,
            timestamp: r.onchain_timestamp,
            tx_id: r.tx_id.clone(),
            usd: r.token_usd_amount,
            amounts: format!("{} of {}", r.token_amount, crate::format::short_address(&r.reward_mint_address)),
        }))
        .collect();
    out.sort_by(|a, b| {
        b.timestamp.cmp(&a.timestamp).then((a.kind as u8).cmp(&(b.kind as u8))).then(a.tx_id.cmp(&b.tx_id))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dw(ts: i64, x: f64) -> DepositWithdraw {
        serde_json::from_value(serde_json::json!({
            "tx_id": format!("tx{ts}"), "position_address": "p", "pair_address": "a", "active_bin_id": 0,
            "token_x_amount": 18_000_000_000_000_000_000u64, "token_y_amount": 2, "price": 1.0,
            "token_x_usd_amount": x, "token_y_usd_amount": 1.0, "onchain_timestamp": ts
        }))
        .unwrap()
    }

    #[test]
    fn merges_newest_first_with_exact_amounts() {
        let fee: ClaimFee = serde_json::from_value(serde_json::json!({
            "tx_id": "f", "position_address": "p", "pair_address": "a", "token_x_amount": 1, "token_y_amount": 2,
            "token_x_usd_amount": 0.5, "token_y_usd_amount": 0.25, "onchain_timestamp": 15
        }))
        .unwrap();
        let reward: ClaimReward = serde_json::from_value(serde_json::json!({
            "tx_id": "r", "position_address": "p", "pair_address": "a",
            "reward_mint_address": "So11111111111111111111111111111111111111112", "token_amount": 7,
            "token_usd_amount": 3.0, "onchain_timestamp": 30
        }))
        .unwrap();
        let t = timeline(&[dw(10, 5.0)], &[dw(20, 2.0)], &[fee], &[reward]);
        let kinds: Vec<_> = t.iter().map(|e| e.kind).collect();
        assert_eq!(kinds, [EventKind::RewardClaim, EventKind::Withdrawal, EventKind::FeeClaim, EventKind::Deposit]);
        assert_eq!(t[3].usd, 6.0);
        assert_eq!(t[3].amounts, "x 18000000000000000000 · y 2");
        assert_eq!(t[2].usd, 0.75);
        assert!(t[0].amounts.starts_with("7 of So11"));
        assert!(timeline(&[], &[], &[], &[]).is_empty());
    }
}
