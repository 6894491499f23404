//! The DLMM datapi's wallet and position routes, derived from the keeper positions of the same dataset:
//! position events (`/positions/{address}/historical`), P&L (`/positions/{pool}/pnl`), claim totals
//! (`/wallets/{wallet}/pools/{pool}/total_claims`) and portfolios (`/portfolio`, `/portfolio/open`,
//! `/portfolio/total`).
//!
//! Records are camelCase with amounts and USD values as JSON strings (claim totals: snake_case strings). Token
//! amounts are display-unit decimal text, exact. P&L of a position = withdrawn USD + claimed fee USD + claimed
//! reward USD + current value (remaining amounts at the snapshot prices; 0 once closed) − deposited USD.

use serde_json::{Value, json};

use super::{display_amount, number_text};
use crate::dataset::time::DAY;
use crate::dataset::tokens::{NO_FARM, SOL};
use crate::dataset::{Dataset, Position, Token};

/// The SOL price the datapi converts with.
pub fn sol_price(d: &Dataset) -> f64 {
    d.tokens[SOL].price_usd
}

/// The slot of a unix second (about 2.5 slots a second).
pub fn slot_at(t: i64) -> u64 {
    (250_000_000 + (t - 1_700_000_000) * 5 / 2).max(0) as u64
}

/// `YYYY-MM-DDTHH:MM:SSZ`.
pub fn rfc3339(t: i64) -> String {
    let text = crate::dataset::time::rfc3339_micros(t * 1_000_000);
    format!("{}Z", &text[..19])
}

/// An icon URL for a mint (the replica has no images; the URL only has the expected shape).
pub fn icon(mint: &str) -> String {
    format!("https://replica.invalid/icons/{mint}.png")
}

/// Salts the hash that gives an open position its unclaimed fees.
const UNCLAIMED_SALT: u64 = 0x0075_6e63_6c61_696d;

/// Sums over one position's history, raw and in USD at the time of each event.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    /// Raw X deposited.
    pub deposit_x: u128,
    /// Raw Y deposited.
    pub deposit_y: u128,
    /// USD of X deposits.
    pub deposit_x_usd: f64,
    /// USD of Y deposits.
    pub deposit_y_usd: f64,
    /// Raw X withdrawn.
    pub withdraw_x: u128,
    /// Raw Y withdrawn.
    pub withdraw_y: u128,
    /// USD of X withdrawals.
    pub withdraw_x_usd: f64,
    /// USD of Y withdrawals.
    pub withdraw_y_usd: f64,
    /// Raw X fees claimed.
    pub fee_x: u128,
    /// Raw Y fees claimed.
    pub fee_y: u128,
    /// USD of X fees.
    pub fee_x_usd: f64,
    /// USD of Y fees.
    pub fee_y_usd: f64,
    /// USD of rewards claimed.
    pub reward_usd: f64,
    /// USD value of what remains, at the snapshot prices.
    pub value_usd: f64,
    /// Raw X remaining.
    pub remaining_x: u128,
    /// Raw Y remaining.
    pub remaining_y: u128,
    /// Raw X fees earned and not claimed yet (open positions only).
    pub unclaimed_x: u128,
    /// Raw Y fees earned and not claimed yet (open positions only).
    pub unclaimed_y: u128,
    /// USD of the unclaimed X fees.
    pub unclaimed_x_usd: f64,
    /// USD of the unclaimed Y fees.
    pub unclaimed_y_usd: f64,
    /// Positions summed.
    pub positions: u64,
}

