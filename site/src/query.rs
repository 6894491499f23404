//! The `/pairs` view state, described for the URL query ([`UrlState`]), and the API operations it asks for.

use dlmm_query::ops::{AllByGroupsMetadata, AllWithPagination, OrderBy, PairListQuery, PairSortKey};

use crate::url_state::{Field, UrlState};

/// The largest page size the URL may name.
pub const MAX_LIMIT: u32 = 1000;
/// The page size when the URL names none.
pub const DEFAULT_LIMIT: u32 = 25;

/// Everything that decides what `/pairs` shows. Every field round-trips through the URL query.
#[derive(Clone, Debug, PartialEq)]
pub struct PairsView {
    /// 0-based page.
    pub page: u64,
    /// Rows per page.
    pub limit: u32,
    /// Server-side sort key.
    pub sort: PairSortKey,
    /// Sort direction.
    pub order: OrderBy,
    /// Substring of a name or a mint.
    pub search: String,
    /// Hide pairs under this TVL, USD (0: no floor).
    pub min_tvl: f64,
    /// Keep only pairs whose tokens are both verified.
    pub hide_unknown: bool,
    /// Hide pairs with a negligible APR.
    pub hide_low_apr: bool,
    /// Keep only pairs holding one of these mints.
    pub mints: Vec<String>,
    /// Show mint-pair groups instead of pairs.
    pub grouped: bool,
}

impl Default for PairsView {
    fn default() -> Self {
        Self {
            page: 0,
            limit: DEFAULT_LIMIT,
            sort: PairSortKey::Tvl,
            order: OrderBy::Desc,
            search: String::new(),
            min_tvl: 0.0,
            hide_unknown: false,
            hide_low_apr: false,
            mints: Vec::new(),
            grouped: false,
        }
    }
}

impl UrlState for PairsView {
    fn fields(&mut self) -> Vec<Field<'_>> {
        vec![
            Field::word("view", "groups", &mut self.grouped),
            Field::text("q", &mut self.search),
            Field::value("sort", &mut self.sort),
            Field::value("order", &mut self.order),
            Field::floor("minTvl", &mut self.min_tvl),
            Field::flag("hideUnknown", &mut self.hide_unknown),
            Field::flag("hideLowApr", &mut self.hide_low_apr),
            Field::list("mints", &mut self.mints),
            Field::number("limit", &mut self.limit, |limit| (1..=MAX_LIMIT).contains(&limit)),
            Field::value("page", &mut self.page),
        ]
    }
}

impl PairsView {
    /// The view after choosing a sort column: the same key flips the order, a new key starts descending.
    pub fn sorted_by(&self, key: PairSortKey) -> Self {
        let order = if self.sort == key && self.order == OrderBy::Desc { OrderBy::Asc } else { OrderBy::Desc };
        Self { sort: key, order, page: 0, ..self.clone() }
    }

    /// The list query of this view, shared by the pairs table and the grouped view.
    pub fn list_query(&self) -> PairListQuery {
        let mut query = PairListQuery::new()
            .page(self.page)
            .limit(self.limit)
            .sort_key(self.sort)
            .order_by(self.order)
            .include_unknown(!self.hide_unknown)
            .hide_low_apr(self.hide_low_apr);
        if !self.search.is_empty() {
            query = query.search_term(self.search.clone());
        }
        if self.min_tvl > 0.0 {
            query = query.hide_low_tvl(self.min_tvl);
        }
        if !self.mints.is_empty() {
            query = query.include_token_mints(self.mints.clone());
        }
        query
    }

    /// The paginated-pairs operation for this view.
    pub fn pairs_operation(&self) -> AllWithPagination {
        AllWithPagination::from_query(self.list_query())
    }

    /// The grouped operation for this view.
    pub fn groups_operation(&self) -> AllByGroupsMetadata {
        AllByGroupsMetadata::from_query(self.list_query())
    }
}

/// The number of pages for `total` items at `limit` per page (at least 1).
pub fn page_count(total: u64, limit: u32) -> u64 {
    total.div_ceil(u64::from(limit.max(1))).max(1)
}

/// A human label for a sort key.
pub fn sort_label(key: PairSortKey) -> &'static str {
    match key {
        PairSortKey::Tvl => "TVL",
        PairSortKey::Volume => "Volume 24 h",
        PairSortKey::FeeTvlRatio => "Fee/TVL 24 h",
        PairSortKey::Lm => "Farm APR",
        PairSortKey::FeeTvlRatio30m => "Fee/TVL 30 min",
        PairSortKey::FeeTvlRatio1h => "Fee/TVL 1 h",
        PairSortKey::FeeTvlRatio2h => "Fee/TVL 2 h",
        PairSortKey::FeeTvlRatio4h => "Fee/TVL 4 h",
        PairSortKey::FeeTvlRatio12h => "Fee/TVL 12 h",
        PairSortKey::Volume30m => "Volume 30 min",
        PairSortKey::Volume1h => "Volume 1 h",
        PairSortKey::Volume2h => "Volume 2 h",
        PairSortKey::Volume4h => "Volume 4 h",
        PairSortKey::Volume12h => "Volume 12 h",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url_state::testing::from_query_string;

    fn parse(query: &str) -> PairsView {
        PairsView::from_query(from_query_string(query))
    }

    #[test]
    fn default_view_has_an_empty_query() {
        assert_eq!(PairsView::default().to_query(), "");
        assert_eq!(parse(""), PairsView::default());
    }

    #[test]
    fn every_field_round_trips_through_the_url() {
        for key in PairSortKey::ALL {
            for order in [OrderBy::Asc, OrderBy::Desc] {
                let view = PairsView {
                    page: 3,
                    limit: 50,
                    sort: key,
                    order,
                    search: "SOL & $WIF ünï".into(),
                    min_tvl: 1000.5,
                    hide_unknown: true,
                    hide_low_apr: true,
                    mints: vec!["So11111111111111111111111111111111111111112".into(), "abc".into()],
                    grouped: true,
                };
                assert_eq!(parse(&view.to_query()), view, "{}", view.to_query());
            }
        }
    }

    #[test]
    fn invalid_values_fall_back_to_defaults() {
        let v = parse("?page=x&limit=0&sort=nope&order=up&minTvl=-5");
        assert_eq!(v, PairsView::default());
    }

    #[test]
    fn sorting_flips_then_resets_and_paging_counts() {
        let v = PairsView { page: 4, ..PairsView::default() };
        let flipped = v.sorted_by(PairSortKey::Tvl);
        assert_eq!((flipped.order, flipped.page), (OrderBy::Asc, 0));
        assert_eq!(flipped.sorted_by(PairSortKey::Tvl).order, OrderBy::Desc);
        assert_eq!(v.sorted_by(PairSortKey::Volume).order, OrderBy::Desc);
        assert_eq!(page_count(0, 25), 1);
        assert_eq!(page_count(51, 25), 3);
    }

    #[test]
    fn operations_carry_the_filters() {
        let v = parse("?q=sol&minTvl=100&hideUnknown=1&hideLowApr=true&mints=a,b&sort=volume1h&order=asc&page=2");
        let q = v.pairs_operation();
        let q = q.query();
        assert_eq!(q.page_number(), 2);
        assert_eq!(q.page_size(), DEFAULT_LIMIT);
        let dbg = format!("{q:?}");
        for needle in ["sol", "100", "Volume1h", "Asc"] {
            assert!(dbg.contains(needle), "{needle} in {dbg}");
        }
        assert!(format!("{:?}", v.groups_operation().query()).contains("sol"));
    }
}
