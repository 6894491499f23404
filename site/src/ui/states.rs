//! The states of a load besides its data: loading, empty, not found (or not indexed), not an address, and failed
//! (with the host it came from and a way to try again).

use dlmm_query::{Error, ErrorKind};
use leptos::prelude::*;

/// A loading placeholder.
#[component]
pub fn Loading(#[prop(into)] what: String) -> impl IntoView {
    view! { <p class="state loading" role="status" aria-busy="true" data-state="loading">{format!("Loading {what}…")}</p> }
}

/// Nothing to show, and why: a plain function rather than a component, whose props would cost code at each of its
/// dozen call sites.
pub fn empty(message: impl Into<String>) -> AnyView {
    view! { <p class="state empty" role="status" data-state="empty">{message.into()}</p> }.into_any()
}

/// The view of `items`, or [`empty`] with `message` when there are none.
pub fn or_empty<T, V: IntoAny>(items: &[T], message: &'static str, view: impl FnOnce(&[T]) -> V) -> AnyView {
    if items.is_empty() { empty(message) } else { view(items).into_any() }
}

/// "Not found", or "not indexed" when the vendor answered 500 for something it never indexed.
#[component]
pub fn NotFoundPanel(error: Error, #[prop(into)] what: String) -> impl IntoView {
    let not_indexed = error.status() == Some(500);
    let (state, title) = if not_indexed {
        ("not-indexed", format!("{what} not indexed"))
    } else {
        ("not-found", format!("No such {}", what.to_ascii_lowercase()))
    };
    let hint = if not_indexed {
        "The API has never indexed it (it answered 500). It may be new, closed, or not a DLMM account."
    } else {
        "Check the address, or use the search box above."
    };
    view! {
        <section class="state not-found" role="alert" data-state=state data-kind="notFound">
            <h2>{title}</h2>
            <p>{hint}</p>
            <p class="message">{error.to_string()}</p>
        </section>
    }
}

/// An address that is not one (`what`: a wallet, a position): the not-found state, as nothing was sent.
#[component]
pub fn NotAnAddress(error: Error, what: &'static str) -> impl IntoView {
    view! {
        <section class="state not-found" role="alert" data-state="not-found" data-kind="invalidInput">
            <h2>{format!("No such {what}")}</h2>
            <p>"This is not a Solana address. Check it, or use the search box above."</p>
            <p class="message">{error.to_string()}</p>
        </section>
    }
}

/// A failed load: what happened, in words, the host it came from, and a way to try again. A host that cannot be
/// reached (down, or refusing this site's origin by CORS, which the browser reports the same way) is named, with
/// the advice to set another base URL in the settings.
#[component]
pub fn ErrorPanel(error: Error, retry: Callback<()>) -> impl IntoView {
    let kind = error.kind();
    let config = use_context::<crate::config::SiteConfig>();
    let host = error.url().map(crate::config::host_of);
    let label = error
        .url()
        .and_then(|url| config.as_ref().and_then(|c| c.source_of_url(url)).map(|(s, _)| s.label))
        .unwrap_or("The API");
    let unreachable = matches!(kind, ErrorKind::Network | ErrorKind::Timeout);
    let title = match (kind, &host) {
        (ErrorKind::NotFound, _) if error.status() == Some(500) => "Not found or not indexed".to_owned(),
        (ErrorKind::NotFound, _) => "Not found".to_owned(),
        (ErrorKind::NotServed, Some(host)) => format!("{host} does not serve this"),
        (ErrorKind::NotServed, None) => "This service does not serve this".to_owned(),
        (ErrorKind::RateLimited, _) => "Too many requests".to_owned(),
        (ErrorKind::Network, Some(host)) => format!("Cannot reach {host}"),
        (ErrorKind::Network, None) => "Cannot reach the API".to_owned(),
        (ErrorKind::Timeout, Some(host)) => format!("{host} did not answer in time"),
        (ErrorKind::Timeout, None) => "The API did not answer in time".to_owned(),
        (ErrorKind::Decode, _) => "Unexpected answer from the API".to_owned(),
        (ErrorKind::InvalidInput, _) => "Invalid input".to_owned(),
        _ => "The request failed".to_owned(),
    };
    let advice = (unreachable && host.is_some()).then(|| {
        let host = host.clone().unwrap_or_default();
        view! {
            <p class="advice" data-testid="error-advice">
                {format!("{label} at {host} is down, unreachable from here, or refuses this site's origin (CORS). ")}
                "Set another base URL in " <a href={crate::link("/settings")}>"Settings"</a> "."
            </p>
        }
    });
    view! {
        <section class="state error" role="alert" data-kind=kind.as_str() data-state="error" data-host=host>
            <h2>{title}</h2>
            {advice}
            <p class="message">{error.to_string()}</p>
            <button type="button" on:click=move |_| retry.run(())>"Try again"</button>
        </section>
    }
}
