//! The controls the list pages share: one list-controls component ([`ListControls`]: a filter form and a row of
//! checkboxes and selects, given as data and bound to the page's URL state by key), a `<select>`, the choices it
//! offers, a sortable column's header and the previous / next pager.

use dlmm_query::datapi::models::Paginated;
use dlmm_query::datapi::params::{Direction, Timeframe};
use leptos::html;
use leptos::prelude::*;

use crate::pool_list::{SortChoice, page_info, window_label};
use crate::ui::CollectAny;
use crate::url_state::{PAGE_SIZES, UrlState};

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

/// A callback that goes to `state` (a sort header's or a pager's target).
pub fn go_to<S: Clone + Send + Sync + 'static>(go: Callback<S>, state: S) -> Callback<()> {
    Callback::new(move |()| go.run(state.clone()))
}

/// The pager of a list: previous / next around `info`, going to the list's state on the page before or after
/// (`None`: there is no such page, and its button is disabled).
pub fn list_pager<S: Clone + Send + Sync + 'static>(
    info: String,
    prev: Option<S>,
    next: Option<S>,
    go: Callback<S>,
) -> impl IntoView {
    let (has_prev, has_next) = (prev.is_some(), next.is_some());
    let step = move |to: Option<S>| {
        Callback::new(move |()| {
            if let Some(state) = &to {
                go.run(state.clone());
            }
        })
    };
    view! { <Pager label="Pages" info=info has_prev=has_prev has_next=has_next prev=step(prev) next=step(next) /> }
}

/// The pager of a page of a datapi list: "Page n of m · a–b of total", going to `view` on the page before or after.
pub fn datapi_pager<T, S>(page: &Paginated<T>, view: &S, go: Callback<S>) -> impl IntoView + use<T, S>
where
    S: UrlState + Send + Sync + 'static,
{
    let (n, pages) = (page.current_page, page.pages);
    let info = page_info(n, pages, page.page_size, page.data.len(), page.total);
    list_pager(info, (n > 1).then(|| view.on_page(n - 1)), (n < pages).then(|| view.on_page(n + 1)), go)
}

