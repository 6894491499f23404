//! Decimal text read as an `f64`: the grammar and the results of `str::parse::<f64>` (correctly rounded). Natively
//! [`parse`] is `str::parse`; in WebAssembly it is a small reader of its own ([`parse_by_hand`]): no table of powers (the standard library's parser adds its tables and slow path to each `.wasm`,
//! about 12 KB gzip, and serde_json's exact one about 6 KB). Most numbers take an exact fast path, their digits read
//! into a `u64` as they come: digits below 2^53 and a power of ten up to 22 (one correctly rounded operation), or at
//! most 19 digits and a power up to 27 (one correctly rounded conversion of a 128-bit integer, `nearest_of_u64`); any
//! other is estimated, then corrected to the nearest double by exact comparisons of big integers with the halfway
//! points around it.

use std::cmp::Ordering;

/// `text` as an `f64`, exactly as `text.parse::<f64>().ok()` reads it: an optional sign, then digits with an optional
/// point (digits on either side of it, not necessarily both) and an optional exponent (`e` or `E`, a sign, digits),
/// or `inf`, `infinity` or `nan` in any case; no spaces. Beyond a double's range it is infinite, below it zero.
///
/// Natively this is `str::parse` itself (faster, and its size matters only in a `.wasm`); in WebAssembly it is
/// [`parse_by_hand`], which the tests hold to `str::parse` on every build.
pub fn parse(text: &str) -> Option<f64> {
    #[cfg(not(target_arch = "wasm32"))]
    return text.parse().ok();
    #[cfg(target_arch = "wasm32")]
    parse_by_hand(text)
}

/// The value of a JSON number literal (`-?digits(.digits)?`, valid by JSON's grammar) when one exact operation gives
/// it: at most 15 significant digits (below 2^53) and at most 22 of them after the point, which are most numbers
/// servers print; `None` for any other literal (an exponent, more digits), which [`parse`] reads.
pub(crate) fn of_short_literal(literal: &[u8]) -> Option<f64> {
    let (negative, digits) = match literal.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, literal),
    };
    let (mut value, mut count, mut after_point) = (0u64, 0, None::<usize>);
    for &byte in digits {
        match byte {
            b'0'..=b'9' => {
                value = value * 10 + u64::from(byte - b'0');
                count += usize::from(value != 0);
                after_point = after_point.map(|n| n + 1);
                if count > 15 {
                    return None;
                }
            }
            b'.' if after_point.is_none() => after_point = Some(0),
            _ => return None,
        }
    }
    if digits.is_empty() || digits == b"." {
        return None;
    }
    let power = POWERS.get(after_point.unwrap_or(0))?;
    let magnitude = value as f64 / power;
    Some(if negative { -magnitude } else { magnitude })
}

/// [`parse`] by this module's own reader (what WebAssembly builds read numbers with), on any build.
pub fn parse_by_hand(text: &str) -> Option<f64> {
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let signed = |value: f64| if negative { -value } else { value };
    if unsigned.eq_ignore_ascii_case("inf") || unsigned.eq_ignore_ascii_case("infinity") {
        return Some(signed(f64::INFINITY));
    }
    if unsigned.eq_ignore_ascii_case("nan") {
        return Some(signed(f64::NAN));
    }
    let bytes = unsigned.as_bytes();
    let digits = |from: usize| bytes[from.min(bytes.len())..].iter().take_while(|b| b.is_ascii_digit()).count();
    let whole = &bytes[..digits(0)];
    let mut at = whole.len();
    let mut fraction: &[u8] = &[];
    if bytes.get(at) == Some(&b'.') {
        fraction = &bytes[at + 1..at + 1 + digits(at + 1)];
        at += 1 + fraction.len();
    }
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let mut exponent: i64 = 0;
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        let negative_exponent = bytes.get(at + 1) == Some(&b'-');
        at += 1 + usize::from(matches!(bytes.get(at + 1), Some(b'+' | b'-')));
        let count = digits(at);
        if count == 0 {
            return None;
        }
        // Saturating: beyond a few thousand, any exponent makes the same zero or infinity.
        let magnitude = bytes[at..at + count].iter().fold(0i64, |n, d| (n * 10 + i64::from(d - b'0')).min(1 << 40));
        exponent = if negative_exponent { -magnitude } else { magnitude };
        at += count;
    }
    if at != bytes.len() {
        return None;
    }
    Some(signed(nearest(whole, fraction, exponent)))
}

