//! The exported JavaScript API: `createClient(options)` and the client's promise-returning methods.

use std::rc::Rc;
use std::time::Duration;

use dlmm_query::ops::{
    All, AllByGroups, AllByGroupsMetadata, AllWithPagination, GetClaimFees, GetClaimRewards, GetDeposits, GetPair,
    GetPairFeeBpsByDays, GetPairPositionsLock, GetPairSwapRecords, GetPairTvlByDays, GetPairVolumeByDays,
    GetPoolMetrics, GetPosition, GetPositionV2, GetProtocolMetrics, GetSingleGroupPair, GetWalletEarning, GetWithdraws,
    LexicalOrderMints, Operation, OrderBy, PairListQuery, PairSortKey,
};
use dlmm_query::policy::{RateLimiter, RetryPolicy};
use dlmm_query::web::WebTransport;
use dlmm_query::{CallOptions, Client, ClientConfig, Error, InvalidInput};
use js_sys::{Array, Object, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::AbortSignal;

use crate::cancel::with_signal;
use crate::filter::AllRaw;
use crate::iter::{ListKind, PageIterator};
use crate::js_error::to_js_error;

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
    /// Options every method takes.
    #[wasm_bindgen(typescript_type = "CallOptions")]
    pub type CallOptionsArg;
    /// The options object of `getPoolMetrics`.
    #[wasm_bindgen(typescript_type = "GetPoolMetricsOptions")]
    pub type GetPoolMetricsOptions;
    /// The options object of `all`.
    #[wasm_bindgen(typescript_type = "AllOptions")]
    pub type AllOptionsArg;
    /// The options object of the list operations.
    #[wasm_bindgen(typescript_type = "PairListOptions")]
    pub type PairListOptionsArg;
    /// The options object of `getPositionPnl`.
    #[wasm_bindgen(typescript_type = "PositionPnlOptions")]
    pub type PositionPnlOptionsArg;
}

/// The longest time option accepted, in milliseconds (one day).
const MAX_MS: f64 = 86_400_000.0;

/// The core client as the JS API uses it.
pub(crate) type Core = Client<WebTransport>;

/// A client of both APIs. Create it with `createClient`.
#[wasm_bindgen(js_name = DlmmClient)]
pub struct JsClient {
    inner: Rc<Core>,
}

/// `createClient(options?)`: a client for the given base URLs; throws a `DlmmError` (`invalidInput`) on bad options.
#[wasm_bindgen(js_name = createClient)]
pub fn create_client(options: Option<ClientOptionsArg>) -> Result<JsClient, JsValue> {
    let options: JsValue = options.map(Into::into).unwrap_or(JsValue::UNDEFINED);
    let config = client_config(&options)?;
    let mut transport = WebTransport::default();
    if options.is_object()
        && let Some(bytes) = number_option(&options, "maxBodyBytes", 1.0, 4_294_967_295.0)?
    {
        transport = transport.with_max_body_bytes(bytes as usize);
    }
    Ok(JsClient { inner: Rc::new(Client::new(transport, config)) })
}

fn client_config(options: &JsValue) -> Result<ClientConfig, JsValue> {
    let mut config = ClientConfig::default();
    if options.is_undefined() || options.is_null() {
        return Ok(config);
    }
    if !options.is_object() {
        return Err(invalid("options", "must be an object"));
    }
    if let Some(url) = string_option(options, "pairBaseUrl")? {
        config.pair_base_url = dlmm_query::BaseUrl::parse_param("pairBaseUrl", &url).map_err(input_error)?;
    }
    if let Some(url) = string_option(options, "poolBaseUrl")? {
        config.pool_base_url = dlmm_query::BaseUrl::parse_param("poolBaseUrl", &url).map_err(input_error)?;
    }
    if let Some(timeout) = timeout_option(options)? {
        config.timeout = timeout;
    }
    if let Some(retry) = retry_option(options)? {
        config.retry = retry;
    }
    let limit = property(options, "rateLimit");
    if limit.as_bool() == Some(false) {
        config.pair_rate_per_second = 0.0;
        config.pool_rate_per_second = 0.0;
    } else if limit.is_object() {
        // Rates so slow that their waits overflow a duration are rejected, like any out-of-range option.
        if let Some(rate) = number_option(&limit, "pairPerSecond", 0.0, 1e6)? {
            config.pair_rate_per_second = RateLimiter::check_rate("pairPerSecond", rate).map_err(input_error)?;
        }
        if let Some(rate) = number_option(&limit, "poolPerSecond", 0.0, 1e6)? {
            config.pool_rate_per_second = RateLimiter::check_rate("poolPerSecond", rate).map_err(input_error)?;
        }
    } else if !limit.is_undefined() && !limit.is_null() {
        return Err(invalid("rateLimit", "must be an object or false"));
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
    } else if !headers.is_undefined() && !headers.is_null() {
        return Err(invalid("headers", "must be an object"));
    }
    Ok(config)
}

