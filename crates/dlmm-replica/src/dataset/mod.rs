//! The data the replica serves: generated from a seed, so every run with the same seed serves the same bytes.

mod pools;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use pools::PoolMetricsRecord;

/// Everything the replica serves.
#[derive(Clone, Debug)]
pub struct Dataset {
    /// The seed it was generated from.
    pub seed: u64,
    /// Pool-metrics records of the pool group, in generation order.
    pub pools: Vec<PoolMetricsRecord>,
}

impl Dataset {
    /// Generates `pools` pool records from `seed`.
    pub fn generate(seed: u64, pools: usize) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let pools = (0..pools).map(|_| PoolMetricsRecord::generate(&mut rng)).collect();
        Self { seed, pools }
    }

    /// The pool whose address is `address`, matched exactly or ignoring ASCII case.
    pub fn pool(&self, address: &str, case_sensitive: bool) -> Option<&PoolMetricsRecord> {
        self.pools.iter().find(|p| {
            if case_sensitive { p.pool_address == address } else { p.pool_address.eq_ignore_ascii_case(address) }
        })
    }
}

/// A random Solana-style address: 32 random bytes in base58.
pub(crate) fn random_address(rng: &mut impl rand::Rng) -> String {
    let mut bytes = [0u8; 32];
    rng.fill_bytes(&mut bytes);
    bs58::encode(bytes).into_string()
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
        let (a, b) = (Dataset::generate(7, 20), Dataset::generate(7, 20));
        assert_eq!(a.pools, b.pools);
        assert_ne!(a.pools, Dataset::generate(8, 20).pools);
    }

    #[test]
    fn addresses_are_32_byte_base58_and_unique() {
        let d = Dataset::generate(1, 200);
        let mut seen = std::collections::HashSet::new();
        for p in &d.pools {
            assert_eq!(bs58::decode(&p.pool_address).into_vec().unwrap().len(), 32);
            assert!(seen.insert(p.pool_address.clone()));
        }
    }

    #[test]
    fn lookups_honour_case_sensitivity() {
        let d = Dataset::generate(1, 5);
        let address = d.pools[3].pool_address.clone();
        assert!(d.pool(&address, true).is_some());
        assert!(d.pool(&address.to_lowercase(), true).is_none());
        assert_eq!(d.pool(&address.to_lowercase(), false).unwrap().pool_address, address);
    }
}
