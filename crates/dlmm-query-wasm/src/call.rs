//! Sending from JavaScript: the runners every exported method ends in.
//! A runner reads the call options, sends (racing the caller's `AbortSignal`) and writes the output to JavaScript.
//!
//! One runner serves every operation: [`send`] turns an operation into its request and its output's shape (data, not
//! code: the body is transcoded by it straight to JSON text for JavaScript), and [`run`], which is not generic, does
//! the rest through the core's one send loop ([`Client::exchange`](dlmm_query::Client::exchange)).

use std::rc::Rc;

use dlmm_query::datapi::series::{SeriesPlan, SeriesRoute};
use dlmm_query::models::PoolEnvelope;
use dlmm_query::ops::{All, GetDeposits, Operation};
use dlmm_query::shape::{HasShape, Shape};
use dlmm_query::{ApiGroup, Error, HttpResponse, InvalidInput, Request, response};
use wasm_bindgen::JsValue;

use crate::all_pairs;
use crate::cancel::with_signal;
use crate::client::Core;
use crate::js_error::to_js_error;
use crate::options::Call;
use crate::to_js::{output_to_js, written_to_js};

/// A runner's future, boxed: what every exported method awaits.
pub type Pending = futures_util::future::LocalBoxFuture<'static, Result<JsValue, JsValue>>;

/// The promise an exported method returns: `pending` run to completion (the one `future_to_promise` of the package).
pub fn promise(pending: Pending) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(pending)
}

/// The full URL `operation` requests through `client` (empty when its input is invalid: the call then rejects
/// with `invalidInput` before any output exists).
pub fn request_url<O: Operation>(client: &Core, operation: &O) -> String {
    operation.request().map(|r| r.url(client.config().base_url(r.group))).unwrap_or_default()
}

/// Runs `call` with the signal of `options`, turning a core error into a `DlmmError`.
async fn guarded<T>(
    signal: Option<web_sys::AbortSignal>,
    call: impl Future<Output = Result<T, Error>>,
) -> Result<T, JsValue> {
    with_signal(signal, async move { call.await.map_err(|e| to_js_error(&e)) }).await
}

/// How a successful answer is written to JavaScript: the one piece of a call that depends on the operation, as data.
#[derive(Clone, Copy)]
enum Output {
    /// Transcoded by the output's shape (every operation but the pool group's).
    Shaped(&'static Shape),
    /// The pool group's envelope checked by its shape, then its `data` transcoded by the output's.
    Enveloped { envelope: &'static Shape, data: &'static Shape },
}

impl Output {
    fn write(self, url: &str, response: &HttpResponse) -> Result<JsValue, Error> {
        let written = match self {
            Output::Shaped(shape) => response::transcode_success(url, response, shape)?,
            Output::Enveloped { envelope, data } => {
                response::transcode_envelope_success(url, response, envelope, data)?
            }
        };
        written_to_js(written, url)
    }
}

/// Sends `operation` with the options read from `options`; resolves to its output written to JavaScript.
pub fn send<O: Operation>(
    client: Rc<Core>,
    options: JsValue,
    operation: O,
) -> impl Future<Output = Result<JsValue, JsValue>> + 'static {
    let data = &<O::Output as HasShape>::SHAPE;
    let output = match O::GROUP {
        ApiGroup::Pool => Output::Enveloped { envelope: &<PoolEnvelope<O::Output> as HasShape>::SHAPE, data },
        _ => Output::Shaped(data),
    };
    run(client, options, operation.request(), O::NOT_FOUND_ON_500, output)
}

/// The runner behind [`send`], the same for every operation.
async fn run(
    client: Rc<Core>,
    options: JsValue,
    request: Result<Request, InvalidInput>,
    not_found_on_500: bool,
    output: Output,
) -> Result<JsValue, JsValue> {
    let Call { signal, options } = Call::read(&options)?;
    let request = request.map_err(|e| to_js_error(&e.into()))?;
    guarded(signal, async {
        let (url, response) = client.exchange(&request, not_found_on_500, options).await?;
        output.write(&url, &response)
    })
    .await
}

/// A datapi series (`/ohlcv`, `/volume/history`): with both `startTime` and `endTime`, fetched in chunks the server
/// accepts and merged as text ([`SeriesPlan`], then [`Client::series_text`](dlmm_query::Client::series_text));
/// otherwise one request.
pub fn series(client: Rc<Core>, options: JsValue, route: SeriesRoute) -> Pending {
    if route.query().time_range().is_none() {
        return Box::pin(run(
            client,
            options,
            route.request(),
            route.not_found_on_500(),
            Output::Shaped(route.shape()),
        ));
    }
    Box::pin(run_series(client, options, SeriesPlan::of_route(&route)))
}

/// The runner behind [`series`] with a range, the same for every series.
async fn run_series(client: Rc<Core>, options: JsValue, plan: Result<SeriesPlan, Error>) -> Result<JsValue, JsValue> {
    let Call { signal, options } = Call::read(&options)?;
    guarded(signal, async {
        let (url, written) = client.series_text(plan?, options).await?;
        written_to_js(written, &url)
    })
    .await
}

/// `all`: every pair, decoded as the body arrives; with a TVL floor, filtered while it is decoded. In a browser page
/// whose entry registered the package's worker, the body is read and transcoded there ([`crate::worker`]).
pub async fn all_pairs(
    client: Rc<Core>,
    options: JsValue,
    (all, floor): (All, Option<f64>),
) -> Result<JsValue, JsValue> {
    let Call { signal, options: call } = Call::read(&options)?;
    let request = all.request().map_err(|e| to_js_error(&e.into()))?;
    if let Some(client_options) = client.options()
        && let Some(worker) = with_signal(signal.clone(), async { Ok(crate::worker::shared().await) }).await?
    {
        // The worker sends with a client of its own: the call takes its turn of this client's limiter first.
        guarded(signal.clone(), client.take_turn(&request, call)).await?;
        if let Some(result) = crate::worker::all_pairs(&worker, client_options, &options, signal.clone()).await {
            return result;
        }
    }
    let mut sink = all_pairs::Collect::new();
    guarded(signal, all_pairs::all_pairs(&client, &request, call, floor, &mut sink)).await?;
    Ok(sink.into_result())
}

/// `getPositionPnl`: a position's deposits, withdrawals and claims, fetched together and summed
/// ([`Client::position_pnl_with`]).
pub async fn position_pnl(
    client: Rc<Core>,
    options: JsValue,
    (position, current): (String, Option<f64>),
) -> Result<JsValue, JsValue> {
    let Call { signal, options } = Call::read(&options)?;
    let url = request_url(&client, &GetDeposits::new(&position));
    let pnl = guarded(signal, client.position_pnl_with(&position, current, options)).await?;
    output_to_js(&pnl, &url)
}
