//! Walking a list's pages as JSON text for JavaScript, for the lists of both generations.
//!
//! A list operation is turned into data first ([`ListPages`]: its request at any page, its output's shape, where its
//! pages keep their items, and which walker guards it), so that one walk, not one per operation, does the fetching,
//! transcoding and paging. Each page is transcoded ([`crate::transcode`]) and the walker takes what it needs from
//! what the writing noted ([`PageFacts`]), so no listed item is ever built as a model nor its text read twice.

use futures_util::Stream;

use crate::client::{CallOptions, Client};
use crate::compose::PagedList;
use crate::datapi::walk::{DatapiPage, DatapiPaged, DatapiWalker, WalkStep};
use crate::error::{Error, InvalidInput};
use crate::json_text::{JsonText, Written};
use crate::ops::Operation;
use crate::page_facts::PageFacts;
use crate::policy::{PageStep, PageWalker};
use crate::request::{Missing, Request};
use crate::shape::{HasShape, Shape};
use crate::transport::Transport;

/// A list operation as data: how to ask for any of its pages and how to read them.
pub struct ListPages {
    /// The operation's request at a page (0-based for the keeper, 1-based for the datapi).
    request_at: Box<dyn Fn(u64) -> Result<Request, InvalidInput>>,
    /// The request as the operation asks it (named by the keeper's looping error), or why it cannot be made.
    asked: Result<Request, InvalidInput>,
    missing: Missing,
    shape: &'static Shape,
    /// The output's key holding the items, as written for JavaScript (`pairs`, `data`).
    pub items: &'static str,
    walker: Walker,
    /// True once the walk ended (after its last page or an error).
    ended: bool,
}

/// The guard of a walk: the keeper's over `total`, or the datapi's over either envelope.
enum Walker {
    /// A keeper list, told apart page by page by its first item's key (at the first of the JSON pointers `item_keys`
    /// that holds a string).
    Keeper { walker: PageWalker, item_keys: &'static [&'static str] },
    /// A datapi list, its paging facts read by `facts_page`.
    Datapi { walker: DatapiWalker<String>, facts_page: fn(PageFacts) -> DatapiPage<String> },
}

