//! Calls made of several requests: walking every page of a list operation, and a position's profit and loss.

use std::borrow::Borrow;
use std::future::Future;

use futures_util::Stream;
use futures_util::future::try_join4;

use crate::client::{CallOptions, Client};
use crate::decode;
use crate::error::{Error, InvalidInput};
use crate::models::{PairGroup, PairGroupMetadata, PairInfo};
use crate::ops::{
    AllByGroups, AllByGroupsMetadata, AllWithPagination, GetClaimFees, GetClaimRewards, GetDeposits, GetWithdraws,
    Operation, PairListQuery,
};
use crate::pnl::{self, PositionPnl};
use crate::policy::{PageStep, PageWalker};
use crate::request::{Missing, Request};
use crate::shape::{HasShape, Shape};
use crate::transport::Transport;

/// A list operation whose answers come in pages with a `total`: the three pair-list operations.
pub trait PagedList: Operation + Clone {
    /// One listed item (a pair, a group, or a group's metadata).
    type Item;

    /// The list query the operation carries.
    fn list_query(&self) -> &PairListQuery;

    /// The same operation asking for `page`.
    fn at_page(self, page: u64) -> Self;

    /// Splits an answer into its items and the server's `total`.
    fn into_items(output: Self::Output) -> (Vec<Self::Item>, u64);

    /// A key identifying an item, used to notice a server that repeats a page. It must be unique in the list: a
    /// group's name is not (it is made of token symbols, which any token may take), so a group is known by its first
    /// pair's address.
    fn item_key(item: &Self::Item) -> &str;

    /// The output's key holding the items, as written for JavaScript (`pairs`).
    const ITEMS: &'static str;

    /// Where [`item_key`](Self::item_key) reads its key, in the item as written for JavaScript: JSON pointers, the
    /// first that holds a string wins (`["/address"]`).
    const ITEM_KEYS: &'static [&'static str];
}

/// Implements [`PagedList`] for a list operation: its item type, the wrapper field holding the items, and how an
/// item's key is read (from the model, and from the text for JavaScript).
macro_rules! paged_list {
    ($operation:ty, $item:ty, $items:ident, |$it:ident| $key:expr, $key_js:expr) => {
        impl PagedList for $operation {
            type Item = $item;
            const ITEMS: &'static str = stringify!($items);
            const ITEM_KEYS: &'static [&'static str] = &$key_js;
            fn list_query(&self) -> &PairListQuery {
                self.query()
            }
            fn at_page(self, page: u64) -> Self {
                self.page(page)
            }
            fn into_items(output: Self::Output) -> (Vec<$item>, u64) {
                (output.$items, output.total)
            }
            fn item_key($it: &$item) -> &str {
                $key
            }
        }
    };
}

paged_list!(AllWithPagination, PairInfo, pairs, |pair| &pair.address, ["/address"]);
paged_list!(
    AllByGroups,
    PairGroup,
    groups,
    |group| group.pairs.first().map_or(&group.name, |pair| &pair.address),
    ["/pairs/0/address", "/name"]
);
paged_list!(
    AllByGroupsMetadata,
    PairGroupMetadata,
    metadatas,
    |metadata| &metadata.lexical_order_mints,
    ["/lexicalOrderMints"]
);

impl<T: Transport> Client<T> {
    /// Every page of a list operation, from the page it asks for to the server's `total`, one request per page.
    ///
    /// The stream ends after the last page, after an error (yielded once), or — yielding a decode error — when the
    /// server repeats a page or keeps sending full pages past `total`. Dropping the stream stops the walk.
    pub fn pages<'a, O: PagedList + 'a>(
        &'a self,
        operation: O,
    ) -> impl Stream<Item = Result<Vec<O::Item>, Error>> + 'a {
        walk_pages(self, operation, CallOptions::default())
    }

    /// Like [`pages`](Self::pages), with per-call options applied to every page; the stream owns a clone of the
    /// client (cheap: clones share the transport and the rate limits), so it borrows nothing and can outlive `self`.
    pub fn pages_with<O: PagedList + 'static>(
        &self,
        operation: O,
        options: CallOptions,
    ) -> impl Stream<Item = Result<Vec<O::Item>, Error>> + 'static
    where
        T: Clone + 'static,
    {
        walk_pages(self.clone(), operation, options)
    }

    /// The profit and loss of a position: fetches its deposits, withdrawals, fee claims and reward claims (together)
    /// and sums them. `current_value_usd` is what the position still holds, if known.
    pub async fn position_pnl(
        &self,
        position_address: &str,
        current_value_usd: Option<f64>,
    ) -> Result<PositionPnl, Error> {
        fetch_pnl(self, position_address, current_value_usd, CallOptions::default()).await
    }

    /// Like [`position_pnl`](Self::position_pnl), with per-call options applied to each of its four requests; the
    /// future owns a clone of the client and of the address, so it borrows nothing.
    pub fn position_pnl_with(
        &self,
        position_address: &str,
        current_value_usd: Option<f64>,
        options: CallOptions,
    ) -> impl Future<Output = Result<PositionPnl, Error>> + 'static
    where
        T: Clone + 'static,
    {
        let client = self.clone();
        let position_address = position_address.to_owned();
        async move { fetch_pnl(&client, &position_address, current_value_usd, options).await }
    }
}

