//! Lists of views as one type.

use leptos::prelude::{AnyView, IntoAny};

/// Collects an iterator of views as a list of [`AnyView`]s: every list of the explorer is then the one view type
/// `Vec<AnyView>`, whose building, updating and mounting code is in the `.wasm` once, rather than once per kind of
/// item (`collect_view` gives a `Vec` of each item's own type: 5 KB gzip more for the explorer's lists).
pub trait CollectAny {
    /// The views, each erased.
    fn collect_any(self) -> Vec<AnyView>;
}

impl<I: Iterator<Item: IntoAny>> CollectAny for I {
    fn collect_any(self) -> Vec<AnyView> {
        self.map(IntoAny::into_any).collect()
    }
}
