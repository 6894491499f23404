//! The generated world: pairs, pools, tokens, positions and time, from a seed, so every run with the same seed
//! serves the same bytes.
//!
//! Pairs, tokens, positions (with their history), locks and earnings are held in memory with the indexes the
//! routes need (pairs by address, groups by lexical mints, one precomputed order per sort key). Per-pair analytics
//! and swaps are generated on demand from the seed. The dataset names no view: the datapi's tables are built from
//! it and held beside it (the crate's `World`).

pub mod analytics;
pub mod hash;
pub mod pairs;
pub mod pools;
pub mod positions;
pub mod sort_key;
pub mod time;
pub mod tokens;

use std::collections::HashMap;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use pairs::{Pair, Windows};
pub use pools::PoolMetricsRecord;
pub use positions::{Earning, Position};
pub use sort_key::SortKey;
pub use tokens::Token;

/// The fewest pairs a dataset holds (the fixed pairs between majors come first).
pub const MIN_PAIRS: usize = 20;
/// The default number of pairs.
pub const DEFAULT_PAIRS: usize = 2_000;

/// Pairs sharing the same two mints.
#[derive(Clone, Debug)]
pub struct PairGroup {
    /// `lexical_order_mints`.
    pub lexical_order_mints: String,
    /// The group's display name (its first pair's name).
    pub name: String,
    /// Indexes of its pairs.
    pub pairs: Vec<u32>,
}

/// Totals of `/info/protocol_metrics`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ProtocolMetrics {
    /// Sum of TVL.
    pub total_tvl: f64,
    /// Sum of 24 h volume.
    pub daily_trade_volume: f64,
    /// Sum of cumulative volume.
    pub total_trade_volume: f64,
    /// Sum of 24 h fees.
    pub daily_fee: f64,
    /// Sum of cumulative fees.
    pub total_fee: f64,
}

/// The generated data the replica serves, with its lookup indexes.
pub struct Dataset {
    /// The seed it was generated from.
    pub seed: u64,
    /// Pool-metrics records of the pool group, in generation order.
    pub pools: Vec<PoolMetricsRecord>,
    /// Tokens: the majors first, then the long tail.
    pub tokens: Vec<Token>,
    /// Pairs in generation order.
    pub pairs: Vec<Pair>,
    /// Pair groups in order of first appearance.
    pub groups: Vec<PairGroup>,
    /// Positions with their history.
    pub positions: Vec<Position>,
    /// Wallet addresses (owners of positions).
    pub wallets: Vec<String>,
    /// Claims summed per (wallet index, pair index).
    pub earnings: HashMap<(u32, u32), Earning>,
    /// Protocol totals.
    pub protocol_metrics: ProtocolMetrics,
    positions_by_wallet: HashMap<u32, Vec<u32>>,
    pair_by_address: HashMap<String, u32>,
    group_by_key: HashMap<String, u32>,
    position_by_address: HashMap<String, u32>,
    wallet_by_address: HashMap<String, u32>,
    locks_by_pair: HashMap<u32, Vec<u32>>,
    sort_orders: [Vec<u32>; SortKey::ALL.len()],
}

impl std::fmt::Debug for Dataset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dataset")
            .field("seed", &self.seed)
            .field("pools", &self.pools.len())
            .field("pairs", &self.pairs.len())
            .field("positions", &self.positions.len())
            .finish_non_exhaustive()
    }
}

/// The payloads of [`Dataset::with_hostile_names`]: each would add 1 to `window.__xss` (or open a dialog) if a
/// client inserted the name as HTML instead of text.
pub const HOSTILE_PAYLOADS: [&str; 4] = [
    "<img src=x onerror=\"window.__xss=(window.__xss||0)+1\">",
    "<script>window.__xss=(window.__xss||0)+1</script>",
    "\"><svg onload=\"window.__xss=(window.__xss||0)+1;alert(1)\">",
    "<iframe srcdoc=\"<script>parent.__xss=(parent.__xss||0)+1</script>\"></iframe>",
];