/// `value` written as `Display` writes it: the fewest digits that read back to it, without an exponent
/// (`0.0000001`, `100000000000000000000`, `-0`, `inf`, `NaN`); but from zmij's digits, so one float printer is in each
/// `.wasm` rather than two. Where two texts of that many digits read back to it equally closely (rare), zmij's
/// choice may be the other one than `Display`'s.
pub fn text(value: f64) -> String {
    if !value.is_finite() {
        return match value {
            f64::INFINITY => "inf".into(),
            f64::NEG_INFINITY => "-inf".into(),
            _ => "NaN".into(),
        };
    }
    let mut buffer = zmij::Buffer::new();
    let printed = buffer.format_finite(value);
    let (sign, unsigned) = printed.strip_prefix('-').map_or(("", printed), |rest| ("-", rest));
    let (mantissa, exponent) = unsigned.split_once(['e', 'E']).unwrap_or((unsigned, "0"));
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // The digits, and where the point goes among them.
    let digits: Vec<u8> = whole.bytes().chain(fraction.bytes()).collect();
    let mut point = whole.len() as i64 + exponent.parse::<i64>().unwrap_or(0);
    let lead = digits.iter().take_while(|&&d| d == b'0').count();
    let digits = &digits[lead..digits.iter().rposition(|&d| d != b'0').map_or(lead, |last| last + 1)];
    point -= lead as i64;
    let mut out = String::from(sign);
    let zeros = |n: i64| "0".repeat(n.max(0) as usize);
    let digits = std::str::from_utf8(digits).unwrap_or_default();
    match usize::try_from(point) {
        _ if digits.is_empty() => out.push('0'),
        Err(_) | Ok(0) => out.extend(["0.", &zeros(-point), digits]),
        Ok(at) if at >= digits.len() => out.extend([digits, &zeros(point - digits.len() as i64)]),
        Ok(at) => out.extend([&digits[..at], ".", &digits[at..]]),
    }
    out
}

/// True for number text without an exponent and under 300 characters: whatever its digits, well inside a double's
/// range (below 1e300), which callers that only need that know without parsing it.
pub fn plainly_in_range(text: &str) -> bool {
    text.len() < 300 && !text.bytes().any(|b| b == b'e' || b == b'E')
}

/// The most significant digits kept: the exact value of a double's halfway point has at most 767, so a digit after
/// them only decides a tie, which the rest being non-zero (`sticky`) settles.
const MAX_DIGITS: usize = 780;

