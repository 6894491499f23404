//! Options read from JavaScript, in one place: the readers of option values (string, number, boolean, string list,
//! duration, retry policy, signal, headers, rate limits), the per-call options every method takes, the client options
//! of `createClient` and `createDatapiClient`, the keeper's list query, and their TypeScript declarations.
//! The datapi's typed query objects are read in [`datapi`].

pub mod datapi;

use std::time::Duration;

use dlmm_query::ops::{
    All, AllByGroups, AllByGroupsMetadata, AllWithPagination, GetPoolMetrics, GetPositionPnl, OrderBy, PairListQuery,
    PairSortKey,
};
use dlmm_query::policy::{RateLimiter, RetryPolicy};
use dlmm_query::{BaseUrl, CallOptions, ClientConfig};
use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;
use web_sys::AbortSignal;

use crate::js_error::{input_error, invalid, invalid_key};
use crate::js_object::property;

#[wasm_bindgen(typescript_custom_section)]
const OPTIONS_TS: &str = r#"
/** Retry policy: exponential back-off with jitter, honouring `Retry-After`. `false` never retries. */
export interface RetryOptions {
  /** Attempts in all, the first included (default 4; 1 never retries). */
  maxAttempts?: number;
  /** Back-off before the first retry, ms (default 250); it doubles with each further retry. */
  baseDelayMs?: number;
  /** The longest single wait, ms (default 8000). */
  maxDelayMs?: number;
  /** The longest time a call may take in all, waits included, ms (default 30000). */
  maxTotalMs?: number;
}

/** Client-side rate limits, requests per second (0 = unlimited). `false` turns both off. */
export interface RateLimitOptions {
  /** Pair API (default 30, the vendor's documented limit). */
  pairPerSecond?: number;
  /** Pool API (default 10, the vendor's documented limit). */
  poolPerSecond?: number;
}

/** Options of `createClient`. Every field is optional. */
export interface ClientOptions {
  /** Base URL of the pair API (default `https://dlmm-api.meteora.ag`). */
  pairBaseUrl?: string;
  /** Base URL of the pool API (default `https://dammv2-api.meteora.ag`). */
  poolBaseUrl?: string;
  /** Time limit of each request attempt in milliseconds (default 30000; 0 waits forever). */
  timeoutMs?: number;
  /** Retry policy, or `false` to never retry. */
  retry?: RetryOptions | false;
  /** Client-side rate limits, or `false` for none. */
  rateLimit?: RateLimitOptions | false;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /** The largest response body accepted, in bytes (default 268435456, 256 MiB); a larger one rejects with a
   * `decode` DlmmError while it is read, before it fills memory. */
  maxBodyBytes?: number;
}

/** Options every method takes. */
export interface CallOptions {
  /** Cancels the call: it then rejects with the signal's reason (an `AbortError` `DOMException` by default). */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call (0 waits forever). */
  timeoutMs?: number;
  /** Overrides the client's retry policy for this call. */
  retry?: RetryOptions | false;
}

/** Options of `getPoolMetrics`. */
export interface GetPoolMetricsOptions extends CallOptions {
  /** `true` (default) matches the address exactly; `false` ignores case. */
  caseSensitive?: boolean;
}

/** Options of `all`. */
export interface AllOptions extends CallOptions {
  /** `false` keeps only pairs whose both tokens are verified (default `true`). */
  includeUnknown?: boolean;
  /**
   * Keeps only pairs whose TVL (`liquidity`, USD) is at least this much. The filter runs while the body is decoded,
   * so dropped pairs never become JavaScript objects (much less memory on the full list).
   */
  minTvl?: number;
}

/** A `sortKey` of the list operations. */
export type PairSortKey =
  | "tvl" | "volume" | "feetvlratio" | "lm"
  | "feetvlratio30m" | "feetvlratio1h" | "feetvlratio2h" | "feetvlratio4h" | "feetvlratio12h"
  | "volume30m" | "volume1h" | "volume2h" | "volume4h" | "volume12h";

