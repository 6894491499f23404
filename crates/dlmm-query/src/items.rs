//! Splitting a JSON array that arrives in chunks into its elements, as bytes, holding only the unfinished element.
//! Pure: the client feeds it a body chunk by chunk ([`Client::stream_items`](crate::Client::stream_items)) and
//! decodes each element as it completes, so neither the whole body nor the whole decoded list is ever held.

use crate::decode;
use crate::error::{BodyKind, DecodeError};
use crate::json_text::JsonText;
use crate::models::PairTvl;
use crate::shape::{HasShape, Shape};
use crate::transcode;

/// Where the splitter is in the array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Before the opening `[` (only whitespace so far).
    Start,
    /// After `[`: an element or `]`.
    First,
    /// After `,`: an element.
    Next,
    /// Inside an element.
    Item,
    /// After an element: `,` or `]`.
    After,
    /// After the closing `]`: whitespace only.
    Done,
}

/// What [`ArrayItems::feed`] found wrong, or the error its callback returned.
#[derive(Debug)]
pub enum SplitError<E> {
    /// The body does not start with `[`: it is no array (an error object, HTML, …). Decode it whole instead.
    NotAnArray,
    /// The bytes break the array's syntax.
    Syntax(DecodeError),
    /// The callback's error.
    Item(E),
}

/// An element completed by [`ArrayItems::feed`]: its index in the array and its bytes (one JSON value).
pub struct Item<'a> {
    /// The element's index in the array.
    pub index: usize,
    /// The element's JSON text.
    pub bytes: &'a [u8],
}

/// What [`ArrayItems::feed_elements`] hands its callback.
pub enum Element<'a> {
    /// An element (index `index`) begins an object or an array at the start of `rest`, which runs to the end of what
    /// has arrived. The callback may read the element from there itself and give its length, so the splitter skips
    /// it; or give `None`, and the splitter splits it out as usual and hands it over [`Element::Whole`].
    Start {
        /// The element's index in the array.
        index: usize,
        /// The bytes from the element's first one on.
        rest: &'a [u8],
    },
    /// A whole element, split out.
    Whole(Item<'a>),
}

/// Splits a top-level JSON array arriving in chunks into its elements (see the module docs).
#[derive(Debug)]
pub struct ArrayItems {
    /// Bytes not yet handed out: the unfinished element (and what follows it).
    buffer: Vec<u8>,
    /// How far `buffer` has been scanned.
    scanned: usize,
    /// Where the current element starts in `buffer`.
    item_start: usize,
    state: State,
    /// Nesting inside the current element (counting only its own kind of bracket).
    depth: usize,
    /// The current element's opening and closing bracket (`{}` or `[]`; zero for a string, number or literal).
    open: u8,
    close: u8,
    in_string: bool,
    /// Elements completed so far.
    count: usize,
    /// Bytes fed so far (for error messages).
    fed: usize,
    url: String,
    status: u16,
}

impl ArrayItems {
    /// A splitter for the body of the answer from `url` with HTTP `status` (both named by its errors).
    pub fn new(url: &str, status: u16) -> Self {
        Self {
            buffer: Vec::new(),
            scanned: 0,
            item_start: 0,
            state: State::Start,
            depth: 0,
            open: 0,
            close: 0,
            in_string: false,
            count: 0,
            fed: 0,
            url: url.to_owned(),
            status,
        }
    }

    /// How many elements were completed so far.
    pub fn count(&self) -> usize {
        self.count
    }

    /// True before the first non-whitespace byte arrived.
    pub fn is_at_start(&self) -> bool {
        self.state == State::Start
    }

    /// The bytes held: the unfinished element (bounded by one element plus one chunk).
    pub fn held(&self) -> &[u8] {
        &self.buffer
    }

