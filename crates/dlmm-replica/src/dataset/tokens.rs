//! Tokens: the real majors with their real mints, plus a generated long tail with decoy, `$`-prefixed and
//! non-ASCII symbols, as token creators write them.

use std::sync::Arc;

use rand::{Rng, RngExt};

use super::random_address;

/// The mint that means "no farm reward" in `reward_mint_x/y`.
pub const NO_FARM: &str = "11111111111111111111111111111111";

/// One token mint and what the replica pretends to know about it.
#[derive(Clone, Debug)]
pub struct Token {
    /// The mint address (base58).
    pub mint: Arc<str>,
    /// The symbol; not unique and untrusted.
    pub symbol: String,
    /// Decimals of the raw amounts.
    pub decimals: u32,
    /// USD price at the snapshot.
    pub price_usd: f64,
    /// Whether the token is on the verified list (`include_unknown=false` keeps only pairs of verified tokens).
    pub is_verified: bool,
    /// A USD stablecoin (its price never moves).
    pub is_stable: bool,
    /// A liquid-staking SOL token.
    pub is_lst: bool,
    /// Phase of the token's price wave, so prices at past moments differ per token.
    pub phase: f64,
}

impl Token {
    /// The token's USD price at unix time `t`: its price now ([`price_usd`](Self::price_usd)) times a slow wave
    /// (weeks long, ±20 %) and a jitter (minutes to hours, a few percent), both deterministic and nought now.
    /// Stablecoins never move.
    pub fn price_at(&self, t: i64) -> f64 {
        if self.is_stable {
            return self.price_usd;
        }
        let now = super::time::now_unix();
        let days = (t - now) as f64 / 86_400.0;
        let wave = (days / 23.0 + self.phase).sin() - self.phase.sin();
        self.price_usd * (1.0 + 0.2 * wave) * (1.0 + self.jitter(t) - self.jitter(now))
    }

    /// The price's fast moves at `t`, a fraction: four piecewise-linear paths through knots drawn from the token's
    /// own stream, every minute, 5 minutes, hour and 6 hours, so candles of any timeframe have bodies and wicks.
    fn jitter(&self, t: i64) -> f64 {
        const LEVELS: [(i64, f64); 4] = [(60, 0.002), (300, 0.004), (3_600, 0.012), (21_600, 0.035)];
        LEVELS
            .iter()
            .map(|&(period, weight)| {
                let knot = |k: i64| super::hash::unit_hash(self.phase.to_bits() ^ period as u64, k as u64) * 2.0 - 1.0;
                let (k, into) = (t.div_euclid(period), t.rem_euclid(period) as f64 / period as f64);
                weight * (knot(k) + (knot(k + 1) - knot(k)) * into)
            })
            .sum()
    }

    /// `raw` units in display units: `raw / 10^decimals`.
    pub fn ui(&self, raw: u128) -> f64 {
        raw as f64 / 10f64.powi(self.decimals as i32)
    }
}

/// The majors: symbol, mint, decimals, price, stable, lst.
pub const MAJORS: [(&str, &str, u32, f64, bool, bool); 10] = [
    ("SOL", "So11111111111111111111111111111111111111112", 9, 138.42, false, false),
    ("USDC", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", 6, 1.0, true, false),
    ("USDT", "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", 6, 1.0, true, false),
    ("JUP", "JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN", 6, 0.2391, false, false),
    ("JitoSOL", "J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn", 9, 171.07, false, true),
    ("mSOL", "mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So", 9, 184.63, false, true),
    ("BONK", "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263", 5, 0.00001084, false, false),
    ("WIF", "EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm", 6, 0.3931, false, false),
    ("JTO", "jtojtomepa8beP8AuQc6eXt5FriJwfFMwQx2v2f9mCL", 9, 0.6012, false, false),
    ("PYTH", "HZ1JovNiVvGrGNiiYvEozEVgZ58xaU3RKwX8eACQBCt3", 6, 0.0853, false, false),
];
/// Index of SOL in the token list.
pub const SOL: usize = 0;
/// Index of USDC in the token list.
pub const USDC: usize = 1;
/// Index of USDT in the token list.
pub const USDT: usize = 2;
/// Index of JUP in the token list.
pub const JUP: usize = 3;
/// Index of the long-tail token whose raw amounts exceed 2^53 (9 decimals, a tiny price).
pub const MEGA: usize = MAJORS.len();

const SYLLABLES: [&str; 16] =
    ["MOO", "PE", "CAT", "DOG", "FRO", "GI", "WEN", "ZO", "KI", "BO", "NAI", "LUX", "RA", "TU", "XO", "MI"];
const NON_ASCII: [&str; 10] =
    ["猫咪", "ÉCLAIR", "🚀ROCKET", "Ωmega", "ドージ", "пёс", "Ñandú", "火箭", "ØRE", "ß-coin"];

fn long_tail_symbol(rng: &mut impl Rng) -> (String, bool) {
    let roll = rng.random_range(0..100);
    if roll < 8 {
        // A decoy: a major's symbol on a fake mint.
        (MAJORS[rng.random_range(0..MAJORS.len())].0.to_string(), true)
    } else if roll < 18 {
        (format!("${}", syllables(rng)), false)
    } else if roll < 26 {
        (NON_ASCII[rng.random_range(0..NON_ASCII.len())].to_string(), false)
    } else {
        (syllables(rng), false)
    }
}

fn syllables(rng: &mut impl Rng) -> String {
    let count = rng.random_range(1..=3);
    let mut symbol: String = (0..count).map(|_| SYLLABLES[rng.random_range(0..SYLLABLES.len())]).collect();
    if rng.random_bool(0.15) {
        symbol.push_str(&rng.random_range(2..100).to_string());
    }
    symbol
}

/// The majors followed by `tail` generated tokens (the first of them is the large-amount token `MEGA`).
pub fn generate(rng: &mut impl Rng, tail: usize) -> Vec<Token> {
    let mut tokens: Vec<Token> = MAJORS
        .iter()
        .enumerate()
        .map(|(i, &(symbol, mint, decimals, price_usd, is_stable, is_lst))| Token {
            mint: mint.into(),
            symbol: symbol.to_string(),
            decimals,
            price_usd,
            is_verified: true,
            is_stable,
            is_lst,
            phase: i as f64 * 0.7,
        })
        .collect();
    tokens.push(Token {
        mint: random_address(rng).into(),
        symbol: "MEGA".to_string(),
        decimals: 9,
        price_usd: 0.0005,
        is_verified: true,
        is_stable: false,
        is_lst: false,
        phase: 1.3,
    });
    for _ in 1..tail.max(1) {
        let (symbol, decoy) = long_tail_symbol(rng);
        let price_usd = 10f64.powf(rng.random_range(-7.0..1.5));
        let decimals =
            if price_usd < 0.001 { [5, 6][rng.random_range(0..2)] } else { [6, 6, 8, 9][rng.random_range(0..4)] };
        tokens.push(Token {
            mint: random_address(rng).into(),
            symbol,
            decimals,
            price_usd,
            is_verified: !decoy && rng.random_bool(0.25),
            is_stable: false,
            is_lst: false,
            phase: rng.random_range(0.0..std::f64::consts::TAU),
        });
    }
    tokens
}
