//! The arithmetic behind the SVG charts: scales, "nice" ticks, paths, bars and the nearest point to a pointer.
//! Pure functions, unit-tested natively (totality by property tests); the chart views only draw what these return.

use crate::format::to_fixed;

/// A linear map from a domain to a range (either may be reversed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinearScale {
    /// Domain start.
    pub d0: f64,
    /// Domain end.
    pub d1: f64,
    /// Range start.
    pub r0: f64,
    /// Range end.
    pub r1: f64,
}

impl LinearScale {
    /// A scale from `domain` to `range`.
    pub fn new(domain: (f64, f64), range: (f64, f64)) -> Self {
        Self { d0: domain.0, d1: domain.1, r0: range.0, r1: range.1 }
    }

    /// Maps a domain value into the range (a flat domain, or a NaN value, maps to the middle of the range).
    ///
    /// Total: for any finite scale the result is finite, even when the domain's span overflows `f64` (±1e308) or
    /// the value lies far outside the domain (it is then held a bounded distance outside the range).
    pub fn map(&self, v: f64) -> f64 {
        let middle = self.r0 / 2.0 + self.r1 / 2.0;
        let mut span = self.d1 - self.d0;
        let mut offset = v - self.d0;
        if !span.is_finite() || !offset.is_finite() {
            // Halves never overflow on subtraction.
            span = self.d1 / 2.0 - self.d0 / 2.0;
            offset = v / 2.0 - self.d0 / 2.0;
        }
        let t = offset / span;
        if span == 0.0 || t.is_nan() || !middle.is_finite() {
            return if middle.is_finite() { middle } else { 0.0 };
        }
        let t = t.clamp(-OUTSIDE, OUTSIDE);
        let mapped = self.r0 + t * (self.r1 - self.r0);
        if mapped.is_finite() { mapped } else { middle }
    }
}

/// How many range lengths a value far outside the domain may land from the range (keeps coordinates finite).
const OUTSIDE: f64 = 1e6;

/// The most ticks [`value_axis`] returns, whatever the data.
const MAX_TICKS: usize = 64;

/// A "nice" step (1, 2, 2.5 or 5 times a power of ten) giving about `count` intervals over `span`.
///
/// Always finite and positive: a span that is not positive or not finite gives 1, and where the nice step would
/// not be representable (spans near `f64::MAX` or among the subnormals) the plain `span / count` is used.
pub fn nice_step(span: f64, count: usize) -> f64 {
    if span <= 0.0 || !span.is_finite() {
        return 1.0;
    }
    let raw = span / count.max(1) as f64;
    let power = 10f64.powf(raw.log10().floor());
    let fraction = raw / power;
    let nice = if fraction <= 1.0 {
        1.0
    } else if fraction <= 2.0 {
        2.0
    } else if fraction <= 2.5 {
        2.5
    } else if fraction <= 5.0 {
        5.0
    } else {
        10.0
    };
    let step = nice * power;
    if step.is_finite() && step > 0.0 && power > 0.0 {
        step
    } else if raw > 0.0 {
        raw
    } else {
        span
    }
}

/// The value domain of a chart: from 0 (or the minimum, if negative) up to a nice bound above the maximum,
/// with its ticks.
///
/// Total over all inputs: non-finite values are ignored, the domain and ticks are finite (clamped to ±`f64::MAX`
/// when rounding outwards would overflow) and there are at most a few dozen ticks.
pub fn value_axis(values: &[f64], count: usize) -> ((f64, f64), Vec<f64>) {
    let finite = values.iter().copied().filter(|v| v.is_finite());
    let max = finite.clone().fold(f64::NEG_INFINITY, f64::max);
    let min = finite.fold(f64::INFINITY, f64::min);
    if !max.is_finite() {
        return ((0.0, 1.0), vec![0.0, 1.0]);
    }
    let lo = min.min(0.0);
    let hi = if max > lo {
        max
    } else if lo < 0.0 {
        0.0
    } else {
        1.0
    };
    let span = hi - lo;
    let step = if span.is_finite() {
        nice_step(span, count)
    } else {
        (nice_step(hi / 2.0 - lo / 2.0, count) * 2.0).min(f64::MAX)
    };
    // Work in multiples of the step, which stay small, and clamp only the final values.
    let at = |k: f64| (k * step).clamp(-f64::MAX, f64::MAX);
    let mut first = (lo / step).floor();
    let mut last = (hi / step).ceil();
    // A quotient that underflowed (a subnormal over a large step) can leave a value just outside: widen by a step.
    if at(first) > lo {
        first -= 1.0;
    }
    if at(last) < hi {
        last += 1.0;
    }
    let n = (last - first).clamp(0.0, (MAX_TICKS - 1) as f64) as usize;
    let mut ticks: Vec<f64> = (0..=n).map(|i| at(first + i as f64)).collect();
    ticks.dedup();
    ((at(first), at(last)), ticks)
}

