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
use wasm_bindgen::JsCast;

use super::cards::{Card, cards};
use super::chart::tick_grid;
use super::controls::Select;
use super::facts::{Fact, Facts};
use super::{Addr, CollectAny, Empty, ErrorPanel, Loading, SiteClient, result_view};
use crate::candles::{
    Ohlc, SeriesChoice, Span, bucket_count, bucket_label, candle_shapes, describe, offered, price, price_axis,
    price_tick, step_key, timeframe_label,
};
use crate::chart::{LinearScale, band_x, bars, label_indices, nearest_index, value_axis};
use crate::format::{compact, compact_usd, exact, percent, percent_short, unix_time, usd};

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
    let client = expect_context::<SiteClient>();
    let pool = crate::resource::local(move || {
        let client = client.clone();
        let address = address.get();
        async move { client.send(&dlmm::GetPool::new(address)).await }
    });
    let retry = Callback::new(move |()| pool.refetch());
    view! {
        <Transition fallback=|| view! { <Loading what="the pool" /> }>
            {move || crate::resource::suspend(async move {
                result_view(pool.await, "Pool", retry, |p| dlmm_pool_view(p).into_any())
            })}
        </Transition>
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
            <p class="address"><Addr address=pool.address.clone() full=true field="address" /></p>
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
                Card::exact("TVL", "tvl", pool.tvl, usd(pool.tvl), "USD, now"),
                Card::exact("Price", "current_price", pool.current_price, price(pool.current_price), format!("{} per {}", pool.token_y.symbol, pool.token_x.symbol)),
                Card::exact("APR", "apr", pool.apr, percent(pool.apr), "percent, from 24 h fees"),
                Card::exact("APY", "apy", pool.apy, percent(pool.apy), "percent, compounded daily"),
                Card::exact("Dynamic fee", "dynamic_fee_pct", pool.dynamic_fee_pct, percent(pool.dynamic_fee_pct), "percent, base + variable"),
                Card::exact("Cumulative volume", "cumulative_volume", pool.cumulative_metrics.volume, usd(pool.cumulative_metrics.volume), "USD since creation"),
                Card::exact("Cumulative fees", "cumulative_fees", pool.cumulative_metrics.fees, usd(pool.cumulative_metrics.fees), "USD since creation"),
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
    candles: Timeseries<Candle>,
    history: Timeseries<VolumeBucket>,
    requests: u64,
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
    Ok(Series { candles, history, requests: 1 + 2 * choice.requests(newest) })
}

/// The timeframe and span selectors, the candlestick chart and the history bars of one pool.
#[component]
pub(super) fn SeriesSection(service: Service, address: String) -> impl IntoView {
    let query = crate::route::query();
    let navigate = use_navigate();
    let page_path = service.pool_path(&address);
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
    let retry = Callback::new(move |()| series.refetch());
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
            <Transition fallback=|| view! {
                <figure class="chart candles" data-testid="candle-chart" data-state="loading"><Loading what="candles" /></figure>
            }>
                {move || crate::resource::suspend(async move {
                    let c = choice.get_untracked();
                    match &*series.await {
                        Ok(s) => view! {
                            {candle_chart(&s.candles.data, c.timeframe, s.requests)}
                            {history_charts(&s.history.data, c.timeframe)}
                        }.into_any(),
                        Err(e) => view! {
                            <figure class="chart candles" data-testid="candle-chart" data-state="error">
                                <ErrorPanel error=e.clone() retry=retry />
                            </figure>
                        }.into_any(),
                    }
                })}
            </Transition>
        </section>
    }
}

const W: f64 = 720.0;
const H: f64 = 280.0;
const LEFT: f64 = 72.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 40.0;

/// Candle time labels along the bottom of a chart.
fn x_labels(stamps: &[u64], timeframe: Timeframe, x0: f64, x1: f64, h: f64) -> impl IntoView + use<> {
    let n = stamps.len();
    label_indices(n, 5)
        .into_iter()
        .map(|i| {
            let x = band_x(i, n, x0, x1);
            // The newest label ends at its candle, so it stays inside the plot.
            let anchor = if i + 1 == n && n > 1 { "end" } else { "middle" };
            view! { <text class="xl" x=x y=h - BOTTOM + 16.0 text-anchor=anchor>{bucket_label(stamps[i], timeframe)}</text> }
        })
        .collect_any()
}

