//! Typed models of the datapi response bodies, decoded leniently and exactly by meaning.
//!
//! * Unknown fields are ignored; fields a newer spec revision added, or that real bodies omit, default; a `launchpad`
//!   of `""` is none; every number also accepts a numeric string (see [`crate::wire`]).
//! * Token amounts (display units, decimals applied) are [`Decimal`]: the exact text, never through `f64`.
//! * USD, SOL, price and percent figures are `f64` (`*_pct`, `apr`, `apy`, `fee_tvl_ratio`: `1.5` means 1.5 %).
//! * Counts, slots and bin ids are integers. Timestamps carry their unit in the docs: pool `created_at` is unix
//!   milliseconds; series, events, `*_at` of positions and orders are unix seconds; `createdAt`-style text is
//!   RFC 3339, kept as a `String`.
//! * Serialized for JavaScript in camelCase (except [`Windows`], which keeps the vendor's `"30m"`… keys). With the
//!   `wasm` feature each model has TypeScript declarations (tsify) under a name unique in the npm package, since
//!   several names repeat across the two services and the keeper (`Pool`, `Group`, `Windows`, …): `Dlmm<Name>` for
//!   [`dlmm`]`::<Name>`, `DammV2<Name>` for [`damm_v2`]`::<Name>`, `Datapi<Name>` for the shapes here (`DatapiToken`,
//!   `DatapiWindows`, `DatapiPaginated<T>`, …); a [`Decimal`] is a TypeScript `string` (the exact text). The names
//!   are TypeScript-only: the JSON and the JavaScript values are unchanged.
//!
//! Shapes common to both services live here; [`dlmm`] and [`damm_v2`] hold each service's own records, [`portfolio`]
//! the portfolio service's (`Portfolio<Name>` in TypeScript; every figure exact decimal text).

mod decimal;
mod paging;
mod position_totals;
mod protocol;
mod series;
mod token;
mod windows;

pub mod damm_v2;
pub mod dlmm;
pub mod portfolio;

pub use decimal::{Decimal, ParseDecimalError};
pub use paging::Paginated;
pub use position_totals::{AmountTotals, CurrentPosition};
pub use protocol::ProtocolMetrics;
pub use series::{Candle, DailyMetrics, DailyPoint, Timeseries, VolumeBucket};
pub use token::Token;
pub use windows::Windows;

#[cfg(test)]
mod contract_tests;
#[cfg(test)]
mod tests;
#[cfg(all(test, feature = "wasm"))]
mod typescript_tests;
