//! Why a reader refused a body: serde_json's message and where it stopped, whichever reader (serde_json's own, or
//! the crate's readers that refuse as it does) refused it.

use std::fmt;

/// Why a reader refused a body: its message (serde_json's wording, which the shape readers keep) and where it
/// stopped, as serde_json reports positions (line from 1, column in bytes; line 0 when it does not say).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    message: String,
    line: usize,
    column: usize,
    eof: bool,
}

impl Refusal {
    /// The refusal `message` after `consumed` bytes of `body` had been read.
    pub fn at(message: String, body: &[u8], consumed: usize) -> Self {
        let read = &body[..consumed.min(body.len())];
        let start_of_line = read.iter().rposition(|&b| b == b'\n').map_or(0, |newline| newline + 1);
        let line = 1 + read[..start_of_line].iter().filter(|&&b| b == b'\n').count();
        Self { message, line, column: read.len() - start_of_line, eof: false }
    }

    /// The refusal `message` at the end of `body`, which ended too early.
    pub fn at_end(message: String, body: &[u8]) -> Self {
        Self { eof: true, ..Self::at(message, body, body.len()) }
    }

    /// A refusal that says nothing of where.
    pub fn custom(message: impl fmt::Display) -> Self {
        Self { message: message.to_string(), line: 0, column: 0, eof: false }
    }

    /// The message, without the position.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// How many bytes of `body` (the body refused) had been read when it was refused.
    pub fn consumed(&self, body: &[u8]) -> usize {
        consumed_bytes(body, self.line, self.column)
    }

    /// True when the body ended before its JSON did.
    pub fn is_eof(&self) -> bool {
        self.eof
    }
}

impl From<serde_json::Error> for Refusal {
    fn from(error: serde_json::Error) -> Self {
        let message = strip_position(&error);
        Self { message, line: error.line(), column: error.column(), eof: error.is_eof() }
    }
}

/// As serde_json writes its errors: the message, then ` at line L column C` when the position is known.
impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if self.line > 0 {
            write!(f, " at line {} column {}", self.line, self.column)?;
        }
        Ok(())
    }
}

impl std::error::Error for Refusal {}

/// The parser's message without its trailing ` at line L column C` (the path says where, in JSON terms).
fn strip_position(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match (error.line(), text.rfind(" at line ")) {
        (1.., Some(cut)) => text[..cut].to_owned(),
        _ => text,
    }
}

/// How many bytes of `body` a parser had consumed when it stopped at `line` (1-based) and `column` (bytes into that
/// line), as serde_json reports positions.
fn consumed_bytes(body: &[u8], line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match body[start..].iter().position(|&b| b == b'\n') {
            Some(newline) => start += newline + 1,
            None => break,
        }
    }
    start.saturating_add(column).min(body.len())
}
