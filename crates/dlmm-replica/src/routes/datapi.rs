//! The pool routes shared by both datapi services (`/pools…`, `/stats/protocol_metrics`) and the datapi's error
//! conventions: a bad query value or a malformed address is a 400 with a plain-text body (like the server's query
//! extractor), an unknown pool a 404 `{"message": "Pool not found: <address>"}`. Unknown parameters are ignored.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::json;

use super::{Reply, json_body};
use crate::World;
use crate::datapi::DatapiViews;
use crate::datapi::daily::DailyMetric;
use crate::datapi::grammar::{SortClause, WINDOWS, parse_filter_by, parse_sort_by};
use crate::datapi::pools::{damm_v2_record, dlmm_record};
use crate::datapi::series::{PoolRef, Timeframe, candles, resolve_range, volume_history};
use crate::datapi::table::{Filter, PoolTable};
use crate::dataset::Dataset;
use crate::query::{is_address, param_name};

/// Which datapi service a router serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Service {
    /// The DLMM datapi.
    Dlmm,
    /// The DAMM v2 datapi.
    DammV2,
}

/// A datapi router's state.
#[derive(Clone)]
pub struct DatapiState {
    /// The data and its views.
    pub world: Arc<World>,
    /// The service.
    pub service: Service,
}

impl DatapiState {
    /// The generated data.
    pub(crate) fn dataset(&self) -> &Dataset {
        &self.world.dataset
    }

    /// The datapi's views of the data.
    pub(crate) fn views(&self) -> &DatapiViews {
        &self.world.datapi
    }

    /// The service's pool table.
    pub(crate) fn table(&self) -> &PoolTable {
        match self.service {
            Service::Dlmm => &self.views().dlmm,
            Service::DammV2 => &self.views().damm_v2,
        }
    }
}

pub(crate) type Params = Query<Vec<(String, String)>>;

/// A plain-text error.
pub(crate) fn text_error(status: StatusCode, message: &str) -> Response {
    let mut response = (status, message.to_string()).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    response
}

/// A 400 worded like the query extractor's rejection.
pub(crate) fn bad_query(message: &str) -> Response {
    text_error(StatusCode::BAD_REQUEST, &format!("Failed to deserialize query string: {message}"))
}

/// A 400 for a path value.
pub(crate) fn bad_path(message: &str) -> Response {
    text_error(StatusCode::BAD_REQUEST, &format!("Invalid URL: {message}"))
}

/// A 404 `{"message": …}`.
pub(crate) fn not_found(message: &str) -> Response {
    super::pair_error(StatusCode::NOT_FOUND, message)
}

/// The last non-empty value of `name`.
pub(crate) fn param<'a>(params: &'a [(String, String)], name: &str) -> Option<&'a str> {
    params.iter().rev().find(|(k, v)| param_name(k) == name && !v.trim().is_empty()).map(|(_, v)| v.trim())
}

/// An optional unsigned integer parameter.
pub(crate) fn number_param(params: &[(String, String)], name: &str) -> Result<Option<u64>, Response> {
    match param(params, name) {
        None => Ok(None),
        Some(v) => v.parse::<u64>().map(Some).map_err(|_| bad_query(&format!("{name}: invalid digit found in {v:?}"))),
    }
}

/// `page` (1-based, default 1) and `page_size` (1..=`max`, default `default_size`).
pub(crate) fn paging(params: &[(String, String)], max: u64, default_size: u64) -> Result<(usize, usize), Response> {
    let page = number_param(params, "page")?.unwrap_or(1);
    if page == 0 {
        return Err(bad_query("page: must be at least 1"));
    }
    let page_size = number_param(params, "page_size")?.unwrap_or(default_size);
    if !(1..=max).contains(&page_size) {
        return Err(bad_query(&format!("page_size: must be between 1 and {max}, not {page_size}")));
    }
    Ok((page as usize, page_size as usize))
}

/// `PaginationResponse`.
#[derive(Serialize)]
pub(crate) struct Paginated<T> {
    pub total: usize,
    pub pages: usize,
    pub current_page: usize,
    pub page_size: usize,
    pub data: Vec<T>,
}

