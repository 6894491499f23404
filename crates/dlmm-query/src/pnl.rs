//! Profit and loss of a position from its deposits, withdrawals and claims (USD as valued at indexing time).

use serde::Serialize;

use crate::json_text::JsonText;
use crate::models::{ClaimFee, ClaimReward, DepositWithdraw};
use crate::pick::{Picked, item_shape, list_items, pick};
use crate::refusal::Refusal;
use crate::shape::Shape;
use crate::transcode::check;
use dlmm_json::reader::Sink;

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

dlmm_json::ts_name!(PositionPnl);

impl PositionPnl {
    /// Writes this P&L into `out` as [`JsonText::write`] writes it (the same text, the same recorded `null`s and
    /// integers JavaScript cannot hold), member by member, without serde's JSON writer: it is the one model the npm
    /// package writes from Rust (everything else is transcoded from the body), so its `.wasm` carries no serializer.
    pub fn write_json(&self, out: &mut JsonText) {
        let start = out.begin_object();
        let numbers = [
            ("deposited_usd", Some(self.deposited_usd)),
            ("withdrawn_usd", Some(self.withdrawn_usd)),
            ("claimed_fees_usd", Some(self.claimed_fees_usd)),
            ("claimed_rewards_usd", Some(self.claimed_rewards_usd)),
            ("current_value_usd", self.current_value_usd),
            ("net_usd", Some(self.net_usd)),
            ("return_percent", self.return_percent),
        ];
        for (wire, value) in numbers {
            out.key(wire);
            match value {
                Some(v) => out.double(v),
                None => out.null(),
            }
        }
        let times = [
            ("first_activity", self.first_activity),
            ("last_activity", self.last_activity),
            ("holding_seconds", self.holding_seconds),
        ];
        for (wire, value) in times {
            out.key(wire);
            match value {
                Some(v) => out.signed(v),
                None => out.null(),
            }
        }
        let counts = [
            ("deposit_count", self.deposit_count),
            ("withdrawal_count", self.withdrawal_count),
            ("fee_claim_count", self.fee_claim_count),
            ("reward_claim_count", self.reward_claim_count),
        ];
        for (wire, count) in counts {
            out.key(wire);
            out.unsigned(count as u64);
        }
        out.end_object(start);
    }
}

/// Sums USD figures; an empty sum is 0.0, not the -0.0 that `Iterator::sum` gives for floats.
fn total(values: impl Iterator<Item = f64>) -> f64 {
    values.sum::<f64>() + 0.0
}

/// One event of a position as its P&L counts it: the USD it moved or earned, and when.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Event {
    /// The event's USD value at the time (token X's plus token Y's, or the reward's).
    pub usd: f64,
    /// When, unix seconds.
    pub timestamp: i64,
}

/// Computes the P&L of one position from its four event lists (in any order) and, optionally, its current value.
pub fn position_pnl(
    deposits: &[DepositWithdraw],
    withdrawals: &[DepositWithdraw],
    fee_claims: &[ClaimFee],
    reward_claims: &[ClaimReward],
    current_value_usd: Option<f64>,
) -> PositionPnl {
    let flow = |e: &DepositWithdraw| Event {
        usd: e.token_x_usd_amount + e.token_y_usd_amount,
        timestamp: e.onchain_timestamp,
    };
    let fee = |c: &ClaimFee| Event { usd: c.token_x_usd_amount + c.token_y_usd_amount, timestamp: c.onchain_timestamp };
    let reward = |c: &ClaimReward| Event { usd: c.token_usd_amount, timestamp: c.onchain_timestamp };
    pnl_of_events(
        &deposits.iter().map(flow).collect::<Vec<_>>(),
        &withdrawals.iter().map(flow).collect::<Vec<_>>(),
        &fee_claims.iter().map(fee).collect::<Vec<_>>(),
        &reward_claims.iter().map(reward).collect::<Vec<_>>(),
        current_value_usd,
    )
}

