//! Decoding by shapes: a body read by a model's [`Shape`](enum@Shape) into a tree of [`Slot`]s, which the model is
//! then built from ([`FromSlot`], derived with [`Shape`](derive@crate::shape::Shape)).
//!
//! It reads what [`crate::transcode`] reads, with values for its output instead of text: one reader for every model, so
//! a program decoding many models (the explorer) carries one decoder rather than serde's per model. The reading is
//! serde_json's own (where the transcoder's is by hand), step for step, with the leaves read by the functions the model's `Deserialize` calls (for the `wire`
//! readers, `wire::read_with`, the one description they are built on), so a body gives the model's values and a refused
//! body the model's error (same message, same position). A test pins both to serde's for every operation. The leaves
//! that take numbers read them from their text ([`read`]), so the values never rest on serde_json's float parser.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::integer::{self, Integer};
use crate::literal::Literal;
use crate::refusal::Refusal;
use crate::shape::{HasShape, Leaf, Missing, ObjectOrSingleton, Shape, StructShape};
use crate::transcode::{FieldKeys, VariantName};
use crate::wire::{self, Scalar};

/// A value read by its shape, before the model is built from it.
#[derive(Debug, Clone, PartialEq)]
pub enum Slot {
    /// A field the body left out (the model fills in its default).
    Missing,
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A floating-point number.
    F64(f64),
    /// An unsigned integer (of any width: its reader checked the range).
    U64(u64),
    /// A signed integer (of any width: its reader checked the range).
    I64(i64),
    /// A string (and the checked text of [`Leaf::DecimalText`] and [`Leaf::NumericText`]).
    Text(String),
    /// An enum's variant: its index among the shape's variants (the `other` variant after them).
    Variant(usize),
    /// An array's items.
    List(Vec<Slot>),
    /// A struct's fields, in declaration order.
    Fields(Vec<Slot>),
}

impl Slot {
    /// A string's text (a [`Leaf::DecimalText`] or [`Leaf::NumericText`] too, checked); none for any other slot.
    pub fn into_text(self) -> Option<String> {
        match self {
            Slot::Text(text) => Some(text),
            _ => None,
        }
    }

    /// A struct's fields, to be taken in declaration order ([`field`]); none for any other slot.
    pub fn into_fields(self) -> std::vec::IntoIter<Slot> {
        match self {
            Slot::Fields(fields) => fields.into_iter(),
            _ => Vec::new().into_iter(),
        }
    }
}

/// A type built from the [`Slot`] its shape reads. The slot always is one its shape gives; any other (which the
/// reader never makes) builds a default value rather than failing.
pub trait FromSlot: Sized {
    /// The value of `slot`.
    fn from_slot(slot: Slot) -> Self;
}

/// The next field of a struct's `fields` ([`Slot::into_fields`]).
pub fn field<T: FromSlot>(fields: &mut std::vec::IntoIter<Slot>) -> T {
    T::from_slot(fields.next().unwrap_or(Slot::Missing))
}

/// The next field of a struct's `fields`, or `T`'s default when the body left it out (`#[serde(default)]`).
pub fn field_or_default<T: FromSlot + Default>(fields: &mut std::vec::IntoIter<Slot>) -> T {
    match fields.next() {
        None | Some(Slot::Missing) => T::default(),
        Some(slot) => T::from_slot(slot),
    }
}

/// Decodes `body` as a `T` by its shape: the value, or why the body was refused.
pub fn decode<T: HasShape + FromSlot>(body: &[u8]) -> Result<T, Refusal> {
    read(body, &T::SHAPE).map(T::from_slot).map_err(|_| crate::transcode::refusal(body, &T::SHAPE))
}

/// Reads `body` by `shape` (the whole body: trailing characters are an error, as for `serde_json::from_slice`).
///
/// The leaves that take numbers read them from their own text (`Numbers::FromText`), so no value rests on
/// serde_json's float parser; a body refused that way is read again by serde's readers, for serde's error (message
/// and position).
pub fn read(body: &[u8], shape: &Shape) -> Result<Slot, serde_json::Error> {
    read_numbers(body, shape, Numbers::FromText).or_else(|_| read_numbers(body, shape, Numbers::BySerde))
}

/// One reading of `body` by `shape`.
fn read_numbers(body: &[u8], shape: &Shape, numbers: Numbers) -> Result<Slot, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_slice(body);
    let slot = Value(shape, numbers).deserialize(&mut de)?;
    de.end()?;
    Ok(slot)
}

