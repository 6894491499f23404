//! Options read from JavaScript, in one place: the readers of option values (string, number, boolean, string list,
//! duration, retry policy, signal, headers, rate limits), the per-call options every method takes, the client options
//! of `createClient` and `createDatapiClient`, the keeper's list query, and their TypeScript declarations.
//! The datapi's typed query objects are read in [`datapi`].

pub mod datapi;
mod schema;

use std::time::Duration;

use dlmm_query::float::text;
use dlmm_query::ops::{All, GetPoolMetrics, GetPositionPnl, OrderBy, PairListQuery, PairSortKey};
use dlmm_query::policy::{RateLimiter, RetryPolicy};
use dlmm_query::{BaseUrl, CallOptions, ClientConfig};
use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;
use web_sys::AbortSignal;

use dlmm_query::ts_type::TsText;

use self::schema::{
    Bool, Count, Field, Key, MAX_SAFE, Number, OneOf, Options, Raw, Text, Texts, Whole, alias, check, keys, options,
    wire_names,
};
use crate::js_error::{input_error, invalid, invalid_key};
use crate::js_object::property;

keys! {
    SIGNAL "signal": Raw = Raw("AbortSignal"),
        "Cancels the call: it then rejects with the signal's reason (an `AbortError` `DOMException` by default).";
    CALL_TIMEOUT_MS "timeoutMs": Number = TIME, "Overrides the client's `timeoutMs` for this call (0 waits forever).";
    CALL_RETRY "retry": Raw = Raw("RetryOptions | false"), "Overrides the client's retry policy for this call.";
    MAX_ATTEMPTS "maxAttempts": Count = Count(1.0, 100.0), "Attempts in all, the first included (default 4; 1 never retries).";
    BASE_DELAY_MS "baseDelayMs": Number = TIME,
        "Back-off before the first retry, ms (default 250); it doubles with each further retry.";
    MAX_DELAY_MS "maxDelayMs": Number = TIME, "The longest single wait, ms (default 8000).";
    MAX_TOTAL_MS "maxTotalMs": Number = TIME, "The longest time a call may take in all, waits included, ms (default 30000).";
    PAIR_PER_SECOND "pairPerSecond": Number = RATE, "Pair API (default 30, the vendor's documented limit).";
    POOL_PER_SECOND "poolPerSecond": Number = RATE, "Pool API (default 10, the vendor's documented limit).";
    PAIR_BASE_URL "pairBaseUrl": Text = Text, "Base URL of the pair API (default `https://dlmm-api.meteora.ag`).";
    POOL_BASE_URL "poolBaseUrl": Text = Text, "Base URL of the pool API (default `https://dammv2-api.meteora.ag`).";
    /// A client's time limit of each attempt.
    pub(crate) TIMEOUT_MS "timeoutMs": Number = TIME,
        "Time limit of each request attempt in milliseconds (default 30000; 0 waits forever).";
    /// A client's retry policy.
    pub(crate) RETRY "retry": Raw = Raw("RetryOptions | false"), "Retry policy, or `false` to never retry.";
    KEEPER_RATE_LIMIT "rateLimit": Raw = Raw("RateLimitOptions | false"), "Client-side rate limits, or `false` for none.";
    /// A client's extra headers.
    pub(crate) HEADERS "headers": Raw = Raw("Record<string, string>"), "Extra headers sent with every request.";
    /// A client's `User-Agent`.
    pub(crate) USER_AGENT "userAgent": Raw = Raw("string | false"),
        "The `User-Agent` sent in Node (default `dlmm-query/<version> (node)`; `false`: Node's own). Browsers send their own, and this one is not sent there unless set (it makes every request a CORS preflight).";
    /// A client's body limit.
    pub(crate) MAX_BODY_BYTES "maxBodyBytes": Number = Number(1.0, 4_294_967_295.0),
        "The largest response body accepted, in bytes (default 268435456, 256 MiB); a larger one rejects with a `decode` DlmmError while it is read, before it fills memory.";
    CASE_SENSITIVE "caseSensitive": Bool = Bool, "`true` (default) matches the address exactly; `false` ignores case.";
    INCLUDE_UNKNOWN "includeUnknown": Bool = Bool,
        "`false` keeps only pairs whose both tokens are verified (default `true`).";
    MIN_TVL "minTvl": Number = ANY_NUMBER,
        "Keeps only pairs whose TVL (`liquidity`, USD) is at least this much. The filter runs while the body is decoded, so dropped pairs never become JavaScript objects (much less memory on the full list).";
    LIST_PAGE "page": Whole = Whole(MAX_SAFE), "0-based page (default 0). Iterators start there.";
    LIMIT "limit": Count = Count(0.0, u32::MAX as f64), "Page size, 1..=1000 (server default 50).";
    SKIP_SIZE "skipSize": Whole = Whole(MAX_SAFE), "Items skipped before the page.";
    POOLS_TO_TOP "poolsToTop": Texts = Texts, "Pair addresses listed first.";
    SORT_KEY "sortKey": OneOf<PairSortKey> = OneOf::new(wire_names!(PairSortKey), Some("PairSortKey")), "Sort key (server default `volume`).";
    ORDER_BY "orderBy": OneOf<OrderBy> = OneOf::new(wire_names!(OrderBy), None), "Sort order (server default `desc`).";
    SEARCH_TERM "searchTerm": Text = Text, "Case-insensitive substring of the name or a mint.";
    HIDE_LOW_TVL "hideLowTvl": Number = Number(0.0, f64::MAX), "Hides pairs under this TVL, USD.";
    HIDE_LOW_APR "hideLowApr": Bool = Bool, "Hides pairs with an APR under 0.01 %.";
    INCLUDE_TOKEN_MINTS "includeTokenMints": Texts = Texts, "Keeps pairs trading one of these mints.";
    INCLUDE_POOL_TOKEN_PAIRS "includePoolTokenPairs": Texts = Texts,
        "Keeps these mint pairs (`\"mintA-mintB\"`, either order).";
    TAGS "tags": Texts = Texts, "Keeps pairs with one of these tags.";
    LAUNCHPAD "launchpad": Texts = Texts, "Keeps pairs from one of these launchpads.";
    CURRENT_VALUE_USD "currentValueUsd": Number = ANY_NUMBER,
        "What the position still holds, USD, if known: added to the net result.";
}

