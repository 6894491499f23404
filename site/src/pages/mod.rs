//! The explorer's pages and the small components they share.

mod pool;

pub use pool::PoolPage;

use dlmm_query::{Error, ErrorKind};
use leptos::prelude::*;
use leptos_router::components::A;

/// `/`: what the explorer is, and the pool lookup form.
#[component]
pub fn Home() -> impl IntoView {
    view! {
        <section class="intro">
            <h1>"DLMM Explorer"</h1>
            <p>"Look up a liquidity-book pool's fees, volume and TVL straight from the API."</p>
        </section>
        <pool::PoolForm initial_address=String::new() initial_case_sensitive=true />
    }
}

/// Any unknown path.
#[component]
pub fn NotFound() -> impl IntoView {
    view! {
        <section class="state not-found" role="alert">
            <h1>"Page not found"</h1>
            <p>"There is no page at this address. " <A href="/">"Back to the start"</A></p>
        </section>
    }
}

/// A failed load: what happened, in words, and a way to try again.
#[component]
pub fn ErrorPanel(error: Error, retry: Callback<()>) -> impl IntoView {
    let kind = error.kind();
    let title = match kind {
        ErrorKind::NotFound if error.status() == Some(500) => "Not found or not indexed",
        ErrorKind::NotFound => "Not found",
        ErrorKind::RateLimited => "Too many requests",
        ErrorKind::Network => "Cannot reach the API",
        ErrorKind::Timeout => "The API did not answer in time",
        ErrorKind::Decode => "Unexpected answer from the API",
        ErrorKind::InvalidInput => "Invalid input",
        _ => "The request failed",
    };
    view! {
        <section class="state error" role="alert" data-kind=kind.as_str()>
            <h2>{title}</h2>
            <p class="message">{error.to_string()}</p>
            <button type="button" on:click=move |_| retry.run(())>"Try again"</button>
        </section>
    }
}
