//! A range of bins (a position's, a limit order's) against its pool's active bin, laid out for a bar: where the
//! range sits, where the active bin sits, and whether the active bin is inside. Plain, so the layout is tested
//! without a browser.

/// Bins `lower..=upper` and the pool's active bin, when known.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BinRange {
    /// The lowest bin of the range.
    pub lower: i32,
    /// The highest bin of the range.
    pub upper: i32,
    /// The pool's active bin; none when unknown.
    pub active: Option<i32>,
}

/// Where a bar draws a [`BinRange`], in percent of its width (each bin is a cell of equal width).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BarLayout {
    /// The range's left edge.
    pub start: f64,
    /// The range's width.
    pub width: f64,
    /// The middle of the active bin's cell; none when unknown.
    pub marker: Option<f64>,
}

impl BinRange {
    /// The range of `lower` and `upper` (in either order) against `active`.
    pub fn new(lower: i32, upper: i32, active: Option<i32>) -> Self {
        Self { lower: lower.min(upper), upper: lower.max(upper), active }
    }

    /// Whether the active bin is inside the range; none when it is unknown.
    pub fn in_range(self) -> Option<bool> {
        self.active.map(|a| (self.lower..=self.upper).contains(&a))
    }

    /// The bar's layout: the range and the active bin with a margin of a tenth of the shown span (at least a bin) on
    /// each side, so an active bin far outside still shows, at an edge of the range it is beyond.
    pub fn layout(self) -> BarLayout {
        let (lo, hi) = match self.active {
            Some(a) => (i64::from(self.lower.min(a)), i64::from(self.upper.max(a))),
            None => (i64::from(self.lower), i64::from(self.upper)),
        };
        let margin = ((hi - lo + 1) / 10).max(1);
        let (first, cells) = (lo - margin, (hi - lo + 1 + 2 * margin) as f64);
        let at = |bin: i64| (bin - first) as f64 / cells * 100.0;
        BarLayout {
            start: at(i64::from(self.lower)),
            width: (i64::from(self.upper) - i64::from(self.lower) + 1) as f64 / cells * 100.0,
            marker: self.active.map(|a| at(i64::from(a)) + 50.0 / cells),
        }
    }

    /// The range in words, for a screen reader and a title.
    pub fn label(self) -> String {
        let bins = format!("Bins {} to {}", self.lower, self.upper);
        match (self.active, self.in_range()) {
            (Some(a), Some(true)) => format!("{bins}; active bin {a}, in range"),
            (Some(a), _) => format!("{bins}; active bin {a}, out of range"),
            _ => format!("{bins}; active bin unknown"),
        }
    }

    /// `in`, `out` or `unknown`, for a class and a test.
    pub fn id(self) -> &'static str {
        match self.in_range() {
            Some(true) => "in",
            Some(false) => "out",
            None => "unknown",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_and_the_active_bin_share_one_scale() {
        // Bins 0..=9 with the active bin 4: twelve cells (a bin of margin each side).
        let inside = BinRange::new(0, 9, Some(4));
        assert_eq!(inside.in_range(), Some(true));
        let l = inside.layout();
        assert!((l.start - 100.0 / 12.0).abs() < 1e-9);
        assert!((l.width - 1000.0 / 12.0).abs() < 1e-9);
        assert!((l.marker.unwrap() - 550.0 / 12.0).abs() < 1e-9);
    }

    #[test]
    fn an_active_bin_outside_widens_the_scale_and_is_out() {
        let out = BinRange::new(10, 19, Some(-10));
        assert_eq!(out.in_range(), Some(false));
        let l = out.layout();
        // Thirty bins shown plus three of margin each side: the marker is left of the range.
        assert!(l.marker.unwrap() < l.start);
        assert!(l.start + l.width <= 100.0);
        assert_eq!(out.id(), "out");
        assert_eq!(out.label(), "Bins 10 to 19; active bin -10, out of range");
    }

    #[test]
    fn unknown_active_bin_and_swapped_or_extreme_ends() {
        let r = BinRange::new(5, -5, None);
        assert_eq!((r.lower, r.upper, r.in_range(), r.id()), (-5, 5, None, "unknown"));
        assert_eq!(r.layout().marker, None);
        let wide = BinRange::new(i32::MIN, i32::MAX, Some(0)).layout();
        assert!(wide.start.is_finite() && wide.width.is_finite() && wide.width <= 100.0);
    }
}
