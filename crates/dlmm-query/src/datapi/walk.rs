//! Walking every page of a datapi list, over both envelope styles, with guards against a server that loops.
//!
//! Datapi pages are 1-based. Pools, groups and limit orders answer `{total, pages, current_page, page_size, data}`
//! ([`PageEnd::Counted`]): the walk stops at the last page, a short or empty page, or `total`. The portfolio and
//! P&L routes answer `{…, page, pageSize, hasNext, totalCount}` ([`PageEnd::HasNext`]): the walk stops when
//! `hasNext` is false or a page is empty. Either way a server that repeats a page, answers another page than the
//! one asked for, keeps saying `hasNext` past `totalCount`, or goes on beyond [`MAX_PAGES`] ends the walk with a
//! decode error instead of looping forever.

use std::borrow::Borrow;

use futures_util::{Stream, StreamExt};

use crate::client::{CallOptions, Client};
use crate::datapi::models::dlmm::{
    ClosedLimitOrder, ClosedLimitOrderPool, OpenLimitOrder, OpenLimitOrderPool, OpenPortfolioPool, PortfolioPool,
    PositionPnlRecord,
};
use crate::datapi::models::{damm_v2, dlmm};
use crate::datapi::ops::{damm_v2 as damm_v2_ops, dlmm as dlmm_ops};
use crate::error::Error;
use crate::ops::Operation;
use crate::page_facts::PageFacts;
use crate::transport::Transport;

/// The most pages one walk fetches, whatever the server says (a hard stop for a server that never ends).
pub const MAX_PAGES: u32 = 100_000;

/// How a page says whether more follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageEnd {
    /// `{total, pages, …}`: the item count and page count of the whole list.
    Counted {
        /// Items in the whole list.
        total: u64,
        /// Pages in the whole list.
        pages: u64,
    },
    /// `{hasNext, totalCount, …}`.
    HasNext {
        /// Whether another page follows.
        has_next: bool,
        /// Items in the whole list.
        total_count: u64,
    },
}

/// One page of a list, whatever its envelope.
#[derive(Clone, Debug, PartialEq)]
pub struct DatapiPage<T> {
    /// The page's items.
    pub items: Vec<T>,
    /// The 1-based page number the server says it answered (0 when it did not say).
    pub page: u64,
    /// The page size the server used.
    pub page_size: u64,
    /// Whether more pages follow.
    pub end: PageEnd,
}

/// A datapi list operation that a walk can page through.
pub trait DatapiPaged: Operation + Clone {
    /// One listed item.
    type Item: Clone + PartialEq;

    /// The 1-based page the operation asks for.
    fn first_page(&self) -> u32;

    /// The same operation asking for `page`.
    fn with_page(self, page: u32) -> Self;

    /// Splits an answer into its items and paging facts.
    fn into_page(output: Self::Output) -> DatapiPage<Self::Item>;

    /// The output's key holding the items, as written for JavaScript (`data`, `pools`).
    const ITEMS: &'static str;

    /// The paging facts of a page read from its JSON text for JavaScript ([`PageFacts`]), with its first item.
    fn facts_page(facts: PageFacts) -> DatapiPage<String>;
}

/// Implements [`DatapiPaged`] for operations answering `{total, pages, current_page, page_size, data}`.
macro_rules! counted {
    ($($operation:ty => $item:ty, |$op:ident| $page:expr;)+) => {$(
        impl DatapiPaged for $operation {
            type Item = $item;
            const ITEMS: &'static str = "data";
            fn first_page(&self) -> u32 {
                let $op = self;
                $page
            }
            fn facts_page(facts: PageFacts) -> DatapiPage<String> {
                DatapiPage {
                    page: facts.page.unwrap_or(0),
                    page_size: facts.page_size.unwrap_or(0),
                    end: PageEnd::Counted { total: facts.total.unwrap_or(0), pages: facts.pages.unwrap_or(0) },
                    items: facts.first.map_or_else(Vec::new, |first| vec![first]),
                }
            }
            fn with_page(self, page: u32) -> Self {
                self.page(page)
            }
            fn into_page(output: Self::Output) -> DatapiPage<$item> {
                DatapiPage {
                    page: output.current_page,
                    page_size: output.page_size,
                    end: PageEnd::Counted { total: output.total, pages: output.pages },
                    items: output.data,
                }
            }
        }
    )+};
}

