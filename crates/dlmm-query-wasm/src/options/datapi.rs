//! The datapi's typed query objects, read into the core's builders ([`dlmm_query::datapi::ops`]) with the typed
//! parameters of [`dlmm_query::datapi::params`], and their TypeScript declarations.
//!
//! Every query object is strict: a key that is neither one of its fields nor a call option rejects with an
//! `invalidInput` `DlmmError` naming the key. A value of the wrong type and a value out of the route's range (which the
//! core rejects, naming the parameter as the API spells it: `page_size`) both name the JS key (`pageSize`, see
//! [`js_parameter_names`]); a positional argument is named as the declarations name it (`lexical_order_mints`).
//! Either way nothing is sent.

use dlmm_query::InvalidInput;
use dlmm_query::datapi::month::Month;
use dlmm_query::datapi::ops::{PoolListQuery, damm_v2, dlmm, portfolio};
use dlmm_query::datapi::params::{
    BoolField, Comparison, Condition, DailyView, Direction, FilterBy, NumericField, OpenPortfolioSort,
    PositionEventType, PositionStatus, SortBy, SortField, TextField, TimeRange, Timeframe, WindowedMetric,
};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use dlmm_query::ts_type::TsText;

use super::schema::{
    Count, Field, Key, MAX_SAFE, Number, OneOf, Options, Raw, Text, Whole, alias, check, keys, options, union,
    wire_names,
};
use super::{
    CALL, HEADERS, MAX_BODY_BYTES, RATE, RETRY, TIMEOUT_MS, USER_AGENT, check_keys, is_absent, parsed_option,
    string_option, strings_option,
};
use crate::js_error::invalid;
use crate::js_object::property;

/// A whole number of `u32` (its range is the builder's to check).
const WHOLE: Count = Count(0.0, u32::MAX as f64);
/// A time frame, declared as `DatapiTimeframe`.
const TIMEFRAME: OneOf<Timeframe> = OneOf::new(wire_names!(Timeframe), Some("DatapiTimeframe"));
/// A direction, declared as `DatapiDirection`.
const DIRECTION: OneOf<Direction> = OneOf::new(wire_names!(Direction), Some("DatapiDirection"));

