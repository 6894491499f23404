//! Query strings: a query struct's `Serialize` written as `application/x-www-form-urlencoded` pairs, by a
//! serializer that knows only what query structs hold (a struct of scalars, options and sequences of scalars).
//!
//! It writes what serde_html_form writes for them (the tests compare the two on the crate's query types, on a struct
//! holding every kind of value they use, and on any text and any double): a field `key=value`, an absent option
//! nothing, a sequence its key once per element (`tags=a&tags=b`), integers and floats as itoa and zmij print them,
//! an enum's unit variant by its serde name; keys and values with everything but ASCII letters, digits and `*-._`
//! percent-encoded, and spaces as `+`. A serializer this small rather than a general one keeps each query type's
//! writing to a few calls in the `.wasm` files (1.5 KB gzip less in the package's).

use std::fmt::{self, Display};

use serde::Serialize;
use serde::ser::{self, Impossible};

/// Writes `query` (a struct) as a query string, without the leading `?`.
pub fn to_string(query: &impl Serialize) -> Result<String, Unsupported> {
    let mut out = String::new();
    query.serialize(Struct { out: &mut out })?;
    Ok(out)
}

/// A value a query string cannot hold (a map, a nested struct, a tuple, bytes that are not UTF-8…), or a failing
/// `Serialize`.
#[derive(Debug)]
pub struct Unsupported(String);

impl Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: Display>(message: T) -> Self {
        Self(message.to_string())
    }
}

/// Appends `text` form-urlencoded: ASCII letters, digits and `*-._` as they are, a space as `+`, every other byte as
/// `%XX`.
fn encode(text: &str, out: &mut String) {
    for &byte in text.as_bytes() {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => out.push(char::from(byte)),
            b' ' => out.push('+'),
            _ => push_percent_escape(byte, out),
        }
    }
}

/// Appends `byte` as `%XX` (two uppercase hexadecimal digits): the escape of query strings and, in
/// [`crate::request`], of path segments.
pub(crate) fn push_percent_escape(byte: u8, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEX[usize::from(byte >> 4)]));
    out.push(char::from(HEX[usize::from(byte & 15)]));
}

/// The whole query: a struct, whose fields become pairs.
struct Struct<'a> {
    out: &'a mut String,
}

/// One field's value, or one element of a sequence field: a pair under `key`.
struct Value<'a> {
    key: &'static str,
    out: &'a mut String,
}

impl Value<'_> {
    /// Writes the pair `key=text`.
    fn pair(self, text: &str) -> Result<(), Unsupported> {
        if !self.out.is_empty() {
            self.out.push('&');
        }
        encode(self.key, self.out);
        self.out.push('=');
        encode(text, self.out);
        Ok(())
    }
}

/// The error for a value of kind `what`.
fn unsupported(what: &str) -> Unsupported {
    Unsupported(format!("a query string cannot hold {what}"))
}

/// Refuses, for each listed method of `Serializer`, the kind of value it serializes (`= "what"`; without it, a value
/// that is not the query's struct).
macro_rules! refuse {
    ($($method:ident($($arg:ty),*) -> $ok:ty $(= $what:literal)?;)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<$ok, Unsupported> {
            Err(unsupported(refuse!(@what $($what)?)))
        }
    )*};
    (@what) => { "a value outside a struct" };
    (@what $what:literal) => { $what };
}

