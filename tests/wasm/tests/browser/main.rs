//! The SDK's browser tests, in one test binary (one link, one wasm-bindgen run, one browser session).

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod datapi;
mod methods;
mod numbers;
mod outputs;
mod sdk;
