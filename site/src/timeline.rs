//! A position's history as one timeline: deposits, withdrawals, fee claims and reward claims, newest first.
//! The keeper sends four lists ([`timeline`]); the datapi sends one list of events ([`datapi_timeline`]).

use dlmm_query::datapi::models::dlmm::PositionEvent;
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
    /// Every kind, in timeline tie order.
    pub const ALL: [Self; 4] = [Self::Deposit, Self::Withdrawal, Self::FeeClaim, Self::RewardClaim];

    /// The kind of a datapi `event_type` (`add`, `remove`, `claim_fee`, `claim_reward`); none for a kind this site
    /// does not know yet.
    pub fn from_datapi(event_type: &str) -> Option<Self> {
        match event_type {
            "add" => Some(Self::Deposit),
            "remove" => Some(Self::Withdrawal),
            "claim_fee" => Some(Self::FeeClaim),
            "claim_reward" => Some(Self::RewardClaim),
            _ => None,
        }
    }

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

/// One datapi event as the timeline shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct DatapiEvent {
    /// What happened; none for an event type this site does not know (shown as sent).
    pub kind: Option<EventKind>,
    /// The `event_type` as sent.
    pub event_type: String,
    /// Unix seconds (block time).
    pub timestamp: u64,
    /// Transaction signature.
    pub signature: String,
    /// Token X moved, display units, exact as sent.
    pub amount_x: String,
    /// Token Y moved, display units, exact as sent.
    pub amount_y: String,
    /// Both tokens, USD at the time.
    pub usd: f64,
}

impl DatapiEvent {
    /// Display label: the kind's, else the event type as sent.
    pub fn label(&self) -> String {
        self.kind.map_or_else(|| self.event_type.clone(), |k| k.label().to_owned())
    }

    /// CSS / test identifier: the kind's, else `other`.
    pub fn id(&self) -> &'static str {
        self.kind.map_or("other", EventKind::id)
    }
}

/// The datapi's events newest first (ties: by kind order, then signature, then instruction index).
pub fn datapi_timeline(events: &[PositionEvent]) -> Vec<DatapiEvent> {
    let mut out: Vec<(u64, DatapiEvent)> = events
        .iter()
        .map(|e| {
            let event = DatapiEvent {
                kind: EventKind::from_datapi(&e.event_type),
                event_type: e.event_type.clone(),
                timestamp: e.block_time,
                signature: e.signature.clone(),
                amount_x: e.amount_x.to_string(),
                amount_y: e.amount_y.to_string(),
                usd: e.total_usd,
            };
            (e.ix_index, event)
        })
        .collect();
    let rank = |e: &DatapiEvent| e.kind.map_or(u8::MAX, |k| k as u8);
    out.sort_by(|(ia, a), (ib, b)| {
        b.timestamp.cmp(&a.timestamp).then(rank(a).cmp(&rank(b))).then(a.signature.cmp(&b.signature)).then(ia.cmp(ib))
    });
    out.into_iter().map(|(_, e)| e).collect()
}

/// How many events of one kind, and their USD sum.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KindTotal {
    /// The kind.
    pub kind: EventKind,
    /// Number of events.
    pub count: usize,
    /// Sum of their USD values at the time.
    pub usd: f64,
}

/// The count and USD sum of each known kind, in [`EventKind::ALL`] order (kinds without events included, at 0).
pub fn kind_totals(events: &[DatapiEvent]) -> Vec<KindTotal> {
    EventKind::ALL
        .iter()
        .map(|&kind| {
            let of_kind = events.iter().filter(|e| e.kind == Some(kind));
            KindTotal { kind, count: of_kind.clone().count(), usd: of_kind.map(|e| e.usd).sum() }
        })
        .collect()
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

    fn event(kind: &str, ts: u64, sig: &str, usd: &str) -> PositionEvent {
        serde_json::from_value(serde_json::json!({
            "signature": sig, "ixIndex": 0, "eventType": kind, "positionAddress": "p", "blockTime": ts, "slot": 1,
            "poolAddress": "a", "userAddress": "u", "tokenX": "x", "tokenY": "y",
            "amountX": "12345678901234567890.123456789", "amountY": "0.000001",
            "amountXUsd": "1", "amountYUsd": "2", "totalUsd": usd, "createdAt": "2025-01-01T00:00:00Z"
        }))
        .unwrap()
    }

    #[test]
    fn datapi_events_newest_first_with_exact_amounts_and_unknown_kinds_kept() {
        let events = [
            event("add", 10, "a", "100.5"),
            event("claim_fee", 30, "c", "2.25"),
            event("remove", 30, "b", "40"),
            event("migrate", 20, "m", "0"),
            event("add", 5, "d", "10"),
        ];
        let t = datapi_timeline(&events);
        let order: Vec<_> = t.iter().map(|e| e.signature.as_str()).collect();
        assert_eq!(order, ["b", "c", "m", "a", "d"]);
        assert_eq!(t[0].kind, Some(EventKind::Withdrawal));
        assert_eq!(t[2].kind, None);
        assert_eq!(t[2].label(), "migrate");
        assert_eq!(t[2].id(), "other");
        assert_eq!(t[3].amount_x, "12345678901234567890.123456789");
        assert_eq!(t[3].amount_y, "0.000001");
        let totals = kind_totals(&t);
        assert_eq!(totals[0], KindTotal { kind: EventKind::Deposit, count: 2, usd: 110.5 });
        assert_eq!(totals[1], KindTotal { kind: EventKind::Withdrawal, count: 1, usd: 40.0 });
        assert_eq!(totals[2], KindTotal { kind: EventKind::FeeClaim, count: 1, usd: 2.25 });
        assert_eq!(totals[3], KindTotal { kind: EventKind::RewardClaim, count: 0, usd: 0.0 });
        assert!(datapi_timeline(&[]).is_empty());
    }
}
