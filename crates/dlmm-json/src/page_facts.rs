//! What a page walker needs to know about a page ([`PageFacts`]), read from the page's JSON text for JavaScript
//! (what [`crate::transcode`] wrote: validated, with the output's camelCase names), so that a list can be walked
//! without decoding its items as models.

use crate::json_scan::{Member, Scan};

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
    /// Reads the facts of the page `text` whose items are under the key `items` (`None` when the text is no page
    /// object: never met for a page the transcoder wrote).
    pub fn read(text: &str, items: &str) -> Option<Self> {
        let mut facts = PageFacts::default();
        let mut scan = Scan::new(text.as_bytes());
        if scan.peek()? != b'{' {
            return None;
        }
        scan.members(|member, scan| {
            let Member::Key(key) = member else { return None };
            match &*key {
                k if k == items => {
                    let (mut first, mut count) = (None, 0);
                    scan.elements(|scan| {
                        let item = scan.value()?;
                        first = first.or(Some(item));
                        count += 1;
                        Some(())
                    })?;
                    facts.first = first.map(|item| String::from_utf8_lossy(item).into_owned());
                    facts.count = count;
                }
                "total" => facts.total = count(scan)?,
                "pages" => facts.pages = count(scan)?,
                "currentPage" | "page" => facts.page = count(scan)?,
                "pageSize" => facts.page_size = count(scan)?,
                "hasNext" => facts.has_next = flag(scan)?,
                "totalCount" => facts.total_count = count(scan)?,
                _ => _ = scan.value()?,
            }
            Some(())
        })?;
        scan.at_end().then_some(facts)
    }

    /// The first item's key: the string at the first of the JSON `pointers` that holds one (the key a walker tells
    /// pages apart by).
    pub fn first_key(&self, pointers: &[&str]) -> Option<String> {
        let first = self.first.as_deref()?;
        pointers.iter().find_map(|pointer| string_at(first, pointer))
    }
}

/// An `Option<u64>` as serde reads one: `null`, or an integer literal.
fn count(scan: &mut Scan<'_>) -> Option<Option<u64>> {
    if scan.null() {
        return Some(None);
    }
    scan.number_text()?.parse().ok().map(Some)
}

/// An `Option<bool>` as serde reads one.
fn flag(scan: &mut Scan<'_>) -> Option<Option<bool>> {
    if scan.null() {
        return Some(None);
    }
    match scan.value()? {
        b"true" => Some(Some(true)),
        b"false" => Some(Some(false)),
        _ => None,
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
        assert!(PageFacts::read("[1]", "data").is_none());
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
