//! One liquidity pair (`PairInfo`) and its time-window figures.

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::amount::Amount;
use crate::models::NumericText;
use crate::wire;

/// The mint address that stands for "no farm reward" in `reward_mint_x` / `reward_mint_y`.
pub const NO_REWARD_MINT: &str = "11111111111111111111111111111111";

/// One figure over six trailing time windows: the vendor's `FeeData`, `FeeTvlRatioData` and `VolumeData`.
///
/// The unit depends on the field holding it: `fees` and `volume` are USD, `fee_tvl_ratio` is a percent
/// (`0.04` = 0.04 %).
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Windows {
    /// The last 30 minutes.
    pub min_30: f64,
    /// The last hour.
    pub hour_1: f64,
    /// The last 2 hours.
    pub hour_2: f64,
    /// The last 4 hours.
    pub hour_4: f64,
    /// The last 12 hours.
    pub hour_12: f64,
    /// The last 24 hours.
    pub hour_24: f64,
}

/// Fees over trailing windows, USD (the vendor's `FeeData`).
pub type FeeData = Windows;
/// Fee / TVL ratio over trailing windows, percent (the vendor's `FeeTvlRatioData`).
pub type FeeTvlRatioData = Windows;
/// Trading volume over trailing windows, USD (the vendor's `VolumeData`).
pub type VolumeData = Windows;

/// A liquidity-book pair (`GET /pair/{pair_address}` and every pair list).
///
/// Fields the spec added over time decode to a default when an older server omits them: `is_verified` (false),
/// `launchpad` (none), `tags` (empty), and also `hide`, `is_blacklisted` (false), `farm_apr`, `farm_apy` (0) and the
/// `fees`, `fee_tvl_ratio`, `volume` windows (all 0), defaulted defensively because older servers predate them.
/// Names come from token creators: treat `name` as untrusted text. The six figures the vendor sends as decimal text
/// are [`NumericText`]: exact text here, JSON numbers when serialized.
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PairInfo {
    /// The pair's address.
    pub address: String,
    /// `"<symbolX>-<symbolY>"`; symbols are not unique and may contain any Unicode.
    pub name: String,
    /// Mint address of token X.
    pub mint_x: String,
    /// Mint address of token Y.
    pub mint_y: String,
    /// Address of the token X reserve account.
    pub reserve_x: String,
    /// Address of the token Y reserve account.
    pub reserve_y: String,
    /// Token X held by the pair, raw base units.
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub reserve_x_amount: Amount,
    /// Token Y held by the pair, raw base units.
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub reserve_y_amount: Amount,
    /// Bin step, basis points of price between adjacent bins.
    pub bin_step: u16,
    /// Base fee rate, percent as decimal text (`"0.04"` = 0.04 %). See [`PairInfo::base_fee_percent`].
    pub base_fee_percentage: NumericText,
    /// Maximum (base + variable) fee rate, percent as decimal text. See [`PairInfo::max_fee_percent`].
    pub max_fee_percentage: NumericText,
    /// Protocol's cut of the trade fee, percent as decimal text. See [`PairInfo::protocol_fee_percent`].
    pub protocol_fee_percentage: NumericText,
    /// Total value locked, USD as decimal text. See [`PairInfo::tvl_usd`].
    pub liquidity: NumericText,
    /// Mint of farm reward X; [`NO_REWARD_MINT`] when there is none.
    pub reward_mint_x: String,
    /// Mint of farm reward Y; [`NO_REWARD_MINT`] when there is none.
    pub reward_mint_y: String,
    /// Trading fees of the last 24 hours, USD (equals `fees.hour_24`).
    pub fees_24h: f64,
    /// Trading fees since 00:00 UTC today, USD.
    pub today_fees: f64,
    /// Trading volume of the last 24 hours, USD (equals `volume.hour_24`).
    pub trade_volume_24h: f64,
    /// Cumulative trading volume since creation, USD as decimal text.
    pub cumulative_trade_volume: NumericText,
    /// Cumulative fees since creation, USD as decimal text.
    pub cumulative_fee_volume: NumericText,
    /// Price of token X in token Y (UI units).
    pub current_price: f64,
    /// 24 h fee / TVL, percent; equals `fee_tvl_ratio.hour_24` (not an annual rate).
    pub apr: f64,
    /// `((1 + apr/100)^365 - 1) * 100`, percent.
    pub apy: f64,
    /// Farm reward APR, percent (0 when absent).
    #[serde(default, deserialize_with = "wire::f64")]
    pub farm_apr: f64,
    /// Farm reward APY, percent (0 when absent).
    #[serde(default, deserialize_with = "wire::f64")]
    pub farm_apy: f64,
    /// Whether UIs should hide the pair (false when absent).
    #[serde(default)]
    pub hide: bool,
    /// Whether the pair is blacklisted (false when absent).
    #[serde(default)]
    pub is_blacklisted: bool,
    /// Fees over trailing windows, USD (zeros when absent).
    #[serde(default)]
    pub fees: FeeData,
    /// Fee / TVL over trailing windows, percent (zeros when absent).
    #[serde(default)]
    pub fee_tvl_ratio: FeeTvlRatioData,
    /// Volume over trailing windows, USD (zeros when absent).
    #[serde(default)]
    pub volume: VolumeData,
    /// Free-form tags (empty when absent).
    #[serde(default)]
    pub tags: Vec<String>,
    /// Whether the pool is verified (false when absent: older servers omit it).
    #[serde(default)]
    pub is_verified: bool,
    /// The launchpad the pair came from, if any (none when absent or null).
    #[serde(default)]
    pub launchpad: Option<String>,
}