/// Computes the P&L of one position from its four lists of [`Event`]s and, optionally, its current value.
pub fn pnl_of_events(
    deposits: &[Event],
    withdrawals: &[Event],
    fee_claims: &[Event],
    reward_claims: &[Event],
    current_value_usd: Option<f64>,
) -> PositionPnl {
    let usd = |events: &[Event]| total(events.iter().map(|e| e.usd));
    let deposited_usd = usd(deposits);
    let withdrawn_usd = usd(withdrawals);
    let claimed_fees_usd = usd(fee_claims);
    let claimed_rewards_usd = usd(reward_claims);
    let net_usd =
        withdrawn_usd + claimed_fees_usd + claimed_rewards_usd + current_value_usd.unwrap_or(0.0) - deposited_usd;
    let (mut first_activity, mut last_activity) = (None, None);
    for events in [deposits, withdrawals, fee_claims, reward_claims] {
        for event in events {
            first_activity = Some(first_activity.map_or(event.timestamp, |t: i64| t.min(event.timestamp)));
            last_activity = Some(last_activity.map_or(event.timestamp, |t: i64| t.max(event.timestamp)));
        }
    }
    let first_deposit = deposits.iter().map(|e| e.timestamp).min();
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
        holding_seconds: first_deposit.zip(last_activity).map(|(start, end)| end.saturating_sub(start)),
        deposit_count: deposits.len(),
        withdrawal_count: withdrawals.len(),
        fee_claim_count: fee_claims.len(),
        reward_claim_count: reward_claims.len(),
    }
}

/// The USD fields of a deposit, a withdrawal or a fee claim (summed X then Y, as their models are).
pub const FLOW_USD: &[&str] = &["token_x_usd_amount", "token_y_usd_amount"];
/// The USD field of a reward claim.
pub const REWARD_USD: &[&str] = &["token_usd_amount"];

