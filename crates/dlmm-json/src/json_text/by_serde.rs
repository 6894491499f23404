//! [`JsonText::write`]: a model written by its `Serialize`, through serde_json's writer with a formatter that keeps
//! the writer's path, amounts, `null`s and refusals as the transcoder's own leaf writers do.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{CharEscape, CompactFormatter, Formatter};

use super::{JsonText, Step, record, unicode_escape};
use crate::reader::MAX_SAFE_INTEGER;

impl JsonText {
    /// Writes `value` as JSON where the text stands (a whole value, an item after [`Self::push_item`]'s separator,
    /// or a member's value while transcoding).
    pub fn write<T: Serialize + ?Sized>(&mut self, value: &T) {
        let mut text = std::mem::take(&mut self.text);
        let at = text.len();
        let result = value.serialize(&mut serde_json::Serializer::with_formatter(&mut text, JsFormatter(self)));
        self.text = text;
        if let Err(e) = result {
            match self.refused.take() {
                Some((path, integer)) => self.unsafe_integers.push((at, path, integer)),
                None => self.failure = Some(e.to_string()),
            }
        }
    }

    /// Writes one more item of the array begun by [`Self::items_from`].
    pub fn push_item<T: Serialize + ?Sized>(&mut self, item: &T) {
        self.begin_item();
        self.write(item);
    }

    /// Stops the writing at `integer` when JavaScript cannot hold it (`unsafe_integer`).
    fn refuse(&mut self, unsafe_integer: bool, integer: impl ToString) -> io::Result<()> {
        if !unsafe_integer {
            return Ok(());
        }
        self.refused = Some((self.path_text(), integer.to_string()));
        Err(io::Error::other("an integer above 2^53 - 1"))
    }
}

/// Compact JSON that keeps [`JsonText`]'s path up to date, writes `u128` amounts as digit strings and refuses
/// integers JavaScript cannot hold.
struct JsFormatter<'a>(&'a mut JsonText);

impl Formatter for JsFormatter<'_> {
    fn write_u64<W: ?Sized + Write>(&mut self, writer: &mut W, value: u64) -> io::Result<()> {
        self.0.refuse(value > MAX_SAFE_INTEGER, value)?;
        CompactFormatter.write_u64(writer, value)
    }

    fn write_i64<W: ?Sized + Write>(&mut self, writer: &mut W, value: i64) -> io::Result<()> {
        self.0.refuse(value.unsigned_abs() > MAX_SAFE_INTEGER, value)?;
        CompactFormatter.write_i64(writer, value)
    }

    fn write_i128<W: ?Sized + Write>(&mut self, writer: &mut W, value: i128) -> io::Result<()> {
        self.0.refuse(value.unsigned_abs() > u128::from(MAX_SAFE_INTEGER), value)?;
        CompactFormatter.write_i128(writer, value)
    }

    fn write_null<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        record(&self.0.path, &mut self.0.nulls);
        writer.write_all(b"null")
    }

    fn write_u128<W: ?Sized + Write>(&mut self, writer: &mut W, value: u128) -> io::Result<()> {
        record(&self.0.path, &mut self.0.amounts);
        writer.write_all(b"\"")?;
        writer.write_all(itoa::Buffer::new().format(value).as_bytes())?;
        writer.write_all(b"\"")
    }

    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.path.push(Step::Index(None));
        writer.write_all(b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.path.pop();
        writer.write_all(b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        if let Some(Step::Index(index)) = self.0.path.last_mut() {
            *index = Some(index.map_or(0, |i| i + 1));
        }
        CompactFormatter.begin_array_value(writer, first)
    }

    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.path.push(Step::Key(String::new()));
        writer.write_all(b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.path.pop();
        writer.write_all(b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        self.0.in_key = true;
        if let Some(Step::Key(key)) = self.0.path.last_mut() {
            key.clear();
        }
        CompactFormatter.begin_object_key(writer, first)
    }

    fn end_object_key<W: ?Sized + Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.0.in_key = false;
        Ok(())
    }

    fn write_string_fragment<W: ?Sized + Write>(&mut self, writer: &mut W, fragment: &str) -> io::Result<()> {
        if self.0.in_key
            && let Some(Step::Key(key)) = self.0.path.last_mut()
        {
            key.push_str(fragment);
        }
        if fragment.is_ascii() {
            return writer.write_all(fragment.as_bytes());
        }
        // Non-ASCII characters as `\uXXXX` escapes: the text stays ASCII, so the engine decodes it and `JSON.parse`
        // reads it as one-byte text (one token name in another script would otherwise make a whole batch two-byte,
        // several times slower); the parsed strings are the same.
        let mut plain = 0;
        for (at, c) in fragment.char_indices().filter(|(_, c)| !c.is_ascii()) {
            writer.write_all(&fragment.as_bytes()[plain..at])?;
            for &mut unit in c.encode_utf16(&mut [0; 2]) {
                writer.write_all(&unicode_escape(unit))?;
            }
            plain = at + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[plain..])
    }

    fn write_char_escape<W: ?Sized + Write>(&mut self, writer: &mut W, escape: CharEscape) -> io::Result<()> {
        if self.0.in_key
            && let Some(Step::Key(key)) = self.0.path.last_mut()
        {
            key.push(match escape {
                CharEscape::Quote => '"',
                CharEscape::ReverseSolidus => '\\',
                CharEscape::Solidus => '/',
                CharEscape::Backspace => '\u{8}',
                CharEscape::FormFeed => '\u{c}',
                CharEscape::LineFeed => '\n',
                CharEscape::CarriageReturn => '\r',
                CharEscape::Tab => '\t',
                CharEscape::AsciiControl(byte) => char::from(byte),
            });
        }
        CompactFormatter.write_char_escape(writer, escape)
    }
}
