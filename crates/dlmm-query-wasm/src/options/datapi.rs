//! The datapi's typed query objects, read into the core's builders ([`dlmm_query::datapi::ops`]) with the typed
//! parameters of [`dlmm_query::datapi::params`], and their TypeScript declarations.
//!
//! Every query object is strict: a key that is neither one of its fields nor a call option rejects with an
//! `invalidInput` `DlmmError` naming the key. A value of the wrong type and a value out of the route's range (which the
//! core rejects, naming the parameter as the API spells it: `page_size`) both name the JS key (`pageSize`, see
//! [`js_parameter_names`]); a positional argument is named as the declarations name it (`lexical_order_mints`).
//! Either way nothing is sent.

use dlmm_query::InvalidInput;
use dlmm_query::datapi::ops::{PoolListQuery, damm_v2, dlmm};
use dlmm_query::datapi::params::{
    BoolField, Comparison, Condition, Direction, FilterBy, NumericField, OpenPortfolioSort, PositionEventType,
    PositionStatus, SortBy, SortField, TextField, Timeframe, WindowedMetric,
};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::{
    CALL_KEYS, check_keys, is_absent, parsed_option, seconds_option, string_option, strings_option, u32_option,
};
use crate::js_error::invalid;
use crate::js_object::property;

#[wasm_bindgen(typescript_custom_section)]
const DATAPI_OPTIONS_TS: &str = r#"
/** Client-side rate limits of the datapi services, requests per second (0 = unlimited). `false` turns both off. */
export interface DatapiRateLimitOptions {
  /** DLMM datapi (default 30, the vendor's documented limit). */
  dlmmPerSecond?: number;
  /** DAMM v2 datapi (default 10, the vendor's documented limit). */
  dammV2PerSecond?: number;
}

/** Options of `createDatapiClient`. Every field is optional; any other key is rejected. */
export interface DatapiClientOptions {
  /** Base URL of the DLMM datapi (default `https://dlmm.datapi.meteora.ag`). */
  dlmmBaseUrl?: string;
  /** Base URL of the DAMM v2 datapi (default `https://damm-v2.datapi.meteora.ag`). */
  dammV2BaseUrl?: string;
  /** Time limit of each request attempt in milliseconds (default 30000; 0 waits forever). */
  timeoutMs?: number;
  /** Retry policy, or `false` to never retry. */
  retry?: RetryOptions | false;
  /** Client-side rate limits, or `false` for none. */
  rateLimit?: DatapiRateLimitOptions | false;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /** The largest response body accepted, in bytes (default 268435456, 256 MiB). */
  maxBodyBytes?: number;
}

/** A time frame: a series' bucket length, or the window of a windowed metric. */
export type DatapiTimeframe = "5m" | "30m" | "1h" | "2h" | "4h" | "12h" | "24h";
/** A sort or filter direction. */
export type DatapiDirection = "asc" | "desc";
/** A metric measured over a window (USD for `volume` and `fee`, percent for `fee_tvl_ratio` and `apr`). */
export type DatapiWindowedMetric = "volume" | "fee" | "fee_tvl_ratio" | "apr";
/** A field without a window that pools sort by. */
export type DatapiSortField = "tvl" | "fee_pct" | "bin_step" | "pool_created_at" | "farm_apy";

/**
 * The order of a pool or group list: a windowed metric (window default `"24h"`), a plain field, or the datapi's own
 * text (`"volume_24h:desc"`, checked). The direction defaults to `"desc"`.
 */
export type DatapiSortBy =
  | { metric: DatapiWindowedMetric; window?: DatapiTimeframe; direction?: DatapiDirection }
  | { metric: DatapiSortField; direction?: DatapiDirection }
  | string;

/** A numeric field of `filterBy`: `tvl` (USD) or a windowed metric such as `volume_24h`. */
export type DatapiNumericField = "tvl" | `${DatapiWindowedMetric}_${DatapiTimeframe}`;

