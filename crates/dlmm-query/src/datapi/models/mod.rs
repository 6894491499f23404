//! Typed models of the datapi response bodies, decoded leniently and exactly by meaning.
//!
//! * Unknown fields are ignored; fields a newer spec revision added, or that real bodies omit, default; a `launchpad`
//!   of `""` is none; every number also accepts a numeric string (see [`crate::wire`]).
//! * Token amounts (display units, decimals applied) are [`Decimal`]: the exact text, never through `f64`.
//! * USD, SOL, price and percent figures are `f64` (`*_pct`, `apr`, `apy`, `fee_tvl_ratio`: `1.5` means 1.5 %).
//! * Counts, slots and bin ids are integers. Timestamps carry their unit in the docs: pool `created_at` is unix
//!   milliseconds; series, events, `*_at` of positions and orders are unix seconds; `createdAt`-style text is
//!   RFC 3339, kept as a `String`.
//! * Serialized for JavaScript in camelCase (except [`Windows`], which keeps the vendor's `"30m"`… keys). Their
//!   TypeScript declarations are not generated yet: several names repeat across the two services (`Pool`, `Group`,
//!   `PoolConfig`, …) and across generations, so they come with the package's datapi client and its own names.
//!
//! Shapes common to both services live here; [`dlmm`] and [`damm_v2`] hold each service's own records.

mod decimal;
mod paging;
mod position_totals;
mod protocol;
mod series;
mod token;
mod windows;

pub mod damm_v2;
pub mod dlmm;

pub use decimal::{Decimal, ParseDecimalError};
pub use paging::Paginated;
pub use position_totals::{AmountTotals, CurrentPosition};
pub use protocol::ProtocolMetrics;
pub use series::{Candle, Timeseries, VolumeBucket};
pub use token::Token;
pub use windows::Windows;

#[cfg(test)]
mod contract_tests;
#[cfg(test)]
mod tests;
