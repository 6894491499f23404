//! The replica's integration tests, in one test binary (one link step).

mod binary;
mod conformance;
mod faults;
mod properties;
mod scale;
