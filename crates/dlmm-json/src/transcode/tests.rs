//! The transcoder pinned to the model: what it writes for a body is what decoding the model and writing it writes,
//! and what it refuses the model refuses, with a refusal naming the path, the expected and the found.

use super::*;
use crate::json_text::Written;
use crate::refusal::Refusal;
use crate::shape::HasShape;
use crate::shape::Leaf;
use crate::testing::doubles;
use crate::testing::models::{DecimalText, Pair, pair_body};

/// A reading's outcome, comparable: the text with numbers as the doubles they parse to, the amount and `null`
/// patterns (sorted: the reader meets them in the body's order), or that the body was refused.
type Outcome = Result<(String, Vec<String>, Vec<String>), ()>;

fn outcome(written: Result<Written, ()>) -> Outcome {
    let sorted = |patterns: &[Vec<crate::json_text::Pattern>]| {
        let mut patterns: Vec<String> = patterns.iter().map(|p| format!("{p:?}")).collect();
        patterns.sort();
        patterns
    };
    written.map(|w| (doubles(&w.text), sorted(&w.amounts), sorted(&w.nulls)))
}

/// What transcoding writes for `body`, or its refusal.
fn transcoded(body: &[u8], shape: &Shape) -> Result<Written, Refusal> {
    let mut out = JsonText::default();
    super::transcode(body, shape, &mut out)?;
    Ok(out.finish().expect("writable"))
}

/// What transcoding writes for `body`, comparable.
fn ours(body: &[u8], shape: &Shape) -> Outcome {
    outcome(transcoded(body, shape).map_err(drop))
}

/// What decoding `body` by serde's derive and writing the model gives, comparable.
fn decoded<T: serde::de::DeserializeOwned + serde::Serialize>(body: &[u8]) -> Outcome {
    let model = serde_json::from_slice::<T>(body).map_err(drop);
    outcome(model.and_then(|model| {
        let mut out = JsonText::default();
        out.write(&model);
        out.finish().map_err(drop)
    }))
}

/// The text transcoding writes for `body` (which it must read).
fn text(body: &str, shape: &Shape) -> String {
    transcoded(body.as_bytes(), shape).unwrap_or_else(|e| panic!("{body}: {e}")).text
}

/// How transcoding `body` by `shape` is refused: path, expected, found, offset.
fn refused(body: &str, shape: &Shape) -> (Option<String>, String, String, usize) {
    let e = transcoded(body.as_bytes(), shape).err().unwrap_or_else(|| panic!("{body} was read"));
    (e.path(), e.expected().to_owned(), e.found().to_string(), e.offset())
}