/// The events of one list `body` of a position's events, checked first by its `shape` (the same errors as decoding
/// its models): each item's `usd` fields summed in order, and its `onchain_timestamp`, read as the model reads them,
/// with no item built as a model.
pub fn events_of(body: &[u8], shape: &Shape, usd: &[&str]) -> Result<Vec<Event>, Refusal> {
    check(body, shape)?;
    let item = item_shape(shape).ok_or_else(|| Refusal::other("the shape of a list of events", "another shape"))?;
    let mut names = usd.to_vec();
    names.push("onchain_timestamp");
    let mut events = Vec::new();
    let unreadable = || Refusal::other("a list its shape accepted", "one that could not be read again");
    for text in list_items(body).ok_or_else(unreadable)? {
        let picked = pick(text, item, &names).ok_or_else(unreadable)?;
        let (timestamp, values) = picked.split_last().unwrap_or((&None, &[]));
        // The fields summed in order, as the model's `+` sums them (no `0.0 +` first: `-0.0` stays).
        let mut usd: Option<f64> = None;
        for value in values {
            let value = value.and_then(Picked::f64).unwrap_or_default();
            usd = Some(usd.map_or(value, |sum| sum + value));
        }
        events.push(Event {
            usd: usd.unwrap_or_default(),
            timestamp: timestamp.and_then(Picked::i64).unwrap_or_default(),
        });
    }
    Ok(events)
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
    fn extreme_timestamps_never_overflow_the_holding_time() {
        let pnl = position_pnl(&[flow(i64::MIN, 1.0, 0.0)], &[flow(i64::MAX, 1.0, 0.0)], &[], &[], None);
        assert_eq!((pnl.first_activity, pnl.holding_seconds), (Some(i64::MIN), Some(i64::MAX)));
    }

    #[test]
    fn no_events_at_all() {
        let pnl = position_pnl(&[], &[], &[], &[], None);
        assert_eq!((pnl.net_usd, pnl.return_percent, pnl.first_activity, pnl.holding_seconds), (0.0, None, None, None));
        assert!(pnl.deposited_usd.is_sign_positive() && pnl.net_usd.is_sign_positive(), "no negative zero");
    }

    /// Events read from bodies by their shapes sum to what the models decoded from the same bodies sum to, to the
    /// bit (items as objects in any order or as arrays, numbers as strings, `-0`), and a body the models refuse is
    /// refused with serde's own error.
    #[test]
    fn events_read_by_shape_are_the_models_events() {
        use crate::shape::HasShape;
        let flows = r#"[{"active_bin_id":1,"onchain_timestamp":"30","pair_address":"p","position_address":"q","price":1,
            "token_x_amount":1,"token_x_usd_amount":"0.1","token_y_amount":"2","token_y_usd_amount":0.2,"tx_id":"t"},
            ["t","q","p",-4,5,6,1.5,-0.0,-0.0,10],
            {"tx_id":"t","position_address":"q","pair_address":"p","active_bin_id":1,"token_x_amount":1,
            "token_y_amount":1,"price":1,"token_x_usd_amount":1e-7,"token_y_usd_amount":"3","onchain_timestamp":20.0}]"#;
        let fees = r#"[["t","q","p",1,2,0.3,0.6,5]]"#;
        let rewards = r#"[{"onchain_timestamp":7,"pair_address":"p","position_address":"q","reward_mint_address":"m",
            "token_amount":1,"token_usd_amount":-0.0,"tx_id":"t"}]"#;
        let typed = position_pnl(
            &serde_json::from_str::<Vec<DepositWithdraw>>(flows).unwrap(),
            &[],
            &serde_json::from_str::<Vec<ClaimFee>>(fees).unwrap(),
            &serde_json::from_str::<Vec<ClaimReward>>(rewards).unwrap(),
            Some(2.0),
        );
        let read = |body: &str, shape: &Shape, usd| events_of(body.as_bytes(), shape, usd);
        let flow_shape = &<Vec<DepositWithdraw> as HasShape>::SHAPE;
        let by_shape = pnl_of_events(
            &read(flows, flow_shape, FLOW_USD).unwrap(),
            &read("[]", flow_shape, FLOW_USD).unwrap(),
            &read(fees, &<Vec<ClaimFee> as HasShape>::SHAPE, FLOW_USD).unwrap(),
            &read(rewards, &<Vec<ClaimReward> as HasShape>::SHAPE, REWARD_USD).unwrap(),
            Some(2.0),
        );
        assert_eq!(format!("{typed:?}"), format!("{by_shape:?}"));
        assert_eq!(by_shape.deposit_count, 3);
        assert_eq!(by_shape.deposited_usd.to_bits(), (0.1f64 + 0.2 + (-0.0 + -0.0) + (1e-7 + 3.0) + 0.0).to_bits());
        for (bad, path) in [
            (r#"[{"token_x_usd_amount":"x"}]"#, Some("[0].token_x_usd_amount")),
            (r#"[["t","q","p",1,2,3,4,5,6]]"#, Some("[0]")),
            ("[1]", Some("[0]")),
            ("{}", None),
            ("[", None),
            ("", None),
        ] {
            assert!(serde_json::from_str::<Vec<DepositWithdraw>>(bad).is_err(), "{bad}");
            assert_eq!(read(bad, flow_shape, FLOW_USD).unwrap_err().path().as_deref(), path, "{bad}");
        }
    }

    #[test]
    fn is_written_for_javascript_as_its_serialize_writes_it() {
        let full =
            position_pnl(&[flow(1, 10.0, 5.5)], &[flow(9, 3.0, 1.0)], &[fee(4, 2.0)], &[reward(5, 0.25)], Some(7.0));
        let mut odd = position_pnl(&[], &[], &[], &[], None);
        odd.net_usd = f64::NAN;
        odd.claimed_fees_usd = f64::INFINITY;
        odd.deposited_usd = 1e300;
        odd.return_percent = Some(-0.1);
        odd.deposit_count = usize::MAX;
        odd.first_activity = Some(-(1 << 53));
        odd.last_activity = Some((1 << 53) - 1);
        for pnl in [full, odd, position_pnl(&[], &[], &[], &[], None)] {
            let (mut by_hand, mut by_serde) = (JsonText::items_from(3), JsonText::items_from(3));
            by_hand.begin_item();
            pnl.write_json(&mut by_hand);
            by_serde.push_item(&pnl);
            // serde's writer stops at an integer JavaScript cannot hold, this one goes on; the text is not used then.
            assert_eq!(by_hand.failed(), by_serde.failed(), "{pnl:?}");
            if !by_serde.failed() {
                assert_eq!(by_hand.as_bytes(), by_serde.as_bytes(), "{pnl:?}");
            }
            match (by_hand.end_items(), by_serde.end_items()) {
                (Ok(a), Ok(b)) => assert_eq!(format!("{a:?}"), format!("{b:?}")),
                (Err(a), Err(b)) => assert_eq!(a, b),
                (a, b) => panic!("{a:?} / {b:?}"),
            }
        }
    }

    #[test]
    fn serializes_for_javascript_in_camel_case() {
        let js = serde_json::to_value(position_pnl(&[], &[], &[fee(1, 2.0)], &[], None)).unwrap();
        assert_eq!(js["claimedFeesUsd"], 2.0);
        assert_eq!(js["returnPercent"], serde_json::Value::Null);
    }
}
