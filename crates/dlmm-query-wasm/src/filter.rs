//! `all({ minTvl })`: the full pair list filtered while it is decoded, so dropped pairs never become JS objects.
//!
//! The body is first checked as JSON by the core (same errors as `all()`), kept as raw text, then walked with a
//! `DeserializeSeed` sequence visitor that decodes one pair at a time and keeps only those at or above the floor;
//! only they are converted to JS objects.

use std::fmt;

use dlmm_query::models::PairInfo;
use dlmm_query::ops::{All, Operation};
use dlmm_query::{ApiGroup, Error, InvalidInput, Request};
use serde::Deserialize;
use serde::de::{DeserializeSeed, Deserializer, Error as _, SeqAccess, Visitor};
use serde_json::value::RawValue;
use wasm_bindgen::JsValue;

use crate::to_js::pairs_to_js;

/// `GET /pair/all` answered as raw JSON text.
pub struct AllRaw(pub All);

impl Operation for AllRaw {
    type Output = Box<RawValue>;
    const GROUP: ApiGroup = ApiGroup::Pair;

    fn request(&self) -> Result<Request, InvalidInput> {
        self.0.request()
    }
}

/// The pairs of `raw` (a JSON array answered from `url`) whose TVL is at least `floor`, as a JS array of plain
/// objects.
pub fn pairs_above(raw: &RawValue, floor: f64, url: &str) -> Result<JsValue, Error> {
    let mut kept = Vec::new();
    let mut de = serde_json::Deserializer::from_str(raw.get());
    Above { floor, out: &mut kept }.deserialize(&mut de).map_err(|e| Error::wrong_shape(url, None, e.to_string()))?;
    pairs_to_js(&kept).map_err(|e| Error::wrong_shape(url, None, format!("cannot convert the pairs: {e:?}")))
}

/// Just the TVL of a pair (`liquidity`, decimal text or a number), as the core's `PairInfo::tvl_usd` reads it.
#[derive(Deserialize)]
struct Tvl {
    #[serde(default, deserialize_with = "opt_numeric_string")]
    liquidity: Option<String>,
}

fn opt_numeric_string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    dlmm_query::wire::numeric_string(d).map(Some)
}

/// Visits the pair array, keeping in `out` only the pairs at or above the floor (the others are dropped at once).
struct Above<'a> {
    floor: f64,
    out: &'a mut Vec<PairInfo>,
}

impl<'de> DeserializeSeed<'de> for Above<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Above<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of pairs")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // Each pair is first borrowed as raw text (no allocation); only its TVL is read, and only a kept pair is
        // decoded in full. A dropped pair costs a scan, never a `PairInfo`, let alone a JS object.
        while let Some(raw) = seq.next_element::<&'de RawValue>()? {
            let tvl: Tvl = serde_json::from_str(raw.get()).map_err(A::Error::custom)?;
            let tvl = tvl.liquidity.as_deref().map_or(f64::NAN, |t| t.trim().parse().unwrap_or(f64::NAN));
            if tvl >= self.floor {
                self.out.push(serde_json::from_str(raw.get()).map_err(A::Error::custom)?);
            }
        }
        Ok(())
    }
}