impl ListPages {
    /// A keeper list, walked from the page it asks for to the server's `total`.
    pub fn keeper<O: PagedList + 'static>(operation: O) -> Self {
        let query = operation.list_query();
        let walker = PageWalker::new(query.page_number(), query.page_size());
        Self::new(operation, |o, page| o.at_page(page), Walker::Keeper { walker, item_keys: O::ITEM_KEYS }, O::ITEMS)
    }

    /// A datapi list, walked from the page it asks for to its end.
    pub fn datapi<O: DatapiPaged + 'static>(operation: O) -> Self {
        let walker = DatapiWalker::new(operation.first_page());
        let page = |o: O, page: u64| o.with_page(u32::try_from(page).unwrap_or(u32::MAX));
        Self::new(operation, page, Walker::Datapi { walker, facts_page: O::facts_page }, O::ITEMS)
    }

    fn new<O: Operation + Clone + 'static>(
        operation: O,
        at_page: fn(O, u64) -> O,
        walker: Walker,
        items: &'static str,
    ) -> Self {
        Self {
            asked: operation.request(),
            missing: O::MISSING,
            shape: &<O::Output as HasShape>::SHAPE,
            items,
            walker,
            ended: false,
            request_at: Box::new(move |page| at_page(operation.clone(), page).request()),
        }
    }

    /// Checks the operation's input: the error its request gives, if it cannot be made (nothing is sent then).
    pub fn check(&self) -> Result<(), InvalidInput> {
        self.asked.as_ref().map(drop).map_err(Clone::clone)
    }

    /// What to do now: fetch a page, stop, or stop with the looping error.
    fn step<T: Transport>(&self, client: &Client<T>) -> Result<Option<u64>, Error> {
        let url =
            |request: Option<Request>| request.map(|r| r.url(client.config().base_url(r.group))).unwrap_or_default();
        match &self.walker {
            Walker::Keeper { walker, .. } => match walker.step() {
                PageStep::Fetch(page) => Ok(Some(page)),
                PageStep::Done => Ok(None),
                PageStep::Looping => Err(crate::compose::looping_error(url(self.asked.clone().ok()))),
            },
            Walker::Datapi { walker, .. } => match walker.step() {
                WalkStep::Fetch(page) => Ok(Some(page.into())),
                WalkStep::Done => Ok(None),
                WalkStep::Looping(why) => {
                    Err(crate::datapi::walk::looping_error(url((self.request_at)(walker.next_page().into()).ok()), why))
                }
            },
        }
    }

    /// The next page through `client` with `options`: its URL and text, the error that ended the walk (given once),
    /// or `None` after the last page. What [`Client::page_texts`] yields, for a caller that drives the walk itself.
    pub async fn next_page<T: Transport>(
        &mut self,
        client: &Client<T>,
        options: CallOptions,
    ) -> Option<Result<(String, Written), Error>> {
        if self.ended {
            return None;
        }
        let page = match self.step(client) {
            Ok(Some(page)) => page,
            Ok(None) => {
                self.ended = true;
                return None;
            }
            Err(looping) => {
                self.ended = true;
                return Some(Err(looping));
            }
        };
        match self.fetch(client, page, options).await {
            Err(error) => {
                self.ended = true;
                Some(Err(error))
            }
            Ok((url, written, facts)) => {
                if self.record(facts) {
                    return Some(Ok((url, written)));
                }
                // A page repeated or out of order: the looping error, none of its items.
                self.ended = true;
                self.step(client).err().map(Err)
            }
        }
    }

    /// Feeds the walker the facts of the page just fetched: false when its items must not be handed out.
    fn record(&mut self, facts: PageFacts) -> bool {
        match &mut self.walker {
            Walker::Keeper { walker, item_keys } => {
                walker.record(facts.count, facts.total.unwrap_or(0), facts.first_key(item_keys).as_deref())
            }
            Walker::Datapi { walker, facts_page } => {
                let count = facts.count;
                walker.record_counted(count, &facts_page(facts))
            }
        }
    }

    /// Fetches page `page` and transcodes it: its URL, text and facts.
    async fn fetch<T: Transport>(
        &self,
        client: &Client<T>,
        page: u64,
        options: CallOptions,
    ) -> Result<(String, Written, PageFacts), Error> {
        let request = (self.request_at)(page)?;
        let page = JsonText::noting_top();
        let (url, written) = client.transcode_request(&request, self.missing, self.shape, page, options).await?;
        let facts = PageFacts::of(&written, self.items);
        Ok((url, written, facts))
    }
}

impl<T: Transport + Clone + 'static> Client<T> {
    /// Every page of `list`, transcoded into the JSON text for JavaScript: the URL of each page and its text, whose
    /// items are under the key [`ListPages::items`].
    ///
    /// The stream ends after the last page, after an error (yielded once), or — yielding a decode error — when the
    /// server does not page honestly. It owns a clone of the client, so it borrows nothing; dropping it stops the
    /// walk.
    pub fn page_texts(
        &self,
        list: ListPages,
        options: CallOptions,
    ) -> impl Stream<Item = Result<(String, Written), Error>> + 'static {
        futures_util::stream::unfold((self.clone(), list), move |(client, mut list)| async move {
            let page = list.next_page(&client, options).await?;
            Some((page, (client, list)))
        })
    }

    /// Like [`pages_with`](Self::pages_with), but each page is transcoded into the JSON text for JavaScript
    /// ([`Client::transcode_with`]) rather than decoded: the URL of each page and its text, whose items are under
    /// the key [`PagedList::ITEMS`] ([`Client::page_texts`] over [`ListPages::keeper`]).
    pub fn page_texts_with<O: PagedList + 'static>(
        &self,
        operation: O,
        options: CallOptions,
    ) -> impl Stream<Item = Result<(String, Written), Error>> + 'static {
        self.page_texts(ListPages::keeper(operation), options)
    }

    /// Like [`datapi_pages_with`](Self::datapi_pages_with), but each page is transcoded into the JSON text for
    /// JavaScript ([`Client::transcode_with`]) rather than decoded: the URL of each page and its text, whose items
    /// are under the key [`DatapiPaged::ITEMS`] ([`Client::page_texts`] over [`ListPages::datapi`]).
    pub fn datapi_page_texts_with<O: DatapiPaged + 'static>(
        &self,
        operation: O,
        options: CallOptions,
    ) -> impl Stream<Item = Result<(String, Written), Error>> + 'static {
        self.page_texts(ListPages::datapi(operation), options)
    }
}