options! {
    pub CALL "CallOptions" "Options every method takes."
        [SIGNAL, CALL_TIMEOUT_MS, CALL_RETRY];
    RETRY_OPTIONS "RetryOptions" "Retry policy: exponential back-off with jitter, honouring `Retry-After`. `false` never retries."
        [MAX_ATTEMPTS, BASE_DELAY_MS, MAX_DELAY_MS, MAX_TOTAL_MS];
    RATE_LIMIT "RateLimitOptions" "Client-side rate limits, requests per second (0 = unlimited). `false` turns both off."
        [PAIR_PER_SECOND, POOL_PER_SECOND];
    CLIENT "ClientOptions" "Options of `createClient`. Every field is optional."
        [PAIR_BASE_URL, POOL_BASE_URL, TIMEOUT_MS, RETRY, KEEPER_RATE_LIMIT, HEADERS, USER_AGENT, MAX_BODY_BYTES];
    pub POOL_METRICS "GetPoolMetricsOptions": CALL "Options of `getPoolMetrics`."
        [CASE_SENSITIVE];
    pub ALL "AllOptions": CALL "Options of `all`."
        [INCLUDE_UNKNOWN, MIN_TVL];
    pub PAIR_LIST "PairListOptions": CALL "Query of the list operations (`allByGroups`, `allByGroupsMetadata`, `allWithPagination` and the iterators)."
        [LIST_PAGE, LIMIT, SKIP_SIZE, POOLS_TO_TOP, SORT_KEY, ORDER_BY, SEARCH_TERM, INCLUDE_UNKNOWN, HIDE_LOW_TVL,
         HIDE_LOW_APR, INCLUDE_TOKEN_MINTS, INCLUDE_POOL_TOKEN_PAIRS, TAGS, LAUNCHPAD];
    pub PNL "PositionPnlOptions": CALL "Options of `getPositionPnl`."
        [CURRENT_VALUE_USD];
}