/// The double nearest to the decimal `whole.fraction × 10^exponent` (digits only, not both empty), ties to even.
fn nearest(whole: &[u8], fraction: &[u8], exponent: i64) -> f64 {
    if let Some(value) = nearest_of_few(whole, fraction, exponent) {
        return value;
    }
    // The significant digits, as one integer `digits × 10^exponent`: leading and trailing zeros dropped.
    let mut all: Vec<u8> = whole.iter().chain(fraction).copied().collect();
    let mut exponent = exponent - fraction.len() as i64;
    let lead = all.iter().take_while(|d| **d == b'0').count();
    all.drain(..lead);
    while all.last() == Some(&b'0') {
        all.pop();
        exponent += 1;
    }
    if all.is_empty() {
        return 0.0;
    }
    let magnitude = all.len() as i64 + exponent; // the value is below 10^magnitude and at least 10^(magnitude - 1)
    if magnitude > 310 {
        return f64::INFINITY;
    }
    if magnitude < -324 {
        return 0.0; // below 10^-325: under half the smallest double
    }
    let sticky = all.len() > MAX_DIGITS;
    if sticky {
        exponent += (all.len() - MAX_DIGITS) as i64;
        all.truncate(MAX_DIGITS);
    }
    let exponent = exponent as i32;
    let number = Decimal { digits: Big::of_digits(&all), exponent, sticky };
    let mut guess = number.estimate();
    // At most a few steps: the estimate is within a few units in the last place.
    loop {
        if guess == f64::INFINITY {
            // Infinite unless below the halfway point above the largest double (2^1024 - 2^970).
            return if number.cmp_binary(&Big::from_u64((1 << 53) - 1).times_two_plus_one(), 970) == Ordering::Less {
                f64::MAX
            } else {
                f64::INFINITY
            };
        }
        let (mantissa, power) = split(guess);
        match number.cmp_binary(&Big::from_u64(mantissa).times_two_plus_one(), power - 1) {
            Ordering::Greater => guess = next_up(guess),
            Ordering::Equal => return if mantissa % 2 == 0 { guess } else { next_up(guess) },
            Ordering::Less if guess == 0.0 => return 0.0,
            Ordering::Less => {
                // The halfway point below: half a step of the double below (a quarter of this one's at a power of two).
                let (low, low_power) = match mantissa == 1 << 52 && power > -1074 {
                    true => (Big::from_u64(mantissa).times(4).minus_one(), power - 2),
                    false => (Big::from_u64(mantissa).times(2).minus_one(), power - 1),
                };
                match number.cmp_binary(&low, low_power) {
                    Ordering::Less => guess = next_down(guess),
                    Ordering::Equal => return if mantissa % 2 == 0 { guess } else { next_down(guess) },
                    Ordering::Greater => return guess,
                }
            }
        }
    }
}

/// [`nearest`]'s exact fast paths, without collecting the digits: for at most 19 significant digits and a power of
/// ten from -27 to 27 (`None` for any other number).
fn nearest_of_few(whole: &[u8], fraction: &[u8], exponent: i64) -> Option<f64> {
    let mut digits = 0u64;
    let mut count = 0;
    for &digit in whole.iter().chain(fraction) {
        if digits == 0 && digit == b'0' {
            continue; // a leading zero
        }
        count += 1;
        if count > 19 {
            return None;
        }
        digits = digits * 10 + u64::from(digit - b'0');
    }
    if digits == 0 {
        return Some(0.0);
    }
    let mut exponent = exponent - fraction.len() as i64;
    while digits.is_multiple_of(10) {
        digits /= 10;
        exponent += 1;
    }
    let exponent = i32::try_from(exponent).ok().filter(|e| (-27..=27).contains(e))?;
    if digits < 1 << 53 && (-22..=22).contains(&exponent) {
        // Exact operands (an integer below 2^53, and 10^22 is a double), so the one operation rounds correctly.
        let power = POWERS[exponent.unsigned_abs() as usize];
        return Some(if exponent < 0 { digits as f64 / power } else { digits as f64 * power });
    }
    Some(nearest_of_u64(digits, exponent))
}

/// The double nearest to `digits × 10^exponent` for at most 19 digits and a power from -27 to 27: `digits × 5^e`, or
/// `digits × 2^s / 5^k` with a sticky bit for the remainder, is an integer the conversion to `f64` rounds once; the
/// power of two left is exact.
fn nearest_of_u64(digits: u64, exponent: i32) -> f64 {
    let power_of_two = |power: i32| f64::from_bits(((1023 + power) as u64) << 52);
    if exponent >= 0 {
        let scaled = u128::from(digits) * 5u128.pow(exponent as u32);
        return scaled as f64 * power_of_two(exponent);
    }
    let k = exponent.unsigned_abs();
    let divisor = 5u128.pow(k);
    let shift = u128::from(digits).leading_zeros();
    let numerator = u128::from(digits) << shift;
    let (quotient, remainder) = (numerator / divisor, numerator % divisor);
    // At least 2^127 / 5^27 > 2^64: 64 bits or more, so bit 0 lies far below a double's 53.
    let stickied = quotient | u128::from(remainder != 0);
    stickied as f64 * power_of_two(-(shift as i32) - k as i32)
}

