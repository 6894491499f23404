//! Async iterators over every item of every page of a list: thin adapters over the core's one walk of pages
//! transcoded for JavaScript ([`ListPages::next_page`], what [`Client::page_texts`](dlmm_query::Client::page_texts)
//! streams, driven here directly), for the keeper's lists and the datapi's alike, one class for both,
//! `DlmmPageIterator`.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use dlmm_query::compose::PagedList;
use dlmm_query::datapi::walk::DatapiPaged;
use dlmm_query::json_text::Written;
use dlmm_query::text_walk::ListPages;
use dlmm_query::web::WebTransport;
use dlmm_query::{CallOptions, Client, Error};
use futures_util::future::LocalBoxFuture;
use js_sys::{Array, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::AbortSignal;

use crate::cancel::with_signal;
use crate::client::Core;
use crate::js_error::{input_error, to_js_error};
use crate::options::Call;
use crate::to_js::written_to_js;

/// A list's walk, driven page by page: the client it fetches through (a clone sharing its limits), the call
/// options, and the list.
struct Pages {
    client: Client<WebTransport>,
    options: CallOptions,
    list: ListPages,
}

impl Pages {
    /// The next page's array of items, the walk's error, or `undefined` after the last page.
    async fn next(&mut self) -> Result<JsValue, JsValue> {
        match self.list.next_page(&self.client, self.options).await {
            Some(page) => page_items(page, self.list.items).map(JsValue::from),
            None => Ok(JsValue::UNDEFINED),
        }
    }
}

struct Walk {
    /// The walk; `None` once it ended (or while a page is being fetched).
    pages: Option<Pages>,
    /// The items of the last page fetched, and how many of them were answered.
    buffer: (Array, u32),
    finished: bool,
    signal: Option<AbortSignal>,
    /// The keys `value` and `done` of the iterator results, made once (not two strings copied out per item).
    keys: [JsValue; 2],
}

/// An async iterator over the items of every page of a list (`for await (const x of client.pairs())`).
/// `next()` fetches a page when its buffer runs out; `return()` stops it.
#[wasm_bindgen(js_name = DlmmPageIterator)]
pub struct PageIterator {
    walk: Rc<RefCell<Walk>>,
    /// The promise of the last `next()` that had to wait (the next one that must wait runs after it).
    tail: RefCell<Promise>,
    /// How many `next()` calls are still running (fetching a page, or queued behind one).
    running: Rc<Cell<usize>>,
}

/// How an exported iterator method makes its iterator from its client, positional arguments and options.
pub type MakeIterator = fn(Rc<Core>, &[JsValue], &JsValue) -> Result<PageIterator, JsValue>;

/// The iterator of an exported method, made by `make` from the method's arguments and options (see
/// [`crate::methods`]): one call for every iterator method, so each method's own code is its input's reading.
#[inline(never)]
pub fn start(
    client: &Rc<Core>,
    args: &[JsValue],
    options: JsValue,
    make: MakeIterator,
) -> Result<PageIterator, JsValue> {
    make(client.clone(), args, &options)
}

/// An iterator over the keeper list `operation` (validated now: invalid input throws before any request).
pub fn keeper_pages<O: PagedList + 'static>(
    client: Rc<Core>,
    options: &JsValue,
    operation: O,
) -> Result<PageIterator, JsValue> {
    iterate(&client, options, ListPages::keeper(operation))
}

/// An iterator over the datapi list `operation` (validated now: invalid input throws before any request).
pub fn datapi_pages<O: DatapiPaged + 'static>(
    client: Rc<Core>,
    options: &JsValue,
    operation: O,
) -> Result<PageIterator, JsValue> {
    iterate(&client, options, ListPages::datapi(operation))
}

/// An iterator over `list`, one for every list of both generations.
fn iterate(client: &Core, options: &JsValue, list: ListPages) -> Result<PageIterator, JsValue> {
    list.check().map_err(input_error)?;
    let Call { signal, options } = Call::read(options)?;
    Ok(PageIterator::new(Pages { client: Client::clone(client), options, list }, signal))
}

/// The items (under the key `items`) of a page transcoded for JavaScript: the page in one `JSON.parse`, then its
/// array of items.
fn page_items(page: Result<(String, Written), Error>, items: &str) -> Result<Array, JsValue> {
    let (url, written) = page.map_err(|e| to_js_error(&e))?;
    let page = written_to_js(written, &url).map_err(|e| to_js_error(&e))?;
    Ok(Array::from(&Reflect::get(&page, &JsValue::from_str(items))?))
}

