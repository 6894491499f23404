//! Picking a few numbers out of items no model is built for: a composite call (a series merged from chunks, a
//! position's P&L) needs a bucket's start or an event's USD value, not the whole item.
//!
//! The body is checked by its shape first ([`crate::transcode`]), so picking cannot meet a value the model refuses;
//! each picked field (by wire name, escaped or not, or by position in an item sent as an array) is read by the rules
//! of its model's [`crate::wire`] reader, so the numbers are the model's to the bit.

use serde::de::Unexpected;

use crate::json_scan::Scan;
use crate::refusal::Refusal;
use crate::shape::{Leaf, Shape, StructShape, With};
use crate::wire::{self, Scalar};

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

/// The items of a list body (`[…]`, already checked by its shape), each left as its text (`None` when it is no
/// array).
pub fn list_items(body: &[u8]) -> Option<Vec<&[u8]>> {
    let mut items = Vec::new();
    let mut scan = Scan::new(body);
    scan.elements(|scan| scan.value().map(|item| items.push(item)))?;
    scan.at_end().then_some(items)
}

/// The struct shape of the items of `shape` (a list of structs), if it is one.
pub fn item_shape(shape: &Shape) -> Option<&'static StructShape> {
    match shape {
        Shape::List(Shape::Struct(item)) => Some(item),
        _ => None,
    }
}

/// Reads the number fields `names` (wire names) of one item's text (an object, or an array of the fields in order),
/// each as its field's reader reads it: `None` for a field left out; `None` for text that is no such item.
pub fn pick(text: &[u8], item: &StructShape, names: &[&str]) -> Option<Vec<Option<Picked>>> {
    let mut fields = Vec::with_capacity(names.len());
    for name in names {
        fields.push(item.fields.iter().position(|f| f.wire == *name)?);
    }
    let mut wire_names = Vec::with_capacity(item.fields.len());
    for field in item.fields {
        wire_names.push(field.wire);
    }
    let mut picked = vec![None; names.len()];
    let mut scan = Scan::new(text);
    scan.fields(&wire_names, |field, scan| match fields.iter().position(|f| *f == field) {
        Some(slot) => {
            picked[slot] = Some(read(item.fields[field].shape, scan)?);
            Some(())
        }
        None => scan.value().map(drop),
    })?;
    scan.at_end().then_some(picked)
}

/// Reads one number field by its model's reader ([`wire::f64`], [`wire::u64`] or [`wire::i64`]): a number
/// literal as serde_json hands it to the reader, or a numeric string.
fn read(shape: &Shape, scan: &mut Scan<'_>) -> Option<Picked> {
    let Shape::Leaf(Leaf::With(with @ (With::F64 | With::U64 | With::I64))) = shape else { return None };
    let text;
    let input = match scan.number_text() {
        Some(literal) => crate::literal::number(literal)?,
        None => {
            text = scan.string()?;
            Unexpected::Str(&text)
        }
    };
    match wire::read_input::<Refusal>(*with, input).ok()? {
        Scalar::F64(v) => Some(Picked::F64(v)),
        Scalar::U64(v) => Some(Picked::U64(v)),
        Scalar::I64(v) => Some(Picked::I64(v)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Field, Missing};

    static F64: Shape = Shape::Leaf(Leaf::With(With::F64));
    static U64: Shape = Shape::Leaf(Leaf::With(With::U64));
    static I64: Shape = Shape::Leaf(Leaf::With(With::I64));
    static ITEM: StructShape = StructShape {
        name: "Item",
        fields: &[field("f", &F64), field("text", &F64), field("u", &U64), field("i", &I64)],
    };

    const fn field(wire: &'static str, shape: &'static Shape) -> Field {
        Field { wire, shape, missing: Missing::Required, skip_none: false, default_attr: false }
    }

    /// What the field's `wire` reader gives for `value` (a JSON value's text), through serde_json.
    fn by_wire(shape: &Shape, value: &str) -> Option<Picked> {
        let mut de = serde_json::Deserializer::from_str(value);
        match shape {
            Shape::Leaf(Leaf::With(With::F64)) => crate::wire::f64(&mut de).ok().map(Picked::F64),
            Shape::Leaf(Leaf::With(With::U64)) => crate::wire::u64(&mut de).ok().map(Picked::U64),
            _ => crate::wire::i64(&mut de).ok().map(Picked::I64),
        }
    }

    fn bits(picked: Option<Picked>) -> Option<(u8, u64)> {
        picked.map(|p| match p {
            Picked::F64(v) => (0, v.to_bits()),
            Picked::U64(v) => (1, v),
            Picked::I64(v) => (2, v as u64),
        })
    }

    #[test]
    fn numbers_are_picked_as_the_wire_readers_read_them() {
        for value in crate::testing::EDGE_VALUES {
            for (index, wire) in ["f", "u", "i"].into_iter().enumerate() {
                let shape = ITEM.fields.iter().find(|f| f.wire == wire).unwrap().shape;
                let text = format!(r#"{{"{wire}":{value}}}"#);
                let ours = pick(text.as_bytes(), &ITEM, &[wire]).and_then(|picked| picked[0]);
                assert_eq!(bits(ours), bits(by_wire(shape, value)), "{wire} = {value} ({index})");
            }
        }
    }

    #[test]
    fn fields_are_found_by_name_escaped_or_not_or_by_position() {
        let object = br#"{"i":-3,"other":[1,{"f":2}],"f":"1.25","t\u0065xt":4,"u":7}"#;
        let picked = pick(object, &ITEM, &["u", "text", "f", "i"]).unwrap();
        assert_eq!(
            picked,
            [Some(Picked::U64(7)), Some(Picked::F64(4.0)), Some(Picked::F64(1.25)), Some(Picked::I64(-3))]
        );
        let array = br#"[0.5, "x", 9]"#;
        let picked = pick(array, &ITEM, &["u", "f", "i"]).unwrap();
        assert_eq!(picked, [Some(Picked::U64(9)), Some(Picked::F64(0.5)), None]);
        assert_eq!(pick(br#"{"f":1,"f":2}"#, &ITEM, &["f"]), None, "a repeated field is refused, as serde does");
        assert_eq!(pick(br#"{"f":1}"#, &ITEM, &["missing"]), None);
        assert_eq!(list_items(b" [ {\"a\":1} , [2] ] ").unwrap(), [&b"{\"a\":1}"[..], b"[2]"]);
        assert_eq!(list_items(b"{}"), None);
    }
}
