//! Liquidity pairs (`PairInfo`): mints, reserves consistent with prices, fees and windows that obey the
//! vendor's relations, heavy-tailed TVL with most pools under $100.

use std::sync::Arc;

use rand::{Rng, RngExt};
use serde::Serialize;

use super::tokens::{self, NO_FARM, Token};
use super::{random_address, round};

/// The six windows of `fees`, `fee_tvl_ratio` and `volume`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Windows {
    /// Last 30 minutes.
    pub min_30: f64,
    /// Last hour.
    pub hour_1: f64,
    /// Last 2 hours.
    pub hour_2: f64,
    /// Last 4 hours.
    pub hour_4: f64,
    /// Last 12 hours.
    pub hour_12: f64,
    /// Last 24 hours.
    pub hour_24: f64,
}

impl Windows {
    /// The windows as an array, shortest first.
    pub fn values(&self) -> [f64; 6] {
        [self.min_30, self.hour_1, self.hour_2, self.hour_4, self.hour_12, self.hour_24]
    }

    fn from_values(v: [f64; 6]) -> Self {
        Self { min_30: v[0], hour_1: v[1], hour_2: v[2], hour_4: v[3], hour_12: v[4], hour_24: v[5] }
    }
}

/// One pair, serialized exactly as the vendor's `PairInfo` (strings where the vendor writes strings).
/// Fields marked `serde(skip)` are the replica's own bookkeeping.
#[derive(Clone, Debug, Serialize)]
pub struct Pair {
    /// Pair address.
    pub address: String,
    /// `"<symbolX>-<symbolY>"`.
    pub name: String,
    /// Mint of token X.
    pub mint_x: Arc<str>,
    /// Mint of token Y.
    pub mint_y: Arc<str>,
    /// Reserve account of X.
    pub reserve_x: String,
    /// Reserve account of Y.
    pub reserve_y: String,
    /// Raw X amount held.
    pub reserve_x_amount: u64,
    /// Raw Y amount held.
    pub reserve_y_amount: u64,
    /// Bin step in basis points.
    pub bin_step: u32,
    /// Base fee percent, as a string.
    pub base_fee_percentage: String,
    /// Max fee percent, as a string.
    pub max_fee_percentage: String,
    /// Protocol share of fees in percent, as a string.
    pub protocol_fee_percentage: String,
    /// TVL in USD, as a string.
    pub liquidity: String,
    /// Farm reward X mint or [`NO_FARM`].
    pub reward_mint_x: Arc<str>,
    /// Farm reward Y mint or [`NO_FARM`].
    pub reward_mint_y: Arc<str>,
    /// Fees of the last 24 h in USD.
    pub fees_24h: f64,
    /// Fees since 00:00 UTC in USD.
    pub today_fees: f64,
    /// Volume of the last 24 h in USD.
    pub trade_volume_24h: f64,
    /// Cumulative volume in USD, as a string.
    pub cumulative_trade_volume: String,
    /// Cumulative fees in USD, as a string.
    pub cumulative_fee_volume: String,
    /// Price of X in Y (UI units).
    pub current_price: f64,
    /// `fee_tvl_ratio.hour_24`.
    pub apr: f64,
    /// `((1 + apr/100)^365 - 1) * 100`.
    pub apy: f64,
    /// Farm APR in percent (0 without farm).
    pub farm_apr: f64,
    /// Farm APY in percent (0 without farm).
    pub farm_apy: f64,
    /// Hidden in the vendor UI.
    pub hide: bool,
    /// Blacklisted.
    pub is_blacklisted: bool,
    /// Fees per window in USD.
    pub fees: Windows,
    /// Fee/TVL percent per window.
    pub fee_tvl_ratio: Windows,
    /// Volume per window in USD.
    pub volume: Windows,
    /// Tags.
    pub tags: Vec<&'static str>,
    /// Both tokens verified.
    pub is_verified: bool,
    /// Launchpad or null.
    pub launchpad: Option<&'static str>,
    /// TVL in USD as a number (the value of `liquidity`).
    #[serde(skip)]
    pub liquidity_usd: f64,
    /// Index of token X in the dataset's tokens.
    #[serde(skip)]
    pub token_x: u32,
    /// Index of token Y in the dataset's tokens.
    #[serde(skip)]
    pub token_y: u32,
    /// Index of the farm's reward token X, if farmed.
    #[serde(skip)]
    pub reward_token: Option<u32>,
    /// Index of the pair's group (same lexical mints).
    #[serde(skip)]
    pub group: u32,
    /// The effective 24 h fee rate, in hundredths of a basis point.
    #[serde(skip)]
    pub fee_centi_bps: u64,
}

