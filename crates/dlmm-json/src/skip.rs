//! A JSON value stepped over as serde_json steps over a value it ignores (`IgnoredAny`): at any depth, its
//! strings' escapes checked but their text not read, and a fault in it refused with serde_json's message, where
//! serde_json refuses it. The shape reader steps so over the values of keys a model ignores, and
//! `dlmm_query::decode::classify` over a whole body; tests pin both to serde_json's own stepping.

use crate::refusal::Refusal;

/// Steps over the JSON value in `body` from byte `at` (after any whitespace): the index just after it, or the
/// refusal serde_json gives it.
pub fn value(body: &[u8], at: usize) -> Result<usize, Refusal> {
    let mut skip = Skip { body, at };
    skip.value()?;
    Ok(skip.at)
}

/// Steps over the whole of `body`, one JSON value with whitespace around it, as `serde_json::from_slice` steps
/// over it for an `IgnoredAny`.
pub fn whole(body: &[u8]) -> Result<(), Refusal> {
    let mut skip = Skip { body, at: 0 };
    skip.value()?;
    match skip.peek() {
        None => Ok(()),
        Some(_) => Err(skip.fault("trailing characters", skip.at + 1)),
    }
}

/// A position in a body, stepping over a value.
struct Skip<'a> {
    body: &'a [u8],
    at: usize,
}