/// The options in TypeScript, written from the descriptions above, and the package's type aliases.
#[allow(dead_code, reason = "read by the custom section wasm-bindgen writes, which the lint does not see")]
const DECLARATIONS: TsText<8192> = {
    let text = RETRY_OPTIONS.declare(TsText::EMPTY);
    let text = RATE_LIMIT.declare(text);
    let text = CLIENT.declare(text);
    let text = CALL.declare(text);
    let text = POOL_METRICS.declare(text);
    let text = ALL.declare(text);
    let text = alias(text, "A `sortKey` of the list operations.", "PairSortKey", wire_names!(PairSortKey));
    let text = PAIR_LIST.declare(text);
    PNL.declare(text).push(concat!(
        "\n/** Fees over trailing windows, USD. */\nexport type FeeData = Windows;\n",
        "/** Fee / TVL ratio over trailing windows, percent. */\nexport type FeeTvlRatioData = Windows;\n",
        "/** Trading volume over trailing windows, USD. */\nexport type VolumeData = Windows;\n",
        "\n/** An async iterator over the items of every page of a list operation. `return()` stops it. */\n",
        "export type DlmmAsyncIterator<T> = AsyncIterableIterator<T, undefined, undefined>;\n",
    ))
};

#[wasm_bindgen(typescript_custom_section)]
const OPTIONS_TS: &str = DECLARATIONS.as_str();

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
/// A time in milliseconds, up to a day.
const TIME: Number = Number(0.0, MAX_MS);
/// Requests per second.
const RATE: Number = Number(0.0, 1e6);
/// Any finite number.
const ANY_NUMBER: Number = Number(f64::NEG_INFINITY, f64::INFINITY);

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
    if let Some(url) = base_url(options, &PAIR_BASE_URL::KEY)? {
        config.pair_base_url = url;
    }
    if let Some(url) = base_url(options, &POOL_BASE_URL::KEY)? {
        config.pool_base_url = url;
    }
    let ClientConfig { pair_rate_per_second, pool_rate_per_second, .. } = &mut config;
    rate_limits(
        options,
        &KEEPER_RATE_LIMIT::KEY,
        [(&PAIR_PER_SECOND::KEY, pair_rate_per_second), (&POOL_PER_SECOND::KEY, pool_rate_per_second)],
    )?;
    Ok(config)
}

/// The datapi client's configuration from the options of `createDatapiClient` (unknown keys rejected).
pub fn datapi_client_config(options: &JsValue) -> Result<ClientConfig, JsValue> {
    let mut config = ClientConfig::default();
    if !common_options(options, &mut config)? {
        return Ok(config);
    }
    check!(datapi::DATAPI_CLIENT, options)?;
    if let Some(url) = base_url(options, &datapi::DLMM_BASE_URL::KEY)? {
        config.dlmm_datapi_base_url = url;
    }
    if let Some(url) = base_url(options, &datapi::DAMM_V2_BASE_URL::KEY)? {
        config.damm_v2_datapi_base_url = url;
    }
    if let Some(url) = base_url(options, &datapi::PORTFOLIO_BASE_URL::KEY)? {
        config.portfolio_datapi_base_url = url;
    }
    let ClientConfig { dlmm_datapi_rate_per_second, damm_v2_datapi_rate_per_second, .. } = &mut config;
    rate_limits(
        options,
        &datapi::RATE_LIMIT::KEY,
        [
            (&datapi::DLMM_PER_SECOND::KEY, dlmm_datapi_rate_per_second),
            (&datapi::DAMM_V2_PER_SECOND::KEY, damm_v2_datapi_rate_per_second),
        ],
    )?;
    Ok(config)
}

/// `options.maxBodyBytes`, when set.
pub fn max_body_bytes(options: &JsValue) -> Result<Option<usize>, JsValue> {
    Ok(MAX_BODY_BYTES::KEY.read(options)?.map(|bytes| bytes as usize))
}

/// A base URL option, checked.
fn base_url(options: &JsValue, key: &Key<Text>) -> Result<Option<BaseUrl>, JsValue> {
    key.read(options)?.map(|url| BaseUrl::parse_param(key.name, &url).map_err(input_error)).transpose()
}

/// The `User-Agent` the package sends in Node by default (browsers send their own).
const NODE_USER_AGENT: &str = concat!("dlmm-query/", env!("CARGO_PKG_VERSION"), " (node)");

/// Whether the package runs in Node (or a runtime that says it is Node-compatible: `process.versions.node`).
fn in_node() -> bool {
    let versions = property(&property(&js_sys::global(), "process"), "versions");
    property(&versions, "node").is_string()
}

