//! Positions and their history: deposits, withdrawals, fee and reward claims whose USD amounts follow the
//! tokens' prices at the moment of each event; locks; and per-wallet earnings summed from the claims.

use std::collections::HashMap;

use rand::{Rng, RngExt};

use super::pairs::{LARGE_AMOUNT_PAIR, Pair};
use super::time::{DAY, HISTORY_DAYS, snapshot_unix};
use super::tokens::{NO_FARM, Token};
use super::{random_address, random_signature};

/// A deposit or a withdrawal.
#[derive(Clone, Debug)]
pub struct Liquidity {
    /// Transaction signature.
    pub tx_id: String,
    /// Unix seconds.
    pub onchain_timestamp: i64,
    /// Active bin at the time.
    pub active_bin_id: i64,
    /// Raw X.
    pub token_x_amount: u64,
    /// Raw Y.
    pub token_y_amount: u64,
    /// Price of X in Y at the time.
    pub price: f64,
    /// USD value of X at the time.
    pub token_x_usd_amount: f64,
    /// USD value of Y at the time.
    pub token_y_usd_amount: f64,
}

/// A fee claim.
#[derive(Clone, Debug)]
pub struct FeeClaim {
    /// Transaction signature.
    pub tx_id: String,
    /// Unix seconds.
    pub onchain_timestamp: i64,
    /// Raw X.
    pub token_x_amount: u64,
    /// Raw Y.
    pub token_y_amount: u64,
    /// USD value of X at the time.
    pub token_x_usd_amount: f64,
    /// USD value of Y at the time.
    pub token_y_usd_amount: f64,
}

/// A farm reward claim.
#[derive(Clone, Debug)]
pub struct RewardClaim {
    /// Transaction signature.
    pub tx_id: String,
    /// Unix seconds.
    pub onchain_timestamp: i64,
    /// The reward mint (the pair's `reward_mint_x`, or `reward_mint_y` when [`RewardClaim::is_reward_y`]).
    pub reward_mint_address: String,
    /// Whether this claim paid the pair's second reward (`reward_mint_y`).
    pub is_reward_y: bool,
    /// Raw amount.
    pub token_amount: u64,
    /// USD value at the time.
    pub token_usd_amount: f64,
}

/// A lock on a position.
#[derive(Clone, Debug)]
pub struct Lock {
    /// Unix second at which the lock releases.
    pub lock_release_point: u64,
    /// Slot of the locking transaction.
    pub slot: u64,
    /// Transaction index in the slot.
    pub tx_idx: u64,
    /// Instruction index.
    pub ix_idx: u64,
    /// Inner instruction index.
    pub inner_ix_idx: u64,
    /// Whether the position was closed.
    pub closed: bool,
}

/// One position with its whole history.
#[derive(Clone, Debug)]
pub struct Position {
    /// Position address.
    pub address: String,
    /// Index of its pair.
    pub pair: u32,
    /// Index of its owner in the dataset's wallets.
    pub owner: u32,
    /// Creation time in unix microseconds.
    pub created_at_micros: i64,
    /// Deposits, oldest first.
    pub deposits: Vec<Liquidity>,
    /// Withdrawals, oldest first.
    pub withdraws: Vec<Liquidity>,
    /// Fee claims, oldest first.
    pub claim_fees: Vec<FeeClaim>,
    /// Reward claims, oldest first.
    pub claim_rewards: Vec<RewardClaim>,
    /// A lock, if any.
    pub lock: Option<Lock>,
    /// When the position was closed (unix seconds; its last withdrawal emptied it), or `None` while open.
    pub closed_at: Option<i64>,
}

