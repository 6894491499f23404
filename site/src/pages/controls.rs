//! The form controls the list pages share: a `<select>` bound to a page's URL state, and the choices it offers.

use dlmm_query::datapi::params::{Direction, Timeframe};
use leptos::prelude::*;

use crate::pool_list::{SortChoice, window_label};
use crate::query::PAGE_SIZES;

/// One option of a [`Select`]: its form value and its text.
pub type Choice = (String, String);

/// A labelled `<select>`: the option whose value `selected` gives is chosen, and picking one runs `on_pick` with its
/// value. With `hidden_label`, the label is given to assistive technology only (`aria-label`).
#[component]
pub fn Select(
    id: &'static str,
    name: &'static str,
    label: &'static str,
    #[prop(optional)] hidden_label: bool,
    choices: Vec<Choice>,
    #[prop(into)] selected: Signal<String>,
    on_pick: Callback<String>,
) -> impl IntoView {
    view! {
        {(!hidden_label).then(|| view! { <label for=id>{label}</label> })}
        <select id=id name=name aria-label=hidden_label.then_some(label)
            on:change=move |ev| on_pick.run(event_target_value(&ev))>
            {choices.into_iter().map(|(value, text)| {
                let chosen = value.clone();
                view! { <option value=value selected=move || selected.get() == chosen>{text}</option> }
            }).collect_view()}
        </select>
    }
}

/// The sorts of `sorts`, by value and label.
pub fn sort_choices(sorts: &[SortChoice]) -> Vec<Choice> {
    sorts.iter().map(|c| (c.as_str().to_owned(), c.label().to_owned())).collect()
}

/// Every window of a datapi metric.
pub fn window_choices() -> Vec<Choice> {
    Timeframe::ALL.iter().map(|w| (w.as_str().to_owned(), window_label(*w).to_owned())).collect()
}

/// Descending, then ascending.
pub fn order_choices() -> Vec<Choice> {
    vec![("desc".to_owned(), "Descending".to_owned()), ("asc".to_owned(), "Ascending".to_owned())]
}

/// The page sizes offered.
pub fn page_size_choices() -> Vec<Choice> {
    PAGE_SIZES.iter().map(|n| (n.to_string(), n.to_string())).collect()
}

/// The form value of a sort direction (`desc` or `asc`).
pub fn order_value(direction: Direction) -> String {
    (if direction == Direction::Asc { "asc" } else { "desc" }).to_owned()
}

/// The direction of a form value: `asc` is ascending, anything else descending.
pub fn order_of(value: &str) -> Direction {
    if value == "asc" { Direction::Asc } else { Direction::Desc }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_round_trip_and_choices_cover_every_value() {
        for d in [Direction::Asc, Direction::Desc] {
            assert_eq!(order_of(&order_value(d)), d);
        }
        assert_eq!(order_of("sideways"), Direction::Desc);
        assert_eq!(window_choices().len(), Timeframe::ALL.len());
        assert!(window_choices().iter().all(|(v, _)| v.parse::<Timeframe>().is_ok()));
        assert_eq!(page_size_choices().iter().map(|(v, _)| v.parse::<u32>().unwrap()).collect::<Vec<_>>(), PAGE_SIZES);
    }
}