keys! {
    /// A datapi page number.
    PAGE "page": Count = WHOLE, "1-based page.";
    PAGE_FROM_ONE "page": Count = WHOLE, "1-based page (default 1). Iterators start there.";
    POOLS_PAGE_SIZE "pageSize": Count = WHOLE, "Page size: 1 to 1000 for pools, 1 to 100 for groups (datapi default 50).";
    QUERY "query": Text = Text, "Free text matched against names, tokens and addresses (at most 200 characters).";
    SORT_BY "sortBy": Raw = Raw("DatapiSortBy"), "The order (default `volume_24h`, descending).";
    FILTER_BY "filterBy": Raw = Raw("DatapiCondition[] | string"),
        "Conditions that all must hold, or the datapi's own text (`\"tvl>1000 && is_blacklisted=false\"`, checked).";
    VOLUME_TW "volumeTw": OneOf<Timeframe> = TIMEFRAME, "The window each group's volume is summed over (default `\"24h\"`).";
    FEE_TVL_RATIO_TW "feeTvlRatioTw": OneOf<Timeframe> = TIMEFRAME, "The window of each group's fee/TVL ratio (default `\"24h\"`).";
    TIMEFRAME_KEY "timeframe": OneOf<Timeframe> = TIMEFRAME, "The bucket length (default `\"24h\"`).";
    START_TIME "startTime": Whole = Whole(MAX_SAFE), "The first second of the range, unix seconds, inclusive.";
    END_TIME "endTime": Whole = Whole(MAX_SAFE), "The last second of the range, unix seconds, inclusive.";
    DAY_START_TIME "startTime": Whole = Whole(MAX_SAFE), "The first day's second, unix seconds, inclusive (default: the first day there is).";
    DAY_END_TIME "endTime": Whole = Whole(MAX_SAFE), "The last day's second, unix seconds, inclusive (default: today).";
    VIEW "view": OneOf<DailyView> = OneOf::new(wire_names!(DailyView), Some("DatapiDailyView")),
        "Which figures each day carries: `\"clean\"` (the filtered pool set, the default), `\"gross\"` (every pool) or `\"both\"`.";
    PAGE_SIZE_50 "pageSize": Count = WHOLE, "Page size, 1 to 50.";
    PAGE_SIZE_100 "pageSize": Count = WHOLE, "Page size, 1 to 100.";
    PAGE_SIZE_1000 "pageSize": Count = WHOLE, "Page size, 1 to 1000.";
    DAYS_BACK "daysBack": Count = WHOLE, "Only pools with positions closed within this many days (1 to 365; default 120).";
    OPEN_SORT_BY "sortBy": OneOf<OpenPortfolioSort> = OneOf::new(wire_names!(OpenPortfolioSort), None),
        "What the pools are sorted by (default `\"current_balances\"`).";
    SORT_DIRECTION "sortDirection": OneOf<Direction> = DIRECTION, "The sort direction (default `\"desc\"`).";
    EVENT_TYPE "eventType": OneOf<PositionEventType> = OneOf::new(wire_names!(PositionEventType), None), "Only events of this kind.";
    ORDER_DIRECTION "orderDirection": OneOf<Direction> = DIRECTION, "Oldest first (`\"asc\"`) or newest first (`\"desc\"`, the default).";
    STATUS "status": OneOf<PositionStatus> = OneOf::new(wire_names!(PositionStatus), None), "Which positions (default `\"all\"`).";
    pub(crate) DLMM_BASE_URL "dlmmBaseUrl": Text = Text, "Base URL of the DLMM datapi (default `https://dlmm.datapi.meteora.ag`).";
    pub(crate) DAMM_V2_BASE_URL "dammV2BaseUrl": Text = Text,
        "Base URL of the DAMM v2 datapi (default `https://damm-v2.datapi.meteora.ag`).";
    pub(crate) PORTFOLIO_BASE_URL "portfolioBaseUrl": Text = Text,
        "Base URL of the portfolio service (default `https://portfolio.datapi.meteora.ag`); its calls share the DLMM datapi's budget.";
    TIME_RANGE "timeRange": OneOf<TimeRange> = OneOf::new(wire_names!(TimeRange), Some("PortfolioTimeRange")),
        "The window the figures cover (the service's default when unset).";
    MONTH "month": Text = Text, "One month, `YYYY-MM` (UTC; default: the current month).";
    FROM_MONTH "fromMonth": Text = Text, "The first month of a range, `YYYY-MM` (with `toMonth`).";
    TO_MONTH "toMonth": Text = Text, "The last month of a range, `YYYY-MM`, at most 120 months after `fromMonth`.";
    pub(crate) RATE_LIMIT "rateLimit": Raw = Raw("DatapiRateLimitOptions | false"), "Client-side rate limits, or `false` for none.";
    pub(crate) DLMM_PER_SECOND "dlmmPerSecond": Number = RATE, "DLMM datapi (default 30, the vendor's documented limit).";
    pub(crate) DAMM_V2_PER_SECOND "dammV2PerSecond": Number = RATE, "DAMM v2 datapi (default 10, the vendor's documented limit).";
}

