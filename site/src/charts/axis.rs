//! The axes of the charts: the value grid (a line and a label per tick) and the time labels along the bottom, and
//! the margins of the pool charts' plot.

use dlmm_query::datapi::params::Timeframe;
use leptos::prelude::*;

use super::candles::bucket_label;
use super::scale::{LinearScale, band_x, coord, label_indices};
use crate::ui::CollectAny;

/// The width of a pool chart (SVG units).
pub const W: f64 = 720.0;
/// Room for the value labels on the left.
pub const LEFT: f64 = 72.0;
/// The margin on the right.
pub const RIGHT: f64 = 12.0;
/// The margin above the plot.
pub const TOP: f64 = 12.0;
/// Room for the time labels below the plot.
pub const BOTTOM: f64 = 40.0;

/// The horizontal grid of a chart's value axis: one line across `x0..x1` and one label (`label` of the value) per tick.
pub fn tick_grid(ticks: &[f64], y: &LinearScale, x0: f64, x1: f64, label: impl Fn(f64) -> String) -> AnyView {
    ticks
        .iter()
        .map(|&t| {
            let ty = y.map(t);
            view! {
                <g class="tick">
                    <line x1=coord(x0) x2=coord(x1) y1=coord(ty) y2=coord(ty) />
                    <text x=coord(x0 - 6.0) y=coord(ty + 4.0) text-anchor="end">{label(t)}</text>
                </g>
            }
        })
        .collect_any()
        .into_any()
}

/// Bucket time labels along the bottom of a pool chart `h` units high.
pub fn time_labels(stamps: &[u64], timeframe: Timeframe, x0: f64, x1: f64, h: f64) -> impl IntoView + use<> {
    let n = stamps.len();
    label_indices(n, 5)
        .into_iter()
        .map(|i| {
            let x = band_x(i, n, x0, x1);
            // The newest label ends at its candle, so it stays inside the plot.
            let anchor = if i + 1 == n && n > 1 { "end" } else { "middle" };
            view! { <text class="xl" x=coord(x) y=coord(h - BOTTOM + 16.0) text-anchor=anchor>{bucket_label(stamps[i], timeframe)}</text> }
        })
        .collect_any()
}
