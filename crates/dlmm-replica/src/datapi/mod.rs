//! The datapi generation (the vendor's live services): the DLMM datapi and the DAMM v2 datapi, served from the
//! same dataset as the keeper routes.
//!
//! [`DatapiViews`] holds what the datapi builds from a dataset (held beside it, never inside it):
//! [`table::PoolTable`] holds each service's pools as flat numeric rows (the DLMM rows are the keeper pairs, the
//! DAMM v2 rows the keeper pool-metrics pools) with precomputed sort orders and a [`crate::search::SearchIndex`];
//! [`damm_v2`] the DAMM v2 pools' own facts; [`limit_orders`] the generated limit orders and their records.
//! [`grammar`] parses `sort_by` and `filter_by`; [`series`] builds candles and volume buckets; [`wallets`] derives
//! position events, P&L, portfolios and claim totals from the keeper positions.

pub mod daily;
pub mod damm_v2;
pub mod grammar;
pub mod limit_orders;
pub mod performance;
pub mod pools;
pub mod series;
pub mod table;
pub mod tokens;
pub mod views;
pub mod wallets;

pub use grammar::{FilterClause, SortClause, parse_filter_by, parse_sort_by};
pub use views::DatapiViews;

pub use crate::dataset::hash::unit_hash;

/// A raw amount as display-unit decimal text, exactly: `12345678901` with 9 decimals is `"12.345678901"`.
pub fn display_amount(raw: u128, decimals: u32) -> String {
    let scale = 10u128.pow(decimals);
    let (whole, fraction) = (raw / scale, raw % scale);
    if fraction == 0 {
        return whole.to_string();
    }
    let digits = format!("{fraction:0width$}", width = decimals as usize);
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

/// A USD, SOL or percent figure as the datapi's JSON string (shortest round-trip text; never NaN).
pub fn number_text(value: f64) -> String {
    if value.is_finite() { format!("{}", value + 0.0) } else { "0".to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_amounts_are_exact() {
        assert_eq!(display_amount(12_345_678_901, 9), "12.345678901");
        assert_eq!(display_amount(1_000_000, 6), "1");
        assert_eq!(display_amount(0, 6), "0");
        assert_eq!(display_amount(5, 6), "0.000005");
        assert_eq!(display_amount(9_007_199_254_740_993, 0), "9007199254740993");
        assert_eq!(number_text(-0.0), "0");
        assert_eq!(number_text(f64::NAN), "0");
    }
}
