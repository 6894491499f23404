//! Browser tests of the SDK live in `tests/`; they run with `cargo xtask ci` (or `cargo xtask test-wasm`).
