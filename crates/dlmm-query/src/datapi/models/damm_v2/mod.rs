//! Response bodies of the DAMM v2 datapi (`https://damm-v2.datapi.meteora.ag`): pools and pool groups. Its series,
//! windows, tokens and protocol metrics share the DLMM service's shapes (see [`super`]). [`CursorPage`],
//! [`PortfolioPool`] and [`Position`] are records the spec defines but no route returns today.

mod positions;

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

pub use positions::{CursorPage, PortfolioPool, Position};

use super::{Decimal, Token, Windows};
use crate::wire;

/// A DAMM v2 pool (`PoolResponse`; `GET /pools/{address}` and the items of every pool list).
///
/// Money figures are USD; `*_pct` and `fee_tvl_ratio` are percents. Fields bodies may omit default: `launchpad`
/// (none; `""` also reads as none), `tags` (empty), `is_blacklisted`, `has_farm` (false), `farm_apr`, `farm_apy` (0),
/// `permanent_lock_liquidity` (0), `vested_liquidity` (zeros). Real bodies carry pool-config flags the spec does not
/// list; they are ignored.
#[wire::lenient_numbers(ts = "DammV2")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Pool {
    /// The pool's address.
    pub address: String,
    /// `"<symbolX>-<symbolY>"`.
    pub name: String,
    /// Token X with its market figures.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiToken"))]
    pub token_x: Token,
    /// Token Y with its market figures.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiToken"))]
    pub token_y: Token,
    /// Token X held by the pool, display units (the wire sends a JSON number).
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub token_x_amount: Decimal,
    /// Token Y held by the pool, display units (the wire sends a JSON number).
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub token_y_amount: Decimal,
    /// When the pool was created, unix **milliseconds** (the spec gives no unit; the DLMM service's real bodies use
    /// milliseconds). See [`Pool::created_at_seconds`].
    pub created_at: u64,
    /// Address of the token X vault account.
    pub vault_x: String,
    /// Address of the token Y vault account.
    pub vault_y: String,
    /// Address of the pool's alpha vault.
    pub alpha_vault: String,
    /// The pool's fee and price configuration.
    pub pool_config: PoolConfig,
    /// Total value locked, USD.
    pub tvl: f64,
    /// Price of token X in token Y (display units).
    pub current_price: f64,
    /// Whether the pool has a farm.
    #[serde(default)]
    pub has_farm: bool,
    /// Farm reward APR, percent.
    #[serde(default, deserialize_with = "wire::f64")]
    pub farm_apr: f64,
    /// Farm reward APY, percent.
    #[serde(default, deserialize_with = "wire::f64")]
    pub farm_apy: f64,
    /// Liquidity locked for ever, USD.
    #[serde(default, deserialize_with = "wire::f64")]
    pub permanent_lock_liquidity: f64,
    /// Liquidity under vesting, by duration.
    #[serde(default)]
    pub vested_liquidity: VestedLiquidity,
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
    /// Whether the vendor blacklists the pool.
    #[serde(default)]
    pub is_blacklisted: bool,
    /// The launchpad the pool came from; none when absent, null or `""`.
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

/// A DAMM v2 pool's fee and price configuration (`PoolConfig`). `*_pct` are percents.
#[wire::lenient_numbers(ts = "DammV2")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PoolConfig {
    /// Fee collection mode (0 = fees in both tokens, 1 = fees in the quote token only).
    pub collect_fee_mode: u8,
    /// Base fee schedule mode (the program's enum value).
    pub base_fee_mode: u8,
    /// Base fee rate, percent.
    pub base_fee_pct: f64,
    /// The protocol's cut of the trade fee, percent.
    pub protocol_fee_pct: f64,
    /// The partner's cut of the trade fee, percent.
    pub partner_fee_pct: f64,
    /// The referrer's cut of the trade fee, percent.
    pub referral_fee_pct: f64,
    /// Whether the dynamic (volatility) fee is on.
    pub dynamic_fee_initialized: bool,
    /// Pool type (the program's enum value).
    pub pool_type: u8,
    /// Whether liquidity is concentrated in a price range.
    pub concentrated_liquidity: bool,
    /// Lowest price of the range (token Y per token X).
    pub min_price: f64,
    /// Highest price of the range (token Y per token X).
    pub max_price: f64,
    /// How `activation_point` counts: 0 = slot, 1 = unix seconds.
    pub activation_type: u8,
    /// When trading opens, a slot or unix seconds per `activation_type`.
    pub activation_point: u64,
}

/// Liquidity under vesting (`VestedLiquidity`), USD.
#[wire::lenient_numbers(ts = "DammV2")]
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct VestedLiquidity {
    /// Vesting for more than 3 months, USD.
    pub months_3: f64,
    /// Vesting for more than 6 months, USD.
    pub months_6: f64,
}

/// The DAMM v2 pools of one token pair, summed (`GroupResponse`; the items of `GET /pools/groups`).
#[wire::lenient_numbers(ts = "DammV2")]
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
    /// Highest farm APR among the pools, percent.
    #[serde(default, deserialize_with = "wire::f64")]
    pub max_farm_apr: f64,
}