impl Totals {
    /// The sums of position `p`.
    pub fn of(d: &Dataset, p: &Position) -> Self {
        let pair = &d.pairs[p.pair as usize];
        let (tx, ty) = (&d.tokens[pair.token_x as usize], &d.tokens[pair.token_y as usize]);
        let mut t = Totals { positions: 1, ..Totals::default() };
        for e in &p.deposits {
            t.deposit_x += u128::from(e.token_x_amount);
            t.deposit_y += u128::from(e.token_y_amount);
            t.deposit_x_usd += e.token_x_usd_amount;
            t.deposit_y_usd += e.token_y_usd_amount;
        }
        for e in &p.withdraws {
            t.withdraw_x += u128::from(e.token_x_amount);
            t.withdraw_y += u128::from(e.token_y_amount);
            t.withdraw_x_usd += e.token_x_usd_amount;
            t.withdraw_y_usd += e.token_y_usd_amount;
        }
        for c in &p.claim_fees {
            t.fee_x += u128::from(c.token_x_amount);
            t.fee_y += u128::from(c.token_y_amount);
            t.fee_x_usd += c.token_x_usd_amount;
            t.fee_y_usd += c.token_y_usd_amount;
        }
        t.reward_usd = p.total_reward_usd_claimed();
        t.remaining_x = u128::from(p.remaining_x());
        t.remaining_y = u128::from(p.remaining_y());
        t.value_usd = tx.ui(t.remaining_x) * tx.price_usd + ty.ui(t.remaining_y) * ty.price_usd;
        if p.closed_at.is_none() {
            // Fees earned since the last claim: a share of what the position holds, from 0.1 % to 2 %.
            let share = 0.001 + super::unit_hash(d.seed ^ UNCLAIMED_SALT, p.created_at_micros as u64) * 0.019;
            let of = |raw: u128| (raw as f64 * share) as u128;
            (t.unclaimed_x, t.unclaimed_y) = (of(t.remaining_x), of(t.remaining_y));
            t.unclaimed_x_usd = tx.ui(t.unclaimed_x) * tx.price_usd;
            t.unclaimed_y_usd = ty.ui(t.unclaimed_y) * ty.price_usd;
        }
        t
    }

    /// Adds `other` into `self`.
    pub fn add(&mut self, o: &Totals) {
        self.deposit_x += o.deposit_x;
        self.deposit_y += o.deposit_y;
        self.deposit_x_usd += o.deposit_x_usd;
        self.deposit_y_usd += o.deposit_y_usd;
        self.withdraw_x += o.withdraw_x;
        self.withdraw_y += o.withdraw_y;
        self.withdraw_x_usd += o.withdraw_x_usd;
        self.withdraw_y_usd += o.withdraw_y_usd;
        self.fee_x += o.fee_x;
        self.fee_y += o.fee_y;
        self.fee_x_usd += o.fee_x_usd;
        self.fee_y_usd += o.fee_y_usd;
        self.reward_usd += o.reward_usd;
        self.value_usd += o.value_usd;
        self.remaining_x += o.remaining_x;
        self.remaining_y += o.remaining_y;
        self.unclaimed_x += o.unclaimed_x;
        self.unclaimed_y += o.unclaimed_y;
        self.unclaimed_x_usd += o.unclaimed_x_usd;
        self.unclaimed_y_usd += o.unclaimed_y_usd;
        self.positions += o.positions;
    }

    /// USD deposited.
    pub fn deposit_usd(&self) -> f64 {
        self.deposit_x_usd + self.deposit_y_usd
    }
    /// USD withdrawn.
    pub fn withdraw_usd(&self) -> f64 {
        self.withdraw_x_usd + self.withdraw_y_usd
    }
    /// USD of fees claimed.
    pub fn fee_usd(&self) -> f64 {
        self.fee_x_usd + self.fee_y_usd
    }
    /// USD of the fees not claimed yet.
    pub fn unclaimed_usd(&self) -> f64 {
        self.unclaimed_x_usd + self.unclaimed_y_usd
    }
    /// Profit and loss in USD: what came out and what is still in (the value and the unclaimed fees), less what
    /// went in.
    pub fn pnl_usd(&self) -> f64 {
        self.withdraw_usd() + self.fee_usd() + self.reward_usd + self.value_usd + self.unclaimed_usd()
            - self.deposit_usd()
    }
    /// P&L in percent of the deposits.
    pub fn pnl_pct(&self) -> f64 {
        let deposited = self.deposit_usd();
        if deposited > 0.0 { self.pnl_usd() / deposited * 100.0 } else { 0.0 }
    }
}

/// The event types of `/positions/{address}/historical`.
pub const EVENT_TYPES: [&str; 4] = ["add", "remove", "claim_fee", "claim_reward"];

