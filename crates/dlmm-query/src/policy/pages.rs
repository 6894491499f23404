//! Walking the pages of a list operation: stops at `total`, and guards against servers that loop.

/// What the walker wants next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageStep {
    /// Fetch this 0-based page.
    Fetch(u64),
    /// Every item has been seen (or the server ran out early).
    Done,
    /// The server repeated a page or kept going past `total`: stop rather than loop.
    Looping,
}

/// The state of a walk over pages of `limit` items, starting at page `first_page`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageWalker {
    next_page: u64,
    limit: u32,
    seen: u64,
    total: Option<u64>,
    last_first_item: Option<String>,
    pages: u32,
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
            last_first_item: None,
            pages: 0,
            state: None,
        }
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
    /// its first item (e.g. the pair address) used to notice a server that ignores the page number.
    pub fn record(&mut self, items: usize, total: u64, first_item: Option<&str>) {
        if self.state.is_some() {
            return;
        }
        self.pages += 1;
        let repeated = first_item.is_some() && first_item == self.last_first_item.as_deref();
        let already = self.next_page.saturating_mul(u64::from(self.limit));
        self.total = Some(total);
        self.seen += items as u64;
        self.last_first_item = first_item.map(str::to_owned);
        // More pages than `total` can fill, or the same page twice, means the server is not paging.
        let most_pages = total.div_ceil(u64::from(self.limit)) + 1;
        if repeated || u64::from(self.pages) > most_pages {
            self.state = Some(PageStep::Looping);
        } else if items == 0 || already + items as u64 >= total || (items as u64) < u64::from(self.limit) {
            self.state = Some(PageStep::Done);
        } else if let Some(next) = self.next_page.checked_add(1) {
            self.next_page = next;
        } else {
            self.state = Some(PageStep::Done);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_growing_total_is_followed() {
        let (fetched, end, seen) = walk(10, |page| (10, if page == 0 { 10 } else { 20 }, Some(format!("p{page}"))));
        assert_eq!((fetched, end, seen), (vec![0], PageStep::Done, 10), "stops when the first answer said 10");
    }
}
