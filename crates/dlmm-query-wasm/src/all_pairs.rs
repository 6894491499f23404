//! `all()` and `all({ minTvl })`: the keeper's whole pair list (about 150 MB at 120,000 pairs) decoded as it arrives.
//!
//! The body is split into pairs by the core ([`Client::stream_elements`](dlmm_query::Client::stream_elements)); each
//! pair is transcoded by `PairInfo`'s shape (exact, validated, its errors naming `[i].field`) into a batch of JSON
//! text, where it begins in the chunk when it can be read whole there (so the splitter does not scan it too), and
//! every [`BATCH_BYTES`] the batch goes to a [`Sink`]: in the page's thread, [`Collect`] parses it into JavaScript
//! objects appended to the result; in the package's worker, it is posted to the page. Linear memory holds one
//! unfinished pair, one body chunk and one batch, never the body or the list, so it stays flat whatever the list's
//! size. With a TVL floor, only a pair's `liquidity` is read before it is dropped: a dropped pair never becomes a
//! `PairInfo`, let alone a JS object.

use dlmm_query::items::{Element, Item, pair_tvl, transcode_item, transcode_start};
use dlmm_query::json_text::{JsonText, Written};
use dlmm_query::models::PairInfo;
use dlmm_query::ops::{All, Operation};
use dlmm_query::shape::HasShape;
use dlmm_query::{CallOptions, Error, Request, Streamed, response};
use js_sys::{Array, Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use crate::client::Core;
use crate::to_js::written_to_js;

/// How much JSON text a batch of pairs reaches before it is parsed into JavaScript objects.
pub const BATCH_BYTES: usize = 1 << 20;

/// The most pairs in one batch (each becomes one argument of an `Array.prototype.push` call).
const BATCH_ITEMS: usize = 10_000;

/// Every pair of `request` (`GET /pair/all`) at or above `floor` TVL (all without one), handed to `sink` a batch of
/// JSON text at a time.
pub async fn all_pairs(
    client: &Core,
    request: &Request,
    options: CallOptions,
    floor: Option<f64>,
    sink: &mut dyn Sink,
) -> Result<(), Error> {
    let mut out = Batches::new(sink);
    let streamed = client
        .stream_elements(request, All::MISSING, options, |element, url, status| match element {
            // Without a floor, a pair is transcoded where it begins in the chunk when it can be, not split out first.
            Element::Start { rest, .. } if floor.is_none() => out.add_start(rest, url),
            Element::Start { .. } => Ok(None),
            Element::Whole(item) => out.add(&item, url, status, floor).map(|()| None),
        })
        .await?;
    match streamed {
        Streamed::Array { url, .. } => out.flush(&url),
        // No array (an error object, HTML, nothing): read whole, the body gives the error `all()` always gave for
        // it (a list's shape takes nothing but an array).
        Streamed::Whole { url, response } => {
            response::transcode_success(&url, &response, &<Vec<PairInfo>>::SHAPE)?;
            Err(Error::wrong_shape(&url, None, "the body is not an array".to_owned()))
        }
    }
}

/// Where finished batches go: parsed into the result here ([`Collect`]), or posted to the page by the worker.
pub trait Sink {
    /// Takes one batch: the JSON text of an array of pairs, with the paths its parsed values need fixed.
    fn batch(&mut self, written: Written, url: &str) -> Result<(), Error>;
}

/// The batch being written, and where finished ones go.
struct Batches<'a> {
    sink: &'a mut dyn Sink,
    batch: Option<JsonText>,
    /// Pairs kept so far (the index of the next one in the result).
    kept: usize,
}

impl<'a> Batches<'a> {
    fn new(sink: &'a mut dyn Sink) -> Self {
        Self { sink, batch: None, kept: 0 }
    }

    /// Decodes one pair of the list and writes it into the batch if it is at or above `floor`.
    fn add(&mut self, item: &Item<'_>, url: &str, status: u16, floor: Option<f64>) -> Result<(), Error> {
        if let Some(floor) = floor {
            let tvl = pair_tvl(item, url, status).map_err(Error::Decode)?;
            if !tvl.is_some_and(|tvl| tvl >= floor) {
                return Ok(());
            }
        }
        transcode_item(item, url, status, &PairInfo::SHAPE, self.batch()).map_err(Error::Decode)?;
        self.kept(url)
    }

    /// Writes the pair at the start of `rest` into the batch if it can be read there whole: its length (see
    /// [`transcode_start`]).
    fn add_start(&mut self, rest: &[u8], url: &str) -> Result<Option<usize>, Error> {
        let Some(length) = transcode_start(rest, &PairInfo::SHAPE, self.batch()) else { return Ok(None) };
        self.kept(url)?;
        Ok(Some(length))
    }

    /// The batch being written (begun if there is none).
    fn batch(&mut self) -> &mut JsonText {
        let kept = self.kept;
        self.batch.get_or_insert_with(|| JsonText::items_from(kept))
    }

    /// Counts the pair just written, and hands the batch on once it is full.
    fn kept(&mut self, url: &str) -> Result<(), Error> {
        self.kept += 1;
        let full = self.batch.as_ref().is_some_and(|batch| {
            batch.len() >= BATCH_BYTES || self.kept - batch.first_index() >= BATCH_ITEMS || batch.failed()
        });
        if full { self.flush(url) } else { Ok(()) }
    }

    /// Hands the batch to the sink.
    fn flush(&mut self, url: &str) -> Result<(), Error> {
        let Some(batch) = self.batch.take() else { return Ok(()) };
        self.sink.batch(batch.end_items().map_err(|e| dlmm_query::Error::unwritable(url, e))?, url)
    }
}

/// The result array of an `all()` run in this thread: each batch parsed into JavaScript objects and appended.
pub struct Collect {
    result: Array,
    /// `Array.prototype.push`, to append a whole batch in one call.
    push: Option<Function>,
}

impl Collect {
    /// An empty result.
    pub fn new() -> Self {
        let result = Array::new();
        let push = Reflect::get(&result, &JsValue::from_str("push")).ok().and_then(|f| f.dyn_into().ok());
        Self { result, push }
    }

    /// Appends `objects` (a parsed batch) to the result.
    pub fn append(&mut self, objects: &Array, url: &str) -> Result<(), Error> {
        match &self.push {
            Some(push) => {
                push.apply(&self.result, objects)
                    .map_err(|e| Error::wrong_shape(url, None, format!("cannot collect the pairs: {e:?}")))?;
            }
            None => objects.iter().for_each(|object| {
                self.result.push(&object);
            }),
        }
        Ok(())
    }

    /// The pairs collected.
    pub fn into_result(self) -> JsValue {
        self.result.into()
    }
}

impl Sink for Collect {
    fn batch(&mut self, written: Written, url: &str) -> Result<(), Error> {
        let objects: Array = written_to_js(written, url)?.unchecked_into();
        self.append(&objects, url)
    }
}