/// The walk behind [`Client::pages`] and [`Client::pages_with`], over a borrowed or an owned client.
fn walk_pages<T: Transport, C: Borrow<Client<T>>, O: PagedList>(
    client: C,
    operation: O,
    options: CallOptions,
) -> impl Stream<Item = Result<Vec<O::Item>, Error>> {
    let walker = PageWalker::new(operation.list_query().page_number(), operation.list_query().page_size());
    futures_util::stream::unfold(Some((client, walker, operation)), move |state| async move {
        let (client, mut walker, operation) = state?;
        match walker.step() {
            PageStep::Done => None,
            PageStep::Looping => Some((Err(looping(&operation, client.borrow())), None)),
            PageStep::Fetch(page) => match client.borrow().send_with(&operation.clone().at_page(page), options).await {
                Err(error) => Some((Err(error), None)),
                Ok(output) => {
                    let (items, total) = O::into_items(output);
                    if walker.record(items.len(), total, items.first().map(O::item_key)) {
                        Some((Ok(items), Some((client, walker, operation))))
                    } else {
                        Some((Err(looping(&operation, client.borrow())), None))
                    }
                }
            },
        }
    })
}

/// The four requests of a position's P&L, sent together with `options`, and their sum: each list is checked by its
/// shape and read for its events ([`pnl::events_of`]), so no event is built as a model.
async fn fetch_pnl<T: Transport>(
    client: &Client<T>,
    position_address: &str,
    current_value_usd: Option<f64>,
    options: CallOptions,
) -> Result<PositionPnl, Error> {
    let (deposits, withdrawals, fees, rewards) = try_join4(
        fetch_events(client, EventList::of(&GetDeposits::new(position_address), pnl::FLOW_USD), options),
        fetch_events(client, EventList::of(&GetWithdraws::new(position_address), pnl::FLOW_USD), options),
        fetch_events(client, EventList::of(&GetClaimFees::new(position_address), pnl::FLOW_USD), options),
        fetch_events(client, EventList::of(&GetClaimRewards::new(position_address), pnl::REWARD_USD), options),
    )
    .await?;
    Ok(pnl::pnl_of_events(&deposits, &withdrawals, &fees, &rewards, current_value_usd))
}

/// One of a position's event lists as data: its request, how its route answers an unknown position, its items'
/// shape and their USD fields.
struct EventList {
    request: Result<Request, InvalidInput>,
    missing: Missing,
    shape: &'static Shape,
    usd: &'static [&'static str],
}

impl EventList {
    fn of<O: Operation>(operation: &O, usd: &'static [&'static str]) -> Self {
        let shape = &<O::Output as HasShape>::SHAPE;
        Self { request: operation.request(), missing: O::MISSING, shape, usd }
    }
}

/// Sends one of a position's event lists and reads its events (errors as decoding its models gives them).
async fn fetch_events<T: Transport>(
    client: &Client<T>,
    list: EventList,
    options: CallOptions,
) -> Result<Vec<pnl::Event>, Error> {
    let (url, response) = client.exchange(&list.request?, list.missing, options).await?;
    pnl::events_of(&response.body, list.shape, list.usd)
        .map_err(|e| Error::Decode(decode::explain(&e, &response.body, &url, response.status)))
}

/// The error ending a walk over a server that does not page.
fn looping<O: PagedList, T: Transport>(operation: &O, client: &Client<T>) -> Error {
    looping_error(operation.request().map(|r| r.url(client.config().base_url(r.group))).unwrap_or_default())
}

/// The error that ends a keeper walk over `url` whose server does not page honestly.
pub(crate) fn looping_error(url: String) -> Error {
    Error::wrong_shape(
        url,
        Some("total".to_owned()),
        "the server repeated a page, sent more pages than its `total`, or went on past the most pages one walk \
         fetches: stopped instead of looping",
    )
}
