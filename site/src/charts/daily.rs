//! An SVG chart of one daily series (line or bars) with labelled axes and a hover / keyboard tooltip ([`chart`]).

use leptos::prelude::*;

use super::axis::tick_grid;
use super::pointer::{select_on_key, select_on_move};
use super::scale::{LinearScale, band_x, bars, coord, label_indices, line_path, value_axis};
use crate::format::exact;
use crate::ui::CollectAny;

const W: f64 = 640.0;
const H: f64 = 240.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 44.0;

/// What a daily series chart shows.
pub struct DailyChart {
    /// Heading and accessible name.
    pub title: &'static str,
    /// The y-axis label (with its unit).
    pub y_label: &'static str,
    /// X labels (dates), oldest first.
    pub labels: Vec<String>,
    /// Values, one per label.
    pub values: Vec<f64>,
    /// Bars instead of a line.
    pub bars: bool,
    /// How values are shown (ticks and tooltip).
    pub fmt: fn(f64) -> String,
    /// Test id.
    pub id: &'static str,
}

/// A daily series chart: a plain function rather than a component, whose props would cost code at each of its
/// call sites.
pub fn chart(chart: DailyChart) -> AnyView {
    let DailyChart { title, y_label, labels, values, bars: bars_kind, fmt, id } = chart;
    let n = values.len();
    let ((lo, hi), ticks) = value_axis(&values, 4);
    let y = LinearScale::new((lo, hi), (H - BOTTOM, TOP));
    let (x0, x1) = (LEFT, W - RIGHT);
    let hovered = RwSignal::new(None::<usize>);
    let points: Vec<(f64, f64)> = values
        .iter()
        .enumerate()
        .map(|(i, v)| (band_x(i, n, x0, x1), y.map(if v.is_finite() { *v } else { 0.0 })))
        .collect();
    let shape = if bars_kind {
        bars(&values, x0, x1, &y)
            .into_iter()
            .map(|(bx, by, bw, bh)| view! { <rect class="bar" x=coord(bx) y=coord(by) width=coord(bw) height=coord(bh) /> })
            .collect_any()
            .into_any()
    } else {
        view! { <path class="line" d=line_path(&points) /> }.into_any()
    };
    let tick_views = tick_grid(&ticks, &y, x0, x1, fmt);
    let x_labels = label_indices(n, 5)
        .into_iter()
        // The newest label ends at its point, so it stays inside the chart.
        .map(|i| {
            let anchor = if i + 1 == n && n > 1 { "end" } else { "middle" };
            view! { <text class="xl" x=coord(band_x(i, n, x0, x1)) y=coord(H - BOTTOM + 16.0) text-anchor=anchor>{labels[i].clone()}</text> }
        })
        .collect_any();
    let on_move = move |ev: leptos::ev::MouseEvent| select_on_move(&ev, hovered, W, n, (x0, x1));
    let on_key = move |ev: leptos::ev::KeyboardEvent| select_on_key(&ev, hovered, n);
    let tip_labels = labels.clone();
    let tip_values = values.clone();
    let tip_points = points.clone();
    let tooltip = move || {
        hovered.get().map(|i| {
            let (px, py) = tip_points[i];
            let text = format!("{} · {}", tip_labels[i], fmt(tip_values[i]));
            let tx = px.clamp(x0 + 90.0, x1 - 90.0);
            view! {
                <g class="hover" data-testid="chart-tooltip">
                    <line class="cursor" x1=coord(px) x2=coord(px) y1=coord(TOP) y2=coord(H - BOTTOM) />
                    <circle cx=coord(px) cy=coord(py) r="4" />
                    <rect class="tip" x=coord(tx - 90.0) y="0" width="180" height="20" rx="4" />
                    <text class="tip-text" x=coord(tx) y="14" text-anchor="middle">{text}</text>
                </g>
            }
        })
    };
    let summary = match (values.first(), values.last()) {
        (Some(a), Some(b)) => format!("{title}: {n} days, from {} to {}", fmt(*a), fmt(*b)),
        _ => format!("{title}: no data"),
    };
    view! {
        <figure class="chart" data-testid=id>
            <figcaption>{title}</figcaption>
            {if n == 0 {
                view! { <p class="state empty" data-state="empty">"No data for this span."</p> }.into_any()
            } else {
                view! {
                    <svg viewBox=format!("0 0 {} {}", exact(W), exact(H)) role="img" aria-label=summary tabindex="0"
                        on:mousemove=on_move on:mouseleave=move |_| hovered.set(None) on:keydown=on_key
                        on:blur=move |_| hovered.set(None)>
                        {tick_views}
                        {shape}
                        <line class="axis" x1=coord(x0) x2=coord(x1) y1=coord(H - BOTTOM) y2=coord(H - BOTTOM) />
                        {x_labels}
                        <text class="axis-label" x=coord((x0 + x1) / 2.0) y=coord(H - 6.0) text-anchor="middle">"Day (UTC)"</text>
                        <text class="axis-label" x="12" y=coord((TOP + H - BOTTOM) / 2.0) text-anchor="middle"
                            transform=format!("rotate(-90 12 {})", exact((TOP + H - BOTTOM) / 2.0))>{y_label}</text>
                        {tooltip}
                    </svg>
                }.into_any()
            }}
        </figure>
    }
    .into_any()
}