options! {
    pub DATAPI_RATE_LIMIT "DatapiRateLimitOptions" "Client-side rate limits of the datapi services, requests per second (0 = unlimited). `false` turns both off."
        [DLMM_PER_SECOND, DAMM_V2_PER_SECOND];
    pub DATAPI_CLIENT "DatapiClientOptions" "Options of `createDatapiClient`. Every field is optional; any other key is rejected."
        [DLMM_BASE_URL, DAMM_V2_BASE_URL, PORTFOLIO_BASE_URL, TIMEOUT_MS, RETRY, RATE_LIMIT, HEADERS, USER_AGENT, MAX_BODY_BYTES];
    pub POOLS_QUERY "DatapiPoolsQuery": CALL "The query of `getPools`, `pools`, `getGroup`: paging, search, order and filter."
        [PAGE_FROM_ONE, POOLS_PAGE_SIZE, QUERY, SORT_BY, FILTER_BY];
    pub GROUPS_QUERY "DatapiGroupsQuery": POOLS_QUERY "The query of `getGroups` and `groups`: a pool list query and the windows groups aggregate over."
        [VOLUME_TW, FEE_TVL_RATIO_TW];
    pub SERIES_QUERY "DatapiSeriesQuery": CALL "The query of `getPoolOhlcv` and `getPoolVolumeHistory`. With both ends, any range is fetched (in chunks)."
        [TIMEFRAME_KEY, START_TIME, END_TIME];
    pub DAILY_QUERY "DatapiDailyQuery": CALL "The query of `getDailyVolume`, `getDailyTradingFees` and `getDailyProtocolFees`. With both ends, any range is fetched (in chunks)."
        [DAY_START_TIME, DAY_END_TIME, VIEW];
    pub PORTFOLIO_QUERY "DatapiPortfolioQuery": CALL "The query of `getPortfolio`."
        [PAGE, PAGE_SIZE_50, DAYS_BACK];
    pub OPEN_PORTFOLIO_QUERY "DatapiOpenPortfolioQuery": CALL "The query of `getOpenPortfolio`."
        [PAGE, PAGE_SIZE_50, OPEN_SORT_BY, SORT_DIRECTION];
    pub POSITION_EVENTS_QUERY "DatapiPositionEventsQuery": CALL "The query of `getPositionEvents`."
        [EVENT_TYPE, ORDER_DIRECTION];
    pub POSITIONS_PNL_QUERY "DatapiPositionsPnlQuery": CALL "The query of `getPositionsPnl`."
        [STATUS, PAGE, PAGE_SIZE_100];
    pub LIMIT_ORDERS_QUERY "DatapiLimitOrdersQuery": CALL "The query of the limit-order lists."
        [PAGE, PAGE_SIZE_1000];
    pub PERFORMANCE_QUERY "PortfolioPerformanceQuery": CALL "The query of `portfolio.getPerformance`."
        [TIME_RANGE];
    pub CALENDAR_QUERY "PortfolioCalendarQuery": CALL "The query of `portfolio.getCalendar`: `month`, or `fromMonth` and `toMonth` (fetched month by month and merged)."
        [MONTH, FROM_MONTH, TO_MONTH];
}

/// The datapi's options in TypeScript: the wire names' types, the shapes `sortBy` and `filterBy` read, and every
/// options object, written from the descriptions above.
#[allow(dead_code, reason = "read by the custom section wasm-bindgen writes, which the lint does not see")]
const DECLARATIONS: TsText<8192> = {
    let text = alias(
        TsText::EMPTY,
        "A time frame: a series' bucket length, or the window of a windowed metric.",
        "DatapiTimeframe",
        wire_names!(Timeframe),
    );
    let text = alias(text, "A sort or filter direction.", "DatapiDirection", wire_names!(Direction));
    let text =
        alias(text, "Which figures a day of the daily statistics carries.", "DatapiDailyView", wire_names!(DailyView));
    let text = alias(text, "The window of a wallet's performance.", "PortfolioTimeRange", wire_names!(TimeRange));
    let text = alias(
        text,
        "A metric measured over a window (USD for `volume` and `fee`, percent for `fee_tvl_ratio` and `apr`).",
        "DatapiWindowedMetric",
        wire_names!(WindowedMetric),
    );
    let text = alias(text, "A field without a window that pools sort by.", "DatapiSortField", wire_names!(SortField));
    let text = text.push(concat!(
        "\n/**\n * The order of a pool or group list: a windowed metric (window default `\"24h\"`), a plain field, or the ",
        "datapi's own\n * text (`\"volume_24h:desc\"`, checked). The direction defaults to `\"desc\"`.\n */\n",
        "export type DatapiSortBy =\n",
        "  | { metric: DatapiWindowedMetric; window?: DatapiTimeframe; direction?: DatapiDirection }\n",
        "  | { metric: DatapiSortField; direction?: DatapiDirection }\n",
        "  | string;\n",
        "\n/** A numeric field of `filterBy`: `tvl` (USD) or a windowed metric such as `volume_24h`. */\n",
        "export type DatapiNumericField = \"tvl\" | `${DatapiWindowedMetric}_${DatapiTimeframe}`;\n",
        "\n/** One condition of `filterBy` (all conditions must hold). A list of strings matches any of them. */\n",
        "export type DatapiCondition =\n",
        "  | { field: DatapiNumericField; op: ",
    ));
    let text = union(text, wire_names!(Comparison)).push("; value: number }\n  | { field: ");
    let text = union(text, wire_names!(BoolField)).push("; op: \"=\"; value: boolean }\n  | { field: ");
    let text = union(text, wire_names!(TextField)).push("; op: \"=\"; value: string | string[] };\n");
    let text = DATAPI_RATE_LIMIT.declare(text);
    let text = DATAPI_CLIENT.declare(text);
    let text = POOLS_QUERY.declare(text);
    let text = GROUPS_QUERY.declare(text);
    let text = SERIES_QUERY.declare(text);
    let text = DAILY_QUERY.declare(text);
    let text = PORTFOLIO_QUERY.declare(text);
    let text = OPEN_PORTFOLIO_QUERY.declare(text);
    let text = POSITION_EVENTS_QUERY.declare(text);
    let text = POSITIONS_PNL_QUERY.declare(text);
    let text = LIMIT_ORDERS_QUERY.declare(text);
    let text = PERFORMANCE_QUERY.declare(text);
    CALENDAR_QUERY.declare(text)
};

