//! Paged and grouped pair lists (`/pair/all_with_pagination`, `/pair/all_by_groups`, `/pair/all_by_groups_metadata`).

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use super::PairInfo;
use crate::wire;

/// One page of pairs (`GET /pair/all_with_pagination`).
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct AllPairsWithPagination {
    /// The pairs of this page.
    pub pairs: Vec<PairInfo>,
    /// How many pairs match the filters over all pages (a count).
    pub total: u64,
}

/// One page of pair groups (`GET /pair/all_by_groups`).
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct AllGroupOfPairs {
    /// The groups of this page.
    pub groups: Vec<PairGroup>,
    /// How many groups match the filters over all pages (a count).
    pub total: u64,
}

/// The pairs that trade the same two mints (one per bin step / fee tier).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PairGroup {
    /// The group's display name (`"<symbolX>-<symbolY>"`, untrusted text).
    pub name: String,
    /// The group's pairs.
    pub pairs: Vec<PairInfo>,
}

/// One page of pair-group summaries (`GET /pair/all_by_groups_metadata`).
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct AllGroupOfPairsMetadata {
    /// The group summaries of this page.
    pub metadatas: Vec<PairGroupMetadata>,
    /// How many groups match the filters over all pages (a count).
    pub total: u64,
}

/// Aggregates over one pair group.
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PairGroupMetadata {
    /// The group's display name (untrusted text).
    pub name: String,
    /// The group key: both mints sorted byte-wise, joined with `-`.
    pub lexical_order_mints: String,
    /// 24 h trading volume of all pairs in the group, USD.
    pub total_trade_volume: f64,
    /// TVL of all pairs in the group, USD.
    pub total_tvl: f64,
    /// Lowest 24 h fee / TVL among the group's pairs, percent.
    pub min_fee_tvl_ratio: f64,
    /// Highest 24 h fee / TVL among the group's pairs, percent.
    pub max_fee_tvl_ratio: f64,
    /// Lowest farm (liquidity mining) APR among the group's pairs, percent.
    pub min_lm_apr: f64,
    /// Highest farm (liquidity mining) APR among the group's pairs, percent.
    pub max_lm_apr: f64,
    /// Fee / TVL bounds over shorter windows, percent.
    pub custom_fee_tvl_ratio: CustomGroupFeeTvlRatio,
    /// Group volume over shorter windows, USD.
    pub custom_volume: CustomGroupVolume,
}

/// Lowest and highest fee / TVL among a group's pairs per window, percent.
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct CustomGroupFeeTvlRatio {
    /// Lowest over 30 minutes, percent.
    pub min_fee_tvl_ratio_min_30: f64,
    /// Highest over 30 minutes, percent.
    pub max_fee_tvl_ratio_min_30: f64,
    /// Lowest over 1 hour, percent.
    pub min_fee_tvl_ratio_hour_1: f64,
    /// Highest over 1 hour, percent.
    pub max_fee_tvl_ratio_hour_1: f64,
    /// Lowest over 2 hours, percent.
    pub min_fee_tvl_ratio_hour_2: f64,
    /// Highest over 2 hours, percent.
    pub max_fee_tvl_ratio_hour_2: f64,
    /// Lowest over 4 hours, percent.
    pub min_fee_tvl_ratio_hour_4: f64,
    /// Highest over 4 hours, percent.
    pub max_fee_tvl_ratio_hour_4: f64,
    /// Lowest over 12 hours, percent.
    pub min_fee_tvl_ratio_hour_12: f64,
    /// Highest over 12 hours, percent.
    pub max_fee_tvl_ratio_hour_12: f64,
}

/// A group's total trading volume per window, USD.
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct CustomGroupVolume {
    /// Over 30 minutes, USD.
    pub total_trade_volume_min_30: f64,
    /// Over 1 hour, USD.
    pub total_trade_volume_hour_1: f64,
    /// Over 2 hours, USD.
    pub total_trade_volume_hour_2: f64,
    /// Over 4 hours, USD.
    pub total_trade_volume_hour_4: f64,
    /// Over 12 hours, USD.
    pub total_trade_volume_hour_12: f64,
}