impl Pair {
    /// `lexical_order_mints`: both mints sorted byte-wise and joined with `-`.
    pub fn lexical_order_mints(&self) -> String {
        lexical_key(&self.mint_x, &self.mint_y)
    }

    /// Base fee in basis points.
    pub fn base_fee_bps(&self) -> f64 {
        self.base_fee_percentage.parse::<f64>().unwrap_or(0.0) * 100.0
    }

    /// Max fee in basis points.
    pub fn max_fee_bps(&self) -> f64 {
        self.max_fee_percentage.parse::<f64>().unwrap_or(0.0) * 100.0
    }

    /// The price of bin `bin`: `(1 + bin_step / 10000)^bin`.
    pub fn bin_price(&self, bin: i64) -> f64 {
        (1.0 + f64::from(self.bin_step) / 10_000.0).powf(bin as f64)
    }

    /// The bin of `price`: the nearest integer to its log in base `1 + bin_step / 10000`.
    pub fn bin_of(&self, price: f64) -> i64 {
        (price.ln() / (1.0 + f64::from(self.bin_step) / 10_000.0).ln()).round() as i64
    }

    /// The active bin at the snapshot: the bin of `current_price`.
    pub fn active_bin(&self) -> i64 {
        self.bin_of(self.current_price)
    }
}

/// Both mints sorted byte-wise and joined with `-`.
pub fn lexical_key(a: &str, b: &str) -> String {
    if a.as_bytes() <= b.as_bytes() { format!("{a}-{b}") } else { format!("{b}-{a}") }
}

/// Bin steps seen in the wild and how often (weight).
const BIN_STEPS: [(u32, u32); 17] = [
    (1, 3),
    (2, 2),
    (4, 3),
    (5, 2),
    (8, 3),
    (10, 6),
    (15, 3),
    (16, 3),
    (20, 8),
    (25, 6),
    (50, 8),
    (80, 15),
    (100, 20),
    (125, 4),
    (200, 6),
    (250, 4),
    (400, 4),
];
const LAUNCHPADS: [&str; 4] = ["met-dbc", "pump.fun", "launchlab", "jup-studio"];

fn weighted_bin_step(rng: &mut impl Rng) -> u32 {
    let total: u32 = BIN_STEPS.iter().map(|(_, w)| w).sum();
    let mut roll = rng.random_range(0..total);
    for (step, weight) in BIN_STEPS {
        if roll < weight {
            return step;
        }
        roll -= weight;
    }
    100
}

/// The pairs between majors that every dataset starts with: (x, y, bin step). SOL-USDC thrice, so a group
/// has several pairs.
const MAJOR_PAIRS: [(usize, usize, u32); 14] = [
    (tokens::SOL, tokens::USDC, 4),
    (tokens::SOL, tokens::USDC, 10),
    (tokens::SOL, tokens::USDC, 20),
    (tokens::MEGA, tokens::SOL, 100),
    (tokens::SOL, tokens::USDT, 5),
    (tokens::USDC, tokens::USDT, 1),
    (tokens::JUP, tokens::USDC, 20),
    (tokens::JUP, tokens::SOL, 25),
    (4, tokens::SOL, 1),
    (5, tokens::SOL, 2),
    (6, tokens::SOL, 80),
    (7, tokens::SOL, 100),
    (8, tokens::USDC, 50),
    (9, tokens::SOL, 100),
];
/// Index of the pair with reserves above 2^53.
pub const LARGE_AMOUNT_PAIR: usize = 3;

/// `((1 + rate/100)^365 - 1) * 100`, the APY of a daily percent.
pub fn apy_of_daily_percent(rate: f64) -> f64 {
    ((1.0 + rate / 100.0).powi(365) - 1.0) * 100.0
}