/** Query of the list operations (`allByGroups`, `allByGroupsMetadata`, `allWithPagination` and the iterators). */
export interface PairListOptions extends CallOptions {
  /** 0-based page (default 0). Iterators start there. */
  page?: number;
  /** Page size, 1..=1000 (server default 50). */
  limit?: number;
  /** Items skipped before the page. */
  skipSize?: number;
  /** Pair addresses listed first. */
  poolsToTop?: string[];
  /** Sort key (server default `volume`). */
  sortKey?: PairSortKey;
  /** Sort order (server default `desc`). */
  orderBy?: "asc" | "desc";
  /** Case-insensitive substring of the name or a mint. */
  searchTerm?: string;
  /** `false` keeps only pairs whose both tokens are verified (default `true`). */
  includeUnknown?: boolean;
  /** Hides pairs under this TVL, USD. */
  hideLowTvl?: number;
  /** Hides pairs with an APR under 0.01 %. */
  hideLowApr?: boolean;
  /** Keeps pairs trading one of these mints. */
  includeTokenMints?: string[];
  /** Keeps these mint pairs (`"mintA-mintB"`, either order). */
  includePoolTokenPairs?: string[];
  /** Keeps pairs with one of these tags. */
  tags?: string[];
  /** Keeps pairs from one of these launchpads. */
  launchpad?: string[];
}

/** Options of `getPositionPnl`. */
export interface PositionPnlOptions extends CallOptions {
  /** What the position still holds, USD, if known: added to the net result. */
  currentValueUsd?: number;
}

/** Fees over trailing windows, USD. */
export type FeeData = Windows;
/** Fee / TVL ratio over trailing windows, percent. */
export type FeeTvlRatioData = Windows;
/** Trading volume over trailing windows, USD. */
export type VolumeData = Windows;

/** An async iterator over the items of every page of a list operation. `return()` stops it. */
export type DlmmAsyncIterator<T> = AsyncIterableIterator<T, undefined, undefined>;
"#;

#[wasm_bindgen]
extern "C" {
    /// The options object of `createClient`.
    #[wasm_bindgen(typescript_type = "ClientOptions")]
    pub type ClientOptionsArg;
    /// The options object of an operation's method (the method's declaration names its TypeScript type).
    pub type MethodOptionsArg;
}

/// The longest time option accepted, in milliseconds (one day).
const MAX_MS: f64 = 86_400_000.0;
/// The largest integer JavaScript holds exactly.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
/// The keys of the call options (`CallOptions` in TypeScript), which every method's options object may carry.
pub const CALL_KEYS: [&str; 3] = ["signal", "timeoutMs", "retry"];

/// An optional JS argument as a value (`undefined` when absent).
pub fn arg<T: Into<JsValue>>(value: Option<T>) -> JsValue {
    value.map(Into::into).unwrap_or(JsValue::UNDEFINED)
}

/// The per-call options every method reads: the signal and the policy overrides.
pub struct Call {
    /// Cancels the call when it fires.
    pub signal: Option<AbortSignal>,
    /// The time-out and retry overrides.
    pub options: CallOptions,
}

impl Call {
    /// Reads `signal`, `timeoutMs` and `retry` from an options object (or `undefined`).
    pub fn read(options: &JsValue) -> Result<Self, JsValue> {
        if !is_absent(options) && !options.is_object() {
            return Err(invalid("options", "must be an object"));
        }
        Ok(Self {
            signal: signal_option(options)?,
            options: CallOptions { timeout: timeout_option(options)?, retry: retry_option(options)? },
        })
    }
}

