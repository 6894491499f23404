//! JSON text for JavaScript: what the npm package hands to the engine's `JSON.parse`, written either from a model
//! (`Serialize`, [`JsonText::write`]) or straight from a body by its shape ([`crate::transcode`]), whose leaves this
//! writer's own methods write as [`JsonText::write`] does (so a build that only transcodes carries no serializer).
//!
//! The writer tracks the JSON path of what it writes: raw token amounts (`u128`) are written as digit strings, their
//! paths recorded as patterns (`[*].reserveXAmount`) to become `bigint`s after parsing; so are the paths of the
//! `null`s written for `None` (`undefined` in JavaScript). The text is kept ASCII (`\uXXXX`), the engine's fast path.
//! An integer JavaScript cannot hold exactly (above 2^53 − 1 outside amounts) is refused with its path
//! (`[1].lockReleasePoint`) by [`JsonText::finish`], never rounded.

use crate::shape::{StructShape, js_name, js_name_len, push_js_name};

// Writing a model by its `Serialize` ([`JsonText::write`]): natively always; in WebAssembly with the `json-writer`
// feature, since it needs serde_json's `std` (the package and the explorer only transcode, and leave it out).
#[cfg(any(not(target_arch = "wasm32"), feature = "json-writer"))]
mod by_serde;
mod sink;

/// One step of a JSON path while writing: an object's current key (as serde wrote it, or a transcoded field's wire
/// name), or an array's current index (`None` before its first element).
enum Step {
    // Only the serde writer (`by_serde`) writes keys of its own.
    #[cfg_attr(all(target_arch = "wasm32", not(feature = "json-writer")), allow(dead_code))]
    Key(String),
    Field(&'static str),
    Index(Option<usize>),
}

/// One step of a pattern as recorded: a key, a transcoded field (by wire name, named for JavaScript once, when the
/// writing is finished), or every element of an array.
enum Mark {
    Key(String),
    Field(&'static str),
    Each,
}

/// One step of a recorded pattern: a key, or every element of an array.
#[derive(Debug, PartialEq)]
pub enum Pattern {
    /// An object's key.
    Key(String),
    /// Every element of an array.
    Each,
}

/// The text [`JsonText`] wrote, with the paths its parsed values need fixed.
#[derive(Debug)]
pub struct Written {
    /// The JSON text (ASCII).
    pub text: String,
    /// Patterns of the digit strings that are raw amounts (`bigint` in JavaScript).
    pub amounts: Vec<Vec<Pattern>>,
    /// Patterns of the `null`s written for `None` (`undefined` in JavaScript).
    pub nulls: Vec<Vec<Pattern>>,
    /// What was noted of the top-level object's members, by wire name (only when asked: [`JsonText::noting_top`]).
    pub top: Vec<(&'static str, Noted)>,
}

/// A member of the top-level object as [`JsonText::noting_top`] notes it while writing, so that a caller needing a
/// few facts of a long text (a page's paging numbers) need not read it again.
#[derive(Clone, Debug, PartialEq)]
pub enum Noted {
    /// A short value's JSON text (a number, `true`, `null`, a short string): at most [`SHORT`] bytes.
    Short(String),
    /// An array: its length and its first element's JSON text.
    Array {
        /// How many elements it has.
        len: usize,
        /// The first element's JSON text, if there is one.
        first: Option<String>,
    },
}

/// The longest value noted as [`Noted::Short`].
pub const SHORT: usize = 48;

/// What is being noted of the top-level object ([`JsonText::noting_top`]).
#[derive(Default)]
struct Noting {
    members: Vec<(&'static str, Noted)>,
    /// Where the top-level member array being written starts (after its `[`), and where its first element ends
    /// (once its second begins).
    array: (usize, Option<usize>),
}

/// Why written text cannot be handed to JavaScript: the JSON path of the value at fault (when one is), and what is
/// wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unwritable {
    /// The JSON path of the value at fault, in the output's names (`[1].lockReleasePoint`).
    pub path: Option<String>,
    /// What is wrong.
    pub message: String,
}

/// JSON text being written, with what the writing noticed.
#[derive(Default)]
pub struct JsonText {
    text: Vec<u8>,
    path: Vec<Step>,
    /// While the serde writer writes a key (which [`Step::Key`] then collects).
    #[cfg_attr(all(target_arch = "wasm32", not(feature = "json-writer")), allow(dead_code))]
    in_key: bool,
    /// The paths (array indices as [`Mark::Each`]) where raw amounts were written as digit strings.
    amounts: Vec<Vec<Mark>>,
    /// The paths where `null` (a `None`) was written: `undefined` in JavaScript, as the declarations say.
    nulls: Vec<Vec<Mark>>,
    /// Where each integer JavaScript cannot hold was written (a text offset), its path and the integer; the first
    /// in the text is the one reported.
    unsafe_integers: Vec<(usize, String, String)>,
    /// The integer the formatter just refused, with its path, until [`Self::write`] notes where.
    refused: Option<(String, String)>,
    /// A failure of the serializer itself (a map with non-string keys, a failing `Serialize`).
    failure: Option<String>,
    /// For an array written item by item, the index of its first item.
    first_index: usize,
    /// The fields of the objects being transcoded, innermost last: (field index, where its text starts).
    pub(crate) fields: Vec<(usize, usize)>,
    /// What is noted of the top-level object's members, when asked.
    noting: Option<Noting>,
    /// The keys of the structs transcoded so far, each made once per text rather than named for every member.
    keys: Vec<StructKeys>,
}

/// The keys of one struct's fields as written (`,"<js>":`), one after another, and where each ends.
struct StructKeys {
    /// The struct's shape, by address.
    shape: usize,
    text: Vec<u8>,
    ends: Vec<usize>,
}

/// What [`JsonText::rollback`] goes back to.
pub struct Checkpoint {
    text: usize,
    path: usize,
    /// The innermost array's current index, when the path ends in one.
    index: Option<Option<usize>>,
    amounts: usize,
    nulls: usize,
    unsafe_integers: usize,
    fields: usize,
    failed: bool,
}

impl JsonText {
    /// Bytes written so far.
    pub fn len(&self) -> usize {
        self.text.len()
    }