counted! {
    dlmm_ops::GetPools => dlmm::Pool, |op| op.list().page_number();
    dlmm_ops::GetGroups => dlmm::Group, |op| op.list().page_number();
    dlmm_ops::GetGroup => dlmm::Pool, |op| op.list().page_number();
    damm_v2_ops::GetPools => damm_v2::Pool, |op| op.list().page_number();
    damm_v2_ops::GetGroups => damm_v2::Group, |op| op.list().page_number();
    damm_v2_ops::GetGroup => damm_v2::Pool, |op| op.list().page_number();
    dlmm_ops::GetOpenLimitOrderPools => OpenLimitOrderPool, |op| op.page_number();
    dlmm_ops::GetOpenLimitOrders => OpenLimitOrder, |op| op.page_number();
    dlmm_ops::GetClosedLimitOrderPools => ClosedLimitOrderPool, |op| op.page_number();
    dlmm_ops::GetClosedLimitOrders => ClosedLimitOrder, |op| op.page_number();
}

/// Implements [`DatapiPaged`] for operations answering `{…, page, pageSize, hasNext, totalCount}`.
macro_rules! has_next {
    ($($operation:ty => $item:ty, $items:ident;)+) => {$(
        impl DatapiPaged for $operation {
            type Item = $item;
            const ITEMS: &'static str = stringify!($items);
            fn first_page(&self) -> u32 {
                self.page_number()
            }
            fn facts_page(facts: PageFacts) -> DatapiPage<String> {
                DatapiPage {
                    page: facts.page.unwrap_or(0),
                    page_size: facts.page_size.unwrap_or(0),
                    end: PageEnd::HasNext {
                        has_next: facts.has_next.unwrap_or(false),
                        total_count: facts.total_count.unwrap_or(0),
                    },
                    items: facts.first.map_or_else(Vec::new, |first| vec![first]),
                }
            }
            fn with_page(self, page: u32) -> Self {
                self.page(page)
            }
            fn into_page(output: Self::Output) -> DatapiPage<$item> {
                DatapiPage {
                    page: output.page,
                    page_size: output.page_size,
                    end: PageEnd::HasNext { has_next: output.has_next, total_count: output.total_count },
                    items: output.$items,
                }
            }
        }
    )+};
}

has_next! {
    dlmm_ops::GetPortfolio => PortfolioPool, pools;
    dlmm_ops::GetOpenPortfolio => OpenPortfolioPool, pools;
    dlmm_ops::GetPositionsPnl => PositionPnlRecord, positions;
}

/// What a walk wants next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkStep {
    /// Fetch this 1-based page.
    Fetch(u32),
    /// The list is exhausted.
    Done,
    /// The server is not paging honestly: stop rather than loop.
    Looping(&'static str),
}

/// The state of a walk over 1-based pages (a pure state machine: feed it each page, ask it what next).
#[derive(Clone, Debug, PartialEq)]
pub struct DatapiWalker<T> {
    next_page: u32,
    fetched: u32,
    max_pages: u32,
    last_first_item: Option<T>,
    state: Option<WalkStep>,
}

impl<T: Clone + PartialEq> DatapiWalker<T> {
    /// A walk from `first_page` (0 is treated as 1) of at most [`MAX_PAGES`] pages.
    pub fn new(first_page: u32) -> Self {
        Self { next_page: first_page.max(1), fetched: 0, max_pages: MAX_PAGES, last_first_item: None, state: None }
    }