/// Raw amount worth `usd` of `token`, capped below 4e18 (int64 on the wire).
fn raw_for_usd(usd: f64, token: &Token) -> u64 {
    let raw = usd / token.price_usd * 10f64.powi(token.decimals as i32);
    raw.clamp(1.0, 4e18) as u64
}

/// Generates `count` pairs over `tokens`.
pub fn generate(rng: &mut impl Rng, tokens: &[Token], count: usize) -> Vec<Pair> {
    let tail_start = tokens::MAJORS.len();
    let tail = tokens.len() - tail_start;
    (0..count)
        .map(|i| {
            let (x, y, bin_step, log_tvl) = if let Some(&(x, y, step)) = MAJOR_PAIRS.get(i) {
                let log_tvl = if i == LARGE_AMOUNT_PAIR { 5.3 } else { rng.random_range(4.5..7.3) };
                (x, y, step, log_tvl)
            } else {
                // Popular long-tail tokens get many pairs: a skewed index.
                let x = tail_start + ((rng.random::<f64>().powi(2) * tail as f64) as usize).min(tail - 1);
                let quote = rng.random_range(0..100);
                let mut y = match quote {
                    0..65 => tokens::SOL,
                    65..90 => tokens::USDC,
                    90..95 => tokens::USDT,
                    _ => tail_start + rng.random_range(0..tail),
                };
                // Never a token against itself, nor against a major it borrows the symbol of (no "SOL-SOL").
                if y == x || tokens[y].symbol == tokens[x].symbol {
                    y = if tokens[x].symbol == tokens[tokens::SOL].symbol { tokens::USDC } else { tokens::SOL };
                }
                let roll = rng.random::<f64>();
                let log_tvl = if roll < 0.62 {
                    rng.random_range(-1.0..2.0)
                } else if roll < 0.9 {
                    rng.random_range(2.0..4.5)
                } else {
                    rng.random_range(4.5..6.8)
                };
                (x, y, weighted_bin_step(rng), log_tvl)
            };
            build(rng, tokens, i, x, y, bin_step, 10f64.powf(log_tvl))
        })
        .collect()
}