/// A list page's URL state as its controls see it: each key's text, and a change of some keys' texts (back to the
/// first page). By key and text, one [`ListControls`] serves every list.
#[derive(Clone, Copy)]
pub struct ListState {
    texts: Memo<Vec<(&'static str, String)>>,
    change: Callback<Vec<(&'static str, String)>>,
}

impl ListState {
    /// The controls' view of `state`; a change goes to the changed state ([`UrlState::changed`]).
    pub fn new<S>(state: Memo<S>, go: Callback<S>) -> Self
    where
        S: UrlState + PartialEq + Send + Sync + 'static,
    {
        Self {
            texts: Memo::new(move |_| state.with(|s| s.texts())),
            change: Callback::new(move |changes: Vec<(&'static str, String)>| {
                go.run(state.with_untracked(|s| s.changed(&changes)));
            }),
        }
    }

    /// The text of `key` (tracked).
    fn text(self, key: &str) -> String {
        self.texts.with(|texts| texts.iter().find(|(k, _)| *k == key).map(|(_, t)| t.clone()).unwrap_or_default())
    }

    /// Sets `key` to `text`.
    fn set(self, key: &'static str, text: String) {
        self.change.run(vec![(key, text)]);
    }
}

/// What a filter-form input takes.
#[derive(Clone, Copy)]
enum InputKind {
    /// Free text to search for, with a placeholder.
    Search(&'static str),
    /// A number from 0.
    Number,
    /// Words (mints, a token), not spell-checked.
    Text,
}

/// A text input of a list's filter form (in its `<div class="field">`, with its label), read when the form is
/// submitted; its name is its URL key.
pub struct Input {
    id: &'static str,
    key: &'static str,
    label: Signal<String>,
    kind: InputKind,
}

impl Input {
    /// A search box with a placeholder.
    pub fn search(id: &'static str, key: &'static str, label: &'static str, placeholder: &'static str) -> Self {
        Self { id, key, label: Signal::stored(label.to_owned()), kind: InputKind::Search(placeholder) }
    }

    /// A number from 0 (a floor); its label may follow the state (the window it counts over).
    pub fn number(id: &'static str, key: &'static str, label: impl Into<Signal<String>>) -> Self {
        Self { id, key, label: label.into(), kind: InputKind::Number }
    }

    /// Words (mints, a token).
    pub fn text(id: &'static str, key: &'static str, label: &'static str) -> Self {
        Self { id, key, label: Signal::stored(label.to_owned()), kind: InputKind::Text }
    }
}

/// A control of a list's row, applied as soon as it changes.
pub enum RowControl {
    /// A checkbox (`name`), on while `key` holds any text; checking it sets `key` to `on`, unchecking clears it.
    Check { name: &'static str, key: &'static str, on: &'static str, label: &'static str },
    /// A [`Select`] of `key` (its name), among `choices`.
    Select { id: &'static str, key: &'static str, label: &'static str, hidden_label: bool, choices: Vec<Choice> },
}

impl RowControl {
    /// A checkbox of a flag (`1` when on) named as its key.
    pub fn flag(key: &'static str, label: &'static str) -> Self {
        Self::Check { name: key, key, on: "1", label }
    }

    /// A labelled select of `key`.
    pub fn select(id: &'static str, key: &'static str, label: &'static str, choices: Vec<Choice>) -> Self {
        Self::Select { id, key, label, hidden_label: false, choices }
    }

    /// A select of `key` labelled for assistive technology only.
    pub fn hidden_select(id: &'static str, key: &'static str, label: &'static str, choices: Vec<Choice>) -> Self {
        Self::Select { id, key, label, hidden_label: true, choices }
    }
}

/// The controls of a list page: a filter form (`label` names it) of text inputs, read when it is submitted (by
/// `submit`), then a row of checkboxes and selects, each applied at once. Every change goes back to the first page.
#[component]
pub fn ListControls(
    /// The page's state, by key.
    state: ListState,
    /// The form's accessible name.
    label: &'static str,
    /// The form's inputs, in order.
    inputs: Vec<Input>,
    /// The text of the submit button.
    submit: &'static str,
    /// The row after the button, in order.
    row: Vec<RowControl>,
) -> impl IntoView {
    let read: Vec<(&'static str, NodeRef<html::Input>)> = inputs.iter().map(|i| (i.key, NodeRef::new())).collect();
    let fields =
        inputs.into_iter().zip(read.iter().map(|(_, r)| *r)).map(|(input, node)| input_view(state, input, node));
    let fields = fields.collect_any();
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let value = |node: &NodeRef<html::Input>| node.get().map(|e| e.value()).unwrap_or_default();
        state.change.run(read.iter().map(|(key, node)| (*key, value(node))).collect());
    };
    view! {
        <form class="filters" on:submit=on_submit role="search" aria-label=label>
            {fields}
            <button type="submit">{submit}</button>
            <div class="row wrap">{row.into_iter().map(|c| row_view(state, c)).collect_any()}</div>
        </form>
    }
}

/// One input of a filter form, showing its key's text.
fn input_view(state: ListState, input: Input, node: NodeRef<html::Input>) -> impl IntoView + use<> {
    let Input { id, key, label, kind } = input;
    let (class, kind_name, placeholder) = match kind {
        InputKind::Search(placeholder) => ("field grow", "search", Some(placeholder)),
        InputKind::Number => ("field", "number", None),
        InputKind::Text => ("field grow", "text", None),
    };
    let number = matches!(kind, InputKind::Number);
    view! {
        <div class=class>
            <label for=id>{move || label.get()}</label>
            <input id=id name=key type=kind_name node_ref=node placeholder=placeholder min=number.then_some("0")
                step=number.then_some("any") inputmode=number.then_some("decimal") spellcheck="false" autocomplete="off"
                prop:value=move || state.text(key) />
        </div>
    }
}

/// One control of a list's row.
fn row_view(state: ListState, control: RowControl) -> AnyView {
    match control {
        RowControl::Check { name, key, on, label } => view! {
            <label class="check"><input type="checkbox" name=name prop:checked=move || !state.text(key).is_empty()
                on:change=move |ev| state.set(key, (if event_target_checked(&ev) { on } else { "" }).to_owned())
                />{label}</label>
        }
        .into_any(),
        RowControl::Select { id, key, label, hidden_label, choices } => view! {
            <Select id=id name=key label=label hidden_label=hidden_label choices=choices
                selected=Signal::derive(move || state.text(key))
                on_pick=Callback::new(move |text: String| state.set(key, text)) />
        }
        .into_any(),
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
    fn choices_cover_every_value_as_the_url_writes_it() {
        assert_eq!(window_choices().len(), Timeframe::ALL.len());
        assert!(window_choices().iter().all(|(v, _)| v.parse::<Timeframe>().is_ok()));
        assert!(order_choices().iter().all(|(v, _)| v.parse::<Direction>().is_ok_and(|d| d.as_str() == v)));
        assert_eq!(page_size_choices().iter().map(|(v, _)| v.parse::<u32>().unwrap()).collect::<Vec<_>>(), PAGE_SIZES);
        assert!(sort_choices(&SortChoice::ALL).iter().all(|(v, _)| SortChoice::parse(v).is_some()));
    }
}
