//! The explorer's client: the core's [`Client`] over the browser's `fetch`, whose calls return boxed futures.
//!
//! A page's loader awaits several calls in turn. Awaiting the core's futures, each loader would hold every call's
//! whole future in its own and carry its own copy of their polling and dropping code; boxed, a loader holds a pointer
//! per call and each operation's future is polled by one function, wherever it is awaited (about 8 KB gzip off the
//! explorer's `.wasm`). The pages send builders ([`SiteClient::send`]) rather than calling the core's per-operation
//! methods, so every call goes through here; a page that shows the answer to one call makes its resource with
//! [`load`].

use dlmm_query::datapi::series::SeriesOperation;
use dlmm_query::ops::Operation;
use dlmm_query::web::WebTransport;
use dlmm_query::{CallOptions, Client, Error, Missing, Request};
use futures_util::future::LocalBoxFuture;
use leptos::prelude::expect_context;

use crate::resource::PageResource;

/// The client every page reads from context.
#[derive(Clone)]
pub struct SiteClient(Client<WebTransport>);

impl SiteClient {
    /// The explorer's client over `client`.
    pub fn new(client: Client<WebTransport>) -> Self {
        Self(client)
    }

    /// Sends `operation` and decodes its answer ([`Client::send`]).
    pub fn send<O: Operation + 'static>(&self, operation: &O) -> LocalBoxFuture<'_, Result<O::Output, Error>> {
        Box::pin(self.0.send(operation))
    }

    /// The URL `operation` is read from (a download's provenance); empty for an operation that is refused.
    pub fn url_of<O: Operation>(&self, operation: &O) -> String {
        operation.request().map(|r| r.url(self.0.config().base_url(O::GROUP))).unwrap_or_default()
    }

    /// The body of `request`'s successful answer, as sent, for a caller that reads it itself (a host's OpenAPI
    /// document); a 404 is `notServed` ([`Client::exchange`]).
    pub fn fetch_body(&self, request: Request) -> LocalBoxFuture<'_, Result<Vec<u8>, Error>> {
        Box::pin(async move {
            let (_, response) = self.0.exchange(&request, Missing::Route, CallOptions::default()).await?;
            Ok(response.body)
        })
    }

    /// A datapi series, fetched in chunks and merged ([`Client::datapi_series`]).
    pub fn datapi_series<O: SeriesOperation + 'static>(
        &self,
        operation: O,
        options: CallOptions,
    ) -> LocalBoxFuture<'_, Result<O::Output, Error>> {
        Box::pin(self.0.datapi_series(operation, options))
    }
}

/// A page's resource of the answer to `operation()`, sent by the client in context; sent again whenever what
/// `operation` reads changes.
pub fn load<O>(operation: impl Fn() -> O + 'static) -> PageResource<Result<O::Output, Error>>
where
    O: Operation + 'static,
{
    let client = expect_context::<SiteClient>();
    crate::resource::local(move || {
        let (client, operation) = (client.clone(), operation());
        async move { client.send(&operation).await }
    })
}
