//! The DLMM explorer: a client-side Leptos app built with Trunk (see `index.html` at the repository root).

use dlmm_explorer::App;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
