//! Shared input checks. Each failure is an [`InvalidInput`] naming the parameter as the API spells it.

use crate::address::Address;
use crate::error::InvalidInput;

/// The smallest and largest day or row count the analytics routes accept.
pub const COUNT_RANGE: std::ops::RangeInclusive<u32> = 1..=255;

/// Checks a `num_of_days` / `rows_to_take` style count: 1 to 255.
pub(crate) fn count(parameter: &'static str, value: u32) -> Result<u32, InvalidInput> {
    if COUNT_RANGE.contains(&value) {
        Ok(value)
    } else {
        Err(InvalidInput::new(
            parameter,
            format!("is {value}; it must be from {} to {}", COUNT_RANGE.start(), COUNT_RANGE.end()),
        ))
    }
}

/// Checks free text sent as a query value: at most `max_chars` characters, no control characters, and (when
/// `allow_empty` is false) not empty or blank.
pub(crate) fn text(
    parameter: &'static str,
    value: &str,
    max_chars: usize,
    allow_empty: bool,
) -> Result<(), InvalidInput> {
    if !allow_empty && value.trim().is_empty() {
        return Err(InvalidInput::new(parameter, "is empty or blank; it must hold text"));
    }
    let chars = value.chars().count();
    if chars > max_chars {
        return Err(InvalidInput::new(parameter, format!("is {chars} characters long; the limit is {max_chars}")));
    }
    if let Some(bad) = value.chars().find(|c| c.is_control()) {
        return Err(InvalidInput::new(parameter, format!("contains the control character {bad:?}")));
    }
    Ok(())
}

/// Validates every entry of `values` as an address, returning the normalized (trimmed) texts.
pub(crate) fn addresses(parameter: &'static str, values: &[String]) -> Result<Vec<String>, InvalidInput> {
    let mut valid = Vec::with_capacity(values.len());
    for value in values {
        valid.push(Address::parse_param(parameter, value)?.as_str().to_owned());
    }
    Ok(valid)
}

/// Splits `"A-B"` into two validated, distinct addresses (in the order given).
pub(crate) fn mint_pair(parameter: &'static str, value: &str) -> Result<(Address, Address), InvalidInput> {
    let trimmed = value.trim();
    let Some((a, b)) = trimmed.split_once('-') else {
        return Err(InvalidInput::new(
            parameter,
            format!("{:?} must be two mint addresses joined by '-'", snip(trimmed)),
        ));
    };
    let a = Address::parse_param(parameter, a)?;
    let b = Address::parse_param(parameter, b)?;
    if a == b {
        return Err(InvalidInput::new(parameter, "names the same mint twice; a pair has two different mints"));
    }
    Ok((a, b))
}

/// The first characters of user input, for error messages.
pub(crate) fn snip(text: &str) -> String {
    crate::decode::bounded(text, 60)
}
