//! Typed models of the vendor's response bodies, decoded leniently (see [`crate::wire`]) and serialized in camelCase.

mod pool;

pub use pool::{PoolEnvelope, PoolMetrics};
