//! [`Loaded`]: a page's load, then its view. While the resource loads, a placeholder; once it has, the loaded value's
//! view, or the failure (the [`ErrorPanel`] with a way to try again, or the page's own view of some errors).

use std::sync::Arc;

use dlmm_query::{Error, ErrorKind};
use leptos::prelude::*;

use super::states::{ErrorPanel, Loading, NotAnAddress, NotFoundPanel};
use crate::resource::PageResource;

/// A page's own view of the errors it returns one for.
pub type OwnFailure = Arc<dyn Fn(&Error) -> Option<AnyView> + Send + Sync>;

/// How [`Loaded`] shows a failed load: every error it does not name is the [`ErrorPanel`].
#[derive(Clone, Default)]
pub enum Failure {
    /// Every error is the [`ErrorPanel`].
    #[default]
    Panel,
    /// "Not found" names what was not found ([`NotFoundPanel`]).
    NotFound(&'static str),
    /// An invalid input names what its address is not ([`NotAnAddress`]).
    NotAnAddress(&'static str),
    /// The page's own view of some errors.
    Own(OwnFailure),
}

impl Failure {
    /// The page's own view of some errors (see [`Failure::Own`]).
    pub fn own(view: impl Fn(&Error) -> Option<AnyView> + Send + Sync + 'static) -> Self {
        Self::Own(Arc::new(view))
    }

    /// The view of `error`: the one this failure names, else the [`ErrorPanel`] that runs `retry`.
    fn view(&self, error: &Error, retry: Callback<()>) -> AnyView {
        let named = match self {
            Self::Panel => None,
            Self::NotFound(what) => (error.kind() == ErrorKind::NotFound)
                .then(|| view! { <NotFoundPanel error=error.clone() what=*what /> }.into_any()),
            Self::NotAnAddress(what) => (error.kind() == ErrorKind::InvalidInput)
                .then(|| view! { <NotAnAddress error=error.clone() what=*what /> }.into_any()),
            Self::Own(view) => view(error),
        };
        named.unwrap_or_else(|| view! { <ErrorPanel error=error.clone() retry=retry /> }.into_any())
    }
}

/// Wraps the placeholder and the failure of a [`Loaded`] (in a chart's figure, say), given their state: `loading`
/// or `error`.
pub type Frame = fn(&'static str, AnyView) -> AnyView;

fn framed(frame: Option<Frame>, state: &'static str, view: AnyView) -> AnyView {
    match frame {
        Some(frame) => frame(state, view),
        None => view,
    }
}

/// Waits for `resource`: "Loading {loading}…" until it has loaded (the view on screen stays while it loads again),
/// then the view its children give of the loaded value (`let:value`), or its failure.
#[component]
pub fn Loaded<T, F, V>(
    /// The resource the page waits for.
    resource: PageResource<Result<T, Error>>,
    /// What is loading, for the placeholder.
    loading: &'static str,
    /// How a failed load is shown (by default, the [`ErrorPanel`]).
    #[prop(optional)]
    failure: Failure,
    /// Wraps the placeholder and the failure.
    #[prop(optional)]
    frame: Option<Frame>,
    /// The view of the loaded value.
    children: F,
) -> impl IntoView
where
    T: 'static,
    F: Fn(&T) -> V + Clone + Send + 'static,
    V: IntoAny + 'static,
{
    let retry = Callback::new(move |()| resource.refetch());
    let body = move || {
        let (children, failure) = (children.clone(), failure.clone());
        crate::resource::suspend(async move {
            match &*resource.await {
                Ok(value) => children(value).into_any(),
                Err(error) => framed(frame, "error", failure.view(error, retry)),
            }
        })
    };
    transition(loading, frame, Box::new(body))
}

/// The one transition of every [`Loaded`]: its placeholder, then what `body` resolves to.
fn transition(loading: &'static str, frame: Option<Frame>, body: Box<dyn Fn() -> Suspend<AnyView> + Send>) -> AnyView {
    view! {
        <Transition fallback=move || framed(frame, "loading", view! { <Loading what=loading /> }.into_any())>
            {move || body()}
        </Transition>
    }
    .into_any()
}
