//! Lenient number decoding for the vendor's wire format.
//!
//! The vendor sends some numbers as JSON strings (`"0.04"`, `"18446744073709551615"`) and others as JSON numbers, and
//! has changed which over time. Every numeric model field goes through one of these functions, so each accepts either
//! form. Integer amounts are never routed through `f64`: a string or integer above 2^53 stays exact.
//! Each reader is named by a [`With`] and described once, in `read_with` (what it reads, whether `null` is a value,
//! a narrower integer's range); the readers share one visitor (the kind of value is data), so a deserializer's
//! `deserialize_any` is built once for all of them.

use std::fmt;

use serde::de::{self, Deserializer, Visitor};

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

/// Accepts a JSON number or a numeric string as a finite `f64`.
pub fn f64<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    read_with(d, With::F64)?.f64()
}

/// Accepts a JSON number or a string of decimal digits as an exact `u64`.
pub fn u64<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    read_with(d, With::U64)?.u64()
}

/// Accepts a JSON number or a string of decimal digits (with an optional `-`) as an exact `i64`.
pub fn i64<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    read_with(d, With::I64)?.i64()
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
    /// A number, or a string `rule` accepts, kept as text.
    Text(&'static TextRule),
}

/// The rule a lenient text reader ([`text`]) checks a string by, and what its errors say it expects.
pub struct TextRule {
    /// What the reader expects, as its errors say it (`"a number or a numeric string"`).
    pub expecting: &'static str,
    /// Whether a string (as sent) is accepted; an accepted string is kept trimmed.
    pub accepts: fn(&str) -> bool,
}

/// The rule of [`numeric_string`]: any text [`f64()`] reads.
static NUMERIC_TEXT: TextRule =
    TextRule { expecting: "a number or a numeric string", accepts: |text| f64_of_text(text).is_some() };

/// Whether `text` is `-?digits(.digits)?([eE][+-]?digits)?`.
pub fn is_decimal_text(text: &str) -> bool {
    fn digits(b: &[u8]) -> usize {
        b.iter().take_while(|c| c.is_ascii_digit()).count()
    }
    let b = text.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let int = digits(&b[i..]);
    if int == 0 {
        return false;
    }
    i += int;
    if b.get(i) == Some(&b'.') {
        let frac = digits(&b[i + 1..]);
        if frac == 0 {
            return false;
        }
        i += 1 + frac;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let exp = digits(&b[i..]);
        if exp == 0 {
            return false;
        }
        i += exp;
    }
    i == b.len()
}

/// Whether `text`, trimmed, is decimal text ([`is_decimal_text`]) whose value is finite as an `f64` (without an
/// exponent and under 300 characters it is, unparsed).
pub fn is_finite_decimal_text(text: &str) -> bool {
    let text = text.trim();
    is_decimal_text(text)
        && (crate::float::plainly_in_range(text) || crate::float::parse(text).is_some_and(f64::is_finite))
}

/// The rule of exact decimal text: what a reader of it takes besides a finite number, a string
/// [`is_finite_decimal_text`] accepts.
pub static DECIMAL_TEXT: TextRule =
    TextRule { expecting: "a decimal number or decimal text", accepts: is_finite_decimal_text };

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

impl Scalar {
    /// The kind's value. Each kind reads to one variant (and a nullable one to `Null`), so the error is never met;
    /// it keeps the function total.
    fn f64<E: de::Error>(self) -> Result<f64, E> {
        self.opt_f64()?.ok_or_else(Self::other)
    }
    fn u64<E: de::Error>(self) -> Result<u64, E> {
        self.opt_u64()?.ok_or_else(Self::other)
    }
    fn i64<E: de::Error>(self) -> Result<i64, E> {
        self.opt_i64()?.ok_or_else(Self::other)
    }
    fn opt_f64<E: de::Error>(self) -> Result<Option<f64>, E> {
        match self {
            Scalar::Null => Ok(None),
            Scalar::F64(v) => Ok(Some(v)),
            _ => Err(Self::other()),
        }
    }
    fn opt_u64<E: de::Error>(self) -> Result<Option<u64>, E> {
        match self {
            Scalar::Null => Ok(None),
            Scalar::U64(v) => Ok(Some(v)),
            _ => Err(Self::other()),
        }
    }
    fn opt_i64<E: de::Error>(self) -> Result<Option<i64>, E> {
        match self {
            Scalar::Null => Ok(None),
            Scalar::I64(v) => Ok(Some(v)),
            _ => Err(Self::other()),
        }
    }
    fn into_text<E: de::Error>(self) -> Result<String, E> {
        match self {
            Scalar::Text(text) => Ok(text),
            _ => Err(Self::other()),
        }
    }
    fn other<E: de::Error>() -> E {
        E::custom("a lenient reader read another kind of value")
    }
}