impl PageIterator {
    fn new(pages: Pages, signal: Option<AbortSignal>) -> Self {
        let keys = [JsValue::from_str("value"), JsValue::from_str("done")];
        let walk = Walk { pages: Some(pages), buffer: (Array::new(), 0), finished: false, signal, keys };
        Self {
            walk: Rc::new(RefCell::new(walk)),
            tail: RefCell::new(Promise::resolve(&JsValue::UNDEFINED)),
            running: Rc::new(Cell::new(0)),
        }
    }
}

#[wasm_bindgen(js_class = DlmmPageIterator)]
impl PageIterator {
    /// The next item: `{ value, done: false }`, or `{ value: undefined, done: true }` after the last page.
    /// Calls made before the previous one settled run in order. While no call is running, an item already buffered
    /// (or the end) is answered at once, without a task: a page's items cost one promise each, not a round trip.
    #[wasm_bindgen(unchecked_return_type = "Promise<IteratorResult<unknown, undefined>>")]
    pub fn next(&self) -> Promise {
        if self.running.get() == 0
            && let Some(answer) = buffered(&mut self.walk.borrow_mut())
        {
            return Promise::resolve(&answer);
        }
        let (walk, running) = (self.walk.clone(), self.running.clone());
        let previous = self.tail.borrow().clone();
        running.set(running.get() + 1);
        let promise = crate::promise::from_future(Box::pin(async move {
            let _ = JsFuture::from(previous).await;
            let answer = step(walk).await;
            running.set(running.get() - 1);
            answer
        }));
        *self.tail.borrow_mut() = promise.clone();
        promise
    }

    /// Stops the iterator: later `next()` calls resolve `{ done: true }`.
    #[wasm_bindgen(js_name = "return", unchecked_return_type = "Promise<IteratorResult<unknown, undefined>>")]
    pub fn stop(&self) -> Promise {
        let mut walk = self.walk.borrow_mut();
        walk.finished = true;
        walk.buffer = (Array::new(), 0);
        walk.pages = None;
        Promise::resolve(&result(&walk, JsValue::UNDEFINED, true))
    }
}

/// An iterator result `{ value, done }`.
fn result(walk: &Walk, value: JsValue, done: bool) -> JsValue {
    let o = Object::new();
    let _ = Reflect::set(&o, &walk.keys[0], &value);
    let _ = Reflect::set(&o, &walk.keys[1], &done.into());
    o.into()
}

/// The answer a walk has without fetching: the end once it finished, else its next buffered item.
fn buffered(w: &mut Walk) -> Option<JsValue> {
    if w.finished {
        return Some(result(w, JsValue::UNDEFINED, true));
    }
    let (items, answered) = &mut w.buffer;
    if *answered >= items.length() {
        return None;
    }
    *answered += 1;
    let item = items.get(*answered - 1);
    Some(result(w, item, false))
}

async fn step(walk: Rc<RefCell<Walk>>) -> Result<JsValue, JsValue> {
    loop {
        let (mut pages, signal) = {
            let mut w = walk.borrow_mut();
            if let Some(answer) = buffered(&mut w) {
                return Ok(answer);
            }
            match w.pages.take() {
                Some(pages) => (pages, w.signal.clone()),
                None => {
                    w.finished = true;
                    return Ok(result(&w, JsValue::UNDEFINED, true));
                }
            }
        };
        // The walk is out of the cell while its page is fetched, so `return()` can run meanwhile; a fired signal
        // drops the fetch (and the walk with it). The fetch is boxed as a call's work is ([`crate::call`]), so both
        // race the signal through one `with_signal`: it answers the page's array of items, or `undefined` after the
        // last page.
        let fetch: LocalBoxFuture<'_, Result<JsValue, JsValue>> = Box::pin(pages.next());
        let page = with_signal(signal, fetch).await;
        let mut w = walk.borrow_mut();
        match page {
            Ok(items) if !w.finished && !items.is_undefined() => {
                // Fetched only once the last page's items were all answered.
                w.buffer = (items.unchecked_into(), 0);
                w.pages = Some(pages);
            }
            Err(error) => {
                w.finished = true;
                return Err(error);
            }
            _ => {
                w.finished = true;
                return Ok(result(&w, JsValue::UNDEFINED, true));
            }
        }
    }
}
