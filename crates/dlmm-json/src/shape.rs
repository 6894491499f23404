//! Shapes: each model's serde layout as static data, derived from its `#[serde(...)]` attributes by `#[derive(Shape)]`
//! (the `dlmm-query-derive` crate): for a struct, each field's wire name (written for JavaScript in camelCase,
//! [`js_name`]), shape, what a missing field becomes and whether `None` is left out; for a list or an option, the shape
//! inside; for a leaf, which decoding applies. [`crate::transcode`] writes the JSON text for JavaScript by a shape,
//! with the checks and errors of decoding the model (one piece of code for every model, which keeps the npm package
//! small), and [`crate::slot`] reads by the same shapes to build the models (the client's decoder in WebAssembly).

use crate::integer::IntType;
pub use crate::wire::With;

pub use dlmm_query_derive::Shape;

/// A type whose JSON has a [`Shape`](enum@Shape).
pub trait HasShape {
    /// The type's shape.
    const SHAPE: Shape;
}

/// What a JSON value must look like, and how it is written for JavaScript.
#[derive(Debug)]
pub enum Shape {
    /// A single value decoded by one of the crate's decoders.
    Leaf(Leaf),
    /// An object with named fields.
    Struct(&'static StructShape),
    /// An array of values of one shape (`Vec<T>`).
    List(&'static Shape),
    /// `null` (`None`) or a value of the inner shape (`Option<T>`).
    Optional(&'static Shape),
}

/// The fields of a struct, in declaration order (the order they are written in).
#[derive(Debug)]
pub struct StructShape {
    /// The Rust name (a refusal names it: `an object (<name>)`).
    pub name: &'static str,
    /// The fields serde reads and writes (`#[serde(skip)]` fields are not listed).
    pub fields: &'static [Field],
}

impl StructShape {
    /// What a struct sent as an array must be (`an array of the <n> fields of <name>`).
    pub fn as_array(&self) -> String {
        format!("an array of the {} fields of {}", self.fields.len(), self.name)
    }
}

/// One field of a [`StructShape`].
#[derive(Debug)]
pub struct Field {
    /// The key read from the body. The key written for JavaScript is this one in camelCase ([`js_name`]), as the
    /// derive checks.
    pub wire: &'static str,
    /// The shape of the value.
    pub shape: &'static Shape,
    /// What a missing field becomes: an error, or its type's default.
    pub missing: Missing,
    /// True when a `None` is left out of the output (`skip_serializing_if = "Option::is_none"`).
    pub skip_none: bool,
    /// True when the field has `#[serde(default)]` (a struct sent as an array may then end before it).
    pub default_attr: bool,
}

/// Appends the key the field read as `wire` is written for JavaScript under: `wire` in camelCase, as serde renames it
/// (derived rather than stored: one name less per field in every `.wasm` file).
pub fn push_js_name(out: &mut Vec<u8>, wire: &str) {
    let wire = wire.as_bytes();
    let Some(first) = memchr::memchr(b'_', wire) else {
        out.extend_from_slice(wire);
        return;
    };
    out.reserve(wire.len());
    out.extend_from_slice(&wire[..first]);
    // Word by word (a few copies rather than a push per byte: every key of every transcoded object is written so).
    for word in wire[first + 1..].split(|&b| b == b'_') {
        if let [initial, rest @ ..] = word {
            out.push(initial.to_ascii_uppercase());
            out.extend_from_slice(rest);
        }
    }
}

/// The JavaScript name of the field read as `wire` ([`push_js_name`]).
pub fn js_name(wire: &str) -> String {
    let mut out = Vec::with_capacity(wire.len());
    push_js_name(&mut out, wire);
    // Only ASCII letters change, so the bytes stay UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

/// The length of [`js_name`]`(wire)`: one byte less per `_`.
pub fn js_name_len(wire: &str) -> usize {
    wire.len() - wire.bytes().filter(|&b| b == b'_').count()
}

/// True when `shape` holds a list of objects anywhere (a list, a page, a series), false for one item (an object or
/// an array of one) and its fields.
pub fn lists_objects(shape: &Shape) -> bool {
    let fields = |object: &StructShape| object.fields.iter().any(|field| lists_objects(field.shape));
    match shape {
        Shape::List(item) => {
            matches!(item, Shape::Struct(_) | Shape::Leaf(Leaf::ObjectOrSingleton(_))) || lists_objects(item)
        }
        Shape::Optional(inner) => lists_objects(inner),
        Shape::Struct(object) | Shape::Leaf(Leaf::ObjectOrSingleton(ObjectOrSingleton { object, .. })) => {
            fields(object)
        }
        Shape::Leaf(_) => false,
    }
}

/// The names of an enum of unit variants.
#[derive(Debug)]
pub struct EnumShape {
    /// The Rust name.
    pub name: &'static str,
    /// Each variant's (wire name, output name).
    pub variants: &'static [(&'static str, &'static str)],
    /// The output name of the `#[serde(other)]` variant that any other text becomes, if there is one.
    pub other: Option<&'static str>,
}

impl EnumShape {
    /// The output name of the variant at `index` among [`variants`](Self::variants) (the `other` variant after
    /// them).
    pub fn js_name(&self, index: usize) -> &'static str {
        match self.variants.get(index) {
            Some((_, js)) => js,
            None => self.other.unwrap_or_default(),
        }
    }
}

/// How a single value is decoded (and so what it is written as).
#[derive(Debug)]
pub enum Leaf {
    /// A field read with `#[serde(deserialize_with = "wire::…")]`.
    With(With),
    /// An enum of unit variants.
    Enum(&'static EnumShape),
    /// A string.
    String,
    /// `true` or `false`.
    Bool,
    /// A number read by `f64`'s own `Deserialize`.
    F64,
    /// An integer read as its type's own `Deserialize` reads it ([`crate::integer`]).
    Int(IntType),
    /// A non-negative integer up to `u64::MAX`, from a number or a string of digits ([`crate::wire::u64`]), kept
    /// exact and handed to JavaScript as a `bigint` (token amounts in base units).
    ExactU64,
    /// Exact decimal text: a finite number kept as its shortest text, or a string of decimal text
    /// ([`crate::wire::decimal_text`]), handed to JavaScript as that text.
    DecimalText,
    /// Numeric text ([`crate::wire::numeric_string`]), handed to JavaScript as the number it reads.
    NumericText,
    /// An object, or an array of exactly one object (a route documented one way and served the other).
    ObjectOrSingleton(&'static ObjectOrSingleton),
}

/// The object of a [`Leaf::ObjectOrSingleton`], and what its errors say the value must be.
#[derive(Debug)]
pub struct ObjectOrSingleton {
    /// The object's fields.
    pub object: &'static StructShape,
    /// What the value must be, as errors say it.
    pub expecting: &'static str,
}

/// What a field the body leaves out becomes, as serde's derive decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// A refusal: the reader expected the member and found nothing.
    Required,
    /// The field type's default (`#[serde(default)]`, or `None` for an `Option`): the zero value of its shape, written
    /// from the shape ([`crate::transcode`]).
    Default,
}

/// True when the default of a value of `shape` is the zero value the transcoder writes for a missing field: false when
/// it is or holds an enum (whose default its shape does not tell), where the derive refuses `#[serde(default)]`.
pub const fn default_is_zero(shape: &Shape) -> bool {
    match shape {
        Shape::Leaf(Leaf::Enum(_)) => false,
        Shape::Struct(fields) => {
            let mut index = 0;
            while index < fields.fields.len() {
                if !default_is_zero(fields.fields[index].shape) {
                    return false;
                }
                index += 1;
            }
            true
        }
        _ => true,
    }
}

/// `HasShape` for types read by one [`Leaf`] decoder.
macro_rules! leaves {
    ($($ty:ty => $leaf:expr),* $(,)?) => {
        $(impl HasShape for $ty {
            const SHAPE: Shape = Shape::Leaf($leaf);
        })*
    };
}

leaves! {
    String => Leaf::String,
    bool => Leaf::Bool,
    f64 => Leaf::F64,
    u64 => Leaf::Int(IntType::U64),
    i64 => Leaf::Int(IntType::I64),
    u32 => Leaf::Int(IntType::U32),
    u16 => Leaf::Int(IntType::U16),
    u8 => Leaf::Int(IntType::U8),
    i32 => Leaf::Int(IntType::I32),
}

impl<T: HasShape> HasShape for Vec<T> {
    const SHAPE: Shape = Shape::List(&T::SHAPE);
}

impl<T: HasShape> HasShape for Option<T> {
    const SHAPE: Shape = Shape::Optional(&T::SHAPE);
}

#[cfg(test)]
mod tests {
    use super::{js_name, js_name_len};

    fn js(wire: &str) -> String {
        let name = js_name(wire);
        assert_eq!(name.len(), js_name_len(wire), "{wire}");
        name
    }

    #[test]
    fn the_javascript_name_is_the_wire_name_in_camel_case() {
        for (wire, expected) in [
            ("address", "address"),
            ("bin_step", "binStep"),
            ("fee_tvl_ratio_24h", "feeTvlRatio24h"),
            ("volume_30m", "volume30m"),
            ("a__b", "aB"),
            ("_x", "X"),
            ("trailing_", "trailing"),
            ("feeTvlRatio", "feeTvlRatio"),
            ("a_\u{e9}t\u{e9}", "a\u{e9}t\u{e9}"),
            ("", ""),
        ] {
            assert_eq!(js(wire), expected, "{wire}");
        }
    }
}