#[wasm_bindgen(typescript_custom_section)]
const DATAPI_OPTIONS_TS: &str = DECLARATIONS.as_str();

#[wasm_bindgen]
extern "C" {
    /// The options object of `createDatapiClient`.
    #[wasm_bindgen(typescript_type = "DatapiClientOptions")]
    pub type DatapiClientOptionsArg;
}

/// The options of each kind of operation, by the name its row gives it (`dlmm_query::operations!`): `reader` names
/// the function that reads them onto the builder (here for the datapi's, in [`crate::options`] for the keeper's),
/// `options` their description ([`Options`]: its name is the method's options type in TypeScript).
macro_rules! options_kind {
    (@pick reader $($reader:ident)::+, $($options:ident)::+) => {
        crate::options::$($reader)::+
    };
    (@pick options $($reader:ident)::+, $($options:ident)::+) => {
        crate::options::$($options)::+
    };
    ($part:ident none) => {
        options_kind!(@pick $part datapi::no_query, CALL)
    };
    ($part:ident list) => {
        options_kind!(@pick $part datapi::list, datapi::POOLS_QUERY)
    };
    ($part:ident groups) => {
        options_kind!(@pick $part datapi::groups, datapi::GROUPS_QUERY)
    };
    ($part:ident series) => {
        options_kind!(@pick $part datapi::series, datapi::SERIES_QUERY)
    };
    ($part:ident daily) => {
        options_kind!(@pick $part datapi::daily, datapi::DAILY_QUERY)
    };
    ($part:ident limit_orders) => {
        options_kind!(@pick $part datapi::paged, datapi::LIMIT_ORDERS_QUERY)
    };
    ($part:ident portfolio) => {
        options_kind!(@pick $part datapi::portfolio, datapi::PORTFOLIO_QUERY)
    };
    ($part:ident open_portfolio) => {
        options_kind!(@pick $part datapi::open_portfolio, datapi::OPEN_PORTFOLIO_QUERY)
    };
    ($part:ident position_events) => {
        options_kind!(@pick $part datapi::position_events, datapi::POSITION_EVENTS_QUERY)
    };
    ($part:ident positions_pnl) => {
        options_kind!(@pick $part datapi::positions_pnl, datapi::POSITIONS_PNL_QUERY)
    };
    ($part:ident performance) => {
        options_kind!(@pick $part datapi::performance, datapi::PERFORMANCE_QUERY)
    };
    ($part:ident calendar) => {
        options_kind!(@pick $part datapi::calendar, datapi::CALENDAR_QUERY)
    };
    ($part:ident call) => {
        options_kind!(@pick $part call_only, CALL)
    };
    ($part:ident pair_list) => {
        options_kind!(@pick $part pair_list, PAIR_LIST)
    };
    ($part:ident all) => {
        options_kind!(@pick $part all, ALL)
    };
    ($part:ident pool_metrics) => {
        options_kind!(@pick $part pool_metrics, POOL_METRICS)
    };
    ($part:ident pnl) => {
        options_kind!(@pick $part pnl, PNL)
    };
}

