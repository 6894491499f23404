//! `/pairs/:address`: every field of one pair with its unit, the windows, the daily charts, swaps and locks.

use dlmm_query::models::{PairFeeBps, PairInfo, PairTradeVolume, PairTvlSnapshotByDay, PositionLock, Swap, Windows};
use dlmm_query::ops::{
    GetPair, GetPairFeeBpsByDays, GetPairPositionsLock, GetPairSwapRecords, GetPairTvlByDays, GetPairVolumeByDays,
};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use super::cards::{Card, cards};
use super::{Addr, SiteClient, pct_value, usd_value};
use crate::charts::daily::{DailyChart, chart};
use crate::format::{compact, compact_usd, exact, percent_short, unix_time};
use crate::ui::{CollectAny, Failure, Loaded, or_empty};
use crate::url_state::encode_component;

/// Day spans offered for the charts (the API allows 1..=255).
pub const SPANS: [u32; 5] = [7, 30, 90, 180, 255];
/// The span when the URL names none.
pub const DEFAULT_DAYS: u32 = 30;
/// Swaps shown.
pub const SWAP_ROWS: u32 = 50;

/// Reads `days` from the URL: 1..=255, else the default.
pub fn parse_days(raw: Option<&str>) -> u32 {
    raw.and_then(|d| d.parse().ok()).filter(|d| (1..=255).contains(d)).unwrap_or(DEFAULT_DAYS)
}

/// The six windows of a [`Windows`] record with their labels and wire names.
pub fn windows(w: &Windows) -> [(&'static str, &'static str, f64); 6] {
    [
        ("30 min", "min_30", w.min_30),
        ("1 h", "hour_1", w.hour_1),
        ("2 h", "hour_2", w.hour_2),
        ("4 h", "hour_4", w.hour_4),
        ("12 h", "hour_12", w.hour_12),
        ("24 h", "hour_24", w.hour_24),
    ]
}

fn bps(v: f64) -> String {
    format!("{} bps", crate::format::fixed(v, 1))
}

/// The pair page.
#[component]
pub fn PairPage() -> impl IntoView {
    let query = crate::route::query();
    let address = crate::route::param("address");
    let days = Memo::new(move |_| parse_days(query.read().get("days").as_deref()));
    let pair = crate::client::load(move || GetPair::new(address.get()));
    view! {
        <Loaded resource=pair loading="the pair" failure=Failure::NotFound("Pair") let:p>
            {pair_details(p)}
            <Charts address=address days=days />
            <Swaps address=address />
            <Locks address=address />
        </Loaded>
    }
}

#[component]
fn Field(label: &'static str, unit: &'static str, value: AnyView) -> impl IntoView {
    view! {
        <div class="kv"><dt>{label}</dt><dd>{value}<span class="unit">{unit}</span></dd></div>
    }
}