/// The per-call options every method reads: the signal and the policy overrides.
struct Call {
    signal: Option<AbortSignal>,
    options: CallOptions,
}

fn call_options(options: &JsValue) -> Result<Call, JsValue> {
    if !options.is_undefined() && !options.is_null() && !options.is_object() {
        return Err(invalid("options", "must be an object"));
    }
    Ok(Call {
        signal: signal_option(options)?,
        options: CallOptions { timeout: timeout_option(options)?, retry: retry_option(options)? },
    })
}

/// Sends `operation` with the call's options, racing the signal.
async fn run<O: Operation>(client: Rc<Core>, operation: O, call: Call) -> Result<O::Output, JsValue> {
    let Call { signal, options } = call;
    with_signal(signal, async move { client.send_with(&operation, options).await.map_err(|e| to_js_error(&e)) }).await
}

/// Validates the arguments (rejecting with no request sent), sends the operation and serializes its output.
macro_rules! method {
    ($self:ident, $options:expr, $op:expr) => {{
        let client = $self.inner.clone();
        let options: JsValue = $options.map(Into::into).unwrap_or(JsValue::UNDEFINED);
        let call = call_options(&options)?;
        let op = $op;
        let url = request_url(&client, &op);
        let output = run(client, op, call).await?;
        output_to_js(&output, &url)
    }};
}

#[wasm_bindgen(js_class = DlmmClient)]
impl JsClient {
    /// The pair API base URL in use.
    #[wasm_bindgen(getter, js_name = pairBaseUrl)]
    pub fn pair_base_url(&self) -> String {
        self.inner.config().pair_base_url.to_string()
    }

    /// The pool API base URL in use.
    #[wasm_bindgen(getter, js_name = poolBaseUrl)]
    pub fn pool_base_url(&self) -> String {
        self.inner.config().pool_base_url.to_string()
    }

    /// `GET /info/protocol_metrics`: protocol-wide TVL, volume and fee totals (USD).
    #[wasm_bindgen(js_name = getProtocolMetrics, unchecked_return_type = "ProtocolMetrics")]
    pub async fn get_protocol_metrics(&self, options: Option<CallOptionsArg>) -> Result<JsValue, JsValue> {
        method!(self, options, GetProtocolMetrics::new())
    }

    /// `GET /pair/all`: every pair. With `minTvl`, pairs under that TVL are dropped while decoding.
    #[wasm_bindgen(unchecked_return_type = "PairInfo[]")]
    pub async fn all(&self, options: Option<AllOptionsArg>) -> Result<JsValue, JsValue> {
        let client = self.inner.clone();
        let options: JsValue = options.map(Into::into).unwrap_or(JsValue::UNDEFINED);
        let call = call_options(&options)?;
        let mut op = All::new();
        if let Some(include) = bool_option(&options, "includeUnknown")? {
            op = op.include_unknown(include);
        }
        match number_option(&options, "minTvl", f64::NEG_INFINITY, f64::INFINITY)? {
            None => crate::fast::pairs_to_js(&run(client, op, call).await?),
            Some(floor) => {
                let url = request_url(&client, &op);
                let raw = run(client, AllRaw(op), call).await?;
                crate::filter::pairs_above(&raw, floor, &url).map_err(|e| to_js_error(&e))
            }
        }
    }