pub(crate) use options_kind;

/// A builder taking a pool list query.
pub trait ListBuilder: Sized {
    /// See the builders' `with_list`.
    fn with_list(self, list: PoolListQuery) -> Self;
}

/// A groups builder.
pub trait GroupsBuilder: ListBuilder {
    /// See the builders' `volume_tw`.
    fn volume_tw(self, window: Timeframe) -> Self;
    /// See the builders' `fee_tvl_ratio_tw`.
    fn fee_tvl_ratio_tw(self, window: Timeframe) -> Self;
}

/// A series builder.
pub trait SeriesBuilder: Sized {
    /// See the builders' `timeframe`.
    fn timeframe(self, timeframe: Timeframe) -> Self;
    /// See the builders' `start_time`.
    fn start_time(self, start_time: u64) -> Self;
    /// See the builders' `end_time`.
    fn end_time(self, end_time: u64) -> Self;
}

/// A daily statistics builder.
pub trait DailyBuilder: Sized {
    /// See the builders' `start_time`.
    fn start_time(self, start_time: u64) -> Self;
    /// See the builders' `end_time`.
    fn end_time(self, end_time: u64) -> Self;
    /// See the builders' `view`.
    fn view(self, view: DailyView) -> Self;
}

/// A builder with `page` and `page_size`.
pub trait PagedBuilder: Sized {
    /// See the builders' `page`.
    fn page(self, page: u32) -> Self;
    /// See the builders' `page_size`.
    fn page_size(self, page_size: u32) -> Self;
}

/// Implements a builder trait by delegating to the builders' own methods of the same names.
macro_rules! delegate {
    ($trait:ident $methods:tt for $($builder:ty),+) => {$(
        delegate!(@impl $trait $methods $builder);
    )+};
    (@impl $trait:ident { $($method:ident($ty:ty)),+ } $builder:ty) => {
        impl $trait for $builder {
            $(fn $method(self, value: $ty) -> Self {
                <$builder>::$method(self, value)
            })+
        }
    };
}

delegate!(ListBuilder { with_list(PoolListQuery) } for
    dlmm::GetPools, dlmm::GetGroups, dlmm::GetGroup, damm_v2::GetPools, damm_v2::GetGroups, damm_v2::GetGroup);
delegate!(GroupsBuilder { volume_tw(Timeframe), fee_tvl_ratio_tw(Timeframe) } for dlmm::GetGroups, damm_v2::GetGroups);
delegate!(SeriesBuilder { timeframe(Timeframe), start_time(u64), end_time(u64) } for
    dlmm::GetPoolOhlcv, dlmm::GetPoolVolumeHistory, damm_v2::GetPoolOhlcv, damm_v2::GetPoolVolumeHistory);
delegate!(DailyBuilder { start_time(u64), end_time(u64), view(DailyView) } for
    dlmm::GetDailyVolume, dlmm::GetDailyTradingFees, dlmm::GetDailyProtocolFees,
    damm_v2::GetDailyVolume, damm_v2::GetDailyTradingFees, damm_v2::GetDailyProtocolFees);
delegate!(PagedBuilder { page(u32), page_size(u32) } for
    dlmm::GetPortfolio, dlmm::GetOpenPortfolio, dlmm::GetPositionsPnl, dlmm::GetOpenLimitOrderPools,
    dlmm::GetOpenLimitOrders, dlmm::GetClosedLimitOrderPools, dlmm::GetClosedLimitOrders);

/// A route without a query: only the call options are accepted.
pub fn no_query<O>(options: &JsValue, operation: O) -> Result<O, JsValue> {
    check!(CALL, options)?;
    Ok(operation)
}

/// `DatapiPoolsQuery` on a list builder.
pub fn list<B: ListBuilder>(options: &JsValue, builder: B) -> Result<B, JsValue> {
    check!(POOLS_QUERY, options)?;
    Ok(builder.with_list(list_query(options)?))
}

