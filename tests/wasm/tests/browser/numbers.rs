//! WebAssembly's number reader (`float::parse`: its own grammar, then the host's `parseFloat`) reads every double as
//! `str::parse` does, bit for bit: doubles of every magnitude printed every way, halfway points between doubles and
//! digit runs too long for a double.
#![cfg(target_arch = "wasm32")]

use dlmm_query::float;
use wasm_bindgen_test::*;

/// `text` read by `float::parse` and by `str::parse`, which must agree (NaN as NaN).
fn assert_read_alike(text: &str) {
    let (ours, std) = (float::parse(text), text.parse::<f64>().ok());
    let same = match (ours, std) {
        (Some(a), Some(b)) if b.is_nan() => a.is_nan(),
        (a, b) => a.map(f64::to_bits) == b.map(f64::to_bits),
    };
    assert!(same, "{text:?}: {ours:?} here, {std:?} by str::parse");
}

#[wasm_bindgen_test]
fn numbers_are_read_as_the_standard_library_reads_them() {
    // Doubles from a fixed sequence of bit patterns (every exponent, subnormals, ±0, infinities and NaNs).
    let mut bits = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..3_000 {
        bits ^= bits << 13;
        bits ^= bits >> 7;
        bits ^= bits << 17;
        let value = f64::from_bits(bits);
        for text in [format!("{value}"), format!("{value:e}"), format!("{value:.3e}"), format!("{value:.25e}")] {
            assert_read_alike(&text);
        }
        // Its exact expansion cut after any digit: the halfway points between doubles and the texts around them.
        if value.is_finite() {
            let exact = format!("{:.770e}", value.abs());
            let (digits, exponent) = exact.split_once('e').unwrap_or_default();
            assert_read_alike(&format!("{}e{exponent}", &digits[..(bits % 760) as usize + 2]));
        }
    }
    for text in [
        "1.",
        ".5",
        "+.5e1",
        "-0",
        "007",
        "1e99999999999999999999",
        "-1e-99999999999999999999",
        "+Infinity",
        "-nan",
        "1e",
        ".",
        "",
        " 1",
        "0x10",
        "2.4703282292062328e-324",
        "9007199254740993",
        "76953040370812553e-21",
    ] {
        assert_read_alike(text);
    }
    assert_read_alike(&format!("{}.{}e-300", "9".repeat(800), "7".repeat(800)));
}