/** One condition of `filterBy` (all conditions must hold). A list of strings matches any of them. */
export type DatapiCondition =
  | { field: DatapiNumericField; op: ">" | ">=" | "<" | "<=" | "="; value: number }
  | { field: "is_blacklisted"; op: "="; value: boolean }
  | { field: "pool_address" | "name" | "token_x" | "token_y"; op: "="; value: string | string[] };

/** The query of `getPools`, `pools`, `getGroup`: paging, search, order and filter. */
export interface DatapiPoolsQuery extends CallOptions {
  /** 1-based page (default 1). Iterators start there. */
  page?: number;
  /** Page size: 1 to 1000 for pools, 1 to 100 for groups (datapi default 50). */
  pageSize?: number;
  /** Free text matched against names, tokens and addresses (at most 200 characters). */
  query?: string;
  /** The order (default `volume_24h`, descending). */
  sortBy?: DatapiSortBy;
  /** Conditions that all must hold, or the datapi's own text (`"tvl>1000 && is_blacklisted=false"`, checked). */
  filterBy?: DatapiCondition[] | string;
}

/** The query of `getGroups` and `groups`: a pool list query and the windows groups aggregate over. */
export interface DatapiGroupsQuery extends DatapiPoolsQuery {
  /** The window each group's volume is summed over (default `"24h"`). */
  volumeTw?: DatapiTimeframe;
  /** The window of each group's fee/TVL ratio (default `"24h"`). */
  feeTvlRatioTw?: DatapiTimeframe;
}

/** The query of `getPoolOhlcv` and `getPoolVolumeHistory`. With both ends, any range is fetched (in chunks). */
export interface DatapiSeriesQuery extends CallOptions {
  /** The bucket length (default `"24h"`). */
  timeframe?: DatapiTimeframe;
  /** The first second of the range, unix seconds, inclusive. */
  startTime?: number;
  /** The last second of the range, unix seconds, inclusive. */
  endTime?: number;
}

/** The query of `getPortfolio`. */
export interface DatapiPortfolioQuery extends CallOptions {
  /** 1-based page. */
  page?: number;
  /** Page size, 1 to 50. */
  pageSize?: number;
  /** Only pools with positions closed within this many days (1 to 365; default 120). */
  daysBack?: number;
}

/** The query of `getOpenPortfolio`. */
export interface DatapiOpenPortfolioQuery extends CallOptions {
  /** 1-based page. */
  page?: number;
  /** Page size, 1 to 50. */
  pageSize?: number;
  /** What the pools are sorted by (default `"current_balances"`). */
  sortBy?: "current_balances" | "unclaimed_fee" | "fee_per_tvl24h";
  /** The sort direction (default `"desc"`). */
  sortDirection?: DatapiDirection;
}

/** The query of `getPositionEvents`. */
export interface DatapiPositionEventsQuery extends CallOptions {
  /** Only events of this kind. */
  eventType?: "add" | "remove" | "claim_fee" | "claim_reward";
  /** Oldest first (`"asc"`) or newest first (`"desc"`, the default). */
  orderDirection?: DatapiDirection;
}

/** The query of `getPositionsPnl`. */
export interface DatapiPositionsPnlQuery extends CallOptions {
  /** Which positions (default `"all"`). */
  status?: "open" | "closed" | "all";
  /** 1-based page. */
  page?: number;
  /** Page size, 1 to 100. */
  pageSize?: number;
}

/** The query of the limit-order lists. */
export interface DatapiLimitOrdersQuery extends CallOptions {
  /** 1-based page. */
  page?: number;
  /** Page size, 1 to 1000. */
  pageSize?: number;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The options object of `createDatapiClient`.
    #[wasm_bindgen(typescript_type = "DatapiClientOptions")]
    pub type DatapiClientOptionsArg;
}