/// 10^0 through 10^22, each exactly a double.
const POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// A non-negative finite double as `mantissa × 2^power` (the mantissa with its hidden bit; subnormals at 2^-1074).
fn split(value: f64) -> (u64, i32) {
    let bits = value.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    match biased {
        0 => (fraction, -1074),
        _ => (fraction | 1 << 52, biased - 1075),
    }
}

/// The next double up from a non-negative finite one.
fn next_up(value: f64) -> f64 {
    f64::from_bits(value.to_bits() + 1)
}

/// The next double down from a positive one.
fn next_down(value: f64) -> f64 {
    f64::from_bits(value.to_bits() - 1)
}

/// A decimal `digits × 10^exponent`, plus something below its last digit when `sticky`.
struct Decimal {
    digits: Big,
    exponent: i32,
    sticky: bool,
}

impl Decimal {
    /// A double within a few units in the last place of the value (from its first 19 digits).
    fn estimate(&self) -> f64 {
        let (lead, dropped) = self.digits.leading_u64();
        let mut value = lead as f64;
        let mut exponent = self.exponent + dropped;
        // Scaled in steps that stay within a double's range (small values first lifted, then lowered).
        while exponent > 0 {
            let step = exponent.min(22);
            value *= POWERS[step as usize];
            exponent -= step;
        }
        while exponent < 0 {
            let step = (-exponent).min(22);
            value /= POWERS[step as usize];
            exponent += step;
        }
        value
    }

    /// `self` against `mantissa × 2^power`, exactly.
    fn cmp_binary(&self, mantissa: &Big, power: i32) -> Ordering {
        let (mut left, mut right) = (self.digits.clone(), mantissa.clone());
        // digits × 5^e × 2^e against mantissa × 2^power, each side's powers of five and two moved to where they are
        // non-negative.
        let mut twos = power;
        if self.exponent >= 0 {
            left.times_pow5(self.exponent as u32);
            twos -= self.exponent;
        } else {
            right.times_pow5(self.exponent.unsigned_abs());
            twos -= self.exponent;
        }
        if twos >= 0 {
            right.shift_left(twos as u32);
        } else {
            left.shift_left(twos.unsigned_abs());
        }
        match left.cmp(&right) {
            Ordering::Equal if self.sticky => Ordering::Greater,
            order => order,
        }
    }
}

