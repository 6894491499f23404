//! What a page walker needs to know about a page ([`PageFacts`]), read from the page's JSON text for JavaScript
//! (what [`crate::transcode`] wrote: validated, with the output's camelCase names), so that a list can be walked
//! without decoding its items as models.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

/// A page's item count, its first item, and the paging numbers it carries (`None` for those it does not).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PageFacts {
    /// How many items the page holds.
    pub count: usize,
    /// The first item, as JSON.
    pub first: Option<Value>,
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
        let mut de = serde_json::Deserializer::from_str(text);
        de::Deserializer::deserialize_map(&mut de, FactsVisitor { items, facts: &mut facts })?;
        de.end()?;
        Ok(facts)
    }

    /// The first item's key: the string at the first of the JSON `pointers` that holds one (the key a walker tells
    /// pages apart by).
    pub fn first_key(&self, pointers: &[&str]) -> Option<&str> {
        let first = self.first.as_ref()?;
        pointers.iter().find_map(|pointer| first.pointer(pointer).and_then(Value::as_str))
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
        self.facts.first = seq.next_element()?;
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
        assert_eq!(facts.first_key(&["/address"]), Some("a"));
        assert_eq!(facts.first_key(&["/x/1", "/address"]), Some("a"), "the first pointer holding a string wins");
        let groups = PageFacts::read(r#"{"groups":[{"name":"A-B","pairs":[{"address":"p"}]}],"total":1}"#, "groups");
        assert_eq!(groups.unwrap().first_key(&["/pairs/0/address", "/name"]), Some("p"));
        assert_eq!((facts.total, facts.pages, facts.page, facts.page_size), (Some(7), Some(3), Some(1), Some(3)));
        assert_eq!((facts.has_next, facts.total_count), (None, None));
        let empty = PageFacts::read(r#"{"pools":[],"hasNext":false,"totalCount":0,"page":2}"#, "pools").unwrap();
        assert_eq!((empty.count, empty.first_key(&["/address"])), (0, None));
        assert_eq!((empty.has_next, empty.total_count, empty.page), (Some(false), Some(0), Some(2)));
        assert!(PageFacts::read("[1]", "data").is_err());
    }
}