    /// `GET /pair/all_by_groups`: one page of pair groups (`{ groups, total }`).
    #[wasm_bindgen(js_name = allByGroups, unchecked_return_type = "AllGroupOfPairs")]
    pub async fn all_by_groups(&self, options: Option<PairListOptionsArg>) -> Result<JsValue, JsValue> {
        let query = list_query(options.as_ref().map(AsRef::as_ref))?;
        method!(self, options, AllByGroups::from_query(query))
    }

    /// `GET /pair/all_by_groups_metadata`: one page of pair-group aggregates (`{ metadatas, total }`).
    #[wasm_bindgen(js_name = allByGroupsMetadata, unchecked_return_type = "AllGroupOfPairsMetadata")]
    pub async fn all_by_groups_metadata(&self, options: Option<PairListOptionsArg>) -> Result<JsValue, JsValue> {
        let query = list_query(options.as_ref().map(AsRef::as_ref))?;
        method!(self, options, AllByGroupsMetadata::from_query(query))
    }

    /// `GET /pair/all_with_pagination`: one page of pairs (`{ pairs, total }`).
    #[wasm_bindgen(js_name = allWithPagination, unchecked_return_type = "AllPairsWithPagination")]
    pub async fn all_with_pagination(&self, options: Option<PairListOptionsArg>) -> Result<JsValue, JsValue> {
        let query = list_query(options.as_ref().map(AsRef::as_ref))?;
        method!(self, options, AllWithPagination::from_query(query))
    }