    /// The same walk with another hard maximum of pages.
    pub fn with_max_pages(mut self, max_pages: u32) -> Self {
        self.max_pages = max_pages.max(1);
        self
    }

    /// The 1-based page the walk asks for next.
    pub fn next_page(&self) -> u32 {
        self.next_page
    }

    /// What to do now.
    pub fn step(&self) -> WalkStep {
        self.state.unwrap_or(WalkStep::Fetch(self.next_page))
    }

    /// Records the page just fetched (the one [`step`](Self::step) asked for). False when the page repeats the last
    /// one or is another page than the one asked for (or the walk had ended): its items must not be handed out.
    pub fn record(&mut self, page: &DatapiPage<T>) -> bool {
        self.record_counted(page.items.len(), page)
    }

    /// Like [`record`](Self::record), for a page of `count` items of which `page` holds only the first (or none).
    pub fn record_counted(&mut self, count: usize, page: &DatapiPage<T>) -> bool {
        if self.state.is_some() {
            return false;
        }
        self.fetched += 1;
        let asked = u64::from(self.next_page);
        let items = count as u64;
        let first = page.items.first();
        let repeated = first.is_some() && first == self.last_first_item.as_ref();
        self.last_first_item = first.cloned();
        let size = if page.page_size > 0 { page.page_size } else { items.max(1) };
        let before = (asked - 1).saturating_mul(size);
        let (done, past_the_end) = match page.end {
            PageEnd::Counted { total, pages } => {
                (items == 0 || asked >= pages || before.saturating_add(items) >= total || items < size, false)
            }
            PageEnd::HasNext { has_next, total_count } => {
                (items == 0 || !has_next, total_count > 0 && asked > total_count.div_ceil(size))
            }
        };
        let out_of_order = page.page != 0 && page.page != asked;
        self.state = if repeated {
            Some(WalkStep::Looping("the server sent the same page twice"))
        } else if out_of_order {
            Some(WalkStep::Looping("the server answered another page than the one asked for"))
        } else if done {
            Some(WalkStep::Done)
        } else if past_the_end {
            Some(WalkStep::Looping("the server says `hasNext` past its `totalCount`"))
        } else if self.fetched >= self.max_pages {
            Some(WalkStep::Looping("the list goes on past the most pages one walk fetches"))
        } else {
            match self.next_page.checked_add(1).filter(|p| *p <= crate::datapi::params::MAX_PAGE) {
                Some(next) => {
                    self.next_page = next;
                    None
                }
                None => Some(WalkStep::Done),
            }
        };
        !repeated && !out_of_order
    }
}

impl<T: Transport> Client<T> {
    /// Every page of a datapi list, from the page the operation asks for to the end, one request per page.
    ///
    /// The stream ends after the last page, after an error (yielded once), or — yielding a decode error — when the
    /// server does not page honestly (see [`walk`](crate::datapi::walk)). Dropping the stream stops the walk.
    pub fn datapi_pages<'a, O: DatapiPaged + 'a>(
        &'a self,
        operation: O,
    ) -> impl Stream<Item = Result<Vec<O::Item>, Error>> + 'a {
        walk_datapi_pages(self, operation, CallOptions::default())
    }

    /// Like [`datapi_pages`](Self::datapi_pages), with per-call options applied to every page; the stream owns a
    /// clone of the client (cheap: clones share the transport and the rate limits), so it borrows nothing.
    pub fn datapi_pages_with<O: DatapiPaged + 'static>(
        &self,
        operation: O,
        options: CallOptions,
    ) -> impl Stream<Item = Result<Vec<O::Item>, Error>> + 'static
    where
        T: Clone + 'static,
    {
        walk_datapi_pages(self.clone(), operation, options)
    }

    /// Every item of a datapi list (all its pages, in order), or the first error.
    pub async fn datapi_collect<O: DatapiPaged>(
        &self,
        operation: O,
        options: CallOptions,
    ) -> Result<Vec<O::Item>, Error> {
        let mut all = Vec::new();
        let mut pages = std::pin::pin!(walk_datapi_pages(self, operation, options));
        while let Some(page) = pages.next().await {
            all.extend(page?);
        }
        Ok(all)
    }
}

