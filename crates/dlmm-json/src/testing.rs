//! Test data and generators shared by this crate's tests and the tests of the crates built on it (feature
//! `testing`).

/// Property-test settings: `cases` cases, no failure files written into the source tree.
pub fn proptest_cases(cases: u32) -> proptest::prelude::ProptestConfig {
    proptest::prelude::ProptestConfig {
        cases,
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    }
}

/// JSON values of every type, and numbers and texts at the edges of the readers' rules (for the tests of
/// [`crate::wire`], of [`crate::pick`], which reads numbers by the same rules, and of the readers built on them).
#[rustfmt::skip]
pub const EDGE_VALUES: [&str; 56] = [
    "0", "-0", "1", "-1", "1.5", "-1.5", "1e3", "5.0", "-3.0", "1e30", "1e400", "9007199254740992", "9007199254740993",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
    "18446744073709551615", "18446744073709551616", "0.1e-400", r#""1""#, r#"" 12 ""#, r#""+5""#, r#""-5""#,
    r#""--1""#, r#""1.5""#, r#""-0""#, r#""abc""#, r#""""#, r#""NaN""#, r#""inf""#, r#""1e400""#,
    r#""18446744073709551616""#, r#""\u0031\u0032""#, "null", "true", "false", "[]", "[1]", "{}", r#"{"a":1}"#, "01",
    "0.0", "-0.0", "1e2", "1E-7", "2.5e-324", "1.7976931348623157e308", "-9007199254740993",
    "123456789012345678901234567890", "0.1", "7.708402041055213e-8", r#""12""#, r#""+12""#, r#""-12""#, r#""1e3""#,
];

/// JSON values whose strings are full of quotes, backslashes, brackets and commas (for the JSON scanner's tests
/// and the streamed array splitter's).
pub fn json_value() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
    use proptest::prelude::*;
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        (-1_000_000i32..1_000_000).prop_map(|n| serde_json::Value::from(f64::from(n) / 8.0)),
        "[a-z\\\\\"{}\\[\\],: é]{0,12}".prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
            proptest::collection::btree_map("[a-z\\\\\"{}\\[\\]]{0,6}", inner, 0..4)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Leaf types and a struct of every kind of field, as the crates built on this one declare their models: what this
/// crate's tests read bodies by.
pub mod models {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::shape::{HasShape, Leaf, Shape};
    use crate::slot::{FromSlot, Slot};
    use crate::wire;

