//! A pool's volume and fee history as SVG bar charts over the same buckets as its candles: volume, and LP fees
//! with protocol fees stacked on top, with their totals.

use dlmm_query::datapi::models::VolumeBucket;
use dlmm_query::datapi::params::Timeframe;
use leptos::prelude::*;

use super::axis::{BOTTOM, LEFT, RIGHT, TOP, W, tick_grid, time_labels};
use super::scale::{LinearScale, bars, coord, value_axis};
use super::series::timeframe_label;
use crate::format::{compact, exact, usd};
use crate::ui::{CollectAny, empty};

/// Volume bars and fee bars (LP fees with protocol fees stacked on top) of the same range.
pub fn history_charts(history: &[VolumeBucket], timeframe: Timeframe) -> AnyView {
    if history.is_empty() {
        return view! {
            <figure class="chart history" data-testid="history-chart" data-state="empty">
                <figcaption>"Volume and fees"</figcaption>
                {empty("No volume history in this range.")}
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
                .map(|(bx, by, bw, bh)| view! { <rect class=*class x=coord(bx) y=coord(by) width=coord(bw) height=coord(bh) /> })
                .collect_any()
        })
        .collect_any();
    let tick_views = tick_grid(&ticks, &y, x0, x1, compact);
    let summary = format!("{title}: {n} buckets of {}, {} in all", timeframe_label(timeframe), usd(total));
    view! {
        <figure class="chart history" data-testid=id data-state="drawn" data-bars=n>
            <figcaption>{title}</figcaption>
            <svg viewBox=format!("0 0 {} {}", exact(W), exact(h)) role="img" aria-label=summary tabindex="0">
                {tick_views}
                {shapes}
                <line class="axis" x1=coord(x0) x2=coord(x1) y1=coord(h - BOTTOM) y2=coord(h - BOTTOM) />
                {time_labels(&stamps, timeframe, x0, x1, h)}
            </svg>
        </figure>
    }
}