/// The walk behind [`Client::datapi_pages`] and [`Client::datapi_pages_with`], over a borrowed or an owned client.
fn walk_datapi_pages<T: Transport, C: Borrow<Client<T>>, O: DatapiPaged>(
    client: C,
    operation: O,
    options: CallOptions,
) -> impl Stream<Item = Result<Vec<O::Item>, Error>> {
    let walker = DatapiWalker::new(operation.first_page());
    futures_util::stream::unfold(Some((client, walker, operation)), move |state| async move {
        let (client, mut walker, operation) = state?;
        match walker.step() {
            WalkStep::Done => None,
            WalkStep::Looping(why) => Some((Err(looping(client.borrow(), &operation, walker.next_page, why)), None)),
            WalkStep::Fetch(page) => match client.borrow().send_with(&operation.clone().with_page(page), options).await
            {
                Err(error) => Some((Err(error), None)),
                Ok(output) => {
                    let page = O::into_page(output);
                    match (walker.record(&page), walker.step()) {
                        (false, WalkStep::Looping(why)) => {
                            Some((Err(looping(client.borrow(), &operation, walker.next_page, why)), None))
                        }
                        _ => Some((Ok(page.items), Some((client, walker, operation)))),
                    }
                }
            },
        }
    })
}

/// The error ending a walk over a server that does not page honestly, naming the URL of `page`.
fn looping<T: Transport, O: DatapiPaged>(client: &Client<T>, operation: &O, page: u32, why: &str) -> Error {
    let url = operation
        .clone()
        .with_page(page)
        .request()
        .map(|r| r.url(client.config().base_url(r.group)))
        .unwrap_or_default();
    looping_error(url, why)
}

