//! DLMM pools and pool groups (`/pools`, `/pools/{address}`, `/pools/groups`, `/pools/groups/{lexical_order_mints}`).

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::datapi::models::{Decimal, Token, Windows};
use crate::wire;

/// A DLMM pool (`PoolResponse`; `GET /pools/{address}` and the items of every pool list).
///
/// Money figures are USD; `*_pct`, `apr`, `apy` and `fee_tvl_ratio` are percents (`0.04` = 0.04 %). Fields a newer
/// revision added or that bodies may omit default: `cumulative_metrics` (zeros), `launchpad` (none), `tags` (empty),
/// `is_blacklisted`, `has_farm` (false), `farm_apr`, `farm_apy` (0). `name` comes from token symbols: untrusted text.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Pool {
    /// The pool's (LB pair's) address.
    pub address: String,
    /// `"<symbolX>-<symbolY>"`.
    pub name: String,
    /// Token X with its market figures.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiToken"))]
    pub token_x: Token,
    /// Token Y with its market figures.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiToken"))]
    pub token_y: Token,
    /// Address of the token X reserve account (an address, not an amount).
    pub reserve_x: String,
    /// Address of the token Y reserve account (an address, not an amount).
    pub reserve_y: String,
    /// Token X held by the pool, display units (decimals applied; the wire sends a JSON number).
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub token_x_amount: Decimal,
    /// Token Y held by the pool, display units (decimals applied; the wire sends a JSON number).
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub token_y_amount: Decimal,
    /// When the pool was created, unix **milliseconds**. See [`Pool::created_at_seconds`].
    pub created_at: u64,
    /// Mint of farm reward X; the system program address (`11111111111111111111111111111111`) when none.
    pub reward_mint_x: String,
    /// Mint of farm reward Y; the system program address when none.
    pub reward_mint_y: String,
    /// The pool's fee configuration.
    pub pool_config: PoolConfig,
    /// Current fee rate (base + variable), percent.
    pub dynamic_fee_pct: f64,
    /// Total value locked, USD.
    pub tvl: f64,
    /// Price of token X in token Y (display units).
    pub current_price: f64,
    /// 24 h fee yield, percent (equals `fee_tvl_ratio.hour_24`).
    pub apr: f64,
    /// `((1 + apr/100)^365 - 1) * 100`, percent.
    pub apy: f64,
    /// Whether the pool has a farm.
    #[serde(default)]
    pub has_farm: bool,
    /// Farm reward APR, percent.
    #[serde(default, deserialize_with = "wire::f64")]
    pub farm_apr: f64,
    /// Farm reward APY, percent.
    #[serde(default, deserialize_with = "wire::f64")]
    pub farm_apy: f64,
    /// Trading volume per window, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiWindows"))]
    pub volume: Windows,
    /// Fees paid to liquidity providers per window, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiWindows"))]
    pub fees: Windows,
    /// Protocol fees per window, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiWindows"))]
    pub protocol_fees: Windows,
    /// Fees divided by TVL per window, percent.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiWindows"))]
    pub fee_tvl_ratio: Windows,
    /// Volume and fees since creation.
    #[serde(default)]
    pub cumulative_metrics: CumulativeMetrics,
    /// Whether the vendor blacklists the pool.
    #[serde(default)]
    pub is_blacklisted: bool,
    /// The launchpad the pool came from; none when absent, null or `""` (what real bodies send).
    #[serde(default, deserialize_with = "wire::nonempty_string")]
    pub launchpad: Option<String>,
    /// The vendor's tags.
    #[serde(default)]
    pub tags: Vec<String>,
}

impl Pool {
    /// When the pool was created, unix seconds (`created_at` is milliseconds).
    pub fn created_at_seconds(&self) -> u64 {
        self.created_at / 1000
    }
}

/// A DLMM pool's fee configuration (`PoolConfig`). Rates are percents.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PoolConfig {
    /// Bin step, basis points of price between adjacent bins.
    pub bin_step: u16,
    /// Base fee rate, percent.
    pub base_fee_pct: f64,
    /// Maximum fee rate, percent (real pools read 0).
    pub max_fee_pct: f64,
    /// The protocol's cut of the trade fee, percent.
    pub protocol_fee_pct: f64,
    /// Fee collection mode (0 = fees in both tokens, 1 = fees in token Y only).
    pub collect_fee_mode: u8,
}

/// A pool's totals since creation (`CumulativeMetrics`), USD.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct CumulativeMetrics {
    /// Trading volume since creation, USD.
    pub volume: f64,
    /// Fees since creation, USD.
    pub fees: f64,
}

/// The pools of one token pair, summed (`GroupResponse`; the items of `GET /pools/groups`).
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Group {
    /// The group key: the two mints in lexical order, joined by `-`.
    pub lexical_order_mints: String,
    /// The group's display name (`"<symbolX>-<symbolY>"`).
    pub group_name: String,
    /// Token X as the service labels it.
    pub token_x: String,
    /// Token Y as the service labels it.
    pub token_y: String,
    /// Number of pools in the group.
    pub pool_count: u64,
    /// Summed TVL, USD.
    pub total_tvl: f64,
    /// Summed trading volume, USD.
    pub total_volume: f64,
    /// Highest fee/TVL ratio among the pools, percent.
    pub max_fee_tvl_ratio: f64,
    /// Whether any pool of the group has a farm.
    #[serde(default)]
    pub has_farm: bool,
}
