//! [`ProtocolMetrics`]: a service's protocol-wide totals (`GET /stats/protocol_metrics`).

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::wire;

/// Protocol-wide totals of one service (`ProtocolMetricsResponse`, `GET /stats/protocol_metrics`). Money figures are
/// USD.
#[wire::lenient_numbers(ts = "Datapi")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct ProtocolMetrics {
    /// Total value locked across all pools, USD.
    pub total_tvl: f64,
    /// Trading volume of the last 24 hours, USD.
    pub volume_24h: f64,
    /// Fees of the last 24 hours, USD.
    pub fee_24h: f64,
    /// Trading volume since launch, USD.
    pub total_volume: f64,
    /// Fees since launch, USD.
    pub total_fees: f64,
    /// Number of pools.
    pub total_pools: u64,
    /// When the service last refreshed these totals, unix seconds (the live service's; absent from the May docs).
    #[serde(default)]
    pub refreshed_at: Option<u64>,
}