fn build(rng: &mut impl Rng, tokens: &[Token], i: usize, x: usize, y: usize, bin_step: u32, tvl: f64) -> Pair {
    let (tx, ty) = (&tokens[x], &tokens[y]);
    let share_x = rng.random_range(0.05..0.95);
    let reserve_x_amount = raw_for_usd(tvl * share_x, tx);
    let reserve_y_amount = raw_for_usd(tvl * (1.0 - share_x), ty);
    let liquidity_usd =
        round(tx.ui(reserve_x_amount.into()) * tx.price_usd + ty.ui(reserve_y_amount.into()) * ty.price_usd, 6);

    let factor = [1u32, 1, 1, 2, 5, 10][rng.random_range(0..6)];
    let base_bps = (bin_step * factor).min(1_000);
    let max_bps = (base_bps * rng.random_range(2..=6)).min(1_000).max(base_bps);
    // Effective rate in hundredths of a bps, between base and max, closer to base.
    let fee_centi_bps =
        u64::from(base_bps) * 100 + ((u64::from(max_bps - base_bps) * 100) as f64 * rng.random_range(0.0..0.3)) as u64;
    let fee_rate = fee_centi_bps as f64 / 1_000_000.0;

    let dead = liquidity_usd < 100.0 && rng.random_bool(0.35);
    let volume24h = if dead { 0.0 } else { round(liquidity_usd * 10f64.powf(rng.random_range(-3.0..0.5)), 2) };
    let f12 = rng.random_range(0.3..0.7);
    let f4 = f12 * rng.random_range(0.2..0.5);
    let f2 = f4 * rng.random_range(0.35..0.65);
    let f1 = f2 * rng.random_range(0.35..0.65);
    let f30 = f1 * rng.random_range(0.3..0.7);
    let volume = Windows::from_values([f30, f1, f2, f4, f12, 1.0].map(|f| round(volume24h * f, 2)));
    let fees = Windows::from_values(volume.values().map(|v| round(v * fee_rate, 6)));
    let ratio = |fee: f64| if liquidity_usd > 0.0 { fee / liquidity_usd * 100.0 } else { 0.0 };
    let fee_tvl_ratio = Windows::from_values(fees.values().map(ratio));
    let apr = fee_tvl_ratio.hour_24;
    let apy = apy_of_daily_percent(apr);

    let cumulative_volume =
        round(volume24h * rng.random_range(5.0..400.0) + liquidity_usd * rng.random_range(0.0..3.0), 2);
    let cumulative_fees = round(cumulative_volume * fee_rate, 2);

    let is_major = x < tokens::MAJORS.len() && y < tokens::MAJORS.len();
    let farmed = i == 0 || (liquidity_usd > 5_000.0 && rng.random_bool(if is_major { 0.3 } else { 0.05 }));
    let (reward_mint_x, reward_mint_y, reward_token, farm_apr) = if farmed {
        let second: Arc<str> = if rng.random_bool(0.3) { tx.mint.clone() } else { NO_FARM.into() };
        (tokens[tokens::JUP].mint.clone(), second, Some(tokens::JUP as u32), round(rng.random_range(1.0..60.0), 4))
    } else {
        (NO_FARM.into(), NO_FARM.into(), None, 0.0)
    };
    let farm_apy = if farm_apr > 0.0 { ((1.0 + farm_apr / 36_500.0).powi(365) - 1.0) * 100.0 } else { 0.0 };

    let mut tags = Vec::new();
    if tx.is_stable && ty.is_stable {
        tags.push("stable");
    }
    if tx.is_lst || ty.is_lst {
        tags.push("lst");
    }
    if !is_major && rng.random_bool(0.12) {
        tags.push("memecoin");
    }
    if !is_major && rng.random_bool(0.05) {
        tags.push("new");
    }
    let launchpad = if !is_major && rng.random_bool(0.15) { Some(LAUNCHPADS[rng.random_range(0..4)]) } else { None };

    Pair {
        address: random_address(rng),
        name: format!("{}-{}", tx.symbol, ty.symbol),
        mint_x: tx.mint.clone(),
        mint_y: ty.mint.clone(),
        reserve_x: random_address(rng),
        reserve_y: random_address(rng),
        reserve_x_amount,
        reserve_y_amount,
        bin_step,
        base_fee_percentage: percent_string(base_bps),
        max_fee_percentage: percent_string(max_bps),
        protocol_fee_percentage: "5".to_string(),
        liquidity: liquidity_usd.to_string(),
        reward_mint_x,
        reward_mint_y,
        fees_24h: fees.hour_24,
        today_fees: round(fees.hour_24 * rng.random_range(0.0..0.6), 6),
        trade_volume_24h: volume.hour_24,
        cumulative_trade_volume: format!("{cumulative_volume:.2}"),
        cumulative_fee_volume: format!("{cumulative_fees:.2}"),
        current_price: tx.price_usd / ty.price_usd,
        apr,
        apy,
        farm_apr,
        farm_apy,
        hide: liquidity_usd < 1.0 && rng.random_bool(0.5),
        is_blacklisted: !is_major && rng.random_bool(0.003),
        fees,
        fee_tvl_ratio,
        volume,
        tags,
        is_verified: tx.is_verified && ty.is_verified,
        launchpad,
        liquidity_usd,
        token_x: x as u32,
        token_y: y as u32,
        reward_token,
        group: 0,
        fee_centi_bps,
    }
}

/// A fee in basis points written as the vendor's percent string (25 bps -> "0.25").
fn percent_string(bps: u32) -> String {
    let text = format!("{}.{:02}", bps / 100, bps % 100);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_strings() {
        assert_eq!(percent_string(25), "0.25");
        assert_eq!(percent_string(100), "1");
        assert_eq!(percent_string(1), "0.01");
        assert_eq!(percent_string(150), "1.5");
    }

    #[test]
    fn lexical_keys_sort_bytewise() {
        assert_eq!(lexical_key("b", "A"), "A-b");
        assert_eq!(lexical_key("A", "b"), "A-b");
    }
}
