//! The DLMM explorer: a client-side Leptos app built with Trunk (see `index.html` at the repository root).

use dlmm_explorer::App;

// The explorer allocates with the standard library's dlmalloc, not talc as the npm package does: the standard
// library's thread handles (reached by Leptos's async resources through `std::sync::mpsc`) always allocate with
// dlmalloc, so the explorer ships it either way, and talc beside it was 0.7 KB gzip more.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