/// The options of each kind of operation, by the name its row gives it (`dlmm_query::operations!`): `reader` names
/// the function that reads them onto the builder (here for the datapi's, in [`crate::options`] for the keeper's),
/// `ts` their TypeScript interface.
macro_rules! options_kind {
    (reader none) => {
        crate::options::datapi::no_query
    };
    (reader list) => {
        crate::options::datapi::list
    };
    (reader groups) => {
        crate::options::datapi::groups
    };
    (reader series) => {
        crate::options::datapi::series
    };
    (reader limit_orders) => {
        crate::options::datapi::paged
    };
    (reader portfolio) => {
        crate::options::datapi::portfolio
    };
    (reader open_portfolio) => {
        crate::options::datapi::open_portfolio
    };
    (reader position_events) => {
        crate::options::datapi::position_events
    };
    (reader positions_pnl) => {
        crate::options::datapi::positions_pnl
    };
    (reader call) => {
        crate::options::call_only
    };
    (reader pair_list) => {
        crate::options::pair_list
    };
    (reader all) => {
        crate::options::all
    };
    (reader pool_metrics) => {
        crate::options::pool_metrics
    };
    (reader pnl) => {
        crate::options::pnl
    };
    (ts none) => {
        "CallOptions"
    };
    (ts list) => {
        "DatapiPoolsQuery"
    };
    (ts groups) => {
        "DatapiGroupsQuery"
    };
    (ts series) => {
        "DatapiSeriesQuery"
    };
    (ts limit_orders) => {
        "DatapiLimitOrdersQuery"
    };
    (ts portfolio) => {
        "DatapiPortfolioQuery"
    };
    (ts open_portfolio) => {
        "DatapiOpenPortfolioQuery"
    };
    (ts position_events) => {
        "DatapiPositionEventsQuery"
    };
    (ts positions_pnl) => {
        "DatapiPositionsPnlQuery"
    };
    (ts call) => {
        "CallOptions"
    };
    (ts pair_list) => {
        "PairListOptions"
    };
    (ts all) => {
        "AllOptions"
    };
    (ts pool_metrics) => {
        "GetPoolMetricsOptions"
    };
    (ts pnl) => {
        "PositionPnlOptions"
    };
}

pub(crate) use options_kind;

const LIST_KEYS: [&str; 5] = ["page", "pageSize", "query", "sortBy", "filterBy"];
const PAGE_KEYS: [&str; 2] = ["page", "pageSize"];

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
delegate!(PagedBuilder { page(u32), page_size(u32) } for
    dlmm::GetPortfolio, dlmm::GetOpenPortfolio, dlmm::GetPositionsPnl, dlmm::GetOpenLimitOrderPools,
    dlmm::GetOpenLimitOrders, dlmm::GetClosedLimitOrderPools, dlmm::GetClosedLimitOrders);

/// A route without a query: only the call options are accepted.
pub fn no_query<O>(options: &JsValue, operation: O) -> Result<O, JsValue> {
    check_keys(options, &[&CALL_KEYS])?;
    Ok(operation)
}

/// `DatapiPoolsQuery` on a list builder.
pub fn list<B: ListBuilder>(options: &JsValue, builder: B) -> Result<B, JsValue> {
    check_keys(options, &[&CALL_KEYS, &LIST_KEYS])?;
    Ok(builder.with_list(list_query(options)?))
}

/// `DatapiGroupsQuery` on a groups builder.
pub fn groups<B: GroupsBuilder>(options: &JsValue, builder: B) -> Result<B, JsValue> {
    check_keys(options, &[&CALL_KEYS, &LIST_KEYS, &["volumeTw", "feeTvlRatioTw"]])?;
    let mut builder = builder.with_list(list_query(options)?);
    if let Some(window) = parsed_option(options, "volumeTw")? {
        builder = builder.volume_tw(window);
    }
    if let Some(window) = parsed_option(options, "feeTvlRatioTw")? {
        builder = builder.fee_tvl_ratio_tw(window);
    }
    Ok(builder)
}

/// `DatapiSeriesQuery` on a series builder.
pub fn series<B: SeriesBuilder>(options: &JsValue, builder: B) -> Result<B, JsValue> {
    check_keys(options, &[&CALL_KEYS, &["timeframe", "startTime", "endTime"]])?;
    let mut builder = builder;
    if let Some(timeframe) = parsed_option(options, "timeframe")? {
        builder = builder.timeframe(timeframe);
    }
    if let Some(start) = seconds_option(options, "startTime")? {
        builder = builder.start_time(start);
    }
    if let Some(end) = seconds_option(options, "endTime")? {
        builder = builder.end_time(end);
    }
    Ok(builder)
}