impl<T> Paginated<T> {
    pub(crate) fn new(total: usize, page: usize, page_size: usize, data: Vec<T>) -> Self {
        Self { total, pages: total.div_ceil(page_size), current_page: page, page_size, data }
    }
}

/// A pool record of either service.
#[derive(Serialize)]
#[serde(untagged)]
enum Record<'a> {
    Dlmm(crate::datapi::pools::DlmmPoolRecord<'a>),
    DammV2(crate::datapi::pools::DammV2PoolRecord<'a>),
}

fn record(s: &DatapiState, row: usize) -> Record<'_> {
    match s.service {
        Service::Dlmm => Record::Dlmm(dlmm_record(s.dataset(), s.table(), row)),
        Service::DammV2 => Record::DammV2(damm_v2_record(s.dataset(), s.table(), &s.views().damm_v2_pools, row)),
    }
}

/// The parsed list parameters: sort, filter, free-text query.
struct ListParams<'a> {
    sort: SortClause,
    filter: Filter,
    query: Option<&'a str>,
}

fn list_params(params: &[(String, String)]) -> Result<ListParams<'_>, Response> {
    let sort = match param(params, "sort_by") {
        Some(text) => parse_sort_by(text).map_err(|e| bad_query(&e))?,
        None => SortClause::default(),
    };
    let filter = match param(params, "filter_by") {
        Some(text) => Filter::new(&parse_filter_by(text).map_err(|e| bad_query(&e))?).map_err(|e| bad_query(&e))?,
        None => Filter::default(),
    };
    Ok(ListParams { sort, filter, query: param(params, "query") })
}

/// `GET /pools`.
pub async fn pools(State(s): State<DatapiState>, Query(params): Params) -> Reply {
    let (page, page_size) = paging(&params, 1_000, 10)?;
    let l = list_params(&params)?;
    let selection = s.table().select(&l.sort, &l.filter, l.query, None, page, page_size);
    let data: Vec<Record> = selection.rows.iter().map(|&r| record(&s, r as usize)).collect();
    Ok(json_body(&Paginated::new(selection.total, page, page_size, data)))
}

/// The index of a window parameter such as `volume_tw=volume_4h`.
fn window_param(params: &[(String, String)], name: &str, metric: &str) -> Result<usize, Response> {
    match param(params, name) {
        None => Ok(WINDOWS.len() - 1),
        Some(v) => v
            .strip_prefix(metric)
            .and_then(|rest| rest.strip_prefix('_'))
            .and_then(|w| WINDOWS.iter().position(|x| *x == w))
            .ok_or_else(|| bad_query(&format!("{name}: expected {metric}_<window>, not {v:?}"))),
    }
}

/// `GET /pools/groups`: groups ordered by their best matching pool, aggregating their matching pools.
pub async fn groups(State(s): State<DatapiState>, Query(params): Params) -> Reply {
    let (page, page_size) = paging(&params, 100, 10)?;
    let l = list_params(&params)?;
    let volume_w = window_param(&params, "volume_tw", "volume")?;
    let ratio_w = window_param(&params, "fee_tvl_ratio_tw", "fee_tvl_ratio")?;
    let table = s.table();
    let all = table.select(&l.sort, &l.filter, l.query, None, 1, usize::MAX);
    let mut slot = vec![usize::MAX; table.groups.len()];
    let mut listed: Vec<Vec<u32>> = Vec::new();
    let mut total = 0;
    let (start, end) = ((page - 1).saturating_mul(page_size), page.saturating_mul(page_size));
    for &r in &all.rows {
        let g = table.rows[r as usize].group as usize;
        if slot[g] == usize::MAX {
            slot[g] = usize::MAX - 1;
            if total >= start && total < end {
                slot[g] = listed.len();
                listed.push(Vec::new());
            }
            total += 1;
        }
        if slot[g] < listed.len() {
            listed[slot[g]].push(r);
        }
    }
    let data: Vec<serde_json::Value> = listed
        .iter()
        .map(|rows| {
            let first = &table.rows[rows[0] as usize];
            let group = &table.groups[first.group as usize];
            let members = rows.iter().map(|&r| &table.rows[r as usize]);
            let volume: f64 = members.clone().map(|r| r.metrics[0][volume_w]).sum();
            let ratio = members.clone().map(|r| r.metrics[2][ratio_w]).fold(0.0, f64::max);
            let (mint_x, mint_y) = group.lexical_order_mints.split_once('-').unwrap_or_default();
            json!({
                "lexical_order_mints": group.lexical_order_mints,
                "group_name": group.name,
                "token_x": mint_x,
                "token_y": mint_y,
                "pool_count": rows.len(),
                "total_tvl": members.clone().map(|r| r.tvl).sum::<f64>(),
                "total_volume": volume,
                "max_fee_tvl_ratio": ratio,
                "has_farm": members.clone().any(|r| r.has_farm),
                "max_farm_apr": members.map(|r| r.farm_apr).fold(0.0, f64::max),
            })
        })
        .collect();
    Ok(json_body(&Paginated::new(total, page, page_size, data)))
}