impl Dataset {
    /// Prefixes every pair's and group's name with one of [`HOSTILE_PAYLOADS`] (in turn): `<payload>-<name>`; and,
    /// for the datapi, every token's symbol (`<payload><symbol>`), so token names, symbols, pool names and the
    /// portfolio and limit-order records of views built from it carry a payload too. Everything else (addresses,
    /// numbers, order) is unchanged.
    pub fn with_hostile_names(mut self) -> Self {
        for (i, pair) in self.pairs.iter_mut().enumerate() {
            pair.name = format!("{}-{}", HOSTILE_PAYLOADS[i % HOSTILE_PAYLOADS.len()], pair.name);
        }
        for (i, group) in self.groups.iter_mut().enumerate() {
            group.name = format!("{}-{}", HOSTILE_PAYLOADS[i % HOSTILE_PAYLOADS.len()], group.name);
        }
        for (i, token) in self.tokens.iter_mut().enumerate() {
            token.symbol = format!("{}{}", HOSTILE_PAYLOADS[i % HOSTILE_PAYLOADS.len()], token.symbol);
        }
        self
    }

    /// Generates `pools` pool records and `pairs` pairs (at least [`MIN_PAIRS`]) from `seed`.
    pub fn generate(seed: u64, pools: usize, pairs: usize) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let pools: Vec<PoolMetricsRecord> = (0..pools).map(|_| PoolMetricsRecord::generate(&mut rng)).collect();