/// One event before serialization: time, kind, signature, mint x, mint y, amount x, amount y, USD x, USD y.
type EventRow<'a> = (i64, &'static str, &'a str, &'a str, &'a str, String, String, f64, f64);

/// `PositionEvent`s of position `index`, of `event_type` when given, newest first unless `ascending`.
pub fn position_events(d: &Dataset, index: usize, event_type: Option<&str>, ascending: bool) -> Vec<Value> {
    let p = &d.positions[index];
    let pair = &d.pairs[p.pair as usize];
    let (tx, ty) = (&d.tokens[pair.token_x as usize], &d.tokens[pair.token_y as usize]);
    let wallet = &d.wallets[p.owner as usize];
    let mut events: Vec<EventRow> = Vec::new();
    // Deposits, withdrawals and fee claims, as (kind, time, signature, raw x, raw y, USD x, USD y).
    let moves = [("add", &p.deposits), ("remove", &p.withdraws)]
        .into_iter()
        .flat_map(|(kind, list)| {
            list.iter().map(move |e| {
                let (x, y) = (e.token_x_usd_amount, e.token_y_usd_amount);
                (kind, e.onchain_timestamp, &e.tx_id, e.token_x_amount, e.token_y_amount, x, y)
            })
        })
        .chain(p.claim_fees.iter().map(|c| {
            let (x, y) = (c.token_x_usd_amount, c.token_y_usd_amount);
            ("claim_fee", c.onchain_timestamp, &c.tx_id, c.token_x_amount, c.token_y_amount, x, y)
        }));
    for (kind, t, tx_id, x, y, usd_x, usd_y) in moves {
        let (x, y) = (display_amount(x.into(), tx.decimals), display_amount(y.into(), ty.decimals));
        events.push((t, kind, tx_id, &pair.mint_x, &pair.mint_y, x, y, usd_x, usd_y));
    }
    for c in &p.claim_rewards {
        let decimals = d.token(&c.reward_mint_address).map_or(6, |t| t.decimals);
        let amount = display_amount(c.token_amount.into(), decimals);
        let (amount_x, amount_y, usd_x, usd_y) = if c.is_reward_y {
            ("0".to_string(), amount, 0.0, c.token_usd_amount)
        } else {
            (amount, "0".to_string(), c.token_usd_amount, 0.0)
        };
        events.push((
            c.onchain_timestamp,
            "claim_reward",
            &c.tx_id,
            &pair.reward_mint_x,
            &pair.reward_mint_y,
            amount_x,
            amount_y,
            usd_x,
            usd_y,
        ));
    }
    events.retain(|e| event_type.is_none_or(|t| t == e.1));
    events.sort_by(|a, b| a.0.cmp(&b.0).then(a.2.cmp(b.2)));
    if !ascending {
        events.reverse();
    }
    events
        .into_iter()
        .map(|(t, kind, signature, mint_x, mint_y, amount_x, amount_y, usd_x, usd_y)| {
            json!({
                "signature": signature,
                "ixIndex": (super::unit_hash(t as u64, signature.len() as u64 + t as u64 % 7) * 6.0) as u64,
                "eventType": kind,
                "positionAddress": p.address,
                "blockTime": t,
                "slot": slot_at(t),
                "poolAddress": pair.address,
                "userAddress": wallet,
                "tokenX": mint_x,
                "tokenY": mint_y,
                "amountX": amount_x,
                "amountY": amount_y,
                "amountXUsd": number_text(usd_x),
                "amountYUsd": number_text(usd_y),
                "totalUsd": number_text(usd_x + usd_y),
                "createdAt": rfc3339(t),
            })
        })
        .collect()
}

/// Positions of wallet `wallet` (index) in pair `pair`, oldest first.
pub fn wallet_positions_in(d: &Dataset, wallet: usize, pair: usize) -> Vec<usize> {
    d.positions_of_wallet(wallet)
        .iter()
        .map(|&i| i as usize)
        .filter(|&i| d.positions[i].pair as usize == pair)
        .collect()
}

fn token_amount(raw: u128, token: &Token, usd: f64, sol: f64) -> Value {
    json!({ "amount": display_amount(raw, token.decimals), "usd": number_text(usd), "amountSol": number_text(usd / sol) })
}