/// The candlestick chart (`data-state="drawn"` once candles are drawn).
fn candle_chart(candles: &[Candle], timeframe: Timeframe, requests: u64) -> AnyView {
    let ohlc: Vec<Ohlc> =
        candles.iter().map(|c| Ohlc { open: c.open, high: c.high, low: c.low, close: c.close }).collect();
    let Some(((lo, hi), ticks)) = price_axis(&ohlc, 5) else {
        let message = if candles.is_empty() { "No candles in this range." } else { "No prices in this range." };
        return view! {
            <figure class="chart candles" data-testid="candle-chart" data-state="empty" data-candles=candles.len()>
                <figcaption>"Price"</figcaption>
                <Empty message=message />
            </figure>
        }
        .into_any();
    };
    let (x0, x1) = (LEFT, W - RIGHT);
    let y = LinearScale::new((lo, hi), (H - BOTTOM, TOP));
    let shapes = candle_shapes(&ohlc, x0, x1, &y);
    let drawn = shapes.len();
    let stamps: Vec<u64> = candles.iter().map(|c| c.timestamp).collect();
    let summary = format!(
        "Price candles, {} of {}: {drawn} drawn, first open {}, last close {}",
        timeframe_label(timeframe),
        candles.len(),
        shapes.first().map_or_else(String::new, |s| price(ohlc[s.index].open)),
        shapes.last().map_or_else(String::new, |s| price(ohlc[s.index].close)),
    );
    let n = candles.len();
    let body = shapes
        .iter()
        .map(|s| {
            let c = &candles[s.index];
            let tip = describe(c.timestamp, ohlc[s.index], c.volume, timeframe);
            view! {
                <g class=if s.rising { "candle up" } else { "candle down" } data-timestamp=c.timestamp>
                    <title>{tip}</title>
                    <line class="wick" x1=s.x x2=s.x y1=s.high_y y2=s.low_y />
                    <rect class="body" x=s.x - s.width / 2.0 y=s.body_y width=s.width height=s.body_height />
                </g>
            }
        })
        .collect_any();
    let selected = RwSignal::new(None::<usize>);
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if let Some(next) = step_key(&ev.key(), selected.get_untracked(), n) {
            ev.prevent_default();
            selected.set(next);
        }
    };
    let on_move = move |ev: leptos::ev::MouseEvent| {
        let Some(target) = ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        let rect = target.get_bounding_client_rect();
        if rect.width() > 0.0 {
            let sx = (f64::from(ev.client_x()) - rect.left()) * W / rect.width();
            selected.set(nearest_index(sx, n, x0, x1));
        }
    };
    let readout_candles: Vec<(u64, f64)> = candles.iter().map(|c| (c.timestamp, c.volume)).collect();
    let readout_ohlc = ohlc.clone();
    let readout = move || match selected.get() {
        Some(i) => {
            let (timestamp, volume) = readout_candles[i];
            describe(timestamp, readout_ohlc[i], volume, timeframe)
        }
        None => "Focus the chart and use ← → (Home, End) to read each candle.".to_owned(),
    };
    let cursor = move || {
        selected.get().map(|i| {
            let x = band_x(i, n, x0, x1);
            view! { <line class="cursor" x1=x x2=x y1=TOP y2=H - BOTTOM /> }
        })
    };
    let tick_step = match ticks.as_slice() {
        [a, b, ..] => b - a,
        _ => hi - lo,
    };
    let tick_views = tick_grid(&ticks, &y, x0, x1, |t| price_tick(t, tick_step));
    view! {
        <figure class="chart candles" data-testid="candle-chart" data-state="drawn" data-candles=candles.len()
            data-drawn=drawn data-requests=requests>
            <figcaption>{format!("Price, {} candles (UTC)", timeframe_label(timeframe))}</figcaption>
            <svg viewBox=format!("0 0 {W} {H}") role="img" aria-label=summary tabindex="0" on:keydown=on_key
                on:mousemove=on_move on:mouseleave=move |_| selected.set(None)>
                {tick_views}
                {body}
                {cursor}
                <line class="axis" x1=x0 x2=x1 y1=H - BOTTOM y2=H - BOTTOM />
                {x_labels(&stamps, timeframe, x0, x1, H)}
            </svg>
            <p class="readout" data-testid="candle-readout" aria-live="polite">{readout}</p>
        </figure>
    }
    .into_any()
}