/// How the leaves that take numbers read them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Numbers {
    /// From the value's text: a number literal exactly ([`Literal`]), anything else by the leaf's reader from its
    /// text; errors without a position.
    FromText,
    /// By serde's readers, in place (for their errors).
    BySerde,
}

/// Leaves built from the slot of one variant, or their default from any other.
macro_rules! from_slots {
    ($($ty:ty: $variant:ident($v:ident) => $value:expr),* $(,)?) => {
        $(impl FromSlot for $ty {
            fn from_slot(slot: Slot) -> Self {
                match slot {
                    Slot::$variant($v) => $value,
                    _ => <$ty>::default(),
                }
            }
        })*
    };
}

from_slots! {
    bool: Bool(v) => v,
    f64: F64(v) => v,
    u64: U64(v) => v,
    u32: U64(v) => u32::try_from(v).unwrap_or_default(),
    u16: U64(v) => u16::try_from(v).unwrap_or_default(),
    u8: U64(v) => u8::try_from(v).unwrap_or_default(),
    i64: I64(v) => v,
    i32: I64(v) => i32::try_from(v).unwrap_or_default(),
    String: Text(v) => v,
}

impl<T: FromSlot> FromSlot for Option<T> {
    fn from_slot(slot: Slot) -> Self {
        match slot {
            Slot::Missing | Slot::Null => None,
            slot => Some(T::from_slot(slot)),
        }
    }
}

impl<T: FromSlot> FromSlot for Vec<T> {
    fn from_slot(slot: Slot) -> Self {
        match slot {
            Slot::List(items) => items.into_iter().map(T::from_slot).collect(),
            _ => Vec::new(),
        }
    }
}

/// A value of a shape.
struct Value<'a>(&'a Shape, Numbers);

impl<'de> DeserializeSeed<'de> for Value<'_> {
    type Value = Slot;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Slot, D::Error> {
        let numbers = self.1;
        match self.0 {
            Shape::Leaf(leaf) => leaf_value(leaf, d, numbers),
            Shape::Struct(fields) => d.deserialize_struct(fields.name, &[], Object(fields, numbers)),
            Shape::List(item) => d.deserialize_seq(List(item, numbers)),
            Shape::Optional(inner) => d.deserialize_option(Optional(inner, numbers)),
        }
    }
}

/// A leaf read by the decoder its model uses.
fn leaf_value<'de, D: Deserializer<'de>>(leaf: &Leaf, d: D, numbers: Numbers) -> Result<Slot, D::Error> {
    Ok(match leaf {
        Leaf::F64 | Leaf::Int(_) | Leaf::ExactU64 | Leaf::DecimalText | Leaf::NumericText | Leaf::With(_)
            if numbers == Numbers::FromText =>
        {
            let raw = <&serde_json::value::RawValue>::deserialize(d)?.get();
            let read = match Literal::of(raw) {
                Some(literal) => leaf_value(leaf, literal, Numbers::BySerde),
                None => {
                    let mut de = serde_json::Deserializer::from_slice(raw.as_bytes());
                    leaf_value(leaf, &mut de, Numbers::BySerde).and_then(|slot| de.end().map(|()| slot))
                }
            };
            return read.map_err(de::Error::custom);
        }
        Leaf::String => Slot::Text(String::deserialize(d)?),
        Leaf::Enum(names) => Slot::Variant(d.deserialize_enum(names.name, &[], VariantName::new(names))?),
        Leaf::Bool => Slot::Bool(bool::deserialize(d)?),
        Leaf::F64 => Slot::F64(f64::deserialize(d)?),
        Leaf::Int(ty) => match integer::read(d, *ty)? {
            Integer::Unsigned(v) => Slot::U64(v),
            Integer::Signed(v) => Slot::I64(v),
        },
        Leaf::ExactU64 => Slot::U64(wire::u64(d)?),
        Leaf::DecimalText => Slot::Text(wire::text(d, &wire::DECIMAL_TEXT)?),
        Leaf::NumericText => Slot::Text(wire::numeric_string(d)?),
        Leaf::ObjectOrSingleton(one) => d.deserialize_any(OneObject(one, numbers))?,
        Leaf::With(with) => match wire::read_with(d, *with)? {
            Scalar::Null => Slot::Null,
            Scalar::F64(v) => Slot::F64(v),
            Scalar::U64(v) => Slot::U64(v),
            Scalar::I64(v) => Slot::I64(v),
            Scalar::Text(text) => Slot::Text(text),
        },
    })
}