    /// `GET /pair/group_pair/{lexicalOrderMints}`: every pair trading the same two mints.
    #[wasm_bindgen(js_name = getSingleGroupPair, unchecked_return_type = "PairInfo[]")]
    pub async fn get_single_group_pair(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] lexical_order_mints: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let mints = string_arg("lexical_order_mints", &lexical_order_mints)?;
        method!(self, options, GetSingleGroupPair::new(mints))
    }

    /// `GET /pair/{pairAddress}`: one pair.
    #[wasm_bindgen(js_name = getPair, unchecked_return_type = "PairInfo")]
    pub async fn get_pair(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] pair_address: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let pair = string_arg("pair_address", &pair_address)?;
        method!(self, options, GetPair::new(pair))
    }

    /// `GET /pair/{pairAddress}/analytic/pair_fee_bps`: hourly fee rates (bps) over `numOfDays` days, oldest first.
    #[wasm_bindgen(js_name = getPairFeeBpsByDays, unchecked_return_type = "PairFeeBps[]")]
    pub async fn get_pair_fee_bps_by_days(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] pair_address: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] num_of_days: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let pair = string_arg("pair_address", &pair_address)?;
        let days = count_arg("num_of_days", &num_of_days)?;
        method!(self, options, GetPairFeeBpsByDays::new(pair, days))
    }

    /// `GET /pair/{pairAddress}/analytic/pair_trade_volume`: daily volume and fees (USD), oldest first.
    #[wasm_bindgen(js_name = getPairVolumeByDays, unchecked_return_type = "PairTradeVolume[]")]
    pub async fn get_pair_volume_by_days(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] pair_address: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] num_of_days: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let pair = string_arg("pair_address", &pair_address)?;
        let days = count_arg("num_of_days", &num_of_days)?;
        method!(self, options, GetPairVolumeByDays::new(pair, days))
    }

    /// `GET /pair/{pairAddress}/analytic/pair_tvl`: daily TVL (USD), oldest first.
    #[wasm_bindgen(js_name = getPairTvlByDays, unchecked_return_type = "PairTvlSnapshotByDay[]")]
    pub async fn get_pair_tvl_by_days(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] pair_address: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] num_of_days: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let pair = string_arg("pair_address", &pair_address)?;
        let days = count_arg("num_of_days", &num_of_days)?;
        method!(self, options, GetPairTvlByDays::new(pair, days))
    }

    /// `GET /pair/{pairAddress}/analytic/swap_history`: the latest `rowsToTake` swaps, newest first.
    #[wasm_bindgen(js_name = getPairSwapRecords, unchecked_return_type = "Swap[]")]
    pub async fn get_pair_swap_records(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] pair_address: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] rows_to_take: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let pair = string_arg("pair_address", &pair_address)?;
        let rows = count_arg("rows_to_take", &rows_to_take)?;
        method!(self, options, GetPairSwapRecords::new(pair, rows))
    }

    /// `GET /pair/{pairAddress}/positions_lock`: locks on the pair's positions.
    #[wasm_bindgen(js_name = getPairPositionsLock, unchecked_return_type = "PositionLock[]")]
    pub async fn get_pair_positions_lock(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] pair_address: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let pair = string_arg("pair_address", &pair_address)?;
        method!(self, options, GetPairPositionsLock::new(pair))
    }

    /// `GET /position/{positionAddress}`: a position's claimed totals and 24 h fee yield.
    #[wasm_bindgen(js_name = getPosition, unchecked_return_type = "PositionWithApy")]
    pub async fn get_position(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] position_address: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let position = string_arg("position_address", &position_address)?;
        method!(self, options, GetPosition::new(position))
    }

    /// `GET /position/{positionAddress}/claim_fees`: a position's fee claims.
    #[wasm_bindgen(js_name = getClaimFees, unchecked_return_type = "ClaimFee[]")]
    pub async fn get_claim_fees(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] position_address: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let position = string_arg("position_address", &position_address)?;
        method!(self, options, GetClaimFees::new(position))
    }

    /// `GET /position/{positionAddress}/claim_rewards`: a position's farm reward claims.
    #[wasm_bindgen(js_name = getClaimRewards, unchecked_return_type = "ClaimReward[]")]
    pub async fn get_claim_rewards(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] position_address: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let position = string_arg("position_address", &position_address)?;
        method!(self, options, GetClaimRewards::new(position))
    }

    /// `GET /position/{positionAddress}/deposits`: a position's deposits.
    #[wasm_bindgen(js_name = getDeposits, unchecked_return_type = "DepositWithdraw[]")]
    pub async fn get_deposits(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] position_address: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let position = string_arg("position_address", &position_address)?;
        method!(self, options, GetDeposits::new(position))
    }

    /// `GET /position/{positionAddress}/withdraws`: a position's withdrawals.
    #[wasm_bindgen(js_name = getWithdraws, unchecked_return_type = "DepositWithdraw[]")]
    pub async fn get_withdraws(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] position_address: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let position = string_arg("position_address", &position_address)?;
        method!(self, options, GetWithdraws::new(position))
    }

    /// `GET /position_v2/{positionAddress}`: a position's claimed totals and creation time.
    #[wasm_bindgen(js_name = getPositionV2, unchecked_return_type = "Position")]
    pub async fn get_position_v2(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] position_address: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let position = string_arg("position_address", &position_address)?;
        method!(self, options, GetPositionV2::new(position))
    }

    /// `GET /wallet/{walletAddress}/{pairAddress}/earning`: what a wallet claimed from one pair (0 or 1 records).
    #[wasm_bindgen(js_name = getWalletEarning, unchecked_return_type = "WalletEarning[]")]
    pub async fn get_wallet_earning(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] wallet_address: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] pair_address: JsValue,
        options: Option<CallOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let wallet = string_arg("wallet_address", &wallet_address)?;
        let pair = string_arg("pair_address", &pair_address)?;
        method!(self, options, GetWalletEarning::new(wallet, pair))
    }

    /// `GET /pools/{address}/metrics`: resolves to the pool's metrics record (the envelope's `data`).
    #[wasm_bindgen(js_name = getPoolMetrics, unchecked_return_type = "PoolMetrics")]
    pub async fn get_pool_metrics(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] address: JsValue,
        options: Option<GetPoolMetricsOptions>,
    ) -> Result<JsValue, JsValue> {
        let options: JsValue = options.map(Into::into).unwrap_or(JsValue::UNDEFINED);
        let mut op = GetPoolMetrics::new(string_arg("address", &address)?);
        if let Some(case_sensitive) = bool_option(&options, "caseSensitive")? {
            op = op.case_sensitive(case_sensitive);
        }
        method!(self, Some(options), op)
    }

    /// A position's profit and loss from its deposits, withdrawals, fee and reward claims (fetched together).
    #[wasm_bindgen(js_name = getPositionPnl, unchecked_return_type = "PositionPnl")]
    pub async fn get_position_pnl(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] position_address: JsValue,
        options: Option<PositionPnlOptionsArg>,
    ) -> Result<JsValue, JsValue> {
        let client = self.inner.clone();
        let options: JsValue = options.map(Into::into).unwrap_or(JsValue::UNDEFINED);
        let position = string_arg("position_address", &position_address)?;
        let url = request_url(&client, &GetDeposits::new(&position));
        let current = number_option(&options, "currentValueUsd", f64::NEG_INFINITY, f64::INFINITY)?;
        let Call { signal, options } = call_options(&options)?;
        let pnl = with_signal(signal, async move {
            let (deposits, withdrawals, fees, rewards) = futures_util::future::try_join4(
                client.send_with(&GetDeposits::new(&position), options),
                client.send_with(&GetWithdraws::new(&position), options),
                client.send_with(&GetClaimFees::new(&position), options),
                client.send_with(&GetClaimRewards::new(&position), options),
            )
            .await
            .map_err(|e| to_js_error(&e))?;
            Ok(dlmm_query::pnl::position_pnl(&deposits, &withdrawals, &fees, &rewards, current))
        })
        .await?;
        output_to_js(&pnl, &url)
    }

    /// Every pair of `allWithPagination`, page after page, as an async iterator (`for await … of`).
    #[wasm_bindgen(unchecked_return_type = "DlmmAsyncIterator<PairInfo>")]
    pub fn pairs(&self, options: Option<PairListOptionsArg>) -> Result<PageIterator, JsValue> {
        self.iterator(ListKind::Pairs, options)
    }

    /// Every group of `allByGroups`, page after page, as an async iterator.
    #[wasm_bindgen(unchecked_return_type = "DlmmAsyncIterator<PairGroup>")]
    pub fn groups(&self, options: Option<PairListOptionsArg>) -> Result<PageIterator, JsValue> {
        self.iterator(ListKind::Groups, options)
    }

    /// Every group aggregate of `allByGroupsMetadata`, page after page, as an async iterator.
    #[wasm_bindgen(js_name = groupMetadatas, unchecked_return_type = "DlmmAsyncIterator<PairGroupMetadata>")]
    pub fn group_metadatas(&self, options: Option<PairListOptionsArg>) -> Result<PageIterator, JsValue> {
        self.iterator(ListKind::GroupMetadatas, options)
    }
}

