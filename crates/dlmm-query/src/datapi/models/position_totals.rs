//! Position totals both specs define (`AmountTotals`, `CurrentPosition`) for records no route returns today.

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use super::Decimal;
use crate::wire;

/// Amounts of both tokens with their value (`AmountTotals`).
///
/// The spec defines it, but no route of the service returns it today (a left-over of a retired route); it is
/// modeled so that a route returning it decodes.
#[wire::lenient_numbers(ts = "Datapi")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct AmountTotals {
    /// Token X, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub amount_x: Decimal,
    /// Token Y, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub amount_y: Decimal,
    /// Both tokens, USD.
    pub amount_usd: f64,
}

/// An open position's current holdings (`CurrentPosition`).
///
/// The spec defines it, but no route of the service returns it today (a left-over of a retired route); it is
/// modeled so that a route returning it decodes.
#[wire::lenient_numbers(ts = "Datapi")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct CurrentPosition {
    /// What the position holds now.
    pub current_deposits: AmountTotals,
    /// Fees not yet claimed.
    pub unclaimed_fees: AmountTotals,
    /// Slot of the state these figures come from.
    pub updated_at_slot: u64,
}
