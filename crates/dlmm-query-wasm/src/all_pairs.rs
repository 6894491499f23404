//! `all()` and `all({ minTvl })`: the keeper's whole pair list (about 150 MB at 120,000 pairs) decoded as it arrives.
//!
//! The body is split into pairs by the core ([`Client::stream_items`](dlmm_query::Client::stream_items)); each pair
//! is transcoded by `PairInfo`'s shape (exact, validated, its errors naming `[i].field`) into a batch of JSON text,
//! and every [`BATCH_BYTES`] the batch becomes JavaScript objects appended to the result. Linear memory holds one
//! unfinished pair, one body chunk and one batch, never the body or the list, so it stays flat whatever the list's
//! size. With a TVL floor, only a pair's `liquidity` is read before it is dropped: a dropped pair never becomes a
//! `PairInfo`, let alone a JS object.

use dlmm_query::items::{Item, decode_item, transcode_item};
use dlmm_query::json_text::JsonText;
use dlmm_query::models::PairInfo;
use dlmm_query::ops::{All, Operation};
use dlmm_query::shape::HasShape;
use dlmm_query::{CallOptions, Error, Request, Streamed, response};
use js_sys::{Array, Function, Reflect};
use serde::Deserialize;
use wasm_bindgen::{JsCast, JsValue};

use crate::call::Core;
use crate::to_js::written_to_js;

/// How much JSON text a batch of pairs reaches before it is parsed into JavaScript objects.
pub const BATCH_BYTES: usize = 1 << 20;

/// The most pairs in one batch (each becomes one argument of an `Array.prototype.push` call).
const BATCH_ITEMS: usize = 10_000;

/// Every pair of `request` (`GET /pair/all`) at or above `floor` TVL (all without one), as a JS array of plain
/// objects.
pub async fn all_pairs(
    client: &Core,
    request: &Request,
    options: CallOptions,
    floor: Option<f64>,
) -> Result<JsValue, Error> {
    let mut out = Output::new();
    let streamed = client
        .stream_items(request, All::NOT_FOUND_ON_500, options, |item, url, status| out.add(&item, url, status, floor))
        .await?;
    match streamed {
        Streamed::Array { url, .. } => {
            out.flush(&url)?;
            Ok(out.result.into())
        }
        // No array (an error object, HTML, nothing): read whole, the body gives the error `all()` always gave for
        // it (a list's shape takes nothing but an array).
        Streamed::Whole { url, response } => {
            response::transcode_success(&url, &response, &<Vec<PairInfo>>::SHAPE)?;
            Err(Error::wrong_shape(&url, None, "the body is not an array".to_owned()))
        }
    }
}

/// Just the TVL of a pair (`liquidity`, decimal text or a number), as the core's `PairInfo::tvl_usd` reads it.
#[derive(Deserialize)]
struct Tvl {
    #[serde(default, deserialize_with = "dlmm_query::wire::opt_f64")]
    liquidity: Option<f64>,
}

/// The result array and the batch being written.
struct Output {
    result: Array,
    /// `Array.prototype.push`, to append a whole batch in one call.
    push: Option<Function>,
    batch: Option<JsonText>,
    /// Pairs kept so far (the index of the next one in the result).
    kept: usize,
}

impl Output {
    fn new() -> Self {
        let result = Array::new();
        let push = Reflect::get(&result, &JsValue::from_str("push")).ok().and_then(|f| f.dyn_into().ok());
        Self { result, push, batch: None, kept: 0 }
    }

    /// Decodes one pair of the list and writes it into the batch if it is at or above `floor`.
    fn add(&mut self, item: &Item<'_>, url: &str, status: u16, floor: Option<f64>) -> Result<(), Error> {
        if let Some(floor) = floor {
            let tvl: Tvl = decode_item(item, url, status).map_err(Error::Decode)?;
            if !tvl.liquidity.is_some_and(|tvl| tvl >= floor) {
                return Ok(());
            }
        }
        let kept = self.kept;
        let batch = self.batch.get_or_insert_with(|| JsonText::items_from(kept));
        transcode_item(item, url, status, &PairInfo::SHAPE, batch).map_err(Error::Decode)?;
        self.kept += 1;
        if batch.len() >= BATCH_BYTES || self.kept - batch.first_index() >= BATCH_ITEMS || batch.failed() {
            self.flush(url)?;
        }
        Ok(())
    }

    /// Parses the batch into JavaScript objects and appends them to the result.
    fn flush(&mut self, url: &str) -> Result<(), Error> {
        let Some(batch) = self.batch.take() else { return Ok(()) };
        let objects: Array = written_to_js(batch.end_items(url)?, url)?.unchecked_into();
        match &self.push {
            Some(push) => {
                push.apply(&self.result, &objects)
                    .map_err(|e| Error::wrong_shape(url, None, format!("cannot collect the pairs: {e:?}")))?;
            }
            None => objects.iter().for_each(|object| {
                self.result.push(&object);
            }),
        }
        Ok(())
    }
}