/// `GET /pools/groups/{lexical_order_mints}`: the group's pools, paged, sorted and filtered like `/pools`.
pub async fn group(State(s): State<DatapiState>, Path(key): Path<String>, Query(params): Params) -> Reply {
    let valid = key.split_once('-').is_some_and(|(a, b)| is_address(a) && is_address(b));
    if !valid {
        return Err(bad_path(&format!("{key:?} is not two mint addresses joined by '-'")));
    }
    let (page, page_size) = paging(&params, 100, 10)?;
    let l = list_params(&params)?;
    let table = s.table();
    // A pair no pool trades is an empty list (the docs give the route no 404: its 404 is a host without it).
    let Some(group) = table.group_index(&key) else {
        return Ok(json_body(&Paginated::new(0, page, page_size, Vec::<Record>::new())));
    };
    let within = &table.groups[group].rows;
    let selection = table.select(&l.sort, &l.filter, l.query, Some(within), page, page_size);
    let data: Vec<Record> = selection.rows.iter().map(|&r| record(&s, r as usize)).collect();
    Ok(json_body(&Paginated::new(selection.total, page, page_size, data)))
}

/// The row of a pool address: 400 plain text when malformed, 404 JSON when unknown.
pub(crate) fn find_row(table: &PoolTable, address: &str) -> Result<usize, Response> {
    if !is_address(address) {
        // The live router's word for it, which clients read as "this host does not serve that route" on the paths
        // it takes for a pool's.
        return Err(bad_path(&format!("invalid_pubkey: {address:?} is not a valid pool address")));
    }
    table.row_index(address).ok_or_else(|| not_found(&format!("Pool not found: {address}")))
}

/// `GET /pools/{address}`.
pub async fn pool(State(s): State<DatapiState>, Path(address): Path<String>) -> Reply {
    let row = find_row(s.table(), &address)?;
    Ok(json_body(&record(&s, row)))
}

fn series_range(params: &[(String, String)]) -> Result<crate::datapi::series::Range, Response> {
    let timeframe = match param(params, "timeframe") {
        None => crate::datapi::series::TIMEFRAMES[6],
        Some(v) => Timeframe::parse(v)
            .ok_or_else(|| bad_query(&format!("timeframe: {v:?} is not one of 5m, 30m, 1h, 2h, 4h, 12h, 24h")))?,
    };
    let start = number_param(params, "start_time")?.map(|v| v.min(i64::MAX as u64 / 2) as i64);
    let end = number_param(params, "end_time")?.map(|v| v.min(i64::MAX as u64 / 2) as i64);
    resolve_range(timeframe, start, end).map_err(|e| text_error(StatusCode::BAD_REQUEST, &e))
}

fn pool_ref(s: &DatapiState, row: usize) -> PoolRef {
    match s.service {
        Service::Dlmm => PoolRef::Dlmm(row),
        Service::DammV2 => PoolRef::DammV2(row),
    }
}

/// `TimeseriesResponse`.
#[derive(Serialize)]
struct Timeseries<T> {
    start_time: i64,
    end_time: i64,
    timeframe: &'static str,
    data: Vec<T>,
}

/// `GET /pools/{address}/ohlcv`.
pub async fn ohlcv(State(s): State<DatapiState>, Path(address): Path<String>, Query(params): Params) -> Reply {
    let row = find_row(s.table(), &address)?;
    let range = series_range(&params)?;
    let data = candles(s.dataset(), s.table(), pool_ref(&s, row), &range);
    Ok(json_body(&Timeseries { start_time: range.start, end_time: range.end, timeframe: range.timeframe.name, data }))
}

