//! Page resources and suspense views, built so that Leptos's async machinery is instantiated once for the whole
//! explorer rather than once per page: a resource's fetcher is boxed and its value type-erased ([`PageResource`] awaits
//! it as one future type and reads it back as the page's type), and a suspense view's future is boxed.
//!
//! A page reads its loaded value shared (`Rc<T>`), not cloned: a page renders from borrowed data and copies only the
//! few strings its views keep, so no model is deep-copied per render and no model needs a clone's code in the
//! `.wasm` for that.

use std::any::Any;
use std::marker::PhantomData;
use std::rc::Rc;

use futures_util::FutureExt;
use futures_util::future::{BoxFuture, LocalBoxFuture, Map};
use leptos::prelude::{AnyView, Get, LocalResource, Suspend};

/// A value of any type, as one resource type holds it.
#[derive(Clone)]
pub struct Erased(Rc<dyn Any>);

impl Erased {
    /// The value as a `T`, shared (only [`local`] makes a `PageResource<T>`, always from a fetcher of `T`).
    fn value<T: 'static>(self) -> Option<Rc<T>> {
        self.0.downcast::<T>().ok()
    }

    /// The value of a `PageResource<T>`'s fetcher, as a `T`, shared.
    fn expect_value<T: 'static>(self) -> Rc<T> {
        self.value().expect("a page resource holds its own type")
    }
}

/// A page's resource of `T` (like `LocalResource<T>`: `.await` it inside a suspense view, `get()`, `refetch()`), whose
/// value is read shared, as an `Rc<T>`.
pub struct PageResource<T> {
    inner: LocalResource<Erased>,
    value: PhantomData<fn() -> T>,
}

impl<T> Clone for PageResource<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for PageResource<T> {}

impl<T: 'static> PageResource<T> {
    /// Runs the fetcher again.
    pub fn refetch(&self) {
        self.inner.refetch();
    }

    /// The value once loaded, shared (tracked, like `LocalResource::get`).
    pub fn get(&self) -> Option<Rc<T>> {
        self.inner.get().and_then(|value| value.value())
    }
}

impl<T: 'static> IntoFuture for PageResource<T> {
    type Output = Rc<T>;
    type IntoFuture = Map<BoxFuture<'static, Erased>, fn(Erased) -> Rc<T>>;

    fn into_future(self) -> Self::IntoFuture {
        loaded(self.inner).map(Erased::expect_value)
    }
}

/// The loaded value of a resource: one future type for every page's resource, only the downcast is per type.
fn loaded(inner: LocalResource<Erased>) -> BoxFuture<'static, Erased> {
    Box::pin(async move { inner.await })
}

/// A [`PageResource`] over `fetch`, like `LocalResource::new(fetch)`.
pub fn local<T, Fut>(fetch: impl Fn() -> Fut + 'static) -> PageResource<T>
where
    T: 'static,
    Fut: Future<Output = T> + 'static,
{
    let fetch = move || -> LocalBoxFuture<'static, Erased> {
        let value = fetch();
        Box::pin(async move { Erased(Rc::new(value.await)) })
    };
    PageResource { inner: erased(Rc::new(fetch)), value: PhantomData }
}

/// The one resource type of the explorer: a boxed fetcher of erased values.
fn erased(fetch: Rc<dyn Fn() -> LocalBoxFuture<'static, Erased>>) -> LocalResource<Erased> {
    LocalResource::new(move || fetch())
}

/// A [`Suspend`] over `view`, like `Suspend::new(view)`, its future boxed: one suspense node type for every page.
pub fn suspend(view: impl Future<Output = AnyView> + Send + 'static) -> Suspend<AnyView> {
    Suspend::new(Box::pin(view) as BoxFuture<'static, AnyView>)
}