/// `DatapiGroupsQuery` on a groups builder.
pub fn groups<B: GroupsBuilder>(options: &JsValue, builder: B) -> Result<B, JsValue> {
    check!(GROUPS_QUERY, options)?;
    let mut builder = builder.with_list(list_query(options)?);
    if let Some(window) = VOLUME_TW::KEY.read(options)? {
        builder = builder.volume_tw(window);
    }
    if let Some(window) = FEE_TVL_RATIO_TW::KEY.read(options)? {
        builder = builder.fee_tvl_ratio_tw(window);
    }
    Ok(builder)
}

/// `DatapiSeriesQuery` on a series builder.
pub fn series<B: SeriesBuilder>(options: &JsValue, builder: B) -> Result<B, JsValue> {
    check!(SERIES_QUERY, options)?;
    let mut builder = builder;
    if let Some(timeframe) = TIMEFRAME_KEY::KEY.read(options)? {
        builder = builder.timeframe(timeframe);
    }
    if let Some(start) = START_TIME::KEY.read(options)? {
        builder = builder.start_time(start);
    }
    if let Some(end) = END_TIME::KEY.read(options)? {
        builder = builder.end_time(end);
    }
    Ok(builder)
}

/// `DatapiDailyQuery` on a daily statistics builder.
pub fn daily<B: DailyBuilder>(options: &JsValue, builder: B) -> Result<B, JsValue> {
    check!(DAILY_QUERY, options)?;
    let mut builder = builder;
    if let Some(start) = DAY_START_TIME::KEY.read(options)? {
        builder = builder.start_time(start);
    }
    if let Some(end) = DAY_END_TIME::KEY.read(options)? {
        builder = builder.end_time(end);
    }
    if let Some(view) = VIEW::KEY.read(options)? {
        builder = builder.view(view);
    }
    Ok(builder)
}

/// `PortfolioPerformanceQuery`.
pub fn performance(
    options: &JsValue,
    builder: portfolio::GetPerformance,
) -> Result<portfolio::GetPerformance, JsValue> {
    check!(PERFORMANCE_QUERY, options)?;
    Ok(match TIME_RANGE::KEY.read(options)? {
        Some(range) => builder.time_range(range),
        None => builder,
    })
}

/// `PortfolioCalendarQuery`: one `month`, or `fromMonth` and `toMonth` together (any other mix is refused as `month`).
pub fn calendar(options: &JsValue, builder: portfolio::GetCalendar) -> Result<portfolio::GetCalendar, JsValue> {
    check!(CALENDAR_QUERY, options)?;
    let month = |key: &'static str, text: Option<String>| {
        text.map(|text| Month::parse_param(key, &text).map_err(|e| invalid(key, e.reason))).transpose()
    };
    let one = month("month", MONTH::KEY.read(options)?)?;
    let from = month("fromMonth", FROM_MONTH::KEY.read(options)?)?;
    let to = month("toMonth", TO_MONTH::KEY.read(options)?)?;
    match (one, from, to) {
        (Some(month), None, None) => Ok(builder.month(month)),
        (None, Some(from), Some(to)) => Ok(builder.months(from, to)),
        (None, None, None) => Ok(builder),
        _ => Err(invalid("month", "give either `month`, or both `fromMonth` and `toMonth`")),
    }
}

/// `DatapiLimitOrdersQuery` on a paged builder.
pub fn paged<B: PagedBuilder>(options: &JsValue, builder: B) -> Result<B, JsValue> {
    check!(LIMIT_ORDERS_QUERY, options)?;
    paging(options, builder)
}

/// `DatapiPortfolioQuery`.
pub fn portfolio(options: &JsValue, builder: dlmm::GetPortfolio) -> Result<dlmm::GetPortfolio, JsValue> {
    check!(PORTFOLIO_QUERY, options)?;
    let builder = paging(options, builder)?;
    Ok(match DAYS_BACK::KEY.read(options)? {
        Some(days) => builder.days_back(days),
        None => builder,
    })
}