/// An object, or an array of exactly one, read by the object's shape: the object's fields either way.
struct OneObject<'a>(&'a ObjectOrSingleton, Numbers);

impl<'de> Visitor<'de> for OneObject<'_> {
    type Value = Slot;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.expecting)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Slot, A::Error> {
        Object(self.0.object, self.1).visit_map(map)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Slot, A::Error> {
        let Some(fields) = seq.next_element_seed(Value(&Shape::Struct(self.0.object), self.1))? else {
            return Err(de::Error::invalid_length(0, &self));
        };
        if seq.next_element::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(2, &self));
        }
        Ok(fields)
    }
}

/// An array of values of one shape.
struct List<'a>(&'a Shape, Numbers);

impl<'de> Visitor<'de> for List<'_> {
    type Value = Slot;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Slot, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(Value(self.0, self.1))? {
            items.push(item);
        }
        Ok(Slot::List(items))
    }
}

/// `null` or a value of the inner shape.
struct Optional<'a>(&'a Shape, Numbers);

impl<'de> Visitor<'de> for Optional<'_> {
    type Value = Slot;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("option")
    }
    fn visit_none<E: de::Error>(self) -> Result<Slot, E> {
        Ok(Slot::Null)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Slot, E> {
        Ok(Slot::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Slot, D::Error> {
        Value(self.0, self.1).deserialize(d)
    }
}

/// An object with named fields (or a struct sent as an array, its fields by position).
struct Object<'a>(&'a StructShape, Numbers);

impl<'de> Visitor<'de> for Object<'_> {
    type Value = Slot;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "struct {}", self.0.name)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Slot, A::Error> {
        let shape = self.0;
        let mut values = Vec::with_capacity(shape.fields.len());
        for (index, field) in shape.fields.iter().enumerate() {
            match seq.next_element_seed(Value(field.shape, self.1))? {
                Some(value) => values.push(value),
                None if field.missing == Missing::Default && field.default_attr => values.push(Slot::Missing),
                None => return Err(de::Error::invalid_length(index, &shape.as_array().as_str())),
            }
        }
        Ok(Slot::Fields(values))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Slot, A::Error> {
        let shape = self.0;
        let fields = shape.fields;
        let mut values = vec![Slot::Missing; fields.len()];
        let mut keys = FieldKeys::new(shape);
        while let Some(index) = keys.next(&mut map)? {
            values[index] = map.next_value_seed(Value(fields[index].shape, self.1))?;
        }
        match fields.iter().enumerate().find(|(i, field)| !keys.seen.contains(*i) && field.missing == Missing::Required)
        {
            Some((_, field)) => Err(de::Error::missing_field(field.wire)),
            None => Ok(Slot::Fields(values)),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;
    use crate::shape::Shape;
    use crate::testing::models::{DecimalText, Exact, NumericText};

    #[derive(Debug, Default, Deserialize, Serialize, Shape)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        #[default]
        Spot,
        Curve,
        #[serde(other)]
        Unknown,
    }

    #[derive(Debug, Deserialize, Serialize, Shape)]
    struct Row {
        name: String,
        #[serde(default)]
        count: u32,
        kind: Kind,
        #[serde(skip)]
        note: String,
        #[serde(default, deserialize_with = "wire::opt_f64")]
        price: Option<f64>,
        amounts: Vec<Exact>,
        #[serde(default)]
        rank: Option<i32>,
    }

    /// Decodes `body` both ways: the value's text, or that it was refused.
    fn both(body: &str) -> (String, String) {
        let serde = serde_json::from_str::<Vec<Row>>(body).map(|v| format!("{v:?}")).map_err(drop);
        let shape = decode::<Vec<Row>>(body.as_bytes()).map(|v| format!("{v:?}")).map_err(drop);
        (format!("{serde:?}"), format!("{shape:?}"))
    }

    #[test]
    fn values_are_serde_derives_and_refusals_are_where_it_refuses() {
        let bodies = [
            r#"[{"name":"a","count":3,"kind":"curve","price":"1.5","amounts":["18446744073709551615",7],"rank":-2}]"#,
            r#"[{"amounts":[],"kind":"spot","name":"b","note":"ignored","extra":{"x":[1]}}]"#,
            r#"[{"name":"c","kind":"what","amounts":[1],"price":null}]"#,
            r#"[["d", 1, "curve", 2.5, [1, 2]], ["e", 2, "spot", null, [], 4]]"#,
            r#"[["f", 1]]"#,
            r#"[{"name":"g","kind":"spot"}]"#,
            r#"[{"name":"h","name":"i","kind":"spot","amounts":[]}]"#,
            r#"[{"name":"j","kind":7,"amounts":[]}]"#,
            r#"[{"name":"k","kind":"spot","amounts":[-1]}]"#,
            r#"[{"name":"l","kind":"spot","amounts":[],"count":70000000000}]"#,
            r#"[{"name":"m","kind":"spot","amounts":[]}] x"#,
            r#"[{"name":"n","kind":"spot","amounts":[]"#,
            r#"{"name":"o"}"#,
        ];
        for body in bodies {
            let (serde, shape) = both(body);
            assert_eq!(serde, shape, "{body}");
        }
        let (ok, _) = both(bodies[2]);
        assert!(ok.contains("Unknown") && ok.contains("price: None") && ok.contains("rank: None"), "{ok}");
    }

    /// Every kind of leaf that takes numbers.
    #[derive(Debug, Deserialize, Serialize, Shape)]
    pub(crate) struct Numbers {
        plain: f64,
        #[serde(deserialize_with = "wire::f64")]
        lenient: f64,
        #[serde(deserialize_with = "wire::opt_f64")]
        optional: Option<f64>,
        #[serde(deserialize_with = "wire::u64")]
        unsigned: u64,
        #[serde(deserialize_with = "wire::i64")]
        signed: i64,
        count: u64,
        amount: Exact,
        text: NumericText,
        decimal: DecimalText,
    }

    /// The number literals whose reading differs by reader: integers at and past 2^53 and 2^64, `-0`, exponents,
    /// seventeen digits, the edges of a double's range.
    pub(crate) const EDGE_LITERALS: [&str; 14] = [
        "0",
        "-0",
        "7",
        "9007199254740993",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775809",
        "1e2",
        "2.5E-3",
        "0.30000000000000004",
        "7.708402041055213e-8",
        "1.7976931348623157e308",
        "5e-324",
        "1e-400",
    ];

    /// A [`Numbers`] body for each field and each edge literal, the literal in that field.
    pub(crate) fn number_bodies() -> Vec<String> {
        let mut bodies = Vec::new();
        for literal in EDGE_LITERALS {
            for field in ["plain", "lenient", "optional", "unsigned", "signed", "count", "amount", "text", "decimal"] {
                let body = serde_json::json!({
                    "plain": 1, "lenient": 1, "optional": 1, "unsigned": 1, "signed": 1, "count": 1, "amount": 1,
                    "text": "1", "decimal": "1"
                })
                .to_string();
                let body = body.replacen(&format!("\"{field}\":1"), &format!("\"{field}\":{literal}"), 1);
                bodies.push(body.replacen(&format!("\"{field}\":\"1\""), &format!("\"{field}\":{literal}"), 1));
            }
        }
        bodies
    }

    /// The first reading (numbers from their text, exactly) gives what serde's readers give (natively, with serde_json's
    /// exact float parser) for every leaf that takes numbers and every edge literal, or fails where they fail: a
    /// body never depends on the second reading for its values.
    #[test]
    fn numbers_read_from_their_text_are_serdes() {
        for body in number_bodies() {
            {
                let from_text = read_numbers(body.as_bytes(), &Numbers::SHAPE, super::Numbers::FromText);
                let by_serde = read_numbers(body.as_bytes(), &Numbers::SHAPE, super::Numbers::BySerde);
                match (from_text, by_serde) {
                    (Ok(a), Ok(b)) => assert_eq!(format!("{a:?}"), format!("{b:?}"), "{body}"),
                    (Err(_), Err(_)) => {}
                    (a, b) => panic!("{body}: from its text {a:?}, by serde {b:?}"),
                }
            }
        }
    }

    #[test]
    fn a_slot_of_another_kind_builds_a_default() {
        assert_eq!(u16::from_slot(Slot::Text("x".into())), 0);
        assert_eq!(u8::from_slot(Slot::U64(300)), 0);
        assert!(Vec::<String>::from_slot(Slot::Null).is_empty());
        assert_eq!(Option::<bool>::from_slot(Slot::Missing), None);
        let row = Row::from_slot(Slot::Null);
        assert!(row.name.is_empty() && row.note.is_empty() && matches!(row.kind, Kind::Unknown));
    }
}
