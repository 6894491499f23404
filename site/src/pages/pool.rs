//! `/pools/:address`: one pool's metrics, with the lookup form and the case-sensitivity toggle.

use dlmm_query::ErrorKind;
use dlmm_query::models::PoolMetrics;
use dlmm_query::ops::{GetPoolMetrics, Operation};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use super::cards::{Card, cards};
use crate::format::{exact, percent, unix_time, usd};
use crate::ui::{CollectAny, Failure, Loaded};

/// The route of a pool's page, or why the address cannot be looked up (checked by the same rules as the API call).
pub fn pool_route(address: &str, case_sensitive: bool) -> Result<String, String> {
    let address = address.trim();
    GetPoolMetrics::new(address).case_sensitive(case_sensitive).request().map_err(|e| e.to_string())?;
    Ok(if case_sensitive { format!("/pools/{address}") } else { format!("/pools/{address}?caseSensitive=false") })
}

/// One row of the windowed table: a label and the (field name, value) of each window, 24 h, 7 d, 30 d.
pub struct WindowRow {
    /// What the row measures.
    pub label: &'static str,
    /// `(wire field name, USD value)` for 24 h, 7 d and 30 d.
    pub cells: [(&'static str, f64); 3],
}

/// The windowed rows of a metrics record, in display order.
pub fn window_rows(m: &PoolMetrics) -> Vec<WindowRow> {
    // A row of the three fields named after their windows, each with its value.
    macro_rules! row {
        ($label:literal, $($field:ident),+) => {
            WindowRow { label: $label, cells: [$((stringify!($field), m.$field)),+] }
        };
    }
    vec![
        row!("Volume", volume24h, volume7d, volume30d),
        row!("LP fees", lp_fee24h, lp_fee7d, lp_fee30d),
        row!("Protocol fees", protocol_fee24h, protocol_fee7d, protocol_fee30d),
        row!("Partner fees", partner_fee24h, partner_fee7d, partner_fee30d),
        row!("Referral fees", referral_fee24h, referral_fee7d, referral_fee30d),
    ]
}

/// The address form: validates before navigating, so a bad address never reaches the API.
#[component]
pub fn PoolForm(initial_address: String, initial_case_sensitive: bool) -> impl IntoView {
    let address = RwSignal::new(initial_address);
    let case_sensitive = RwSignal::new(initial_case_sensitive);
    let problem = RwSignal::new(None::<String>);
    let navigate = use_navigate();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match pool_route(&address.get_untracked(), case_sensitive.get_untracked()) {
            Ok(route) => {
                problem.set(None);
                navigate(&route, Default::default());
            }
            Err(reason) => problem.set(Some(reason)),
        }
    };
    view! {
        <form class="lookup" on:submit=submit>
            <label for="pool-address">"Pool address"</label>
            <div class="row">
                <input
                    id="pool-address"
                    name="address"
                    type="text"
                    spellcheck="false"
                    autocomplete="off"
                    placeholder="e.g. 7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte"
                    prop:value=move || address.get()
                    on:input=move |ev| address.set(event_target_value(&ev))
                />
                <button type="submit">"Show metrics"</button>
            </div>
            <label class="check">
                <input
                    type="checkbox"
                    name="caseSensitive"
                    prop:checked=move || case_sensitive.get()
                    on:change=move |ev| case_sensitive.set(event_target_checked(&ev))
                />
                " Match the address exactly (case-sensitive)"
            </label>
            <Show when=move || problem.get().is_some()>
                <p class="field-error" role="alert">{move || problem.get()}</p>
            </Show>
        </form>
    }
}

/// `/pools`: the lookup form alone.
#[component]
pub fn PoolLookup() -> impl IntoView {
    view! {
        <h1>"Pool metrics"</h1>
        <p>"Look up a pool of the pool API by its address."</p>
        <PoolForm initial_address=String::new() initial_case_sensitive=true />
    }
}

/// The pool page: reads the address and `caseSensitive` from the URL and loads the metrics.
#[component]
pub fn PoolPage() -> impl IntoView {
    let query = crate::route::query();
    let address = crate::route::param("address");
    let case_sensitive = move || query.read().get("caseSensitive").as_deref() != Some("false");
    let metrics = crate::client::load(move || GetPoolMetrics::new(address.get()).case_sensitive(case_sensitive()));
    let not_found = Failure::own(move |e| {
        (e.kind() == ErrorKind::NotFound).then(|| {
            view! {
                <section class="state not-found" role="alert" data-kind="notFound">
                    <h2>"No such pool"</h2>
                    <p>{format!("The pool API has no pool {}.", address.get())}</p>
                    <p>"Check the address, or untick “Match the address exactly” to ignore case."</p>
                </section>
            }
            .into_any()
        })
    });
    view! {
        {move || view! { <PoolForm initial_address=address.get() initial_case_sensitive=case_sensitive() /> }}
        <Loaded resource=metrics loading="pool metrics" failure=not_found let:m>
            {metrics_view(m)}
        </Loaded>
    }
}

/// Every metric of one pool, with units (read from the page's shared value).
fn metrics_view(metrics: &PoolMetrics) -> impl IntoView + use<> {
    let rows = window_rows(metrics);
    let total = [
        metrics.total_fee24h(),
        metrics.lp_fee7d + metrics.protocol_fee7d + metrics.partner_fee7d + metrics.referral_fee7d,
        metrics.lp_fee30d + metrics.protocol_fee30d + metrics.partner_fee30d + metrics.referral_fee30d,
    ];
    view! {
        <section class="pool" aria-labelledby="pool-title">
            <h1 id="pool-title">"Pool metrics"</h1>
            <p class="address"><code data-field="pool_address">{metrics.pool_address.clone()}</code></p>
            {cards(None, vec![
                Card::usd("TVL", metrics.tvl, "tvl", "USD, now"),
                Card::exact("APR", "apr", metrics.apr, percent(metrics.apr), "percent per year, from 24 h fees"),
                Card::exact("Fee / TVL", "fee_tvl_ratio", metrics.fee_tvl_ratio, percent(metrics.fee_tvl_ratio),
                    "percent, 24 h LP fees ÷ TVL"),
                Card::titled("Updated", "updated_at", unix_time(metrics.updated_at), metrics.updated_at.to_string(),
                    "when the figures were computed"),
            ])}
            <div class="table-scroll">
                <table class="windows">
                    <caption>"Volume and fees by window, USD"</caption>
                    <thead>
                        <tr><th scope="col">"Metric"</th><th scope="col">"24 h"</th><th scope="col">"7 d"</th><th scope="col">"30 d"</th></tr>
                    </thead>
                    <tbody>
                        {rows.into_iter().map(|row| view! {
                            <tr>
                                <th scope="row">{row.label}</th>
                                {row.cells.into_iter().map(|(field, value)| view! {
                                    <td data-field=field title=exact(value)>{usd(value)}</td>
                                }).collect_any()}
                            </tr>
                        }).collect_any()}
                        <tr class="total">
                            <th scope="row">"All fees"</th>
                            {total.into_iter().map(|v| view! { <td title=exact(v)>{usd(v)}</td> }).collect_any()}
                        </tr>
                    </tbody>
                </table>
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POOL: &str = "7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte";

    #[test]
    fn routes_valid_addresses_and_explains_invalid_ones() {
        assert_eq!(pool_route(&format!(" {POOL} "), true).unwrap(), format!("/pools/{POOL}"));
        assert_eq!(
            pool_route(&POOL.to_lowercase(), false).unwrap(),
            format!("/pools/{}?caseSensitive=false", POOL.to_lowercase())
        );
        assert!(pool_route("", true).unwrap_err().contains("is empty"));
        assert!(pool_route("hello/../x", true).unwrap_err().contains("not base58"));
    }

    #[test]
    fn window_rows_cover_all_fifteen_windowed_fields() {
        let m: PoolMetrics = serde_json::from_value(serde_json::json!({
            "pool_address": POOL, "volume24h": 1, "lp_fee24h": 2, "protocol_fee24h": 3, "partner_fee24h": 4,
            "referral_fee24h": 5, "volume7d": 6, "lp_fee7d": 7, "protocol_fee7d": 8, "partner_fee7d": 9,
            "referral_fee7d": 10, "tvl": 11, "volume30d": 12, "lp_fee30d": 13, "protocol_fee30d": 14,
            "partner_fee30d": 15, "referral_fee30d": 16, "apr": 17, "fee_tvl_ratio": 18, "updated_at": 19
        }))
        .unwrap();
        let cells: Vec<_> = window_rows(&m).iter().flat_map(|r| r.cells).collect();
        assert_eq!(cells.len(), 15);
        assert!(cells.contains(&("referral_fee30d", 16.0)));
        assert!(cells.contains(&("volume24h", 1.0)));
    }
}
