//! Lenient number decoding for the vendor's wire format, which sends some numbers as JSON strings (`"0.04"`,
//! `"18446744073709551615"`) and others as numbers, and has changed which over time: every numeric model field goes
//! through one of these readers, which accept either form; integers are never routed through `f64`. Each reader is
//! named by a [`With`] and described once, in `Lenient::rule`; they share one visitor (the kind of value is data), so
//! a deserializer's `deserialize_any` is built once for all of them.

use std::fmt;

use serde::de::Unexpected::{self, Float, Signed, Str, Unit, Unsigned};
use serde::de::{self, Deserializer, Visitor};

pub use dlmm_query_derive::lenient_numbers;

/// The lenient readers of this module, as a field names one in `deserialize_with` (and a shape names it as data).
#[derive(Clone, Copy, Debug)]
pub enum With {
    /// [`f64()`].
    F64,
    /// [`u64()`].
    U64,
    /// [`i64()`].
    I64,
    /// [`u16()`].
    U16,
    /// [`u8()`].
    U8,
    /// [`i32()`].
    I32,
    /// [`opt_f64`].
    OptF64,
    /// [`opt_u64`].
    OptU64,
    /// [`opt_i64`].
    OptI64,
    /// [`opt_i32`].
    OptI32,
    /// [`nonempty_string`].
    NonemptyString,
    /// [`numeric_string`].
    NumericString,
}

/// The public readers: each reads as its [`With`] names (`read_with`) to the type it returns.
macro_rules! readers {
    ($($(#[$doc:meta])* $name:ident -> $ty:ty = $with:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name<'de, D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
            take(read_with(d, With::$with)?)
        }
    )*};
}

readers! {
    /// Accepts a JSON number or a numeric string as a finite `f64`.
    f64 -> f64 = F64;
    /// Accepts a JSON number or a string of decimal digits as an exact `u64`.
    u64 -> u64 = U64;
    /// Accepts a JSON number or a string of decimal digits (with an optional `-`) as an exact `i64`.
    i64 -> i64 = I64;
    /// Accepts a JSON number or a string of decimal digits as an exact `u16` (e.g. a bin step).
    u16 -> u16 = U16;
    /// Accepts a JSON number or a string of decimal digits as an exact `u8` (e.g. a mint's decimals or a mode flag).
    u8 -> u8 = U8;
    /// Accepts a JSON number or a string of decimal digits (with an optional `-`) as an exact `i32` (e.g. a bin id).
    i32 -> i32 = I32;
    /// Like [`f64()`], but `null` (or an absent field, with `#[serde(default)]`) decodes to `None`.
    opt_f64 -> Option<f64> = OptF64;
    /// Like [`u64()`], but `null` (or an absent field, with `#[serde(default)]`) decodes to `None`.
    opt_u64 -> Option<u64> = OptU64;
    /// Like [`i64()`], but `null` (or an absent field, with `#[serde(default)]`) decodes to `None`.
    opt_i64 -> Option<i64> = OptI64;
    /// Like [`i32()`], but `null` (or an absent field, with `#[serde(default)]`) decodes to `None`.
    opt_i32 -> Option<i32> = OptI32;
    /// Accepts a JSON number or a numeric string and keeps it as decimal text (as sent when it was a string,
    /// trimmed), for fields documented as strings (`liquidity`, …): it parses as a finite number, so parsing it later
    /// cannot fail.
    numeric_string -> String = NumericString;
}

/// An optional text field where the vendor sends `""` for "none" (e.g. the datapi's `launchpad`): `null`, an absent
/// field (with `#[serde(default)]`) and the empty string all decode to `None`.
pub fn nonempty_string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let text: Option<String> = serde::Deserialize::deserialize(d)?;
    Ok(text.filter(|t| !t.is_empty()))
}

/// Accepts a finite JSON number, kept as text (an integer's digits, a double's shortest text), or decimal text
/// ([`is_finite_decimal_text`]), kept trimmed: the reader of the datapi's decimal amounts.
pub fn decimal_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    take(d.deserialize_any(Lenient { kind: Kind::DecimalText, nullable: false })?)
}