/// Indices of at most `max` evenly spread labels over `len` points, always including the first and last, and no two
/// closer than the spread's step (the last label, added at the end, takes the place of one that would crowd it).
pub fn label_indices(len: usize, max: usize) -> Vec<usize> {
    if len == 0 || max == 0 {
        return Vec::new();
    }
    if len <= max {
        return (0..len).collect();
    }
    let step = (len - 1).div_ceil(max.saturating_sub(1).max(1));
    let mut out: Vec<usize> = (0..len).step_by(step).collect();
    if out.last() != Some(&(len - 1)) {
        if out.len() >= max || out.last().is_some_and(|&i| i > 0 && len - 1 - i < step) {
            out.pop();
        }
        out.push(len - 1);
    }
    out
}

/// The x position of point `i` of `n` across `[x0, x1]` (centred in its band, so bars and lines line up).
pub fn band_x(i: usize, n: usize, x0: f64, x1: f64) -> f64 {
    let band = (x1 - x0) / n.max(1) as f64;
    x0 + band * (i as f64 + 0.5)
}

/// An SVG coordinate or length as text: two decimals, as [`line_path`] writes its points.
pub fn coord(value: f64) -> String {
    to_fixed(value, 2)
}

/// An SVG path through the points: `M x,y L x,y …` with two decimals; empty for no points.
pub fn line_path(points: &[(f64, f64)]) -> String {
    let mut out = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        out.push_str(if i == 0 { "M" } else { " L" });
        out.push_str(&format!("{},{}", coord(*x), coord(*y)));
    }
    out
}

/// One bar: `(x, y, width, height)` in SVG units.
pub type Bar = (f64, f64, f64, f64);

/// Bars for `values` across `[x0, x1]` with the baseline at `scale.map(0)`; a gap of 20 % of each band.
pub fn bars(values: &[f64], x0: f64, x1: f64, scale: &LinearScale) -> Vec<Bar> {
    let n = values.len().max(1);
    let band = (x1 - x0) / n as f64;
    let width = (band * 0.8).max(0.5);
    let base = scale.map(0.0);
    values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let cx = band_x(i, n, x0, x1);
            let y = scale.map(if v.is_finite() { *v } else { 0.0 });
            (cx - width / 2.0, y.min(base), width, (base - y).abs())
        })
        .collect()
}

