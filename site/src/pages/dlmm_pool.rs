//! `/dlmm/pools/:address`: one DLMM pool of the datapi — both tokens, the fee configuration, the windows table,
//! cumulative figures, a candlestick chart (timeframe and span in the URL, the range fetched in chunks) and volume
//! and fee history bars. The token, windows and series sections are shared with the DAMM v2 pool page.

use dlmm_query::datapi::models::dlmm::Pool;
use dlmm_query::datapi::models::{Candle, Decimal, Timeseries, Token, VolumeBucket, Windows};
use dlmm_query::datapi::ops::{damm_v2, dlmm};
use dlmm_query::datapi::params::Timeframe;
use dlmm_query::ops::LexicalOrderMints;
use dlmm_query::{CallOptions, Error};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use super::cards::{Card, cards};
use super::controls::Select;
use super::facts::{Fact, Facts};
use super::{Addr, SiteClient};
use crate::charts::candle_chart::candle_chart;
use crate::charts::candles::price;
use crate::charts::history::history_charts;
use crate::charts::series::{SeriesChoice, Span, bucket_count, offered, timeframe_label};
use crate::export::{Provenance, Table};
use crate::format::{compact_usd, exact, percent, percent_short, unix_time};
use crate::ui::{CollectAny, Failure, Loaded, downloads};
use std::rc::Rc;

/// Which datapi service a pool page reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Service {
    /// The DLMM datapi.
    Dlmm,
    /// The DAMM v2 datapi.
    DammV2,
}

impl Service {
    /// The site path of a pool's page on this service.
    pub fn pool_path(self, address: &str) -> String {
        match self {
            Service::Dlmm => format!("/dlmm/pools/{address}"),
            Service::DammV2 => format!("/damm-v2/pools/{address}"),
        }
    }
}