/// The largest integer an `f64` holds exactly (2^53).
const F64_EXACT_LIMIT: f64 = 9_007_199_254_740_992.0;

/// What a lenient reader reads a value as (its rules and the text of what it expects).
#[derive(Clone, Copy)]
enum Kind {
    /// A number or a numeric string, as an `f64`.
    F64,
    /// A non-negative integer or a string of digits, as a `u64`.
    U64,
    /// An integer or a string of digits, as an `i64`.
    I64,
    /// A number, or a string [`f64()`] reads, kept as text ([`numeric_string`]).
    NumericText,
    /// A number, or decimal text ([`is_finite_decimal_text`]), kept as text ([`decimal_text`]).
    DecimalText,
}

/// Whether `text` is `-?digits(.digits)?([eE][+-]?digits)?`.
pub fn is_decimal_text(text: &str) -> bool {
    crate::skip::number_form(text.as_bytes(), true).is_ok_and(|form| form.len == text.len())
}

/// Whether `text`, trimmed, is decimal text ([`is_decimal_text`]) whose value is finite as an `f64` (without an
/// exponent and under 300 characters it is, unparsed).
pub fn is_finite_decimal_text(text: &str) -> bool {
    let text = text.trim();
    is_decimal_text(text)
        && (crate::float::plainly_in_range(text) || crate::float::parse(text).is_some_and(f64::is_finite))
}

/// The value a lenient reader read: [`Scalar::Null`] only when it accepts `null`.
pub(crate) enum Scalar {
    /// `null`, read by a nullable reader.
    Null,
    /// A double ([`Kind::F64`]).
    F64(f64),
    /// An unsigned integer ([`Kind::U64`]).
    U64(u64),
    /// A signed integer ([`Kind::I64`]).
    I64(i64),
    /// Text ([`Kind::Text`]).
    Text(String),
}

/// A reader's value from the [`Scalar`] it read (`None` for a scalar of another kind).
trait FromScalar: Sized {
    /// The value of `scalar`, when it is of this type's kind.
    fn from_scalar(scalar: Scalar) -> Option<Self>;
}

/// [`FromScalar`] for the types read from one variant (narrower integers within the range `read_with` checked).
macro_rules! from_scalar {
    ($($ty:ty: $variant:ident),*) => {$(
        impl FromScalar for $ty {
            fn from_scalar(scalar: Scalar) -> Option<Self> {
                match scalar {
                    Scalar::$variant(v) => <$ty>::try_from(v).ok(),
                    _ => None,
                }
            }
        }
    )*};
}

from_scalar!(f64: F64, u64: U64, u16: U64, u8: U64, i64: I64, i32: I64, String: Text);

/// The value of the type a reader returns, from what it read (each reader reads to one kind of value, and `null` only
/// when nullable: the error is never met).
fn take<T: FromScalar, E: de::Error>(read: Scalar) -> Result<T, E> {
    T::from_scalar(read).ok_or_else(|| E::custom("a lenient reader read another kind of value"))
}

impl<T: FromScalar> FromScalar for Option<T> {
    fn from_scalar(scalar: Scalar) -> Option<Self> {
        match scalar {
            Scalar::Null => Some(None),
            scalar => T::from_scalar(scalar).map(Some),
        }
    }
}

/// Reads `input` (a value as a deserializer hands it to a visitor; `Unit` for `null`) as the reader `with` names
/// reads it (any reader but [`nonempty_string`]'s, which reads a string): its value, or its error.
pub(crate) fn read_input<E: de::Error>(with: With, input: Unexpected<'_>) -> Result<Scalar, E> {
    let (kind, nullable) = kind_of(with);
    narrowed(with, Lenient { kind, nullable }.visit(input)?)
}

/// Reads `input` as [`decimal_text`] reads it: the text, or the error.
pub(crate) fn read_decimal_text<E: de::Error>(input: Unexpected<'_>) -> Result<String, E> {
    take(Lenient { kind: Kind::DecimalText, nullable: false }.visit(input)?)
}