/// The index of the point nearest to the pointer at `x` (SVG units), for the tooltip.
pub fn nearest_index(x: f64, n: usize, x0: f64, x1: f64) -> Option<usize> {
    if n == 0 || x1 <= x0 {
        return None;
    }
    let band = (x1 - x0) / n as f64;
    let i = ((x - x0) / band).floor();
    Some(i.clamp(0.0, (n - 1) as f64) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_map_linearly_and_survive_flat_domains() {
        let s = LinearScale::new((0.0, 100.0), (200.0, 0.0));
        assert_eq!(s.map(0.0), 200.0);
        assert_eq!(s.map(100.0), 0.0);
        assert_eq!(s.map(25.0), 150.0);
        assert_eq!(LinearScale::new((5.0, 5.0), (0.0, 10.0)).map(5.0), 5.0);
    }

    #[test]
    fn ticks_are_nice_and_cover_the_data() {
        assert_eq!(nice_step(100.0, 5), 20.0);
        assert_eq!(nice_step(1.0, 4), 0.25);
        assert_eq!(nice_step(0.0, 4), 1.0);
        let ((lo, hi), ticks) = value_axis(&[3.0, 97.0, 42.0], 5);
        assert_eq!((lo, hi), (0.0, 100.0));
        assert_eq!(ticks, vec![0.0, 20.0, 40.0, 60.0, 80.0, 100.0]);
        let ((lo, hi), _) = value_axis(&[-12.0, 30.0], 4);
        assert!(lo <= -12.0 && hi >= 30.0);
        assert_eq!(value_axis(&[], 4).0, (0.0, 1.0));
        assert_eq!(value_axis(&[0.0, 0.0], 4).0, (0.0, 1.0));
        assert_eq!(value_axis(&[f64::NAN, 2.0], 2).0, (0.0, 2.0));
    }

    #[test]
    fn labels_are_spread_and_keep_both_ends() {
        assert_eq!(label_indices(3, 6), vec![0, 1, 2]);
        let l = label_indices(255, 6);
        assert!(l.len() <= 6, "{l:?}");
        assert_eq!((l[0], *l.last().unwrap()), (0, 254));
        assert!(label_indices(0, 5).is_empty());
        // A month of days: the last label takes the place of one that would sit five days before it.
        assert_eq!(label_indices(30, 5), vec![0, 8, 16, 29]);
        assert_eq!(label_indices(31, 5), vec![0, 8, 16, 30]);
        assert_eq!(label_indices(33, 5), vec![0, 8, 16, 24, 32]);
        for len in 2..400 {
            for max in 2..8 {
                let l = label_indices(len, max);
                let step = if len <= max { 1 } else { (len - 1).div_ceil(max - 1) };
                assert!(l.len() <= max && l[0] == 0 && *l.last().unwrap() == len - 1, "{len} {max} {l:?}");
                assert!(l.windows(2).all(|w| w[1] - w[0] >= step), "{len} {max} {l:?}");
            }
        }
    }

    #[test]
    fn paths_bars_and_hover() {
        assert_eq!(line_path(&[]), "");
        assert_eq!(line_path(&[(0.0, 1.0), (2.5, 3.127)]), "M0.00,1.00 L2.50,3.13");
        let s = LinearScale::new((0.0, 10.0), (100.0, 0.0));
        let b = bars(&[10.0, 5.0], 0.0, 100.0, &s);
        assert_eq!(b[0], (5.0, 0.0, 40.0, 100.0));
        assert_eq!(b[1], (55.0, 50.0, 40.0, 50.0));
        assert_eq!(band_x(0, 2, 0.0, 100.0), 25.0);
        assert_eq!(nearest_index(-5.0, 4, 0.0, 100.0), Some(0));
        assert_eq!(nearest_index(60.0, 4, 0.0, 100.0), Some(2));
        assert_eq!(nearest_index(500.0, 4, 0.0, 100.0), Some(3));
        assert_eq!(nearest_index(1.0, 0, 0.0, 100.0), None);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;
    use crate::format::hostile::{any_number, finite_number};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2048, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn the_value_axis_is_total(values in proptest::collection::vec(any_number(), 0..8), count in 1usize..12) {
            let ((lo, hi), ticks) = value_axis(&values, count);
            prop_assert!(lo.is_finite() && hi.is_finite() && lo < hi, "{values:?} → ({lo}, {hi})");
            prop_assert!(!ticks.is_empty() && ticks.len() <= MAX_TICKS, "{} ticks", ticks.len());
            prop_assert!(ticks.iter().all(|t| t.is_finite() && (lo..=hi).contains(t)), "{ticks:?}");
            for v in values.iter().filter(|v| v.is_finite()) {
                prop_assert!((lo..=hi).contains(v), "{v:e} outside ({lo:e}, {hi:e})");
            }
            // Every value then maps to a finite coordinate inside the plot, and every bar is drawable.
            let scale = LinearScale::new((lo, hi), (180.0, 10.0));
            for v in &values {
                let y = scale.map(*v);
                prop_assert!(y.is_finite(), "map({v:e}) = {y}");
                if v.is_finite() {
                    prop_assert!((10.0 - 1e-6..=180.0 + 1e-6).contains(&y), "map({v:e}) = {y}");
                }
            }
            for (x, y, w, h) in bars(&values, 40.0, 600.0, &scale) {
                prop_assert!([x, y, w, h].iter().all(|c| c.is_finite()) && w > 0.0 && h >= 0.0);
            }
        }

        #[test]
        fn any_scale_maps_to_finite_coordinates(d0 in finite_number(), d1 in finite_number(), v in any_number()) {
            let y = LinearScale::new((d0, d1), (0.0, 200.0)).map(v);
            prop_assert!(y.is_finite(), "({d0:e}, {d1:e}) map {v:e} = {y}");
        }

        #[test]
        fn nice_steps_are_finite_and_positive(span in any_number(), count in 0usize..100) {
            let step = nice_step(span, count);
            prop_assert!(step.is_finite() && step > 0.0, "nice_step({span:e}, {count}) = {step}");
        }
    }

    #[test]
    fn a_span_of_plus_minus_1e308_draws() {
        let ((lo, hi), ticks) = value_axis(&[-1.7e308, 1.7e308], 4);
        assert_eq!((lo, hi), (-f64::MAX, f64::MAX));
        assert!(ticks.len() <= 6 && ticks.contains(&0.0), "{ticks:?}");
        let scale = LinearScale::new((lo, hi), (200.0, 0.0));
        assert_eq!(scale.map(0.0), 100.0);
        assert_eq!(scale.map(f64::MAX), 0.0);
        let ((lo, hi), _) = value_axis(&[5e-324, 1e-323], 4);
        assert!(lo == 0.0 && hi >= 1e-323 && hi.is_finite());
    }
}
