//! The core's integration tests, in one test binary (one link step): contract, fixtures, properties and validation
//! run on their own; `operations`, `datapi` and `replica` talk to the real replica over HTTP and need the `native`
//! feature.

#[macro_use]
mod common;
mod contract;
#[cfg(feature = "native")]
mod datapi;
mod fixtures;
mod fuzz;
#[cfg(feature = "native")]
mod hostile;
#[cfg(feature = "native")]
mod operations;
mod pnl_split;
mod portfolio;
mod props;
#[cfg(feature = "native")]
mod replica;
mod transcode;
mod validation;