/// Reads a value as the reader `with` names (any reader but [`nonempty_string`]'s): its value, `Null` for `null`
/// where the reader accepts it.
fn read_with<'de, D: Deserializer<'de>>(d: D, with: With) -> Result<Scalar, D::Error> {
    let (kind, nullable) = kind_of(with);
    // One visitor for every kind: the deserializer's `deserialize_any` is built once for all the readers.
    narrowed(with, d.deserialize_any(Lenient { kind, nullable })?)
}

/// What the reader `with` reads, and whether `null` is a value to it ([`nonempty_string`]'s reads text).
fn kind_of(with: With) -> (Kind, bool) {
    match with {
        With::F64 => (Kind::F64, false),
        With::OptF64 => (Kind::F64, true),
        With::U64 | With::U16 | With::U8 => (Kind::U64, false),
        With::OptU64 => (Kind::U64, true),
        With::I64 | With::I32 => (Kind::I64, false),
        With::OptI64 | With::OptI32 => (Kind::I64, true),
        With::NumericString | With::NonemptyString => (Kind::NumericText, false),
    }
}

/// `value`, read by the reader `with` names, within a narrower integer's range: what a value outside it is refused
/// against.
fn narrowed<E: de::Error>(with: With, value: Scalar) -> Result<Scalar, E> {
    use ::core::primitive::{i32, u8, u16};
    let (unexpected, expected) = match (with, &value) {
        (With::U16, &Scalar::U64(v)) if u16::try_from(v).is_err() => (Unsigned(v), "an integer from 0 to 65535"),
        (With::U8, &Scalar::U64(v)) if u8::try_from(v).is_err() => (Unsigned(v), "an integer from 0 to 255"),
        (With::I32, &Scalar::I64(v)) if i32::try_from(v).is_err() => (Signed(v), "a 32-bit integer"),
        (With::OptI32, &Scalar::I64(v)) if i32::try_from(v).is_err() => (Signed(v), "a 32-bit integer or null"),
        _ => return Ok(value),
    };
    Err(de::Error::invalid_value(unexpected, &expected))
}

/// The visitor behind the readers.
#[derive(Clone, Copy)]
struct Lenient {
    kind: Kind,
    nullable: bool,
}

impl Lenient {
    /// The same kind without `null`: what a value that is not `null` is refused against (`" or null"` is said only
    /// when the value's type is wrong, not when a number or a text of the right type is out of the kind's rules).
    fn strict(self) -> Self {
        Self { nullable: false, ..self }
    }

    /// The one description of what the reader reads: the value of `input`, or why it is refused: whether it was of
    /// a type the reader reads but outside its rules (`true`: refused against the kind without `null`) or not.
    fn rule(self, input: Unexpected<'_>) -> Result<Scalar, bool> {
        let read = match (input, self.kind) {
            (Unit, _) if self.nullable => return Ok(Scalar::Null),
            (Float(v), Kind::F64) => Some(Scalar::F64(v)),
            (Float(v), Kind::U64) => u64_of_f64(v).map(Scalar::U64),
            (Float(v), Kind::I64) => i64_of_f64(v).map(Scalar::I64),
            (Float(v), Kind::NumericText | Kind::DecimalText) => {
                v.is_finite().then(|| Scalar::Text(crate::float::text(v)))
            }
            (Unsigned(v), Kind::F64) => Some(Scalar::F64(v as f64)),
            (Unsigned(v), Kind::U64) => Some(Scalar::U64(v)),
            (Unsigned(v), Kind::I64) => i64::try_from(v).ok().map(Scalar::I64),
            (Unsigned(v), Kind::NumericText | Kind::DecimalText) => Some(Scalar::Text(v.to_string())),
            (Signed(v), Kind::F64) => Some(Scalar::F64(v as f64)),
            (Signed(v), Kind::U64) => u64::try_from(v).ok().map(Scalar::U64),
            (Signed(v), Kind::I64) => Some(Scalar::I64(v)),
            (Signed(v), Kind::NumericText | Kind::DecimalText) => Some(Scalar::Text(v.to_string())),
            (Str(v), Kind::F64) => f64_of_text(v).map(Scalar::F64),
            (Str(v), Kind::U64) => u64_of_text(v).map(Scalar::U64),
            (Str(v), Kind::I64) => i64_of_text(v).map(Scalar::I64),
            (Str(v), Kind::NumericText) => f64_of_text(v).map(|_| Scalar::Text(v.trim().to_owned())),
            (Str(v), Kind::DecimalText) => is_finite_decimal_text(v).then(|| Scalar::Text(v.trim().to_owned())),
            _ => return Err(false),
        };
        read.ok_or(true)
    }