/// The bin range of a position: around its first deposit's active bin.
pub fn bin_range(d: &Dataset, index: usize) -> (i64, i64) {
    let p = &d.positions[index];
    let bin = p.deposits.first().map_or(0, |e| e.active_bin_id);
    let spread = |k: u64| 3 + (super::unit_hash(d.seed ^ 0x62696e, index as u64 * 2 + k) * 30.0) as i64;
    (bin - spread(0), bin + spread(1))
}

/// `PositionPnLData` of position `index`.
pub fn pnl_record(d: &Dataset, index: usize) -> Value {
    let p = &d.positions[index];
    let pair = &d.pairs[p.pair as usize];
    let (tx, ty) = (&d.tokens[pair.token_x as usize], &d.tokens[pair.token_y as usize]);
    let sol = sol_price(d);
    let t = Totals::of(d, p);
    let (lower, upper) = bin_range(d, index);
    let active = pair.active_bin();
    let pair_total = |usd: f64| json!({ "usd": number_text(usd), "sol": number_text(usd / sol) });
    let unrealized = if p.closed_at.is_some() {
        Value::Null
    } else {
        json!({
            "balances": t.value_usd,
            "balancesSol": number_text(t.value_usd / sol),
            "balanceTokenX": token_amount(t.remaining_x, tx, tx.ui(t.remaining_x) * tx.price_usd, sol),
            "balanceTokenY": token_amount(t.remaining_y, ty, ty.ui(t.remaining_y) * ty.price_usd, sol),
            "unclaimedFeeTokenX": token_amount(t.unclaimed_x, tx, t.unclaimed_x_usd, sol),
            "unclaimedFeeTokenY": token_amount(t.unclaimed_y, ty, t.unclaimed_y_usd, sol),
            "unclaimedRewardTokenX": token_amount(0, tx, 0.0, sol),
            "unclaimedRewardTokenY": token_amount(0, ty, 0.0, sol),
        })
    };
    json!({
        "positionAddress": p.address,
        "minPrice": number_text(pair.bin_price(lower)),
        "maxPrice": number_text(pair.bin_price(upper)),
        "lowerBinId": lower,
        "upperBinId": upper,
        "poolActiveBinId": active,
        "poolActivePrice": number_text(pair.current_price),
        "isOutOfRange": p.closed_at.is_none() && !(lower..=upper).contains(&active),
        "feePerTvl24h": number_text(pair.fee_tvl_ratio.hour_24),
        "isClosed": p.closed_at.is_some(),
        "createdAt": p.created_at_micros.div_euclid(1_000_000),
        "closedAt": p.closed_at,
        "pnlUsd": number_text(t.pnl_usd()),
        "pnlPctChange": number_text(t.pnl_pct()),
        "pnlSol": number_text(t.pnl_usd() / sol),
        "pnlSolPctChange": number_text(t.pnl_pct()),
        "allTimeDeposits": {
            "tokenX": token_amount(t.deposit_x, tx, t.deposit_x_usd, sol),
            "tokenY": token_amount(t.deposit_y, ty, t.deposit_y_usd, sol),
            "total": pair_total(t.deposit_usd()),
        },
        "allTimeWithdrawals": {
            "tokenX": token_amount(t.withdraw_x, tx, t.withdraw_x_usd, sol),
            "tokenY": token_amount(t.withdraw_y, ty, t.withdraw_y_usd, sol),
            "total": pair_total(t.withdraw_usd()),
        },
        "allTimeFees": {
            "tokenX": token_amount(t.fee_x, tx, t.fee_x_usd, sol),
            "tokenY": token_amount(t.fee_y, ty, t.fee_y_usd, sol),
            "total": pair_total(t.fee_usd()),
        },
        "unrealizedPnl": unrealized,
        "updatedAt": crate::dataset::time::now_unix(),
    })
}

/// The price of a reward mint (`"0"` without a reward).
fn reward_price(d: &Dataset, mint: &str) -> String {
    if mint == NO_FARM { "0".to_string() } else { number_text(d.token(mint).map_or(0.0, |t| t.price_usd)) }
}