/// The error that ends a datapi walk at `url` whose server does not page honestly (`why`).
pub(crate) fn looping_error(url: String, why: &str) -> Error {
    Error::wrong_shape(url, Some("page".to_owned()), format!("{why}: stopped instead of looping"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walks a simulated server: `server(page)` answers the 1-based `page`. Returns the pages fetched and the end.
    fn walk(first: u32, server: impl Fn(u64) -> DatapiPage<u64>) -> (Vec<u32>, WalkStep, u64) {
        let mut w = DatapiWalker::new(first).with_max_pages(50);
        let (mut fetched, mut seen) = (Vec::new(), 0);
        while let WalkStep::Fetch(page) = w.step() {
            fetched.push(page);
            assert!(fetched.len() <= 60, "the walker itself looped");
            let answer = server(u64::from(page));
            seen += answer.items.len() as u64;
            w.record(&answer);
        }
        (fetched, w.step(), seen)
    }

    #[test]
    fn a_repeated_or_out_of_order_page_is_not_to_be_handed_out() {
        let page = |page, first| DatapiPage {
            items: vec![first],
            page,
            page_size: 1,
            end: PageEnd::Counted { total: 10, pages: 10 },
        };
        let mut w = DatapiWalker::new(1);
        assert!(w.record(&page(1, 1)) && !w.record(&page(2, 1)), "the same page twice");
        let mut w = DatapiWalker::new(1);
        assert!(w.record(&page(1, 1)) && !w.record(&page(1, 2)), "page 1 when page 2 was asked for");
        assert!(!w.record(&page(3, 3)), "after the walk ended");
    }

    /// An honest `{total, pages}` server with `total` items in pages of `size`.
    fn counted(total: u64, size: u64) -> impl Fn(u64) -> DatapiPage<u64> {
        move |page| {
            let start = (page - 1) * size;
            let items: Vec<u64> = (start..total.min(start + size)).collect();
            DatapiPage { items, page, page_size: size, end: PageEnd::Counted { total, pages: total.div_ceil(size) } }
        }
    }

    /// A `{hasNext, totalCount}` server with `total` items in pages of `size`, `lie` pages saying `hasNext` anyway.
    fn has_next(total: u64, size: u64, total_count: u64, forever: bool) -> impl Fn(u64) -> DatapiPage<u64> {
        move |page| {
            let start = (page - 1) * size;
            let end = if forever { start + size } else { total.min(start + size) };
            let has_next = forever || end < total;
            DatapiPage {
                items: (start..end).collect(),
                page,
                page_size: size,
                end: PageEnd::HasNext { has_next, total_count },
            }
        }
    }

    #[test]
    fn counted_lists_stop_at_the_last_page() {
        for (total, size, pages) in [(0, 10, vec![1]), (10, 10, vec![1]), (11, 10, vec![1, 2]), (25, 10, vec![1, 2, 3])]
        {
            assert_eq!(walk(1, counted(total, size)), (pages, WalkStep::Done, total), "total {total}");
        }
        let (fetched, end, seen) = walk(2, counted(25, 10));
        assert_eq!((fetched, end, seen), (vec![2, 3], WalkStep::Done, 15), "starts where the operation asks");
        let (fetched, _, _) = walk(0, counted(5, 10));
        assert_eq!(fetched, [1], "page 0 is read as page 1");
    }

    #[test]
    fn has_next_lists_stop_when_has_next_is_false() {
        assert_eq!(walk(1, has_next(45, 20, 45, false)), (vec![1, 2, 3], WalkStep::Done, 45));
        assert_eq!(walk(1, has_next(0, 20, 0, false)), (vec![1], WalkStep::Done, 0));
    }

    #[test]
    fn servers_that_loop_are_caught() {
        // The same page whatever is asked.
        let same = |_| DatapiPage {
            items: vec![1, 2],
            page: 0,
            page_size: 2,
            end: PageEnd::Counted { total: 100, pages: 50 },
        };
        let (fetched, end, _) = walk(1, same);
        assert_eq!((fetched.len(), end), (2, WalkStep::Looping("the server sent the same page twice")));
        // Another page than asked.
        let (fetched, end, _) = walk(1, |p| DatapiPage { page: 1, ..counted(100, 10)(p) });
        assert_eq!(fetched, [1, 2]);
        assert!(matches!(end, WalkStep::Looping(why) if why.contains("another page")));
        // hasNext past totalCount: one page of grace, then stop.
        let (fetched, end, _) = walk(1, has_next(0, 10, 25, true));
        assert_eq!(fetched, [1, 2, 3, 4]);
        assert!(matches!(end, WalkStep::Looping(why) if why.contains("totalCount")));
        // hasNext forever without a count: the hard maximum.
        let (fetched, end, _) = walk(1, has_next(0, 10, 0, true));
        assert_eq!(fetched.len(), 50);
        assert!(matches!(end, WalkStep::Looping(why) if why.contains("most pages")));
        // Full pages past `total` on a counted list stop at `total` (as the keeper's walker does).
        let (fetched, end, _) =
            walk(1, |p| DatapiPage { end: PageEnd::Counted { total: 25, pages: 99 }, ..counted(1000, 10)(p) });
        assert_eq!((fetched, end), (vec![1, 2, 3], WalkStep::Done));
    }

    #[test]
    fn short_or_empty_pages_end_the_walk() {
        let (fetched, end, seen) =
            walk(1, |p| DatapiPage { items: if p == 1 { (0..10).collect() } else { vec![99] }, ..counted(100, 10)(p) });
        assert_eq!((fetched, end, seen), (vec![1, 2], WalkStep::Done, 11));
        let (fetched, end, _) = walk(1, |p| DatapiPage { items: vec![], ..has_next(100, 10, 100, true)(p) });
        assert_eq!((fetched, end), (vec![1], WalkStep::Done));
    }
}
