//! The replica's integration tests, in one test binary (one link step).

mod binary;
mod conformance;
mod faults;
mod hostile;
mod properties;
mod real;
mod robust;
mod scale;
