//! Walking the pages of a list operation: stops at `total`, and guards against servers that loop.
//!
//! Every walk is bounded three ways: by the pages the reported `total` implies, by never accepting a page whose
//! first item already opened an earlier page (a server ignoring or cycling the page number), and by a hard maximum
//! of pages ([`MAX_PAGES`] unless set otherwise) for a server that invents ever new items under a vast `total`.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// The most pages one walk fetches by default (at 50 items a page, five million items).
pub const MAX_PAGES: u32 = 100_000;

/// What the walker wants next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageStep {
    /// Fetch this 0-based page.
    Fetch(u64),
    /// Every item has been seen (or the server ran out early).
    Done,
    /// The server repeated a page, kept going past `total`, or the walk reached its maximum of pages: stop rather
    /// than loop.
    Looping,
}

/// The state of a walk over pages of `limit` items, starting at page `first_page`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageWalker {
    next_page: u64,
    limit: u32,
    seen: u64,
    total: Option<u64>,
    first_items: HashSet<u64, BuildHasherDefault<KeyHashHasher>>,
    pages: u32,
    max_pages: u32,
    state: Option<PageStep>,
}

impl PageWalker {
    /// A walk from `first_page` with pages of `limit` items (a limit of 0 is treated as 1).
    pub fn new(first_page: u64, limit: u32) -> Self {
        Self {
            next_page: first_page,
            limit: limit.max(1),
            seen: 0,
            total: None,
            first_items: HashSet::default(),
            pages: 0,
            max_pages: MAX_PAGES,
            state: None,
        }
    }

    /// The same walk, stopping with [`PageStep::Looping`] after `pages` pages (at least 1) instead of [`MAX_PAGES`].
    pub fn with_max_pages(mut self, pages: u32) -> Self {
        self.max_pages = pages.max(1);
        self
    }

    /// What to do now.
    pub fn step(&self) -> PageStep {
        self.state.unwrap_or(PageStep::Fetch(self.next_page))
    }

    /// Items seen so far.
    pub fn seen(&self) -> u64 {
        self.seen
    }

    /// Records the page just fetched: how many `items` it held, the `total` the server reported, and a key of
    /// its first item (e.g. the pair address) used to notice a server that ignores the page number. False when the
    /// page repeats an earlier one (or the walk had ended): its items must not be handed out.
    pub fn record(&mut self, items: usize, total: u64, first_item: Option<&str>) -> bool {
        if self.state.is_some() {
            return false;
        }
        self.pages = self.pages.saturating_add(1);
        // A first item that already opened an earlier page: the server repeats or cycles its pages.
        let repeated = first_item.is_some_and(|key| !self.first_items.insert(key_hash(key)));
        let limit = u64::from(self.limit);
        let already = self.next_page.saturating_mul(limit);
        self.total = Some(total);
        self.seen = self.seen.saturating_add(items as u64);
        // More pages than `total` can fill means the server is not paging.
        let most_pages = total.div_ceil(limit).saturating_add(1);
        if repeated || u64::from(self.pages) > most_pages {
            self.state = Some(PageStep::Looping);
            return !repeated;
        } else if items == 0 || already.saturating_add(items as u64) >= total || (items as u64) < limit {
            self.state = Some(PageStep::Done);
        } else if self.pages >= self.max_pages {
            self.state = Some(PageStep::Looping);
        } else if let Some(next) = self.next_page.checked_add(1) {
            self.next_page = next;
        } else {
            self.state = Some(PageStep::Done);
        }
        true
    }
}

/// A hash of an item key (the walker keeps these, not the keys): 64-bit FNV-1a, fixed and small (the keys come from
/// the server whose paging is checked, which gains nothing from a collision but an early stop).
fn key_hash(key: &str) -> u64 {
    fnv1a(0xcbf2_9ce4_8422_2325, key.as_bytes())
}

/// `bytes` folded into `hash` by FNV-1a's step.
fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// The hasher of the set of key hashes: a key hash is already a hash, so it is its own.
#[derive(Clone, Debug, Default)]
struct KeyHashHasher(u64);