/// A JSON value as a lenient reader is handed it (what a deserializer hands its visitor).
#[derive(Clone, Copy)]
pub(crate) enum Input<'a> {
    /// `null`.
    Null,
    /// A number handed over as a double.
    F64(f64),
    /// A non-negative integer.
    U64(u64),
    /// A negative integer.
    I64(i64),
    /// A string.
    Str(&'a str),
    /// Any other value (a boolean, an object, an array), as serde names it.
    Other(de::Unexpected<'a>),
}

/// Reads `input` as the reader `with` names reads it (any reader but [`nonempty_string`]'s, which reads a string):
/// its value, or its error.
pub(crate) fn read_input<E: de::Error>(with: With, input: Input<'_>) -> Result<Scalar, E> {
    let (kind, nullable) = kind_of(with);
    let reader = Lenient { kind, nullable };
    let value = reader.rule(input).map_err(|wrong| reader.refuse(wrong))?;
    narrowed(with, value)
}

/// Reads `input` as [`text`] reads it by `rule`: the text, or the error.
pub(crate) fn read_text_input<E: de::Error>(rule: &'static TextRule, input: Input<'_>) -> Result<String, E> {
    let reader = Lenient { kind: Kind::Text(rule), nullable: false };
    reader.rule(input).map_err(|wrong| reader.refuse(wrong))?.into_text()
}

/// Reads a value by the rules of `kind` (`null` too, as `Scalar::Null`, when `nullable`). One visitor for every
/// kind, so the deserializer's `deserialize_any` is built once for all the lenient readers, not once per reader.
fn read<'de, D: Deserializer<'de>>(d: D, kind: Kind, nullable: bool) -> Result<Scalar, D::Error> {
    d.deserialize_any(Lenient { kind, nullable })
}

/// Reads a value as the reader `with` names: the one description of every reader (each public reader but
/// [`nonempty_string`], which this calls, is this and a conversion), for callers that name the reader as data too: one
/// function for every reader, its value a [`Scalar`] (`Null` for `null` where the reader accepts it, and for
/// [`nonempty_string`]'s none).
pub(crate) fn read_with<'de, D: Deserializer<'de>>(d: D, with: With) -> Result<Scalar, D::Error> {
    if let With::NonemptyString = with {
        return Ok(nonempty_string(d)?.map_or(Scalar::Null, Scalar::Text));
    }
    let (kind, nullable) = kind_of(with);
    narrowed(with, read(d, kind, nullable)?)
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
        With::NumericString | With::NonemptyString => (Kind::Text(&NUMERIC_TEXT), false),
    }
}

/// `value`, read by the reader `with` names, within a narrower integer's range: what a value outside it is refused
/// against.
fn narrowed<E: de::Error>(with: With, value: Scalar) -> Result<Scalar, E> {
    let refused = match (with, &value) {
        (With::U16, &Scalar::U64(v)) if v > u64::from(::core::primitive::u16::MAX) => {
            Some((de::Unexpected::Unsigned(v), "an integer from 0 to 65535"))
        }
        (With::U8, &Scalar::U64(v)) if v > u64::from(::core::primitive::u8::MAX) => {
            Some((de::Unexpected::Unsigned(v), "an integer from 0 to 255"))
        }
        (With::I32, &Scalar::I64(v)) if ::core::primitive::i32::try_from(v).is_err() => {
            Some((de::Unexpected::Signed(v), "a 32-bit integer"))
        }
        (With::OptI32, &Scalar::I64(v)) if ::core::primitive::i32::try_from(v).is_err() => {
            Some((de::Unexpected::Signed(v), "a 32-bit integer or null"))
        }
        _ => None,
    };
    match refused {
        Some((unexpected, expected)) => Err(de::Error::invalid_value(unexpected, &expected)),
        None => Ok(value),
    }
}

/// Why a lenient reader refused a value: what it was, and whether it was of a type the reader reads but outside
/// its rules (`true`: refused against the kind without `null`) or of a type it does not read (`false`).
type Wrong<'a> = (de::Unexpected<'a>, bool);

