//! Per-pair analytics, generated on demand from the seed and the pair's index (so 120,000 pairs cost no memory):
//! daily TVL and volume over 255 days and hourly fee bps (oldest first), and swap history (newest first).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::pairs::Pair;
use super::positions::{raw_of, usd_at};
use super::random_signature;
use super::time::{DAY, HISTORY_DAYS, day_date, hour_date, snapshot_unix};
use super::tokens::Token;

/// How many swaps each pair's history holds (the most `rows_to_take` can ask for).
pub const SWAP_HISTORY_LEN: usize = 255;

fn rng_for(seed: u64, pair_index: usize, kind: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ (pair_index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (kind << 56))
}

/// Start (unix seconds) of the `k`-th day of the history, `k = 0` being the oldest.
pub fn day_start(k: i64) -> i64 {
    snapshot_unix() - (HISTORY_DAYS - k) * DAY
}

/// `PairTvlSnapshotByDay`.
#[derive(Clone, Debug, Serialize)]
pub struct TvlByDay<'a> {
    /// Pair address.
    pub pair_address: &'a str,
    /// TVL in USD.
    pub total_value_locked: f64,
    /// `YYYY-MM-DD`.
    pub day_date: String,
}

/// `PairTradeVolume`.
#[derive(Clone, Debug, Serialize)]
pub struct TradeVolumeByDay<'a> {
    /// Pair address.
    pub pair_address: &'a str,
    /// Volume in USD.
    pub trade_volume: f64,
    /// Fees in USD.
    pub fee_volume: f64,
    /// Protocol fees in USD.
    pub protocol_fee_volume: f64,
    /// `YYYY-MM-DD`.
    pub day_date: String,
}

/// `PairFeeBps`.
#[derive(Clone, Debug, Serialize)]
pub struct FeeBpsByHour<'a> {
    /// Pair address.
    pub pair_address: &'a str,
    /// Lowest fee of the hour in bps.
    pub min_fee_bps: f64,
    /// Highest fee of the hour in bps.
    pub max_fee_bps: f64,
    /// Average fee of the hour in bps.
    pub average_fee_bps: f64,
    /// `YYYY-MM-DDTHH:00:00`.
    pub hour_date: String,
}

/// `Swap`.
#[derive(Clone, Debug, Serialize)]
pub struct Swap<'a> {
    /// Signature.
    pub tx_id: String,
    /// Raw amount in.
    pub in_amount: u64,
    /// USD in.
    pub in_amount_usd: f64,
    /// Raw amount out.
    pub out_amount: u64,
    /// USD out.
    pub out_amount_usd: f64,
    /// Raw fee (in the input token): `in_amount * fee_bps / 10000`, rounded down.
    pub trade_fee: u64,
    /// USD fee.
    pub trade_fee_usd: f64,
    /// Raw protocol fee: 5 % of the fee, rounded down.
    pub protocol_fee: u64,
    /// USD protocol fee.
    pub protocol_fee_usd: f64,
    /// Unix seconds.
    pub onchain_timestamp: i64,
    /// Pair address.
    pub pair_address: &'a str,
    /// First bin crossed.
    pub start_bin_id: i64,
    /// Last bin crossed.
    pub end_bin_id: i64,
    /// Bins crossed.
    pub bin_count: i64,
    /// Fee in bps (two decimals).
    pub fee_bps: f64,
    /// Mint in.
    pub in_token: &'a str,
    /// Mint out.
    pub out_token: &'a str,
}

/// The last `days` days of TVL, oldest first.
pub fn tvl_by_day<'a>(seed: u64, index: usize, pair: &'a Pair, days: usize) -> Vec<TvlByDay<'a>> {
    let mut rng = rng_for(seed, index, 1);
    let mut tvl = pair.liquidity_usd;
    let mut values: Vec<f64> = (0..HISTORY_DAYS)
        .map(|_| {
            let today = tvl;
            tvl = (tvl * rng.random_range(0.9..1.1)).max(0.0);
            super::round(today, 2)
        })
        .collect();
    values.reverse();
    values
        .into_iter()
        .enumerate()
        .skip(HISTORY_DAYS as usize - days)
        .map(|(k, total_value_locked)| TvlByDay {
            pair_address: &pair.address,
            total_value_locked,
            day_date: day_date(day_start(k as i64)),
        })
        .collect()
}