/// The pair's figures and fields (read from the page's shared value).
fn pair_details(p: &PairInfo) -> impl IntoView + use<> {
    let apy = p.apy;
    let farm = p.has_farm();
    let group = format!("/groups/{}", p.lexical_key());
    let tags = if p.tags.is_empty() { "none".to_owned() } else { p.tags.join(", ") };
    let windows_rows = [
        ("Fees", "fees", &p.fees, true),
        ("Volume", "volume", &p.volume, true),
        ("Fee / TVL", "fee_tvl_ratio", &p.fee_tvl_ratio, false),
    ]
    .map(|(label, key, w, usd)| {
        view! {
            <tr>
                <th scope="row">{label}<span class="unit">{if usd { " USD" } else { " %" }}</span></th>
                {windows(w).into_iter().map(|(_, wire, v)| {
                    let text = if usd { compact_usd(v) } else { percent_short(v) };
                    view! { <td class="r" data-field=format!("{key}.{wire}") title=exact(v)>{text}</td> }
                }).collect_any()}
            </tr>
        }
    });
    view! {
        <section class="pair" aria-labelledby="pair-title">
            <h1 id="pair-title"><span class="name" data-field="name">{p.name.clone()}</span>
                {p.is_verified.then(|| view! { <span class="badge" title="Both tokens verified">"verified"</span> })}
                {p.is_blacklisted.then(|| view! { <span class="badge warn">"blacklisted"</span> })}
                {p.hide.then(|| view! { <span class="badge warn">"hidden by the vendor"</span> })}
            </h1>
            <p class="sub">"Pair " {Addr::new(p.address.clone()).full().field("address").view()}
                " · " <a href={crate::link(&group)}>"All pools of this token pair"</a></p>
            {cards(None, vec![
                Card::usd("TVL", p.tvl_usd(), "liquidity", "USD held in the reserves now"),
                Card::usd("Volume 24 h", p.trade_volume_24h, "trade_volume_24h", "USD traded in the last 24 h"),
                Card::usd("Fees 24 h", p.fees_24h, "fees_24h", "USD paid by traders to LPs, last 24 h"),
                Card::pct("APR (vendor)", p.apr, "apr", "24 h fees ÷ TVL, a percent per day — not annualised"),
                Card::pct("APY", apy, "apy", "that daily rate compounded for 365 days"),
                Card::pct("Farm APR", p.farm_apr, "farm_apr",
                    if farm { "yearly percent paid in farm rewards" } else { "no farm on this pair" }),
            ])}
            <h2>"Windows"</h2>
            <div class="table-scroll">
                <table class="data windows" data-testid="windows">
                    <caption class="sr-only">"Fees, volume and fee/TVL over the last 30 minutes to 24 hours"</caption>
                    <thead><tr><th scope="col">"Metric"</th>
                        {windows(&p.fees).into_iter().map(|(l, _, _)| view! { <th scope="col" class="r">{l}</th> }).collect_any()}
                    </tr></thead>
                    <tbody>{windows_rows}</tbody>
                </table>
            </div>
            <h2>"All fields"</h2>
            <dl class="fields">
                <Field label="Token X mint" unit="" value=Addr::new(p.mint_x.clone()).field("mint_x").view() />
                <Field label="Token Y mint" unit="" value=Addr::new(p.mint_y.clone()).field("mint_y").view() />
                <Field label="Reserve X account" unit="" value=Addr::new(p.reserve_x.clone()).view() />
                <Field label="Reserve Y account" unit="" value=Addr::new(p.reserve_y.clone()).view() />
                <Field label="Reserve X" unit=" base units (raw, exact)" value=view! { <span class="mono" data-field="reserve_x_amount">{p.reserve_x_amount.to_string()}</span> }.into_any() />
                <Field label="Reserve Y" unit=" base units (raw, exact)" value=view! { <span class="mono" data-field="reserve_y_amount">{p.reserve_y_amount.to_string()}</span> }.into_any() />
                <Field label="Bin step" unit=" bps (price step between bins)" value=view! { <span data-field="bin_step">{p.bin_step}</span> }.into_any() />
                <Field label="Base fee" unit=" % of each swap" value=view! { <span data-field="base_fee_percentage" title=p.base_fee_percentage.to_string()>{percent_short(p.base_fee_percent())}</span> }.into_any() />
                <Field label="Max fee" unit=" % (with the volatility fee)" value=view! { <span data-field="max_fee_percentage" title=p.max_fee_percentage.to_string()>{percent_short(p.max_fee_percent())}</span> }.into_any() />
                <Field label="Protocol fee" unit=" % of the fee kept by the protocol" value=view! { <span data-field="protocol_fee_percentage" title=p.protocol_fee_percentage.to_string()>{percent_short(p.protocol_fee_percent())}</span> }.into_any() />
                <Field label="Price" unit=" token Y per token X" value=view! { <span data-field="current_price" title=exact(p.current_price)>{crate::format::fixed(p.current_price, 8)}</span> }.into_any() />
                <Field label="Today's fees" unit=" USD since 00:00 UTC" value=view! { {usd_value(p.today_fees, "today_fees")} }.into_any() />
                <Field label="All-time volume" unit=" USD" value=view! { {usd_value(p.cumulative_trade_volume_usd(), "cumulative_trade_volume")} }.into_any() />
                <Field label="All-time fees" unit=" USD" value=view! { {usd_value(p.cumulative_fee_volume_usd(), "cumulative_fee_volume")} }.into_any() />
                <Field label="Farm APY" unit=" % per year, compounded" value=view! { {pct_value(p.farm_apy, "farm_apy")} }.into_any() />
                <Field label="Reward mint X" unit="" value=Addr::new(p.reward_mint_x.clone()).view() />
                <Field label="Reward mint Y" unit="" value=Addr::new(p.reward_mint_y.clone()).view() />
                <Field label="Tags" unit="" value=view! { <span>{tags}</span> }.into_any() />
                <Field label="Launchpad" unit="" value=view! { <span>{p.launchpad.clone().unwrap_or_else(|| "none".into())}</span> }.into_any() />
            </dl>
        </section>
    }
}

