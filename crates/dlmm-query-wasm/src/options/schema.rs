//! Options objects described as data: each key's name, what it takes (its [`Kind`], with its range) and its doc,
//! declared once ([`keys!`]); an object's keys, the object it extends and its doc in one [`Options`]. A key's reader
//! ([`Key::read`]), the check of an object's keys ([`check!`]) and its TypeScript interface ([`Options::declare`],
//! written in `const` code into the package's `.d.ts`) all come from that description.

use std::marker::PhantomData;
use std::str::FromStr;

use dlmm_query::InvalidInput;
use dlmm_query::ts_type::TsText;
use wasm_bindgen::JsValue;

use super::{bool_option, is_absent, number_option, parsed_option, string_option, strings_option, whole_option};
use crate::js_object::property;

/// The largest integer JavaScript holds exactly.
pub const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// What an option's value may be: how it is read (the kinds below) and how it is declared ([`Ts`]). A kind holds
/// only what its reader needs, so a key read where it is a constant folds into a call of one shared reader.
pub trait Kind: Copy {
    /// What a value of this kind is read as.
    type Value;
    /// `options[name]` read: `None` when absent (`undefined` or `null`); an `invalidInput` `DlmmError` naming the key
    /// when the value is not of the kind or out of its range.
    fn read(self, options: &JsValue, name: &'static str) -> Result<Option<Self::Value>, JsValue>;
}

/// A value's TypeScript type, as a declaration writes it.
#[derive(Clone, Copy)]
pub enum Ts {
    /// A type by its text (`number`, `RetryOptions | false`).
    Plain(&'static str),
    /// The union of these string literals.
    Union(&'static [&'static str]),
}

/// `true` or `false`.
#[derive(Clone, Copy)]
pub struct Bool;
/// A string.
#[derive(Clone, Copy)]
pub struct Text;
/// An array of strings.
#[derive(Clone, Copy)]
pub struct Texts;
/// A finite number within bounds.
#[derive(Clone, Copy)]
pub struct Number(pub f64, pub f64);
/// A whole number from 0 to a bound (at most 2^53 - 1).
#[derive(Clone, Copy)]
pub struct Whole(pub f64);
/// A whole number within bounds that fit a `u32`.
#[derive(Clone, Copy)]
pub struct Count(pub f64, pub f64);
/// One of the wire names of `T` (a closed set of values with `FromStr`), declared as their union or by an alias.
pub struct OneOf<T>(pub Ts, pub PhantomData<T>);
/// A value read by a function of its own (`sortBy`, `retry`, `signal`, …), declared as the type given.
#[derive(Clone, Copy)]
pub struct Raw(pub &'static str);

impl<T> Clone for OneOf<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for OneOf<T> {}

impl<T> OneOf<T> {
    /// Names `names`, declared as their union, or as `alias` when given.
    pub const fn new(names: &'static [&'static str], alias: Option<&'static str>) -> Self {
        Self(if let Some(alias) = alias { Ts::Plain(alias) } else { Ts::Union(names) }, PhantomData)
    }

    /// Its declared type.
    pub const fn ts(&self) -> Ts {
        self.0
    }
}

/// Implements [`Kind`] for kinds read by one shared reader: `Kind => Value, |kind, options, name| reader;`.
macro_rules! read_by {
    ($($kind:ident => $value:ty, |$this:pat_param, $options:ident, $name:ident| $read:expr;)+) => {$(
        impl Kind for $kind {
            type Value = $value;
            #[inline]
            fn read(self, $options: &JsValue, $name: &'static str) -> Result<Option<$value>, JsValue> {
                let $this = self;
                $read
            }
        }
    )+};
}

read_by! {
    Bool => bool, |_, options, name| bool_option(options, name);
    Text => String, |_, options, name| string_option(options, name);
    Texts => Vec<String>, |_, options, name| strings_option(options, name);
    Number => f64, |Number(min, max), options, name| number_option(options, name, min, max);
    Whole => u64, |Whole(max), options, name| whole_option(options, name, 0.0, max);
    // The bounds keep a count within `u32`.
    Count => u32, |Count(min, max), options, name| Ok(whole_option(options, name, min, max)?.map(|n| n as u32));
    Raw => JsValue, |_, options, name| Ok(Some(property(options, name)).filter(|value| !is_absent(value)));
}

impl<T: FromStr<Err = InvalidInput>> Kind for OneOf<T> {
    type Value = T;
    #[inline]
    fn read(self, options: &JsValue, name: &'static str) -> Result<Option<T>, JsValue> {
        parsed_option(options, name)
    }
}

/// Kinds declared as one fixed TypeScript type: each gets a `const fn ts`.
macro_rules! declared_as {
    ($($kind:ident $ts:literal),+) => {$(
        impl $kind {
            /// Its declared type.
            pub const fn ts(&self) -> Ts {
                Ts::Plain($ts)
            }
        }
    )+};
}

declared_as!(Bool "boolean", Text "string", Texts "string[]", Number "number", Whole "number", Count "number");

impl Raw {
    /// Its declared type.
    pub const fn ts(&self) -> Ts {
        Ts::Plain(self.0)
    }
}

/// One key of an options object, as its readers need it: its name and its kind.
#[derive(Clone, Copy)]
pub struct Key<K> {
    /// The key, as callers write it (`pageSize`).
    pub name: &'static str,
    /// What its value may be.
    pub kind: K,
}

impl<K: Kind> Key<K> {
    /// The key's value in `options`, read by its kind (see [`Kind::read`]).
    #[inline]
    pub fn read(&self, options: &JsValue) -> Result<Option<K::Value>, JsValue> {
        self.kind.read(options, self.name)
    }
}

/// A key as an object's declaration lists it: its name, its type and its doc (readers take the [`Key`] alone: see
/// [`keys!`]).
#[derive(Clone, Copy)]
pub struct Field {
    /// The key.
    pub name: &'static str,
    /// Its TypeScript type.
    pub ts: Ts,
    /// Its doc.
    pub doc: &'static str,
}

/// An options object: its TypeScript interface's name and doc, the object it extends, and its own keys.
pub struct Options {
    /// The interface's name (`DatapiPoolsQuery`).
    pub name: &'static str,
    /// Its doc.
    pub doc: &'static str,
    /// The object whose keys it also takes.
    pub extends: Option<&'static Options>,
    /// Its own keys.
    pub fields: &'static [Field],
}

impl Options {
    /// How many keys the object takes, those of the objects it extends included.
    pub const fn count(&self) -> usize {
        match self.extends {
            Some(parent) => parent.count() + self.fields.len(),
            None => self.fields.len(),
        }
    }

