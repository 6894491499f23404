//! Pool rows and pool records of both datapi services, by the spec's field names (snake_case, all numbers).

use serde::Serialize;

use super::damm_v2::DammV2Pool;
use super::table::{PoolTable, Row};
use super::tokens::{TokenMetrics, token_metrics};
use super::unit_hash;
use crate::dataset::pools::PROTOCOL_BPS;
use crate::dataset::tokens::NO_FARM;
use crate::dataset::{Dataset, Pair, PoolMetricsRecord, Token, round};

/// `TimeWindowData`: the keys `"30m" … "24h"`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct WindowData {
    /// Last 30 minutes.
    #[serde(rename = "30m")]
    pub min_30: f64,
    /// Last hour.
    #[serde(rename = "1h")]
    pub hour_1: f64,
    /// Last 2 hours.
    #[serde(rename = "2h")]
    pub hour_2: f64,
    /// Last 4 hours.
    #[serde(rename = "4h")]
    pub hour_4: f64,
    /// Last 12 hours.
    #[serde(rename = "12h")]
    pub hour_12: f64,
    /// Last 24 hours.
    #[serde(rename = "24h")]
    pub hour_24: f64,
}

impl WindowData {
    /// The six windows of a 7-window array (`5m` dropped: the record has no such key).
    pub fn of(values: &[f64; 7]) -> Self {
        Self {
            min_30: values[1],
            hour_1: values[2],
            hour_2: values[3],
            hour_4: values[4],
            hour_12: values[5],
            hour_24: values[6],
        }
    }
}

/// The last-5-minutes share of a pool's 30-minute window (0.1..0.25), so `5m` exists for sorting and filtering.
fn five_minute_share(seed: u64, row: usize) -> f64 {
    0.1 + 0.15 * unit_hash(seed ^ 0x35_6d, row as u64)
}

/// The DLMM row of keeper pair `i`: the same address, TVL and windows (`min_30…hour_24` become `30m…24h`).
pub fn dlmm_row(seed: u64, tokens: &[Token], i: usize, p: &Pair) -> Row {
    let rate = p.fee_centi_bps as f64 / 1_000_000.0;
    let volume_5m = round(p.volume.min_30 * five_minute_share(seed, i), 2);
    let fee_5m = round(volume_5m * rate, 6);
    let ratio = |fee: f64| if p.liquidity_usd > 0.0 { fee / p.liquidity_usd * 100.0 } else { 0.0 };
    let with_5m = |first: f64, rest: [f64; 6]| [first, rest[0], rest[1], rest[2], rest[3], rest[4], rest[5]];
    let fee_tvl_ratio = with_5m(ratio(fee_5m), p.fee_tvl_ratio.values());
    let fees = with_5m(fee_5m, p.fees.values());
    let created = crate::dataset::time::snapshot_unix() - (256 + (unit_hash(seed, i as u64) * 500.0) as i64) * 86_400;
    Row {
        address: p.address.clone(),
        name: p.name.clone(),
        token_x: p.token_x,
        token_y: p.token_y,
        group: 0,
        metrics: [with_5m(volume_5m, p.volume.values()), fees, fee_tvl_ratio, fee_tvl_ratio],
        protocol_fees: fees.map(|f| round(f * 0.05, 6)),
        tvl: p.liquidity_usd,
        fee_pct: p.base_fee_percentage.parse().unwrap_or(0.0),
        bin_step: f64::from(p.bin_step),
        created_at_ms: (created * 1_000) as u64 + (unit_hash(seed ^ 1, i as u64) * 1_000.0) as u64,
        farm_apr: p.farm_apr,
        farm_apy: p.farm_apy,
        has_farm: &*p.reward_mint_x != NO_FARM,
        is_blacklisted: p.is_blacklisted,
        launchpad: p.launchpad.unwrap_or(""),
        tags: p.tags.clone(),
        mint_x: p.mint_x.clone(),
        mint_y: p.mint_y.clone(),
        symbol_x: tokens[p.token_x as usize].symbol.clone(),
        symbol_y: tokens[p.token_y as usize].symbol.clone(),
    }
}