/// `GET /pools/{address}/volume/history`.
pub async fn volume(State(s): State<DatapiState>, Path(address): Path<String>, Query(params): Params) -> Reply {
    let row = find_row(s.table(), &address)?;
    let range = series_range(&params)?;
    let data = volume_history(s.dataset(), s.table(), pool_ref(&s, row), &range);
    Ok(json_body(&Timeseries { start_time: range.start, end_time: range.end, timeframe: range.timeframe.name, data }))
}

/// `GET /stats/daily/{metric}` (the DLMM service only, as the live one): each UTC day's total over the pools that
/// are not blacklisted (`clean`) and over every pool (`gross`), by `view` (`clean`, the default, `gross` or `both`),
/// for the days starting within `[start_time, end_time]` (default: the whole history, up to today). An unknown
/// metric is an unknown route; a bad value is a 400 `{"message": …}`, as the live spec says.
pub async fn daily(State(s): State<DatapiState>, Path(metric): Path<String>, Query(params): Params) -> Reply {
    let Some(metric) = DailyMetric::parse(&metric) else { return Err(not_found("no such route")) };
    let bad = |message: String| super::pair_error(StatusCode::BAD_REQUEST, &message);
    let number = |name: &str| match param(&params, name) {
        None => Ok(None),
        Some(v) => v
            .parse::<u64>()
            .map(|v| Some(v.min(i64::MAX as u64 / 2) as i64))
            .map_err(|_| bad(format!("{name} must be a non-negative whole number of seconds, not {v:?}"))),
    };
    let (start, end) = (number("start_time")?.unwrap_or(0), number("end_time")?.unwrap_or(i64::MAX / 2));
    if end < start {
        return Err(bad(format!("end_time must not be before start_time ({end} < {start})")));
    }
    let (clean, gross) = match param(&params, "view") {
        None | Some("clean") => (true, false),
        Some("gross") => (false, true),
        Some("both") => (true, true),
        Some(other) => return Err(bad(format!("view must be one of clean, gross, both, not {other:?}"))),
    };
    let points: Vec<_> = s
        .views()
        .protocol_days(s.dataset())
        .between(metric, start, end)
        .map(|(day, figures)| {
            let mut point = json!({ "timestamp": day, "date_time": crate::datapi::series::timestamp_str(day) });
            if clean {
                point["clean"] = json!(figures.clean);
            }
            if gross {
                point["gross"] = json!(figures.gross);
            }
            point
        })
        .collect();
    Ok(json_body(&json!({ "data_points": points, "refreshed_at": crate::dataset::time::now_unix() })))
}

/// `GET /stats/protocol_metrics`, with the undocumented `refreshed_at` (unix seconds) real responses carry.
pub async fn protocol_metrics(State(s): State<DatapiState>) -> Response {
    let d = s.dataset();
    let body = match s.service {
        Service::Dlmm => {
            let m = &d.protocol_metrics;
            json!({
                "total_tvl": m.total_tvl,
                "volume_24h": m.daily_trade_volume,
                "fee_24h": m.daily_fee,
                "total_volume": m.total_trade_volume,
                "total_fees": m.total_fee,
                "total_pools": d.pairs.len(),
                "refreshed_at": crate::dataset::time::now_unix(),
            })
        }
        Service::DammV2 => {
            let sum = |f: fn(&crate::dataset::PoolMetricsRecord) -> f64| {
                crate::dataset::round(d.pools.iter().map(f).sum(), 2)
            };
            json!({
                "total_tvl": sum(|p| p.tvl),
                "volume_24h": sum(|p| p.volume24h),
                "fee_24h": sum(|p| p.lp_fee24h + p.protocol_fee24h + p.partner_fee24h + p.referral_fee24h),
                "total_volume": sum(|p| p.volume30d * 12.0),
                "total_fees": sum(|p| (p.lp_fee30d + p.protocol_fee30d + p.partner_fee30d + p.referral_fee30d) * 12.0),
                "total_pools": d.pools.len(),
                "refreshed_at": crate::dataset::time::now_unix(),
            })
        }
    };
    json_body(&body)
}