impl Hasher for KeyHashHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `u64`s are hashed (`write_u64`); any other input is folded in as FNV-1a would.
        self.0 = fnv1a(self.0, bytes);
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_hashes_are_fnv1a_and_the_set_keeps_them_apart() {
        // FNV-1a's published 64-bit values.
        assert_eq!(key_hash(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(key_hash("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(key_hash("foobar"), 0x8594_4171_f739_67e8);
        let mut w = PageWalker::new(0, 1);
        for key in ["pair-a", "pair-b", "pair-c"] {
            assert!(w.record(1, 10, Some(key)), "{key}'s page is handed out");
            assert!(matches!(w.step(), PageStep::Fetch(_)), "{key} is new");
        }
        assert!(!w.record(1, 10, Some("pair-b")), "a repeated page is not handed out");
        assert_eq!(w.step(), PageStep::Looping, "a repeated first item");
    }

    /// Walks a simulated server returning `pages[i]` = (items, total, first key) for page i.
    fn walk(limit: u32, server: impl Fn(u64) -> (usize, u64, Option<String>)) -> (Vec<u64>, PageStep, u64) {
        let mut w = PageWalker::new(0, limit);
        let mut fetched = Vec::new();
        while let PageStep::Fetch(page) = w.step() {
            fetched.push(page);
            assert!(fetched.len() < 100, "the walker itself looped");
            let (items, total, first) = server(page);
            w.record(items, total, first.as_deref());
        }
        (fetched, w.step(), w.seen())
    }

    fn honest(total: u64, limit: u32) -> impl Fn(u64) -> (usize, u64, Option<String>) {
        move |page| {
            let start = page * u64::from(limit);
            let items = total.saturating_sub(start).min(u64::from(limit)) as usize;
            (items, total, (items > 0).then(|| format!("item{start}")))
        }
    }

    #[test]
    fn stops_at_total() {
        let table = [
            (0, 50, vec![0]),
            (1, 50, vec![0]),
            (50, 50, vec![0]),
            (51, 50, vec![0, 1]),
            (250, 50, vec![0, 1, 2, 3, 4]),
        ];
        for (total, limit, pages) in table {
            let (fetched, end, seen) = walk(limit, honest(total, limit));
            assert_eq!((fetched, end, seen), (pages, PageStep::Done, total), "total {total}");
        }
    }

    #[test]
    fn a_server_ignoring_the_page_number_is_caught() {
        let (fetched, end, _) = walk(10, |_| (10, 1000, Some("same".into())));
        assert_eq!((fetched.len(), end), (2, PageStep::Looping));
    }

    #[test]
    fn a_server_that_never_runs_out_is_caught() {
        let (fetched, end, _) = walk(10, |page| (10, 25, Some(format!("p{page}"))));
        assert_eq!(end, PageStep::Done, "full pages past total: stops at total");
        assert_eq!(fetched, [0, 1, 2]);
        let (fetched, end, _) = walk(10, |page| (10, 5, Some(format!("p{page}"))));
        assert_eq!((fetched, end), (vec![0], PageStep::Done));
    }

    #[test]
    fn a_short_or_empty_page_ends_the_walk_even_if_total_is_larger() {
        let (fetched, end, seen) =
            walk(10, |page| if page == 0 { (10, 100, Some("a".into())) } else { (3, 100, Some("b".into())) });
        assert_eq!((fetched, end, seen), (vec![0, 1], PageStep::Done, 13));
        let (_, end, seen) = walk(10, |_| (0, 100, None));
        assert_eq!((end, seen), (PageStep::Done, 0));
    }

    #[test]
    fn a_total_of_u64_max_does_not_overflow_and_the_walk_is_bounded() {
        let mut w = PageWalker::new(0, 1).with_max_pages(50);
        while let PageStep::Fetch(page) = w.step() {
            w.record(1, u64::MAX, Some(&page.to_string()));
        }
        assert_eq!((w.step(), w.seen()), (PageStep::Looping, 50));
        let mut w = PageWalker::new(0, 1);
        let mut pages = 0u32;
        while let PageStep::Fetch(page) = w.step() {
            pages += 1;
            w.record(1, u64::MAX, Some(&page.to_string()));
        }
        assert_eq!((pages, w.step(), w.seen()), (MAX_PAGES, PageStep::Looping, u64::from(MAX_PAGES)));
        let mut w = PageWalker::new(u64::MAX, u32::MAX);
        w.record(usize::MAX, u64::MAX, Some("last"));
        assert_eq!((w.step(), w.seen()), (PageStep::Done, usize::MAX as u64));
    }

    #[test]
    fn a_server_alternating_between_two_pages_is_caught() {
        let (fetched, end, _) =
            walk(10, |page| (10, 1_000_000_000_000, Some(if page % 2 == 0 { "a" } else { "b" }.to_owned())));
        assert_eq!((fetched, end), (vec![0, 1, 2], PageStep::Looping));
        let (fetched, end, _) = walk(10, |page| (10, u64::MAX, Some(format!("k{}", page % 5))));
        assert_eq!((fetched.len(), end), (6, PageStep::Looping));
    }

    #[test]
    fn a_growing_total_is_followed() {
        let (fetched, end, seen) = walk(10, |page| (10, if page == 0 { 10 } else { 20 }, Some(format!("p{page}"))));
        assert_eq!((fetched, end, seen), (vec![0], PageStep::Done, 10), "stops when the first answer said 10");
    }
}