/// The visitor behind [`read`].
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

    /// The one description of what the reader reads: the value of `input`, or why it is refused.
    fn rule<'a>(self, input: Input<'a>) -> Result<Scalar, Wrong<'a>> {
        let (read, unexpected) = match input {
            Input::Null if self.nullable => return Ok(Scalar::Null),
            Input::Null => return Err((de::Unexpected::Unit, false)),
            Input::Other(unexpected) => return Err((unexpected, false)),
            Input::F64(v) => {
                let read = match self.kind {
                    Kind::F64 => Some(Scalar::F64(v)),
                    Kind::U64 => u64_of_f64(v).map(Scalar::U64),
                    Kind::I64 => i64_of_f64(v).map(Scalar::I64),
                    Kind::Text(_) => v.is_finite().then(|| Scalar::Text(v.to_string())),
                };
                (read, de::Unexpected::Float(v))
            }
            Input::U64(v) => {
                let read = match self.kind {
                    Kind::F64 => Some(Scalar::F64(v as f64)),
                    Kind::U64 => Some(Scalar::U64(v)),
                    Kind::I64 => i64::try_from(v).ok().map(Scalar::I64),
                    Kind::Text(_) => Some(Scalar::Text(v.to_string())),
                };
                (read, de::Unexpected::Unsigned(v))
            }
            Input::I64(v) => {
                let read = match self.kind {
                    Kind::F64 => Some(Scalar::F64(v as f64)),
                    Kind::U64 => u64::try_from(v).ok().map(Scalar::U64),
                    Kind::I64 => Some(Scalar::I64(v)),
                    Kind::Text(_) => Some(Scalar::Text(v.to_string())),
                };
                (read, de::Unexpected::Signed(v))
            }
            Input::Str(v) => {
                let read = match self.kind {
                    Kind::F64 => f64_of_text(v).map(Scalar::F64),
                    Kind::U64 => u64_of_text(v).map(Scalar::U64),
                    Kind::I64 => i64_of_text(v).map(Scalar::I64),
                    Kind::Text(rule) => (rule.accepts)(v).then(|| Scalar::Text(v.trim().to_owned())),
                };
                (read, de::Unexpected::Str(v))
            }
        };
        read.ok_or((unexpected, true))
    }

    /// The error for a value [`Self::rule`] refused: a value of a type the reader reads is refused against the
    /// kind without `null`, any other against the reader.
    fn refuse<E: de::Error>(self, (unexpected, typed): Wrong<'_>) -> E {
        match typed {
            true => E::invalid_value(unexpected, &self.strict()),
            false => E::invalid_type(unexpected, &self),
        }
    }

    /// Reads `input` by [`Self::rule`], refusing it with the reader's error.
    fn visit<E: de::Error>(self, input: Input<'_>) -> Result<Scalar, E> {
        self.rule(input).map_err(|wrong| self.refuse(wrong))
    }
}