/// The keeper client's configuration from the options of `createClient`.
pub fn client_config(options: &JsValue) -> Result<ClientConfig, JsValue> {
    let mut config = ClientConfig::default();
    if !common_options(options, &mut config)? {
        return Ok(config);
    }
    if let Some(url) = string_option(options, "pairBaseUrl")? {
        config.pair_base_url = BaseUrl::parse_param("pairBaseUrl", &url).map_err(input_error)?;
    }
    if let Some(url) = string_option(options, "poolBaseUrl")? {
        config.pool_base_url = BaseUrl::parse_param("poolBaseUrl", &url).map_err(input_error)?;
    }
    let ClientConfig { pair_rate_per_second, pool_rate_per_second, .. } = &mut config;
    rate_limits(options, [("pairPerSecond", pair_rate_per_second), ("poolPerSecond", pool_rate_per_second)])?;
    Ok(config)
}

/// The keys of `DatapiClientOptions`.
const DATAPI_CLIENT_KEYS: [&str; 7] =
    ["dlmmBaseUrl", "dammV2BaseUrl", "timeoutMs", "retry", "rateLimit", "headers", "maxBodyBytes"];

/// The datapi client's configuration from the options of `createDatapiClient` (unknown keys rejected).
pub fn datapi_client_config(options: &JsValue) -> Result<ClientConfig, JsValue> {
    let mut config = ClientConfig::default();
    if !common_options(options, &mut config)? {
        return Ok(config);
    }
    check_keys(options, &[&DATAPI_CLIENT_KEYS])?;
    if let Some(url) = string_option(options, "dlmmBaseUrl")? {
        config.dlmm_datapi_base_url = BaseUrl::parse_param("dlmmBaseUrl", &url).map_err(input_error)?;
    }
    if let Some(url) = string_option(options, "dammV2BaseUrl")? {
        config.damm_v2_datapi_base_url = BaseUrl::parse_param("dammV2BaseUrl", &url).map_err(input_error)?;
    }
    let ClientConfig { dlmm_datapi_rate_per_second, damm_v2_datapi_rate_per_second, .. } = &mut config;
    rate_limits(
        options,
        [("dlmmPerSecond", dlmm_datapi_rate_per_second), ("dammV2PerSecond", damm_v2_datapi_rate_per_second)],
    )?;
    Ok(config)
}

/// `options.maxBodyBytes`, when set.
pub fn max_body_bytes(options: &JsValue) -> Result<Option<usize>, JsValue> {
    Ok(number_option(options, "maxBodyBytes", 1.0, 4_294_967_295.0)?.map(|bytes| bytes as usize))
}

/// Reads what both clients' options share (`timeoutMs`, `retry`, `headers`) into `config`; false when there are no
/// options at all.
fn common_options(options: &JsValue, config: &mut ClientConfig) -> Result<bool, JsValue> {
    if is_absent(options) {
        return Ok(false);
    }
    if !options.is_object() {
        return Err(invalid("options", "must be an object"));
    }
    if let Some(timeout) = timeout_option(options)? {
        config.timeout = timeout;
    }
    if let Some(retry) = retry_option(options)? {
        config.retry = retry;
    }
    let headers = property(options, "headers");
    if headers.is_object() {
        for entry in Object::entries(headers.unchecked_ref()).iter() {
            let entry: Array = entry.unchecked_into();
            let (Some(name), Some(value)) = (entry.get(0).as_string(), entry.get(1).as_string()) else {
                return Err(invalid("headers", "must map header names to strings"));
            };
            // `fetch` throws on a bad name or value inside every call; reject it here, once, instead.
            dlmm_query::header::check(&name, &value).map_err(input_error)?;
            config.headers.push((name, value));
        }
    } else if !is_absent(&headers) {
        return Err(invalid("headers", "must be an object"));
    }
    Ok(true)
}