        let pair_count = pairs.max(MIN_PAIRS);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5041_4952_5321);
        let tokens = tokens::generate(&mut rng, (pair_count / 3).max(30));
        let mut pairs = pairs::generate(&mut rng, &tokens, pair_count);

        let mut groups: Vec<PairGroup> = Vec::new();
        let mut group_by_key: HashMap<String, u32> = HashMap::new();
        for (i, pair) in pairs.iter_mut().enumerate() {
            let key = pair.lexical_order_mints();
            let group = *group_by_key.entry(key.clone()).or_insert_with(|| {
                groups.push(PairGroup { lexical_order_mints: key, name: pair.name.clone(), pairs: Vec::new() });
                (groups.len() - 1) as u32
            });
            pair.group = group;
            groups[group as usize].pairs.push(i as u32);
        }
        let pair_by_address = pairs.iter().enumerate().map(|(i, p)| (p.address.clone(), i as u32)).collect();

        let position_count = (pair_count / 4).clamp(40, 20_000);
        // The sort orders are computed on a second thread meanwhile.
        let (generated, sort_orders) = std::thread::scope(|scope| {
            let sort_orders = scope.spawn(|| SortKey::ALL.map(|key| key.order(&pairs)));
            let mut generated = positions::generate(&mut rng, &tokens, &pairs, position_count);
            let mut closing_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0043_4c4f_5345);
            positions::close_some(&mut closing_rng, &tokens, &pairs, &mut generated.positions);
            (generated, sort_orders.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
        });
        let earnings = positions::earnings(&generated.positions);
        let position_by_address =
            generated.positions.iter().enumerate().map(|(i, p)| (p.address.clone(), i as u32)).collect();
        let wallet_by_address = generated.wallets.iter().enumerate().map(|(i, w)| (w.clone(), i as u32)).collect();
        let mut locks_by_pair: HashMap<u32, Vec<u32>> = HashMap::new();
        for (i, p) in generated.positions.iter().enumerate() {
            if p.lock.is_some() {
                locks_by_pair.entry(p.pair).or_default().push(i as u32);
            }
        }

        let protocol_metrics = ProtocolMetrics {
            total_tvl: round(pairs.iter().map(|p| p.liquidity_usd).sum(), 2),
            daily_trade_volume: round(pairs.iter().map(|p| p.trade_volume_24h).sum(), 2),
            total_trade_volume: round(
                pairs.iter().map(|p| p.cumulative_trade_volume.parse::<f64>().unwrap_or(0.0)).sum(),
                2,
            ),
            daily_fee: round(pairs.iter().map(|p| p.fees_24h).sum(), 2),
            total_fee: round(pairs.iter().map(|p| p.cumulative_fee_volume.parse::<f64>().unwrap_or(0.0)).sum(), 2),
        };

        let mut positions_by_wallet: HashMap<u32, Vec<u32>> = HashMap::new();
        for (i, p) in generated.positions.iter().enumerate() {
            positions_by_wallet.entry(p.owner).or_default().push(i as u32);
        }

        Self {
            seed,
            pools,
            tokens,
            pairs,
            groups,
            positions: generated.positions,
            wallets: generated.wallets,
            earnings,
            protocol_metrics,
            pair_by_address,
            group_by_key,
            position_by_address,
            wallet_by_address,
            locks_by_pair,
            sort_orders,
            positions_by_wallet,
        }
    }

    /// Indexes of the positions owned by wallet `wallet` (index), oldest generated first.
    pub fn positions_of_wallet(&self, wallet: usize) -> &[u32] {
        self.positions_by_wallet.get(&(wallet as u32)).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The pool whose address is `address`, matched exactly or ignoring ASCII case.
    pub fn pool(&self, address: &str, case_sensitive: bool) -> Option<&PoolMetricsRecord> {
        self.pools.iter().find(|p| {
            if case_sensitive { p.pool_address == address } else { p.pool_address.eq_ignore_ascii_case(address) }
        })
    }

    /// Index of the pair at `address`.
    pub fn pair_index(&self, address: &str) -> Option<usize> {
        self.pair_by_address.get(address).map(|&i| i as usize)
    }

    /// Index of the group whose `lexical_order_mints` is `key`.
    pub fn group_index(&self, key: &str) -> Option<usize> {
        self.group_by_key.get(key).map(|&i| i as usize)
    }

    /// Index of the position at `address`.
    pub fn position_index(&self, address: &str) -> Option<usize> {
        self.position_by_address.get(address).map(|&i| i as usize)
    }

    /// Index of the wallet `address`.
    pub fn wallet_index(&self, address: &str) -> Option<usize> {
        self.wallet_by_address.get(address).map(|&i| i as usize)
    }

    /// Indexes of the locked positions of pair `pair`.
    pub fn locked_positions(&self, pair: usize) -> &[u32] {
        self.locks_by_pair.get(&(pair as u32)).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Pair indexes in ascending order of `key` (ties by index).
    pub fn sort_order(&self, key: SortKey) -> &[u32] {
        &self.sort_orders[key as usize]
    }

    /// The token behind `mint`, if the dataset has it (linear; for tests and samples).
    pub fn token(&self, mint: &str) -> Option<&Token> {
        self.tokens.iter().find(|t| &*t.mint == mint)
    }
}

/// A random Solana-style address: 32 random bytes in base58.
pub(crate) fn random_address(rng: &mut impl rand::Rng) -> String {
    let mut bytes = [0u8; 32];
    rng.fill_bytes(&mut bytes);
    bs58::encode(bytes).into_string()
}

/// A random transaction signature: 88 base58 characters (what a 64-byte signature encodes to), drawn directly,
/// which is much cheaper than encoding 64 random bytes.
pub(crate) fn random_signature(rng: &mut impl rand::Rng) -> String {
    const ALPHABET: &[u8; 58] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    use rand::RngExt;
    (0..88).map(|i| ALPHABET[rng.random_range(usize::from(i == 0)..58)] as char).collect()
}

/// Rounds `value` to `decimals` decimal places (so USD figures are whole cents on the wire).
pub(crate) fn round(value: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (value * scale).round() / scale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_data() {
        let (a, b) = (Dataset::generate(7, 20, 50), Dataset::generate(7, 20, 50));
        assert_eq!(a.pools, b.pools);
        assert_eq!(a.pairs[30].address, b.pairs[30].address);
        assert_ne!(a.pools, Dataset::generate(8, 20, 50).pools);
    }

    #[test]
    fn addresses_are_32_byte_base58_and_unique() {
        let d = Dataset::generate(1, 200, 300);
        let mut seen = std::collections::HashSet::new();
        let addresses = d.pools.iter().map(|p| &p.pool_address).chain(d.pairs.iter().map(|p| &p.address));
        for address in addresses.chain(d.positions.iter().map(|p| &p.address)) {
            assert_eq!(bs58::decode(address).into_vec().unwrap().len(), 32);
            assert!(seen.insert(address.clone()));
        }
    }

    #[test]
    fn lookups_honour_case_sensitivity() {
        let d = Dataset::generate(1, 5, 20);
        let address = d.pools[3].pool_address.clone();
        assert!(d.pool(&address, true).is_some());
        assert!(d.pool(&address.to_lowercase(), true).is_none());
        assert_eq!(d.pool(&address.to_lowercase(), false).unwrap().pool_address, address);
    }
}
