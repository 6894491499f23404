//! The overview's daily statistics of the DLMM service (`/stats/daily/*`, live-only): volume and trading fees per
//! UTC day as bar charts over a span, in the filtered pool set's view (`clean`) or every pool's (`gross`), with both
//! views' totals side by side. A host that does not serve the routes says so instead.

use dlmm_query::ErrorKind;
use dlmm_query::datapi::models::DailyMetrics;
use dlmm_query::datapi::ops::dlmm;
use dlmm_query::datapi::params::DailyView;
use leptos::prelude::*;

use super::usd_value;
use crate::charts::daily::{self, DailyChart};
use crate::client::SiteClient;
use crate::daily_stats::{DEFAULT_SPAN, SPANS, chart, parse_span, parse_view, span_label, total, within};
use crate::format::compact_usd;
use crate::ui::{CollectAny, Failure, Loaded};

/// The three daily series, in both views.
type Days = (DailyMetrics, DailyMetrics, DailyMetrics);

/// The daily statistics section of the overview.
#[component]
pub fn DailyStats() -> impl IntoView {
    let client = expect_context::<SiteClient>();
    let days = crate::resource::local(move || {
        let client = client.clone();
        async move {
            let volume = client.send(&dlmm::GetDailyVolume::new().view(DailyView::Both)).await?;
            let fees = client.send(&dlmm::GetDailyTradingFees::new().view(DailyView::Both)).await?;
            let protocol = client.send(&dlmm::GetDailyProtocolFees::new().view(DailyView::Both)).await?;
            Ok((volume, fees, protocol))
        }
    });
    let (span, view) = (RwSignal::new(DEFAULT_SPAN), RwSignal::new(DailyView::Clean));
    let not_served = Failure::own(|error| {
        (error.kind() == ErrorKind::NotServed).then(|| {
            view! {
                <p class="state empty" data-state="not-served" data-testid="daily-not-served">
                    "This DLMM host does not serve the daily statistics (live routes the May 2026 docs do not list)."
                </p>
            }
            .into_any()
        })
    });
    view! {
        <section aria-labelledby="daily-title" data-testid="daily-stats">
            <div class="row between">
                <h2 id="daily-title">"DLMM by day"</h2>
                <div class="row">
                    <label class="inline">"Pools "
                        <select name="daily-view" on:change=move |ev| view.set(parse_view(&event_target_value(&ev)))>
                            <option value="clean" selected=move || view.get() == DailyView::Clean>"Filtered (clean)"</option>
                            <option value="gross" selected=move || view.get() == DailyView::Gross>"Every pool (gross)"</option>
                        </select>
                    </label>
                    <label class="inline">"Span "
                        <select name="daily-span" on:change=move |ev| span.set(parse_span(&event_target_value(&ev)))>
                            {SPANS.into_iter().map(|d| view! {
                                <option value=d.to_string() selected=move || span.get() == d>{span_label(d)}</option>
                            }).collect_any()}
                        </select>
                    </label>
                </div>
            </div>
            <Loaded resource=days loading="the daily statistics" failure=not_served let:days>
                {daily_view(days, span, view)}
            </Loaded>
        </section>
    }
}

/// The charts in the chosen view and both views' totals over the chosen span (read from the section's value).
fn daily_view(days: &Days, span: RwSignal<u32>, view: RwSignal<DailyView>) -> impl IntoView + use<> {
    let days = days.clone();
    move || {
        let (volume, fees, protocol) = &days;
        let (span, view) = (span.get(), view.get());
        let (volume, fees, protocol) = (within(volume, span), within(fees, span), within(protocol, span));
        let (volume_labels, volume_values) = chart(volume, view);
        let (fee_labels, fee_values) = chart(fees, view);
        let rows = [
            ("Volume", volume, "volume"),
            ("Trading fees", fees, "trading_fees"),
            ("Protocol fees", protocol, "protocol_fees"),
        ];
        view! {
            <div class="charts">
                {daily::chart(DailyChart { title: "Volume by day", y_label: "USD", id: "daily-volume-chart", fmt: compact_usd,
                    bars: true, labels: volume_labels, values: volume_values })}
                {daily::chart(DailyChart { title: "Trading fees by day", y_label: "USD", id: "daily-fees-chart", fmt: compact_usd,
                    bars: true, labels: fee_labels, values: fee_values })}
            </div>
            <div class="table-scroll">
                <table class="data" data-testid="daily-totals" data-days=volume.len()>
                    <caption>{format!("Totals over {}", span_label(span).to_ascii_lowercase())}</caption>
                    <thead><tr><th scope="col">""</th><th scope="col" class="r">"Filtered pools (clean)"</th><th scope="col" class="r">"Every pool (gross)"</th></tr></thead>
                    <tbody>
                        {rows.into_iter().map(|(label, points, field)| view! {
                            <tr data-metric=field>
                                <th scope="row">{label}</th>
                                <td class="r">{usd_value(total(points, DailyView::Clean), "clean")}</td>
                                <td class="r">{usd_value(total(points, DailyView::Gross), "gross")}</td>
                            </tr>
                        }).collect_any()}
                    </tbody>
                </table>
            </div>
        }
    }
}