/// The `GetPoolPositionPnLResponse` envelope around `records` (one page).
pub fn pnl_envelope(
    d: &Dataset,
    pair: usize,
    records: Vec<Value>,
    page: usize,
    page_size: usize,
    total: usize,
) -> Value {
    let p = &d.pairs[pair];
    let (tx, ty) = (&d.tokens[p.token_x as usize], &d.tokens[p.token_y as usize]);
    let reward = |mint: &str| if mint == NO_FARM { Value::Null } else { json!(mint) };
    json!({
        "totalCount": total,
        "page": page,
        "pageSize": page_size,
        "hasNext": page.saturating_mul(page_size) < total,
        "positions": records,
        "tokenX": &*p.mint_x,
        "tokenY": &*p.mint_y,
        "tokenXPrice": number_text(tx.price_usd),
        "tokenYPrice": number_text(ty.price_usd),
        "rewardTokenX": reward(&p.reward_mint_x),
        "rewardTokenY": reward(&p.reward_mint_y),
        "rewardTokenXPrice": reward_price(d, &p.reward_mint_x),
        "rewardTokenYPrice": reward_price(d, &p.reward_mint_y),
        "solPrice": number_text(sol_price(d)),
    })
}

/// `GetWalletTotalClaimsResponse` of wallet `wallet_address` in pair `pair` (zeros when it claimed nothing).
pub fn total_claims(d: &Dataset, wallet_address: &str, pair: usize) -> Value {
    let p = &d.pairs[pair];
    let (tx, ty) = (&d.tokens[p.token_x as usize], &d.tokens[p.token_y as usize]);
    let reward_x_decimals = d.token(&p.reward_mint_x).map_or(tx.decimals, |t| t.decimals);
    let sol = sol_price(d);
    let positions = d.wallet_index(wallet_address).map(|w| wallet_positions_in(d, w, pair)).unwrap_or_default();
    let (mut fee_x, mut fee_y, mut reward_x, mut reward_y) = (0u128, 0u128, 0u128, 0u128);
    let (mut fee_x_usd, mut fee_y_usd, mut reward_x_usd, mut reward_y_usd) = (0.0, 0.0, 0.0, 0.0);
    let (mut fee_count, mut reward_count) = (0u64, 0u64);
    let (mut last_fee, mut last_reward): (Option<i64>, Option<i64>) = (None, None);
    for &i in &positions {
        let position = &d.positions[i];
        for c in &position.claim_fees {
            fee_x += u128::from(c.token_x_amount);
            fee_y += u128::from(c.token_y_amount);
            fee_x_usd += c.token_x_usd_amount;
            fee_y_usd += c.token_y_usd_amount;
            fee_count += 1;
            last_fee = last_fee.max(Some(c.onchain_timestamp));
        }
        for c in &position.claim_rewards {
            if c.is_reward_y {
                reward_y += u128::from(c.token_amount);
                reward_y_usd += c.token_usd_amount;
            } else {
                reward_x += u128::from(c.token_amount);
                reward_x_usd += c.token_usd_amount;
            }
            reward_count += 1;
            last_reward = last_reward.max(Some(c.onchain_timestamp));
        }
    }
    let total = fee_x_usd + fee_y_usd + reward_x_usd + reward_y_usd;
    json!({
        "pool_address": p.address,
        "user_address": wallet_address,
        "total_fee_x": display_amount(fee_x, tx.decimals),
        "total_fee_y": display_amount(fee_y, ty.decimals),
        "total_fee_x_usd": number_text(fee_x_usd),
        "total_fee_y_usd": number_text(fee_y_usd),
        "total_fee_x_sol": number_text(fee_x_usd / sol),
        "total_fee_y_sol": number_text(fee_y_usd / sol),
        "fee_claim_count": fee_count,
        "last_fee_claim_time": last_fee.map(rfc3339),
        "total_reward_x": display_amount(reward_x, reward_x_decimals),
        "total_reward_x_usd": number_text(reward_x_usd),
        "total_reward_y": display_amount(reward_y, tx.decimals),
        "total_reward_y_usd": number_text(reward_y_usd),
        "total_reward_x_sol": number_text(reward_x_usd / sol),
        "total_reward_y_sol": number_text(reward_y_usd / sol),
        "reward_claim_count": reward_count,
        "last_reward_claim_time": last_reward.map(rfc3339),
        "total_claims_usd": number_text(total),
        "total_claims_sol": number_text(total / sol),
    })
}