/// `DatapiLimitOrdersQuery` on a paged builder.
pub fn paged<B: PagedBuilder>(options: &JsValue, builder: B) -> Result<B, JsValue> {
    check_keys(options, &[&CALL_KEYS, &PAGE_KEYS])?;
    paging(options, builder)
}

/// `DatapiPortfolioQuery`.
pub fn portfolio(options: &JsValue, builder: dlmm::GetPortfolio) -> Result<dlmm::GetPortfolio, JsValue> {
    check_keys(options, &[&CALL_KEYS, &PAGE_KEYS, &["daysBack"]])?;
    let builder = paging(options, builder)?;
    Ok(match u32_option(options, "daysBack", 0)? {
        Some(days) => builder.days_back(days),
        None => builder,
    })
}

/// `DatapiOpenPortfolioQuery`.
pub fn open_portfolio(options: &JsValue, builder: dlmm::GetOpenPortfolio) -> Result<dlmm::GetOpenPortfolio, JsValue> {
    check_keys(options, &[&CALL_KEYS, &PAGE_KEYS, &["sortBy", "sortDirection"]])?;
    let mut builder = paging(options, builder)?;
    if let Some(sort) = parsed_option::<OpenPortfolioSort>(options, "sortBy")? {
        builder = builder.sort_by(sort);
    }
    if let Some(direction) = parsed_option::<Direction>(options, "sortDirection")? {
        builder = builder.sort_direction(direction);
    }
    Ok(builder)
}

/// `DatapiPositionEventsQuery`.
pub fn position_events(
    options: &JsValue,
    builder: dlmm::GetPositionEvents,
) -> Result<dlmm::GetPositionEvents, JsValue> {
    check_keys(options, &[&CALL_KEYS, &["eventType", "orderDirection"]])?;
    let mut builder = builder;
    if let Some(kind) = parsed_option::<PositionEventType>(options, "eventType")? {
        builder = builder.event_type(kind);
    }
    if let Some(direction) = parsed_option::<Direction>(options, "orderDirection")? {
        builder = builder.order_direction(direction);
    }
    Ok(builder)
}

/// `DatapiPositionsPnlQuery`.
pub fn positions_pnl(options: &JsValue, builder: dlmm::GetPositionsPnl) -> Result<dlmm::GetPositionsPnl, JsValue> {
    check_keys(options, &[&CALL_KEYS, &PAGE_KEYS, &["status"]])?;
    let builder = paging(options, builder)?;
    Ok(match parsed_option::<PositionStatus>(options, "status")? {
        Some(status) => builder.status(status),
        None => builder,
    })
}

/// Reads `page` and `pageSize` (their ranges are the builder's to check).
fn paging<B: PagedBuilder>(options: &JsValue, mut builder: B) -> Result<B, JsValue> {
    if let Some(page) = u32_option(options, "page", 0)? {
        builder = builder.page(page);
    }
    if let Some(size) = u32_option(options, "pageSize", 0)? {
        builder = builder.page_size(size);
    }
    Ok(builder)
}

/// Reads the fields of a `DatapiPoolsQuery`.
fn list_query(options: &JsValue) -> Result<PoolListQuery, JsValue> {
    let mut list = PoolListQuery::new();
    if let Some(page) = u32_option(options, "page", 0)? {
        list = list.page(page);
    }
    if let Some(size) = u32_option(options, "pageSize", 0)? {
        list = list.page_size(size);
    }
    if let Some(text) = string_option(options, "query")? {
        list = list.query(text);
    }
    let sort = property(options, "sortBy");
    if !is_absent(&sort) {
        list = list.sort_by(sort_by(&sort)?);
    }
    let filter = property(options, "filterBy");
    if !is_absent(&filter) {
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