/// Reads `options.rateLimit`: `false` turns every limit off, an object sets each named rate.
fn rate_limits<const N: usize>(options: &JsValue, rates: [(&'static str, &mut f64); N]) -> Result<(), JsValue> {
    let limit = property(options, "rateLimit");
    if limit.as_bool() == Some(false) {
        for (_, rate) in rates {
            *rate = 0.0;
        }
    } else if limit.is_object() {
        // Rates so slow that their waits overflow a duration are rejected, like any out-of-range option.
        for (key, rate) in rates {
            if let Some(value) = number_option(&limit, key, 0.0, 1e6)? {
                *rate = RateLimiter::check_rate(key, value).map_err(input_error)?;
            }
        }
    } else if !is_absent(&limit) {
        return Err(invalid("rateLimit", "must be an object or false"));
    }
    Ok(())
}

/// Reads the list query of the three list operations from an options object.
pub fn list_query(options: Option<&JsValue>) -> Result<PairListQuery, JsValue> {
    let Some(options) = options.filter(|o| o.is_object()) else {
        return Ok(PairListQuery::new());
    };
    let mut q = PairListQuery::new();
    if let Some(page) = number_option(options, "page", 0.0, MAX_SAFE)? {
        q = q.page(integer("page", page)?);
    }
    if let Some(limit) = number_option(options, "limit", 0.0, f64::from(u32::MAX))? {
        q = q.limit(integer("limit", limit)? as u32);
    }
    if let Some(skip) = number_option(options, "skipSize", 0.0, MAX_SAFE)? {
        q = q.skip_size(integer("skipSize", skip)?);
    }
    if let Some(list) = strings_option(options, "poolsToTop")? {
        q = q.pools_to_top(list);
    }
    if let Some(key) = string_option(options, "sortKey")? {
        q = q.sort_key(key.parse::<PairSortKey>().map_err(input_error)?);
    }
    if let Some(order) = string_option(options, "orderBy")? {
        q = q.order_by(order.parse::<OrderBy>().map_err(input_error)?);
    }
    if let Some(term) = string_option(options, "searchTerm")? {
        q = q.search_term(term);
    }
    if let Some(include) = bool_option(options, "includeUnknown")? {
        q = q.include_unknown(include);
    }
    if let Some(tvl) = number_option(options, "hideLowTvl", 0.0, f64::MAX)? {
        q = q.hide_low_tvl(tvl);
    }
    if let Some(hide) = bool_option(options, "hideLowApr")? {
        q = q.hide_low_apr(hide);
    }
    if let Some(list) = strings_option(options, "includeTokenMints")? {
        q = q.include_token_mints(list);
    }
    if let Some(list) = strings_option(options, "includePoolTokenPairs")? {
        q = q.include_pool_token_pairs(list);
    }
    if let Some(list) = strings_option(options, "tags")? {
        q = q.tags(list);
    }
    if let Some(list) = strings_option(options, "launchpad")? {
        q = q.launchpad(list);
    }
    Ok(q)
}

/// Reads a required string argument.
pub fn string_arg(parameter: &'static str, value: &JsValue) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| invalid(parameter, "must be a string"))
}

/// Reads a required count argument (`numOfDays`, `rowsToTake`): an integer; the core checks its range.
pub fn count_arg(parameter: &'static str, value: &JsValue) -> Result<u32, JsValue> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => Ok(n as u32),
        _ => Err(invalid(parameter, "must be an integer from 1 to 255")),
    }
}

/// Checks that a number option is whole.
pub fn integer(parameter: &'static str, value: f64) -> Result<u64, JsValue> {
    if value.fract() == 0.0 { Ok(value as u64) } else { Err(invalid(parameter, "must be an integer")) }
}

/// Reads `options[key]` as an optional boolean.
pub fn bool_option(options: &JsValue, key: &'static str) -> Result<Option<bool>, JsValue> {
    let value = property(options, key);
    if is_absent(&value) {
        return Ok(None);
    }
    value.as_bool().map(Some).ok_or_else(|| invalid(key, "must be a boolean"))
}

/// Reads `options[key]` as an optional string.
pub fn string_option(options: &JsValue, key: &'static str) -> Result<Option<String>, JsValue> {
    let value = property(options, key);
    if is_absent(&value) {
        return Ok(None);
    }
    value.as_string().map(Some).ok_or_else(|| invalid(key, "must be a string"))
}

/// Reads `options[key]` as an optional array of strings.
pub fn strings_option(options: &JsValue, key: &'static str) -> Result<Option<Vec<String>>, JsValue> {
    let value = property(options, key);
    if is_absent(&value) {
        return Ok(None);
    }
    if !Array::is_array(&value) {
        return Err(invalid(key, "must be an array of strings"));
    }
    let mut list = Vec::new();
    for item in Array::from(&value).iter() {
        list.push(item.as_string().ok_or_else(|| invalid(key, "must be an array of strings"))?);
    }
    Ok(Some(list))
}

/// Reads `options[key]` as an optional finite number in `min..=max`.
pub fn number_option(options: &JsValue, key: &'static str, min: f64, max: f64) -> Result<Option<f64>, JsValue> {
    let value = property(options, key);
    if is_absent(&value) {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.is_finite() && n >= min && n <= max => Ok(Some(n)),
        _ if min.is_finite() => Err(invalid(key, format!("must be a number from {min} to {max}"))),
        _ => Err(invalid(key, "must be a finite number")),
    }
}

/// Reads `options[key]` as an optional duration in milliseconds (at most a day).
fn duration_option(options: &JsValue, key: &'static str) -> Result<Option<Duration>, JsValue> {
    Ok(number_option(options, key, 0.0, MAX_MS)?.map(|ms| Duration::from_millis(ms as u64)))
}

/// Reads `options.timeoutMs`: `Some(None)` for 0 (no limit).
fn timeout_option(options: &JsValue) -> Result<Option<Option<Duration>>, JsValue> {
    Ok(duration_option(options, "timeoutMs")?.map(|d| (!d.is_zero()).then_some(d)))
}

/// Reads `options.retry`: `false` never retries, an object overrides the default policy field by field.
fn retry_option(options: &JsValue) -> Result<Option<RetryPolicy>, JsValue> {
    let value = property(options, "retry");
    if is_absent(&value) {
        return Ok(None);
    }
    match value.as_bool() {
        Some(false) => return Ok(Some(RetryPolicy::NEVER)),
        Some(true) => return Ok(Some(RetryPolicy::default())),
        None if !value.is_object() => return Err(invalid("retry", "must be an object or false")),
        None => {}
    }
    let mut policy = RetryPolicy::default();
    if let Some(n) = number_option(&value, "maxAttempts", 1.0, 100.0)? {
        policy.max_attempts = integer("maxAttempts", n)? as u32;
    }
    if let Some(d) = duration_option(&value, "baseDelayMs")? {
        policy.base_delay = d;
    }
    if let Some(d) = duration_option(&value, "maxDelayMs")? {
        policy.max_delay = d;
    }
    if let Some(d) = duration_option(&value, "maxTotalMs")? {
        policy.max_total = d;
    }
    Ok(Some(policy))
}

/// Reads `options.signal` as an optional `AbortSignal`.
fn signal_option(options: &JsValue) -> Result<Option<AbortSignal>, JsValue> {
    let value = property(options, "signal");
    if is_absent(&value) {
        return Ok(None);
    }
    value.dyn_into::<AbortSignal>().map(Some).map_err(|_| invalid("signal", "must be an AbortSignal"))
}

/// Whether `value` is `undefined` or `null` (an option not given).
pub fn is_absent(value: &JsValue) -> bool {
    value.is_undefined() || value.is_null()
}

/// Rejects a key of `options` that is in none of the lists `keys`, naming it.
pub fn check_keys(options: &JsValue, keys: &[&[&str]]) -> Result<(), JsValue> {
    if is_absent(options) {
        return Ok(());
    }
    if !options.is_object() {
        return Err(invalid("options", "must be an object"));
    }
    for key in Object::keys(options.unchecked_ref::<Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if !keys.iter().any(|list| list.contains(&key.as_str())) {
            let mut reason = String::from("is not an option here; expected one of ");
            for name in keys.iter().copied().flatten() {
                if !reason.ends_with(' ') {
                    reason.push_str(", ");
                }
                reason.push_str(name);
            }
            return Err(invalid_key(&key, &reason));
        }
    }
    Ok(())
}

/// Reads `options[key]` as an optional whole number from `min` to `max`.
pub fn u32_option(options: &JsValue, key: &'static str, min: u32) -> Result<Option<u32>, JsValue> {
    match number_option(options, key, f64::from(min), f64::from(u32::MAX))? {
        Some(n) => Ok(Some(integer(key, n)? as u32)),
        None => Ok(None),
    }
}

/// Reads `options[key]` as an optional whole number of seconds (a unix time), up to 2^53 - 1.
pub fn seconds_option(options: &JsValue, key: &'static str) -> Result<Option<u64>, JsValue> {
    match number_option(options, key, 0.0, MAX_SAFE)? {
        Some(n) => integer(key, n).map(Some),
        None => Ok(None),
    }
}

/// Reads `options[key]` as an optional string parsed with `FromStr` (an unknown value is rejected naming `key`).
pub fn parsed_option<T: std::str::FromStr<Err = dlmm_query::InvalidInput>>(
    options: &JsValue,
    key: &'static str,
) -> Result<Option<T>, JsValue> {
    string_option(options, key)?.map(|text| text.parse::<T>().map_err(|e| invalid(key, e.reason))).transpose()
}

/// The keeper's operations whose options are the call options only (any other key is ignored, as it always was).
pub fn call_only<O>(_options: &JsValue, operation: O) -> Result<O, JsValue> {
    Ok(operation)
}

/// A keeper list builder, made from its list query.
pub trait PairListBuilder {
    /// The builder asking for `query`.
    fn from_query(query: PairListQuery) -> Self;
}

macro_rules! pair_list_builders {
    ($($builder:ident),+) => {$(
        impl PairListBuilder for $builder {
            fn from_query(query: PairListQuery) -> Self {
                $builder::from_query(query)
            }
        }
    )+};
}

pair_list_builders!(AllByGroups, AllByGroupsMetadata, AllWithPagination);

/// `PairListOptions` on a keeper list builder (the builder's own query is replaced).
pub fn pair_list<B: PairListBuilder>(options: &JsValue, _builder: B) -> Result<B, JsValue> {
    Ok(B::from_query(list_query(Some(options))?))
}

/// The options of `all`: the operation (`includeUnknown`) and the TVL floor (`minTvl`), if any.
pub fn all(options: &JsValue, mut operation: All) -> Result<(All, Option<f64>), JsValue> {
    if let Some(include) = bool_option(options, "includeUnknown")? {
        operation = operation.include_unknown(include);
    }
    Ok((operation, number_option(options, "minTvl", f64::NEG_INFINITY, f64::INFINITY)?))
}

/// `getPoolMetrics(address, { caseSensitive })`.
pub fn pool_metrics(options: &JsValue, operation: GetPoolMetrics) -> Result<GetPoolMetrics, JsValue> {
    Ok(match bool_option(options, "caseSensitive")? {
        Some(case_sensitive) => operation.case_sensitive(case_sensitive),
        None => operation,
    })
}

/// `getPositionPnl(position, { currentValueUsd })`: what the position still holds, if given.
pub fn pnl(options: &JsValue, operation: GetPositionPnl) -> Result<GetPositionPnl, JsValue> {
    Ok(match number_option(options, "currentValueUsd", f64::NEG_INFINITY, f64::INFINITY)? {
        Some(usd) => operation.current_value_usd(usd),
        None => operation,
    })
}