impl Position {
    /// Sum of raw X fees claimed.
    pub fn total_fee_x_claimed(&self) -> u64 {
        self.claim_fees.iter().map(|c| c.token_x_amount).sum()
    }
    /// Sum of raw Y fees claimed.
    pub fn total_fee_y_claimed(&self) -> u64 {
        self.claim_fees.iter().map(|c| c.token_y_amount).sum()
    }
    /// Sum of USD fees claimed.
    pub fn total_fee_usd_claimed(&self) -> f64 {
        // `+ 0.0` turns the empty sum's -0.0 into 0.0.
        self.claim_fees.iter().map(|c| c.token_x_usd_amount + c.token_y_usd_amount).sum::<f64>() + 0.0
    }
    /// Sum of raw rewards claimed in the pair's reward X.
    pub fn total_reward_x_claimed(&self) -> u64 {
        self.claim_rewards.iter().filter(|c| !c.is_reward_y).map(|c| c.token_amount).sum()
    }
    /// Sum of raw rewards claimed in the pair's reward Y.
    pub fn total_reward_y_claimed(&self) -> u64 {
        self.claim_rewards.iter().filter(|c| c.is_reward_y).map(|c| c.token_amount).sum()
    }
    /// Raw X still in the position: deposits minus withdrawals (0 once closed).
    pub fn remaining_x(&self) -> u64 {
        let deposited: u64 = self.deposits.iter().map(|e| e.token_x_amount).sum();
        deposited.saturating_sub(self.withdraws.iter().map(|e| e.token_x_amount).sum())
    }
    /// Raw Y still in the position: deposits minus withdrawals (0 once closed).
    pub fn remaining_y(&self) -> u64 {
        let deposited: u64 = self.deposits.iter().map(|e| e.token_y_amount).sum();
        deposited.saturating_sub(self.withdraws.iter().map(|e| e.token_y_amount).sum())
    }
    /// The time of the position's last event (unix seconds).
    pub fn last_event_time(&self) -> i64 {
        let times =
            self.deposits.iter().map(|e| e.onchain_timestamp).chain(self.withdraws.iter().map(|e| e.onchain_timestamp));
        let claims = self
            .claim_fees
            .iter()
            .map(|c| c.onchain_timestamp)
            .chain(self.claim_rewards.iter().map(|c| c.onchain_timestamp));
        times.chain(claims).max().unwrap_or(0)
    }
    /// Sum of USD rewards claimed.
    pub fn total_reward_usd_claimed(&self) -> f64 {
        self.claim_rewards.iter().map(|c| c.token_usd_amount).sum::<f64>() + 0.0
    }
}

/// What a wallet claimed in one pair, summed over its positions there.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Earning {
    /// Raw X fees.
    pub fee_x: u128,
    /// Raw Y fees.
    pub fee_y: u128,
    /// Raw reward X.
    pub reward_x: u128,
    /// Raw reward Y.
    pub reward_y: u128,
    /// USD fees.
    pub fee_usd: f64,
    /// USD rewards.
    pub reward_usd: f64,
}

/// Positions, wallets and the earnings index.
pub struct Positions {
    /// Every position.
    pub positions: Vec<Position>,
    /// Wallet addresses.
    pub wallets: Vec<String>,
}

/// Raw units of `token` worth `usd` at time `t` (at least 1, at most 4e18).
pub fn raw_of(usd: f64, token: &Token, t: i64) -> u64 {
    (usd / token.price_at(t) * 10f64.powi(token.decimals as i32)).clamp(1.0, 4e18) as u64
}

/// The USD value of `raw` units of `token` at time `t`: the formula every USD amount of the history follows.
pub fn usd_at(raw: u64, token: &Token, t: i64) -> f64 {
    token.ui(raw.into()) * token.price_at(t)
}

/// Moves `time` forward by a random step within the position's life span and returns it.
fn advance(time: &mut i64, span: i64, rng: &mut impl Rng) -> i64 {
    *time = (*time + rng.random_range(60..(span / 12).max(61))).min(snapshot_unix() - 1);
    *time
}

