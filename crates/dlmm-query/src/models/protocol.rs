//! Protocol-wide totals (`GET /info/protocol_metrics`).

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::shape::{HasShape, Leaf, ObjectOrSingleton, Shape, StructShape};
use crate::slot::{FromSlot, Slot};
use crate::wire;

/// TVL, volume and fee totals of the whole protocol. All figures are USD.
///
/// The spec documents an array of one object while real consumers read an object: both decode. An empty array (or one
/// with more than one element) is a decode error.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all(serialize = "camelCase"))]
pub struct ProtocolMetrics {
    /// Total value locked across all pairs, USD.
    pub total_tvl: f64,
    /// Trading volume of the last 24 hours, USD.
    pub daily_trade_volume: f64,
    /// Trading volume since launch, USD.
    pub total_trade_volume: f64,
    /// Trading fees of the last 24 hours, USD.
    pub daily_fee: f64,
    /// Trading fees since launch, USD.
    pub total_fee: f64,
}

/// The wire object, decoded leniently. Its shape lets the shape readers (the transcoder, the slot reader) read it as
/// this decoder does, without its serde code.
#[wire::lenient_numbers]
#[derive(Deserialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
struct Fields {
    total_tvl: f64,
    daily_trade_volume: f64,
    total_trade_volume: f64,
    daily_fee: f64,
    total_fee: f64,
}

impl From<Fields> for ProtocolMetrics {
    fn from(f: Fields) -> Self {
        Self {
            total_tvl: f.total_tvl,
            daily_trade_volume: f.daily_trade_volume,
            total_trade_volume: f.total_trade_volume,
            daily_fee: f.daily_fee,
            total_fee: f.total_fee,
        }
    }
}

/// What the body must be, as errors say: an object or an array of one.
const EXPECTING: &str = "a protocol metrics object or an array of exactly one";

/// The wire object's fields.
const WIRE_FIELDS: &StructShape = match <Fields as HasShape>::SHAPE {
    Shape::Struct(fields) => fields,
    _ => panic!("the wire object's shape is a struct"),
};

impl HasShape for ProtocolMetrics {
    const SHAPE: Shape =
        Shape::Leaf(Leaf::ObjectOrSingleton(&ObjectOrSingleton { object: WIRE_FIELDS, expecting: EXPECTING }));
}

dlmm_json::ts_name!(ProtocolMetrics);

impl FromSlot for ProtocolMetrics {
    /// The metrics from the slot of their wire object (the same slot for the object and for an array of one).
    fn from_slot(slot: Slot) -> Self {
        Fields::from_slot(slot).into()
    }
}

struct OneObject;

impl<'de> Visitor<'de> for OneObject {
    type Value = ProtocolMetrics;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(EXPECTING)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        Fields::deserialize(de::value::MapAccessDeserializer::new(map)).map(Into::into)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let Some(first) = seq.next_element::<Fields>()? else {
            return Err(de::Error::invalid_length(0, &self));
        };
        if seq.next_element::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(2, &self));
        }
        Ok(first.into())
    }
}

impl<'de> Deserialize<'de> for ProtocolMetrics {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(OneObject)
    }
}

/// Bodies of every kind the decoder meets (an object, arrays of one, two or none, a struct sent as an array, missing,
/// duplicated and mistyped fields, other values), for the tests pinning the shape readers to it.
#[cfg(test)]
pub(crate) fn sample_bodies() -> Vec<String> {
    let object =
        r#"{"total_tvl":"100.5","daily_trade_volume":2,"total_trade_volume":3e0,"daily_fee":4,"total_fee":5,"x":1}"#;
    vec![
        object.to_owned(),
        format!("[{object}]"),
        "[[1,2,3,4,5]]".to_owned(),
        "[]".to_owned(),
        format!("[{object},{object}]"),
        format!("[{object},1]"),
        r#"{"total_tvl":1}"#.to_owned(),
        r#"{"total_tvl":1,"total_tvl":2}"#.to_owned(),
        r#"[{"total_tvl":"x"}]"#.to_owned(),
        "null".to_owned(),
        "1".to_owned(),
        "\"metrics\"".to_owned(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    const OBJ: &str =
        r#"{"total_tvl":"100.5","daily_trade_volume":2,"total_trade_volume":3,"daily_fee":4,"total_fee":5,"x":1}"#;

    #[test]
    fn decodes_an_object_or_a_singleton_array() {
        let a: ProtocolMetrics = serde_json::from_str(OBJ).unwrap();
        let b: ProtocolMetrics = serde_json::from_str(&format!("[{OBJ}]")).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.total_tvl, 100.5);
        for bad in ["[]", &format!("[{OBJ},{OBJ}]"), "null", "1"] {
            assert!(serde_json::from_str::<ProtocolMetrics>(bad).is_err(), "{bad}");
        }
        assert_eq!(serde_json::to_value(&a).unwrap()["dailyTradeVolume"], 2.0);
    }

    #[test]
    fn protocol_metrics_read_by_shape_as_their_decoder_reads_them() {
        for body in sample_bodies() {
            let decoded = serde_json::from_str::<ProtocolMetrics>(&body);
            let mut out = crate::json_text::JsonText::default();
            let transcoded = crate::transcode::transcode(body.as_bytes(), &ProtocolMetrics::SHAPE, &mut out);
            match (decoded, transcoded) {
                (Ok(metrics), Ok(())) => {
                    let mut expected = crate::json_text::JsonText::default();
                    expected.write(&metrics);
                    let text = |t: crate::json_text::JsonText| t.finish().map(|w| w.text).expect("no unsafe integers");
                    let (expected, got) = (text(expected), text(out));
                    // The same keys and doubles (the transcoder copies literals as sent), in declaration order.
                    let doubles = dlmm_json::testing::doubles;
                    assert_eq!(doubles(&got), doubles(&expected), "{body}");
                    assert!(got.starts_with(r#"{"totalTvl":"#), "{got}");
                }
                (Err(_), Err(_)) => {}
                (decoded, transcoded) => panic!("{body}: decoded {decoded:?}, transcoded {transcoded:?}"),
            }
        }
    }

    #[test]
    fn protocol_metrics_are_their_decoders() {
        for body in sample_bodies() {
            let serde = serde_json::from_str::<ProtocolMetrics>(&body).map_err(drop);
            let shape = crate::slot::decode::<ProtocolMetrics>(body.as_bytes()).map_err(drop);
            assert_eq!(shape, serde, "{body}");
        }
        let refused = |body: &str| crate::slot::decode::<ProtocolMetrics>(body.as_bytes()).unwrap_err().to_string();
        let expected = "expected a protocol metrics object or an array of exactly one";
        assert_eq!(refused("[]"), format!("{expected}, found 0 item(s)"));
        assert_eq!(refused(&format!("[{OBJ},{OBJ}]")), format!("{expected}, found more than one item"));
        assert_eq!(refused("1"), format!("{expected}, found the number 1"));
    }
}
