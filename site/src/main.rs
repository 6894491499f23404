//! The DLMM explorer: a client-side Leptos app built with Trunk (see `index.html` at the repository root).

use dlmm_explorer::App;

/// The explorer's allocator: talc, as in the npm package (as fast as the standard library's dlmalloc in WebAssembly,
/// and 0.9 KB gzip smaller here).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