    /// True when nothing was written yet.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The JSON text written so far.
    pub fn as_bytes(&self) -> &[u8] {
        &self.text
    }

    /// An array to be written item by item with [`Self::push_item`], whose first item is item `first_index` of a
    /// longer list (the paths its errors name count from there).
    pub fn items_from(first_index: usize) -> Self {
        let mut json = Self { first_index, ..Self::default() };
        json.text.push(b'[');
        json.path.push(Step::Index(first_index.checked_sub(1)));
        json
    }

    /// JSON text whose top-level object's members are noted as they are written (see [`Written::top`]).
    pub fn noting_top() -> Self {
        Self { noting: Some(Noting::default()), ..Self::default() }
    }

    /// The text and patterns written, or why they cannot be: an integer JavaScript cannot hold (named by its path)
    /// or a value the writer could not write.
    pub fn finish(self) -> Result<Written, Unwritable> {
        let mut first: Option<(usize, String, String)> = None;
        for unsafe_integer in self.unsafe_integers {
            if first.as_ref().is_none_or(|f| unsafe_integer.0 < f.0) {
                first = Some(unsafe_integer);
            }
        }
        if let Some((_, path, integer)) = first {
            let message = format!(
                "a value JavaScript cannot hold exactly: {integer} is above 2^53 - 1 (Number.MAX_SAFE_INTEGER)"
            );
            return Err(Unwritable { path: Some(path), message });
        }
        if let Some(failure) = self.failure {
            return Err(Unwritable { path: None, message: format!("the output cannot be written: {failure}") });
        }
        // Both writers write valid UTF-8 from valid UTF-8 strings.
        let text = String::from_utf8(self.text).map_err(|e| Unwritable { path: None, message: e.to_string() })?;
        let top = self.noting.map(|noting| noting.members).unwrap_or_default();
        Ok(Written { text, amounts: patterns(self.amounts), nulls: patterns(self.nulls), top })
    }

    /// Ends the array begun by [`Self::items_from`] and finishes the text (see [`Self::finish`]).
    pub fn end_items(mut self) -> Result<Written, Unwritable> {
        self.text.push(b']');
        self.path.pop();
        self.finish()
    }

    /// The index of the first item of an array begun by [`Self::items_from`].
    pub fn first_index(&self) -> usize {
        self.first_index
    }

    /// True once the writing met a value it cannot write ([`Self::finish`] then gives the error).
    pub fn failed(&self) -> bool {
        !self.unsafe_integers.is_empty() || self.failure.is_some()
    }

    /// Begins one more item of the array begun by [`Self::items_from`]: the separator and the item's index.
    pub fn begin_item(&mut self) {
        let next = match self.path.last() {
            Some(Step::Index(Some(i))) => i + 1,
            _ => 0,
        };
        if self.text.len() > 1 {
            self.text.push(b',');
        }
        if let Some(Step::Index(index)) = self.path.last_mut() {
            *index = Some(next);
        }
    }