/// The last `days` days of volume and fees, oldest first.
pub fn trade_volume_by_day<'a>(seed: u64, index: usize, pair: &'a Pair, days: usize) -> Vec<TradeVolumeByDay<'a>> {
    let mut rng = rng_for(seed, index, 2);
    let rate = pair.fee_centi_bps as f64 / 1_000_000.0;
    let all: Vec<f64> =
        (0..HISTORY_DAYS).map(|_| super::round(pair.trade_volume_24h * rng.random_range(0.3..1.7), 2)).collect();
    all.into_iter()
        .enumerate()
        .skip(HISTORY_DAYS as usize - days)
        .map(|(k, trade_volume)| {
            let fee_volume = super::round(trade_volume * rate, 6);
            TradeVolumeByDay {
                pair_address: &pair.address,
                trade_volume,
                fee_volume,
                protocol_fee_volume: super::round(fee_volume * 0.05, 6),
                day_date: day_date(day_start(k as i64)),
            }
        })
        .collect()
}

/// The last `days` days of hourly fee bps, oldest first; every value lies between the base and the max fee.
pub fn fee_bps_by_hour<'a>(seed: u64, index: usize, pair: &'a Pair, days: usize) -> Vec<FeeBpsByHour<'a>> {
    let mut rng = rng_for(seed, index, 3);
    let (base, max) = (pair.base_fee_bps(), pair.max_fee_bps());
    let hours = HISTORY_DAYS as usize * 24;
    let all: Vec<(f64, f64)> = (0..hours)
        .map(|_| {
            let high = base + (max - base) * rng.random_range(0.0..1.0f64).powi(3);
            let average = base + (high - base) * rng.random_range(0.0..1.0);
            (super::round(high, 4), super::round(average, 4))
        })
        .collect();
    all.into_iter()
        .enumerate()
        .skip(hours - days * 24)
        .map(|(h, (high, average))| FeeBpsByHour {
            pair_address: &pair.address,
            min_fee_bps: base,
            max_fee_bps: high.max(base),
            average_fee_bps: average.clamp(base, high.max(base)),
            hour_date: hour_date(day_start(0) + h as i64 * 3_600),
        })
        .collect()
}

/// The pair's newest `rows` swaps, newest first.
pub fn swaps<'a>(seed: u64, index: usize, pair: &'a Pair, tokens: &'a [Token], rows: usize) -> Vec<Swap<'a>> {
    let mut rng = rng_for(seed, index, 4);
    let (tx, ty) = (&tokens[pair.token_x as usize], &tokens[pair.token_y as usize]);
    let base_centi = (pair.base_fee_bps() * 100.0).round() as u64;
    let max_centi = (pair.max_fee_bps() * 100.0).round() as u64;
    let mut time = snapshot_unix() - rng.random_range(1..600);
    (0..rows.min(SWAP_HISTORY_LEN))
        .map(|_| {
            time -= rng.random_range(1..4 * 3_600);
            let x_in = rng.random_bool(0.5);
            let (token_in, token_out) = if x_in { (tx, ty) } else { (ty, tx) };
            let usd = 10f64.powf(rng.random_range(0.0..4.0)).min(pair.liquidity_usd.max(1.0));
            let in_amount = raw_of(usd, token_in, time);
            let centi = base_centi + rng.random_range(0..=(max_centi - base_centi) / 2);
            let trade_fee = (u128::from(in_amount) * u128::from(centi) / 1_000_000) as u64;
            let protocol_fee = trade_fee * 5 / 100;
            let in_amount_usd = usd_at(in_amount, token_in, time);
            let trade_fee_usd = usd_at(trade_fee, token_in, time);
            let out_usd = in_amount_usd - trade_fee_usd;
            let out_amount =
                (out_usd / token_out.price_at(time) * 10f64.powi(token_out.decimals as i32)).clamp(0.0, 4e18) as u64;
            let start_bin_id = pair.bin_of(tx.price_at(time) / ty.price_at(time));
            let bin_count = rng.random_range(1..6);
            let end_bin_id = if x_in { start_bin_id - (bin_count - 1) } else { start_bin_id + (bin_count - 1) };
            Swap {
                tx_id: random_signature(&mut rng),
                in_amount,
                in_amount_usd,
                out_amount,
                out_amount_usd: usd_at(out_amount, token_out, time),
                trade_fee,
                trade_fee_usd,
                protocol_fee,
                protocol_fee_usd: usd_at(protocol_fee, token_in, time),
                onchain_timestamp: time,
                pair_address: &pair.address,
                start_bin_id,
                end_bin_id,
                bin_count,
                fee_bps: centi as f64 / 100.0,
                in_token: &token_in.mint,
                out_token: &token_out.mint,
            }
        })
        .collect()
}
