//! [`Windows`]: one figure over the six trailing windows the datapi reports (`TimeWindowData`).

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::wire;

/// One figure over the trailing windows of 30 minutes to 24 hours (`TimeWindowData`).
///
/// The unit is the containing field's: USD for `volume`, `fees` and `protocol_fees`, percent for `fee_tvl_ratio`.
/// The wire keys are `"30m" "1h" "2h" "4h" "12h" "24h"`, in both directions, so JavaScript sees the vendor's keys.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, Shape)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "wasm", tsify(type_prefix = "Datapi"))]
pub struct Windows {
    /// The last 30 minutes (`"30m"`).
    #[serde(rename = "30m", deserialize_with = "wire::f64")]
    pub min_30: f64,
    /// The last hour (`"1h"`).
    #[serde(rename = "1h", deserialize_with = "wire::f64")]
    pub hour_1: f64,
    /// The last 2 hours (`"2h"`).
    #[serde(rename = "2h", deserialize_with = "wire::f64")]
    pub hour_2: f64,
    /// The last 4 hours (`"4h"`).
    #[serde(rename = "4h", deserialize_with = "wire::f64")]
    pub hour_4: f64,
    /// The last 12 hours (`"12h"`).
    #[serde(rename = "12h", deserialize_with = "wire::f64")]
    pub hour_12: f64,
    /// The last 24 hours (`"24h"`).
    #[serde(rename = "24h", deserialize_with = "wire::f64")]
    pub hour_24: f64,
}