/// Reads `options.userAgent` into `config`: a string (checked), `false` (none of the package's), or absent (the
/// package's own in Node, none in a browser).
fn user_agent(options: &JsValue, config: &mut ClientConfig) -> Result<(), JsValue> {
    let agent = USER_AGENT::KEY.read(options)?;
    let agent = match agent.as_ref().map(|value| (value.as_string(), value.as_bool())) {
        None => in_node().then(|| NODE_USER_AGENT.to_owned()),
        Some((Some(text), _)) => Some(text),
        Some((None, Some(false))) => None,
        Some(_) => return Err(invalid(USER_AGENT::KEY.name, "must be a string or false")),
    };
    let checked = std::mem::take(config).with_user_agent(agent.as_deref());
    *config = checked.map_err(|e| invalid(USER_AGENT::KEY.name, e.reason))?;
    Ok(())
}

/// Reads what both clients' options share (`timeoutMs`, `retry`, `headers`, `userAgent`) into `config`; false when
/// there are no options at all.
fn common_options(options: &JsValue, config: &mut ClientConfig) -> Result<bool, JsValue> {
    if is_absent(options) {
        user_agent(options, config)?;
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
    let headers = property(options, HEADERS::KEY.name);
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
    user_agent(options, config)?;
    Ok(true)
}

/// Reads `options.rateLimit`: `false` turns every limit off, an object sets each named rate.
fn rate_limits<const N: usize>(
    options: &JsValue,
    key: &Key<Raw>,
    rates: [(&Key<Number>, &mut f64); N],
) -> Result<(), JsValue> {
    let Some(limit) = key.read(options)? else { return Ok(()) };
    if limit.as_bool() == Some(false) {
        for (_, rate) in rates {
            *rate = 0.0;
        }
    } else if limit.is_object() {
        // Rates so slow that their waits overflow a duration are rejected, like any out-of-range option.
        for (key, rate) in rates {
            if let Some(value) = key.read(&limit)? {
                *rate = RateLimiter::check_rate(key.name, value).map_err(input_error)?;
            }
        }
    } else {
        return Err(invalid(key.name, "must be an object or false"));
    }
    Ok(())
}

/// Reads the list query of the three list operations from an options object.
pub fn list_query(options: Option<&JsValue>) -> Result<PairListQuery, JsValue> {
    let Some(options) = options.filter(|o| o.is_object()) else {
        return Ok(PairListQuery::new());
    };
    let mut q = PairListQuery::new();
    if let Some(page) = LIST_PAGE::KEY.read(options)? {
        q = q.page(page);
    }
    if let Some(limit) = LIMIT::KEY.read(options)? {
        q = q.limit(limit);
    }
    if let Some(skip) = SKIP_SIZE::KEY.read(options)? {
        q = q.skip_size(skip);
    }
    if let Some(list) = POOLS_TO_TOP::KEY.read(options)? {
        q = q.pools_to_top(list);
    }
    if let Some(key) = SORT_KEY::KEY.read(options)? {
        q = q.sort_key(key);
    }
    if let Some(order) = ORDER_BY::KEY.read(options)? {
        q = q.order_by(order);
    }
    if let Some(term) = SEARCH_TERM::KEY.read(options)? {
        q = q.search_term(term);
    }
    if let Some(include) = INCLUDE_UNKNOWN::KEY.read(options)? {
        q = q.include_unknown(include);
    }
    if let Some(tvl) = HIDE_LOW_TVL::KEY.read(options)? {
        q = q.hide_low_tvl(tvl);
    }
    if let Some(hide) = HIDE_LOW_APR::KEY.read(options)? {
        q = q.hide_low_apr(hide);
    }
    if let Some(list) = INCLUDE_TOKEN_MINTS::KEY.read(options)? {
        q = q.include_token_mints(list);
    }
    if let Some(list) = INCLUDE_POOL_TOKEN_PAIRS::KEY.read(options)? {
        q = q.include_pool_token_pairs(list);
    }
    if let Some(list) = TAGS::KEY.read(options)? {
        q = q.tags(list);
    }
    if let Some(list) = LAUNCHPAD::KEY.read(options)? {
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
        _ if min.is_finite() => Err(invalid(key, format!("must be a number from {} to {}", text(min), text(max)))),
        _ => Err(invalid(key, "must be a finite number")),
    }
}

/// Reads `options[key]` as an optional duration in milliseconds (at most a day).
fn duration_option(options: &JsValue, key: &Key<Number>) -> Result<Option<Duration>, JsValue> {
    Ok(key.read(options)?.map(|ms| Duration::from_millis(ms as u64)))
}

/// Reads `options.timeoutMs`: `Some(None)` for 0 (no limit).
fn timeout_option(options: &JsValue) -> Result<Option<Option<Duration>>, JsValue> {
    Ok(duration_option(options, &TIMEOUT_MS::KEY)?.map(|d| (!d.is_zero()).then_some(d)))
}

/// Reads `options.retry`: `false` never retries, an object overrides the default policy field by field.
fn retry_option(options: &JsValue) -> Result<Option<RetryPolicy>, JsValue> {
    let Some(value) = RETRY::KEY.read(options)? else { return Ok(None) };
    match value.as_bool() {
        Some(false) => return Ok(Some(RetryPolicy::NEVER)),
        Some(true) => return Ok(Some(RetryPolicy::default())),
        None if !value.is_object() => return Err(invalid(RETRY::KEY.name, "must be an object or false")),
        None => {}
    }
    let mut policy = RetryPolicy::default();
    if let Some(n) = MAX_ATTEMPTS::KEY.read(&value)? {
        policy.max_attempts = n;
    }
    if let Some(d) = duration_option(&value, &BASE_DELAY_MS::KEY)? {
        policy.base_delay = d;
    }
    if let Some(d) = duration_option(&value, &MAX_DELAY_MS::KEY)? {
        policy.max_delay = d;
    }
    if let Some(d) = duration_option(&value, &MAX_TOTAL_MS::KEY)? {
        policy.max_total = d;
    }
    Ok(Some(policy))
}

/// Reads `options.signal` as an optional `AbortSignal`.
fn signal_option(options: &JsValue) -> Result<Option<AbortSignal>, JsValue> {
    let Some(value) = SIGNAL::KEY.read(options)? else { return Ok(None) };
    value.dyn_into::<AbortSignal>().map(Some).map_err(|_| invalid(SIGNAL::KEY.name, "must be an AbortSignal"))
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

/// Reads `options[key]` as an optional whole number in `min..=max` (at most 2^53 - 1).
pub fn whole_option(options: &JsValue, key: &'static str, min: f64, max: f64) -> Result<Option<u64>, JsValue> {
    match number_option(options, key, min, max)? {
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

/// `PairListOptions` on a keeper list builder (the builder's own query is replaced).
pub fn pair_list<B: From<PairListQuery>>(options: &JsValue, _builder: B) -> Result<B, JsValue> {
    Ok(list_query(Some(options))?.into())
}

/// The options of `all`: the operation (`includeUnknown`) and the TVL floor (`minTvl`), if any.
pub fn all(options: &JsValue, mut operation: All) -> Result<(All, Option<f64>), JsValue> {
    if let Some(value) = INCLUDE_UNKNOWN::KEY.read(options)? {
        operation = operation.include_unknown(value);
    }
    Ok((operation, MIN_TVL::KEY.read(options)?))
}

/// The keys of `all()`'s options posted to the worker that runs it: all but the signal, which stays in the page.
pub fn all_posted_keys() -> impl Iterator<Item = &'static str> {
    const KEYS: [&str; ALL.count()] = ALL.names::<{ ALL.count() }>();
    KEYS.into_iter().filter(|key| *key != SIGNAL::KEY.name)
}

/// `getPoolMetrics(address, { caseSensitive })`.
pub fn pool_metrics(options: &JsValue, operation: GetPoolMetrics) -> Result<GetPoolMetrics, JsValue> {
    Ok(match CASE_SENSITIVE::KEY.read(options)? {
        Some(case_sensitive) => operation.case_sensitive(case_sensitive),
        None => operation,
    })
}

/// `getPositionPnl(position, { currentValueUsd })`: what the position still holds, if given.
pub fn pnl(options: &JsValue, operation: GetPositionPnl) -> Result<GetPositionPnl, JsValue> {
    Ok(match CURRENT_VALUE_USD::KEY.read(options)? {
        Some(usd) => operation.current_value_usd(usd),
        None => operation,
    })
}