    /// Begins an object whose members [`Self::key`] writes; returns where it starts (for [`Self::end_object`]).
    pub fn begin_object(&mut self) -> usize {
        self.path.push(Step::Field(""));
        self.text.len()
    }

    /// Writes the key of the field read as `wire` under its JavaScript name, after a comma (the first becomes the
    /// opening brace in [`Self::end_object`]); returns where the member starts.
    pub fn key(&mut self, wire: &'static str) -> usize {
        let at = self.text.len();
        self.text.extend_from_slice(b",\"");
        push_js_name(&mut self.text, wire);
        self.text.extend_from_slice(b"\":");
        if let Some(Step::Field(current)) = self.path.last_mut() {
            *current = wire;
        }
        at
    }

    /// Writes the key of field `index` of `shape` as [`Self::key`] does, from the keys of `shape` made the first time
    /// one of them is written.
    pub(crate) fn field_key(&mut self, shape: &StructShape, index: usize) -> usize {
        let at = self.text.len();
        let address = std::ptr::from_ref(shape) as usize;
        let known = self.keys.iter().position(|keys| keys.shape == address);
        let keys = match known {
            Some(k) => &self.keys[k],
            None => {
                let mut keys =
                    StructKeys { shape: address, text: Vec::new(), ends: Vec::with_capacity(shape.fields.len()) };
                for field in shape.fields {
                    keys.text.extend_from_slice(b",\"");
                    push_js_name(&mut keys.text, field.wire);
                    keys.text.extend_from_slice(b"\":");
                    keys.ends.push(keys.text.len());
                }
                self.keys.push(keys);
                &self.keys[self.keys.len() - 1]
            }
        };
        let from = index.checked_sub(1).map_or(0, |previous| keys.ends[previous]);
        self.text.extend_from_slice(&keys.text[from..keys.ends[index]]);
        if let Some(Step::Field(current)) = self.path.last_mut() {
            *current = shape.fields[index].wire;
        }
        at
    }

    /// Ends the object begun at `start` by [`Self::begin_object`].
    pub fn end_object(&mut self, start: usize) {
        self.path.pop();
        if self.text.len() == start {
            self.text.extend_from_slice(b"{}");
        } else {
            self.text[start] = b'{';
            self.text.push(b'}');
        }
    }

    /// Begins an array whose elements each follow an [`Self::element`].
    pub fn begin_array(&mut self) {
        self.path.push(Step::Index(None));
        self.text.push(b'[');
        if let Some(noting) = self.noting.as_mut().filter(|_| self.path.len() == 2) {
            noting.array = (self.text.len(), None);
        }
    }

    /// Begins the next element of the innermost array.
    pub fn element(&mut self) {
        if let Some(Step::Index(index)) = self.path.last_mut() {
            let next = index.map_or(0, |i| i + 1);
            *index = Some(next);
            if next > 0 {
                if let Some(noting) = self.noting.as_mut().filter(|_| next == 1 && self.path.len() == 2) {
                    noting.array.1 = Some(self.text.len());
                }
                self.text.push(b',');
            }
        }
    }

    /// Ends the innermost array.
    pub fn end_array(&mut self) {
        if let (Some(noting), [Step::Field(wire), Step::Index(last)]) = (&mut self.noting, &self.path[..]) {
            let (start, first_end) = noting.array;
            let first = &self.text[start..first_end.unwrap_or(self.text.len())];
            let first = last.map(|_| String::from_utf8_lossy(first).into_owned());
            noting.members.push((*wire, Noted::Array { len: last.map_or(0, |i| i + 1), first }));
        }
        self.path.pop();
        self.text.push(b']');
    }

    /// Notes the top-level object's member `wire` written from `at` on (`,"<js>":` then its value), when its value is
    /// short.
    pub(crate) fn note_member(&mut self, wire: &'static str, at: usize) {
        if let Some(noting) = self.noting.as_mut().filter(|_| self.path.len() == 1)
            && let Some(text) = self
                .text
                .get(at + js_name_len(wire) + 4..)
                .filter(|text| text.len() <= SHORT && text.first() != Some(&b'['))
        {
            noting.members.push((wire, Noted::Short(String::from_utf8_lossy(text).into_owned())));
        }
    }

    /// Notes an integer JavaScript cannot hold, where the writing stands, with its path.
    fn unsafe_integer(&mut self, integer: String) {
        let path = self.path_text();
        self.unsafe_integers.push((self.text.len(), path, integer));
    }

