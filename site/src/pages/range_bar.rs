//! [`range_bar`]: a [`BinRange`] drawn as a band of bins with a mark at the pool's active bin, out of range in the
//! loss colour, and its bins as text.

use leptos::prelude::*;

use crate::bin_range::BinRange;
use crate::format::to_fixed;

/// The bar of `range`, its words as its accessible name, then its lowest and highest bin.
pub fn range_bar(range: BinRange) -> AnyView {
    let l = range.layout();
    view! {
        <span class=format!("range-bar {}", range.id()) role="img" aria-label=range.label() data-range=range.id()>
            <span class="band" style=format!("left:{}%;width:{}%", to_fixed(l.start, 2), to_fixed(l.width, 2))></span>
            {l.marker.map(|m| view! { <span class="mark" style=format!("left:{}%", to_fixed(m, 2))></span> })}
        </span>
        <span class="unit mono" data-field="bins">{format!("{} – {}", range.lower, range.upper)}</span>
    }
    .into_any()
}
