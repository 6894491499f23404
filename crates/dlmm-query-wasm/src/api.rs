//! The exported JavaScript API: `createClient(options)` and the client's promise-returning methods.

use std::rc::Rc;
use std::time::Duration;

use dlmm_query::models::PoolMetrics;
use dlmm_query::ops::GetPoolMetrics;
use dlmm_query::{Client, ClientConfig, Error, InvalidInput};
use js_sys::Reflect;
use serde::Deserialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;
use web_sys::AbortSignal;

use crate::GlooTransport;
use crate::cancel::with_signal;
use crate::js_error::to_js_error;

#[wasm_bindgen(typescript_custom_section)]
const OPTIONS_TS: &str = r#"
/** Options every method takes. */
export interface CallOptions {
  /** Cancels the call: it then rejects with the signal's reason (an `AbortError` `DOMException` by default). */
  signal?: AbortSignal;
}

/** Options of `getPoolMetrics`. */
export interface GetPoolMetricsOptions extends CallOptions {
  /** `true` (default) matches the address exactly; `false` ignores case. */
  caseSensitive?: boolean;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The options object of `getPoolMetrics` (read by property, like any JS options bag).
    #[wasm_bindgen(typescript_type = "GetPoolMetricsOptions")]
    pub type GetPoolMetricsOptions;

    /// The options object of `createClient`.
    #[wasm_bindgen(typescript_type = "ClientOptions")]
    pub type ClientOptionsArg;
}

/// Options of `createClient`. Every field is optional.
#[derive(Debug, Default, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct ClientOptions {
    /// Base URL of the pair API (default `https://dlmm-api.meteora.ag`).
    #[tsify(optional)]
    pub pair_base_url: Option<String>,
    /// Base URL of the pool API (default `https://dammv2-api.meteora.ag`).
    #[tsify(optional)]
    pub pool_base_url: Option<String>,
    /// Time limit of each request in milliseconds (default 30000; 0 waits forever).
    #[tsify(optional)]
    pub timeout_ms: Option<f64>,
    /// Extra headers sent with every request.
    #[tsify(optional, type = "Record<string, string>")]
    pub headers: Option<std::collections::BTreeMap<String, String>>,
}

impl ClientOptions {
    fn into_config(self) -> Result<ClientConfig, InvalidInput> {
        let mut config = ClientConfig::default();
        if let Some(url) = &self.pair_base_url {
            config.pair_base_url = dlmm_query::BaseUrl::parse_param("pairBaseUrl", url)?;
        }
        if let Some(url) = &self.pool_base_url {
            config.pool_base_url = dlmm_query::BaseUrl::parse_param("poolBaseUrl", url)?;
        }
        if let Some(ms) = self.timeout_ms {
            if !ms.is_finite() || !(0.0..=86_400_000.0).contains(&ms) {
                return Err(InvalidInput::new("timeoutMs", format!("must be between 0 and 86400000, not {ms}")));
            }
            config.timeout = (ms > 0.0).then(|| Duration::from_millis(ms as u64));
        }
        config.headers = self.headers.unwrap_or_default().into_iter().collect();
        Ok(config)
    }
}

/// A client of both APIs. Create it with `createClient`.
#[wasm_bindgen(js_name = DlmmClient)]
pub struct JsClient {
    inner: Rc<Client<GlooTransport>>,
}

/// `createClient(options?)`: a client for the given base URLs; throws a `DlmmError` (`invalidInput`) on bad options.
#[wasm_bindgen(js_name = createClient)]
pub fn create_client(options: Option<ClientOptionsArg>) -> Result<JsClient, JsValue> {
    let options: ClientOptions = match options.map(JsValue::from) {
        Some(value) if !value.is_undefined() && !value.is_null() => serde_wasm_bindgen::from_value(value)
            .map_err(|e| invalid("options", format!("are not valid client options: {e}")))?,
        _ => ClientOptions::default(),
    };
    let config = options.into_config().map_err(|e| to_js_error(&e.into()))?;
    Ok(JsClient { inner: Rc::new(Client::new(GlooTransport, config)) })
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

    /// `GET /pools/{address}/metrics`: resolves to the pool's metrics record (the envelope's `data`).
    #[wasm_bindgen(js_name = getPoolMetrics)]
    pub async fn get_pool_metrics(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] address: JsValue,
        options: Option<GetPoolMetricsOptions>,
    ) -> Result<Ts<PoolMetrics>, JsValue> {
        let client = self.inner.clone();
        let options: JsValue = options.map(Into::into).unwrap_or(JsValue::UNDEFINED);
        let signal = signal_option(&options)?;
        let mut op = GetPoolMetrics::new(string_arg("address", &address)?);
        if let Some(case_sensitive) = bool_option(&options, "caseSensitive")? {
            op = op.case_sensitive(case_sensitive);
        }
        let metrics = with_signal(signal, async move { client.send(&op).await.map_err(|e| to_js_error(&e)) }).await?;
        to_ts(&metrics)
    }
}

/// Serializes a model for JavaScript.
fn to_ts<T: Tsify + serde::Serialize>(value: &T) -> Result<Ts<T>, JsValue> {
    Ts::from_rust(value).map_err(|e| JsValue::from(js_sys::Error::new(&format!("cannot convert the result: {e}"))))
}

fn invalid(parameter: &'static str, reason: impl Into<String>) -> JsValue {
    to_js_error(&Error::InvalidInput(InvalidInput::new(parameter, reason)))
}

/// Reads a required string argument.
fn string_arg(parameter: &'static str, value: &JsValue) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| invalid(parameter, format!("must be a string, not {}", type_name(value))))
}

/// Reads `options[key]` as an optional boolean.
fn bool_option(options: &JsValue, key: &'static str) -> Result<Option<bool>, JsValue> {
    let value = property(options, key);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value.as_bool().map(Some).ok_or_else(|| invalid(key, format!("must be a boolean, not {}", type_name(&value))))
}

/// Reads `options.signal` as an optional `AbortSignal`.
fn signal_option(options: &JsValue) -> Result<Option<AbortSignal>, JsValue> {
    let value = property(options, "signal");
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value
        .dyn_into::<AbortSignal>()
        .map(Some)
        .map_err(|v| invalid("signal", format!("must be an AbortSignal, not {}", type_name(&v))))
}

fn property(object: &JsValue, key: &str) -> JsValue {
    if object.is_object() {
        Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

fn type_name(value: &JsValue) -> String {
    value.js_typeof().as_string().unwrap_or_else(|| "unknown".into())
}
