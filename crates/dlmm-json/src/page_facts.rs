//! What a page walker needs to know about a page ([`PageFacts`]), noted while the page's JSON text for JavaScript
//! was written ([`crate::transcode`] into [`JsonText::noting_top`](crate::json_text::JsonText::noting_top)), so that
//! a list can be walked without decoding its items as models or reading its text twice.

use crate::json_scan::{Member, Scan};
use crate::json_text::{Noted, Written};
use crate::shape::js_name;

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
    /// The facts of a page written with [`JsonText::noting_top`](crate::json_text::JsonText::noting_top), from
    /// what the writing noted of its members ([`Written::top`]), whose items are under the key `items` (as written for
    /// JavaScript): nothing of the page is read again.
    pub fn of(page: &Written, items: &str) -> Self {
        let mut facts = PageFacts::default();
        for (wire, noted) in &page.top {
            let (key, short) = match noted {
                Noted::Array { len, first } if js_name(wire) == items => {
                    facts.count = *len;
                    facts.first = first.clone();
                    continue;
                }
                Noted::Array { .. } => continue,
                Noted::Short(text) => (js_name(wire), text),
            };
            let count = short.parse().ok();
            match key.as_str() {
                "total" => facts.total = count,
                "pages" => facts.pages = count,
                "currentPage" | "page" => facts.page = count,
                "pageSize" => facts.page_size = count,
                "hasNext" => facts.has_next = short.parse().ok(),
                "totalCount" => facts.total_count = count,
                _ => {}
            }
        }
        facts
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
    let mut value = json.as_bytes();
    for token in pointer.strip_prefix('/')?.split('/') {
        value = member(value, &token.replace("~1", "/").replace("~0", "~"))?;
    }
    Scan::new(value).string().map(|text| text.into_owned())
}

/// The member named by a JSON pointer's token in the value `value`: an object's value at that key (the last of
/// repeated keys, as a parsed object keeps it), an array's element at that index, or `None`.
fn member<'a>(value: &'a [u8], token: &str) -> Option<&'a [u8]> {
    // An index is digits without a leading zero (RFC 6901): `0` and `12`, not `01`, `-1` or `+1`.
    let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    let index = (digits && (token == "0" || !token.starts_with('0'))).then(|| token.parse::<usize>().ok()).flatten();
    let mut found = None;
    Scan::new(value).members(|member, scan| {
        let text = scan.value()?;
        let named = match member {
            Member::Key(key) => key == token,
            Member::Index(at) => Some(at) == index,
        };
        if named {
            found = Some(text);
        }
        Some(())
    })?;
    found
}

#[cfg(test)]
mod tests {
    // The models below are read by their shapes only.
    #![allow(dead_code)]

    use serde::Deserialize;

    use super::*;
    use crate::json_text::JsonText;
    use crate::shape::{HasShape, Shape};

    #[derive(Deserialize, Shape)]
    struct Item {
        #[serde(default)]
        address: Option<String>,
        #[serde(default)]
        x: Vec<u32>,
    }

    #[derive(Deserialize, Shape)]
    #[serde(rename_all(serialize = "camelCase"))]
    struct Counted {
        data: Vec<Item>,
        total: u64,
        pages: u64,
        current_page: u64,
        page_size: u64,
        #[serde(default)]
        other: Option<Item>,
    }

    #[derive(Deserialize, Shape)]
    #[serde(rename_all = "camelCase")]
    struct HasNext {
        pools: Vec<Item>,
        has_next: bool,
        total_count: Option<u64>,
        page: u64,
    }

    /// The facts noted while transcoding `body` by `shape`.
    fn facts(body: &str, shape: &Shape, items: &str) -> PageFacts {
        let mut out = JsonText::noting_top();
        crate::transcode::transcode(body.as_bytes(), shape, &mut out).unwrap();
        PageFacts::of(&out.finish().unwrap(), items)
    }

    #[test]
    fn notes_the_count_the_first_item_and_the_paging_numbers_in_any_member_order() {
        let members = [
            r#""data":[{"address":"a","x":[1,2]},{"address":"b"},{}]"#,
            r#""total":7"#,
            r#""pages":3"#,
            r#""current_page":1"#,
            r#""page_size":3"#,
            r#""other":{"address":"o","x":[9]}"#,
        ];
        for rotation in 0..members.len() {
            let mut order = members.to_vec();
            order.rotate_left(rotation);
            let facts = facts(&format!("{{{}}}", order.join(",")), &Counted::SHAPE, "data");
            assert_eq!(facts.count, 3);
            assert_eq!(facts.first.as_deref(), Some(r#"{"address":"a","x":[1,2]}"#));
            assert_eq!(facts.first_key(&["/address"]).as_deref(), Some("a"));
            assert_eq!(facts.first_key(&["/x/1", "/address"]).as_deref(), Some("a"), "the first pointer with a string");
            assert_eq!((facts.total, facts.pages, facts.page, facts.page_size), (Some(7), Some(3), Some(1), Some(3)));
            assert_eq!((facts.has_next, facts.total_count), (None, None));
        }
        let empty = facts(r#"{"pools":[],"hasNext":false,"totalCount":null,"page":2}"#, &HasNext::SHAPE, "pools");
        assert_eq!((empty.count, empty.first.as_deref(), empty.first_key(&["/address"])), (0, None, None));
        assert_eq!((empty.has_next, empty.total_count, empty.page), (Some(false), None, Some(2)));
        let one = facts(r#"{"totalCount":4,"pools":[{"x":[]}],"hasNext":true,"page":1}"#, &HasNext::SHAPE, "pools");
        assert_eq!(
            (one.count, one.first.as_deref(), one.has_next, one.total_count),
            (1, Some(r#"{"address":null,"x":[]}"#), Some(true), Some(4))
        );
        // Text written without noting has no facts to give.
        let mut plain = JsonText::default();
        crate::transcode::transcode(br#"{"pools":[{}],"hasNext":true,"page":1}"#, &HasNext::SHAPE, &mut plain).unwrap();
        assert_eq!(PageFacts::of(&plain.finish().unwrap(), "pools"), PageFacts::default());
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
