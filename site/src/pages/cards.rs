//! A row of figure cards (`<div class="cards">`): label, figure and unit line given as data and drawn by one view,
//! so a page's row is a table of what it shows rather than markup of its own (as [`super::facts`] does for lists).

use leptos::prelude::*;

use super::{pct_value, usd_value};
use crate::format::exact;
use crate::ui::CollectAny;

/// What a [`Card`] shows as its figure.
pub enum Figure {
    /// USD, compact, exact on hover ([`usd_value`]), with its `data-field`.
    Usd(f64, &'static str),
    /// A percent ([`pct_value`]), with its `data-field`.
    Pct(f64, &'static str),
    /// Text; the figure's own `data-field` and hover title when given.
    Text { field: Option<&'static str>, text: String, title: Option<String> },
}

/// One card of a [`cards`] row: `<div class="card">` with its label, its figure in a `<span class=class>` and a
/// unit line.
pub struct Card {
    label: &'static str,
    class: &'static str,
    figure: Figure,
    unit_field: Option<&'static str>,
    unit: String,
}

impl Card {
    /// A USD figure (`field` names it) over `unit`.
    pub fn usd(label: &'static str, value: f64, field: &'static str, unit: impl Into<String>) -> Self {
        Self::new(label, Figure::Usd(value, field), unit)
    }

    /// A percent (`field` names it) over `unit`.
    pub fn pct(label: &'static str, value: f64, field: &'static str, unit: impl Into<String>) -> Self {
        Self::new(label, Figure::Pct(value, field), unit)
    }

    /// Text (named `field` when given) over `unit`.
    pub fn text(
        label: &'static str,
        field: Option<&'static str>,
        text: impl Into<String>,
        unit: impl Into<String>,
    ) -> Self {
        Self::new(label, Figure::Text { field, text: text.into(), title: None }, unit)
    }

    /// Text named `field`, `title` (e.g. the exact value behind it) on hover, over `unit`.
    pub fn titled(
        label: &'static str,
        field: &'static str,
        text: String,
        title: String,
        unit: impl Into<String>,
    ) -> Self {
        Self::new(label, Figure::Text { field: Some(field), text, title: Some(title) }, unit)
    }

    /// `value` shown as `text` (named `field`), its exact value on hover ([`exact`]), over `unit`.
    pub fn exact(label: &'static str, field: &'static str, value: f64, text: String, unit: impl Into<String>) -> Self {
        Self::titled(label, field, text, exact(value), unit)
    }

    fn new(label: &'static str, figure: Figure, unit: impl Into<String>) -> Self {
        Self { label, class: "value", figure, unit_field: None, unit: unit.into() }
    }

    /// The figure's span in `class` instead of `value` (e.g. `value gain`).
    pub fn class(self, class: &'static str) -> Self {
        Self { class, ..self }
    }

    /// The unit line named `field` (`data-field`).
    pub fn unit_field(self, field: &'static str) -> Self {
        Self { unit_field: Some(field), ..self }
    }
}

/// `cards` as a `<div class="cards">`, named `data-testid=testid` when given.
pub fn cards(testid: Option<&'static str>, cards: Vec<Card>) -> AnyView {
    view! { <div class="cards" data-testid=testid>{cards.into_iter().map(card).collect_any()}</div> }.into_any()
}

/// One card. A figure with an exact value behind it (a number's, or a text's title) is focusable, and shows that
/// value below itself while focused (`style.css`), as its title does on hover.
fn card(Card { label, class, figure, unit_field, unit }: Card) -> impl IntoView {
    let (field, title, exact, figure) = match figure {
        Figure::Usd(value, field) => (None, None, true, usd_value(value, field).into_any()),
        Figure::Pct(value, field) => (None, None, true, pct_value(value, field).into_any()),
        Figure::Text { field, text, title } => (field, title.clone(), title.is_some(), text.into_any()),
    };
    view! {
        <div class="card"><span class="label">{label}</span>
            <span class=class data-field=field title=title tabindex=exact.then_some("0")>{figure}</span>
            <span class="unit" data-field=unit_field>{unit}</span></div>
    }
}