    /// Reads `input` by [`Self::rule`]; a value it refuses of a type the reader reads is refused against the kind
    /// without `null`, any other against the reader.
    fn visit<E: de::Error>(self, input: Unexpected<'_>) -> Result<Scalar, E> {
        self.rule(input).map_err(|typed| match typed {
            true => E::invalid_value(input, &self.strict()),
            false => E::invalid_type(input, &self),
        })
    }
}

impl<'de> Visitor<'de> for Lenient {
    type Value = Scalar;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.kind {
            Kind::F64 | Kind::NumericText => "a number or a numeric string",
            Kind::DecimalText => "a decimal number or decimal text",
            Kind::U64 => "a non-negative integer or a string of digits",
            Kind::I64 => "an integer or a string of digits",
        })?;
        if self.nullable {
            f.write_str(" or null")?;
        }
        Ok(())
    }
    fn visit_unit<E: de::Error>(self) -> Result<Scalar, E> {
        self.visit(Unit)
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Scalar, E> {
        self.visit(Float(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Scalar, E> {
        self.visit(Unsigned(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Scalar, E> {
        self.visit(Signed(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Scalar, E> {
        self.visit(Str(v))
    }
}

/// A numeric string as [`f64()`] reads it: trimmed, any number `str::parse::<f64>` reads, finite.
pub fn f64_of_text(text: &str) -> Option<f64> {
    crate::float::parse(text.trim()).filter(|n| n.is_finite())
}

/// A string of digits as [`u64()`] reads it: trimmed, an optional `+`, then digits of a `u64`.
pub fn u64_of_text(text: &str) -> Option<u64> {
    let t = text.trim();
    digits_value(t.strip_prefix('+').unwrap_or(t))
}

/// A string of digits as [`i64()`] reads it: trimmed, an optional sign, then digits of an `i64`.
pub fn i64_of_text(text: &str) -> Option<i64> {
    let t = text.trim();
    match t.as_bytes().first() {
        Some(b'-') => 0i64.checked_sub_unsigned(digits_value(&t[1..])?),
        Some(b'+') => i64::try_from(digits_value(&t[1..])?).ok(),
        _ => i64::try_from(digits_value(t)?).ok(),
    }
}

/// The value of `digits` when they are one or more ASCII digits and it fits a `u64`.
fn digits_value(digits: &str) -> Option<u64> {
    if digits.is_empty() {
        return None;
    }
    digits.bytes().try_fold(0u64, |value, digit| {
        let digit = digit.checked_sub(b'0').filter(|d| *d < 10)?;
        value.checked_mul(10)?.checked_add(u64::from(digit))
    })
}

/// A double as [`u64()`] reads one: only whole numbers small enough to have been exact on the wire.
pub fn u64_of_f64(v: f64) -> Option<u64> {
    (v.fract() == 0.0 && (0.0..=F64_EXACT_LIMIT).contains(&v)).then_some(v as u64)
}

/// A double as [`i64()`] reads one: only whole numbers small enough to have been exact on the wire.
pub fn i64_of_f64(v: f64) -> Option<i64> {
    (v.fract() == 0.0 && (-F64_EXACT_LIMIT..=F64_EXACT_LIMIT).contains(&v)).then_some(v as i64)
}

#[cfg(test)]
pub(crate) mod tests {
    use std::fmt;

    use serde::Deserialize;
    use serde::de::Unexpected;
    use serde_json::{Error, Value};

    use super::{Scalar, With, decimal_text, read_decimal_text, read_input};

    /// A JSON value as serde_json hands it to a visitor (`Unit` for `null`).
    pub(crate) fn input(value: &Value) -> Unexpected<'_> {
        match value {
            Value::Null => Unexpected::Unit,
            Value::Bool(b) => Unexpected::Bool(*b),
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => Unexpected::Unsigned(u),
                (_, Some(i)) => Unexpected::Signed(i),
                _ => Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => Unexpected::Str(s),
            Value::Array(_) => Unexpected::Seq,
            Value::Object(_) => Unexpected::Map,
        }
    }

    /// A reading, shown: the value (text unquoted), or the refusal's kind (`!type`, `!value`) and what it expected.
    fn shown<T: fmt::Debug>(read: Result<T, Error>) -> String {
        read.map_or_else(
            |e| {
                let e = e.to_string();
                let (found, expected) = e.split_once(", expected ").unwrap_or((&e, ""));
                format!("!{} {expected}", if found.starts_with("invalid type") { "type" } else { "value" })
            },
            |value| format!("{value:?}").replace('"', ""),
        )
    }

    /// A reader, and what its function reads a value to, shown.
    type Reader = (With, fn(&Value) -> String);

    /// Every reader but [`super::nonempty_string`] (which `read_input` does not read), by its function (handed a
    /// value by serde_json's `Value` deserializer).
    const READERS: [Reader; 11] = [
        (With::F64, |d| shown(super::f64(d))),
        (With::U64, |d| shown(super::u64(d))),
        (With::I64, |d| shown(super::i64(d))),
        (With::U16, |d| shown(super::u16(d))),
        (With::U8, |d| shown(super::u8(d))),
        (With::I32, |d| shown(super::i32(d))),
        (With::NumericString, |d| shown(super::numeric_string(d))),
        (With::OptF64, |d| shown(super::opt_f64(d))),
        (With::OptU64, |d| shown(super::opt_u64(d))),
        (With::OptI64, |d| shown(super::opt_i64(d))),
        (With::OptI32, |d| shown(super::opt_i32(d))),
    ];

    /// What reader `with` reads `value` to, by its function and by [`read_input`] (the shape reader's way), which
    /// must agree.
    fn read((with, by_function): Reader, value: &Value) -> String {
        let by_function = by_function(value);
        let nullable = matches!(with, With::OptF64 | With::OptU64 | With::OptI64 | With::OptI32);
        let by_input = shown(read_input::<Error>(with, input(value)).map(|scalar| {
            let value = match scalar {
                Scalar::Null => return "None".to_owned(),
                Scalar::F64(v) => format!("{v:?}"),
                Scalar::U64(v) => v.to_string(),
                Scalar::I64(v) => v.to_string(),
                Scalar::Text(text) => text,
            };
            if nullable { format!("Some({value})") } else { value }
        }));
        assert_eq!(by_function, by_input, "{with:?} {value}: by its function and by read_input");
        by_function
    }

    /// What each column of [`CASES`] expects, as its refusals say.
    const EXPECTING: [&str; 5] = [
        "a number or a numeric string",
        "a non-negative integer or a string of digits",
        "an integer or a string of digits",
        "a number or a numeric string",
        "a decimal number or decimal text",
    ];

    /// What reader `with` reads a value to, from its row of [`CASES`] (`null`: the value is `null`): a nullable
    /// reader's value is `Some`, `null` is `None`, and only a refusal of the value's type adds "or null"; a narrower
    /// integer is refused outside its range.
    fn expected(with: With, cells: &[&str], null: bool) -> String {
        let (column, range) = match with {
            With::F64 | With::OptF64 => (0, None),
            With::U64 | With::OptU64 => (1, None),
            With::U16 => (1, Some((0, 65535, "an integer from 0 to 65535"))),
            With::U8 => (1, Some((0, 255, "an integer from 0 to 255"))),
            With::I64 | With::OptI64 => (2, None),
            With::I32 | With::OptI32 => (2, Some((i32::MIN.into(), i32::MAX.into(), "a 32-bit integer"))),
            With::NumericString | With::NonemptyString => (3, None),
        };
        let nullable = matches!(with, With::OptF64 | With::OptU64 | With::OptI64 | With::OptI32);
        let or_null = if nullable { " or null" } else { "" };
        match (cells[column], range) {
            _ if null && nullable => "None".to_owned(),
            ("!type", _) => format!("!type {}{or_null}", EXPECTING[column]),
            ("!value", _) => format!("!value {}", EXPECTING[column]),
            (cell, Some((min, max, text))) if !(min..=max).contains(&cell.parse::<i64>().unwrap_or(i64::MAX)) => {
                format!("!value {text}{or_null}")
            }
            (cell, _) if nullable => format!("Some({cell})"),
            (cell, _) => cell.to_owned(),
        }
    }

    /// JSON values of every type, and numbers and texts at the edges of the readers' rules and of the narrower
    /// integers' ranges, each with what `f64()`, `u64()`, `i64()`, `numeric_string` and exact decimal text
    /// ([`super::decimal_text`]) read it to (`=`: the number's text as sent), or the kind of their refusal. The other readers
    /// follow from these ([`expected`]).
    const CASES: &[(&str, &str)] = &[
        ("0", "0.0 = = = ="),
        ("-0", "-0.0 0 0 = ="),
        ("1", "1.0 = = = ="),
        ("-1", "-1.0 !value = = ="),
        ("1.5", "= !value !value = ="),
        ("-1.5", "= !value !value = ="),
        ("1e3", "1000.0 1000 1000 1000 1000"),
        ("5.0", "= 5 5 5 5"),
        ("-3.0", "= !value -3 -3 -3"),
        ("0.0", "= 0 0 0 0"),
        ("-0.0", "= 0 0 -0 -0"),
        ("0.1e-400", "0.0 0 0 0 0"),
        ("1e30", "= !value !value 1000000000000000000000000000000 1000000000000000000000000000000"),
        ("1E-7", "1e-7 !value !value 0.0000001 0.0000001"),
        ("0.1", "= !value !value = ="),
        ("7.708402041055213e-8", "= !value !value 0.00000007708402041055213 0.00000007708402041055213"),
        (
            "4.9000000000000005e-06",
            "4.9000000000000005e-6 !value !value 0.0000049000000000000005 0.0000049000000000000005",
        ),
        ("9007199254740992", "9007199254740992.0 = = = ="),
        ("9007199254740993", "9007199254740992.0 = = = ="),
        ("-9007199254740993", "-9007199254740992.0 !value = = ="),
        ("9223372036854775807", "9.223372036854776e18 = = = ="),
        ("9223372036854775808", "9.223372036854776e18 = !value = ="),
        ("-9223372036854775808", "-9.223372036854776e18 !value = = ="),
        ("-9223372036854775809", "-9.223372036854776e18 !value !value -9223372036854776000 -9223372036854776000"),
        ("18446744073709551615", "1.8446744073709552e19 = !value = ="),
        ("18446744073709551616", "1.8446744073709552e19 !value !value 18446744073709552000 18446744073709552000"),
        (
            "123456789012345678901234567890",
            "1.2345678901234568e29 !value !value 123456789012345680000000000000 123456789012345680000000000000",
        ),
        ("255", "255.0 = = = ="),
        ("256", "256.0 = = = ="),
        ("65535", "65535.0 = = = ="),
        ("65536", "65536.0 = = = ="),
        ("65535.0", "= 65535 65535 65535 65535"),
        ("2147483647", "2147483647.0 = = = ="),
        ("2147483648", "2147483648.0 = = = ="),
        ("2147483648.0", "= 2147483648 2147483648 2147483648 2147483648"),
        ("-2147483648", "-2147483648.0 !value = = ="),
        ("-2147483649", "-2147483649.0 !value = = ="),
        ("-2147483649.0", "= !value -2147483649 -2147483649 -2147483649"),
        (r#""1""#, "1.0 1 1 1 1"),
        (r#"" 12 ""#, "12.0 12 12 12 12"),
        (r#""\u0031\u0032""#, "12.0 12 12 12 12"),
        (r#""+5""#, "5.0 5 5 +5 !value"),
        (r#""-5""#, "-5.0 !value -5 -5 -5"),
        (r#""--1""#, "!value !value !value !value !value"),
        (r#""1.5""#, "1.5 !value !value 1.5 1.5"),
        (r#"" -12.5 ""#, "-12.5 !value !value -12.5 -12.5"),
        (r#""-0""#, "-0.0 !value 0 -0 -0"),
        (r#""007""#, "7.0 7 7 007 007"),
        (r#"".5""#, "0.5 !value !value .5 !value"),
        (r#""1.""#, "1.0 !value !value 1. !value"),
        (r#""1e3""#, "1000.0 !value !value 1e3 1e3"),
        (r#""abc""#, "!value !value !value !value !value"),
        (r#""""#, "!value !value !value !value !value"),
        (r#""NaN""#, "!value !value !value !value !value"),
        (r#""inf""#, "!value !value !value !value !value"),
        (r#""1e400""#, "!value !value !value !value !value"),
        (r#""1,5""#, "!value !value !value !value !value"),
        (r#""0x10""#, "!value !value !value !value !value"),
        (r#""18446744073709551616""#, "1.8446744073709552e19 !value !value 18446744073709551616 18446744073709551616"),
        (r#""65536""#, "65536.0 65536 65536 65536 65536"),
        (r#"" 256 ""#, "256.0 256 256 256 256"),
        (r#""-2147483649""#, "-2147483649.0 !value -2147483649 -2147483649 -2147483649"),
        ("null", "!type !type !type !type !type"),
        ("true", "!type !type !type !type !type"),
        ("[1]", "!type !type !type !type !type"),
        (r#"{"a":1}"#, "!type !type !type !type !type"),
    ];

    #[test]
    fn each_reader_reads_and_refuses_each_kind_of_value_by_its_rules() {
        for (json, row) in CASES {
            let value: Value = serde_json::from_str(json).unwrap();
            let cells: Vec<&str> = row.split(' ').map(|cell| if cell == "=" { json } else { cell }).collect();
            for reader in READERS {
                assert_eq!(read(reader, &value), expected(reader.0, &cells, value.is_null()), "{:?} {json}", reader.0);
            }
            // A text reader, by its function and as the shape reader reads it.
            let decimal = match cells[4] {
                "!type" | "!value" => format!("{} {}", cells[4], EXPECTING[4]),
                text => text.to_owned(),
            };
            assert_eq!(shown(decimal_text(&value)), decimal, "decimal text {json}");
            assert_eq!(shown(read_decimal_text::<Error>(input(&value))), decimal, "{json}");
        }
        // The text readers keep a double as its shortest digits, without an exponent.
        for (json, double) in [("2.5e-324", 5e-324), ("1.7976931348623157e308", f64::MAX)] {
            let value: Value = serde_json::from_str(json).unwrap();
            assert_eq!(read(READERS[0], &value), format!("{double:?}"));
            assert_eq!(read(READERS[6], &value), double.to_string());
            assert_eq!(shown(decimal_text(&value)), double.to_string());
        }
        // `nonempty_string`: `Option<String>`'s own reader, the empty text as none.
        for (json, read) in [("null", "None"), (r#""""#, "None"), (r#""met-dbc""#, "Some(met-dbc)"), ("5", "!type")] {
            let value: Value = serde_json::from_str(json).unwrap();
            assert!(shown(super::nonempty_string(&value)).starts_with(read), "{json}");
        }
    }

    #[derive(Deserialize, Debug, Default)]
    #[serde(default)]
    struct Row {
        #[serde(deserialize_with = "super::f64")]
        f: f64,
        #[serde(deserialize_with = "super::u64")]
        u: u64,
        #[serde(deserialize_with = "super::i64")]
        i: i64,
        #[serde(deserialize_with = "super::opt_f64")]
        of: Option<f64>,
        #[serde(deserialize_with = "super::opt_u64")]
        ou: Option<u64>,
        #[serde(deserialize_with = "super::opt_i32")]
        oi: Option<i32>,
        #[serde(deserialize_with = "super::u16")]
        b: u16,
        #[serde(deserialize_with = "super::i32")]
        bin: i32,
        #[serde(deserialize_with = "super::numeric_string")]
        s: String,
        #[serde(deserialize_with = "super::nonempty_string")]
        l: Option<String>,
    }

    fn row(json: &str) -> Result<Row, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn fields_are_read_and_refused_in_a_body() {
        let r = row(r#"{"f":"0.04","u":"18446744073709551615","i":"-9007199254740993","of":"1.5","ou":null,"oi":-5,
            "b":"25","bin":"-443636","s":" 12.5 ","l":"met-dbc"}"#)
        .unwrap();
        assert_eq!(
            (r.f, r.u, r.i, r.of, r.ou, r.oi),
            (0.04, u64::MAX, -9_007_199_254_740_993, Some(1.5), None, Some(-5))
        );
        assert_eq!((r.b, r.bin, r.s.as_str(), r.l.as_deref()), (25, -443_636, "12.5", Some("met-dbc")));
        let r = row(r#"{"f":12,"u":9007199254740993,"i":-3.0,"s":0.25,"l":""}"#).unwrap();
        assert_eq!(
            (r.f, r.u, r.i, r.of, r.oi, r.s.as_str(), r.l),
            (12.0, 9_007_199_254_740_993, -3, None, None, "0.25", None)
        );
        for bad in [
            r#"{"f":"abc"}"#,
            r#"{"f":null}"#,
            r#"{"u":-1}"#,
            r#"{"u":"1.5"}"#,
            r#"{"u":1e30}"#,
            r#"{"i":"--1"}"#,
            r#"{"of":"x"}"#,
            r#"{"ou":-1}"#,
            r#"{"oi":"-2147483649"}"#,
            r#"{"b":70000}"#,
            r#"{"bin":2147483648}"#,
            r#"{"s":"abc"}"#,
            r#"{"s":null}"#,
            r#"{"l":5}"#,
        ] {
            assert!(row(bad).is_err(), "{bad}");
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(4_000))]

        /// Digit strings read by hand as the standard library's integer parsers read them after the same checks.
        #[test]
        fn digit_strings_read_as_the_standard_parsers_read_them(text in "[ +-]{0,2}[0-9]{0,21}[ a]{0,1}") {
            let t = text.trim();
            let unsigned = t.strip_prefix('+').unwrap_or(t);
            let expected_u64 = (!unsigned.is_empty() && unsigned.bytes().all(|b| b.is_ascii_digit()))
                .then(|| unsigned.parse::<u64>().ok())
                .flatten();
            proptest::prop_assert_eq!(super::u64_of_text(&text), expected_u64);
            let digits = t.strip_prefix('-').or_else(|| t.strip_prefix('+')).unwrap_or(t);
            let expected_i64 = (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.trim_start_matches('+').parse::<i64>().ok())
                .flatten();
            proptest::prop_assert_eq!(super::i64_of_text(&text), expected_i64);
        }
    }

    /// Literals as servers print doubles: a parser without correct rounding (serde_json's default) reads the first
    /// four one unit in the last place off; the last two are from real captures. Each decodes as `str::parse` reads it.
    #[test]
    fn number_literals_decode_correctly_rounded() {
        for literal in [
            "7.708402041055213e-8",
            "0.00000021275016166469494",
            "0.00000020282454879240464",
            "76953040370812553e-21",
            "4.9000000000000005e-6",
            "2366200.1204908495",
        ] {
            let expected: f64 = literal.parse().unwrap();
            assert_eq!(row(&format!(r#"{{"f":{literal}}}"#)).unwrap().f.to_bits(), expected.to_bits(), "{literal}");
            assert_eq!(serde_json::from_str::<f64>(literal).unwrap().to_bits(), expected.to_bits(), "{literal}");
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(256))]

        #[test]
        fn any_double_printed_shortest_decodes_to_itself(value in proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO) {
            for literal in [format!("{value}"), format!("{value:e}")] {
                let r = row(&format!(r#"{{"f":{literal}}}"#)).unwrap();
                proptest::prop_assert_eq!(r.f.to_bits(), value.to_bits(), "{}", literal);
            }
        }
    }
}