/// `DatapiOpenPortfolioQuery`.
pub fn open_portfolio(options: &JsValue, builder: dlmm::GetOpenPortfolio) -> Result<dlmm::GetOpenPortfolio, JsValue> {
    check!(OPEN_PORTFOLIO_QUERY, options)?;
    let mut builder = paging(options, builder)?;
    if let Some(sort) = OPEN_SORT_BY::KEY.read(options)? {
        builder = builder.sort_by(sort);
    }
    if let Some(direction) = SORT_DIRECTION::KEY.read(options)? {
        builder = builder.sort_direction(direction);
    }
    Ok(builder)
}

/// `DatapiPositionEventsQuery`.
pub fn position_events(
    options: &JsValue,
    builder: dlmm::GetPositionEvents,
) -> Result<dlmm::GetPositionEvents, JsValue> {
    check!(POSITION_EVENTS_QUERY, options)?;
    let mut builder = builder;
    if let Some(kind) = EVENT_TYPE::KEY.read(options)? {
        builder = builder.event_type(kind);
    }
    if let Some(direction) = ORDER_DIRECTION::KEY.read(options)? {
        builder = builder.order_direction(direction);
    }
    Ok(builder)
}

/// `DatapiPositionsPnlQuery`.
pub fn positions_pnl(options: &JsValue, builder: dlmm::GetPositionsPnl) -> Result<dlmm::GetPositionsPnl, JsValue> {
    check!(POSITIONS_PNL_QUERY, options)?;
    let builder = paging(options, builder)?;
    Ok(match STATUS::KEY.read(options)? {
        Some(status) => builder.status(status),
        None => builder,
    })
}

/// Reads `page` and `pageSize` (their ranges are the builder's to check).
fn paging<B: PagedBuilder>(options: &JsValue, mut builder: B) -> Result<B, JsValue> {
    if let Some(page) = PAGE::KEY.read(options)? {
        builder = builder.page(page);
    }
    if let Some(size) = PAGE_SIZE_50::KEY.read(options)? {
        builder = builder.page_size(size);
    }
    Ok(builder)
}

/// Reads the fields of a `DatapiPoolsQuery`.
fn list_query(options: &JsValue) -> Result<PoolListQuery, JsValue> {
    let mut list = PoolListQuery::new();
    if let Some(page) = PAGE_FROM_ONE::KEY.read(options)? {
        list = list.page(page);
    }
    if let Some(size) = POOLS_PAGE_SIZE::KEY.read(options)? {
        list = list.page_size(size);
    }
    if let Some(text) = QUERY::KEY.read(options)? {
        list = list.query(text);
    }
    if let Some(sort) = SORT_BY::KEY.read(options)? {
        list = list.sort_by(sort_by(&sort)?);
    }
    if let Some(filter) = FILTER_BY::KEY.read(options)? {
        list = list.filter_by(filter_by(&filter)?);
    }
    Ok(list)
}

/// The query key a datapi parameter is given as in JavaScript, for a parameter named as the API spells it.
fn query_key(parameter: &str) -> Option<&'static str> {
    Some(match parameter {
        "page_size" => "pageSize",
        "start_time" => "startTime",
        "end_time" => "endTime",
        "days_back" => "daysBack",
        "sort_by" => "sortBy",
        "sort_direction" => "sortDirection",
        "filter_by" => "filterBy",
        "event_type" => "eventType",
        "order_direction" => "orderDirection",
        "volume_tw" => "volumeTw",
        "fee_tvl_ratio_tw" => "feeTvlRatioTw",
        "time_range" => "timeRange",
        "from_month" => "fromMonth",
        "to_month" => "toMonth",
        _ => return None,
    })
}

/// Renames the `parameter` of an `invalidInput` `DlmmError` from the API's spelling (`page_size`, as the core names
/// it) to the query key the caller wrote (`pageSize`); any other rejection passes through unchanged.
pub fn js_parameter_names(error: JsValue) -> JsValue {
    let parameter = property(&error, "parameter").as_string();
    if let Some(key) = parameter.as_deref().and_then(query_key) {
        // Setting a property on a DlmmError (a plain Error object) cannot fail.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str("parameter"), &JsValue::from_str(key));
    }
    error
}

/// The same error about `parameter` (a part of an option's value was rejected).
fn about(parameter: &'static str) -> impl Fn(InvalidInput) -> JsValue {
    move |e| invalid(parameter, e.reason)
}