/// A non-negative big integer, 32-bit limbs, least significant first, no zero limb at the top.
#[derive(Clone, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u64(value: u64) -> Self {
        let mut big = Big(vec![value as u32, (value >> 32) as u32]);
        big.trim();
        big
    }

    /// The integer the decimal digits spell.
    fn of_digits(digits: &[u8]) -> Self {
        let mut big = Big(Vec::with_capacity(digits.len() / 9 + 1));
        for chunk in digits.chunks(9) {
            let value = chunk.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
            big.times_add(10u32.pow(chunk.len() as u32), value);
        }
        big
    }

    /// The integer with its last digits dropped until it fits a `u64` (19 or 20 digits kept), and how many.
    fn leading_u64(&self) -> (u64, i32) {
        let mut lead = self.clone();
        let mut dropped = 0;
        while lead.bits() > 64 {
            let step = if lead.bits() > 96 { 1_000_000_000 } else { 10 };
            lead.divide_small(step);
            dropped += if step == 10 { 1 } else { 9 };
        }
        let low = u64::from(lead.0.first().copied().unwrap_or(0));
        let high = u64::from(lead.0.get(1).copied().unwrap_or(0));
        (low | high << 32, dropped)
    }

    fn bits(&self) -> u32 {
        match self.0.last() {
            Some(top) => 32 * self.0.len() as u32 - top.leading_zeros(),
            None => 0,
        }
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// `self × factor + add`.
    fn times_add(&mut self, factor: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }

    fn times(mut self, factor: u32) -> Self {
        self.times_add(factor, 0);
        self
    }

    fn times_two_plus_one(mut self) -> Self {
        self.times_add(2, 1);
        self
    }

    fn minus_one(mut self) -> Self {
        for limb in &mut self.0 {
            let (value, borrow) = limb.overflowing_sub(1);
            *limb = value;
            if !borrow {
                break;
            }
        }
        self.trim();
        self
    }

    /// `self × 5^power`.
    fn times_pow5(&mut self, mut power: u32) {
        while power > 0 {
            let step = power.min(13); // 5^13 < 2^32
            self.times_add(5u32.pow(step), 0);
            power -= step;
        }
    }

    /// `self × 2^bits`.
    fn shift_left(&mut self, bits: u32) {
        let (limbs, bits) = ((bits / 32) as usize, bits % 32);
        if bits > 0 {
            let mut carry = 0;
            for limb in &mut self.0 {
                let shifted = (u64::from(*limb) << bits) | u64::from(carry);
                *limb = shifted as u32;
                carry = (shifted >> 32) as u32;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        if !self.0.is_empty() {
            self.0.splice(0..0, std::iter::repeat_n(0, limbs));
        }
    }

    /// `self / divisor`, rounded down.
    fn divide_small(&mut self, divisor: u32) {
        let mut remainder = 0u64;
        for limb in self.0.iter_mut().rev() {
            let value = remainder << 32 | u64::from(*limb);
            *limb = (value / u64::from(divisor)) as u32;
            remainder = value % u64::from(divisor);
        }
        self.trim();
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.len().cmp(&other.0.len()).then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_by_hand as parse, text};

    /// `parse` and the standard library agree on `text` (NaN compared as NaN, zeros and all else bit for bit).
    fn agrees(text: &str) -> bool {
        match (parse(text), text.parse::<f64>().ok()) {
            (Some(a), Some(b)) if a.is_nan() => b.is_nan(),
            (a, b) => a.map(f64::to_bits) == b.map(f64::to_bits),
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(4_000))]

        /// A short literal's one exact operation gives what `str::parse` reads, or leaves the literal to `parse`.
        #[test]
        fn short_literals_read_as_the_standard_library_reads(
            literal in "-?(0|[1-9][0-9]{0,17})(\\.[0-9]{1,24})?(e-?[0-9]{1,2})?"
        ) {
            let parsed: f64 = literal.parse().unwrap();
            if let Some(value) = super::of_short_literal(literal.as_bytes()) {
                proptest::prop_assert_eq!(value.to_bits(), parsed.to_bits(), "{}", literal);
            }
        }
    }

    #[test]
    fn short_literals_are_read_by_one_exact_operation_and_others_are_left() {
        for (literal, value) in [("0", 0.0f64), ("-0", -0.0), ("12.5", 12.5), ("2288437.499546", 2288437.499546)] {
            assert_eq!(super::of_short_literal(literal.as_bytes()).map(f64::to_bits), Some(value.to_bits()));
        }
        for literal in ["1e5", "1234567890123456", "0.12345678901234567", "0.00000000000000000000001", "", ".", "-"] {
            assert_eq!(super::of_short_literal(literal.as_bytes()), None, "{literal}");
        }
    }

    #[test]
    fn reads_what_the_standard_library_reads() {
        #[rustfmt::skip]
        let texts = [
            "0", "-0", "+0", "00", "007", "-007.50", "1.", ".5", "-.5", "+.5e1", "1.e5", "0.1", "12.5", "1e5", "1E+05",
            "1e-5", "2.5E-3", "1e308", "1.7976931348623157e308", "1.8e308", "-1e400", "1e-400", "-1e-400", "5e-324",
            "2.4703282292062327e-324", "2.4703282292062328e-324", "7.708402041055213e-8", "0.00000021275016166469494",
            "123456789012345678901234567890.123456789", "1e99999999999999999999", "-1e-99999999999999999999",
            "0e99999999999999999999", "inf", "-inf", "+Infinity", "INFINITY", "nan", "-NaN", "+nan", "infinit", "", "-",
            "+", ".", "-.", "e5", ".e5", "1e", "1e+", "1e-", "1.5.2", "1-2", "--1", "+-1", " 1", "1 ", "0x10", "1_000",
            "١", "1e5.5", "in", "nana",
        ];
        for text in texts {
            assert!(agrees(text), "{text:?}: {:?} vs {:?}", parse(text), text.parse::<f64>());
        }
        let long = format!("0.{}1", "0".repeat(400));
        let digits = format!("{}.{}e-300", "9".repeat(800), "7".repeat(800));
        assert!(agrees(&long) && agrees(&digits));
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(4_000))]

        #[test]
        fn any_text_of_number_characters_is_read_as_the_standard_library_reads_it(text in "[-+0-9.eEinfatyINFATY]{0,14}") {
            proptest::prop_assert!(agrees(&text), "{:?}", text);
        }

        #[test]
        fn long_digit_runs_at_any_scale_are_read_as_the_standard_library_reads_them(
            digits in "[0-9]{1,60}",
            fraction in "[0-9]{0,30}",
            exponent in -360i32..360,
        ) {
            let text = format!("{digits}.{fraction}e{exponent}");
            proptest::prop_assert!(agrees(&text), "{:?}", text);
        }

        #[test]
        fn a_doubles_exact_expansion_cut_anywhere_is_read_as_the_standard_library_reads_it(value: f64, cut in 1usize..780, bump: bool) {
            // Up to 767 significant digits: the halfway points between doubles and the numbers just around them.
            let exact = format!("{:.780e}", value.abs());
            let (mantissa, exponent) = exact.split_once('e').unwrap();
            let mut digits: String = mantissa.chars().take(cut + 1).collect();
            if bump {
                digits.push('1');
            }
            let text = format!("{digits}e{exponent}");
            proptest::prop_assert!(agrees(&text), "{:?}", text);
        }

        #[test]
        fn halfway_points_are_rounded_to_even_as_the_standard_library_rounds_them(
            mantissa in (1u64 << 52)..(1u64 << 53),
            power in -20i32..70,
            above in proptest::bool::ANY,
        ) {
            // (2m + 1) × 2^(power - 1), the point halfway between m × 2^power and the next double, written exactly:
            // an integer, or (2m + 1) × 5^k over 10^k.
            let odd = u128::from(2 * mantissa + 1);
            let text = if power >= 1 {
                (odd << (power - 1)).to_string()
            } else {
                let k = (1 - power) as u32;
                let scaled = (odd * 5u128.pow(k)).to_string();
                let (int, frac) = scaled.split_at(scaled.len() - k as usize);
                format!("{int}.{frac}")
            };
            let text = if above { format!("{text}000000000000000000001") } else { text };
            let text = if above && !text.contains('.') { text.replacen("000000000000000000001", ".000000000000000000001", 1) } else { text };
            proptest::prop_assert!(agrees(&text), "{:?}", text);
        }

        #[test]
        fn any_double_printed_any_way_is_read_as_the_standard_library_reads_it(value: f64, digits in 0usize..20) {
            for text in [format!("{value}"), format!("{value:?}"), format!("{value:e}"), format!("{value:.digits$}"),
                format!("{value:+.digits$E}"), format!("000{value:.digits$}")]
            {
                proptest::prop_assert!(agrees(&text), "{:?}", text);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(4_000))]

        /// [`text`] writes any double in as few digits as `Display` does, and they read back to it.
        #[test]
        fn text_is_as_short_as_display_and_exact(bits in proptest::num::u64::ANY) {
            let value = f64::from_bits(bits);
            let (ours, display) = (text(value), value.to_string());
            proptest::prop_assert_eq!(ours.len(), display.len(), "{} {}", ours, display);
            proptest::prop_assert!(agrees(&ours) && parse(&ours).is_some_and(|v| v.to_bits() == value.to_bits() || value.is_nan()));
        }
    }

    #[test]
    fn text_is_display_at_the_edges() {
        for value in [
            0.0,
            -0.0,
            1.0,
            -1.5,
            1e21,
            1e22,
            1e-7,
            123.456,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
            1e300,
            0.1,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            100.0,
            12345678901234567890.0,
        ] {
            assert_eq!(text(value), value.to_string(), "{value:?}");
        }
    }
}