    /// A leaf type: a newtype of `$inner` read by `$leaf` (its `FromSlot` and `Deserialize` as given), written by
    /// `$write`, defaulting to `$default`.
    macro_rules! leaf {
        ($(#[$doc:meta])* $name:ident($inner:ty) = $default:expr, $leaf:ident, |$slot:ident| $from_slot:expr,
            |$d:ident| $read:expr, |$v:ident, $s:ident| $write:expr) => {
            $(#[$doc])*
            #[derive(Clone, Debug, PartialEq, Eq)]
            pub struct $name(pub $inner);

            impl Default for $name {
                fn default() -> Self {
                    Self($default)
                }
            }

            impl HasShape for $name {
                const SHAPE: Shape = Shape::Leaf(Leaf::$leaf);
            }

            impl FromSlot for $name {
                fn from_slot($slot: Slot) -> Self {
                    $from_slot
                }
            }

            impl<'de> Deserialize<'de> for $name {
                fn deserialize<D: Deserializer<'de>>($d: D) -> Result<Self, D::Error> {
                    $read.map(Self)
                }
            }

            impl Serialize for $name {
                fn serialize<S: Serializer>(&self, $s: S) -> Result<S::Ok, S::Error> {
                    let $v = &self.0;
                    $write
                }
            }
        };
    }

    leaf! {
        /// An exact integer read by [`Leaf::ExactU64`] (a token amount in base units), written as a 128-bit integer,
        /// which [`crate::json_text::JsonText::write`] writes as a digit string.
        Exact(u64) = 0, ExactU64, |slot| Self(u64::from_slot(slot)), |d| wire::u64(d),
        |v, s| s.serialize_u128(u128::from(*v))
    }

    leaf! {
        /// Exact decimal text read by [`Leaf::DecimalText`].
        DecimalText(String) = "0".to_owned(), DecimalText, |slot| slot.into_text().map_or_else(Self::default, Self),
        |d| wire::decimal_text(d), |v, s| s.serialize_str(v)
    }

    leaf! {
        /// Numeric text read by [`Leaf::NumericText`], written as the number it reads.
        NumericText(String) = "0".to_owned(), NumericText, |slot| slot.into_text().map_or_else(Self::default, Self),
        |d| wire::numeric_string(d),
        |v, s| match crate::float::parse(v).filter(|value| value.is_finite()) {
            Some(value) => s.serialize_f64(value),
            None => s.serialize_none(),
        }
    }

    /// Windowed figures, every one defaulted (a struct inside a struct, left out or sent).
    #[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, crate::shape::Shape)]
    #[serde(rename_all(serialize = "camelCase"))]
    pub struct Windows {
        #[serde(default, deserialize_with = "wire::f64")]
        pub min_30: f64,
        #[serde(default, deserialize_with = "wire::f64")]
        pub hour_24: f64,
    }

    /// A pair of tokens with a field of every kind a model has: strings, exact and lenient numbers, numeric text,
    /// defaults, a nested struct, a list and an optional value.
    #[derive(Clone, Debug, PartialEq, Deserialize, Serialize, crate::shape::Shape)]
    #[serde(rename_all(serialize = "camelCase"))]
    pub struct Pair {
        pub address: String,
        pub name: String,
        pub mint_x: String,
        pub mint_y: String,
        pub reserve_x_amount: Exact,
        pub reserve_y_amount: Exact,
        #[serde(deserialize_with = "wire::u16")]
        pub bin_step: u16,
        pub base_fee_percentage: NumericText,
        pub max_fee_percentage: NumericText,
        pub liquidity: NumericText,
        #[serde(deserialize_with = "wire::f64")]
        pub fees_24h: f64,
        #[serde(deserialize_with = "wire::f64")]
        pub trade_volume_24h: f64,
        #[serde(deserialize_with = "wire::f64")]
        pub current_price: f64,
        #[serde(deserialize_with = "wire::f64")]
        pub apr: f64,
        #[serde(deserialize_with = "wire::f64")]
        pub apy: f64,
        #[serde(default, deserialize_with = "wire::f64")]
        pub farm_apr: f64,
        #[serde(default)]
        pub hide: bool,
        #[serde(default)]
        pub is_blacklisted: bool,
        #[serde(default)]
        pub fees: Windows,
        #[serde(default)]
        pub tags: Vec<String>,
        #[serde(default)]
        pub launchpad: Option<String>,
    }

    /// A [`Pair`] body with every kind of value, an unknown key among them.
    pub fn pair_body() -> String {
        concat!(
            r#"{"address":"A1","name":"SOL-USDC","mint_x":"X","mint_y":"Y","#,
            r#""reserve_x_amount":18446744073709551615,"reserve_y_amount":"12","bin_step":25,"#,
            r#""base_fee_percentage":"0.25","max_fee_percentage":"1e1","#,
            r#""liquidity":"123.5","fees_24h":1.5e3,"#,
            r#""trade_volume_24h":-2.25,"#,
            r#""current_price":0.000001,"apr":1,"apy":2,"hide":false,"is_blacklisted":true,"#,
            r#""tags":["a","b"],"launchpad":null,"extra":{"x":[1,{"y":null}],"s":"t"}}"#
        )
        .to_owned()
    }
}

/// `text` with every number (outside strings) spelled as the bits of the double it parses to (`1e2`, `100` and
/// `100.0` alike), so that texts differing only in how numbers are spelled compare equal, and `-0` differs from `0`.
pub fn doubles(text: &str) -> String {
    let (mut out, mut in_string, mut escaped) = (String::with_capacity(text.len()), false, false);
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if in_string {
            (in_string, escaped) = (escaped || c != '"', !escaped && c == '\\');
            out.push(c);
        } else if c == '-' || c.is_ascii_digit() {
            let mut end = at + c.len_utf8();
            while let Some((i, n)) = chars.next_if(|(_, n)| n.is_ascii_digit() || "+-.eE".contains(*n)) {
                end = i + n.len_utf8();
            }
            let number: f64 = text[at..end].parse().expect("a JSON number");
            out.push_str(&format!("#{:016x}", number.to_bits()));
        } else {
            in_string = c == '"';
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::doubles;

    #[test]
    fn numbers_compare_as_the_doubles_they_parse_to() {
        assert_eq!(doubles(r#"{"a":1e2,"b":"1e2","c":[-0.0]}"#), doubles(r#"{"a":100.0,"b":"1e2","c":[-0]}"#));
        assert_ne!(doubles("[0]"), doubles("[-0]"));
        assert_ne!(doubles(r#"{"a":"1\"2"}"#), doubles(r#"{"a":"1\"3"}"#));
        assert_eq!(doubles(r#"["\\",1]"#), format!(r#"["\\",#{:016x}]"#, 1f64.to_bits()));
    }
}
