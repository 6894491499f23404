//! Async iterators over every page of the three list operations, walked with the core's [`PageWalker`].

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use dlmm_query::compose::PagedList;
use dlmm_query::error::{BodyKind, DecodeError};
use dlmm_query::ops::{AllByGroups, AllByGroupsMetadata, AllWithPagination, PairListQuery};
use dlmm_query::policy::{PageStep, PageWalker};
use dlmm_query::{CallOptions, Error};
use js_sys::{Object, Promise, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{JsFuture, future_to_promise};
use web_sys::AbortSignal;

use crate::api::{Core, output_to_js, request_url};
use crate::cancel::with_signal;
use crate::js_error::to_js_error;

/// Which list an iterator walks.
#[derive(Clone, Copy, Debug)]
pub enum ListKind {
    /// `allWithPagination`'s pairs.
    Pairs,
    /// `allByGroups`'s groups.
    Groups,
    /// `allByGroupsMetadata`'s aggregates.
    GroupMetadatas,
}

struct Walk {
    client: Rc<Core>,
    kind: ListKind,
    query: PairListQuery,
    walker: PageWalker,
    buffer: VecDeque<JsValue>,
    finished: bool,
    signal: Option<AbortSignal>,
    options: CallOptions,
}

/// An async iterator over the items of every page of a list operation (`for await (const x of client.pairs())`).
/// `next()` fetches a page when its buffer runs out; `return()` stops it.
#[wasm_bindgen(js_name = DlmmPageIterator)]
pub struct PageIterator {
    walk: Rc<RefCell<Walk>>,
    tail: RefCell<Promise>,
}

impl PageIterator {
    pub(crate) fn new(
        client: Rc<Core>,
        kind: ListKind,
        query: PairListQuery,
        signal: Option<AbortSignal>,
        options: CallOptions,
    ) -> Self {
        let walker = PageWalker::new(query.page_number(), query.page_size());
        let walk = Walk { client, kind, query, walker, buffer: VecDeque::new(), finished: false, signal, options };
        Self { walk: Rc::new(RefCell::new(walk)), tail: RefCell::new(Promise::resolve(&JsValue::UNDEFINED)) }
    }
}

#[wasm_bindgen(js_class = DlmmPageIterator)]
impl PageIterator {
    /// The next item: `{ value, done: false }`, or `{ value: undefined, done: true }` after the last page.
    /// Calls made before the previous one settled run in order.
    #[wasm_bindgen(unchecked_return_type = "Promise<IteratorResult<unknown, undefined>>")]
    pub fn next(&self) -> Promise {
        let walk = self.walk.clone();
        let previous = self.tail.borrow().clone();
        let promise = future_to_promise(async move {
            let _ = JsFuture::from(previous).await;
            step(walk).await
        });
        *self.tail.borrow_mut() = promise.clone();
        promise
    }

    /// Stops the iterator: later `next()` calls resolve `{ done: true }`.
    #[wasm_bindgen(js_name = "return", unchecked_return_type = "Promise<IteratorResult<unknown, undefined>>")]
    pub fn stop(&self) -> Promise {
        let mut walk = self.walk.borrow_mut();
        walk.finished = true;
        walk.buffer.clear();
        Promise::resolve(&result(JsValue::UNDEFINED, true))
    }
}

fn result(value: JsValue, done: bool) -> JsValue {
    let o = Object::new();
    let _ = Reflect::set(&o, &"value".into(), &value);
    let _ = Reflect::set(&o, &"done".into(), &done.into());
    o.into()
}

async fn step(walk: Rc<RefCell<Walk>>) -> Result<JsValue, JsValue> {
    loop {
        let (client, kind, query, page, signal, options) = {
            let mut w = walk.borrow_mut();
            if w.finished {
                return Ok(result(JsValue::UNDEFINED, true));
            }
            if let Some(item) = w.buffer.pop_front() {
                return Ok(result(item, false));
            }
            match w.walker.step() {
                PageStep::Done => {
                    w.finished = true;
                    return Ok(result(JsValue::UNDEFINED, true));
                }
                PageStep::Looping => {
                    w.finished = true;
                    return Err(to_js_error(&Error::Decode(DecodeError {
                        url: String::new(),
                        status: 200,
                        body: BodyKind::WrongShape,
                        path: Some("total".to_owned()),
                        message: "the server repeated a page or sent more pages than its `total`: stopped".to_owned(),
                    })));
                }
                PageStep::Fetch(page) => (w.client.clone(), w.kind, w.query.clone(), page, w.signal.clone(), w.options),
            }
        };
        let fetched = with_signal(signal, async move {
            match kind {
                ListKind::Pairs => fetch(&client, AllWithPagination::from_query(query), page, options).await,
                ListKind::Groups => fetch(&client, AllByGroups::from_query(query), page, options).await,
                ListKind::GroupMetadatas => fetch(&client, AllByGroupsMetadata::from_query(query), page, options).await,
            }
        })
        .await;
        let mut w = walk.borrow_mut();
        match fetched {
            Err(e) => {
                w.finished = true;
                return Err(e);
            }
            Ok((items, total, key)) => {
                w.walker.record(items.len(), total, key.as_deref());
                w.buffer.extend(items);
            }
        }
    }
}

async fn fetch<O: PagedList>(
    client: &Core,
    operation: O,
    page: u64,
    options: CallOptions,
) -> Result<(Vec<JsValue>, u64, Option<String>), JsValue>
where
    O::Item: Serialize,
{
    let operation = operation.at_page(page);
    let url = request_url(client, &operation);
    let output = client.send_with(&operation, options).await.map_err(|e| to_js_error(&e))?;
    let (items, total) = O::into_items(output);
    let key = items.first().map(|i| O::item_key(i).to_owned());
    let js = items.iter().map(|item| output_to_js(item, &url)).collect::<Result<Vec<_>, _>>()?;
    Ok((js, total, key))
}
