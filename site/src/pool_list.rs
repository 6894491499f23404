//! The datapi's pool lists: the state of `/dlmm/pools` (and a group's pools), `/dlmm/groups` and `/damm-v2/pools`,
//! each described for the URL query once ([`UrlState`]), and the typed datapi operations (`sort_by`, `filter_by`,
//! `query`, pages) each state asks for.

use std::fmt;
use std::str::FromStr;

use dlmm_query::datapi::models::Windows;
use dlmm_query::datapi::ops::damm_v2;
use dlmm_query::datapi::ops::dlmm::{GetGroups, GetPools};
use dlmm_query::datapi::params::{
    Comparison, Direction, FilterBy, MAX_GROUPS_PAGE_SIZE, MAX_QUERY_CHARS, NumericField, SortBy, SortField, TextField,
    Timeframe, WindowedMetric,
};

use crate::url_state::{Field, UrlState};

/// The page size when the URL names none.
pub const DEFAULT_PAGE_SIZE: u32 = 25;

/// What a pool list is sorted by: a metric over the view's window, or a field without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortChoice {
    /// A windowed metric (volume, fees, fee/TVL, APR) over [`PoolsView::window`].
    Windowed(WindowedMetric),
    /// A field without a window (TVL, fee, bin step, creation time, farm APY).
    Field(SortField),
}

impl SortChoice {
    /// Every choice, in the order the sort control lists them.
    pub const ALL: [Self; 9] = [
        Self::Windowed(WindowedMetric::Volume),
        Self::Windowed(WindowedMetric::Fee),
        Self::Windowed(WindowedMetric::FeeTvlRatio),
        Self::Windowed(WindowedMetric::Apr),
        Self::Field(SortField::Tvl),
        Self::Field(SortField::FeePct),
        Self::Field(SortField::BinStep),
        Self::Field(SortField::PoolCreatedAt),
        Self::Field(SortField::FarmApy),
    ];

    /// The name in the URL (the datapi's field name without its window: `volume`, `tvl`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Windowed(m) => m.as_str(),
            Self::Field(f) => f.as_str(),
        }
    }

    /// A label for people.
    pub fn label(self) -> &'static str {
        match self {
            Self::Windowed(WindowedMetric::Volume) => "Volume",
            Self::Windowed(WindowedMetric::Fee) => "Fees",
            Self::Windowed(WindowedMetric::FeeTvlRatio) => "Fee/TVL",
            Self::Windowed(WindowedMetric::Apr) => "APR",
            Self::Field(SortField::Tvl) => "TVL",
            Self::Field(SortField::FeePct) => "Base fee",
            Self::Field(SortField::BinStep) => "Bin step",
            Self::Field(SortField::PoolCreatedAt) => "Created",
            Self::Field(SortField::FarmApy) => "Farm APY",
        }
    }

    /// Reads a URL name; unknown names are `None`.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == name.trim())
    }

    /// The typed `sort_by` over `window` in `direction`.
    pub fn sort_by(self, window: Timeframe, direction: Direction) -> SortBy {
        match self {
            Self::Windowed(metric) => SortBy::windowed(metric, window, direction),
            Self::Field(field) => SortBy::field(field, direction),
        }
    }
}

impl fmt::Display for SortChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for SortChoice {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<Self, UnknownName> {
        Self::parse(name).ok_or(UnknownName)
    }
}

/// A URL name no choice has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownName;

/// A human label for a window (`24 h`, `30 min`).
pub fn window_label(window: Timeframe) -> &'static str {
    match window {
        Timeframe::M5 => "5 min",
        Timeframe::M30 => "30 min",
        Timeframe::H1 => "1 h",
        Timeframe::H2 => "2 h",
        Timeframe::H4 => "4 h",
        Timeframe::H12 => "12 h",
        Timeframe::H24 => "24 h",
    }
}

/// The value of a window object for `window` (the datapi reports no 5-minute window: `None`).
pub fn window_value(windows: &Windows, window: Timeframe) -> Option<f64> {
    match window {
        Timeframe::M5 => None,
        Timeframe::M30 => Some(windows.min_30),
        Timeframe::H1 => Some(windows.hour_1),
        Timeframe::H2 => Some(windows.hour_2),
        Timeframe::H4 => Some(windows.hour_4),
        Timeframe::H12 => Some(windows.hour_12),
        Timeframe::H24 => Some(windows.hour_24),
    }
}

