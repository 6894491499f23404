//! What the overview's daily statistics show: the spans offered, a day's figure in the chosen view (the service's
//! filtered pool set, `clean`, or every pool, `gross`), a span's days, the chart of them and their totals. Plain
//! functions, unit-tested natively; the view draws what they return.

use dlmm_query::datapi::models::{DailyMetrics, DailyPoint};
use dlmm_query::datapi::params::DailyView;

/// The spans offered, in days (`0`: the whole history).
pub const SPANS: [u32; 4] = [30, 90, 365, 0];
/// The span shown first.
pub const DEFAULT_SPAN: u32 = 90;
/// Seconds in a day.
const DAY: u64 = 86_400;

/// The span a control's value names: one of [`SPANS`], else [`DEFAULT_SPAN`].
pub fn parse_span(raw: &str) -> u32 {
    raw.trim().parse().ok().filter(|days| SPANS.contains(days)).unwrap_or(DEFAULT_SPAN)
}

/// The words of a span.
pub fn span_label(days: u32) -> String {
    if days == 0 { "Whole history".to_owned() } else { format!("{days} days") }
}

/// The view a control's value names: `gross`, else `clean` (the service's default).
pub fn parse_view(raw: &str) -> DailyView {
    if raw.trim() == "gross" { DailyView::Gross } else { DailyView::Clean }
}

/// A day's figure in `view` (`both` reads as `clean`), when the service sent it.
pub fn figure(point: &DailyPoint, view: DailyView) -> Option<f64> {
    match view {
        DailyView::Gross => point.gross,
        DailyView::Clean | DailyView::Both => point.clean,
    }
    .filter(|value| value.is_finite())
}

/// The days of `metrics` within the last `span` days of its newest (every day for `0`), oldest first.
pub fn within(metrics: &DailyMetrics, span: u32) -> &[DailyPoint] {
    let points = &metrics.data_points;
    let Some(newest) = points.last().map(|p| p.timestamp) else { return points };
    if span == 0 {
        return points;
    }
    let first = newest.saturating_sub(u64::from(span - 1).saturating_mul(DAY));
    &points[points.partition_point(|p| p.timestamp < first)..]
}

/// The day of a point as `YYYY-MM-DD`: its `date_time`'s date, or its timestamp's.
pub fn day_label(point: &DailyPoint) -> String {
    match point.date_time.get(..10) {
        Some(date) if date.len() == 10 && date.as_bytes()[4] == b'-' => date.to_owned(),
        _ => crate::format::unix_date(i64::try_from(point.timestamp).unwrap_or(i64::MAX)),
    }
}

/// A chart of `points` in `view`: the day labels and the values (a day without the figure reads 0).
pub fn chart(points: &[DailyPoint], view: DailyView) -> (Vec<String>, Vec<f64>) {
    points.iter().map(|p| (day_label(p), figure(p, view).unwrap_or(0.0))).unzip()
}

/// The sum of `points`' figures in `view` (days without it left out).
pub fn total(points: &[DailyPoint], view: DailyView) -> f64 {
    points.iter().filter_map(|p| figure(p, view)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(k: u64, clean: Option<f64>, gross: Option<f64>) -> DailyPoint {
        let timestamp = 1_750_000_000 / DAY * DAY + k * DAY;
        DailyPoint { timestamp, date_time: String::new(), clean, gross }
    }

    fn series() -> DailyMetrics {
        let points = (0..400).filter(|k| k % 7 != 3).map(|k| day(k, Some(k as f64), Some(2.0 * k as f64))).collect();
        DailyMetrics { data_points: points, refreshed_at: None }
    }

    #[test]
    fn spans_and_views_read_from_their_controls() {
        assert_eq!((parse_span("30"), parse_span("0"), parse_span("31"), parse_span("x")), (30, 0, 90, 90));
        assert_eq!((span_label(365), span_label(0)), ("365 days".to_owned(), "Whole history".to_owned()));
        assert_eq!(
            (parse_view("gross"), parse_view("clean"), parse_view("both")),
            (DailyView::Gross, DailyView::Clean, DailyView::Clean)
        );
    }

    #[test]
    fn a_span_counts_days_back_from_the_newest_even_across_days_without_swaps() {
        let s = series();
        let last = s.data_points.last().unwrap().timestamp;
        let month = within(&s, 30);
        assert!(
            month.iter().all(|p| p.timestamp > last - 30 * DAY) && month.len() < 30,
            "days without swaps are absent"
        );
        assert_eq!(month.first().unwrap().timestamp, last - 29 * DAY);
        assert_eq!(within(&s, 0).len(), s.data_points.len());
        assert_eq!(within(&s, 365).len(), s.data_points.iter().filter(|p| p.timestamp + 365 * DAY > last).count());
        let empty = DailyMetrics { data_points: Vec::new(), refreshed_at: None };
        assert!(within(&empty, 30).is_empty());
    }

    #[test]
    fn figures_totals_and_labels_follow_the_view() {
        let points = [day(0, Some(1.5), Some(3.0)), day(1, None, Some(4.0)), day(2, Some(f64::NAN), None)];
        assert_eq!((total(&points, DailyView::Clean), total(&points, DailyView::Gross)), (1.5, 7.0));
        let (labels, values) = chart(&points, DailyView::Clean);
        assert_eq!(values, [1.5, 0.0, 0.0]);
        assert_eq!(labels[0], crate::format::unix_date(points[0].timestamp as i64));
        let named = DailyPoint { date_time: "2026-05-01T00:00:00+00:00".to_owned(), ..day(0, None, None) };
        assert_eq!(day_label(&named), "2026-05-01");
        assert_eq!(figure(&points[0], DailyView::Both), Some(1.5));
    }
}