impl<'de> Visitor<'de> for Lenient {
    type Value = Scalar;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.kind {
            Kind::F64 => "a number or a numeric string",
            Kind::Text(rule) => rule.expecting,
            Kind::U64 => "a non-negative integer or a string of digits",
            Kind::I64 => "an integer or a string of digits",
        })?;
        if self.nullable {
            f.write_str(" or null")?;
        }
        Ok(())
    }
    fn visit_unit<E: de::Error>(self) -> Result<Scalar, E> {
        self.visit(Input::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Scalar, E> {
        match self.nullable {
            true => Ok(Scalar::Null),
            false => Err(E::invalid_type(de::Unexpected::Option, &self)),
        }
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Scalar, D::Error> {
        match self.nullable {
            true => d.deserialize_any(self.strict()),
            false => Err(de::Error::invalid_type(de::Unexpected::Option, &self)),
        }
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Scalar, E> {
        self.visit(Input::F64(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Scalar, E> {
        self.visit(Input::U64(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Scalar, E> {
        self.visit(Input::I64(v))
    }
    // No JSON reader of this crate hands over 128-bit integers (serde_json does only with its `arbitrary_precision`),
    // so these are never built into a `.wasm`; they keep what a text reader accepted (its integer's digits) and
    // serde's own refusal for the others.
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Scalar, E> {
        match self.kind {
            Kind::Text(_) => Ok(Scalar::Text(v.to_string())),
            _ => Err(E::invalid_type(de::Unexpected::Other(&format!("integer `{v}` as u128")), &self)),
        }
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Scalar, E> {
        match self.kind {
            Kind::Text(_) => Ok(Scalar::Text(v.to_string())),
            _ => Err(E::invalid_type(de::Unexpected::Other(&format!("integer `{v}` as i128")), &self)),
        }
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Scalar, E> {
        self.visit(Input::Str(v))
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

/// Like [`f64()`], but `null` (or an absent field, with `#[serde(default)]`) decodes to `None`.
pub fn opt_f64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    read_with(d, With::OptF64)?.opt_f64()
}

/// Like [`i64()`], but `null` (or an absent field, with `#[serde(default)]`) decodes to `None`.
pub fn opt_i64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    read_with(d, With::OptI64)?.opt_i64()
}

/// Accepts a JSON number or a string of decimal digits as an exact `u16` (e.g. a bin step).
pub fn u16<'de, D: Deserializer<'de>>(d: D) -> Result<u16, D::Error> {
    let v = read_with(d, With::U16)?.u64()?;
    // `read_with` checked the range.
    Ok(v as ::core::primitive::u16)
}

/// Accepts a JSON number or a string of decimal digits as an exact `u8` (e.g. a mint's decimals or a mode flag).
pub fn u8<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let v = read_with(d, With::U8)?.u64()?;
    // `read_with` checked the range.
    Ok(v as ::core::primitive::u8)
}

/// Accepts a JSON number or a string of decimal digits (with an optional `-`) as an exact `i32` (e.g. a bin id).
pub fn i32<'de, D: Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    let v = read_with(d, With::I32)?.i64()?;
    // `read_with` checked the range.
    Ok(v as ::core::primitive::i32)
}

/// Like [`u64()`], but `null` (or an absent field, with `#[serde(default)]`) decodes to `None`.
pub fn opt_u64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    read_with(d, With::OptU64)?.opt_u64()
}

/// Like [`i32()`], but `null` (or an absent field, with `#[serde(default)]`) decodes to `None`.
pub fn opt_i32<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
    // `read_with` checked the range.
    Ok(read_with(d, With::OptI32)?.opt_i64()?.map(|v| v as ::core::primitive::i32))
}

/// An optional text field where the vendor sends `""` for "none" (e.g. the datapi's `launchpad`): `null`, an absent
/// field (with `#[serde(default)]`) and the empty string all decode to `None`.
pub fn nonempty_string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let text: Option<String> = serde::Deserialize::deserialize(d)?;
    Ok(text.filter(|t| !t.is_empty()))
}

/// Accepts a JSON number or a numeric string and keeps it as decimal text (exactly as sent when it was a string).
///
/// Used for fields the vendor documents as strings (`liquidity`, `base_fee_percentage`, …): the text must parse as a
/// finite number, so helpers that parse it later cannot fail on data that decoded.
pub fn numeric_string<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    read_with(d, With::NumericString)?.into_text()
}

/// Accepts a finite JSON number, kept as text (an integer's digits, a double's shortest text), or a string `rule`
/// accepts, kept trimmed: the reader of [`numeric_string`] and of the datapi's decimal amounts, for any rule.
pub fn text<'de, D: Deserializer<'de>>(d: D, rule: &'static TextRule) -> Result<String, D::Error> {
    read(d, Kind::Text(rule), false)?.into_text()
}

#[cfg(test)]
pub(crate) mod tests {
    use serde::Deserialize;

    /// The visitors the lenient readers replaced (one per reader, each built into its own `deserialize_any`), kept
    /// as the reference their values and errors are pinned to.
    mod reference {
        use std::fmt;

        use serde::de::{self, Deserializer, Visitor};

        use super::super::{f64_of_text, i64_of_f64, i64_of_text, u64_of_f64, u64_of_text};

        struct F64Visitor;

        impl Visitor<'_> for F64Visitor {
            type Value = f64;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number or a numeric string")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<f64, E> {
                Ok(v)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<f64, E> {
                Ok(v as f64)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<f64, E> {
                Ok(v as f64)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<f64, E> {
                f64_of_text(v).ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }

        struct U64Visitor;

        impl Visitor<'_> for U64Visitor {
            type Value = u64;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a non-negative integer or a string of digits")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
                Ok(v)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
                u64::try_from(v).map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
                u64_of_f64(v).ok_or_else(|| E::invalid_value(de::Unexpected::Float(v), &self))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<u64, E> {
                u64_of_text(v).ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }

        struct I64Visitor;

        impl Visitor<'_> for I64Visitor {
            type Value = i64;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an integer or a string of digits")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<i64, E> {
                Ok(v)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<i64, E> {
                i64::try_from(v).map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<i64, E> {
                i64_of_f64(v).ok_or_else(|| E::invalid_value(de::Unexpected::Float(v), &self))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<i64, E> {
                i64_of_text(v).ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }

        struct NumericStringVisitor;

        impl Visitor<'_> for NumericStringVisitor {
            type Value = String;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number or a numeric string")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<String, E> {
                Ok(v.to_string())
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
                Ok(v.to_string())
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
                Ok(v.to_string())
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
                F64Visitor.visit_str::<E>(v).map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))?;
                Ok(v.trim().to_owned())
            }
        }

        /// Wraps a visitor so that `null` decodes to `None` and anything else to `Some`.
        struct Nullable<V>(V);

        impl<'de, V: Visitor<'de>> Visitor<'de> for Nullable<V> {
            type Value = Option<V::Value>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.expecting(f)?;
                f.write_str(" or null")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                d.deserialize_any(self.0).map(Some)
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
                self.0.visit_f64(v).map(Some)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
                self.0.visit_u64(v).map(Some)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
                self.0.visit_i64(v).map(Some)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                self.0.visit_str(v).map(Some)
            }
        }

        pub fn f64<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
            d.deserialize_any(F64Visitor)
        }
        pub fn u64<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
            d.deserialize_any(U64Visitor)
        }
        pub fn i64<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
            d.deserialize_any(I64Visitor)
        }
        pub fn opt_f64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
            d.deserialize_any(Nullable(F64Visitor))
        }
        pub fn opt_u64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
            d.deserialize_any(Nullable(U64Visitor))
        }
        pub fn opt_i64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
            d.deserialize_any(Nullable(I64Visitor))
        }
        pub fn numeric_string<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
            d.deserialize_any(NumericStringVisitor)
        }

        /// Exact decimal text as its own visitor read it (the model of a datapi token amount did) before the
        /// lenient readers' one visitor read it by [`super::super::DECIMAL_TEXT`].
        pub fn decimal_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
            d.deserialize_any(DecimalTextVisitor)
        }

        struct DecimalTextVisitor;

        impl Visitor<'_> for DecimalTextVisitor {
            type Value = String;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a decimal number or decimal text")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
                match super::super::is_finite_decimal_text(v) {
                    true => Ok(v.trim().to_owned()),
                    false => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
                }
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
                Ok(v.to_string())
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
                Ok(v.to_string())
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<String, E> {
                Ok(v.to_string())
            }
            fn visit_i128<E: de::Error>(self, v: i128) -> Result<String, E> {
                Ok(v.to_string())
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<String, E> {
                if v.is_finite() {
                    // `Display` for `f64` writes the shortest digits that round-trip, without an exponent.
                    Ok(v.to_string())
                } else {
                    Err(E::invalid_value(de::Unexpected::Float(v), &self))
                }
            }
        }

        // The narrower integers as they were read before `read_with`: the wider reader, then the range.
        pub fn u16<'de, D: Deserializer<'de>>(d: D) -> Result<u16, D::Error> {
            let v = u64(d)?;
            u16::try_from(v)
                .map_err(|_| de::Error::invalid_value(de::Unexpected::Unsigned(v), &"an integer from 0 to 65535"))
        }
        pub fn u8<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
            let v = u64(d)?;
            u8::try_from(v)
                .map_err(|_| de::Error::invalid_value(de::Unexpected::Unsigned(v), &"an integer from 0 to 255"))
        }
        pub fn i32<'de, D: Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
            let v = i64(d)?;
            i32::try_from(v).map_err(|_| de::Error::invalid_value(de::Unexpected::Signed(v), &"a 32-bit integer"))
        }
        pub fn opt_i32<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
            match opt_i64(d)? {
                None => Ok(None),
                Some(v) => i32::try_from(v)
                    .map(Some)
                    .map_err(|_| de::Error::invalid_value(de::Unexpected::Signed(v), &"a 32-bit integer or null")),
            }
        }
    }

    /// Asserts that reader `$ours` and its reference `$theirs` read every value of [`EDGE_VALUES`] (and of `$more`)
    /// alike, as a whole body and as a struct's field (where serde_json gives a visitor's error the position it is met
    /// at), value or error. Shared with the tests of readers built on these.
    macro_rules! pinned_to_reference {
        ($ty:ty, $ours:literal, $theirs:literal) => {
            $crate::wire::tests::pinned_to_reference!($ty, $ours, $theirs, [])
        };
        ($ty:ty, $ours:literal, $theirs:literal, $more:expr) => {{
            #[derive(serde::Deserialize, Debug)]
            struct Ours(#[serde(deserialize_with = $ours)] $ty);
            #[derive(serde::Deserialize, Debug)]
            struct Theirs(#[serde(deserialize_with = $theirs)] $ty);
            #[derive(serde::Deserialize, Debug)]
            struct OursIn {
                #[serde(deserialize_with = $ours)]
                #[allow(dead_code)]
                v: $ty,
            }
            #[derive(serde::Deserialize, Debug)]
            struct TheirsIn {
                #[serde(deserialize_with = $theirs)]
                #[allow(dead_code)]
                v: $ty,
            }
            let more: &[&str] = &$more;
            for value in $crate::testing::EDGE_VALUES.iter().chain(more) {
                let ours = format!("{:?}", serde_json::from_str::<Ours>(value).map(|o| o.0));
                let theirs = format!("{:?}", serde_json::from_str::<Theirs>(value).map(|t| t.0));
                assert_eq!(ours, theirs, "{} {value}", $ours);
                let body = format!("{{\n  \"v\": {value}\n}}");
                let ours = format!("{:?}", serde_json::from_str::<OursIn>(&body));
                let theirs = format!("{:?}", serde_json::from_str::<TheirsIn>(&body));
                assert_eq!(
                    ours.replace("OursIn", ""),
                    theirs.replace("TheirsIn", ""),
                    "{} in a struct: {value}",
                    $ours
                );
            }
        }};
    }
    pub(crate) use pinned_to_reference;

    #[test]
    fn lenient_readers_read_and_refuse_as_their_own_visitors_did() {
        pinned_to_reference!(f64, "super::f64", "reference::f64");
        pinned_to_reference!(u64, "super::u64", "reference::u64");
        pinned_to_reference!(i64, "super::i64", "reference::i64");
        pinned_to_reference!(Option<f64>, "super::opt_f64", "reference::opt_f64");
        pinned_to_reference!(Option<u64>, "super::opt_u64", "reference::opt_u64");
        pinned_to_reference!(Option<i64>, "super::opt_i64", "reference::opt_i64");
        pinned_to_reference!(String, "super::numeric_string", "reference::numeric_string");
        pinned_to_reference!(u16, "super::u16", "reference::u16", NARROW_EDGES);
        pinned_to_reference!(u8, "super::u8", "reference::u8", NARROW_EDGES);
        pinned_to_reference!(i32, "super::i32", "reference::i32", NARROW_EDGES);
        pinned_to_reference!(Option<i32>, "super::opt_i32", "reference::opt_i32", NARROW_EDGES);
    }

    /// Exact decimal text as a model reads it ([`super::DECIMAL_TEXT`]).
    fn decimal_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        super::text(d, &super::DECIMAL_TEXT)
    }

    #[test]
    fn decimal_text_is_read_and_refused_as_its_own_visitor_did() {
        pinned_to_reference!(
            String,
            "decimal_text",
            "reference::decimal_text",
            [
                r#""007""#,
                r#"" -12.5 ""#,
                r#"".5""#,
                r#""1.""#,
                r#""1e999""#,
                r#""1,5""#,
                r#""0x10""#,
                "4.9000000000000005e-06"
            ]
        );
    }

    /// Numbers and texts at the edges of the narrower integers' ranges.
    const NARROW_EDGES: [&str; 14] = [
        "255",
        "256",
        "65535",
        "65536",
        r#""65536""#,
        "2147483647",
        "2147483648",
        "-2147483648",
        "-2147483649",
        r#""-2147483649""#,
        "65535.0",
        "2147483648.0",
        "-2147483649.0",
        r#"" 256 ""#,
    ];

    /// [`super::read_with`] as a `deserialize_with` reader for each [`With`], its value taken back to the type of
    /// the reader the `With` names (any other value panics: `read_with` gives each reader's kind only).
    mod via_read_with {
        use serde::de::Deserializer;

        use super::super::{Scalar, read_with};
        use crate::wire::With;

        macro_rules! via {
            ($($name:ident: $with:ident -> $ty:ty { $($pattern:pat => $value:expr),+ })*) => {$(
                pub fn $name<'de, D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                    Ok(match read_with(d, With::$with)? {
                        $($pattern => $value,)+
                        _ => panic!("read_with gave {:?} another kind of value", With::$with),
                    })
                }
            )*};
        }

        via! {
            f64: F64 -> f64 { Scalar::F64(v) => v }
            u64: U64 -> u64 { Scalar::U64(v) => v }
            i64: I64 -> i64 { Scalar::I64(v) => v }
            u16: U16 -> u16 { Scalar::U64(v) => u16::try_from(v).expect("in range") }
            u8: U8 -> u8 { Scalar::U64(v) => u8::try_from(v).expect("in range") }
            i32: I32 -> i32 { Scalar::I64(v) => i32::try_from(v).expect("in range") }
            opt_f64: OptF64 -> Option<f64> { Scalar::Null => None, Scalar::F64(v) => Some(v) }
            opt_u64: OptU64 -> Option<u64> { Scalar::Null => None, Scalar::U64(v) => Some(v) }
            opt_i64: OptI64 -> Option<i64> { Scalar::Null => None, Scalar::I64(v) => Some(v) }
            opt_i32: OptI32 -> Option<i32> {
                Scalar::Null => None,
                Scalar::I64(v) => Some(i32::try_from(v).expect("in range"))
            }
            nonempty_string: NonemptyString -> Option<String> { Scalar::Null => None, Scalar::Text(t) => Some(t) }
            numeric_string: NumericString -> String { Scalar::Text(t) => t }
        }
    }

    #[test]
    fn read_with_reads_and_refuses_as_the_reader_each_with_names() {
        // Against the replaced code where a reader was replaced; `nonempty_string` is `Option<String>`'s own.
        pinned_to_reference!(f64, "via_read_with::f64", "reference::f64");
        pinned_to_reference!(u64, "via_read_with::u64", "reference::u64");
        pinned_to_reference!(i64, "via_read_with::i64", "reference::i64");
        pinned_to_reference!(u16, "via_read_with::u16", "reference::u16", NARROW_EDGES);
        pinned_to_reference!(u8, "via_read_with::u8", "reference::u8", NARROW_EDGES);
        pinned_to_reference!(i32, "via_read_with::i32", "reference::i32", NARROW_EDGES);
        pinned_to_reference!(Option<f64>, "via_read_with::opt_f64", "reference::opt_f64");
        pinned_to_reference!(Option<u64>, "via_read_with::opt_u64", "reference::opt_u64");
        pinned_to_reference!(Option<i64>, "via_read_with::opt_i64", "reference::opt_i64");
        pinned_to_reference!(Option<i32>, "via_read_with::opt_i32", "reference::opt_i32", NARROW_EDGES);
        pinned_to_reference!(Option<String>, "via_read_with::nonempty_string", "super::nonempty_string");
        pinned_to_reference!(String, "via_read_with::numeric_string", "reference::numeric_string");
    }

    #[derive(Deserialize, Debug)]
    struct Row {
        #[serde(deserialize_with = "super::f64")]
        f: f64,
        #[serde(deserialize_with = "super::u64")]
        u: u64,
        #[serde(deserialize_with = "super::i64")]
        i: i64,
    }

    fn row(json: &str) -> Result<Row, serde_json::Error> {
        serde_json::from_str(json)
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

    #[test]
    fn numbers_and_strings_both_decode() {
        let r = row(r#"{"f":"0.04","u":"18446744073709551615","i":"-9007199254740993"}"#).unwrap();
        assert_eq!(r.f, 0.04);
        assert_eq!(r.u, u64::MAX);
        assert_eq!(r.i, -9_007_199_254_740_993);
        let r = row(r#"{"f":12,"u":9007199254740993,"i":1700000000}"#).unwrap();
        assert_eq!(r.f, 12.0);
        assert_eq!(r.u, 9_007_199_254_740_993, "an integer above 2^53 stays exact");
        assert_eq!(r.i, 1_700_000_000);
        let r = row(r#"{"f":1e3,"u":5.0,"i":-3.0}"#).unwrap();
        assert_eq!((r.f, r.u, r.i), (1000.0, 5, -3));
    }

    /// Literals as servers print doubles (the shortest text that reads back): the first four, small prices among
    /// them, a parser without correct rounding (serde_json's default) reads one unit in the last place off, as it
    /// reads about one in seven doubles printed so; the last two are from the real captures. Each must decode to the
    /// double `JSON.parse` (and `str::parse`) gives.
    const SHORTEST_LITERALS: [&str; 6] = [
        "7.708402041055213e-8",
        "0.00000021275016166469494",
        "0.00000020282454879240464",
        "76953040370812553e-21",
        "4.9000000000000005e-6",
        "2366200.1204908495",
    ];

    #[test]
    fn number_literals_decode_correctly_rounded() {
        for literal in SHORTEST_LITERALS {
            let expected: f64 = literal.parse().unwrap();
            let r = row(&format!(r#"{{"f":{literal},"u":1,"i":1}}"#)).unwrap();
            assert_eq!(r.f.to_bits(), expected.to_bits(), "{literal}");
            let plain: f64 = serde_json::from_str(literal).unwrap();
            assert_eq!(plain.to_bits(), expected.to_bits(), "{literal} as a model's plain f64 field");
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(256))]

        #[test]
        fn any_double_printed_shortest_decodes_to_itself(value in proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO) {
            for literal in [format!("{value}"), format!("{value:e}")] {
                let r = row(&format!(r#"{{"f":{literal},"u":1,"i":1}}"#)).unwrap();
                proptest::prop_assert_eq!(r.f.to_bits(), value.to_bits(), "{}", literal);
            }
        }
    }

    #[test]
    fn bad_values_are_rejected() {
        for bad in [
            r#"{"f":"abc","u":1,"i":1}"#,
            r#"{"f":"NaN","u":1,"i":1}"#,
            r#"{"f":"inf","u":1,"i":1}"#,
            r#"{"f":1,"u":-1,"i":1}"#,
            r#"{"f":1,"u":"1.5","i":1}"#,
            r#"{"f":1,"u":"","i":1}"#,
            r#"{"f":1,"u":1.5,"i":1}"#,
            r#"{"f":1,"u":"18446744073709551616","i":1}"#,
            r#"{"f":1,"u":1e30,"i":1}"#,
            r#"{"f":1,"u":1,"i":"9223372036854775808"}"#,
            r#"{"f":1,"u":1,"i":"--1"}"#,
            r#"{"f":null,"u":1,"i":1}"#,
            r#"{"f":true,"u":1,"i":1}"#,
        ] {
            assert!(row(bad).is_err(), "{bad} should fail");
        }
    }

    #[test]
    fn narrow_integers_nullable_integers_and_empty_text() {
        #[derive(Deserialize, Debug)]
        struct Narrow {
            #[serde(deserialize_with = "super::u8")]
            d: u8,
            #[serde(deserialize_with = "super::i32")]
            bin: i32,
            #[serde(default, deserialize_with = "super::opt_u64")]
            slot: Option<u64>,
            #[serde(default, deserialize_with = "super::opt_i32")]
            active: Option<i32>,
            #[serde(default, deserialize_with = "super::nonempty_string")]
            launchpad: Option<String>,
        }
        let n: Narrow = serde_json::from_str(
            r#"{"d":"9","bin":"-443636","slot":"18446744073709551615","active":-5,"launchpad":""}"#,
        )
        .unwrap();
        assert_eq!((n.d, n.bin, n.slot, n.active, n.launchpad), (9, -443_636, Some(u64::MAX), Some(-5), None));
        let n: Narrow = serde_json::from_str(r#"{"d":6,"bin":0,"slot":null,"launchpad":"met-dbc"}"#).unwrap();
        assert_eq!((n.slot, n.active, n.launchpad.as_deref()), (None, None, Some("met-dbc")));
        for bad in [
            r#"{"d":256,"bin":0}"#,
            r#"{"d":1,"bin":2147483648}"#,
            r#"{"d":1,"bin":0,"active":"-2147483649"}"#,
            r#"{"d":1,"bin":0,"slot":-1}"#,
            r#"{"d":1,"bin":0,"launchpad":5}"#,
        ] {
            assert!(serde_json::from_str::<Narrow>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn optional_and_textual_helpers() {
        #[derive(Deserialize, Debug)]
        struct Opt {
            #[serde(default, deserialize_with = "super::opt_f64")]
            f: Option<f64>,
            #[serde(default, deserialize_with = "super::opt_i64")]
            i: Option<i64>,
            #[serde(deserialize_with = "super::u16")]
            b: u16,
            #[serde(deserialize_with = "super::numeric_string")]
            s: String,
        }
        let o: Opt = serde_json::from_str(r#"{"f":null,"i":"-4","b":"25","s":0.25}"#).unwrap();
        assert_eq!((o.f, o.i, o.b, o.s.as_str()), (None, Some(-4), 25, "0.25"));
        let o: Opt = serde_json::from_str(r#"{"f":"1.5","b":1,"s":" 12.5 "}"#).unwrap();
        assert_eq!((o.f, o.i, o.s.as_str()), (Some(1.5), None, "12.5"));
        for bad in
            [r#"{"b":70000,"s":"1"}"#, r#"{"b":1,"s":"abc"}"#, r#"{"b":1,"s":"1","f":"x"}"#, r#"{"b":1,"s":null}"#]
        {
            assert!(serde_json::from_str::<Opt>(bad).is_err(), "{bad}");
        }
    }
}
