//! Decoding by shapes: a body read by a model's [`Shape`](enum@Shape) into a tree of [`Slot`]s, which the model is
//! then built from ([`FromSlot`], derived with [`Shape`](derive@crate::shape::Shape)). The body is read by
//! [`crate::reader`], as [`crate::transcode`] reads it: one reader for every model and both outputs, and the same
//! [`Refusal`] whichever output was asked for.

use crate::reader::{self, Seen, Sink};
use crate::refusal::Refusal;
use crate::shape::{EnumShape, HasShape, Shape, StructShape};

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
    /// A string (and the checked text of `Leaf::DecimalText` and `Leaf::NumericText`).
    Text(String),
    /// An enum's variant: its index among the shape's variants (the `other` variant after them).
    Variant(usize),
    /// An array's items.
    List(Vec<Slot>),
    /// A struct's fields, in declaration order.
    Fields(Vec<Slot>),
}

impl Slot {
    /// A string's text (a `Leaf::DecimalText` or `Leaf::NumericText` too); none for any other slot.
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

    /// `body` read by `shape` (this type's) and built: by default from the whole tree of slots; a list builds each
    /// item as soon as it is read, so no tree of the whole body is ever held.
    fn read_by(body: &[u8], shape: &Shape) -> Result<Self, Refusal> {
        read(body, shape).map(Self::from_slot)
    }
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
    T::read_by(body, &T::SHAPE)
}

/// Reads `body` by `shape` (the whole body: anything after the value is refused).
pub fn read(body: &[u8], shape: &Shape) -> Result<Slot, Refusal> {
    let mut slots = Slots::default();
    reader::read(body, shape, &mut slots)?;
    Ok(slots.done.unwrap_or(Slot::Missing))
}

/// The reader's values as a tree of slots: the containers being read, innermost last, and the value read whole;
/// with `each_item`, each item of a list at the top is handed to it when read, not kept.
#[derive(Default)]
struct Slots<'a> {
    open: Vec<Open>,
    done: Option<Slot>,
    each_item: Option<&'a mut dyn FnMut(Slot)>,
}

/// A container being read.
enum Open {
    /// A struct's fields (in declaration order) and the one being read.
    Fields(Vec<Slot>, usize),
    /// A list's items so far.
    List(Vec<Slot>),
}

impl Slots<'_> {
    /// Puts a value read where it belongs: the field or item being read, or the top.
    fn put(&mut self, slot: Slot) {
        let at_top = self.open.len() == 1;
        match (self.open.last_mut(), &mut self.each_item) {
            (Some(Open::List(_)), Some(each)) if at_top => each(slot),
            (Some(Open::Fields(fields, index)), _) => fields[*index] = slot,
            (Some(Open::List(items)), _) => items.push(slot),
            (None, _) => self.done = Some(slot),
        }
    }
}

/// Sink methods that put the slot given where it belongs.
macro_rules! put {
    ($($name:ident($($arg:ident: $ty:ty),*) => $slot:expr;)*) => {
        $(fn $name(&mut self, $($arg: $ty),*) {
            self.put($slot);
        })*
    };
}

impl Sink for Slots<'_> {
    type Struct = ();
    type Field = ();

    fn begin_struct(&mut self, shape: &StructShape) {
        let mut fields = Vec::with_capacity(shape.fields.len());
        fields.resize_with(shape.fields.len(), || Slot::Missing);
        self.open.push(Open::Fields(fields, 0));
    }
    fn begin_field(&mut self, _: &StructShape, index: usize) {
        if let Some(Open::Fields(_, current)) = self.open.last_mut() {
            *current = index;
        }
    }
    fn end_field(&mut self, _: &StructShape, _: usize, (): ()) {}
    /// Left [`Slot::Missing`]: the model fills in its default.
    fn default_field(&mut self, _: &StructShape, _: usize, (): ()) {}
    fn end_struct(&mut self, _: &StructShape, _: &Seen, (): ()) {
        if let Some(Open::Fields(fields, _)) = self.open.pop() {
            self.put(Slot::Fields(fields));
        }
    }
    fn begin_list(&mut self) {
        self.open.push(Open::List(Vec::new()));
    }
    fn item(&mut self) {}
    fn end_list(&mut self) {
        if let Some(Open::List(items)) = self.open.pop() {
            self.put(Slot::List(items));
        }
    }
    fn number(&mut self, literal: &[u8]) {
        let value = crate::float::of_short_literal(literal)
            .or_else(|| std::str::from_utf8(literal).ok().and_then(crate::float::parse));
        self.put(Slot::F64(value.unwrap_or(f64::NAN)));
    }
    put! {
        null() => Slot::Null;
        boolean(value: bool) => Slot::Bool(value);
        double(value: f64) => Slot::F64(value);
        unsigned(value: u64) => Slot::U64(value);
        signed(value: i64) => Slot::I64(value);
        amount(value: u64) => Slot::U64(value);
        text(text: &str) => Slot::Text(text.to_owned());
        ascii_text(text: &[u8]) => Slot::Text(std::str::from_utf8(text).map_or_else(|_| String::from_utf8_lossy(text).into_owned(), str::to_owned));
        numeric_text(text: &str, _literal: bool) => Slot::Text(text.to_owned());
        variant(_names: &EnumShape, index: usize) => Slot::Variant(index);
    }
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

    fn read_by(body: &[u8], shape: &Shape) -> Result<Self, Refusal> {
        let mut items = Vec::new();
        let mut each = |slot| items.push(T::from_slot(slot));
        let mut slots = Slots { each_item: Some(&mut each), ..Slots::default() };
        reader::read(body, shape, &mut slots)?;
        Ok(items)
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;
    use crate::testing::models::{DecimalText, Exact, NumericText};
    use crate::wire;

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
    struct Numbers {
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
    #[rustfmt::skip]
    const EDGE_LITERALS: [&str; 14] = [
        "0", "-0", "7", "9007199254740993", "18446744073709551615", "18446744073709551616", "-9223372036854775809",
        "1e2", "2.5E-3", "0.30000000000000004", "7.708402041055213e-8", "1.7976931348623157e308", "5e-324", "1e-400",
    ];

    /// A [`Numbers`] body for each field and each edge literal, the literal in that field.
    fn number_bodies() -> Vec<String> {
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

    /// Every leaf that takes numbers, with every edge literal, reads to the value serde's derive reads (natively,
    /// with serde_json's exact float parser), or is refused where it is refused.
    #[test]
    fn numbers_read_by_shape_are_serdes() {
        for body in number_bodies() {
            let by_shape = decode::<Numbers>(body.as_bytes()).map(|v| format!("{v:?}")).map_err(drop);
            let by_serde = serde_json::from_str::<Numbers>(&body).map(|v| format!("{v:?}")).map_err(drop);
            assert_eq!(by_shape, by_serde, "{body}");
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