#[test]
fn a_plain_body_is_read_by_hand_to_what_serde_writes() {
    let body = pair_body();
    assert_eq!(ours(body.as_bytes(), &Pair::SHAPE), decoded::<Pair>(body.as_bytes()));
    let text = text(&body, &Pair::SHAPE);
    assert!(text.contains(r#""reserveXAmount":"18446744073709551615""#), "{text}");
    assert!(text.contains(r#""maxFeePercentage":1e1"#), "numbers as sent: {text}");
}

#[test]
fn what_the_model_refuses_is_refused_and_what_it_reads_is_written_the_same() {
    let body = pair_body();
    for (from, to, model_reads) in [
        // Read by hand.
        (r#""name":"SOL-USDC""#, r#""name":"пёс 🐕""#, true),
        (r#""address":"A1","#, r#" "address" : "A1" ,"#, true),
        (r#""tags":["a","b"],"#, "", true),
        (r#""apr":1,"apy":2"#, r#""apy":2,"apr":1"#, true),
        (r#""bin_step":25"#, r#""bin_step":65535"#, true),
        (r#""reserve_y_amount":"12""#, r#""reserve_y_amount":0"#, true),
        (r#""extra":{"x":[1,{"y":null}],"s":"t"}"#, r#""extra":[[],{},-0.5e-3,"é",true]"#, true),
        (r#""s":"t""#, r#""s":[1e400,-123456789012345678901234567890]"#, true),
        // Read by the leaves' rules, value by value.
        (r#""name":"SOL-USDC""#, r#""name":"SOL\u002d\"USDC\"""#, true),
        (r#""bin_step":25"#, r#""bin_step":"25""#, true),
        (r#""bin_step":25"#, r#""bin_step":25.0"#, true),
        (r#""reserve_y_amount":"12""#, r#""reserve_y_amount":" 12""#, true),
        (r#""reserve_y_amount":"12""#, r#""reserve_y_amount":9007199254740993.0"#, true),
        (r#""liquidity":"123.5""#, r#""liquidity":123.5"#, true),
        (r#""fees_24h":1.5e3"#, r#""fees_24h":"1.5e3""#, true),
        (r#""fees_24h":1.5e3"#, r#""fees_24h":1e300"#, true),
        (r#""extra":{"x":[1,{"y":null}],"s":"t"}"#, r#""extra":["\u00e9\n"]"#, true),
        // Refused.
        (r#""bin_step":25"#, r#""bin_step":025"#, false),
        (r#""bin_step":25"#, r#""bin_step":65536"#, false),
        (r#""liquidity":"123.5""#, r#""liquidity":"1e400""#, false),
        (r#""apr":1"#, r#""apr":1,"apr":1"#, false),
        (r#""address":"A1","#, "", false),
        (r#""tags":["a","b"]"#, r#""tags":["a","b",]"#, false),
        (r#""s":"t""#, r#""s":tru"#, false),
        (r#""s":"t""#, r#""s":"\x""#, false),
        (r#""name":"SOL-USDC""#, r#""name":"SOL\x""#, false),
    ] {
        let changed = body.replacen(from, to, 1);
        assert_ne!(changed, body, "{from}");
        let model = decoded::<Pair>(changed.as_bytes());
        assert_eq!(model.is_ok(), model_reads, "the model reads {to}: {model:?}");
        assert_eq!(ours(changed.as_bytes(), &Pair::SHAPE), model, "{to}");
    }
}

/// A refusal names the path of the value, what was expected there and what was found, in the crate's words.
#[test]
fn refusals_name_the_path_what_was_expected_and_what_was_found() {
    let body = pair_body();
    let refused_edit = |from: &str, to: &str| {
        let changed = body.replacen(from, to, 1);
        assert_ne!(changed, body, "{from}");
        let (path, expected, found, at) = refused(&changed, &Pair::SHAPE);
        assert!(at <= changed.len());
        (path.unwrap_or_default(), expected, found)
    };
    let cases = [
        (
            r#""bin_step":25"#,
            r#""bin_step":"x""#,
            ("bin_step", "a non-negative integer or a string of digits", "the string \"x\""),
        ),
        (r#""bin_step":25"#, r#""bin_step":65536"#, ("bin_step", "an integer from 0 to 65535", "the number 65536")),
        (r#""bin_step":25"#, r#""bin_step":025"#, ("bin_step", "a number by JSON's grammar", "the number 02")),
        (r#""apr":1"#, r#""apr":1,"apr":1"#, ("apr", "each member once", "it a second time")),
        (r#""address":"A1","#, "", ("", "a member `address` (Pair)", "nothing")),
        (r#""tags":["a","b"]"#, r#""tags":["a",7]"#, ("tags[1]", "a string", "the number 7")),
        (r#""tags":["a","b"]"#, r#""tags":["a","b",]"#, ("tags", "a JSON value", "`]`")),
        (r#""s":"t""#, r#""s":tru"#, ("extra", "`true`", "`}`")),
        (r#""liquidity":"123.5""#, r#""liquidity":{}"#, ("liquidity", "a number or a numeric string", "an object")),
    ];
    for (from, to, (path, expected, found)) in cases {
        let (p, e, f) = refused_edit(from, to);
        assert_eq!((p.as_str(), e.as_str(), f.as_str()), (path, expected, found), "{to}");
    }
    let (path, _, found, at) = refused(&body[..body.len() - 9], &Pair::SHAPE);
    assert_eq!((path.as_deref(), found.as_str(), at), (Some("extra"), "the end of the body", body.len() - 9));
    let Shape::Struct(pair) = Pair::SHAPE else { panic!("a struct") };
    assert_eq!(refused("[\"A1\"]", &Pair::SHAPE).1, pair.as_array());
    let x = refused("{} x", &Shape::List(&Shape::Leaf(Leaf::String)));
    assert_eq!((x.1.as_str(), x.2.as_str(), x.3), ("an array", "an object", 0));
}

#[test]
fn values_ignored_at_any_depth_are_stepped_over() {
    for depth in [99, 110, 126, 127, 128, 200, 10_000] {
        let nested = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let body = pair_body().replacen(r#""s":"t""#, &format!(r#""s":{nested}"#), 1);
        assert_eq!(ours(body.as_bytes(), &Pair::SHAPE), decoded::<Pair>(body.as_bytes()), "{depth}");
        let unclosed = pair_body().replacen(r#""s":"t""#, &format!(r#""s":{}"#, "[".repeat(depth)), 1);
        let (path, _, found, _) = refused(&unclosed, &Pair::SHAPE);
        // `extra` is a key the model ignores: stepped over whole, its path is the key's.
        assert_eq!((path.as_deref(), found.as_str()), (Some("extra"), "`}`"), "{depth}");
    }
}

/// Pieces of strings: plain text, every escape, broken escapes and surrogates, bytes that are not UTF-8,
/// control characters.
#[rustfmt::skip]
const STRING_PIECES: &[&[u8]] = &[
    b"a", b"\xc3\xa9", b"\\\"", b"\\\\", b"\\/", b"\\b", b"\\f", b"\\n", b"\\r", b"\\t", b"\\u00e9", b"\\u0041",
    b"\\ud83d", b"\\ude00", b"\\u12", b"\\u12G4", b"\\q", b"\\", b"\t", b"\x01", b"\xff", b"\xc3", b"\\u",
    b"\\ud83d\\ude00", b"\"",
];

proptest::proptest! {
    #![proptest_config(crate::testing::proptest_cases(4_000))]

    /// Any string, escapes broken or not, ended or not, is read as serde reads it into a `String`, or refused
    /// where it refuses it.
    #[test]
    fn strings_are_read_as_serde_reads_them(
        pieces in proptest::collection::vec(proptest::sample::select(STRING_PIECES), 0..6),
        ended in proptest::bool::ANY,
    ) {
        let body = [&[b'"'][..], &pieces.concat(), if ended { b"\"" } else { b"" }].concat();
        let string = Shape::Leaf(Leaf::String);
        proptest::prop_assert_eq!(ours(&body, &string), decoded::<String>(&body), "{}", String::from_utf8_lossy(&body));
    }
}

#[test]
fn decimal_number_literals_are_read_by_hand_to_what_serde_writes() {
    let decimal = Shape::Leaf(Leaf::DecimalText);
    #[rustfmt::skip]
    let literals = [
        "41208.790832405", "830280.7601579999", "7.708402041055213e-8", "5.0", "-0.0", "1e3", "1E-400",
        "123456789012345678901234567890.5", "1.7976931348623157e308", "9007199254740993", "18446744073709551616",
    ];
    for literal in literals {
        let serde = serde_json::from_str::<DecimalText>(literal).expect("a decimal");
        assert_eq!(text(literal, &decimal), format!("\"{}\"", serde.0), "{literal}");
    }
    assert_eq!(text("41208.790832405", &decimal), r#""41208.790832405""#);
    for beyond in ["1e400", "-1.8e308"] {
        assert!(serde_json::from_str::<DecimalText>(beyond).is_err());
        let (_, expected, found, _) = refused(beyond, &decimal);
        assert_eq!((expected.as_str(), found), ("a number within a double's range", format!("the number {beyond}")));
    }
}

proptest::proptest! {
    #![proptest_config(crate::testing::proptest_cases(256))]

    /// A decimal sent as any double, however printed, is written as serde writes it (its shortest form).
    #[test]
    fn any_decimal_number_literal_is_written_as_serde_writes(value: f64) {
        let decimal = Shape::Leaf(Leaf::DecimalText);
        for literal in [format!("{value:?}"), format!("{value:e}"), format!("{value:.3}")] {
            if literal.contains(['N', 'i']) {
                continue;
            }
            let serde = serde_json::from_str::<DecimalText>(&literal).expect("a decimal");
            proptest::prop_assert_eq!(text(&literal, &decimal), format!("\"{}\"", serde.0), "{}", literal);
        }
    }
}

/// Bytes that make or break JSON, for the mutations below.
const EDITS: &[u8] = b"\"\\{}[],:0123456789-+.eEnultrfas \t\x01\x7f\x80\xc3\xa9\xff";

proptest::proptest! {
    #![proptest_config(crate::testing::proptest_cases(2_000))]

    /// Whatever a few bytes changed, inserted or removed make of a pair, the reader refuses it where the
    /// model's decoder does (at a byte inside the body), or writes what decoding and writing the model writes.
    #[test]
    fn a_mutated_body_is_refused_or_written_as_the_model_is(
        edits in proptest::collection::vec((0.0f64..1.0, 0u8..3, proptest::sample::select(EDITS)), 1..4)
    ) {
        let mut body = pair_body().into_bytes();
        for (at, kind, byte) in edits {
            let at = ((body.len() as f64) * at) as usize;
            match kind {
                0 => body[at] = byte,
                1 => body.insert(at, byte),
                _ => drop(body.remove(at)),
            }
        }
        let text = String::from_utf8_lossy(&body);
        proptest::prop_assert_eq!(ours(&body, &Pair::SHAPE), decoded::<Pair>(&body), "{}", text);
        if let Err(refused) = transcoded(&body, &Pair::SHAPE) {
            proptest::prop_assert!(refused.offset() <= body.len());
        }
    }
}