    /// Where the writing stands, to come back to with [`Self::rollback`].
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            text: self.text.len(),
            path: self.path.len(),
            index: match self.path.last() {
                Some(Step::Index(index)) => Some(*index),
                _ => None,
            },
            amounts: self.amounts.len(),
            nulls: self.nulls.len(),
            unsafe_integers: self.unsafe_integers.len(),
            fields: self.fields.len(),
            failed: self.failure.is_some(),
        }
    }

    /// Forgets everything written since `checkpoint` (a value given up half-way, to be written again).
    pub fn rollback(&mut self, checkpoint: &Checkpoint) {
        self.text.truncate(checkpoint.text);
        self.path.truncate(checkpoint.path);
        if let (Some(index), Some(Step::Index(current))) = (checkpoint.index, self.path.last_mut()) {
            *current = index;
        }
        self.amounts.truncate(checkpoint.amounts);
        self.nulls.truncate(checkpoint.nulls);
        self.unsafe_integers.truncate(checkpoint.unsafe_integers);
        self.fields.truncate(checkpoint.fields);
        self.refused = None;
        if !checkpoint.failed {
            self.failure = None;
        }
    }

    /// The current path in serde_path_to_error's notation (`data[0].timestamp`).
    fn path_text(&self) -> String {
        let mut out = String::new();
        for step in &self.path {
            let key = match step {
                Step::Key(key) => key.clone(),
                Step::Field(wire) => js_name(wire),
                Step::Index(Some(i)) => {
                    out.push_str(&format!("[{i}]"));
                    continue;
                }
                Step::Index(None) => continue,
            };
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(&key);
        }
        out
    }
}

/// Adds `path` to `patterns` (array indices as [`Pattern::Each`]) unless a pattern there matches it already.
fn record(path: &[Step], patterns: &mut Vec<Vec<Mark>>) {
    let same = |mark: &Mark, step: &Step| match (mark, step) {
        (Mark::Key(a), Step::Key(b)) => a == b,
        (Mark::Field(a), Step::Field(b)) => a == b,
        // The same member written by serde in one place and transcoded in another.
        (Mark::Key(key), Step::Field(wire)) | (Mark::Field(wire), Step::Key(key)) => *key == js_name(wire),
        (Mark::Each, Step::Index(_)) => true,
        _ => false,
    };
    // Loops rather than iterator adapters in this module: the same code, less of it in the `.wasm` files.
    'patterns: for pattern in patterns.iter() {
        if pattern.len() != path.len() {
            continue;
        }
        for (mark, step) in pattern.iter().zip(path) {
            if !same(mark, step) {
                continue 'patterns;
            }
        }
        return;
    }
    let mut pattern = Vec::with_capacity(path.len());
    for step in path {
        pattern.push(match step {
            Step::Key(k) => Mark::Key(k.clone()),
            Step::Field(wire) => Mark::Field(wire),
            Step::Index(_) => Mark::Each,
        });
    }
    patterns.push(pattern);
}

/// The recorded patterns with their keys as JavaScript names, each once.
fn patterns(marks: Vec<Vec<Mark>>) -> Vec<Vec<Pattern>> {
    let mut out: Vec<Vec<Pattern>> = Vec::with_capacity(marks.len());
    for mark in marks {
        let mut pattern = Vec::with_capacity(mark.len());
        for m in mark {
            pattern.push(match m {
                Mark::Key(key) => Pattern::Key(key),
                Mark::Field(wire) => Pattern::Key(js_name(wire)),
                Mark::Each => Pattern::Each,
            });
        }
        if !out.contains(&pattern) {
            out.push(pattern);
        }
    }
    out
}

