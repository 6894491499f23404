//! The controls the list pages share: a `<select>` bound to a page's URL state, the choices it offers, a sortable
//! column's header and the previous / next pager.

use dlmm_query::datapi::params::{Direction, Timeframe};
use leptos::prelude::*;

use super::CollectAny;
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
            }).collect_any()}
        </select>
    }
}

/// The `aria-sort` value and the arrow of a column sorted in `direction` (`None`: not the sorted column).
pub fn sort_marks(direction: Option<Direction>) -> (&'static str, &'static str) {
    match direction {
        None => ("none", ""),
        Some(Direction::Asc) => ("ascending", " ▲"),
        Some(Direction::Desc) => ("descending", " ▼"),
    }
}

/// A sortable column's header: its label with the arrow and `aria-sort` of `direction` (when the list is sorted by
/// it), and a button (`data-sort` = `key`) that runs `on_sort`.
#[component]
pub fn SortHeader(
    key: &'static str,
    #[prop(into)] label: String,
    direction: Option<Direction>,
    on_sort: Callback<()>,
) -> impl IntoView {
    let (aria, arrow) = sort_marks(direction);
    view! {
        <th scope="col" class="r" aria-sort=aria>
            <button type="button" class="sort" data-sort=key on:click=move |_| on_sort.run(())>{label}{arrow}</button>
        </th>
    }
}

/// Previous and next buttons around the text of the page shown (`info`, `data-testid="page-info"`, and
/// `data-field=field` when given); `label` names the pager for assistive technology.
#[component]
pub fn Pager(
    #[prop(into)] label: String,
    info: String,
    #[prop(optional)] field: Option<&'static str>,
    has_prev: bool,
    has_next: bool,
    prev: Callback<()>,
    next: Callback<()>,
) -> impl IntoView {
    view! {
        <nav class="pager" aria-label=label>
            <button type="button" disabled=!has_prev on:click=move |_| prev.run(())>"← Previous"</button>
            <span data-testid="page-info" data-field=field>{info}</span>
            <button type="button" disabled=!has_next on:click=move |_| next.run(())>"Next →"</button>
        </nav>
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
    fn sorted_columns_are_marked_for_eyes_and_assistive_technology() {
        assert_eq!(sort_marks(None), ("none", ""));
        assert_eq!(sort_marks(Some(Direction::Asc)), ("ascending", " ▲"));
        assert_eq!(sort_marks(Some(Direction::Desc)), ("descending", " ▼"));
    }

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