/// What `all({ minTvl })` reads of a pair before deciding whether to keep it: only its TVL (`liquidity`), as a
/// number (a JSON number or numeric text, read exactly; `null` or left out, none). Read by its shape
/// ([`crate::items::pair_tvl`]), a pair whose TVL cannot be read is refused with the error decoding this struct gives.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Shape)]
pub struct PairTvl {
    /// Total value locked, USD.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub liquidity: Option<f64>,
}

impl PairInfo {
    /// Total value locked, USD (`liquidity` parsed).
    pub fn tvl_usd(&self) -> f64 {
        self.liquidity.to_f64()
    }

    /// Base fee rate, percent (`base_fee_percentage` parsed; `0.04` = 0.04 %).
    pub fn base_fee_percent(&self) -> f64 {
        self.base_fee_percentage.to_f64()
    }

    /// Maximum fee rate, percent (`max_fee_percentage` parsed).
    pub fn max_fee_percent(&self) -> f64 {
        self.max_fee_percentage.to_f64()
    }

    /// Protocol's share of the trade fee, percent (`protocol_fee_percentage` parsed).
    pub fn protocol_fee_percent(&self) -> f64 {
        self.protocol_fee_percentage.to_f64()
    }

    /// Cumulative trading volume, USD (`cumulative_trade_volume` parsed).
    pub fn cumulative_trade_volume_usd(&self) -> f64 {
        self.cumulative_trade_volume.to_f64()
    }

    /// Cumulative fees, USD (`cumulative_fee_volume` parsed).
    pub fn cumulative_fee_volume_usd(&self) -> f64 {
        self.cumulative_fee_volume.to_f64()
    }

    /// True when either reward mint is a real mint (not [`NO_REWARD_MINT`]).
    pub fn has_farm(&self) -> bool {
        [&self.reward_mint_x, &self.reward_mint_y].iter().any(|m| !m.is_empty() && m.as_str() != NO_REWARD_MINT)
    }

    /// The pair's group key: the two mints sorted byte-wise and joined with `-` (the API's `lexical_order_mints`).
    pub fn lexical_key(&self) -> String {
        let (a, b) = if self.mint_x.as_bytes() <= self.mint_y.as_bytes() {
            (&self.mint_x, &self.mint_y)
        } else {
            (&self.mint_y, &self.mint_x)
        };
        format!("{a}-{b}")
    }
}