/// `sortBy`: `{ metric, window?, direction? }` or the datapi's text.
fn sort_by(value: &JsValue) -> Result<SortBy, JsValue> {
    if let Some(text) = value.as_string() {
        return text.parse().map_err(about("sortBy"));
    }
    if !value.is_object() || Array::is_array(value) {
        return Err(invalid("sortBy", "must be { metric, window?, direction? } or a string"));
    }
    check_keys(value, &[&["metric", "window", "direction"]])?;
    let Some(metric) = string_option(value, "metric")? else {
        return Err(invalid("sortBy", "needs a metric"));
    };
    let direction = parsed_option::<Direction>(value, "direction")
        .map_err(|_| invalid("sortBy", "the direction must be \"asc\" or \"desc\""))?;
    let direction = direction.unwrap_or(Direction::Desc);
    if let Ok(field) = metric.parse::<SortField>() {
        if !is_absent(&property(value, "window")) {
            return Err(invalid("sortBy", format!("{metric} has no window")));
        }
        return Ok(SortBy::field(field, direction));
    }
    let metric = metric.parse::<WindowedMetric>().map_err(|_| {
        invalid("sortBy", format!("{metric:?} is not one of volume, fee, fee_tvl_ratio, apr, tvl, fee_pct, bin_step, pool_created_at, farm_apy"))
    })?;
    let window = match string_option(value, "window")? {
        Some(window) => window.parse::<Timeframe>().map_err(about("sortBy"))?,
        None => Timeframe::H24,
    };
    Ok(SortBy::windowed(metric, window, direction))
}

/// `filterBy`: a list of conditions or the datapi's text.
fn filter_by(value: &JsValue) -> Result<FilterBy, JsValue> {
    if let Some(text) = value.as_string() {
        return text.parse().map_err(about("filterBy"));
    }
    if !Array::is_array(value) {
        return Err(invalid("filterBy", "must be an array of { field, op, value } or a string"));
    }
    let mut filter = FilterBy::new();
    for condition in Array::from(value).iter() {
        filter = filter.and(read_condition(&condition)?);
    }
    Ok(filter)
}

/// One `{ field, op, value }` of `filterBy`.
fn read_condition(value: &JsValue) -> Result<Condition, JsValue> {
    if !value.is_object() || Array::is_array(value) {
        return Err(invalid("filterBy", "each condition must be { field, op, value }"));
    }
    check_keys(value, &[&["field", "op", "value"]])?;
    let (Some(field), Some(op)) = (string_option(value, "field")?, string_option(value, "op")?) else {
        return Err(invalid("filterBy", "each condition needs a field and an op"));
    };
    let operand = property(value, "value");
    if let Ok(bool_field) = field.parse::<BoolField>() {
        return match (op.as_str(), operand.as_bool()) {
            ("=", Some(flag)) => Ok(Condition::Bool(bool_field, flag)),
            _ => Err(invalid("filterBy", format!("{field} takes op \"=\" and a boolean value"))),
        };
    }
    if let Ok(text_field) = field.parse::<TextField>() {
        let values = match operand.as_string() {
            Some(one) => vec![one],
            None => strings_option(value, "value")
                .ok()
                .flatten()
                .ok_or_else(|| invalid("filterBy", format!("{field} takes a string or an array of strings")))?,
        };
        if op != "=" {
            return Err(invalid("filterBy", format!("{field} takes op \"=\" only")));
        }
        return Ok(Condition::Text(text_field, values));
    }
    let numeric = field.parse::<NumericField>().map_err(about("filterBy"))?;
    let comparison = match op.as_str() {
        ">" => Comparison::Gt,
        ">=" => Comparison::Ge,
        "<" => Comparison::Lt,
        "<=" => Comparison::Le,
        "=" => Comparison::Eq,
        _ => return Err(invalid("filterBy", format!("{field}: op {op:?} is not one of > >= < <= ="))),
    };
    match operand.as_f64() {
        Some(number) if number.is_finite() => Ok(Condition::Numeric(numeric, comparison, number)),
        _ => Err(invalid("filterBy", format!("{field} takes a finite number"))),
    }
}