/// The six windows of a [`Windows`] figure as `(wire key, value)`, shortest first.
pub fn window_cells(w: &Windows) -> [(&'static str, f64); 6] {
    [("30m", w.min_30), ("1h", w.hour_1), ("2h", w.hour_2), ("4h", w.hour_4), ("12h", w.hour_12), ("24h", w.hour_24)]
}

/// The group key of a pool's two mints (`/dlmm/groups/:lexical_order_mints`), if both are valid and distinct.
pub fn group_key(mint_x: &str, mint_y: &str) -> Option<String> {
    LexicalOrderMints::from_mints(mint_x, mint_y).ok().map(|k| k.to_string())
}

/// A pool's fee collection mode in words.
pub fn collect_fee_mode(mode: u8) -> String {
    match mode {
        0 => "Both tokens".to_owned(),
        1 => "Token Y only".to_owned(),
        other => format!("Mode {other}"),
    }
}

/// The DLMM pool page.
#[component]
pub fn DlmmPoolPage() -> impl IntoView {
    let address = crate::route::param("address");
    let pool = crate::client::load(move || dlmm::GetPool::new(address.get()));
    view! {
        <Loaded resource=pool loading="the pool" failure=Failure::NotFound("Pool") let:p>
            {dlmm_pool_view(p)}
        </Loaded>
    }
}

/// Every figure of one DLMM pool (read from the page's shared value).
fn dlmm_pool_view(pool: &Pool) -> impl IntoView + use<> {
    let group = group_key(&pool.token_x.address, &pool.token_y.address);
    let config = &pool.pool_config;
    let rows = vec![
        WindowRow { label: "Volume", field: "volume", windows: pool.volume.clone(), usd: true },
        WindowRow { label: "LP fees", field: "fees", windows: pool.fees.clone(), usd: true },
        WindowRow { label: "Protocol fees", field: "protocol_fees", windows: pool.protocol_fees.clone(), usd: true },
        WindowRow { label: "Fee / TVL", field: "fee_tvl_ratio", windows: pool.fee_tvl_ratio.clone(), usd: false },
    ];
    view! {
        <section class="dlmm-pool" aria-labelledby="pool-title" data-address=pool.address.clone()>
            <p class="crumbs"><a href={crate::link("/dlmm/pools")}>"DLMM pools"</a>" / "</p>
            <h1 id="pool-title"><span data-field="name">{pool.name.clone()}</span>" · DLMM pool"</h1>
            <p class="address">{Addr::new(pool.address.clone()).full().field("address").view()}</p>
            <div class="pool-flags">
                {pool.is_blacklisted.then(|| view! { <span class="badge warn" data-field="is_blacklisted">"Blacklisted"</span> })}
                {pool.has_farm.then(|| view! { <span class="badge" data-field="has_farm">"Farm"</span> })}
                {pool.launchpad.clone().map(|l| view! { <span class="badge" data-field="launchpad">{l}</span> })}
                {pool.tags.iter().map(|t| view! { <span class="badge tag">{t.clone()}</span> }).collect_any()}
                {group.map(|key| view! {
                    <a href={crate::link(&format!("/dlmm/groups/{key}"))} class="group-link" data-field="group">
                        "Every pool of this pair →"
                    </a>
                })}
            </div>
            {cards(None, vec![
                Card::usd("TVL", pool.tvl, "tvl", "USD, now"),
                Card::exact("Price", "current_price", pool.current_price, price(pool.current_price), format!("{} per {}", pool.token_y.symbol, pool.token_x.symbol)),
                Card::exact("APR", "apr", pool.apr, percent(pool.apr), "percent, from 24 h fees"),
                Card::exact("APY", "apy", pool.apy, percent(pool.apy), "percent, compounded daily"),
                Card::exact("Dynamic fee", "dynamic_fee_pct", pool.dynamic_fee_pct, percent(pool.dynamic_fee_pct), "percent, base + variable"),
                Card::usd("Cumulative volume", pool.cumulative_metrics.volume, "cumulative_volume", "USD since creation"),
                Card::usd("Cumulative fees", pool.cumulative_metrics.fees, "cumulative_fees", "USD since creation"),
                Card::titled("Created", "created_at",
                    unix_time(i64::try_from(pool.created_at_seconds()).unwrap_or(i64::MAX)), pool.created_at.to_string(), "UTC"),
            ])}
            <div class="tokens">
                <TokenCard token=pool.token_x.clone() side="x" amount=pool.token_x_amount.clone() />
                <TokenCard token=pool.token_y.clone() side="y" amount=pool.token_y_amount.clone() />
            </div>
            <h2>"Fee configuration"</h2>
            <Facts testid="fee-config" facts=vec![
                Fact::text("Bin step", "bin_step", format!("{} bps", config.bin_step)),
                Fact::number("Base fee", "base_fee_pct", config.base_fee_pct, percent(config.base_fee_pct)),
                Fact::number("Max fee", "max_fee_pct", config.max_fee_pct, percent(config.max_fee_pct)),
                Fact::number("Protocol share", "protocol_fee_pct", config.protocol_fee_pct, percent(config.protocol_fee_pct)),
                Fact::text("Fees collected in", "collect_fee_mode", collect_fee_mode(config.collect_fee_mode)),
                Fact::number("Farm APR", "farm_apr", pool.farm_apr, percent(pool.farm_apr)),
                Fact::address("Reserve X", "reserve_x", pool.reserve_x.clone()),
                Fact::address("Reserve Y", "reserve_y", pool.reserve_y.clone()),
            ] />
            <WindowsTable rows=rows />
            <SeriesSection service=Service::Dlmm address=pool.address.clone() />
        </section>
    }
}

/// One token of a pool: symbol, name, verified, price, holders, market cap, supply, and the pool's amount of it.
#[component]
pub(super) fn TokenCard(token: Token, side: &'static str, amount: Decimal) -> impl IntoView {
    let field = move |name: &str| format!("token_{side}.{name}");
    view! {
        <article class="token-card" data-testid=format!("token-{side}") data-address=token.address.clone()>
            <h2>
                <span data-field=field("symbol")>{token.symbol.clone()}</span>
                {if token.is_verified {
                    view! { <span class="badge ok" data-field=field("is_verified") data-value="true">"Verified"</span> }.into_any()
                } else {
                    view! { <span class="badge" data-field=field("is_verified") data-value="false">"Not verified"</span> }.into_any()
                }}
            </h2>
            <p class="token-name" data-field=field("name")>{token.name.clone()}</p>
            <Facts facts=vec![
                Fact::address("Mint", "mint", token.address.clone()),
                Fact::number("Price", field("price"), token.price, format!("${}", price(token.price))),
                Fact::text("Holders", field("holders"), token.holders.to_string()),
                Fact::number("Market cap", field("market_cap"), token.market_cap, compact_usd(token.market_cap)),
                Fact::text("Supply", field("total_supply"), token.total_supply.as_str()),
                Fact::text("Decimals", field("decimals"), token.decimals.to_string()),
                Fact::text("In the pool", field("amount"), amount.as_str()),
                Fact::plain("Freeze authority", if token.freeze_authority_disabled { "disabled" } else { "enabled" }),
            ] />
        </article>
    }
}

/// One row of the windows table.
pub(super) struct WindowRow {
    /// What the row measures.
    pub label: &'static str,
    /// The wire name of the figure (`volume`, `fees`, …).
    pub field: &'static str,
    /// The figure over the six windows.
    pub windows: Windows,
    /// USD (else percent).
    pub usd: bool,
}

/// Figures over the trailing windows of 30 minutes to 24 hours.
#[component]
pub(super) fn WindowsTable(rows: Vec<WindowRow>) -> impl IntoView {
    view! {
        <div class="table-scroll">
            <table class="windows" data-testid="windows-table">
                <caption>"By trailing window (USD; fee / TVL in percent)"</caption>
                <thead>
                    <tr>
                        <th scope="col">"Figure"</th>
                        {window_cells(&Windows::default()).into_iter().map(|(k, _)| view! { <th scope="col" class="r">{k}</th> }).collect_any()}
                    </tr>
                </thead>
                <tbody>
                    {rows.into_iter().map(|row| view! {
                        <tr data-row=row.field>
                            <th scope="row">{row.label}</th>
                            {window_cells(&row.windows).into_iter().map(|(k, v)| view! {
                                <td class="r num" data-field=format!("{}.{k}", row.field) title=exact(v)>
                                    {if row.usd { compact_usd(v) } else { percent_short(v) }}
                                </td>
                            }).collect_any()}
                        </tr>
                    }).collect_any()}
                </tbody>
            </table>
        </div>
    }
}

/// The candles and history of one range, as fetched.
struct Series {
    candles: Rc<Timeseries<Candle>>,
    history: Timeseries<VolumeBucket>,
    requests: u64,
    /// Where the candles came from (the range as one URL, though fetched in chunks), and when.
    provenance: Provenance,
}

/// The candles of `address` as a table to download: each figure as sent, in its shortest round-trip text.
pub fn candles_table(address: &str, tf: Timeframe, candles: &[Candle], provenance: Provenance) -> Table {
    let rows = candles
        .iter()
        .map(|c| {
            let mut row = vec![c.timestamp.to_string(), c.timestamp_str.clone()];
            row.extend([c.open, c.high, c.low, c.close, c.volume].map(exact));
            row
        })
        .collect();
    Table {
        name: format!("candles-{address}-{tf}"),
        columns: vec!["timestamp", "timestamp_str", "open", "high", "low", "close", "volume"],
        rows,
        provenance,
    }
}

/// Fetches the series of `choice`: the service's newest 5-minute bucket anchors the range (so the chart ends where
/// the service's data ends, whatever the visitor's clock says), then candles and volume history in chunks.
async fn fetch_series(
    client: SiteClient,
    service: Service,
    address: String,
    choice: SeriesChoice,
) -> Result<Series, Error> {
    let newest = match service {
        Service::Dlmm => {
            client.send(&dlmm::GetPoolOhlcv::new(address.clone()).timeframe(Timeframe::M5)).await?.end_time
        }
        Service::DammV2 => {
            client.send(&damm_v2::GetPoolOhlcv::new(address.clone()).timeframe(Timeframe::M5)).await?.end_time
        }
    };
    let (start, end) = choice.range(newest);
    let tf = choice.timeframe;
    let options = CallOptions::default();
    let fetched_at = (web_sys::js_sys::Date::now() / 1000.0) as i64;
    let source = match service {
        Service::Dlmm => client.url_of(&dlmm::GetPoolOhlcv::new(address.clone()).timeframe(tf).range(start, end)),
        Service::DammV2 => client.url_of(&damm_v2::GetPoolOhlcv::new(address.clone()).timeframe(tf).range(start, end)),
    };
    let (candles, history) = match service {
        Service::Dlmm => (
            client
                .datapi_series(dlmm::GetPoolOhlcv::new(address.clone()).timeframe(tf).range(start, end), options)
                .await?,
            client
                .datapi_series(dlmm::GetPoolVolumeHistory::new(address).timeframe(tf).range(start, end), options)
                .await?,
        ),
        Service::DammV2 => (
            client
                .datapi_series(damm_v2::GetPoolOhlcv::new(address.clone()).timeframe(tf).range(start, end), options)
                .await?,
            client
                .datapi_series(damm_v2::GetPoolVolumeHistory::new(address).timeframe(tf).range(start, end), options)
                .await?,
        ),
    };
    Ok(Series {
        candles: Rc::new(candles),
        history,
        requests: 1 + 2 * choice.requests(newest),
        provenance: Provenance { source, fetched_at, refreshed_at: None },
    })
}

/// The timeframe and span selectors, the candlestick chart and the history bars of one pool.
#[component]
pub(super) fn SeriesSection(service: Service, address: String) -> impl IntoView {
    let query = crate::route::query();
    let navigate = use_navigate();
    let page_path = service.pool_path(&address);
    let address_shown = address.clone();
    let choice = Memo::new(move |_| {
        let q = query.read();
        SeriesChoice::from_query(|k| q.get(k))
    });
    let client = expect_context::<SiteClient>();
    let series = crate::resource::local(move || {
        let client = client.clone();
        let address = address.clone();
        let c = choice.get();
        async move { fetch_series(client, service, address, c).await }
    });
    let go = Callback::new(move |c: SeriesChoice| {
        navigate(
            &format!("{page_path}{}", c.to_query()),
            leptos_router::NavigateOptions { scroll: false, ..Default::default() },
        );
    });
    view! {
        <section class="series" aria-labelledby="series-title">
            <h2 id="series-title">"Price and volume"</h2>
            <div class="series-controls" role="group" aria-label="Chart range">
                <Select id="series-tf" name="tf" label="Candle"
                    choices=Timeframe::ALL.iter().map(|tf| (tf.as_str().to_owned(), timeframe_label(*tf).to_owned())).collect()
                    selected=Signal::derive(move || choice.get().timeframe.as_str().to_owned())
                    on_pick=Callback::new(move |v: String| if let Ok(tf) = v.parse::<Timeframe>() {
                        go.run(choice.get_untracked().with_timeframe(tf));
                    }) />
                <label for="series-span">"Span"</label>
                <select id="series-span" name="span" on:change=move |ev| {
                    if let Some(span) = Span::parse(&event_target_value(&ev)) {
                        go.run(choice.get_untracked().with_span(span));
                    }
                }>
                    {Span::ALL.into_iter().map(|span| view! {
                        <option value=span.as_str() selected=move || choice.get().span == span
                            disabled=move || !offered(choice.get().timeframe, span)>{span.label()}</option>
                    }).collect_any()}
                </select>
                <span class="hint" data-field="buckets">
                    {move || { let c = choice.get(); format!("{} candles", bucket_count(c.timeframe, c.span)) }}
                </span>
            </div>
            <Loaded resource=series loading="candles" frame=candle_frame let:s>
                {candle_chart(&s.candles.data, choice.get_untracked().timeframe, s.requests)}
                {history_charts(&s.history.data, choice.get_untracked().timeframe)}
                {series_downloads(&address_shown, choice.get_untracked().timeframe, s)}
            </Loaded>
        </section>
    }
}

/// The download of the candles of `s`.
fn series_downloads(address: &str, tf: Timeframe, s: &Series) -> AnyView {
    let (a, candles, provenance) = (address.to_owned(), s.candles.clone(), s.provenance.clone());
    downloads("candles-downloads", Rc::new(move || candles_table(&a, tf, &candles.data, provenance.clone())))
}

/// The candle chart's figure around its placeholder and its failure (`data-state` = `state`).
fn candle_frame(state: &'static str, inner: AnyView) -> AnyView {
    view! { <figure class="chart candles" data-testid="candle-chart" data-state=state>{inner}</figure> }.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_cells_follow_the_wire_keys() {
        let w: Windows = serde_json::from_value(serde_json::json!({
            "30m": 1, "1h": 2, "2h": 3, "4h": 4, "12h": 5, "24h": 6
        }))
        .unwrap();
        assert_eq!(window_cells(&w), [("30m", 1.0), ("1h", 2.0), ("2h", 3.0), ("4h", 4.0), ("12h", 5.0), ("24h", 6.0)]);
    }

    #[test]
    fn group_keys_and_fee_modes() {
        let sol = "So11111111111111111111111111111111111111112";
        let usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
        let key = group_key(usdc, sol).unwrap();
        assert_eq!(key, group_key(sol, usdc).unwrap(), "either order gives the same group");
        assert!(key.contains(sol) && key.contains(usdc));
        assert_eq!(group_key(sol, sol), None);
        assert_eq!(group_key("not an address", sol), None);
        assert_eq!(collect_fee_mode(1), "Token Y only");
        assert_eq!(collect_fee_mode(7), "Mode 7");
        assert_eq!(Service::DammV2.pool_path("abc"), "/damm-v2/pools/abc");
    }

    #[test]
    fn the_candles_table_holds_each_candle_as_sent() {
        let candles: Vec<Candle> = serde_json::from_value(serde_json::json!([
            {"timestamp": 3600, "timestamp_str": "1970-01-01T01:00:00+00:00", "open": 0.1, "high": 1e-7, "low": 3, "close": 2.5, "volume": 12345678.125},
            {"timestamp": 10800, "open": 1, "high": 1, "low": 1, "close": 1, "volume": 0}
        ]))
        .unwrap();
        let provenance = Provenance { source: "u".into(), fetched_at: 0, refreshed_at: None };
        let t = candles_table("P", Timeframe::H1, &candles, provenance);
        assert_eq!(t.name, "candles-P-1h");
        assert_eq!(
            t.rows,
            [
                ["3600", "1970-01-01T01:00:00+00:00", "0.1", "1e-7", "3", "2.5", "12345678.125"],
                ["10800", "", "1", "1", "1", "1", "0"],
            ]
        );
    }
}
