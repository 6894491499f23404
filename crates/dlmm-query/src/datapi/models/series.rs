//! Time series: [`Timeseries`] of [`Candle`]s (`/ohlcv`) or [`VolumeBucket`]s (`/volume/history`), and the
//! protocol's [`DailyMetrics`] (`/stats/daily/*`).

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::wire;

/// A time series of one pool (`TimeseriesResponse_*`): the requested range, its timeframe and the buckets, oldest
/// first. The newest bucket is partial.
#[wire::lenient_numbers(ts = "Datapi")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Timeseries<T> {
    /// Start of the range, unix seconds (aligned down to the timeframe).
    pub start_time: u64,
    /// End of the range, unix seconds (inclusive).
    pub end_time: u64,
    /// The bucket width as the service names it (`"5m" "30m" "1h" "2h" "4h" "12h" "24h"`), if it says.
    #[serde(default)]
    pub timeframe: Option<String>,
    /// The buckets, oldest first.
    pub data: Vec<T>,
}

/// One price candle (`OHLCVResponse`). Prices are token Y per token X; old daily candles read 0 for open, low and
/// close.
#[wire::lenient_numbers(ts = "Datapi")]
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Candle {
    /// Start of the bucket, unix seconds.
    pub timestamp: u64,
    /// Start of the bucket as text (`YYYY-MM-DDTHH:MM:SS+00:00`).
    #[serde(default)]
    pub timestamp_str: String,
    /// First price of the bucket.
    pub open: f64,
    /// Highest price of the bucket.
    pub high: f64,
    /// Lowest price of the bucket.
    pub low: f64,
    /// Last price of the bucket.
    pub close: f64,
    /// Trading volume in the bucket, USD.
    pub volume: f64,
}

/// Volume and fees of one bucket (`VolumeHistoryResponse`). The newest bucket reads 0 until it closes.
#[wire::lenient_numbers(ts = "Datapi")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct VolumeBucket {
    /// Start of the bucket, unix seconds.
    pub timestamp: u64,
    /// Start of the bucket as text (`YYYY-MM-DDTHH:MM:SS+00:00`).
    #[serde(default)]
    pub timestamp_str: String,
    /// Trading volume in the bucket, USD.
    pub volume: f64,
    /// Fees paid to liquidity providers in the bucket, USD.
    pub fees: f64,
    /// Protocol fees in the bucket, USD.
    #[serde(default, deserialize_with = "wire::f64")]
    pub protocol_fees: f64,
}

/// A protocol-wide daily series (`DailyMetricResponse`, the live `/stats/daily/*` routes): one point per UTC day with
/// swap activity, oldest first.
#[wire::lenient_numbers(ts = "Datapi")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct DailyMetrics {
    /// The days, oldest first.
    pub data_points: Vec<DailyPoint>,
    /// When the service last refreshed the series, unix seconds (absent where it does not say).
    #[serde(default)]
    pub refreshed_at: Option<u64>,
}

/// One day of a [`DailyMetrics`] series (`DailyMetricPoint`): USD over the filtered pool set (`clean`) and over every
/// pool (`gross`), each present when the `view` asked for it.
#[wire::lenient_numbers(ts = "Datapi")]
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct DailyPoint {
    /// Midnight UTC of the day, unix seconds.
    pub timestamp: u64,
    /// Midnight UTC of the day as text (`YYYY-MM-DDT00:00:00+00:00`).
    #[serde(default)]
    pub date_time: String,
    /// The day's figure over the filtered pool set, USD (views `clean` and `both`).
    #[serde(default)]
    pub clean: Option<f64>,
    /// The day's figure over every pool, USD (views `gross` and `both`).
    #[serde(default)]
    pub gross: Option<f64>,
}