/// Which side of a pool the token filter matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TokenSide {
    /// Token X (the base token).
    #[default]
    X,
    /// Token Y (the quote token).
    Y,
}

impl fmt::Display for TokenSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if *self == Self::Y { "y" } else { "x" })
    }
}

impl FromStr for TokenSide {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<Self, UnknownName> {
        match name {
            "x" => Ok(Self::X),
            "y" => Ok(Self::Y),
            _ => Err(UnknownName),
        }
    }
}

/// Everything that decides what `/dlmm/pools` (and the pools of a group page) shows; every field round-trips
/// through the URL query.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolsView {
    /// 1-based page.
    pub page: u32,
    /// Rows per page.
    pub page_size: u32,
    /// Sort metric.
    pub sort: SortChoice,
    /// The window of the windowed metrics: sort, floors and the table's columns.
    pub window: Timeframe,
    /// Sort direction.
    pub direction: Direction,
    /// Free text (`query`): a name, a symbol or a mint.
    pub search: String,
    /// TVL floor, USD (0: none).
    pub min_tvl: f64,
    /// Volume floor over the window, USD (0: none).
    pub min_volume: f64,
    /// Fee/TVL floor over the window, percent (0: none).
    pub min_fee_tvl: f64,
    /// Hide blacklisted pools.
    pub hide_blacklisted: bool,
    /// A token (mint or symbol) the pool must hold on [`PoolsView::token_side`].
    pub token: String,
    /// Which side the token filter matches.
    pub token_side: TokenSide,
}

impl Default for PoolsView {
    fn default() -> Self {
        Self {
            page: 1,
            page_size: DEFAULT_PAGE_SIZE,
            sort: SortChoice::Windowed(WindowedMetric::Volume),
            window: Timeframe::H24,
            direction: Direction::Desc,
            search: String::new(),
            min_tvl: 0.0,
            min_volume: 0.0,
            min_fee_tvl: 0.0,
            hide_blacklisted: false,
            token: String::new(),
            token_side: TokenSide::X,
        }
    }
}

impl UrlState for PoolsView {
    fn fields(&mut self) -> Vec<Field<'_>> {
        let has_token = !self.token.is_empty();
        vec![
            Field::text("q", &mut self.search),
            Field::value("sort", &mut self.sort),
            Field::value("window", &mut self.window),
            Field::value("order", &mut self.direction),
            Field::floor("minTvl", &mut self.min_tvl),
            Field::floor("minVolume", &mut self.min_volume),
            Field::floor("minFeeTvl", &mut self.min_fee_tvl),
            Field::flag("hideBlacklisted", &mut self.hide_blacklisted),
            Field::text("token", &mut self.token),
            Field::value("side", &mut self.token_side).written_if(has_token),
            Field::page_size("size", &mut self.page_size),
            Field::page("page", &mut self.page),
        ]
    }
}

impl PoolsView {
    /// The view after choosing `sort` (from a column header): the same metric flips the direction, another starts
    /// descending; back to the first page.
    pub fn sorted_by(&self, sort: SortChoice) -> Self {
        let direction =
            if sort == self.sort && self.direction == Direction::Desc { Direction::Asc } else { Direction::Desc };
        Self { sort, direction, page: 1, ..self.clone() }
    }

    /// The typed `sort_by` of this view.
    pub fn sort_by(&self) -> SortBy {
        self.sort.sort_by(self.window, self.direction)
    }

    /// The typed `filter_by` of this view, if it has any condition.
    pub fn filter_by(&self) -> Option<FilterBy> {
        let mut filter = FilterBy::new();
        if self.hide_blacklisted {
            filter = filter.is_blacklisted(false);
        }
        let floors = [
            (NumericField::Tvl, self.min_tvl),
            (NumericField::Windowed(WindowedMetric::Volume, self.window), self.min_volume),
            (NumericField::Windowed(WindowedMetric::FeeTvlRatio, self.window), self.min_fee_tvl),
        ];
        for (field, floor) in floors.into_iter().filter(|(_, floor)| *floor > 0.0) {
            filter = filter.numeric(field, Comparison::Ge, floor);
        }
        if !self.token.is_empty() {
            let side = if self.token_side == TokenSide::X { TextField::TokenX } else { TextField::TokenY };
            filter = filter.text(side, self.token.clone());
        }
        (filter != FilterBy::default()).then_some(filter)
    }