#[component]
fn Charts(address: Memo<String>, days: Memo<u32>) -> impl IntoView {
    let c = expect_context::<SiteClient>();
    let series = crate::resource::local(move || {
        let c = c.clone();
        let (a, d) = (address.get(), days.get());
        async move {
            let tvl = c.send(&GetPairTvlByDays::new(a.clone(), d)).await?;
            let volume = c.send(&GetPairVolumeByDays::new(a.clone(), d)).await?;
            let fee = c.send(&GetPairFeeBpsByDays::new(a, d)).await?;
            Ok((tvl, volume, fee))
        }
    });
    let navigate = use_navigate();
    let query = crate::route::query();
    let set_days = move |ev: leptos::ev::Event| {
        let d = parse_days(Some(&event_target_value(&ev)));
        let mut q: Vec<String> = query
            .get_untracked()
            .into_iter()
            .filter(|(k, _)| k != "days")
            .map(|(k, v)| format!("{k}={}", encode_component(&v)))
            .collect();
        q.push(format!("days={d}"));
        navigate(&format!("/pairs/{}?{}", address.get_untracked(), q.join("&")), Default::default());
    };
    view! {
        <section aria-labelledby="charts-title">
            <div class="row between">
                <h2 id="charts-title">"History"</h2>
                <label class="inline">"Span "
                    <select name="days" on:change=set_days>
                        {SPANS.into_iter().map(|d| view! {
                            <option value=d.to_string() selected=move || days.get() == d>{format!("{d} days")}</option>
                        }).collect_any()}
                    </select>
                </label>
            </div>
            <Loaded resource=series loading="the daily history" failure=Failure::NotFound("History") let:series>
                {daily_charts(series)}
            </Loaded>
        </section>
    }
}

/// The daily TVL, volume and fee charts (read from the section's shared value).
fn daily_charts(
    (tvl, volume, fee): &(Vec<PairTvlSnapshotByDay>, Vec<PairTradeVolume>, Vec<PairFeeBps>),
) -> impl IntoView + use<> {
    view! {
        <div class="charts">
            {chart(DailyChart { title: "TVL by day", y_label: "USD", id: "chart-tvl", fmt: compact_usd, bars: false,
                labels: tvl.iter().map(|s| s.day_date.clone()).collect(),
                values: tvl.iter().map(|s| s.total_value_locked).collect() })}
            {chart(DailyChart { title: "Volume by day", y_label: "USD", id: "chart-volume", fmt: compact_usd, bars: true,
                labels: volume.iter().map(|s| s.day_date.clone()).collect(),
                values: volume.iter().map(|s| s.trade_volume).collect() })}
            {chart(DailyChart { title: "Average fee by day", y_label: "bps", id: "chart-fee", fmt: bps, bars: false,
                labels: fee.iter().map(|s| s.hour_date.get(..10).unwrap_or(&s.hour_date).to_owned()).collect(),
                values: fee.iter().map(|s| s.average_fee_bps).collect() })}
        </div>
    }
}

#[component]
fn Swaps(address: Memo<String>) -> impl IntoView {
    let swaps = crate::client::load(move || GetPairSwapRecords::new(address.get(), SWAP_ROWS));
    view! {
        <section aria-labelledby="swaps-title">
            <h2 id="swaps-title">"Latest swaps"</h2>
            <Loaded resource=swaps loading="swaps" failure=Failure::NotFound("Swaps") let:swaps>
                {or_empty(swaps, "No swaps recorded.", swap_table)}
            </Loaded>
        </section>
    }
}

