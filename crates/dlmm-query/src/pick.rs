//! Picking a few numbers out of items no model is built for: a composite call (a series merged from chunks, a
//! position's P&L) needs a bucket's start or an event's USD value, not the whole item.
//!
//! The body is checked by its shape first ([`crate::transcode`]: the same errors as decoding the model), so picking
//! cannot meet a value the model refuses. Each picked field is read by the reader its model's field uses
//! ([`crate::wire`]), from an object by its wire name (escaped or not) or, for an item sent as an array, at the
//! field's position, so the numbers are the model's to the bit.

use std::fmt;

use serde::Deserializer;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use crate::shape::{Field, Leaf, Shape, StructShape, With};

/// A number picked from an item, as its field's reader reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Picked {
    /// A field read by [`crate::wire::f64`].
    F64(f64),
    /// A field read by [`crate::wire::u64`].
    U64(u64),
    /// A field read by [`crate::wire::i64`].
    I64(i64),
}

impl Picked {
    /// The number as an `f64`, when it was read as one.
    pub fn f64(self) -> Option<f64> {
        if let Picked::F64(value) = self { Some(value) } else { None }
    }

    /// The number as a `u64`, when it was read as one.
    pub fn u64(self) -> Option<u64> {
        if let Picked::U64(value) = self { Some(value) } else { None }
    }

    /// The number as an `i64`, when it was read as one.
    pub fn i64(self) -> Option<i64> {
        if let Picked::I64(value) = self { Some(value) } else { None }
    }
}

/// The items of a list body (`[…]`, already checked by its shape), each left as its text.
pub fn list_items(body: &[u8]) -> Result<Vec<&RawValue>, serde_json::Error> {
    serde_json::from_slice(body)
}

/// The struct shape of the items of `shape` (a list of structs), if it is one.
pub fn item_shape(shape: &Shape) -> Option<&'static StructShape> {
    match shape {
        Shape::List(Shape::Struct(item)) => Some(item),
        _ => None,
    }
}

/// Reads the fields `names` (wire names, each a number field of `item`) from one item's text: each as its field's
/// reader reads it, in the order of `names`; `None` for a field the item leaves out (its model's default then).
pub fn pick(text: &RawValue, item: &StructShape, names: &[&str]) -> Result<Vec<Option<Picked>>, serde_json::Error> {
    let mut fields = Vec::with_capacity(names.len());
    for name in names {
        let field = item.fields.iter().find(|f| f.wire == *name);
        fields.push(field.ok_or_else(|| de::Error::custom(format!("{} has no field `{name}`", item.name)))?);
    }
    // From bytes, as every other reading here: the same instances of the `wire` readers serve.
    ItemSeed { item, fields: &fields }.deserialize(&mut serde_json::Deserializer::from_slice(text.get().as_bytes()))
}

/// Reads the picked fields of one item: an object, or an array in the fields' declaration order.
struct ItemSeed<'a> {
    item: &'a StructShape,
    fields: &'a [&'static Field],
}

impl<'de> DeserializeSeed<'de> for ItemSeed<'_> {
    type Value = Vec<Option<Picked>>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ItemSeed<'_> {
    type Value = Vec<Option<Picked>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "struct {}", self.item.name)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut picked = vec![None; self.fields.len()];
        while let Some(key) = map.next_key::<String>()? {
            match self.fields.iter().position(|f| f.wire == key) {
                Some(slot) if picked[slot].is_none() => {
                    picked[slot] = Some(map.next_value_seed(LeafSeed(self.fields[slot]))?);
                }
                _ => _ = map.next_value::<IgnoredAny>()?,
            }
        }
        Ok(picked)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut picked = vec![None; self.fields.len()];
        for field in self.item.fields {
            let read = match self.fields.iter().position(|f| std::ptr::eq(*f, field)) {
                Some(slot) => seq.next_element_seed(LeafSeed(field))?.map(|value| picked[slot] = Some(value)),
                None => seq.next_element::<IgnoredAny>()?.map(drop),
            };
            if read.is_none() {
                break;
            }
        }
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(picked)
    }
}

/// Reads one number field by its model's reader.
struct LeafSeed(&'static Field);

impl<'de> DeserializeSeed<'de> for LeafSeed {
    type Value = Picked;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Picked, D::Error> {
        match self.0.shape {
            Shape::Leaf(Leaf::With(With::F64)) => crate::wire::f64(deserializer).map(Picked::F64),
            Shape::Leaf(Leaf::With(With::U64)) => crate::wire::u64(deserializer).map(Picked::U64),
            Shape::Leaf(Leaf::With(With::I64)) => crate::wire::i64(deserializer).map(Picked::I64),
            _ => Err(de::Error::custom(format!("`{}` is not a number field read by `wire`", self.0.wire))),
        }
    }
}
