//! Page resources: [`LocalResource`]s whose fetcher is boxed, so each output type is one reactive node type (one
//! copy of Leptos's resource machinery per output, not one per page that fetches it).

use std::rc::Rc;

use futures_util::future::{BoxFuture, LocalBoxFuture};
use leptos::prelude::{AnyView, LocalResource, Suspend};

/// A [`LocalResource`] over `fetch`, like `LocalResource::new(fetch)`.
pub fn local<T, Fut>(fetch: impl Fn() -> Fut + 'static) -> LocalResource<T>
where
    T: 'static,
    Fut: Future<Output = T> + 'static,
{
    boxed(Rc::new(move || Box::pin(fetch()) as LocalBoxFuture<'static, T>))
}

/// The resource of a boxed fetcher: generic over the output only.
fn boxed<T: 'static>(fetch: Rc<dyn Fn() -> LocalBoxFuture<'static, T>>) -> LocalResource<T> {
    LocalResource::new(move || fetch())
}

/// A [`Suspend`] over `view`, like `Suspend::new(view)`, its future boxed: one suspense node type for every page.
pub fn suspend(view: impl Future<Output = AnyView> + Send + 'static) -> Suspend<AnyView> {
    Suspend::new(Box::pin(view) as BoxFuture<'static, AnyView>)
}