    /// `GET /pools` for this view.
    pub fn operation(&self) -> GetPools {
        let mut op = GetPools::new().page(self.page).page_size(self.page_size).sort_by(self.sort_by());
        if !self.search.is_empty() {
            op = op.query(self.search.clone());
        }
        if let Some(filter) = self.filter_by() {
            op = op.filter_by(filter);
        }
        op
    }
}

/// What `/dlmm/groups` can be sorted by.
pub const GROUP_SORTS: [SortChoice; 3] = [
    SortChoice::Windowed(WindowedMetric::Volume),
    SortChoice::Windowed(WindowedMetric::FeeTvlRatio),
    SortChoice::Field(SortField::Tvl),
];

/// Everything that decides what `/dlmm/groups` shows; every field round-trips through the URL query.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupsView {
    /// 1-based page.
    pub page: u32,
    /// Rows per page (at most 100).
    pub page_size: u32,
    /// Sort metric (one of [`GROUP_SORTS`]).
    pub sort: SortChoice,
    /// The window groups sum their volume over and take their fee/TVL from.
    pub window: Timeframe,
    /// Sort direction.
    pub direction: Direction,
    /// Free text (`query`).
    pub search: String,
}

impl Default for GroupsView {
    fn default() -> Self {
        Self {
            page: 1,
            page_size: DEFAULT_PAGE_SIZE,
            sort: GROUP_SORTS[0],
            window: Timeframe::H24,
            direction: Direction::Desc,
            search: String::new(),
        }
    }
}

impl UrlState for GroupsView {
    fn fields(&mut self) -> Vec<Field<'_>> {
        vec![
            Field::text("q", &mut self.search),
            Field::value("sort", &mut self.sort),
            Field::value("window", &mut self.window),
            Field::value("order", &mut self.direction),
            Field::page_size("size", &mut self.page_size),
            Field::page("page", &mut self.page),
        ]
    }

    /// Only the [`GROUP_SORTS`].
    fn fit(&mut self) {
        if !GROUP_SORTS.contains(&self.sort) {
            self.sort = Self::default().sort;
        }
    }
}

impl GroupsView {
    /// `GET /pools/groups` for this view.
    pub fn operation(&self) -> GetGroups {
        let mut op = GetGroups::new()
            .page(self.page)
            .page_size(self.page_size.min(MAX_GROUPS_PAGE_SIZE))
            .sort_by(self.sort.sort_by(self.window, self.direction))
            .volume_tw(self.window)
            .fee_tvl_ratio_tw(self.window);
        if !self.search.is_empty() {
            op = op.query(self.search.clone());
        }
        op
    }
}

/// The sorts `/damm-v2/pools` offers, with their labels.
pub fn damm_v2_sorts() -> Vec<(SortBy, &'static str)> {
    vec![
        (SortBy::windowed(WindowedMetric::Volume, Timeframe::H24, Direction::Desc), "Volume 24 h, highest first"),
        (SortBy::field(SortField::Tvl, Direction::Desc), "TVL, highest first"),
        (
            SortBy::windowed(WindowedMetric::FeeTvlRatio, Timeframe::H24, Direction::Desc),
            "Fee / TVL 24 h, highest first",
        ),
        (SortBy::windowed(WindowedMetric::Fee, Timeframe::H24, Direction::Desc), "Fees 24 h, highest first"),
        (SortBy::windowed(WindowedMetric::Volume, Timeframe::H1, Direction::Desc), "Volume 1 h, highest first"),
        (SortBy::field(SortField::PoolCreatedAt, Direction::Desc), "Newest first"),
    ]
}

/// Everything that decides what `/damm-v2/pools` shows; round-trips through the URL query (`q`, `sort`, `size`,
/// `page`, 1-based).
#[derive(Clone, Debug, PartialEq)]
pub struct DammV2PoolsView {
    /// Free-text search (name, symbol or address), at most [`MAX_QUERY_CHARS`] characters.
    pub query: String,
    /// The sort (one of [`damm_v2_sorts`]).
    pub sort: SortBy,
    /// Items per page.
    pub page_size: u32,
    /// The page, from 1.
    pub page: u32,
}