    /// Feeds the next `chunk`, calling `item` for each element it completes, in order.
    pub fn feed<E>(
        &mut self,
        chunk: &[u8],
        mut item: impl FnMut(Item<'_>) -> Result<(), E>,
    ) -> Result<(), SplitError<E>> {
        self.feed_elements(chunk, |element| match element {
            Element::Start { .. } => Ok(None),
            Element::Whole(whole) => item(whole).map(|()| None),
        })
    }

    /// Like [`Self::feed`], offering `element` each object or array element as it begins too
    /// ([`Element::Start`]): one the callback reads there is not scanned twice.
    pub fn feed_elements<E>(
        &mut self,
        chunk: &[u8],
        mut element: impl FnMut(Element<'_>) -> Result<Option<usize>, E>,
    ) -> Result<(), SplitError<E>> {
        self.buffer.extend_from_slice(chunk);
        self.fed += chunk.len();
        let mut i = self.scanned;
        while i < self.buffer.len() {
            let b = self.buffer[i];
            match self.state {
                State::Item if self.in_string => {
                    // Jump to the next quote or backslash.
                    match memchr::memchr2(b'"', b'\\', &self.buffer[i..]) {
                        None => i = self.buffer.len(),
                        Some(at) if self.buffer[i + at] == b'\\' => i += at + 2,
                        Some(at) => {
                            i += at + 1;
                            self.in_string = false;
                            if self.depth == 0 {
                                self.complete(i, &mut element)?;
                            }
                        }
                    }
                    continue;
                }
                State::Item if self.open != 0 => {
                    // Inside an object (or array) element only quotes and its own brackets matter.
                    let Some(at) = memchr::memchr3(b'"', self.open, self.close, &self.buffer[i..]) else {
                        i = self.buffer.len();
                        continue;
                    };
                    i += at;
                    match self.buffer[i] {
                        b'"' => self.in_string = true,
                        c if c == self.open => self.depth += 1,
                        _ => {
                            self.depth -= 1;
                            if self.depth == 0 {
                                i += 1;
                                self.complete(i, &mut element)?;
                                continue;
                            }
                        }
                    }
                }
                State::Item => {
                    // A number or a literal: it ends at a delimiter, read again in `After`.
                    if matches!(b, b',' | b']' | b' ' | b'\t' | b'\n' | b'\r') {
                        self.complete(i, &mut element)?;
                        continue;
                    }
                }
                _ if b.is_ascii_whitespace() => {}
                State::Start if b == b'[' => self.state = State::First,
                State::Start => return Err(SplitError::NotAnArray),
                State::First if b == b']' => self.state = State::Done,
                State::First | State::Next if matches!(b, b'{' | b'[') => {
                    let start = Element::Start { index: self.count, rest: &self.buffer[i..] };
                    if let Some(length) = element(start).map_err(SplitError::Item)? {
                        self.count += 1;
                        self.state = State::After;
                        i += length;
                        continue;
                    }
                    self.begin_item(i, b);
                }
                State::First | State::Next => self.begin_item(i, b),
                State::After if b == b',' => self.state = State::Next,
                State::After if b == b']' => self.state = State::Done,
                State::After => return Err(self.syntax(i, "`,` or `]` after an item")),
                State::Done => return Err(self.syntax(i, "the end of the body after the array")),
            }
            i += 1;
        }
        // Keep only the unfinished element.
        let keep_from = if self.state == State::Item { self.item_start } else { i };
        self.buffer.drain(..keep_from);
        self.item_start -= keep_from.min(self.item_start);
        self.scanned = i - keep_from;
        Ok(())
    }

    /// The body ended: an error unless the array was closed.
    pub fn finish(&self) -> Result<(), DecodeError> {
        match self.state {
            State::Done => Ok(()),
            State::Start => Err(self.refused(BodyKind::Empty, None, "JSON", "an empty body")),
            _ => {
                let found = format!("the end of the body, after {} bytes", self.fed);
                Err(self.refused(BodyKind::Truncated, Some(format!("[{}]", self.count)), "`,` or `]`", &found))
            }
        }
    }

    /// Begins the element whose first byte, `b`, is at `i`.
    fn begin_item(&mut self, i: usize, b: u8) {
        self.state = State::Item;
        self.item_start = i;
        (self.open, self.close) = match b {
            b'{' => (b'{', b'}'),
            b'[' => (b'[', b']'),
            _ => (0, 0),
        };
        self.in_string = b == b'"';
        self.depth = usize::from(self.open != 0);
    }

    /// Hands out the element ending at `end` and moves on.
    fn complete<E>(
        &mut self,
        end: usize,
        element: &mut impl FnMut(Element<'_>) -> Result<Option<usize>, E>,
    ) -> Result<(), SplitError<E>> {
        let index = self.count;
        self.count += 1;
        self.state = State::After;
        let whole = Item { index, bytes: &self.buffer[self.item_start..end] };
        element(Element::Whole(whole)).map(drop).map_err(SplitError::Item)
    }

    /// The error for the byte at `at`, where `expected` was expected.
    fn syntax<E>(&self, at: usize, expected: &str) -> SplitError<E> {
        let found = crate::refusal::Found::at(&self.buffer[at..self.buffer.len().min(at + 64)]).to_string();
        SplitError::Syntax(self.refused(BodyKind::WrongShape, Some(format!("[{}]", self.count)), expected, &found))
    }

    /// The error for this answer: `expected` at `path`, `found` instead.
    fn refused(&self, body: BodyKind, path: Option<String>, expected: &str, found: &str) -> DecodeError {
        DecodeError::refused(&self.url, self.status, body, path, expected, found)
    }
}

/// Decodes one element of an array answered from `url` as `T`; a failure names the element's path (`[12].liquidity`).
pub fn decode_item<T: serde::de::DeserializeOwned + crate::shape::HasShape>(
    item: &Item<'_>,
    url: &str,
    status: u16,
) -> Result<T, DecodeError> {
    decode::json(item.bytes, url, status).map_err(|e| within(item, e))
}

/// Transcodes one element of an array answered from `url` by `shape` as the next item of `out` (begun by
/// [`JsonText::items_from`]); a failure names the element's path, as [`decode_item`]'s does.
pub fn transcode_item(
    item: &Item<'_>,
    url: &str,
    status: u16,
    shape: &Shape,
    out: &mut JsonText,
) -> Result<(), DecodeError> {
    transcode::transcode_item(item.bytes, shape, out)
        .map_err(|e| within(item, decode::explain(&e, item.bytes, url, status)))
}

/// The TVL of one pair of the keeper's whole list, as [`PairTvl`] decodes it: the pair transcoded by `PairTvl`'s
/// shape (with the error decoding it gives, naming the element's path: `[12].liquidity`), which writes its one member,
/// the TVL as a JSON number (as sent, or the double numeric text reads to) or `null`, read back exactly. No model is
/// built: `all({ minTvl })` reads this much of every pair before deciding whether to keep it.
pub fn pair_tvl(item: &Item<'_>, url: &str, status: u16) -> Result<Option<f64>, DecodeError> {
    let mut out = JsonText::default();
    transcode::transcode(item.bytes, &PairTvl::SHAPE, &mut out)
        .map_err(|e| within(item, decode::explain(&e, item.bytes, url, status)))?;
    // `{"liquidity":<number or null>}`
    let written = out.as_bytes();
    let value = written.iter().position(|&b| b == b':').and_then(|colon| written.get(colon + 1..written.len() - 1));
    Ok(value.and_then(|value| std::str::from_utf8(value).ok()).and_then(crate::float::parse))
}

/// Transcodes the element at the start of `rest` ([`Element::Start`]) by `shape` as the next item of `out`, when it
/// is read there whole: its length. `None` when it is not (cut off by the chunk's end, or anything the fast reader
/// leaves to serde), with nothing written: it is then split out and handed over whole, for [`transcode_item`].
pub fn transcode_start(rest: &[u8], shape: &Shape, out: &mut JsonText) -> Option<usize> {
    transcode::transcode_leading_item(rest, shape, out)
}

/// `error`, met inside `item`, with the item's index put in front of its path (`[12].liquidity`).
fn within(item: &Item<'_>, mut error: DecodeError) -> DecodeError {
    let index = format!("[{}]", item.index);
    error.path = Some(match error.path.take() {
        Some(inner) if inner.starts_with('[') => format!("{index}{inner}"),
        Some(inner) => format!("{index}.{inner}"),
        None => index,
    });
    error
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The elements of `body` fed in chunks of `size` bytes, with what was held at most.
    fn split(body: &str, size: usize) -> (Result<Vec<String>, String>, usize) {
        let mut items = ArrayItems::new("u", 200);
        let mut out = Vec::new();
        let mut held = 0;
        for chunk in body.as_bytes().chunks(size.max(1)) {
            let fed = items.feed(chunk, |item| {
                out.push(String::from_utf8(item.bytes.to_vec()).unwrap());
                Ok::<_, ()>(())
            });
            held = held.max(items.held().len());
            match fed {
                Ok(()) => {}
                Err(SplitError::NotAnArray) => return (Err("not an array".into()), held),
                Err(SplitError::Syntax(e)) => return (Err(e.message), held),
                Err(SplitError::Item(())) => unreachable!(),
            }
        }
        (items.finish().map(|()| out).map_err(|e| e.message), held)
    }

    #[test]
    fn splits_elements_whatever_the_chunking() {
        let body = r#" [ {"a":"x,]}\"y","b":[1,{"c":2}]} , 12 ,"s\\",-3.5e2,true,null,[[]],{} ] "#;
        let expected = [r#"{"a":"x,]}\"y","b":[1,{"c":2}]}"#, "12", r#""s\\""#, "-3.5e2", "true", "null", "[[]]", "{}"];
        for size in [1, 2, 3, 7, 64, 1000] {
            assert_eq!(split(body, size).0.unwrap(), expected, "chunks of {size}");
        }
        assert_eq!(split("[]", 1).0.unwrap(), Vec::<String>::new());
        assert_eq!(split("\n[\n]\n", 2).0.unwrap(), Vec::<String>::new());
    }

    /// The JSON text (or the error) of `body`'s elements transcoded by `Windows`'s shape, fed in two chunks split at
    /// `at`: each read where it begins when `starts`, else split out first.
    fn transcoded(body: &str, at: usize, starts: bool) -> Result<String, String> {
        let shape = &<crate::models::Windows as crate::shape::HasShape>::SHAPE;
        let (mut items, mut out) = (ArrayItems::new("u", 200), JsonText::items_from(0));
        for chunk in [&body.as_bytes()[..at], &body.as_bytes()[at..]] {
            items
                .feed_elements(chunk, |element| match element {
                    Element::Start { rest, .. } if starts => Ok(transcode_start(rest, shape, &mut out)),
                    Element::Start { .. } => Ok(None),
                    Element::Whole(item) => transcode_item(&item, "u", 200, shape, &mut out).map(|()| None),
                })
                .map_err(|e| format!("{e:?}"))?;
        }
        items.finish().map_err(|e| e.message)?;
        let written = out.end_items().map_err(|e| e.message)?;
        Ok(format!("{} {:?} {:?}", written.text, written.amounts, written.nulls))
    }

    #[test]
    fn elements_read_where_they_begin_are_written_as_when_split_out() {
        let window =
            |v: &str| format!(r#"{{"min_30":{v},"hour_1":1,"hour_2":2,"hour_4":4,"hour_12":12,"hour_24":24}}"#);
        let fine = format!("[{}, {} ,{},{}]", window("0.5"), window(r#""7""#), window("1e2"), window(r#""1""#));
        let broken = format!("[{},{},{}]", window("1"), window(r#""x""#), window("3"));
        for body in [&fine, &broken] {
            for at in 0..=body.len() {
                assert_eq!(transcoded(body, at, true), transcoded(body, at, false), "{body} split at {at}");
            }
        }
        assert!(transcoded(&fine, 40, true).is_ok_and(|text| text.starts_with(r#"[{"min30":0.5,"hour1":1,"#)));
        let error = transcoded(&broken, 40, true).unwrap_err();
        assert!(error.contains("[1].min_30") || error.contains("[1].min30"), "{error}");
    }

    #[test]
    fn holds_one_element_and_one_chunk_at_most() {
        let element = r#"{"address":"5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6","liquidity":"12.5"}"#;
        let body = format!("[{}]", vec![element; 10_000].join(","));
        let (items, held) = split(&body, 4096);
        assert_eq!(items.unwrap().len(), 10_000);
        assert!(held <= element.len() + 4096 + 1, "held {held} bytes of {}", body.len());
    }

    #[test]
    fn bad_arrays_are_errors() {
        assert_eq!(split(r#"{"message":"x"}"#, 3).0.unwrap_err(), "not an array");
        assert_eq!(split("<html>", 3).0.unwrap_err(), "not an array");
        assert!(split("", 3).0.unwrap_err().contains("empty"));
        assert!(split(r#"[{"a":1},{"a""#, 3).0.unwrap_err().contains("truncated"));
        assert!(split(r#"[{"a":1}"#, 3).0.unwrap_err().contains("truncated"));
        assert!(
            split(r#"[{"a":1} {"a":2}]"#, 3)
                .0
                .unwrap_err()
                .contains("expected `,` or `]` after an item, found an object")
        );
        assert!(
            split(r#"[1] x"#, 3).0.unwrap_err().contains("expected the end of the body after the array, found `x`")
        );
    }

    proptest::proptest! {
        /// Any array of JSON values, compact or pretty, fed in chunks of any size, splits into exactly its elements.
        #[test]
        fn splits_any_array_in_any_chunks(values in proptest::collection::vec(dlmm_json::testing::json_value(), 0..12),
                                          pretty: bool, size in 1usize..300) {
            let body = if pretty { serde_json::to_string_pretty(&values) } else { serde_json::to_string(&values) };
            let (items, _) = split(&body.unwrap(), size);
            let parse = |t: &String| serde_json::from_str(t).expect("each element is one JSON value");
            let items: Vec<serde_json::Value> = items.unwrap().iter().map(parse).collect();
            proptest::prop_assert_eq!(items, values);
        }
    }

    #[test]
    fn a_pairs_tvl_is_read_as_decoding_pair_tvl_reads_it() {
        // As decoding the item into `PairTvl` by serde's derive reads it (value to the bit, or message and path).
        let by_serde = |item: &Item<'_>| {
            decode::json::<PairTvl>(item.bytes, "u", 200).map(|tvl| tvl.liquidity.map(f64::to_bits)).map_err(|e| {
                let e = within(item, e);
                (e.path, e.message)
            })
        };
        let ours = |item: &Item<'_>| {
            pair_tvl(item, "u", 200).map(|tvl| tvl.map(f64::to_bits)).map_err(|e| (e.path, e.message))
        };
        let mut bodies: Vec<String> = dlmm_json::testing::EDGE_VALUES
            .iter()
            .flat_map(|v| {
                [
                    format!(r#"{{"address":"a","liquidity":{v},"name":"n"}}"#),
                    format!(r#"{{"liqu\u0069dity" : {v}}}"#),
                    format!("[{v}]"),
                ]
            })
            .collect();
        bodies.extend(
            [
                r#"{}"#,
                r#"{"name":"x"}"#,
                r#"[]"#,
                r#"[1,2]"#,
                r#"{"liquidity":1,"liquidity":2}"#,
                r#"{"liquidity":"12.5","other":{"deep":[1,"\"",null]}}"#,
                r#"{"liquidity":"12.5","other":}"#,
                r#"{"liquidity":1"#,
                r#""x""#,
                "7",
                "null",
            ]
            .map(str::to_owned),
        );
        for (index, body) in bodies.iter().enumerate() {
            let item = Item { index, bytes: body.as_bytes() };
            assert_eq!(ours(&item), by_serde(&item), "{body}");
        }
        assert_eq!(ours(&Item { index: 0, bytes: br#"{"liquidity":"12.5"}"# }), Ok(Some(12.5f64.to_bits())));
        let (path, _) = ours(&Item { index: 3, bytes: br#"{"liquidity":"x"}"# }).unwrap_err();
        assert_eq!(path.as_deref(), Some("[3].liquidity"));
    }

    #[test]
    fn item_errors_name_the_index() {
        #[derive(serde::Deserialize, Debug, crate::shape::Shape)]
        #[allow(dead_code)]
        struct Item2 {
            a: u8,
        }
        let bytes = br#"{"a":"x"}"#;
        let e = decode_item::<Item2>(&Item { index: 7, bytes }, "u", 200).unwrap_err();
        assert_eq!(e.path.as_deref(), Some("[7].a"));
        let e = decode_item::<Item2>(&Item { index: 3, bytes: b"7" }, "u", 200).unwrap_err();
        assert_eq!(e.path.as_deref(), Some("[3]"));
    }
}