fn liquidity_event(rng: &mut impl Rng, pair: &Pair, tokens: &[Token], t: i64, x: u64, y: u64) -> Liquidity {
    let (tx, ty) = (&tokens[pair.token_x as usize], &tokens[pair.token_y as usize]);
    let price = tx.price_at(t) / ty.price_at(t);
    Liquidity {
        tx_id: random_signature(rng),
        onchain_timestamp: t,
        active_bin_id: pair.bin_of(price),
        token_x_amount: x,
        token_y_amount: y,
        price,
        token_x_usd_amount: usd_at(x, tx, t),
        token_y_usd_amount: usd_at(y, ty, t),
    }
}

/// Generates `count` positions over `pairs`. Position 0 sits on the large-amount pair with amounts above 2^53;
/// positions 1..=6 sit on pair 0 (a farm) with every kind of event and a lock; the first wallet holds many.
pub fn generate(rng: &mut impl Rng, tokens: &[Token], pairs: &[Pair], count: usize) -> Positions {
    let wallets: Vec<String> = (0..(count / 3).max(8)).map(|_| random_address(rng)).collect();
    let mut positions = Vec::with_capacity(count);
    for i in 0..count {
        let pair_index = match i {
            0 if pairs.len() > LARGE_AMOUNT_PAIR => LARGE_AMOUNT_PAIR,
            1..=6 => 0,
            _ if rng.random_bool(0.3) => rng.random_range(0..pairs.len().min(14)),
            _ => rng.random_range(0..pairs.len()),
        };
        let pair = &pairs[pair_index];
        let (tx, ty) = (&tokens[pair.token_x as usize], &tokens[pair.token_y as usize]);
        let forced = (1..=6).contains(&i);
        let created = snapshot_unix() - rng.random_range(DAY..(HISTORY_DAYS - 5) * DAY);
        let created_at_micros = created * 1_000_000 + rng.random_range(0..1_000_000);
        let span = snapshot_unix() - created;
        let mut time = created;

        let size_usd = 10f64.powf(rng.random_range(1.0..5.0)).min(pair.liquidity_usd.max(20.0));
        let mut deposits = Vec::new();
        for d in 0..rng.random_range(1..=3) {
            let t = if d == 0 { created } else { advance(&mut time, span, rng) };
            let share = rng.random_range(0.2..0.8);
            let (x, y) = if i == 0 && d == 0 {
                // Above 2^53 on purpose: decoders must not round it.
                (pair.reserve_x_amount / 2 + 9_007_199_254_740_993, raw_of(size_usd * (1.0 - share), ty, t))
            } else {
                (raw_of(size_usd * share, tx, t), raw_of(size_usd * (1.0 - share), ty, t))
            };
            deposits.push(liquidity_event(rng, pair, tokens, t, x, y));
        }
        let mut withdraws = Vec::new();
        let withdrawals = if forced { rng.random_range(1..=2) } else { rng.random_range(0..=2) };
        for _ in 0..withdrawals {
            let t = advance(&mut time, span, rng);
            let fraction = rng.random_range(0.05..0.4);
            let x = (deposits[0].token_x_amount as f64 * fraction) as u64;
            let y = (deposits[0].token_y_amount as f64 * fraction) as u64;
            withdraws.push(liquidity_event(rng, pair, tokens, t, x, y));
        }
        let mut claim_fees = Vec::new();
        let fee_claims = if forced { rng.random_range(1..=4) } else { rng.random_range(0..=4) };
        for _ in 0..fee_claims {
            let t = advance(&mut time, span, rng);
            let usd = size_usd * rng.random_range(0.001..0.03);
            let (x, y) = (raw_of(usd / 2.0, tx, t), raw_of(usd / 2.0, ty, t));
            claim_fees.push(FeeClaim {
                tx_id: random_signature(rng),
                onchain_timestamp: t,
                token_x_amount: x,
                token_y_amount: y,
                token_x_usd_amount: usd_at(x, tx, t),
                token_y_usd_amount: usd_at(y, ty, t),
            });
        }
        let mut claim_rewards = Vec::new();
        if let Some(reward) = pair.reward_token {
            // The second reward, when the farm has one, is the pair's token X.
            let has_reward_y = &*pair.reward_mint_y != NO_FARM;
            let reward_claims = if forced { rng.random_range(2..=3) } else { rng.random_range(0..=3) };
            for k in 0..reward_claims {
                let t = advance(&mut time, span, rng);
                let is_reward_y = has_reward_y && (k == 1 || rng.random_bool(0.3));
                let (token, mint) = if is_reward_y {
                    (&tokens[pair.token_x as usize], &pair.reward_mint_y)
                } else {
                    (&tokens[reward as usize], &pair.reward_mint_x)
                };
                let amount = raw_of(size_usd * rng.random_range(0.001..0.02), token, t);
                claim_rewards.push(RewardClaim {
                    tx_id: random_signature(rng),
                    onchain_timestamp: t,
                    reward_mint_address: mint.to_string(),
                    is_reward_y,
                    token_amount: amount,
                    token_usd_amount: usd_at(amount, token, t),
                });
            }
        }
        let lock = (forced || rng.random_bool(0.08)).then(|| Lock {
            lock_release_point: (snapshot_unix() + rng.random_range(-30..365) * DAY) as u64,
            slot: 300_000_000 + rng.random_range(0..80_000_000),
            tx_idx: rng.random_range(0..1_500),
            ix_idx: rng.random_range(0..8),
            inner_ix_idx: rng.random_range(0..4),
            closed: rng.random_bool(0.1),
        });
        positions.push(Position {
            address: random_address(rng),
            pair: pair_index as u32,
            owner: rng.random_range(0..wallets.len()) as u32,
            created_at_micros,
            deposits,
            withdraws,
            claim_fees,
            claim_rewards,
            lock,
            closed_at: None,
        });
    }
    // One busy liquidity provider, as real wallets go: the first wallet also holds every third position (from the
    // second, so a quarter of them are among those `close_some` closes), and its pages (the demo's sample wallet)
    // show positions open in many pools and closed ones in most weeks. Owners are reassigned after the draws, so
    // every other figure stays as generated.
    for p in positions.iter_mut().skip(1).step_by(BUSY_EVERY) {
        p.owner = 0;
    }
    Positions { positions, wallets }
}