impl Default for DammV2PoolsView {
    fn default() -> Self {
        Self { query: String::new(), sort: SortBy::default(), page_size: DEFAULT_PAGE_SIZE, page: 1 }
    }
}

impl UrlState for DammV2PoolsView {
    fn fields(&mut self) -> Vec<Field<'_>> {
        vec![
            Field::text("q", &mut self.query),
            Field::value("sort", &mut self.sort),
            Field::page_size("size", &mut self.page_size),
            Field::page("page", &mut self.page),
        ]
    }

    /// The search cut to [`MAX_QUERY_CHARS`]; only the [`damm_v2_sorts`].
    fn fit(&mut self) {
        self.query = self.query.chars().take(MAX_QUERY_CHARS).collect();
        if !damm_v2_sorts().iter().any(|(offered, _)| *offered == self.sort) {
            self.sort = SortBy::default();
        }
    }
}

impl DammV2PoolsView {
    /// The request of this view.
    pub fn operation(&self) -> damm_v2::GetPools {
        let op = damm_v2::GetPools::new().page(self.page).page_size(self.page_size).sort_by(self.sort.clone());
        if self.query.is_empty() { op } else { op.query(self.query.clone()) }
    }
}

/// "Page 2 of 7 · 26–50 of 160" for a 1-based `page` showing `shown` rows.
pub fn page_info(page: u64, pages: u64, page_size: u64, shown: usize, total: u64) -> String {
    let first = page.saturating_sub(1).saturating_mul(page_size).saturating_add(1);
    let last = first.saturating_add(shown as u64).saturating_sub(1);
    format!("Page {page} of {} · {first}–{last} of {total}", pages.max(1))
}

#[cfg(test)]
mod tests {
    use dlmm_query::ops::Operation;

    use super::*;
    use crate::url_state::testing::{from_pairs, from_query_string};

    #[test]
    fn the_default_view_asks_for_the_datapi_default_order() {
        let view = PoolsView::from_query(|_| None);
        assert_eq!(view, PoolsView::default());
        assert_eq!(view.to_query(), "");
        let request = view.operation().request().unwrap();
        assert_eq!(request.path, "/pools");
        assert_eq!(request.query, "page=1&page_size=25&sort_by=volume_24h%3Adesc");
    }

    #[test]
    fn every_choice_round_trips_through_the_url_and_reaches_the_wire() {
        let link = [
            ("q", " SOL "),
            ("sort", "fee_tvl_ratio"),
            ("window", "1h"),
            ("order", "asc"),
            ("minTvl", "1000"),
            ("minVolume", "50000.5"),
            ("minFeeTvl", "0.2"),
            ("hideBlacklisted", "1"),
            ("token", "USDC"),
            ("side", "y"),
            ("size", "50"),
            ("page", "3"),
        ];
        let view = PoolsView::from_query(from_pairs(&link));
        assert_eq!(view.search, "SOL");
        assert_eq!((view.page, view.page_size, view.window), (3, 50, Timeframe::H1));
        assert_eq!(PoolsView::from_query(from_query_string(&view.to_query())), view);
        assert_eq!(view.sort_by().to_string(), "fee_tvl_ratio_1h:asc");
        assert_eq!(
            view.filter_by().unwrap().to_string(),
            "is_blacklisted=false && tvl>=1000 && volume_1h>=50000.5 && fee_tvl_ratio_1h>=0.2 && token_y=USDC"
        );
        let query = view.operation().request().unwrap().query;
        assert!(
            query.starts_with("page=3&page_size=50&query=SOL&sort_by=fee_tvl_ratio_1h%3Aasc&filter_by="),
            "{query}"
        );
    }

    #[test]
    fn invalid_values_take_their_defaults() {
        let link = [
            ("sort", "nonsense"),
            ("window", "7d"),
            ("order", "sideways"),
            ("minTvl", "-5"),
            ("minVolume", "NaN"),
            ("size", "7"),
            ("page", "0"),
        ];
        let view = PoolsView::from_query(from_pairs(&link));
        assert_eq!(view, PoolsView::default());
        assert!(view.filter_by().is_none());
    }