    /// The names of every key the object takes (`N` of them, [`Self::count`]), the most general object's first.
    pub const fn names<const N: usize>(&self) -> [&'static str; N] {
        let mut names = [""; N];
        let mut object = Some(self);
        let mut end = N;
        while let Some(o) = object {
            let mut i = o.fields.len();
            while i > 0 {
                i -= 1;
                end -= 1;
                names[end] = o.fields[i].name;
            }
            object = o.extends;
        }
        names
    }

    /// This object's TypeScript interface, pushed onto `text`.
    pub const fn declare<const N: usize>(&self, text: TsText<N>) -> TsText<N> {
        let mut text = text.push("\n/** ").push(self.doc).push(" */\nexport interface ").push(self.name);
        if let Some(parent) = self.extends {
            text = text.push(" extends ").push(parent.name);
        }
        text = text.push(" {\n");
        let mut i = 0;
        while i < self.fields.len() {
            let Field { name, ts, doc } = self.fields[i];
            text = type_of(text.push("  /** ").push(doc).push(" */\n  ").push(name).push("?: "), ts);
            text = text.push(";\n");
            i += 1;
        }
        text.push("}\n")
    }
}

/// Rejects a key of the options object `$options` that the described object `$object` does not take (its own and
/// those of the objects it extends), naming it. The names are listed at compile time, so no doc reaches the `.wasm`.
macro_rules! check {
    ($object:expr, $options:expr) => {{
        const NAMES: [&str; $object.count()] = $object.names::<{ $object.count() }>();
        crate::options::check_keys($options, &[&NAMES])
    }};
}

pub(crate) use check;

/// The TypeScript type `ts`, pushed onto `text`.
const fn type_of<const N: usize>(text: TsText<N>, ts: Ts) -> TsText<N> {
    match ts {
        Ts::Plain(ts) => text.push(ts),
        Ts::Union(names) => union(text, names),
    }
}

/// The union of the string literals `names` (`"asc" | "desc"`), pushed onto `text`.
pub const fn union<const N: usize>(mut text: TsText<N>, names: &[&str]) -> TsText<N> {
    let mut i = 0;
    while i < names.len() {
        if i > 0 {
            text = text.push(" | ");
        }
        text = text.push("\"").push(names[i]).push("\"");
        i += 1;
    }
    text
}

/// `export type name = "a" | "b";` with its doc, pushed onto `text`: a wire enum's names as a TypeScript type.
pub const fn alias<const N: usize>(text: TsText<N>, doc: &str, name: &str, names: &[&str]) -> TsText<N> {
    union(text.push("\n/** ").push(doc).push(" */\nexport type ").push(name).push(" = "), names).push(";\n")
}

/// The wire names of a closed set of values (a type with a `const ALL` of its values and a `const fn as_str`), as a
/// `&'static [&'static str]` built at compile time: the names a [`OneOf`] accepts and declares.
macro_rules! wire_names {
    ($ty:ty) => {{
        const ALL: &[$ty] = &<$ty>::ALL;
        const NAMES: [&str; ALL.len()] = {
            let mut names = [""; ALL.len()];
            let mut i = 0;
            while i < ALL.len() {
                names[i] = ALL[i].as_str();
                i += 1;
            }
            names
        };
        &NAMES
    }};
}

pub(crate) use wire_names;

/// Declares keys, one a line: `NAME "jsName": KindType = kind, "doc";` (a visibility may lead the name). Each is a
/// unit type holding its [`Key`] (`NAME::KEY`, what readers take) and its [`Field`] (`NAME::FIELD`, what an
/// [`Options`] lists): two constants rather than one, so reading a key never places its doc in the `.wasm`.
macro_rules! keys {
    ($($(#[$attr:meta])* $vis:vis $id:ident $name:literal: $ty:ty = $kind:expr, $doc:literal;)+) => {$(
        $(#[$attr])*
        #[allow(non_camel_case_types, clippy::upper_case_acronyms, reason = "a key is named like the constants it holds")]
        $vis struct $id;

        impl $id {
            /// The key, for its readers.
            $vis const KEY: Key<$ty> = Key { name: $name, kind: $kind };
            /// The key with its type and doc, for declarations.
            $vis const FIELD: Field = Field { name: $name, ts: Self::KEY.kind.ts(), doc: $doc };
        }
    )+};
}

pub(crate) use keys;

/// Declares options objects, one a line: `vis NAME "TsName" (: PARENT)? "doc" [KEY, …];`, each an [`Options`] whose
/// doc is its Rust doc too.
macro_rules! options {
    ($($vis:vis $id:ident $name:literal $(: $parent:ident)? $doc:literal [$($key:ident),* $(,)?];)+) => {$(
        #[doc = $doc]
        $vis const $id: Options = Options {
            name: $name,
            doc: $doc,
            extends: options!(@parent $($parent)?),
            fields: &[$($key::FIELD),*],
        };
    )+};
    (@parent) => { None };
    (@parent $parent:ident) => { Some(&$parent) };
}

pub(crate) use options;
