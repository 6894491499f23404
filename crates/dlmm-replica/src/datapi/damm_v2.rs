//! What the DAMM v2 datapi knows about a keeper pool-metrics pool beyond its metrics: tokens, accounts, creation
//! time, the shape of its windows and its config. Drawn from a separate RNG, so the keeper records do not move.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::dataset::tokens::{self, Token};
use crate::dataset::{PoolMetricsRecord, random_address};

/// The datapi side of one DAMM v2 pool (same index as its keeper record).
#[derive(Clone, Debug)]
pub struct DammV2Pool {
    /// Index of token X.
    pub token_x: u32,
    /// Index of token Y.
    pub token_y: u32,
    /// `"<symX>-<symY>"`.
    pub name: String,
    /// Token X vault account.
    pub vault_x: String,
    /// Token Y vault account.
    pub vault_y: String,
    /// Alpha vault account (the default address when none).
    pub alpha_vault: String,
    /// Creation time, unix milliseconds.
    pub created_at_ms: u64,
    /// Fractions of the 24 h volume that fell in the last 5m, 30m, 1h, 2h, 4h, 12h, 24h.
    pub window_fractions: [f64; 7],
    /// Liquidity locked forever, in USD.
    pub permanent_lock_liquidity: f64,
    /// Liquidity vesting within 3 and 6 months, in USD.
    pub vested: (f64, f64),
    /// Concentrated (price range) pool.
    pub concentrated: bool,
    /// Dynamic fee on.
    pub dynamic_fee: bool,
    /// Launchpad (`""` when none).
    pub launchpad: &'static str,
    /// Blacklisted.
    pub is_blacklisted: bool,
}

const LAUNCHPADS: [&str; 3] = ["met-dbc", "pump.fun", "launchlab"];

/// A symbol without the payload `--hostile-names` puts in front of it, so both datasets pair the same tokens.
fn plain(symbol: &str) -> &str {
    crate::dataset::HOSTILE_PAYLOADS.iter().find_map(|p| symbol.strip_prefix(p)).unwrap_or(symbol)
}

/// The datapi side of every keeper pool record.
pub fn generate(seed: u64, records: &[PoolMetricsRecord], tokens: &[Token]) -> Vec<DammV2Pool> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x4441_4d4d_5632);
    let majors = tokens::MAJORS.len();
    records
        .iter()
        .enumerate()
        .map(|(i, record)| {
            let x = if i % 5 == 0 { rng.random_range(3..majors) } else { rng.random_range(majors..tokens.len()) };
            let y = if rng.random_bool(0.7) { tokens::SOL } else { tokens::USDC };
            // Never a token against itself, nor against a major it borrows the symbol of.
            let y = match plain(&tokens[x].symbol) == plain(&tokens[y].symbol) {
                true if plain(&tokens[x].symbol) == plain(&tokens[tokens::SOL].symbol) => tokens::USDC,
                true => tokens::SOL,
                false => y,
            };
            let (x, y) = if x == y { (tokens::JUP, y) } else { (x, y) };
            let f12 = rng.random_range(0.3..0.7);
            let f4 = f12 * rng.random_range(0.2..0.5);
            let f2 = f4 * rng.random_range(0.35..0.65);
            let f1 = f2 * rng.random_range(0.35..0.65);
            let f30 = f1 * rng.random_range(0.3..0.7);
            let f5 = f30 * rng.random_range(0.1..0.25);
            let created =
                crate::dataset::time::snapshot_unix() - rng.random_range(300..700) * crate::dataset::time::DAY;
            let concentrated = rng.random_bool(0.3);
            DammV2Pool {
                token_x: x as u32,
                token_y: y as u32,
                name: format!("{}-{}", tokens[x].symbol, tokens[y].symbol),
                vault_x: random_address(&mut rng),
                vault_y: random_address(&mut rng),
                alpha_vault: if rng.random_bool(0.2) { random_address(&mut rng) } else { tokens::NO_FARM.to_string() },
                created_at_ms: (created * 1_000 + rng.random_range(0..1_000)) as u64,
                window_fractions: [f5, f30, f1, f2, f4, f12, 1.0],
                permanent_lock_liquidity: crate::dataset::round(record.tvl * rng.random_range(0.0..0.5), 2),
                vested: (
                    crate::dataset::round(record.tvl * rng.random_range(0.0..0.1), 2),
                    crate::dataset::round(record.tvl * rng.random_range(0.0..0.1), 2),
                ),
                concentrated,
                dynamic_fee: rng.random_bool(0.5),
                launchpad: if i % 5 != 0 && rng.random_bool(0.4) { LAUNCHPADS[rng.random_range(0..3)] } else { "" },
                is_blacklisted: i > 3 && rng.random_bool(0.05),
            }
        })
        .collect()
}