impl Skip<'_> {
    /// The next byte that is not whitespace, not taken.
    fn peek(&mut self) -> Option<u8> {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.body.get(self.at) {
            self.at += 1;
        }
        self.body.get(self.at).copied()
    }

    /// The refusal `message`, serde_json having read `at` bytes.
    fn fault(&self, message: &str, at: usize) -> Refusal {
        Refusal::at(message.to_owned(), self.body, at)
    }

    /// The refusal `message` for the body ending early.
    fn ended(&self, message: &str) -> Refusal {
        Refusal::at_end(message.to_owned(), self.body)
    }

    /// A value, containers and all. The open containers are kept on a stack (innermost last), so any depth is
    /// stepped over, as serde_json does.
    fn value(&mut self) -> Result<(), Refusal> {
        let mut open: Vec<u8> = Vec::new();
        loop {
            let opened = match self.peek() {
                None => return Err(self.ended("EOF while parsing a value")),
                Some(b'n') => self.word(b"null").map(|()| false)?,
                Some(b't') => self.word(b"true").map(|()| false)?,
                Some(b'f') => self.word(b"false").map(|()| false)?,
                Some(b'-' | b'0'..=b'9') => self.number().map(|()| false)?,
                Some(b'"') => {
                    self.at += 1;
                    self.string().map(|()| false)?
                }
                Some(bracket @ (b'[' | b'{')) => {
                    self.at += 1;
                    open.push(bracket);
                    true
                }
                Some(_) => return Err(self.fault("expected value", self.at + 1)),
            };
            let Some(&(mut frame)) = open.last() else { return Ok(()) };
            // Right after a bracket no comma is taken; after a value one is, or the container's end.
            let mut after_value = !opened;
            loop {
                let close = if frame == b'[' { b']' } else { b'}' };
                match self.peek() {
                    Some(b',') if after_value => {
                        self.at += 1;
                        break;
                    }
                    Some(byte) if byte == close => {}
                    Some(_) if after_value => {
                        let message = if frame == b'[' { "expected `,` or `]`" } else { "expected `,` or `}`" };
                        return Err(self.fault(message, self.at + 1));
                    }
                    Some(_) => break,
                    None => {
                        let message =
                            if frame == b'[' { "EOF while parsing a list" } else { "EOF while parsing an object" };
                        return Err(self.ended(message));
                    }
                }
                self.at += 1;
                open.pop();
                let Some(&outer) = open.last() else { return Ok(()) };
                (frame, after_value) = (outer, true);
            }
            if frame == b'{' {
                self.key()?;
            }
        }
    }

    /// An object's key and its colon.
    fn key(&mut self) -> Result<(), Refusal> {
        match self.peek() {
            Some(b'"') => self.at += 1,
            Some(_) => return Err(self.fault("key must be a string", self.at + 1)),
            None => return Err(self.ended("EOF while parsing an object")),
        }
        self.string()?;
        match self.peek() {
            Some(b':') => {
                self.at += 1;
                Ok(())
            }
            Some(_) => Err(self.fault("expected `:`", self.at + 1)),
            None => Err(self.ended("EOF while parsing an object")),
        }
    }

    /// `word` (`null`, `true`, `false`), its first letter seen.
    fn word(&mut self, word: &[u8]) -> Result<(), Refusal> {
        self.at += 1;
        for &letter in &word[1..] {
            let Some(&byte) = self.body.get(self.at) else { return Err(self.ended("EOF while parsing a value")) };
            self.at += 1;
            if byte != letter {
                return Err(self.fault("expected ident", self.at));
            }
        }
        Ok(())
    }

    /// The digits that come next.
    fn digits(&mut self) -> usize {
        let count = self.body[self.at..].iter().take_while(|b| b.is_ascii_digit()).count();
        self.at += count;
        count
    }

    /// A number literal.
    fn number(&mut self) -> Result<(), Refusal> {
        let invalid = |skip: &Self, at: usize| Err(skip.fault("invalid number", at));
        if self.body[self.at] == b'-' {
            self.at += 1;
        }
        match self.body.get(self.at) {
            Some(b'0') if self.body.get(self.at + 1).is_some_and(u8::is_ascii_digit) => {
                return invalid(self, self.at + 2);
            }
            Some(b'0'..=b'9') => drop(self.digits()),
            Some(_) => return invalid(self, self.at + 1),
            None => return invalid(self, self.at),
        }
        if self.body.get(self.at) == Some(&b'.') {
            self.at += 1;
            if self.digits() == 0 {
                return invalid(self, (self.at + 1).min(self.body.len()));
            }
        }
        if let Some(b'e' | b'E') = self.body.get(self.at) {
            self.at += 1;
            if let Some(b'+' | b'-') = self.body.get(self.at) {
                self.at += 1;
            }
            match self.body.get(self.at) {
                Some(b'0'..=b'9') => drop(self.digits()),
                Some(_) => return invalid(self, self.at + 1),
                None => return invalid(self, self.at),
            }
        }
        Ok(())
    }

    /// The rest of a string, its quote taken: its escapes checked, its text not read.
    fn string(&mut self) -> Result<(), Refusal> {
        loop {
            let Some(&byte) = self.body.get(self.at) else { return Err(self.ended("EOF while parsing a string")) };
            match byte {
                b'"' => {
                    self.at += 1;
                    return Ok(());
                }
                b'\\' => {
                    self.at += 1;
                    let Some(&escape) = self.body.get(self.at) else {
                        return Err(self.ended("EOF while parsing a string"));
                    };
                    self.at += 1;
                    match escape {
                        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => {}
                        b'u' => {
                            let Some(digits) = self.body.get(self.at..self.at + 4) else {
                                return Err(self.ended("EOF while parsing a string"));
                            };
                            self.at += 4;
                            if !digits.iter().all(u8::is_ascii_hexdigit) {
                                return Err(self.fault("invalid escape", self.at));
                            }
                        }
                        _ => return Err(self.fault("invalid escape", self.at)),
                    }
                }
                0..0x20 => {
                    return Err(self.fault("control character (\\u0000-\\u001F) found while parsing a string", self.at));
                }
                _ => self.at += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde::de::IgnoredAny;

    /// What serde_json makes of `body` as an `IgnoredAny`, and what the skipper makes of it.
    fn both(body: &[u8]) -> (Result<(), String>, Result<(), String>) {
        let serde = serde_json::from_slice::<IgnoredAny>(body).map(drop).map_err(|e| e.to_string());
        let ours = super::whole(body).map_err(|e| e.to_string());
        (serde, ours)
    }

    /// Bytes that make or break JSON.
    const EDITS: &[u8] = b"\"\\{}[],:0123456789-+.eEnultrfas \t\n\x01\x7f\x80\xc3\xa9\xff";

    #[test]
    fn bodies_are_stepped_over_and_refused_as_serde_json_does() {
        let deep = format!("{}{}", "[".repeat(5_000), "]".repeat(5_000));
        for body in [
            "",
            " ",
            "null",
            "nul",
            "nulx",
            "true",
            "tru",
            "false",
            "fals",
            "1",
            "-",
            "-x",
            "01",
            "1.",
            "1.x",
            "1e",
            "1e+",
            "1ex",
            "1.5e-3",
            "\"",
            "\"a",
            "\"\\",
            "\"\\u12",
            "\"\\u12G4\"",
            "\"\\q\"",
            "\"a\tb\"",
            "\"\\ud800\"",
            "[",
            "[1",
            "[1,",
            "[1,]",
            "[,1]",
            "[1 2]",
            "{",
            "{\"a\"",
            "{\"a\":",
            "{\"a\":1",
            "{\"a\":1,}",
            "{1:2}",
            "{\"a\" 1}",
            "{\"a\":1 \"b\":2}",
            "[]",
            "{}",
            "[[],{}]",
            "{\"a\":[1,{\"b\":null}]}",
            "1 2",
            "[] x",
            "x",
            "}",
            "]",
            ",",
            &deep,
        ] {
            let (serde, ours) = both(body.as_bytes());
            assert_eq!(ours, serde, "{body:?}");
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(3_000))]

        /// Whatever a few bytes changed, inserted or removed make of a JSON text, it is stepped over or refused as
        /// serde_json steps over it or refuses it (the same message at the same position).
        #[test]
        fn mutated_bodies_are_refused_as_serde_json_refuses_them(
            edits in proptest::collection::vec((0.0f64..1.0, 0u8..3, proptest::sample::select(EDITS)), 1..4)
        ) {
            let mut body = br#"{"a":[1,-2.5e3,{"b":null,"c":"x\n\u00e9"}],"d":true,"e":false,"f":{}}"#.to_vec();
            for (at, kind, byte) in edits {
                let at = ((body.len() as f64) * at) as usize;
                match kind {
                    0 if at < body.len() => body[at] = byte,
                    2 if at < body.len() => drop(body.remove(at)),
                    _ => body.insert(at, byte),
                }
            }
            let (serde, ours) = both(&body);
            proptest::prop_assert_eq!(ours, serde, "{}", String::from_utf8_lossy(&body));
        }
    }
}