impl<'a> ser::Serializer for Struct<'a> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Impossible<(), Unsupported>;
    type SerializeTuple = Impossible<(), Unsupported>;
    type SerializeTupleStruct = Impossible<(), Unsupported>;
    type SerializeTupleVariant = Impossible<(), Unsupported>;
    type SerializeMap = Impossible<(), Unsupported>;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), Unsupported>;

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Unsupported> {
        Ok(self)
    }

    refuse! {
        serialize_bool(bool) -> ();
        serialize_i8(i8) -> ();
        serialize_i16(i16) -> ();
        serialize_i32(i32) -> ();
        serialize_i64(i64) -> ();
        serialize_u8(u8) -> ();
        serialize_u16(u16) -> ();
        serialize_u32(u32) -> ();
        serialize_u64(u64) -> ();
        serialize_f32(f32) -> ();
        serialize_f64(f64) -> ();
        serialize_char(char) -> ();
        serialize_str(&str) -> ();
        serialize_bytes(&[u8]) -> ();
        serialize_none() -> ();
        serialize_unit() -> ();
        serialize_unit_struct(&'static str) -> ();
        serialize_unit_variant(&'static str, u32, &'static str) -> ();
        serialize_seq(Option<usize>) -> Self::SerializeSeq;
        serialize_tuple(usize) -> Self::SerializeTuple;
        serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct;
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Self::SerializeTupleVariant;
        serialize_map(Option<usize>) -> Self::SerializeMap;
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Self::SerializeStructVariant;
    }

    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<(), Unsupported> {
        Err(unsupported("a value outside a struct"))
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, _: &T) -> Result<(), Unsupported> {
        Err(unsupported("a value outside a struct"))
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Unsupported> {
        Err(unsupported("a value outside a struct"))
    }
}

/// Writes each listed integer type as the widest of its signedness is written.
macro_rules! widened {
    ($($method:ident($ty:ty) => $wide:ident($wide_ty:ty);)*) => {$(
        fn $method(self, value: $ty) -> Result<(), Unsupported> {
            self.$wide(<$wide_ty>::from(value))
        }
    )*};
}

impl ser::Serializer for Value<'_> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Self;
    type SerializeTuple = Impossible<(), Unsupported>;
    type SerializeTupleStruct = Impossible<(), Unsupported>;
    type SerializeTupleVariant = Impossible<(), Unsupported>;
    type SerializeMap = Impossible<(), Unsupported>;
    type SerializeStruct = Impossible<(), Unsupported>;
    type SerializeStructVariant = Impossible<(), Unsupported>;

    fn serialize_bool(self, value: bool) -> Result<(), Unsupported> {
        self.pair(if value { "true" } else { "false" })
    }
    fn serialize_i64(self, value: i64) -> Result<(), Unsupported> {
        self.pair(itoa::Buffer::new().format(value))
    }
    fn serialize_u64(self, value: u64) -> Result<(), Unsupported> {
        self.pair(itoa::Buffer::new().format(value))
    }
    fn serialize_f64(self, value: f64) -> Result<(), Unsupported> {
        self.pair(zmij::Buffer::new().format(value))
    }
    widened! {
        serialize_i8(i8) => serialize_i64(i64);
        serialize_i16(i16) => serialize_i64(i64);
        serialize_i32(i32) => serialize_i64(i64);
        serialize_u8(u8) => serialize_u64(u64);
        serialize_u16(u16) => serialize_u64(u64);
        serialize_u32(u32) => serialize_u64(u64);
    }
    fn serialize_f32(self, value: f32) -> Result<(), Unsupported> {
        self.pair(zmij::Buffer::new().format(value))
    }
    fn serialize_char(self, value: char) -> Result<(), Unsupported> {
        self.pair(value.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, value: &str) -> Result<(), Unsupported> {
        self.pair(value)
    }
    fn serialize_bytes(self, value: &[u8]) -> Result<(), Unsupported> {
        self.pair(std::str::from_utf8(value).map_err(|_| unsupported("bytes that are not UTF-8"))?)
    }
    fn serialize_none(self) -> Result<(), Unsupported> {
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Unsupported> {
        value.serialize(self)
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<(), Unsupported> {
        self.pair(name)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<(), Unsupported> {
        self.pair(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, value: &T) -> Result<(), Unsupported> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Unsupported> {
        Err(unsupported("an enum variant with a value"))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Unsupported> {
        Ok(self)
    }
    refuse! {
        serialize_unit() -> () = "a unit value";
        serialize_tuple(usize) -> Self::SerializeTuple = "a tuple";
        serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct = "a tuple struct";
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Self::SerializeTupleVariant
            = "an enum variant with values";
        serialize_map(Option<usize>) -> Self::SerializeMap = "a map";
        serialize_struct(&'static str, usize) -> Self::SerializeStruct = "a nested struct";
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Self::SerializeStructVariant
            = "an enum variant with fields";
    }
}

impl ser::SerializeStruct for Struct<'_> {
    type Ok = ();
    type Error = Unsupported;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), Unsupported> {
        value.serialize(Value { key, out: self.out })
    }

    fn end(self) -> Result<(), Unsupported> {
        Ok(())
    }
}

impl ser::SerializeSeq for Value<'_> {
    type Ok = ();
    type Error = Unsupported;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsupported> {
        value.serialize(Value { key: self.key, out: self.out })
    }

    fn end(self) -> Result<(), Unsupported> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde::Serialize;

    use super::to_string;
    use crate::datapi::ops::PoolListQuery;
    use crate::datapi::params::{Direction, FilterBy, SortBy, SortField, Timeframe};
    use crate::ops::{All, GetPoolMetrics, OrderBy, PairListQuery, PairSortKey};

    /// Every kind of value the crate's query structs hold, and a few more serde_html_form writes.
    #[derive(Serialize)]
    struct Every<'a> {
        flag: Option<bool>,
        count: u32,
        big: Option<u64>,
        signed: i64,
        small: i8,
        ratio: Option<f64>,
        single: f32,
        text: Option<String>,
        borrowed: &'a str,
        letter: char,
        list: Vec<String>,
        absent: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        skipped: Option<u32>,
        sort: Option<PairSortKey>,
        timeframe: Timeframe,
        newtype: Newtype,
    }

    #[derive(Serialize)]
    struct Newtype(u16);

    /// Both writers' text for `query`, which must agree.
    fn both(query: &impl Serialize) -> (String, String) {
        (to_string(query).expect("ours"), serde_html_form::to_string(query).expect("serde_html_form's"))
    }

    fn every(text: &str, ratio: f64) -> Every<'_> {
        Every {
            flag: Some(true),
            count: u32::MAX,
            big: Some(u64::MAX),
            signed: i64::MIN,
            small: -8,
            ratio: Some(ratio),
            single: 0.1,
            text: Some(text.to_owned()),
            borrowed: text,
            letter: 'é',
            list: vec![text.to_owned(), String::new(), "a b&c=d".to_owned()],
            absent: None,
            skipped: None,
            sort: Some(PairSortKey::FeeTvlRatio30m),
            timeframe: Timeframe::M30,
            newtype: Newtype(7),
        }
    }

    #[test]
    fn writes_what_serde_html_form_writes_for_every_kind_of_value() {
        for ratio in [0.0, -0.0, 0.1, 1e21, 1e-7, 5e-324, f64::MAX, 1000.0, 123.456] {
            let (ours, reference) = both(&every("x/y ?#%+é😀\u{0}\n*-._~", ratio));
            assert_eq!(ours, reference);
        }
        assert_eq!(to_string(&every("a", 1.5)).unwrap().split('&').find(|p| p.starts_with("list")), Some("list=a"));
    }

    #[test]
    fn writes_what_serde_html_form_writes_for_the_crates_queries() {
        let full = PairListQuery::new()
            .page(3)
            .limit(1000)
            .skip_size(7)
            .pools_to_top(["p 1", "p&2"])
            .sort_key(PairSortKey::Volume12h)
            .order_by(OrderBy::Asc)
            .search_term("SOL/USDC é")
            .include_unknown(false)
            .hide_low_tvl(1234.5)
            .hide_low_apr(true)
            .include_token_mints(["m1", "m2"])
            .include_pool_token_pairs(["a-b"])
            .tags(["t"])
            .launchpad(["l1", "l 2"]);
        for query in [PairListQuery::new(), full] {
            let (ours, reference) = both(&query);
            assert_eq!(ours, reference);
        }
        let (ours, reference) = both(&All::new().include_unknown(false));
        assert_eq!(ours, reference);
        let (ours, reference) = both(&GetPoolMetrics::new("x").case_sensitive(false));
        assert_eq!((ours.as_str(), reference.as_str()), ("case_sensitive=false", "case_sensitive=false"));
        let list = PoolListQuery::new()
            .page(2)
            .page_size(100)
            .query("a b")
            .sort_by(SortBy::field(SortField::Tvl, Direction::Asc))
            .filter_by(FilterBy::raw("tvl>1000 && is_blacklisted=false"));
        let (ours, reference) = both(&list.wire(1000).unwrap());
        assert_eq!(ours, reference);
    }

    #[test]
    fn refuses_what_a_query_string_cannot_hold() {
        #[derive(Serialize)]
        struct Nested {
            inner: Newtype2,
        }
        #[derive(Serialize)]
        struct Newtype2 {
            a: u8,
        }
        assert!(to_string(&Nested { inner: Newtype2 { a: 1 } }).is_err());
        assert!(to_string(&5u32).is_err());
        assert!(to_string(&std::collections::BTreeMap::from([("a", 1)])).is_err());
    }

    proptest! {
        #![proptest_config(dlmm_json::testing::proptest_cases(2_000))]

        #[test]
        fn any_text_and_number_is_written_as_serde_html_form_writes_it(text in any::<String>(), bits in any::<u64>()) {
            let (ours, reference) = both(&every(&text, f64::from_bits(bits)));
            prop_assert_eq!(ours, reference);
        }
    }
}
