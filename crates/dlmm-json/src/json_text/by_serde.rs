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
        match u64::try_from(value) {
            Ok(value) => write!(writer, "{value}")?,
            Err(_) => writer.write_all(&u128_digits(value))?,
        }
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

/// `value`'s decimal digits, by long division in 32-bit limbs: amounts are `u64`s, so this is never met in
/// practice, and it keeps 128-bit formatting (and division) out of the `.wasm`.
fn u128_digits(value: u128) -> Vec<u8> {
    let mut limbs = [(value >> 96) as u32, (value >> 64) as u32, (value >> 32) as u32, value as u32];
    let mut digits = Vec::with_capacity(39);
    loop {
        let mut remainder = 0u64;
        for limb in &mut limbs {
            let current = remainder << 32 | u64::from(*limb);
            *limb = (current / 10) as u32;
            remainder = current % 10;
        }
        digits.push(b'0' + remainder as u8);
        if limbs == [0; 4] {
            break;
        }
    }
    digits.reverse();
    digits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u128_digits_are_the_numbers_digits() {
        for value in
            [0, 1, 9, 10, 4_294_967_295, 4_294_967_296, u128::from(u64::MAX), u128::from(u64::MAX) + 1, u128::MAX]
        {
            assert_eq!(String::from_utf8(u128_digits(value)).unwrap(), value.to_string());
        }
    }
}