/// The latest swaps (read from the section's shared value).
fn swap_table(swaps: &[Swap]) -> impl IntoView + use<> {
    view! {
        <div class="table-scroll">
            <table class="data" data-testid="swaps">
                <thead><tr><th scope="col">"Time (UTC)"</th><th scope="col">"Transaction"</th><th scope="col" class="r">"In"</th>
                    <th scope="col" class="r">"Out"</th><th scope="col" class="r">"Fee"</th><th scope="col" class="r">"Fee rate"</th></tr></thead>
                <tbody>
                    {swaps.iter().map(|s| view! {
                        <tr data-tx=s.tx_id.clone()>
                            <td title=s.onchain_timestamp.to_string()>{unix_time(s.onchain_timestamp)}</td>
                            <td>{Addr::new(s.tx_id.clone()).tx().view()}</td>
                            <td class="r" title=format!("{} base units of {}", s.in_amount, s.in_token)>{usd_value(s.in_amount_usd, "in_amount_usd")}</td>
                            <td class="r" title=format!("{} base units of {}", s.out_amount, s.out_token)>{usd_value(s.out_amount_usd, "out_amount_usd")}</td>
                            <td class="r">{usd_value(s.trade_fee_usd, "trade_fee_usd")}</td>
                            <td class="r" title=exact(s.fee_bps)>{bps(s.fee_bps)}</td>
                        </tr>
                    }).collect_any()}
                </tbody>
            </table>
        </div>
    }
}

#[component]
fn Locks(address: Memo<String>) -> impl IntoView {
    let locks = crate::client::load(move || GetPairPositionsLock::new(address.get()));
    view! {
        <section aria-labelledby="locks-title">
            <h2 id="locks-title">"Locked positions"</h2>
            <Loaded resource=locks loading="locked positions" failure=Failure::NotFound("Locks") let:locks>
                {or_empty(locks, "No locked positions in this pair.", lock_table)}
            </Loaded>
        </section>
    }
}

/// The locked positions (read from the section's shared value).
fn lock_table(locks: &[PositionLock]) -> impl IntoView + use<> {
    view! {
        <div class="table-scroll">
            <table class="data" data-testid="locks">
                <thead><tr><th scope="col">"Position"</th><th scope="col">"Owner"</th><th scope="col" class="r">"Released at"</th>
                    <th scope="col" class="r">"Slot"</th><th scope="col">"State"</th></tr></thead>
                <tbody>
                    {locks.iter().map(|l| view! {
                        <tr data-position=l.position.clone()>
                            <td>{Addr::new(l.position.clone()).href(format!("/positions/{}", l.position)).view()}</td>
                            <td>{Addr::new(l.owner.clone()).view()}</td>
                            <td class="r" title="lock release point (slot or unix time, as the program defines it)">{l.lock_release_point.to_string()}</td>
                            <td class="r" title=l.slot.to_string()>{compact(l.slot as f64)}</td>
                            <td>{if l.closed { "closed" } else { "open" }}</td>
                        </tr>
                    }).collect_any()}
                </tbody>
            </table>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_clamped_to_the_api_range() {
        assert_eq!(parse_days(None), DEFAULT_DAYS);
        assert_eq!(parse_days(Some("255")), 255);
        assert_eq!(parse_days(Some("256")), DEFAULT_DAYS);
        assert_eq!(parse_days(Some("0")), DEFAULT_DAYS);
        assert_eq!(parse_days(Some("7")), 7);
    }

    #[test]
    fn windows_are_in_order_with_wire_names() {
        let w = Windows { min_30: 1.0, hour_1: 2.0, hour_2: 3.0, hour_4: 4.0, hour_12: 5.0, hour_24: 6.0 };
        let names: Vec<_> = windows(&w).iter().map(|(_, n, v)| (*n, *v)).collect();
        assert_eq!(names[0], ("min_30", 1.0));
        assert_eq!(names[5], ("hour_24", 6.0));
    }
}