/// The JSON escape of one UTF-16 code unit: `\u` and four lowercase hexadecimal digits, as serde_json writes a
/// control character's.
fn unicode_escape(unit: u16) -> [u8; 6] {
    let hex = |shift: u16| b"0123456789abcdef"[usize::from(unit >> shift & 0xf)];
    [b'\\', b'u', hex(12), hex(8), hex(4), hex(0)]
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use super::*;
    use crate::reader::{MAX_SAFE_INTEGER, Sink};

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Lock {
        name: String,
        reserve_x_amount: u128,
        launchpad: Option<String>,
        slot: u64,
    }

    fn lock(name: &str, slot: u64) -> Lock {
        Lock { name: name.to_owned(), reserve_x_amount: 1 << 70, launchpad: None, slot }
    }

    fn patterns(patterns: &[Vec<Pattern>]) -> Vec<String> {
        let step = |p: &Pattern| match p {
            Pattern::Key(k) => format!(".{k}"),
            Pattern::Each => "[*]".to_owned(),
        };
        patterns.iter().map(|p| p.iter().map(step).collect()).collect()
    }

    #[test]
    fn writes_ascii_json_and_records_amount_and_null_patterns_once() {
        let mut json = JsonText::default();
        json.write(&vec![lock("пёс-USDT \"q\" 🐕", 1), lock("SOL", 2)]);
        let text = std::str::from_utf8(json.as_bytes()).unwrap();
        assert!(text.is_ascii(), "{text}");
        let back: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(back[0]["name"], "пёс-USDT \"q\" 🐕", "escapes decode to the same text");
        assert_eq!(back[1]["reserveXAmount"], "1180591620717411303424");
        assert!(!json.failed());
        let written = json.finish().unwrap();
        assert_eq!(patterns(&written.amounts), ["[*].reserveXAmount"]);
        assert_eq!(patterns(&written.nulls), ["[*].launchpad"]);
    }

    /// The text (or the failure) `direct` writes as the second item of an array, and what [`JsonText::write`]
    /// writes for `value` there.
    fn both<T: Serialize + ?Sized>(value: &T, direct: impl Fn(&mut JsonText)) -> [Result<Written, String>; 2] {
        let (mut by_hand, mut by_serde) = (JsonText::items_from(0), JsonText::items_from(0));
        by_hand.push_item(&1);
        by_serde.push_item(&1);
        by_hand.begin_item();
        direct(&mut by_hand);
        by_serde.push_item(value);
        [by_hand, by_serde].map(|json| json.end_items().map_err(|e| e.message))
    }

    fn same(written: [Result<Written, String>; 2]) -> bool {
        format!("{:?}", written[0]) == format!("{:?}", written[1])
    }

    #[test]
    fn leaves_are_written_directly_as_serde_writes_them() {
        for text in [
            "",
            "plain",
            "q\"uote b\\ack /slash",
            "\u{0}\u{1}\u{8}\t\n\u{b}\u{c}\r\u{1f} \u{7f}",
            "пёс 🐕 é\u{2028}\u{ffff}",
        ] {
            assert!(same(both(text, |out| out.text(text))), "{text:?}");
        }
        for value in [0.0, -0.0, 1.0, -2.5, 0.1, 1e-7, 1e21, 1e300, 5e-324, f64::MAX, f64::MIN_POSITIVE, 123456.789] {
            assert!(same(both(&value, |out| out.double(value))), "{value}");
        }
        for value in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert!(same(both(&value, |out| out.double(value))), "{value}");
        }
        for value in [0, 1, MAX_SAFE_INTEGER, MAX_SAFE_INTEGER + 1, u64::MAX] {
            assert!(same(both(&value, |out| out.unsigned(value))), "{value}");
            assert!(same(both(&crate::testing::models::Exact(value), |out| out.amount(value))), "{value}");
        }
        let max = MAX_SAFE_INTEGER as i64;
        for value in [0, -1, max, -max, max + 1, -max - 1, i64::MIN, i64::MAX] {
            assert!(same(both(&value, |out| out.signed(value))), "{value}");
        }
        for value in [true, false] {
            assert!(same(both(&value, |out| out.boolean(value))), "{value}");
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(2_000))]

        #[test]
        fn any_string_is_written_directly_as_serde_writes_it(text in "\\PC*|[\\x00-\\x7f]*") {
            proptest::prop_assert!(same(both(text.as_str(), |out| out.text(&text))), "{:?}", text);
        }

        #[test]
        fn any_double_is_written_directly_as_serde_writes_it(bits in proptest::prelude::any::<u64>()) {
            let value = f64::from_bits(bits);
            proptest::prop_assert!(same(both(&value, |out| out.double(value))), "{:?}", value);
        }
    }

    #[test]
    fn an_integer_javascript_cannot_hold_stops_the_writing_with_its_path() {
        let mut json = JsonText::items_from(40);
        json.push_item(&lock("a", 7));
        json.push_item(&lock("b", 1 << 53));
        assert!(json.failed());
        assert_eq!(json.unsafe_integers[0].1, "[41].slot");
        assert_eq!(json.unsafe_integers[0].2, "9007199254740992");
        let mut fine = JsonText::items_from(0);
        fine.push_item(&lock("c", (1 << 53) - 1));
        assert!(!fine.failed());
        assert_eq!(fine.first_index(), 0);
    }
}