/// Per pair, the totals of the wallet's positions that pass `keep`, in order of first appearance.
fn by_pair(d: &Dataset, wallet: usize, keep: impl Fn(&Position) -> bool) -> Vec<(usize, Totals, Vec<usize>)> {
    let mut pools: Vec<(usize, Totals, Vec<usize>)> = Vec::new();
    for &i in d.positions_of_wallet(wallet) {
        let p = &d.positions[i as usize];
        if !keep(p) {
            continue;
        }
        let t = Totals::of(d, p);
        match pools.iter_mut().find(|(pair, ..)| *pair == p.pair as usize) {
            Some((_, sum, list)) => {
                sum.add(&t);
                list.push(i as usize);
            }
            None => pools.push((p.pair as usize, t, vec![i as usize])),
        }
    }
    pools
}

/// The wallet's pools with positions closed within `days_back` days of now, most recently closed first:
/// `(pair, totals, last closed at)`.
pub fn closed_pools(d: &Dataset, wallet: usize, days_back: i64) -> Vec<(usize, Totals, i64)> {
    let since = crate::dataset::time::now_unix() - days_back * DAY;
    let mut pools: Vec<(usize, Totals, i64)> = by_pair(d, wallet, |p| p.closed_at.is_some_and(|t| t >= since))
        .into_iter()
        .map(|(pair, totals, list)| {
            let last = list.iter().filter_map(|&i| d.positions[i].closed_at).max().unwrap_or(0);
            (pair, totals, last)
        })
        .collect();
    pools.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    pools
}

/// `PoolPortfolioItem` of one pool of closed positions.
pub fn portfolio_item(d: &Dataset, pair: usize, t: &Totals, last_closed_at: i64) -> Value {
    let p = &d.pairs[pair];
    let (tx, ty) = (&d.tokens[p.token_x as usize], &d.tokens[p.token_y as usize]);
    let sol = sol_price(d);
    let s = |usd: f64| number_text(usd / sol);
    json!({
        "poolAddress": p.address,
        "binStep": p.bin_step.to_string(),
        "baseFee": p.base_fee_percentage,
        "collectFeeMode": 0,
        "tokenXMint": &*p.mint_x,
        "tokenYMint": &*p.mint_y,
        "tokenXIcon": icon(&p.mint_x),
        "tokenYIcon": icon(&p.mint_y),
        "tokenX": tx.symbol,
        "tokenY": ty.symbol,
        "totalDeposit": number_text(t.deposit_usd()),
        "totalDepositSol": s(t.deposit_usd()),
        "totalWithdrawal": number_text(t.withdraw_usd()),
        "totalWithdrawalSol": s(t.withdraw_usd()),
        "totalFee": number_text(t.fee_usd()),
        "totalFeeSol": s(t.fee_usd()),
        "pnlUsd": number_text(t.pnl_usd()),
        "pnlSol": s(t.pnl_usd()),
        "pnlPctChange": number_text(t.pnl_pct()),
        "pnlSolPctChange": number_text(t.pnl_pct()),
        "totalDepositTokenX": display_amount(t.deposit_x, tx.decimals),
        "totalDepositTokenXUsd": number_text(t.deposit_x_usd),
        "totalDepositTokenXSol": s(t.deposit_x_usd),
        "totalWithdrawalTokenX": display_amount(t.withdraw_x, tx.decimals),
        "totalWithdrawalTokenXUsd": number_text(t.withdraw_x_usd),
        "totalWithdrawalTokenXSol": s(t.withdraw_x_usd),
        "totalFeeTokenX": display_amount(t.fee_x, tx.decimals),
        "totalFeeTokenXUsd": number_text(t.fee_x_usd),
        "totalFeeTokenXSol": s(t.fee_x_usd),
        "totalDepositTokenY": display_amount(t.deposit_y, ty.decimals),
        "totalDepositTokenYUsd": number_text(t.deposit_y_usd),
        "totalDepositTokenYSol": s(t.deposit_y_usd),
        "totalWithdrawalTokenY": display_amount(t.withdraw_y, ty.decimals),
        "totalWithdrawalTokenYUsd": number_text(t.withdraw_y_usd),
        "totalWithdrawalTokenYSol": s(t.withdraw_y_usd),
        "totalFeeTokenY": display_amount(t.fee_y, ty.decimals),
        "totalFeeTokenYUsd": number_text(t.fee_y_usd),
        "totalFeeTokenYSol": s(t.fee_y_usd),
        "lastClosedAt": last_closed_at,
    })
}

