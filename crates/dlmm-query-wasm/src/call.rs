//! Sending from JavaScript: what every exported method ends in.
//!
//! A method's input is read into a [`Job`], a plain value naming the work (the request and the output's shape, data
//! rather than code, for most operations), by the one [`start`], which hands it to [`launch`], the one function that
//! makes a call's future and promise: it reads the call options, runs the job (racing the caller's `AbortSignal`)
//! and writes the output to JavaScript. So an operation costs the code that reads its input and builds its request,
//! not a future or a promise of its own; sending goes through the core's one send loop
//! ([`Client::exchange`](dlmm_query::Client::exchange)).

use std::rc::Rc;

use futures_util::future::LocalBoxFuture;

use dlmm_query::datapi::calendar::calendar_plan;
use dlmm_query::datapi::ops::portfolio::GetCalendar;
use dlmm_query::datapi::series::{SeriesPlan, SeriesRoute};
use dlmm_query::json_text::JsonText;
use dlmm_query::models::PoolEnvelope;
use dlmm_query::ops::{All, GetDeposits, GetPositionPnl, Operation};
use dlmm_query::shape::{HasShape, Shape};
use dlmm_query::{ApiGroup, CallOptions, Error, HttpResponse, InvalidInput, Missing, Request, response};
use wasm_bindgen::JsValue;

use crate::all_pairs;
use crate::cancel::with_signal;
use crate::client::Core;
use crate::js_error::{input_error, to_js_error};
use crate::options::Call;
use crate::promise;
use crate::to_js::written_to_js;

/// The full URL `operation` requests through `client` (empty when its input is invalid: the call then rejects
/// with `invalidInput` before any output exists).
pub fn request_url<O: Operation>(client: &Core, operation: &O) -> String {
    operation.request().map(|r| r.url(client.config().base_url(r.group))).unwrap_or_default()
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
    /// The shape of what the call answers (the pool group's `data`, not its envelope).
    fn shape(self) -> &'static Shape {
        match self {
            Output::Shaped(shape) | Output::Enveloped { data: shape, .. } => shape,
        }
    }

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

/// One exported method's call as a plain value, made by [`send`], [`series`], [`calendar`], [`all_pairs`] or
/// [`position_pnl`] and
/// run by [`launch`].
pub struct Job {
    work: Work,
    /// Renames what a rejected parameter is called in errors the run gives (the datapi's `pageSize` for
    /// `page_size`); `None` keeps the core's names.
    rename: Option<fn(JsValue) -> JsValue>,
}

impl Job {
    /// This job with the errors of its run passed through `rename`.
    pub fn renamed(self, rename: fn(JsValue) -> JsValue) -> Self {
        Self { rename: Some(rename), ..self }
    }
}

impl From<Work> for Job {
    fn from(work: Work) -> Self {
        Self { work, rename: None }
    }
}

/// The work of a [`Job`].
enum Work {
    /// One request (invalid input rejects when run), its answer written by `output`.
    Send { request: Result<Request, InvalidInput>, missing: Missing, output: Output },
    /// A datapi series fetched in chunks and merged as text.
    Series(Result<SeriesPlan, Error>),
    /// `all()` with its TVL floor.
    AllPairs(All, Option<f64>),
    /// `getPositionPnl`.
    PositionPnl(GetPositionPnl),
}

/// The promise of an exported method: `job` (or the error reading the method's input gave) run to completion with
/// the call options read from `options`.
pub fn launch(client: Rc<Core>, options: JsValue, job: Result<Job, JsValue>) -> js_sys::Promise {
    promise::from_future(Box::pin(async move {
        let Job { work, rename } = job?;
        let result = work.run(client, options).await;
        match rename {
            Some(rename) => result.map_err(rename),
            None => result,
        }
    }))
}

/// How an exported method reads its positional arguments and options into its [`Job`].
pub type ReadJob = fn(&[JsValue], &JsValue) -> Result<Job, JsValue>;

/// The promise of an exported method: its input read by `read` from its positional `args` and `options` (see
/// [`crate::methods`]), then [`launch`]ed. One call for every method, so each method's own code is its input's
/// reading.
#[inline(never)]
pub fn start(client: &Rc<Core>, args: &[JsValue], options: JsValue, read: ReadJob) -> js_sys::Promise {
    let job = read(args, &options);
    launch(client.clone(), options, job)
}