impl JsClient {
    fn iterator(&self, kind: ListKind, options: Option<PairListOptionsArg>) -> Result<PageIterator, JsValue> {
        let options: JsValue = options.map(Into::into).unwrap_or(JsValue::UNDEFINED);
        let query = list_query(Some(&options))?;
        let Call { signal, options } = call_options(&options)?;
        // Invalid input rejects here, before any request.
        AllWithPagination::from_query(query.clone()).request().map_err(input_error)?;
        Ok(PageIterator::new(self.inner.clone(), kind, query, signal, options))
    }
}

/// `lexicalOrderMints(a, b)`: the key of the pair group trading mints `a` and `b` (byte-wise sorted, joined by `-`).
#[wasm_bindgen(js_name = lexicalOrderMints)]
pub fn lexical_order_mints(
    #[wasm_bindgen(unchecked_param_type = "string")] a: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] b: JsValue,
) -> Result<String, JsValue> {
    let a = string_arg("lexical_order_mints", &a)?;
    let b = string_arg("lexical_order_mints", &b)?;
    LexicalOrderMints::from_mints(&a, &b).map(String::from).map_err(input_error)
}

/// Reads the list query of the three list operations from an options object.
fn list_query(options: Option<&JsValue>) -> Result<PairListQuery, JsValue> {
    let Some(options) = options.filter(|o| o.is_object()) else {
        return Ok(PairListQuery::new());
    };
    let mut q = PairListQuery::new();
    if let Some(page) = number_option(options, "page", 0.0, 9_007_199_254_740_991.0)? {
        q = q.page(integer("page", page)?);
    }
    if let Some(limit) = number_option(options, "limit", 0.0, f64::from(u32::MAX))? {
        q = q.limit(integer("limit", limit)? as u32);
    }
    if let Some(skip) = number_option(options, "skipSize", 0.0, 9_007_199_254_740_991.0)? {
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

/// The full URL `operation` requests through `client` (empty when its input is invalid: the call then rejects
/// with `invalidInput` before any output exists).
pub(crate) fn request_url<O: Operation>(client: &Core, operation: &O) -> String {
    operation.request().map(|r| r.url(client.config().base_url(r.group))).unwrap_or_default()
}

/// Serializes an operation's output, answered from `url`, for JavaScript: camelCase fields, amounts as `bigint`,
/// other integers as numbers.
///
/// A value JavaScript cannot hold exactly (an integer above 2^53 outside amounts: a slot, a lock release point, an
/// index, a total, a timestamp) rejects with a `decode` `DlmmError` carrying `url` and the value's JSON `path`
/// (e.g. `[0].lockReleasePoint`), never with a plain `Error`.
pub fn output_to_js<T: Serialize + ?Sized>(value: &T, url: &str) -> Result<JsValue, JsValue> {
    value.serialize(&serde_wasm_bindgen::Serializer::new()).map_err(|_| to_js_error(&unrepresentable(value, url)))
}

/// The decode error for an output that does not convert: serialized again (on this failure path only) with path
/// tracking, so the error names the value.
fn unrepresentable<T: Serialize + ?Sized>(value: &T, url: &str) -> Error {
    let (path, reason) = match serde_path_to_error::serialize(value, &serde_wasm_bindgen::Serializer::new()) {
        Err(e) => {
            let path = e.path().to_string();
            ((path != ".").then_some(path), e.into_inner().to_string())
        }
        Ok(_) => (None, "the conversion failed".to_owned()),
    };
    Error::wrong_shape(url, path, format!("a value JavaScript cannot hold exactly: {reason}"))
}

fn input_error(error: InvalidInput) -> JsValue {
    to_js_error(&Error::InvalidInput(error))
}

fn invalid(parameter: &'static str, reason: impl Into<String>) -> JsValue {
    input_error(InvalidInput::new(parameter, reason))
}

/// Reads a required string argument.
fn string_arg(parameter: &'static str, value: &JsValue) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| invalid(parameter, "must be a string"))
}

/// Reads a required count argument (`numOfDays`, `rowsToTake`): an integer; the core checks its range.
fn count_arg(parameter: &'static str, value: &JsValue) -> Result<u32, JsValue> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => Ok(n as u32),
        _ => Err(invalid(parameter, "must be an integer from 1 to 255")),
    }
}

fn integer(parameter: &'static str, value: f64) -> Result<u64, JsValue> {
    if value.fract() == 0.0 { Ok(value as u64) } else { Err(invalid(parameter, "must be an integer")) }
}

/// Reads `options[key]` as an optional boolean.
fn bool_option(options: &JsValue, key: &'static str) -> Result<Option<bool>, JsValue> {
    let value = property(options, key);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value.as_bool().map(Some).ok_or_else(|| invalid(key, "must be a boolean"))
}

/// Reads `options[key]` as an optional string.
fn string_option(options: &JsValue, key: &'static str) -> Result<Option<String>, JsValue> {
    let value = property(options, key);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value.as_string().map(Some).ok_or_else(|| invalid(key, "must be a string"))
}

/// Reads `options[key]` as an optional array of strings.
fn strings_option(options: &JsValue, key: &'static str) -> Result<Option<Vec<String>>, JsValue> {
    let value = property(options, key);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    if !Array::is_array(&value) {
        return Err(invalid(key, "must be an array of strings"));
    }
    let list: Result<Vec<String>, JsValue> = Array::from(&value)
        .iter()
        .map(|v| v.as_string().ok_or_else(|| invalid(key, "must be an array of strings")))
        .collect();
    list.map(Some)
}

/// Reads `options[key]` as an optional finite number in `min..=max`.
fn number_option(options: &JsValue, key: &'static str, min: f64, max: f64) -> Result<Option<f64>, JsValue> {
    let value = property(options, key);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.is_finite() && n >= min && n <= max => Ok(Some(n)),
        _ if min.is_finite() => Err(invalid(key, format!("must be a number from {min} to {max}"))),
        _ => Err(invalid(key, "must be a finite number")),
    }
}

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
    if value.is_undefined() || value.is_null() {
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
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value.dyn_into::<AbortSignal>().map(Some).map_err(|_| invalid("signal", "must be an AbortSignal"))
}

fn property(object: &JsValue, key: &str) -> JsValue {
    if object.is_object() {
        Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}