/// The wallet's pools with open positions: `(pair, totals, positions)`.
pub fn open_pools(d: &Dataset, wallet: usize) -> Vec<(usize, Totals, Vec<usize>)> {
    by_pair(d, wallet, |p| p.closed_at.is_none())
}

/// The open-portfolio sort keys.
pub const OPEN_SORT_KEYS: [&str; 5] =
    ["current_balances", "unclaimed_fee", "fee_per_tvl24h", "pool_tvl", "pool_volume_24h"];

/// The value an open pool sorts by.
pub fn open_sort_value(d: &Dataset, key: &str, pair: usize, t: &Totals) -> f64 {
    let p = &d.pairs[pair];
    match key {
        "unclaimed_fee" => t.unclaimed_usd(),
        "fee_per_tvl24h" => p.fee_tvl_ratio.hour_24,
        "pool_tvl" => p.liquidity_usd,
        "pool_volume_24h" => p.trade_volume_24h,
        _ => t.value_usd,
    }
}

/// `PoolOpenPortfolioItem`.
pub fn open_item(d: &Dataset, pair: usize, t: &Totals, positions: &[usize]) -> Value {
    let p = &d.pairs[pair];
    let (tx, ty) = (&d.tokens[p.token_x as usize], &d.tokens[p.token_y as usize]);
    let sol = sol_price(d);
    let active = p.active_bin();
    let out_of_range: Vec<&str> = positions
        .iter()
        .filter(|&&i| {
            let (lower, upper) = bin_range(d, i);
            !(lower..=upper).contains(&active)
        })
        .map(|&i| d.positions[i].address.as_str())
        .collect();
    let pnl = t.pnl_usd();
    json!({
        "poolAddress": p.address,
        "binStep": p.bin_step,
        "baseFee": p.base_fee_percentage.parse::<f64>().unwrap_or(0.0),
        "collectFeeMode": 0,
        "tokenXMint": &*p.mint_x,
        "tokenYMint": &*p.mint_y,
        "tokenXIcon": icon(&p.mint_x),
        "tokenYIcon": icon(&p.mint_y),
        "tokenX": tx.symbol,
        "tokenY": ty.symbol,
        "rewardX": &*p.reward_mint_x,
        "rewardY": &*p.reward_mint_y,
        "balances": number_text(t.value_usd),
        "balancesSol": number_text(t.value_usd / sol),
        "unclaimedFees": number_text(t.unclaimed_usd()),
        "unclaimedFeesSol": number_text(t.unclaimed_usd() / sol),
        "feePerTvl24h": number_text(p.fee_tvl_ratio.hour_24),
        "pnl": number_text(pnl),
        "pnlPctChange": number_text(t.pnl_pct()),
        "pnlSol": number_text(pnl / sol),
        "pnlSolPctChange": number_text(t.pnl_pct()),
        "totalDeposit": number_text(t.deposit_usd()),
        "totalDepositSol": number_text(t.deposit_usd() / sol),
        "openPositionCount": positions.len(),
        "listPositions": positions.iter().map(|&i| d.positions[i].address.as_str()).collect::<Vec<_>>(),
        "positionsOutOfRange": out_of_range,
        "outOfRange": !out_of_range.is_empty(),
        "poolPrice": p.current_price,
        "poolStateUpdatedAtBlockTime": crate::dataset::time::snapshot_unix(),
        "poolStateUpdatedAtSlot": slot_at(crate::dataset::time::snapshot_unix()),
        "updatedAt": crate::dataset::time::now_unix(),
    })
}
