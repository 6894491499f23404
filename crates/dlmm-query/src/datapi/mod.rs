//! The vendor's live query services ("datapi"): the DLMM datapi and the DAMM v2 datapi.
//!
//! [`models`] holds the typed response bodies of both services.

pub mod models;
