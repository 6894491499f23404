//! A pool's price candles as an SVG chart: one wick and body per priced candle, a tooltip each, and a keyboard and
//! pointer readout (`data-state="drawn"` once candles are drawn, `empty` when none carries a price).

use dlmm_query::datapi::models::Candle;
use dlmm_query::datapi::params::Timeframe;
use leptos::prelude::*;

use super::axis::{BOTTOM, LEFT, RIGHT, TOP, W, tick_grid, time_labels};
use super::candles::{Ohlc, candle_shapes, describe, price, price_axis, price_tick};
use super::pointer::{select_on_key, select_on_move};
use super::scale::{LinearScale, band_x, coord};
use super::series::timeframe_label;
use crate::format::exact;
use crate::ui::{CollectAny, empty};

/// The chart's height (SVG units).
const H: f64 = 280.0;

/// The candlestick chart (`data-state="drawn"` once candles are drawn).
pub fn candle_chart(candles: &[Candle], timeframe: Timeframe, requests: u64) -> AnyView {
    let ohlc: Vec<Ohlc> =
        candles.iter().map(|c| Ohlc { open: c.open, high: c.high, low: c.low, close: c.close }).collect();
    let Some(((lo, hi), ticks)) = price_axis(&ohlc, 5) else {
        let message = if candles.is_empty() { "No candles in this range." } else { "No prices in this range." };
        return view! {
            <figure class="chart candles" data-testid="candle-chart" data-state="empty" data-candles=candles.len()>
                <figcaption>"Price"</figcaption>
                {empty(message)}
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
                    <line class="wick" x1=coord(s.x) x2=coord(s.x) y1=coord(s.high_y) y2=coord(s.low_y) />
                    <rect class="body" x=coord(s.x - s.width / 2.0) y=coord(s.body_y) width=coord(s.width) height=coord(s.body_height) />
                </g>
            }
        })
        .collect_any();
    let selected = RwSignal::new(None::<usize>);
    let on_key = move |ev: leptos::ev::KeyboardEvent| select_on_key(&ev, selected, n);
    let on_move = move |ev: leptos::ev::MouseEvent| select_on_move(&ev, selected, W, n, (x0, x1));
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
            view! { <line class="cursor" x1=coord(x) x2=coord(x) y1=coord(TOP) y2=coord(H - BOTTOM) /> }
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
            <svg viewBox=format!("0 0 {} {}", exact(W), exact(H)) role="img" aria-label=summary tabindex="0" on:keydown=on_key
                on:mousemove=on_move on:mouseleave=move |_| selected.set(None)>
                {tick_views}
                {body}
                {cursor}
                <line class="axis" x1=coord(x0) x2=coord(x1) y1=coord(H - BOTTOM) y2=coord(H - BOTTOM) />
                {time_labels(&stamps, timeframe, x0, x1, H)}
            </svg>
            <p class="readout" data-testid="candle-readout" aria-live="polite">{readout}</p>
        </figure>
    }
    .into_any()
}
