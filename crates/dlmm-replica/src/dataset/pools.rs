//! Pool-metrics records of the pool group (`/pools/{address}/metrics`).

use rand::{Rng, RngExt};
use serde::Serialize;

use super::{random_address, round};

/// One pool's metrics, with the spec's field names. USD figures are whole cents; percents have 6 decimals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PoolMetricsRecord {
    /// Pool address (base58).
    pub pool_address: String,
    /// Volume of the last 24 h in USD.
    pub volume24h: f64,
    /// LP fees of the last 24 h in USD.
    pub lp_fee24h: f64,
    /// Protocol fees of the last 24 h in USD.
    pub protocol_fee24h: f64,
    /// Partner fees of the last 24 h in USD.
    pub partner_fee24h: f64,
    /// Referral fees of the last 24 h in USD.
    pub referral_fee24h: f64,
    /// Volume of the last 7 days in USD.
    pub volume7d: f64,
    /// LP fees of the last 7 days in USD.
    pub lp_fee7d: f64,
    /// Protocol fees of the last 7 days in USD.
    pub protocol_fee7d: f64,
    /// Partner fees of the last 7 days in USD.
    pub partner_fee7d: f64,
    /// Referral fees of the last 7 days in USD.
    pub referral_fee7d: f64,
    /// TVL in USD.
    pub tvl: f64,
    /// Volume of the last 30 days in USD.
    pub volume30d: f64,
    /// LP fees of the last 30 days in USD.
    pub lp_fee30d: f64,
    /// Protocol fees of the last 30 days in USD.
    pub protocol_fee30d: f64,
    /// Partner fees of the last 30 days in USD.
    pub partner_fee30d: f64,
    /// Referral fees of the last 30 days in USD.
    pub referral_fee30d: f64,
    /// LP fee APR in percent (24 h LP fees / TVL, annualized).
    pub apr: f64,
    /// 24 h LP fees / TVL in percent.
    pub fee_tvl_ratio: f64,
    /// When the figures were computed (unix seconds).
    pub updated_at: i64,
    /// The pool's total fee rate (a fraction of volume); the replica's bookkeeping.
    #[serde(skip)]
    pub fee_rate: f64,
    /// The partner's share of fees in basis points of the fee.
    #[serde(skip)]
    pub partner_bps: u64,
    /// The referrers' share of fees in basis points of the fee.
    #[serde(skip)]
    pub referral_bps: u64,
}

/// The protocol's share of every fee, in basis points of the fee.
pub const PROTOCOL_BPS: u64 = 2_000;
/// Fee rates seen on real pools (fraction of volume).
const FEE_RATES: [f64; 6] = [0.0001, 0.0005, 0.0025, 0.003, 0.01, 0.02];

/// One window's fee parts in whole cents: (lp, protocol, partner, referral). They sum to the window's total fee.
fn split_fees(volume: f64, fee_rate: f64, partner_bps: u64, referral_bps: u64) -> [f64; 4] {
    let total = (volume * fee_rate * 100.0).round() as u64;
    let protocol = total * PROTOCOL_BPS / 10_000;
    let partner = total * partner_bps / 10_000;
    let referral = total * referral_bps / 10_000;
    let lp = total - protocol - partner - referral;
    [lp, protocol, partner, referral].map(|cents| cents as f64 / 100.0)
}

impl PoolMetricsRecord {
    /// Draws one pool: heavy-tailed TVL, a turnover-driven volume, fees that follow the fee rate.
    pub fn generate(rng: &mut impl Rng) -> Self {
        let pool_address = random_address(rng);
        let tvl = round(10f64.powf(rng.random_range(1.0..7.5)), 2);
        let fee_rate = FEE_RATES[rng.random_range(0..FEE_RATES.len())];
        let partner_bps = if rng.random_bool(0.3) { 500 } else { 0 };
        let referral_bps = if rng.random_bool(0.2) { 200 } else { 0 };
        let volume24h = round(tvl * 10f64.powf(rng.random_range(-2.0..1.0)), 2);
        let volume7d = round(volume24h * rng.random_range(5.0..9.0), 2);
        let volume30d = round(volume7d * rng.random_range(3.5..4.8), 2);
        let [lp_fee24h, protocol_fee24h, partner_fee24h, referral_fee24h] =
            split_fees(volume24h, fee_rate, partner_bps, referral_bps);
        let [lp_fee7d, protocol_fee7d, partner_fee7d, referral_fee7d] =
            split_fees(volume7d, fee_rate, partner_bps, referral_bps);
        let [lp_fee30d, protocol_fee30d, partner_fee30d, referral_fee30d] =
            split_fees(volume30d, fee_rate, partner_bps, referral_bps);
        let fee_tvl_ratio = round(lp_fee24h / tvl * 100.0, 6);
        let apr = round(lp_fee24h / tvl * 365.0 * 100.0, 6);
        let updated_at = crate::dataset::time::snapshot_unix() - rng.random_range(0..3_600);
        Self {
            pool_address,
            volume24h,
            lp_fee24h,
            protocol_fee24h,
            partner_fee24h,
            referral_fee24h,
            volume7d,
            lp_fee7d,
            protocol_fee7d,
            partner_fee7d,
            referral_fee7d,
            tvl,
            volume30d,
            lp_fee30d,
            protocol_fee30d,
            partner_fee30d,
            referral_fee30d,
            apr,
            fee_tvl_ratio,
            updated_at,
            fee_rate,
            partner_bps,
            referral_bps,
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn fee_parts_sum_to_the_fee_rate_times_volume() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..500 {
            let p = PoolMetricsRecord::generate(&mut rng);
            for (volume, parts) in [
                (p.volume24h, [p.lp_fee24h, p.protocol_fee24h, p.partner_fee24h, p.referral_fee24h]),
                (p.volume7d, [p.lp_fee7d, p.protocol_fee7d, p.partner_fee7d, p.referral_fee7d]),
                (p.volume30d, [p.lp_fee30d, p.protocol_fee30d, p.partner_fee30d, p.referral_fee30d]),
            ] {
                let total: f64 = parts.iter().sum();
                let rate = total / volume;
                assert!(volume == 0.0 || FEE_RATES.iter().any(|r| (rate - r).abs() < 0.0001 + 0.01 / volume));
                assert!(parts.iter().all(|x| *x >= 0.0));
            }
            assert!(p.volume24h <= p.volume7d && p.volume7d <= p.volume30d);
            assert!((p.apr - p.fee_tvl_ratio * 365.0).abs() < 0.001);
            assert!(p.tvl > 0.0 && p.updated_at <= crate::dataset::time::snapshot_unix());
        }
    }
}