/// Every how many positions one is the busy wallet's (the first wallet's).
const BUSY_EVERY: usize = 3;

/// Closes every fourth position (and every position whose lock says closed): a last withdrawal of what remains,
/// an hour after its last event. Draws only from `rng`, so the other data do not move.
pub fn close_some(rng: &mut impl Rng, tokens: &[Token], pairs: &[Pair], positions: &mut [Position]) {
    for (i, p) in positions.iter_mut().enumerate() {
        if i % 4 != 3 && !p.lock.as_ref().is_some_and(|l| l.closed) {
            continue;
        }
        let t = (p.last_event_time() + 3_600).min(snapshot_unix() - 1);
        let (x, y) = (p.remaining_x(), p.remaining_y());
        p.withdraws.push(liquidity_event(rng, &pairs[p.pair as usize], tokens, t, x, y));
        p.closed_at = Some(t);
    }
}

/// Sums every position's claims per (wallet, pair). Only pairs where the wallet claimed something appear.
pub fn earnings(positions: &[Position]) -> HashMap<(u32, u32), Earning> {
    let mut earnings: HashMap<(u32, u32), Earning> = HashMap::new();
    for p in positions.iter().filter(|p| !p.claim_fees.is_empty() || !p.claim_rewards.is_empty()) {
        let e = earnings.entry((p.owner, p.pair)).or_default();
        e.fee_x += u128::from(p.total_fee_x_claimed());
        e.fee_y += u128::from(p.total_fee_y_claimed());
        e.reward_x += u128::from(p.total_reward_x_claimed());
        e.reward_y += u128::from(p.total_reward_y_claimed());
        e.fee_usd += p.total_fee_usd_claimed();
        e.reward_usd += p.total_reward_usd_claimed();
    }
    earnings
}
