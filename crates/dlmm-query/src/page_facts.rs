//! What a page walker needs to know about a page ([`PageFacts`]), read from the page's JSON text for JavaScript
//! (what [`crate::transcode`] wrote: validated, with the output's camelCase names), so that a list can be walked
//! without decoding its items as models.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

/// A page's item count, its first item, and the paging numbers it carries (`None` for those it does not).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PageFacts {
    /// How many items the page holds.
    pub count: usize,
    /// The first item, as its JSON text (as written for JavaScript, so a repeated page repeats it exactly).
    pub first: Option<String>,
    /// `total`: the item count of the whole list.
    pub total: Option<u64>,
    /// `pages`: the page count of the whole list.
    pub pages: Option<u64>,
    /// `currentPage` or `page`: the page the server says it answered.
    pub page: Option<u64>,
    /// `pageSize`.
    pub page_size: Option<u64>,
    /// `hasNext`.
    pub has_next: Option<bool>,
    /// `totalCount`.
    pub total_count: Option<u64>,
}

impl PageFacts {
    /// Reads the facts of the page `text` whose items are under the key `items`.
    pub fn read(text: &str, items: &str) -> Result<Self, serde_json::Error> {
        let mut facts = PageFacts::default();
        // Read as bytes, as every body is: one reader of serde_json's in the `.wasm`, not two.
        let mut de = serde_json::Deserializer::from_slice(text.as_bytes());
        de::Deserializer::deserialize_map(&mut de, FactsVisitor { items, facts: &mut facts })?;
        de.end()?;
        Ok(facts)
    }

    /// The first item's key: the string at the first of the JSON `pointers` that holds one (the key a walker tells
    /// pages apart by).
    pub fn first_key(&self, pointers: &[&str]) -> Option<String> {
        let first = self.first.as_deref()?;
        pointers.iter().find_map(|pointer| string_at(first, pointer))
    }
}

/// The string at the JSON pointer `pointer` (`/pairs/0/address`) of the JSON text `json`, if one is there.
fn string_at(json: &str, pointer: &str) -> Option<String> {
    let mut value = json;
    for token in pointer.strip_prefix('/')?.split('/') {
        let token = token.replace("~1", "/").replace("~0", "~");
        let mut de = serde_json::Deserializer::from_slice(value.as_bytes());
        value = de::Deserializer::deserialize_any(&mut de, Member(&token)).ok()??.get();
    }
    serde_json::from_slice(value.as_bytes()).ok()
}

/// Reads the member named by a JSON pointer's token from a value: an object's value at that key, an array's
/// element at that index, or `None`.
struct Member<'a>(&'a str);

impl<'de> Visitor<'de> for Member<'_> {
    type Value = Option<&'de RawValue>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut found = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == self.0 {
                // The last of repeated keys, as a parsed object keeps it.
                found = Some(map.next_value()?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(found)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // An index is digits without a leading zero (RFC 6901): `0` and `12`, not `01`, `-1` or `+1`.
        let digits = !self.0.is_empty() && self.0.bytes().all(|b| b.is_ascii_digit());
        let canonical = digits && (self.0 == "0" || !self.0.starts_with('0'));
        let index = if canonical { self.0.parse::<usize>().ok() } else { None };
        let (mut at, mut found) = (0, None);
        while let Some(element) = seq.next_element::<&RawValue>()? {
            if Some(at) == index {
                found = Some(element);
            }
            at += 1;
        }
        Ok(found)
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
}

struct FactsVisitor<'a> {
    items: &'a str,
    facts: &'a mut PageFacts,
}

impl<'de> Visitor<'de> for FactsVisitor<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a page object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let facts = self.facts;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                k if k == self.items => map.next_value_seed(Items { facts: &mut *facts })?,
                "total" => facts.total = map.next_value()?,
                "pages" => facts.pages = map.next_value()?,
                "currentPage" | "page" => facts.page = map.next_value()?,
                "pageSize" => facts.page_size = map.next_value()?,
                "hasNext" => facts.has_next = map.next_value()?,
                "totalCount" => facts.total_count = map.next_value()?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// The items array: counted, the first kept.
struct Items<'a> {
    facts: &'a mut PageFacts,
}

impl<'de> DeserializeSeed<'de> for Items<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Items<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of items")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.facts.first = seq.next_element::<&RawValue>()?.map(|first| first.get().to_owned());
        self.facts.count = usize::from(self.facts.first.is_some());
        while seq.next_element::<IgnoredAny>()?.is_some() {
            self.facts.count += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_counts_the_first_item_and_the_paging_numbers() {
        let text = r#"{"data":[{"address":"a","x":[1,2]},{"address":"b"},{}],"total":7,"pages":3,"currentPage":1,"pageSize":3,"other":{"total":99}}"#;
        let facts = PageFacts::read(text, "data").unwrap();
        assert_eq!(facts.count, 3);
        assert_eq!(facts.first.as_deref(), Some(r#"{"address":"a","x":[1,2]}"#));
        assert_eq!(facts.first_key(&["/address"]).as_deref(), Some("a"));
        assert_eq!(
            facts.first_key(&["/x/1", "/address"]).as_deref(),
            Some("a"),
            "the first pointer holding a string wins"
        );
        let groups = PageFacts::read(r#"{"groups":[{"name":"A-B","pairs":[{"address":"p"}]}],"total":1}"#, "groups");
        assert_eq!(groups.unwrap().first_key(&["/pairs/0/address", "/name"]).as_deref(), Some("p"));
        assert_eq!((facts.total, facts.pages, facts.page, facts.page_size), (Some(7), Some(3), Some(1), Some(3)));
        assert_eq!((facts.has_next, facts.total_count), (None, None));
        let empty = PageFacts::read(r#"{"pools":[],"hasNext":false,"totalCount":0,"page":2}"#, "pools").unwrap();
        assert_eq!((empty.count, empty.first_key(&["/address"])), (0, None));
        assert_eq!(empty.first, None);
        assert_eq!((empty.has_next, empty.total_count, empty.page), (Some(false), Some(0), Some(2)));
        assert!(PageFacts::read("[1]", "data").is_err());
    }

    /// A pointer finds the string serde_json's `Value::pointer` finds, in every kind of place.
    #[test]
    fn pointers_read_as_serde_json_reads_them() {
        let json = r#"{"a":{"b":["x","y",{"c":"z"}],"n":1,"t":true,"u":null},"a/b":"slash","m~n":"tilde",
            "e":"\u0041\n","d":"first","d":"last","":"empty","arr":[[1,"deep"]]}"#;
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        let pointers = [
            "/a/b/0", "/a/b/1", "/a/b/2/c", "/a/b/3", "/a/b/01", "/a/b/-1", "/a/b/+1", "/a/b/x", "/a/n", "/a/t",
            "/a/u", "/a/b", "/a~1b", "/m~0n", "/e", "/d", "/", "/arr/0/1", "/arr/0/0", "/missing", "/a/n/x", "", "a",
        ];
        for pointer in pointers {
            let expected = value.pointer(pointer).and_then(serde_json::Value::as_str).map(str::to_owned);
            assert_eq!(string_at(json, pointer), expected, "{pointer}");
        }
        assert_eq!(string_at(json, "/a/b/2/c").as_deref(), Some("z"));
        assert_eq!(string_at(json, "/e").as_deref(), Some("A\n"));
    }
}