/// The DAMM v2 row of keeper pool-metrics record `i`: the same address and TVL, its 24 h volume and fees spread
/// over the windows, `fee_tvl_ratio["24h"]` equal to the keeper's `fee_tvl_ratio`.
pub fn damm_v2_row(tokens: &[Token], record: &PoolMetricsRecord, extra: &DammV2Pool) -> Row {
    let volume = extra.window_fractions.map(|f| round(record.volume24h * f, 2));
    let fees = extra.window_fractions.map(|f| round(record.lp_fee24h * f, 6));
    let protocol_fees = extra.window_fractions.map(|f| round(record.protocol_fee24h * f, 6));
    let mut ratio = fees.map(|f| if record.tvl > 0.0 { f / record.tvl * 100.0 } else { 0.0 });
    ratio[6] = record.fee_tvl_ratio;
    let (tx, ty) = (&tokens[extra.token_x as usize], &tokens[extra.token_y as usize]);
    Row {
        address: record.pool_address.clone(),
        name: extra.name.clone(),
        token_x: extra.token_x,
        token_y: extra.token_y,
        group: 0,
        metrics: [volume, fees, ratio, ratio],
        protocol_fees,
        tvl: record.tvl,
        fee_pct: round(record.fee_rate * 100.0, 6),
        bin_step: 0.0,
        created_at_ms: extra.created_at_ms,
        farm_apr: 0.0,
        farm_apy: 0.0,
        has_farm: false,
        is_blacklisted: extra.is_blacklisted,
        launchpad: extra.launchpad,
        tags: Vec::new(),
        mint_x: tx.mint.clone(),
        mint_y: ty.mint.clone(),
        symbol_x: tx.symbol.clone(),
        symbol_y: ty.symbol.clone(),
    }
}

/// The DLMM table over the dataset's pairs.
pub fn dlmm_table(seed: u64, tokens: &[Token], pairs: &[Pair]) -> PoolTable {
    PoolTable::new(pairs.iter().enumerate().map(|(i, p)| dlmm_row(seed, tokens, i, p)).collect())
}

/// The DAMM v2 table over the keeper pool records.
pub fn damm_v2_table(tokens: &[Token], records: &[PoolMetricsRecord], extras: &[DammV2Pool]) -> PoolTable {
    PoolTable::new(records.iter().zip(extras).map(|(r, e)| damm_v2_row(tokens, r, e)).collect())
}

/// DLMM `PoolConfig`.
#[derive(Serialize)]
struct DlmmPoolConfig {
    bin_step: u32,
    base_fee_pct: f64,
    max_fee_pct: f64,
    protocol_fee_pct: f64,
    collect_fee_mode: u32,
}

/// `CumulativeMetrics`.
#[derive(Serialize)]
struct CumulativeMetrics {
    volume: f64,
    fees: f64,
}

/// The DLMM `PoolResponse`.
#[derive(Serialize)]
pub struct DlmmPoolRecord<'a> {
    address: &'a str,
    name: &'a str,
    token_x: TokenMetrics<'a>,
    token_y: TokenMetrics<'a>,
    reserve_x: &'a str,
    reserve_y: &'a str,
    token_x_amount: f64,
    token_y_amount: f64,
    created_at: u64,
    reward_mint_x: &'a str,
    reward_mint_y: &'a str,
    pool_config: DlmmPoolConfig,
    dynamic_fee_pct: f64,
    tvl: f64,
    current_price: f64,
    apr: f64,
    apy: f64,
    has_farm: bool,
    farm_apr: f64,
    farm_apy: f64,
    volume: WindowData,
    fees: WindowData,
    protocol_fees: WindowData,
    fee_tvl_ratio: WindowData,
    cumulative_metrics: CumulativeMetrics,
    is_blacklisted: bool,
    launchpad: &'a str,
    tags: &'a [&'static str],
}

/// The DLMM record of row `i` of `dlmm` (keeper pair `i`).
pub fn dlmm_record<'a>(d: &'a Dataset, dlmm: &'a PoolTable, i: usize) -> DlmmPoolRecord<'a> {
    let (p, row) = (&d.pairs[i], &dlmm.rows[i]);
    let (tx, ty) = (&d.tokens[p.token_x as usize], &d.tokens[p.token_y as usize]);
    DlmmPoolRecord {
        address: &p.address,
        name: &p.name,
        token_x: token_metrics(&d.tokens, p.token_x),
        token_y: token_metrics(&d.tokens, p.token_y),
        reserve_x: &p.reserve_x,
        reserve_y: &p.reserve_y,
        token_x_amount: tx.ui(p.reserve_x_amount.into()),
        token_y_amount: ty.ui(p.reserve_y_amount.into()),
        created_at: row.created_at_ms,
        reward_mint_x: &p.reward_mint_x,
        reward_mint_y: &p.reward_mint_y,
        pool_config: DlmmPoolConfig {
            bin_step: p.bin_step,
            base_fee_pct: row.fee_pct,
            max_fee_pct: 0.0,
            protocol_fee_pct: p.protocol_fee_percentage.parse().unwrap_or(5.0),
            collect_fee_mode: 0,
        },
        dynamic_fee_pct: p.fee_centi_bps as f64 / 10_000.0,
        tvl: row.tvl,
        current_price: p.current_price,
        apr: p.apr,
        apy: p.apy,
        has_farm: row.has_farm,
        farm_apr: p.farm_apr,
        farm_apy: p.farm_apy,
        volume: WindowData::of(&row.metrics[0]),
        fees: WindowData::of(&row.metrics[1]),
        protocol_fees: WindowData::of(&row.protocol_fees),
        fee_tvl_ratio: WindowData::of(&row.metrics[2]),
        cumulative_metrics: CumulativeMetrics {
            volume: p.cumulative_trade_volume.parse().unwrap_or(0.0),
            fees: p.cumulative_fee_volume.parse().unwrap_or(0.0),
        },
        is_blacklisted: row.is_blacklisted,
        launchpad: row.launchpad,
        tags: &row.tags,
    }
}