/// Volume bars and fee bars (LP fees with protocol fees stacked on top) of the same range.
fn history_charts(history: &[VolumeBucket], timeframe: Timeframe) -> AnyView {
    if history.is_empty() {
        return view! {
            <figure class="chart history" data-testid="history-chart" data-state="empty">
                <figcaption>"Volume and fees"</figcaption>
                <Empty message="No volume history in this range." />
            </figure>
        }
        .into_any();
    }
    let stamps: Vec<u64> = history.iter().map(|b| b.timestamp).collect();
    let volume: Vec<f64> = history.iter().map(|b| b.volume).collect();
    let lp: Vec<f64> = history.iter().map(|b| b.fees).collect();
    let total: Vec<f64> = history.iter().map(|b| b.fees + b.protocol_fees).collect();
    let sum = |v: &[f64]| v.iter().filter(|x| x.is_finite()).sum::<f64>();
    let protocol: Vec<f64> = history.iter().map(|b| b.protocol_fees).collect();
    view! {
        <BarChart id="volume-chart" title="Volume, USD" stamps=stamps.clone() timeframe=timeframe
            layers=vec![("bar", volume.clone())] total=sum(&volume) />
        <BarChart id="fees-chart" title="Fees, USD: LP fees with protocol fees on top" stamps=stamps timeframe=timeframe
            layers=vec![("bar protocol", total), ("bar lp", lp.clone())] total=sum(&lp) + sum(&protocol) />
        <p class="legend">
            <span class="key lp">"LP fees "</span><span data-field="lp_fees_total" title=exact(sum(&lp))>{usd(sum(&lp))}</span>
            " · "
            <span class="key protocol">"Protocol fees "</span>
            <span data-field="protocol_fees_total" title=exact(sum(&protocol))>{usd(sum(&protocol))}</span>
        </p>
    }
    .into_any()
}

/// Bars of one or more layers drawn over each other (the first the tallest), on one value axis.
#[component]
fn BarChart(
    id: &'static str,
    title: &'static str,
    stamps: Vec<u64>,
    timeframe: Timeframe,
    layers: Vec<(&'static str, Vec<f64>)>,
    total: f64,
) -> impl IntoView {
    let h = 200.0;
    let (x0, x1) = (LEFT, W - RIGHT);
    let all: Vec<f64> = layers.iter().flat_map(|(_, v)| v.iter().copied()).collect();
    let ((lo, hi), ticks) = value_axis(&all, 4);
    let y = LinearScale::new((lo, hi), (h - BOTTOM, TOP));
    let n = stamps.len();
    let shapes = layers
        .iter()
        .map(|(class, values)| {
            bars(values, x0, x1, &y)
                .into_iter()
                .map(|(bx, by, bw, bh)| view! { <rect class=*class x=bx y=by width=bw height=bh /> })
                .collect_any()
        })
        .collect_any();
    let tick_views = tick_grid(&ticks, &y, x0, x1, compact);
    let summary = format!("{title}: {n} buckets of {}, {} in all", timeframe_label(timeframe), usd(total));
    view! {
        <figure class="chart history" data-testid=id data-state="drawn" data-bars=n>
            <figcaption>{title}</figcaption>
            <svg viewBox=format!("0 0 {W} {h}") role="img" aria-label=summary tabindex="0">
                {tick_views}
                {shapes}
                <line class="axis" x1=x0 x2=x1 y1=h - BOTTOM y2=h - BOTTOM />
                {x_labels(&stamps, timeframe, x0, x1, h)}
            </svg>
        </figure>
    }
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
}