impl Work {
    /// Runs the work with the call options (signal, time-out, retry) read from `options`.
    async fn run(self, client: Rc<Core>, options: JsValue) -> Result<JsValue, JsValue> {
        let Call { signal, options: call } = Call::read(&options)?;
        // Every kind of work is a boxed future of one type, so one race against the signal covers them all.
        let work: LocalBoxFuture<'_, Result<JsValue, JsValue>> = match self {
            Work::Send { request, missing, output } => {
                // Capped here, once for every operation, as `Operation::capped_request` caps it in Rust.
                let request = request.map_err(input_error)?.for_output(output.shape());
                Box::pin(async move {
                    let (url, response) = client.exchange(&request, missing, call).await.map_err(rejection)?;
                    output.write(&url, &response).map_err(rejection)
                })
            }
            Work::Series(plan) => Box::pin(async move {
                let (url, written) = client.series_text(plan.map_err(rejection)?, call).await.map_err(rejection)?;
                written_to_js(written, &url).map_err(rejection)
            }),
            Work::AllPairs(all, floor) => Box::pin(run_all_pairs(client, &options, call, all, floor)),
            Work::PositionPnl(pnl) => Box::pin(async move {
                let position = pnl.position_address();
                let url = request_url(&client, &GetDeposits::new(position));
                let pnl = client.position_pnl_with(position, pnl.current_value(), call).await.map_err(rejection)?;
                let mut json = JsonText::default();
                pnl.write_json(&mut json);
                written_to_js(json.finish().map_err(|e| rejection(Error::unwritable(&url, e)))?, &url)
                    .map_err(rejection)
            }),
        };
        with_signal(signal, work).await
    }
}

/// A core error as the `DlmmError` a call rejects with.
fn rejection(error: Error) -> JsValue {
    to_js_error(&error)
}

/// Sends `operation`; resolves to its output written to JavaScript.
pub fn send<O: Operation>(operation: O) -> Job {
    let data = &<O::Output as HasShape>::SHAPE;
    let output = match O::GROUP {
        ApiGroup::Pool => Output::Enveloped { envelope: &<PoolEnvelope<O::Output> as HasShape>::SHAPE, data },
        _ => Output::Shaped(data),
    };
    Work::Send { request: operation.request(), missing: O::MISSING, output }.into()
}

/// A datapi series (`/ohlcv`, `/volume/history`, `/stats/daily/*`): with both `startTime` and `endTime`, fetched in
/// chunks the server accepts and merged as text ([`SeriesPlan`], then [`Client::series_text`](dlmm_query::Client::series_text));
/// otherwise one request.
pub fn series(route: SeriesRoute) -> Job {
    if route.query().time_range().is_none() {
        let output = Output::Shaped(route.shape());
        return Work::Send { request: route.request(), missing: route.missing(), output }.into();
    }
    Work::Series(SeriesPlan::of_route(&route)).into()
}

/// `portfolio.getCalendar`: its month or months, one request each, merged as text ([`calendar_plan`]).
pub fn calendar(calendar: GetCalendar) -> Job {
    Work::Series(calendar_plan(&calendar)).into()
}

/// `all`: every pair (with a TVL floor, the pairs under it dropped).
pub fn all_pairs((all, floor): (All, Option<f64>)) -> Job {
    Work::AllPairs(all, floor).into()
}

/// `getPositionPnl`: a position's deposits, withdrawals and claims, fetched together and summed
/// ([`Client::position_pnl_with`](dlmm_query::Client::position_pnl_with)).
pub fn position_pnl(pnl: GetPositionPnl) -> Job {
    Work::PositionPnl(pnl).into()
}

/// How long past an attempt's time-out the worker may take over it (posting the batches) before it counts as stuck.
const WORKER_MARGIN: std::time::Duration = std::time::Duration::from_secs(5);

/// `all()` run (raced against the caller's signal by [`Work::run`]): every pair, decoded as the body arrives; with a
/// TVL floor, filtered while it is decoded. In a browser page whose entry registered the package's worker, the body is
/// read and transcoded there ([`crate::worker`]), one attempt per message, the attempts run by this client (its
/// rate limiter and retry budget).
async fn run_all_pairs(
    client: Rc<Core>,
    options: &JsValue,
    mut call: CallOptions,
    all: All,
    floor: Option<f64>,
) -> Result<JsValue, JsValue> {
    let request = all.request().map_err(input_error)?;
    if let Some(client_options) = client.options() {
        // Each attempt is made by the worker (one per message, no retries there); this client takes its turns and
        // backs off, within the call's one budget, as its own send loop does.
        let mut tries = client.tries(&request, call);
        let deadline = tries.timeout.and_then(|timeout| timeout.checked_add(WORKER_MARGIN));
        // Looked up for each attempt: a stuck or broken worker is replaced (or, after two, there is none: the rest of
        // the call then runs in the page, with what is left of its attempts and budget).
        while let Some(worker) = crate::worker::shared().await {
            client.next_turn(&mut tries).await.map_err(rejection)?;
            let deadline = deadline.map(|deadline| (deadline, tries.url.as_str()));
            let (error, failed) = match crate::worker::all_pairs(&worker, client_options, options, deadline).await {
                None => break, // options that cannot be copied: the first attempt, not made
                Some(Ok(pairs)) => return Ok(pairs),
                Some(Err(failure)) => failure,
            };
            if !client.back_off(&tries, failed).await {
                return Err(error);
            }
            call = client.options_left(&tries);
        }
    }
    let mut sink = all_pairs::Collect::new();
    all_pairs::all_pairs(&client, &request, call, floor, &mut sink).await.map_err(rejection)?;
    Ok(sink.into_result())
}
