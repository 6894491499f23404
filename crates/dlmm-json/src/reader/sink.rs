//! What the reader hands what it reads to: a [`Sink`]. The reader checks a body against its shape; a sink keeps what
//! it needs of the values (JSON text for JavaScript, `crate::json_text`; values to build a model from, `crate::slot`).

use crate::shape::{EnumShape, StructShape};

/// Which fields of an object were met: a bit per field, inline for up to 64 fields (every model has fewer), so
/// reading an object allocates nothing; and how many.
pub struct Seen {
    low: u64,
    more: Vec<u64>,
    count: usize,
}

impl Seen {
    /// None of `fields` fields met yet.
    pub(crate) fn new(fields: usize) -> Self {
        Self { low: 0, more: vec![0; fields.saturating_sub(64).div_ceil(64)], count: 0 }
    }

    /// Marks field `i`; false when it was marked already.
    pub(crate) fn insert(&mut self, i: usize) -> bool {
        let (word, bit) = if i < 64 { (&mut self.low, i) } else { (&mut self.more[(i - 64) / 64], (i - 64) % 64) };
        let fresh = *word & (1 << bit) == 0;
        *word |= 1 << bit;
        self.count += usize::from(fresh);
        fresh
    }

    /// True when field `i` was met.
    pub fn contains(&self, i: usize) -> bool {
        if i < 64 { self.low & (1 << i) != 0 } else { self.more[(i - 64) / 64] & (1 << ((i - 64) % 64)) != 0 }
    }

    /// How many fields were met.
    pub fn count(&self) -> usize {
        self.count
    }
}

/// Where the values the reader reads go, in the body's order. A struct's members arrive between
/// [`Self::begin_struct`] and [`Self::end_struct`], each between [`Self::begin_field`] and [`Self::end_field`]; a
/// list's items between [`Self::begin_list`] and [`Self::end_list`], each after [`Self::item`]. A leaf is one call.
pub trait Sink {
    /// What a sink keeps of a struct begun, until it ends.
    type Struct;
    /// What a sink keeps of a member begun, until it ends.
    type Field;

    /// A struct of `shape` begins.
    fn begin_struct(&mut self, shape: &StructShape) -> Self::Struct;
    /// Its field `index` begins (its value comes next).
    fn begin_field(&mut self, shape: &StructShape, index: usize) -> Self::Field;
    /// Its field `index` was read.
    fn end_field(&mut self, shape: &StructShape, index: usize, field: Self::Field);
    /// Its field `index`, begun, is left out: a struct sent as an array ended before it, and it takes its default.
    fn default_field(&mut self, shape: &StructShape, index: usize, field: Self::Field);
    /// The struct ends; the fields not `seen` take their defaults (the reader checked that they have one).
    fn end_struct(&mut self, shape: &StructShape, seen: &Seen, begun: Self::Struct);
    /// A list begins.
    fn begin_list(&mut self);
    /// Its next item comes.
    fn item(&mut self);
    /// The list ends.
    fn end_list(&mut self);

    /// `null` (an option's none, a nullable leaf's none).
    fn null(&mut self);
    /// A boolean.
    fn boolean(&mut self, value: bool);
    /// A floating-point leaf sent as a number literal well inside a double's range (by JSON's grammar).
    fn number(&mut self, literal: &[u8]);
    /// A floating-point value.
    fn double(&mut self, value: f64);
    /// An integer of an unsigned leaf.
    fn unsigned(&mut self, value: u64);
    /// An integer of a signed leaf.
    fn signed(&mut self, value: i64);
    /// A token amount (a `u64` JavaScript reads as a `bigint`).
    fn amount(&mut self, value: u64);
    /// Text.
    fn text(&mut self, text: &str);
    /// Text that is ASCII with nothing to escape.
    fn ascii_text(&mut self, text: &[u8]);
    /// Numeric text (`literal`: a JSON number literal well inside a double's range).
    fn numeric_text(&mut self, text: &str, literal: bool);
    /// An enum's variant: its index among `names`' variants (the `other` variant after them).
    fn variant(&mut self, names: &EnumShape, index: usize);
}