/// DAMM v2 `PoolConfig`, plus `partner_enabled`, a flag real responses carry and the spec does not list.
#[derive(Serialize)]
struct DammPoolConfig {
    collect_fee_mode: u32,
    base_fee_mode: u32,
    base_fee_pct: f64,
    protocol_fee_pct: u64,
    partner_fee_pct: u64,
    referral_fee_pct: u64,
    dynamic_fee_initialized: bool,
    pool_type: u32,
    concentrated_liquidity: bool,
    min_price: f64,
    max_price: f64,
    activation_type: u32,
    activation_point: u64,
    partner_enabled: bool,
}

/// `VestedLiquidity`.
#[derive(Serialize)]
struct VestedLiquidity {
    months_3: f64,
    months_6: f64,
}

/// The DAMM v2 `PoolResponse`.
#[derive(Serialize)]
pub struct DammV2PoolRecord<'a> {
    address: &'a str,
    name: &'a str,
    token_x: TokenMetrics<'a>,
    token_y: TokenMetrics<'a>,
    token_x_amount: f64,
    token_y_amount: f64,
    created_at: u64,
    vault_x: &'a str,
    vault_y: &'a str,
    alpha_vault: &'a str,
    pool_config: DammPoolConfig,
    tvl: f64,
    current_price: f64,
    has_farm: bool,
    farm_apr: f64,
    farm_apy: f64,
    permanent_lock_liquidity: f64,
    vested_liquidity: VestedLiquidity,
    volume: WindowData,
    fees: WindowData,
    protocol_fees: WindowData,
    fee_tvl_ratio: WindowData,
    is_blacklisted: bool,
    launchpad: &'a str,
    tags: &'a [&'static str],
}

/// The DAMM v2 record of row `i` of `damm_v2` (keeper pool-metrics record `i`, whose own facts are `extras[i]`).
pub fn damm_v2_record<'a>(
    d: &'a Dataset,
    damm_v2: &'a PoolTable,
    extras: &'a [DammV2Pool],
    i: usize,
) -> DammV2PoolRecord<'a> {
    let (record, extra, row) = (&d.pools[i], &extras[i], &damm_v2.rows[i]);
    let (tx, ty) = (&d.tokens[row.token_x as usize], &d.tokens[row.token_y as usize]);
    let price = tx.price_usd / ty.price_usd;
    let share_x = 0.35 + 0.3 * unit_hash(d.seed ^ 0x44, i as u64);
    DammV2PoolRecord {
        address: &record.pool_address,
        name: &row.name,
        token_x: token_metrics(&d.tokens, row.token_x),
        token_y: token_metrics(&d.tokens, row.token_y),
        token_x_amount: record.tvl * share_x / tx.price_usd,
        token_y_amount: record.tvl * (1.0 - share_x) / ty.price_usd,
        created_at: extra.created_at_ms,
        vault_x: &extra.vault_x,
        vault_y: &extra.vault_y,
        alpha_vault: &extra.alpha_vault,
        pool_config: DammPoolConfig {
            collect_fee_mode: 0,
            base_fee_mode: 0,
            base_fee_pct: row.fee_pct,
            protocol_fee_pct: PROTOCOL_BPS / 100,
            partner_fee_pct: record.partner_bps / 100,
            referral_fee_pct: record.referral_bps / 100,
            dynamic_fee_initialized: extra.dynamic_fee,
            pool_type: 0,
            concentrated_liquidity: extra.concentrated,
            min_price: if extra.concentrated { price * 0.5 } else { 0.0 },
            max_price: if extra.concentrated { price * 2.0 } else { 1.0e20 },
            activation_type: 1,
            activation_point: extra.created_at_ms / 1_000,
            partner_enabled: record.partner_bps > 0,
        },
        tvl: row.tvl,
        current_price: price,
        has_farm: false,
        farm_apr: 0.0,
        farm_apy: 0.0,
        permanent_lock_liquidity: extra.permanent_lock_liquidity,
        vested_liquidity: VestedLiquidity { months_3: extra.vested.0, months_6: extra.vested.1 },
        volume: WindowData::of(&row.metrics[0]),
        fees: WindowData::of(&row.metrics[1]),
        protocol_fees: WindowData::of(&row.protocol_fees),
        fee_tvl_ratio: WindowData::of(&row.metrics[2]),
        is_blacklisted: row.is_blacklisted,
        launchpad: row.launchpad,
        tags: &row.tags,
    }
}