    #[test]
    fn a_header_flips_its_own_direction_and_starts_others_descending() {
        let view = PoolsView { page: 4, ..PoolsView::default() };
        let flipped = view.sorted_by(view.sort);
        assert_eq!((flipped.direction, flipped.page), (Direction::Asc, 1));
        assert_eq!(flipped.sorted_by(flipped.sort).direction, Direction::Desc);
        let tvl = flipped.sorted_by(SortChoice::Field(SortField::Tvl));
        assert_eq!((tvl.direction, tvl.sort_by().to_string()), (Direction::Desc, "tvl:desc".to_owned()));
    }

    #[test]
    fn windows_read_their_own_value_and_five_minutes_has_none() {
        let w = Windows { min_30: 1.0, hour_1: 2.0, hour_2: 3.0, hour_4: 4.0, hour_12: 5.0, hour_24: 6.0 };
        let values: Vec<_> = Timeframe::ALL.iter().map(|t| window_value(&w, *t)).collect();
        assert_eq!(values, [None, Some(1.0), Some(2.0), Some(3.0), Some(4.0), Some(5.0), Some(6.0)]);
    }

    #[test]
    fn groups_views_page_at_most_a_hundred_and_send_their_window() {
        let view =
            GroupsView::from_query(from_pairs(&[("size", "100"), ("window", "4h"), ("sort", "tvl"), ("q", "SOL")]));
        assert_eq!(view.to_query(), "?q=SOL&sort=tvl&window=4h&size=100");
        let request = view.operation().request().unwrap();
        assert_eq!(request.path, "/pools/groups");
        assert_eq!(
            request.query,
            "page=1&page_size=100&query=SOL&sort_by=tvl%3Adesc&volume_tw=volume_4h&fee_tvl_ratio_tw=fee_tvl_ratio_4h"
        );
        let not_for_groups = GroupsView::from_query(from_pairs(&[("sort", "bin_step")]));
        assert_eq!(not_for_groups.sort, GROUP_SORTS[0]);
    }

    #[test]
    fn damm_v2_views_round_trip_through_the_url() {
        let d = DammV2PoolsView::from_query(from_pairs(&[]));
        assert_eq!(d, DammV2PoolsView::default());
        assert_eq!(d.to_query(), "");
        let v = DammV2PoolsView::from_query(from_pairs(&[
            ("q", " SOL USDC "),
            ("sort", "tvl:desc"),
            ("size", "50"),
            ("page", "3"),
        ]));
        assert_eq!((v.query.as_str(), v.sort.to_string(), v.page_size, v.page), ("SOL USDC", "tvl:desc".into(), 50, 3));
        assert_eq!(v.to_query(), "?q=SOL%20USDC&sort=tvl%3Adesc&size=50&page=3");
        let r = v.operation().request().unwrap();
        assert_eq!(r.path, "/pools");
        assert_eq!(r.query, "page=3&page_size=50&query=SOL+USDC&sort_by=tvl%3Adesc");
    }

    #[test]
    fn damm_v2_values_not_offered_fall_back() {
        let v = DammV2PoolsView::from_query(from_pairs(&[("sort", "apr_5m:asc"), ("size", "7"), ("page", "0")]));
        assert_eq!(v, DammV2PoolsView::default());
        let long = "x".repeat(500);
        let v = DammV2PoolsView::from_query(|k| match k {
            "page" => Some("-2".to_owned()),
            "q" => Some(long.clone()),
            _ => None,
        });
        assert_eq!((v.page, v.query.chars().count()), (1, 200));
        assert!(damm_v2_sorts().iter().all(|(s, _)| s.to_string().parse::<SortBy>().as_ref() == Ok(s)));
    }

    #[test]
    fn sort_choices_and_sides_read_their_own_names() {
        for choice in SortChoice::ALL {
            assert_eq!(choice.to_string().parse(), Ok(choice));
        }
        assert_eq!("y".parse(), Ok(TokenSide::Y));
        assert_eq!(TokenSide::X.to_string(), "x");
        assert_eq!("Y".parse::<TokenSide>(), Err(UnknownName));
    }

    #[test]
    fn page_info_counts_from_one() {
        assert_eq!(page_info(2, 7, 25, 25, 160), "Page 2 of 7 · 26–50 of 160");
        assert_eq!(page_info(1, 0, 25, 0, 0), "Page 1 of 1 · 1–0 of 0");
    }
}
