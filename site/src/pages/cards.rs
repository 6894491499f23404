//! A row of figure cards (`<div class="cards">`): label, figure and unit line given as data and drawn by one view,
//! so a page's row is a table of what it shows rather than markup of its own (as [`super::facts`] does for lists).

use leptos::prelude::*;

use super::{pct_value, usd_value};

/// What a [`Card`] shows as its figure.
pub enum Figure {
    /// USD, compact, exact on hover ([`usd_value`]), with its `data-field`.
    Usd(f64, &'static str),
    /// A percent ([`pct_value`]), with its `data-field`.
    Pct(f64, &'static str),
    /// Text; the figure's own `data-field` when given.
    Text(Option<&'static str>, String),
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
        Self::new(label, Figure::Text(field, text.into()), unit)
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
    view! { <div class="cards" data-testid=testid>{cards.into_iter().map(card).collect_view()}</div> }.into_any()
}

fn card(Card { label, class, figure, unit_field, unit }: Card) -> impl IntoView {
    let (field, figure) = match figure {
        Figure::Usd(value, field) => (None, usd_value(value, field).into_any()),
        Figure::Pct(value, field) => (None, pct_value(value, field).into_any()),
        Figure::Text(field, text) => (field, text.into_any()),
    };
    view! {
        <div class="card"><span class="label">{label}</span><span class=class data-field=field>{figure}</span>
            <span class="unit" data-field=unit_field>{unit}</span></div>
    }
}
